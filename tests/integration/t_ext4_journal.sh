#!/usr/bin/env bash
# t_ext4_journal.sh — ext4 mounted data=journal (on a loop device) cannot do
# O_DIRECT: compat marks the open_* methods n/a* with pg_test_fsync's footnote
# instead of measuring buffered writes under an O_DIRECT label, and the direct
# engine is n/a with the reason. The mount, the loop device and its image are
# removed on every exit path.
. "$(dirname "$0")/lib.sh"
set -e
loop_fs mnt ext4 64M data=journal

expect_exit 0 "$WALBENCH" compat -f "$mnt" -s 50ms
grep -Eq '^        open_datasync +n/a\*$' "$OUT" || fail "open_datasync not n/a*: $(cat "$OUT")"
grep -Eq '^        open_sync +n/a\*$' "$OUT" || fail "open_sync not n/a*"
grep -q '^\* This file system and its mount options do not support direct$' "$OUT" || fail "no footnote"
grep -Eq '^        fdatasync +[0-9.]+ ops/sec' "$OUT" || fail "fdatasync did not run"

expect_exit 0 "$WALBENCH" run --dir "$mnt" --method fdatasync --engine sync,direct --budget 1s
grep -Eq '^fdatasync +direct .* n/a: O_DIRECT not supported by this file system' "$OUT" ||
	fail "direct engine not n/a: $(cat "$OUT")"
assert_no_files "$mnt"
pass
