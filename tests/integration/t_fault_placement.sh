#!/usr/bin/env bash
# t_fault_placement.sh — the data load's own fsync fails (a FUSE fault file
# system under the data directory lets the WAL test file's fsync through, then
# fails the next: the load file's): the placement reports a DURABILITY FAILURE
# naming the load's file, gives no verdict and no method, exits 3, writes the
# JSON with the failure, and leaves no file behind on either side.
. "$(dirname "$0")/lib.sh"
set -e
faultfs_mount --fail-fsync EIO --fail-after-ops 1
wb_tmpdir cand /tmp

expect_exit 3 "$WALBENCH" recommend "$FF_MNT" --wal-candidate "$cand" --workload oltp \
	--budget 5s --data-load 100/s --json "$cand/rec.json"
grep -q 'DURABILITY FAILURE' "$ERR" || fail "not reported loudly: $(cat "$ERR")"
grep -q "data load's file" "$ERR" || fail "the load's file is not named: $(cat "$ERR")"
grep -q '^No placement verdict: DURABILITY FAILURE' "$OUT" || fail "no failed verdict: $(head -5 "$OUT")"
! grep -q '^Which wal_sync_method' "$OUT" || fail "a method was chosen for storage that just failed"
json_check "$cand/rec.json" 'd["recommendation"]["wal_sync_method"] is None and "fsync" in d["recommendation"]["failure"]'
json_check "$cand/rec.json" '(b := d["recommendation"]["placement_baseline"])["failed"] and b["failure"].startswith("DURABILITY FAILURE")'
rm -f "$cand/rec.json"
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
assert_no_files "$cand"
pass
