#!/usr/bin/env bash
# fuzz.sh — builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan, no recovery)
# and runs each in turn for SECS seconds from its seed corpus; any crash, leak or UB report
# fails. Without clang or libFuzzer it says so and exits 0: the fuzzers are extra, not the suite.
# Trap: libFuzzer writes what it finds into the first corpus directory, so that one is the build
# directory's (kept between local runs, so fuzzing goes on where it stopped), never tests/fuzz.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${WB_BUILD_DIR:-$src/build-fuzz}
TARGETS=(profile tiers results)

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [SECS [TARGET...]]

Builds tests/fuzz in $build (CC=clang, -DWB_FUZZ=ON) and runs each TARGET
(default: ${TARGETS[*]}) for SECS seconds (default 60), one after the other, from
tests/fuzz/corpus/TARGET with tests/fuzz/json.dict. Prints per target the runs, the
coverage and the corpus size; a crash prints libFuzzer's report and the input's path.

Environment:
  WB_BUILD_DIR  build directory (default build-fuzz in the source tree)
  CC            clang to build with (default clang)

Exit status: 0 no crash (or skipped: no clang/libFuzzer), 1 a target crashed, 2 usage or build error.
EOF
}

case ${1:-} in
-h | --help) usage; exit 0 ;;
-*) echo "${0##*/}: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac
secs=${1:-60}
[[ $secs =~ ^[1-9][0-9]*$ ]] || { echo "${0##*/}: SECS must be a whole number >= 1, not '$secs'" >&2; exit 2; }
shift || true
(($# == 0)) || TARGETS=("$@")
for t in "${TARGETS[@]}"; do
	[[ -d $src/tests/fuzz/corpus/$t ]] || { echo "${0##*/}: no target '$t'" >&2; exit 2; }
done

skip() {
	echo "fuzz: skipped: $*" >&2
	exit 0
}

# clang and its libFuzzer runtime (libclang-rt-*-dev on Debian) are optional dependencies: an
# install that fails leaves them missing, and the probe below turns that into a skip.
. "$src/contrib/deps.sh"
wb_install_deps "${WB_FUZZ_DEPS[@]}" >/dev/null 2>&1 || true
cc=${CC:-clang}
command -v "$cc" >/dev/null 2>&1 || skip "$cc not found (install clang)"
probe=$(mktemp -d)
trap 'rm -rf -- "$probe"' EXIT
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' >"$probe/p.c"
"$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >"$probe/log" 2>&1 ||
	skip "$cc cannot link -fsanitize=fuzzer (install libclang-rt-dev): $(head -n 1 "$probe/log")"

CC=$cc cmake -S "$src" -B "$build" -DWB_FUZZ=ON -DWB_BUILD_TESTS=OFF -DWB_WERROR=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${TARGETS[@]/#/fuzz_}" >/dev/null ||
	{ echo "${0##*/}: build failed in $build" >&2; exit 2; }

passed=0 failed=0
for t in "${TARGETS[@]}"; do
	corpus=$build/fuzz-corpus/$t
	artifacts=$build/fuzz-artifacts
	log=$build/fuzz-$t.log
	mkdir -p "$corpus" "$artifacts"
	rc=0
	# -timeout: an input that takes 10 s is a hang; -rss_limit_mb: libFuzzer's default, said.
	"$build/tests/fuzz/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -dict="$src/tests/fuzz/json.dict" -artifact_prefix="$artifacts/$t-" \
		"$corpus" "$src/tests/fuzz/corpus/$t" >"$log" 2>&1 || rc=$?
	if ((rc == 0)); then
		passed=$((passed + 1))
		awk -v t="$t" -v secs="$secs" '
			/^stat::number_of_executed_units:/ { runs = $2 }
			/^#[0-9]+[ \t]+DONE/ { for (i = 1; i <= NF; i++) {
				if ($i == "cov:") cov = $(i + 1)
				if ($i == "corp:") corp = $(i + 1) } }
			END { printf "fuzz %s: %s s, %s runs, coverage %s edges, corpus %s, no crash\n",
				t, secs, runs, cov, corp }' "$log"
	else
		failed=$((failed + 1))
		echo "fuzz $t: FAILED (exit $rc); libFuzzer's report, from $log:" >&2
		grep -E -A40 '^==[0-9]+==|runtime error|^INFO: Running with|deadly signal' "$log" |
			grep -v '^INFO:' | head -n 60 >&2 || tail -n 40 "$log" >&2
		for f in "$artifacts/$t-"*; do
			[[ -e $f ]] && echo "input that failed: $f" >&2
		done
	fi
done
echo "fuzz: $passed passed, $failed failed"
((failed == 0))
