#!/usr/bin/env bash
# t_fault_async.sh — EIO from a FUSE fault file system reaches the report
# through io_uring's cqe->res and libaio's io_getevents: a durability failure
# with exit code 3, and no file left behind.
. "$(dirname "$0")/lib.sh"
set -e
need_engine io_uring
need_engine libaio
faultfs_mount --fail-fdatasync-only EIO

for engine in io_uring libaio; do
	expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --engine "$engine" --method fdatasync \
		--duration 100ms
	grep -Eq "^fdatasync +$engine +8kB +1 +1 error: fdatasync: Input/output error\$" "$OUT" ||
		fail "$engine: no error row: $(cat "$OUT") $(cat "$ERR")"
	grep -q 'DURABILITY FAILURE' "$ERR" || fail "$engine: not reported loudly"
	# At depth 8 the first failure is reported, and the in-flight rest drained.
	expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --engine "$engine" --method fdatasync \
		--qd 8 --duration 100ms
	grep -q 'error: fdatasync: Input/output error' "$OUT" || fail "$engine qd8: $(cat "$OUT")"
done
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
