# lib.sh — shared helpers for integration tests (sourced, not run).
# Each test drives the real binary; exit 0 pass, 1 fail, 77 skip. Everything a
# test sets up is registered with on_exit and undone on every exit path.
set -u

WALBENCH=${WALBENCH:?WALBENCH must point at the walbench binary}
WB_TEST_BIN=${WB_TEST_BIN:-$(dirname "$WALBENCH")/tests}
WB_CLEANUPS=()
# A test's python imports the helpers beside this file (pgbench_log.py).
PYTHONPATH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)${PYTHONPATH:+:$PYTHONPATH}
export PYTHONPATH

wb_cleanup() {
	local i
	for ((i = ${#WB_CLEANUPS[@]} - 1; i >= 0; i--)); do
		eval "${WB_CLEANUPS[i]}" >/dev/null 2>&1 || true
	done
}
trap 'rc=$?; wb_cleanup; exit $rc' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# on_exit CMD: run CMD when the test ends, last registered first.
on_exit() { WB_CLEANUPS+=("$1"); }

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*" >&2; exit 77; }
pass() { echo "PASS: ${0##*/}"; exit 0; }

# wb_tmpdir VAR [BASE]: a fresh directory under BASE (default /tmp) in $VAR,
# removed at exit. Not a $(...) function: cleanups registered in a subshell are lost.
wb_tmpdir() {
	local _wb_dir # not "d": a local would shadow the caller's variable of that name
	_wb_dir=$(mktemp -d "${2:-/tmp}/wbtest.XXXXXX") || fail "mktemp in ${2:-/tmp}"
	on_exit "rm -rf '$_wb_dir'"
	printf -v "$1" '%s' "$_wb_dir"
}

# wb_disk_tmpdir VAR: as wb_tmpdir, on a file system that is not memory
# (/var/tmp, else /tmp): recommend on memory decides nothing (every flush a
# no-op), so a test that needs a decision needs a disk, whatever /tmp is on the
# host (a tmpfs on Debian 13). Skips where neither is one.
wb_disk_tmpdir() {
	local _wb_base
	for _wb_base in /var/tmp /tmp; do
		[ -d "$_wb_base" ] && [ -w "$_wb_base" ] || continue
		case $(stat -f -c %T "$_wb_base") in
		tmpfs | ramfs) continue ;;
		esac
		wb_tmpdir "$1" "$_wb_base"
		return 0
	done
	skip "no directory on a disk: /var/tmp and /tmp are memory here"
}

# LeakSanitizer cannot run under ptrace (strace): a sanitizer build's leak check
# is off for the traced runs only; ASan's other checks stay on.
export WB_TRACE_ENV="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# need_trace: skips unless strace and python3 (which reads the traces) are here.
need_trace() {
	command -v strace >/dev/null || skip "strace not installed"
	command -v python3 >/dev/null || skip "python3 not installed"
}

# traced TRACE CALLS CMD...: runs CMD under strace (children too), the system calls
# CALLS (comma-separated) written to TRACE; stdout to $OUT, stderr to $ERR; fails
# the test if CMD fails.
traced() {
	local trace=$1 calls=$2
	shift 2
	env "$WB_TRACE_ENV" strace -f -qq -o "$trace" -e trace="$calls" "$@" >"$OUT" 2>"$ERR" ||
		fail "${1##*/} under strace failed: $(cat "$ERR")"
}

need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }

# expect_exit WANT CMD...: runs CMD, stdout to $OUT, stderr to $ERR.
OUT=$(mktemp); ERR=$(mktemp)
on_exit "rm -f '$OUT' '$ERR'"
expect_exit() {
	local want=$1 got
	shift
	set +e
	"$@" >"$OUT" 2>"$ERR"
	got=$?
	set -e
	[ "$got" = "$want" ] || fail "$* exited $got, want $want; stderr: $(head -c 600 "$ERR")"
}

# assert_no_files DIR: walbench left nothing behind.
assert_no_files() {
	local left
	left=$(find "$1" -mindepth 1 -name 'walbench.*' 2>/dev/null)
	[ -z "$left" ] || fail "files left behind in $1: $left"
}

# wait_for_files DIR [GLOB]: waits (up to 10 s) until something started in the
# background has made a file in DIR (one matching GLOB, default any), or fails,
# quoting $ERR.
wait_for_files() {
	local i f
	for i in $(seq 200); do
		for f in "$1"/${2:-*}; do
			[ -e "$f" ] && return 0
		done
		sleep 0.05
	done
	fail "no test file appeared in $1: $(cat "$ERR")"
}

# wait_rc PID: waits for PID, a background job of this shell, and puts its
# exit status in $rc (set -e stays on).
# wb_verify_listen LOG [PREFIX...]: starts `walbench verify listen --port 0`
# (under PREFIX, such as ip netns exec NS, which execs it: $! is walbench), its
# output in LOG; sets LPID and PORT, and stops it at exit.
wb_verify_listen() {
	local _log=$1
	shift
	# The log exists before the listener starts: the redirection is made in the
	# background child, and a sed that ran first found no file.
	: >"$_log"
	"$@" "$WALBENCH" verify listen --port 0 >"$_log" 2>&1 &
	LPID=$!
	on_exit "kill $LPID; wait $LPID"
	for _ in $(seq 100); do
		PORT=$(sed -n 's/.*listening on port \([0-9]*\).*/\1/p' "$_log")
		[ -n "$PORT" ] && return 0
		kill -0 "$LPID" 2>/dev/null || fail "listener exited: $(cat "$_log")"
		sleep 0.05
	done
	fail "listener did not start: $(cat "$_log")"
}

# wb_verify_not_restarted N: the last check ($OUT) found none of N acknowledged
# records lost and said the machine never restarted since the write — the test
# never reboots, so a clean check must never read as one across a power cut.
wb_verify_not_restarted() {
	grep -qx "0 of $1 acknowledged records lost, but this machine has NOT restarted since verify write" "$OUT" &&
		grep -q '^(the same boot id): no power was cut, so this proves nothing about a power cut\.$' "$OUT" ||
		fail "check of $1 records not said to be without a restart: $(cat "$OUT")"
}

wait_rc() {
	rc=0
	wait "$1" || rc=$?
}

# json_check FILE PYTHON_EXPR: evaluates an assertion over the parsed JSON `d`.
json_check() {
	python3 - "$1" "$2" <<'PY' || fail "JSON check failed: $2"
import json, sys
d = json.load(open(sys.argv[1]))
ok = eval(sys.argv[2])
if not ok:
    print("JSON assertion false:", sys.argv[2], file=sys.stderr)
    sys.exit(1)
PY
}

# json_tests FILE N [METHOD...]: the JSON's tests list holds the N rows the
# command asked for and, with METHODs, those methods and no other. An all() over
# d["tests"] is true of an empty list: this goes before it, so that a run that
# wrote no rows, or fewer, fails instead of passing every all().
json_tests() {
	local file=$1 n=$2 want got
	shift 2
	want="$*"
	got=$(python3 - "$file" "$n" "$@" <<'PY'
import json, sys
tests = json.load(open(sys.argv[1]))["tests"]
n, methods = int(sys.argv[2]), set(sys.argv[3:])
got = [t["method"] for t in tests]
if len(tests) != n or (methods and set(got) != methods):
    print("%d: %s" % (len(tests), ", ".join(got) or "none"))
    sys.exit(1)
PY
	) || fail "$file: want $n tests${want:+ of ${want// /, }}, got ${got:-no list}"
}

# loop_fs VAR FSTYPE SIZE [MOUNT_OPTIONS]: a new FSTYPE file system on a loop
# device over a sparse SIZE image, mounted on a new directory whose path goes in
# $VAR; the device in LOOP_DEV. Mount, device and image are removed at exit.
# Skips without root, losetup, mkfs.FSTYPE, a free loop device, or the mount.
loop_fs() {
	local _wb_root force=-F
	need_root
	command -v losetup >/dev/null || skip "losetup missing"
	command -v "mkfs.$2" >/dev/null || skip "mkfs.$2 missing"
	[ "$2" = xfs ] && force=-f
	wb_tmpdir _wb_root
	truncate -s "$3" "$_wb_root/image" || fail "cannot make a $3 image"
	LOOP_DEV=$(losetup -f --show "$_wb_root/image" 2>/dev/null) || skip "no loop device available"
	on_exit "losetup -d '$LOOP_DEV'"
	"mkfs.$2" -q "$force" "$LOOP_DEV" >/dev/null 2>&1 || fail "mkfs.$2 on $3 failed"
	mkdir "$_wb_root/mnt"
	mount ${4:+-o "$4"} "$LOOP_DEV" "$_wb_root/mnt" 2>/dev/null || skip "cannot mount $2 ${4:-}"
	on_exit "umount '$_wb_root/mnt'"
	printf -v "$1" '%s' "$_wb_root/mnt"
}

# loop_btrfs VAR PROFILE N [SIZE]: a btrfs with data PROFILE (raid1, raid10,
# raid5 ...) and metadata raid1 over N loop devices on sparse SIZE images
# (default 300M), mounted on a new directory whose path goes in $VAR; the
# devices' names (loop3 ...) in LOOP_NAMES. Each device and the mount are
# removed at exit, signals included; losetup, mkfs and mount run under timeout so
# a stuck one cannot hang the test. Skips without root, btrfs-progs, N free loop
# devices, or where btrfs cannot build PROFILE or mount it.
loop_btrfs() {
	local _wb_root _wb_dev _wb_devs=() i
	need_root
	command -v losetup >/dev/null || skip "losetup missing"
	command -v mkfs.btrfs >/dev/null || skip "mkfs.btrfs missing (btrfs-progs)"
	wb_tmpdir _wb_root
	LOOP_NAMES=()
	for ((i = 0; i < $3; i++)); do
		truncate -s "${4:-300M}" "$_wb_root/image$i" || fail "cannot make a ${4:-300M} image"
		_wb_dev=$(timeout 20 losetup -f --show "$_wb_root/image$i" 2>/dev/null) ||
			skip "no free loop device for member $((i + 1)) of $3"
		on_exit "timeout 20 losetup -d '$_wb_dev'"
		_wb_devs+=("$_wb_dev")
		LOOP_NAMES+=("${_wb_dev##*/}")
	done
	timeout 60 mkfs.btrfs -q -f -d "$2" -m raid1 "${_wb_devs[@]}" >/dev/null 2>&1 ||
		skip "btrfs cannot build data $2 over $3 loop devices here"
	mkdir "$_wb_root/mnt"
	timeout 60 mount -t btrfs "${_wb_devs[0]}" "$_wb_root/mnt" 2>/dev/null ||
		skip "cannot mount a btrfs $2 (no btrfs module?)"
	on_exit "timeout 60 umount '$_wb_root/mnt'"
	printf -v "$1" '%s' "$_wb_root/mnt"
}

# qualify_btrfs_array PROFILE N DATA_DISKS PARITY: builds a btrfs PROFILE over
# N loop devices, runs a short qualify in it, and checks that the JSON names the
# array (btrfs, its level, its N members by name, DATA_DISKS, PARITY, the
# stripe) and the text prints it, and that the write-size sweep ran on a striped
# profile (its points and keys, and the verdict the fixture must give) and not
# on a mirror; nothing is left behind.
qualify_btrfs_array() {
	local mnt got stripe
	loop_btrfs mnt "$1" "$2"
	mkdir "$mnt/wal"
	set +e
	stripe=$(($3 > 1 ? $3 * 65536 : 0))
	# long enough for the sweep's four paired rounds (six rows of 200 ms a round)
	timeout 120 "$WALBENCH" qualify "$mnt/wal" --duration 8s --slice 200ms --json "$mnt/q.json" >"$OUT" 2>"$ERR"
	got=$?
	set -e
	case $got in 0 | 1) ;; *) fail "qualify on btrfs $1 exited $got: $(head -c 600 "$ERR")" ;; esac
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["kind"] == "btrfs"'
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["level"] == "'"$1"'"'
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["metadata_level"] == "raid1"'
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["raid_disks"] == '"$2"
	json_check "$mnt/q.json" 'sorted(m["name"] for m in d["host"]["device"]["array"]["members"]) == sorted("'"${LOOP_NAMES[*]}"'".split())'
	json_check "$mnt/q.json" 'all(m["disk"] and m["write_cache"] in ("write back", "write through") for m in d["host"]["device"]["array"]["members"])'
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["data_disks"] == '"$3"
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["parity_disks"] == '"$4"
	json_check "$mnt/q.json" 'd["host"]["device"]["array"]["stripe_bytes"] == '"$stripe"
	json_check "$mnt/q.json" 'd["host"]["device"]["layers"][0]["kind"] == "btrfs"'
	# parity RAID, and only parity RAID, says a WAL write is a partial-stripe
	# write: as the layout's fact, or as the write-size sweep measured it
	json_check "$mnt/q.json" '(d["qualification"]["stripe"]["state"] in ("penalty", "no-penalty", "unclear")) or ("array-partial-stripe-writes" in {f["name"] for f in d["findings"]}) == ('"$4"' > 0)'
	# the verdict each fixture must give (issue 45): the members are loop
	# devices without direct I/O, so on parity RAID the page cache in front of
	# them serves a read-modify-write's reads and the sweep must say it cannot
	# clear the layout ("unclear: members are cached"), never "no-penalty"; with
	# no parity there is no read-modify-write to hide, nothing is held back for
	# the cache, and no penalty is claimed; a mirror has no sweep
	json_check "$mnt/q.json" 'all(m["direct_io"] is False for m in d["host"]["device"]["array"]["members"])'
	if (($4 > 0)); then
		# A penalty the sweep proves through the cache stands, and a sweep the
		# run left too short is not measured: both are honest on a loaded host,
		# where the paired rounds vary. Only "no-penalty" would be the bug.
		json_check "$mnt/q.json" 'd["qualification"]["stripe"]["state"] in ("penalty", "not-measured") or (d["qualification"]["stripe"]["state"] == "unclear" and "page-cache" in d["qualification"]["stripe"]["cached"])'
		got=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["qualification"]["stripe"]["state"])' "$mnt/q.json")
		if [ "$got" = unclear ]; then
			grep -q '^  unclear: members are cached: ' "$OUT" || fail "no 'members are cached': $(grep -A7 '^Write-size' "$OUT")"
		fi
	elif ((stripe)); then
		# A sweep the run left too short is "not-measured" here too, as on
		# parity (a loaded host's rounds); a penalty claimed, or members held
		# back for a cache, would be the bug. On failure the verdict's own
		# figures are shown: a bare assertion failed once in CI, unexplained.
		python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))["qualification"]["stripe"]; sys.exit(0 if s["state"] in ("no-penalty", "unclear", "not-measured") and s["cached"] == [] else 1)' "$mnt/q.json" ||
			fail "no parity, yet: $(python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))["qualification"]["stripe"]; print(json.dumps({k: s.get(k) for k in ("state", "cached", "line", "excess", "sweep")}))' "$mnt/q.json")"
	else
		json_check "$mnt/q.json" 'd["qualification"]["stripe"]["state"] == "not-striped"'
	fi
	json_check "$mnt/q.json" 'd["qualification"]["stripe"]["remedy"] in ("mirror", "align", "none")'
	json_check "$mnt/q.json" 'isinstance(d["qualification"]["stripe"]["line"], str) and d["qualification"]["stripe"]["stripe_bytes"] == '"$stripe"
	if ((stripe)); then
		json_check "$mnt/q.json" 'd["qualification"]["stripe"]["state"] != "not-striped"'
		json_check "$mnt/q.json" '[p["point"] for p in d["qualification"]["stripe"]["sweep"]] == ["page", "chunk", "stripe", "two_stripes"]'
		json_check "$mnt/q.json" '[p["bytes"] for p in d["qualification"]["stripe"]["sweep"]] == [8192, 65536, '"$stripe"', 2 * '"$stripe"']'
		json_check "$mnt/q.json" 'all({"measured", "flushes_per_s", "bytes_per_s"} <= set(p) and {"value", "ci95"} <= set(p["flushes_per_s"]) for p in d["qualification"]["stripe"]["sweep"])'
		json_check "$mnt/q.json" 'all(p["measured"] == (p["bytes_per_s"] is not None) for p in d["qualification"]["stripe"]["sweep"])'
		json_check "$mnt/q.json" '{"sweep chunk", "sweep stripe", "sweep 2 stripes"} <= {t["label"] for t in d["tests"]}'
		json_check "$mnt/q.json" 'd["qualification"]["stripe"]["state"] not in ("penalty", "no-penalty", "unclear") or "array-partial-stripe-" + d["qualification"]["stripe"]["state"] in {f["name"] for f in d["findings"]}'
		grep -q "^Write-size sweep on [0-9a-f]* ($1, chunk 64kB, full stripe $((stripe / 1024))kB)" "$OUT" ||
			fail "no sweep in the text: $(grep -A6 '^Over the run' "$OUT")"
	else
		json_check "$mnt/q.json" 'd["qualification"]["stripe"]["state"] == "not-striped" and d["qualification"]["stripe"]["sweep"] == []'
		json_check "$mnt/q.json" 'not any(t["label"].startswith("sweep") for t in d["tests"])'
		! grep -q "^Write-size sweep" "$OUT" || fail "a sweep on a mirror: $(grep -A6 '^Write-size' "$OUT")"
	fi
	grep -q "^  array: btrfs [0-9a-f]*, $1, metadata raid1, $2 members" "$OUT" ||
		fail "no array line in the text: $(grep -A3 '^Storage' "$OUT")"
	rm -f "$mnt/q.json"
	rmdir "$mnt/wal" || fail "files left behind in $mnt/wal: $(ls -A "$mnt/wal")"
}

# error_row METHOD ENGINE REASON: the last run's 8kB x1 row of METHOD on ENGINE
# (stdout in $OUT) is `error: REASON`, REASON an extended regex.
error_row() {
	grep -Eq "^$1 +$2 +8kB +1 +1 error: $3\$" "$OUT" || fail "no $1/$2 row 'error: $3': $(cat "$OUT")"
}

# assert_no_verdict JSON [WHY]: the last qualify (its stdout in $OUT) gave no
# verdict — neither pass, fail nor inconclusive — in its text and in JSON, and its
# headline starts "No verdict: WHY".
assert_no_verdict() {
	grep -q "^No verdict: ${2:-}" "$OUT" || fail "qualify headline: $(head -5 "$OUT")"
	json_check "$1" 'd["qualification"]["verdict"] not in ("pass", "fail", "inconclusive")'
	json_check "$1" 'd["qualification"]["headline"].startswith("No verdict: '"${2:-}"'")'
}

# fusefs_mount NAME [OPTIONS...]: mounts one of the FUSE test file systems of
# tests/fault (faultfs, lyingfs, bucketfs) on a new directory, as a passthrough of another new
# directory; sets FS_MNT, FS_BACKING, FS_PID and FS_LOG (its stderr). The mount, the
# daemon and both directories are removed at exit. Skips without root or FUSE. With
# FS_TIMEOUT (seconds) set, the daemon runs under `timeout`: a test that hangs
# cannot keep the mount past it.
fusefs_mount() {
	local fs="$WB_TEST_BIN/$1" i
	shift
	need_root
	[ -x "$fs" ] || skip "${fs##*/} not built (libfuse3-dev missing)"
	[ -c /dev/fuse ] || skip "/dev/fuse missing"
	command -v fusermount3 >/dev/null || skip "fusermount3 missing"
	wb_tmpdir FS_BACKING
	FS_MNT=$(mktemp -d /tmp/wbmnt.XXXXXX)
	# rmdir, never rm -rf: if unmounting failed, do not delete through the mount.
	on_exit "rmdir '$FS_MNT'"
	FS_LOG=$FS_BACKING.log
	${FS_TIMEOUT:+timeout "$FS_TIMEOUT"} "$fs" "$@" "$FS_BACKING" "$FS_MNT" 2>"$FS_LOG" &
	FS_PID=$!
	on_exit "rm -f '$FS_LOG'"
	on_exit "kill $FS_PID; wait $FS_PID"
	on_exit "fusermount3 -u '$FS_MNT' || umount -l '$FS_MNT'"
	for i in $(seq 100); do
		grep -q " $FS_MNT " /proc/mounts && return 0
		kill -0 "$FS_PID" 2>/dev/null || fail "${fs##*/} exited: $(cat "$FS_LOG")"
		sleep 0.05
	done
	fail "${fs##*/} did not mount"
}

# faultfs_mount [FAULTFS OPTIONS...]: fusefs_mount of the fault-injecting file system
# (tests/fault/faultfs.c); sets FF_MNT and FF_BACKING.
faultfs_mount() {
	fusefs_mount faultfs "$@"
	FF_MNT=$FS_MNT
	FF_BACKING=$FS_BACKING
}

# need_engine NAME [DIR]: skips unless `walbench engines` reports NAME available
# for fdatasync on DIR (default /tmp) — built, and allowed by this kernel. A
# failing `walbench engines` is a bug of walbench's, never a reason to skip.
need_engine() {
	local out
	out=$("$WALBENCH" engines --dir "${2:-/tmp}" 2>&1) || fail "walbench engines failed: $out"
	printf '%s\n' "$out" | awk -v e="$1:" '$1 == e { on = 1; next } /^[a-z_]+:/ { on = 0 }
		on && $1 == "fdatasync" && $2 == "available" { found = 1 } END { exit !found }' ||
		skip "engine $1 not available here: $(printf '%s\n' "$out" | grep -A2 "^$1:" | tail -1)"
}
