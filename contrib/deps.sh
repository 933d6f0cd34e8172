# deps.sh — installs walbench's build and test dependencies when missing (sourced).
# Debian/Ubuntu via apt-get; elsewhere it names what to install and stops.
# Usage: wb_install_deps PACKAGE...

wb_install_deps() {
	local missing=() p sudo=""
	if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
		echo "walbench: not a Debian/Ubuntu system; install these (or your distribution's" \
			"equivalents) yourself, then run this again: $*" >&2
		for p in cmake gcc pkg-config; do
			command -v "$p" >/dev/null 2>&1 || return 2
		done
		return 0
	fi
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} = 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || {
			echo "walbench: missing packages and no sudo: apt-get install ${missing[*]}" >&2
			return 2
		}
		sudo="sudo"
	fi
	echo "walbench: installing ${missing[*]}" >&2
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
		$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

WB_BUILD_DEPS=(build-essential cmake pkg-config liburing-dev libaio-dev libcjson-dev libpq-dev)
WB_TEST_DEPS=(libcmocka-dev libfuse3-dev fuse3 libseccomp-dev python3 python3-yaml util-linux
	e2fsprogs xfsprogs btrfs-progs fdisk groff-base dpkg-dev ansible-core ansible-lint valgrind)
# Tests cope without these: pg_test_fsync (else compat is checked against the stored
# template only), strace (else the append trace test skips), chromium (else the
# report's screenshot test skips); fio is for the benchmarks.
# kubernetes-client (kubectl 1.20 on Debian 12) renders contrib/kubernetes for
# t_kubernetes, only where no kubectl is on PATH: one from the `kubectl` package
# owns /usr/bin/kubectl too, and the file conflict would fail the whole install.
WB_TEST_OPTIONAL=(postgresql strace fio chromium)
command -v kubectl >/dev/null 2>&1 || WB_TEST_OPTIONAL+=(kubernetes-client)
# contrib/fuzz.sh (and so CI) needs these; without them it skips. libclang-rt-dev holds
# libFuzzer's runtime, which the clang package only recommends.
WB_FUZZ_DEPS=(clang libclang-rt-dev)
