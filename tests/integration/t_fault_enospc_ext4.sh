#!/usr/bin/env bash
# t_fault_enospc_ext4.sh — a real disk file system runs out of space (ext4 on a
# loop device): on 16 MiB the 16 MiB test file does not fit, so preparing it
# fails with ENOSPC in run, compat, recommend and qualify; on 24 MiB the file
# fits but the first new 8 MiB segment does not, so the segment switch fails
# mid-test. Exit 3 each, an I/O error (not a durability failure: the write was
# refused, nothing acknowledged was lost), and every file removed.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out
loop_fs small ext4 16M

expect_exit 3 "$WALBENCH" run --dir "$small" --method fdatasync,fsync --budget 2s --json "$out/r.json"
error_row fdatasync sync 'write: ENOSPC while preparing the test file'
error_row fsync sync 'write: ENOSPC while preparing the test file'
grep -q "preparing $small/walbench\.[0-9]*\.0\.tmp failed: write: No space left on device" "$ERR" ||
	fail "stderr: $(cat "$ERR")"
json_tests "$out/r.json" 2 fdatasync fsync
json_check "$out/r.json" 'all(t["status"] == "error" and t["errno_name"] == "ENOSPC" and not t["durability_failure"] for t in d["tests"])'
json_check "$out/r.json" 'all(t["failure"]["call"] == "write" and t["failure"]["offset"] > 0 for t in d["tests"])'
assert_no_files "$small"

expect_exit 3 "$WALBENCH" compat -f "$small" -s 50ms
grep -Eq '^        fdatasync +failed: ENOSPC$' "$OUT" || fail "compat: $(cat "$OUT")"
! grep -q 'ops/sec' "$OUT" || fail "compat printed a rate: $(cat "$OUT")"
assert_no_files "$small"

expect_exit 3 "$WALBENCH" recommend "$small" --workload oltp --budget 3s --json "$out/rec.json"
grep -q '^NO RECOMMENDATION: .*write: ENOSPC while preparing the test file' "$OUT" ||
	fail "recommend headline: $(head -3 "$OUT")"
json_check "$out/rec.json" 'd["recommendation"]["wal_sync_method"] is None'
assert_no_files "$small"

expect_exit 3 "$WALBENCH" qualify "$small" --duration 2s --slice 500ms --json "$out/q.json"
assert_no_verdict "$out/q.json"
# qualify's three shapes: the tiers' commit and etcd flushes, and a plain write.
json_tests "$out/q.json" 3 fdatasync none
json_check "$out/q.json" 'sorted(t["label"] for t in d["tests"]) == ["commit", "etcd", "write"]'
json_check "$out/q.json" 'all(t["status"] == "error" and t["errno_name"] == "ENOSPC" for t in d["tests"])'
assert_no_files "$small"

# The base file fits in 24 MiB; with it, the first new 8 MiB segment does not.
loop_fs mid ext4 24M
expect_exit 3 "$WALBENCH" run --dir "$mid" --pattern append --segment new --segment-size 8MiB \
	--method fdatasync --size 64k --budget 2s --json "$out/s.json"
grep -Eq '^fdatasync .* error: segment switch: write: No space left on device$' "$OUT" ||
	fail "segment row: $(cat "$OUT")"
json_check "$out/s.json" '(t := d["tests"][0])["status"] == "error" and t["errno_name"] == "ENOSPC" and not t["durability_failure"]'
json_check "$out/s.json" 'd["tests"][0]["failure"]["call"] == "segment switch: write"'
assert_no_files "$mid"
pass
