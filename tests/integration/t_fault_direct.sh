#!/usr/bin/env bash
# t_fault_direct.sh — faults under O_DIRECT on the FUSE fault file system: a
# failing fdatasync, a failing write after some succeeded, and a failing
# synchronous write, each on the direct engine (and io_uring_direct where this
# kernel allows it). A failed sync or synchronous write is a durability failure,
# a failed plain write an I/O error; exit 3, the JSON says which, nothing left.
# FUSE may refuse O_DIRECT on another kernel: then every direct row must be n/a
# saying so, never an error or a rate — and that is what is checked.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out
engines=direct

"$WALBENCH" engines --dir /tmp 2>/dev/null | grep -A2 '^io_uring_direct:' | grep -q 'fdatasync *available' &&
	engines=direct,io_uring_direct

faultfs_mount --fail-fdatasync-only EIO --fail-after-ops 20
if ! "$WALBENCH" engines --dir "$FF_MNT" | grep -A2 '^direct:' | grep -q 'fdatasync *available'; then
	expect_exit 2 "$WALBENCH" run --dir "$FF_MNT" --engine direct --method fdatasync --budget 1s
	grep -Eq '^fdatasync +direct .* n/a: O_DIRECT not supported by this file system' "$OUT" ||
		fail "FUSE refused O_DIRECT, but the row does not say so: $(cat "$OUT")"
	assert_no_files "$FF_MNT"
	pass
fi

# The fdatasync of the 20th flush on, whatever the engine.
expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --engine "$engines" --method fdatasync,fsync \
	--budget 2s --json "$out/s.json"
for e in ${engines//,/ }; do
	error_row fdatasync "$e" 'fdatasync: Input/output error'
	grep -Eq "^fsync +$e +8kB +1 +1 +[0-9.]+ " "$OUT" || fail "fsync/$e should measure: $(cat "$OUT")"
done
# 2 methods on each engine; one fdatasync row per engine.
json_tests "$out/s.json" $((2 * $(tr , '\n' <<<"$engines" | wc -l))) fdatasync fsync
json_check "$out/s.json" 'sorted(t["engine"] for t in d["tests"] if t["method"] == "fdatasync") == sorted("'"$engines"'".split(","))'
json_check "$out/s.json" 'all(t["durability_failure"] and t["failure"]["call"] == "fdatasync" for t in d["tests"] if t["method"] == "fdatasync")'
grep -q 'DURABILITY FAILURE' "$ERR" || fail "not loud: $(cat "$ERR")"
assert_no_files "$FF_MNT"
fusermount3 -u "$FF_MNT"

# Writes fail after the preparation's (16 and a few) and some timed ones: the
# O_DIRECT write itself. Under open_datasync it was the durability point.
faultfs_mount --fail-write EIO --fail-after-ops 60
expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --engine direct --method fdatasync,open_datasync \
	--budget 2s --json "$out/w.json"
error_row fdatasync direct 'write: Input/output error'
error_row open_datasync direct 'write \(O_DSYNC\): Input/output error'
json_check "$out/w.json" '{t["method"]: t["durability_failure"] for t in d["tests"]} == {"fdatasync": False, "open_datasync": True}'
json_check "$out/w.json" 'all(t["status"] == "error" and t["errno_name"] == "EIO" for t in d["tests"])'
assert_no_files "$FF_MNT"
fusermount3 -u "$FF_MNT"

# A synchronous O_DIRECT write whose sync fails (FUSE sends no fsync for it).
faultfs_mount --fail-fdatasync-only EIO --fault-sync-writes --fail-after-ops 20
expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --engine direct --method open_datasync,pwritev2_dsync \
	--budget 2s --json "$out/d.json"
error_row open_datasync direct 'write \(O_DSYNC\): Input/output error'
error_row pwritev2_dsync direct 'pwritev2\(RWF_DSYNC\): Input/output error'
json_tests "$out/d.json" 2 open_datasync pwritev2_dsync
json_check "$out/d.json" 'all(t["status"] == "error" and t["durability_failure"] for t in d["tests"])'
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
