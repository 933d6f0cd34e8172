#!/usr/bin/env bash
# t_fault_short_write.sh — a write that returns fewer bytes than asked (a FUSE
# fault file system that stores half of every write) is an error, never a rate:
# run's row says `write: short write (N of M bytes)`, its JSON status is error
# with no rate, compat prints `failed:` for every method, recommend gives no
# recommendation, qualify no verdict; exit 3 each, nothing left behind. The
# test file is still prepared: a short write while filling it is retried, as
# POSIX allows, so the failure is the timed write's.
. "$(dirname "$0")/lib.sh"
set -e
faultfs_mount --short-write
wb_tmpdir out

expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method fdatasync,fsync,open_datasync --budget 2s \
	--json "$out/r.json"
error_row fdatasync sync 'write: short write \(4096 of 8192 bytes\)'
error_row fsync sync 'write: short write \(4096 of 8192 bytes\)'
error_row open_datasync sync 'write \(O_DSYNC\): short write \(4096 of 8192 bytes\)'
grep -q 'failed on .*: write: short write (4096 of 8192 bytes)' "$ERR" || fail "stderr: $(cat "$ERR")"
json_check "$out/r.json" 'len(d["tests"]) == 3 and all(t["status"] == "error" and "short write" in t["reason"] and not t["trial_ops_per_sec"] for t in d["tests"])'
json_check "$out/r.json" 'all(t["failure"]["call"].startswith("write") and t["failure"]["offset"] == 0 for t in d["tests"])'
# Half a synchronous write reached the disk: that write's promise is broken.
json_check "$out/r.json" '[t["durability_failure"] for t in d["tests"] if t["method"] == "open_datasync"] == [True]'
json_check "$out/r.json" 'not any(t["durability_failure"] for t in d["tests"] if t["method"] != "open_datasync")'
assert_no_files "$FF_MNT"

# The asynchronous engines: FUSE's asynchronous direct I/O path turns the short
# reply into EIO itself (kernel 6.18), so the row is an error either way.
for engine in io_uring libaio; do
	"$WALBENCH" engines --dir /tmp 2>/dev/null | grep -A1 "^$engine:" | grep -q available || continue
	expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --engine "$engine" --method fdatasync --duration 100ms
	error_row fdatasync "$engine" 'write: (short write \(4096 of 8192 bytes\)|Input/output error)'
done

# compat: pg_test_fsync's format has room for an errno name only; stderr says what it was.
expect_exit 3 "$WALBENCH" compat -f "$FF_MNT" -s 50ms
! grep -q 'ops/sec' "$OUT" || fail "compat printed a rate: $(grep ops/sec "$OUT")"
grep -Eq '^        fdatasync +failed: EIO$' "$OUT" || fail "compat fdatasync: $(cat "$OUT")"
grep -q 'fdatasync/sync 8kB x1 failed on .*: write: short write (4096 of 8192 bytes)' "$ERR" ||
	fail "compat stderr: $(cat "$ERR")"
assert_no_files "$FF_MNT"

expect_exit 3 "$WALBENCH" recommend "$FF_MNT" --workload oltp --budget 3s --json "$out/rec.json"
grep -q '^NO RECOMMENDATION: ' "$OUT" || fail "recommend headline: $(head -3 "$OUT")"
grep -q 'short write' "$OUT" || fail "recommend does not say why: $(head -5 "$OUT")"
json_check "$out/rec.json" 'd["recommendation"]["wal_sync_method"] is None'
json_tests "$out/rec.json" 4 fdatasync fsync open_datasync open_sync # oltp: 8 kB commits
json_check "$out/rec.json" 'all(t["status"] != "ok" for t in d["tests"])'
assert_no_files "$FF_MNT"

expect_exit 3 "$WALBENCH" qualify "$FF_MNT" --duration 2s --slice 500ms --json "$out/q.json"
assert_no_verdict "$out/q.json"
json_check "$out/q.json" 'any(t["status"] == "error" and "short write" in t["reason"] for t in d["tests"])'
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
