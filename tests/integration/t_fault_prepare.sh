#!/usr/bin/env bash
# t_fault_prepare.sh — storage that fails while the test file is prepared (fsync
# EIO on a FUSE fault file system) is a failure everywhere it can be read: every
# row says `error: fsync: EIO while preparing the test file`, the JSON and CSV
# are written with status error, the errno name, where it failed and
# durability_failure, compat says `failed: EIO` for every method Linux has (and
# n/a for fsync_writethrough, which it has not), recommend's headline and
# qualify's are the durability failure, and the exit status is 3. Nothing is
# left behind.
. "$(dirname "$0")/lib.sh"
set -e
faultfs_mount --fail-fsync EIO
wb_tmpdir out

expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method fdatasync,fsync --budget 2s \
	--json "$out/r.json" --csv "$out/r.csv"
for m in fdatasync fsync; do
	grep -Eq "^$m +sync +8kB +1 +1 error: fsync: EIO while preparing the test file\$" "$OUT" ||
		fail "no $m error row: $(cat "$OUT")"
done
grep -q 'DURABILITY FAILURE' "$ERR" || fail "not loud: $(cat "$ERR")"
json_check "$out/r.json" 'len(d["tests"]) == 2'
json_check "$out/r.json" 'all(t["status"] == "error" and t["durability_failure"] and t["errno_name"] == "EIO" for t in d["tests"])'
json_check "$out/r.json" 'all(t["reason"] == "fsync: EIO while preparing the test file" for t in d["tests"])'
json_check "$out/r.json" 'all(t["failure"]["call"] == "fsync" and t["failure"]["op_index"] is None and t["failure"]["file"].startswith(d["host"]["target"].rsplit("/", 1)[0]) for t in d["tests"])'
head -1 "$out/r.csv" | grep -q ',errno_name,failure_call,failure_offset,failure_op_index,failure_file,trial_mean_ops_per_sec$' ||
	fail "CSV header: $(head -1 "$out/r.csv")"
[ "$(grep -c ',error,fsync: EIO while preparing the test file,.*,EIO,fsync,,,/' "$out/r.csv")" = 2 ] ||
	fail "CSV rows: $(cat "$out/r.csv")"
assert_no_files "$FF_MNT"

# recommend: the durability failure is the headline, and its JSON says so too.
expect_exit 3 "$WALBENCH" recommend "$FF_MNT" --workload oltp --budget 5s --json "$out/rec.json"
grep -q '^NO RECOMMENDATION: DURABILITY FAILURE: .*fsync: EIO while preparing the test file' "$OUT" ||
	fail "recommend headline: $(cat "$OUT")"
json_check "$out/rec.json" 'any(t["status"] == "error" and t["durability_failure"] for t in d["tests"])'

expect_exit 3 "$WALBENCH" compat -f "$FF_MNT" -s 50ms
[ "$(grep -c 'failed: EIO$' "$OUT")" = 16 ] || fail "compat: want 16 failed lines: $(cat "$OUT")"
[ "$(grep -Ec '^        fsync_writethrough +n/a$' "$OUT")" = 2 ] ||
	fail "compat: fsync_writethrough is n/a on Linux, failure or not: $(cat "$OUT")"
! grep -q 'ops/sec' "$OUT" || fail "compat printed a rate: $(cat "$OUT")"
grep -q 'DURABILITY FAILURE' "$ERR" || fail "compat: not loud: $(cat "$ERR")"
expect_exit 3 "$WALBENCH" qualify "$FF_MNT" --duration 2s --slice 500ms --json "$out/q.json"
assert_no_verdict "$out/q.json" 'DURABILITY FAILURE: '
grep -q '^No verdict: .*fsync: EIO while preparing the test file' "$OUT" || fail "qualify: $(head -3 "$OUT")"
assert_no_files "$FF_MNT"

# A write that fails while preparing names its offset: the first write past 4 MiB.
fusermount3 -u "$FF_MNT"
faultfs_mount --fail-write-after 4MiB --fail-write EIO
expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method fdatasync --budget 2s --json "$out/w.json"
grep -Eq '^fdatasync +sync +8kB +1 +1 error: write: EIO while preparing the test file$' "$OUT" ||
	fail "write row: $(cat "$OUT")"
json_check "$out/w.json" 'd["tests"][0]["failure"]["call"] == "write" and d["tests"][0]["failure"]["offset"] == 4 << 20'
json_check "$out/w.json" 'not d["tests"][0]["durability_failure"]'
expect_exit 3 "$WALBENCH" recommend "$FF_MNT" --workload oltp --budget 5s
grep -q '^NO RECOMMENDATION: nothing to decide from: .*failed: write: EIO while preparing the test file' "$OUT" ||
	fail "recommend after a write error: $(cat "$OUT")"
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
