#!/usr/bin/env bash
# t_fault_qualify.sh — qualify on storage whose flushes fail (a FUSE fault file
# system): fdatasync EIO from the first op, and after some ops succeeded. No
# verdict, the durability failure is the headline in the text and the JSON,
# exit 3 (never a tier's pass or fail), the slices measured before the failure
# kept; `report` and `report --summary` over that JSON put the failure on top;
# nothing is left behind.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out

check_failed_qualify() { # JSON
	assert_no_verdict "$1" 'DURABILITY FAILURE: '
	grep -q 'DURABILITY FAILURE' "$ERR" || fail "not loud on stderr: $(cat "$ERR")"
	json_check "$1" 'any(t["status"] == "error" and t["durability_failure"] and t["errno_name"] == "EIO" for t in d["tests"])'
}

faultfs_mount --fail-fdatasync-only EIO
expect_exit 3 "$WALBENCH" qualify "$FF_MNT" --duration 3s --slice 500ms --json "$out/q.json"
check_failed_qualify "$out/q.json"
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
fusermount3 -u "$FF_MNT"

# After 200 ops succeeded: the failure still wins over any figure measured before.
faultfs_mount --fail-fdatasync-only EIO --fail-after-ops 200
expect_exit 3 "$WALBENCH" qualify "$FF_MNT" --duration 3s --slice 500ms --json "$out/q2.json"
check_failed_qualify "$out/q2.json"
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"

# The report of that file leads with the failure; the fleet summary names it.
"$WALBENCH" report "$out/q2.json" -o "$out/q2.html" >/dev/null || fail "report of a failed qualify"
grep -q '<div class="alarm"><strong>[0-9]* tests\? failed' "$out/q2.html" || fail "report has no alarm"
grep -q 'No verdict: DURABILITY FAILURE' "$out/q2.html" || fail "report has no failed headline"
cp "$out/q2.json" "$out/bad.json"
"$WALBENCH" report --summary "$out/bad.json" >"$out/summary" || fail "summary of a failed qualify"
grep -q 'FAILED' "$out/summary" || fail "summary does not name the failure: $(cat "$out/summary")"
pass
