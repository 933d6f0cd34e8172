#!/usr/bin/env bash
# t_fault_fdatasync.sh — a failing fdatasync (EIO from a FUSE fault file system)
# is reported as a durability failure with its errno and exit code 3, never as a
# rate; and the test file is still removed.
. "$(dirname "$0")/lib.sh"
set -e
faultfs_mount --fail-fdatasync-only EIO

expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --method fdatasync,fsync --duration 100ms
grep -Eq '^fdatasync +sync +8kB +1 +1 error: fdatasync: Input/output error$' "$OUT" ||
	fail "no error row: $(cat "$OUT")"
grep -Eq '^fsync +sync +8kB +1 +1 +[0-9.]+ ' "$OUT" || fail "fsync row should still measure"
grep -q 'DURABILITY FAILURE' "$ERR" || fail "not reported loudly: $(cat "$ERR")"
grep -q 'fdatasync: Input/output error' "$ERR" || fail "errno not named"

expect_exit 3 "$WALBENCH" compat -f "$FF_MNT" -s 100ms
grep -Eq '^        fdatasync +failed: EIO$' "$OUT" || fail "compat line: $(grep fdatasync "$OUT")"
! grep -Eq '^        fdatasync .*ops/sec' "$OUT" || fail "compat printed a rate for a failed fdatasync"
assert_no_files "$FF_MNT"
assert_no_files "$FF_BACKING"
pass
