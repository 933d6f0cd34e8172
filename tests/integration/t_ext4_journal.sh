#!/usr/bin/env bash
# t_ext4_journal.sh — ext4 mounted data=journal (on a loop device) cannot do
# O_DIRECT: compat marks the open_* methods n/a* with pg_test_fsync's footnote
# instead of measuring buffered writes under an O_DIRECT label, and the direct
# engine is n/a with the reason. The mount, the loop device and its image are
# removed on every exit path.
. "$(dirname "$0")/lib.sh"
set -e
need_root
command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || skip "losetup or mkfs.ext4 missing"
wb_tmpdir d
truncate -s 64M "$d/image"
loop=$(losetup -f --show "$d/image" 2>/dev/null) || skip "no loop device available"
on_exit "losetup -d '$loop'"
mkfs.ext4 -q -F "$loop" >/dev/null 2>&1 || fail "mkfs.ext4 failed"
mkdir "$d/mnt"
mount -o data=journal "$loop" "$d/mnt" 2>/dev/null || skip "cannot mount ext4 data=journal"
on_exit "umount '$d/mnt'"

expect_exit 0 "$WALBENCH" compat -f "$d/mnt" -s 50ms
grep -Eq '^        open_datasync +n/a\*$' "$OUT" || fail "open_datasync not n/a*: $(cat "$OUT")"
grep -Eq '^        open_sync +n/a\*$' "$OUT" || fail "open_sync not n/a*"
grep -q '^\* This file system and its mount options do not support direct$' "$OUT" || fail "no footnote"
grep -Eq '^        fdatasync +[0-9.]+ ops/sec' "$OUT" || fail "fdatasync did not run"

expect_exit 0 "$WALBENCH" run --dir "$d/mnt" --method fdatasync --engine sync,direct --budget 1s
grep -Eq '^fdatasync +direct .* n/a: O_DIRECT not supported by this file system' "$OUT" ||
	fail "direct engine not n/a: $(cat "$OUT")"
assert_no_files "$d/mnt"
pass
