#!/usr/bin/env bash
# t_fault_write.sh — writes that start failing after the test file was prepared
# and some timed flushes went through (faultfs --fail-write EIO --fail-after-ops):
# run's rows say `write: Input/output error` with no rate, an I/O error and not a
# durability failure under fdatasync/fsync (the sync never ran), one under
# open_datasync (the write was the durability point); compat prints no rate,
# recommend no recommendation, qualify no verdict; exit 3 each, nothing left.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out
# fresh_mount [N]: faultfs anew, its count from zero. The preparation's 16 MiB is 16
# or 17 write requests (faultfs.c): N (60) lets it and some timed writes through.
fresh_mount() {
	if [ -n "${FF_MNT:-}" ]; then fusermount3 -u "$FF_MNT"; fi
	faultfs_mount --fail-write EIO --fail-after-ops "${1:-60}"
}
fresh_mount

expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method fdatasync,fsync,open_datasync --budget 2s \
	--json "$out/r.json"
error_row fdatasync sync 'write: Input/output error'
error_row fsync sync 'write: Input/output error'
error_row open_datasync sync 'write \(O_DSYNC\): Input/output error'
json_check "$out/r.json" 'all(t["status"] == "error" and t["errno_name"] == "EIO" and t["ops_per_sec"] == 0 for t in d["tests"])'
json_check "$out/r.json" '{t["method"]: t["durability_failure"] for t in d["tests"]} == {"fdatasync": False, "fsync": False, "open_datasync": True}'
# Whichever test ran first got the writes the fault let through.
json_check "$out/r.json" 'sum(t["ops"] for t in d["tests"]) > 0'
assert_no_files "$FF_MNT"

# compat's first test times 50 ms: on a loaded machine it may end before 40-odd
# writes, print its rate and leave the fault to the next. Its preparation takes
# 31 to 33 write requests here (30 failed it, 33 passed): 36 lets it and a few
# timed writes through, so the first test meets the fault.
fresh_mount 36
expect_exit 3 "$WALBENCH" compat -f "$FF_MNT" -s 50ms
! grep -q 'ops/sec' "$OUT" || fail "compat printed a rate: $(cat "$OUT")"
grep -Eq '^        fdatasync +failed: EIO$' "$OUT" || fail "compat: $(cat "$OUT")"
! grep -q 'preparing' "$ERR" || fail "compat: failed in the preparation: $(cat "$ERR")"
assert_no_files "$FF_MNT"

fresh_mount
expect_exit 3 "$WALBENCH" recommend "$FF_MNT" --workload oltp --budget 3s --json "$out/rec.json"
grep -q '^NO RECOMMENDATION: ' "$OUT" || fail "recommend headline: $(head -3 "$OUT")"
json_check "$out/rec.json" 'd["recommendation"]["wal_sync_method"] is None'
json_check "$out/rec.json" 'any(t["status"] == "error" and t["reason"] == "write: Input/output error" for t in d["tests"])'
assert_no_files "$FF_MNT"

fresh_mount
expect_exit 3 "$WALBENCH" qualify "$FF_MNT" --duration 2s --slice 500ms --json "$out/q.json"
assert_no_verdict "$out/q.json"
json_check "$out/q.json" 'any(t["status"] == "error" and t["reason"] == "write: Input/output error" for t in d["tests"])'
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
