#!/usr/bin/env bash
# t_fault_sync_once.sh — the deferred write-back error: Linux reports it once, so
# after a failed fsync the next one returns 0 though the data is gone (faultfs
# --fail-sync-once: one sync fails after N, every later one succeeds). walbench
# reports the first failure as a durability failure and the test stays failed:
# it is never retried into a rate. run (fdatasync, fsync), compat and qualify;
# exit 3 each, nothing left behind.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out

# check_failed_row METHOD JSON PROM: METHOD's row, JSON and metrics are the
# durability failure, with no rate.
check_failed_row() {
	error_row "$1" sync "$1: Input/output error"
	grep -q 'DURABILITY FAILURE' "$ERR" || fail "$1: not loud: $(cat "$ERR")"
	json_check "$2" '[t["status"] for t in d["tests"]] == ["error"]'
	json_check "$2" '(t := d["tests"][0])["durability_failure"] and t["errno_name"] == "EIO" and t["failure"]["call"] == "'"$1"'"'
	# The JSON keeps what was measured before the failure (ops, trials) under
	# status error; the text and the metrics carry no rate for it.
	grep -q "^walbench_test_status{.*method=\"$1\".*status=\"error\"} 1\$" "$3" ||
		fail "$1: prom status: $(cat "$3")"
	! grep -q '^walbench_flush_ops_per_second' "$3" || fail "$1: prom has a rate: $(cat "$3")"
}

# Past the preparation's fsync and well into the timed flushes: a later trial's.
for m in fdatasync fsync; do
	faultfs_mount --verbose --fail-sync-once EIO --fail-after-ops 300
	expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method "$m" --budget 3s --json "$out/$m.json" \
		--prom "$out/$m.prom"
	check_failed_row "$m" "$out/$m.json" "$out/$m.prom"
	grep -q "faultfs: $m -> EIO" "$FS_LOG" || fail "$m: faultfs did not fault: $(cat "$FS_LOG")"
	assert_no_files "$FF_MNT"
	assert_no_files "$FF_BACKING"
	fusermount3 -u "$FF_MNT"
done

# The preparation's own fsync is the one: every test fails, nothing is retried.
faultfs_mount --fail-sync-once EIO
expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method fdatasync,fsync --budget 2s --json "$out/p.json"
[ "$(grep -c 'error: fsync: EIO while preparing the test file$' "$OUT")" = 2 ] ||
	fail "preparation: $(cat "$OUT")"
json_tests "$out/p.json" 2 fdatasync fsync
json_check "$out/p.json" 'all(t["status"] == "error" and t["durability_failure"] for t in d["tests"])'
assert_no_files "$FF_MNT"
fusermount3 -u "$FF_MNT"

# compat runs its tests in a fixed order on one file: the preparation, then
# open_datasync (O_DSYNC writes send FUSE no fsync) and its settling fsync, then
# fdatasync, whose 5th flush fails. The tests after it measure, their syncs
# succeeding again; the run still exits 3 and the failed row has no rate.
faultfs_mount --verbose --fail-sync-once EIO --fail-after-ops 6
expect_exit 3 "$WALBENCH" compat -f "$FF_MNT" -s 100ms
[ "$(cat "$FS_LOG")" = "faultfs: fdatasync -> EIO" ] || fail "compat: faulted $(cat "$FS_LOG")"
grep -Eq '^        fdatasync +failed: EIO$' "$OUT" || fail "compat fdatasync: $(cat "$OUT")"
[ "$(grep -c 'failed: ' "$OUT")" = 1 ] || fail "compat: want one failed line: $(cat "$OUT")"
grep -Eq '^        fsync +[0-9.]+ ops/sec' "$OUT" || fail "compat fsync did not measure: $(cat "$OUT")"
grep -q 'DURABILITY FAILURE' "$ERR" || fail "compat: not loud: $(cat "$ERR")"
assert_no_files "$FF_MNT"
fusermount3 -u "$FF_MNT"

# qualify: the one failure outweighs every slice measured before and after it.
faultfs_mount --verbose --fail-sync-once EIO --fail-after-ops 300
expect_exit 3 "$WALBENCH" qualify "$FF_MNT" --duration 3s --slice 500ms --json "$out/q.json"
assert_no_verdict "$out/q.json" 'DURABILITY FAILURE: '
json_check "$out/q.json" 'sum(t["status"] == "error" and t["durability_failure"] for t in d["tests"]) == 1'
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
