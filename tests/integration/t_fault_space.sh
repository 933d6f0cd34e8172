#!/usr/bin/env bash
# t_fault_space.sh — real file-system faults on small tmpfs mounts: ENOSPC while
# preparing the test file is an I/O failure (exit 3) that still removes the
# file, and a read-only file system refuses the file (exit 2). Mounts are
# removed on every exit path.
. "$(dirname "$0")/lib.sh"
set -e
need_root
wb_tmpdir d
mkdir "$d/small" "$d/mid" "$d/ro"
mount -t tmpfs -o size=4m tmpfs "$d/small" 2>/dev/null || skip "cannot mount tmpfs here"
on_exit "umount '$d/small'"
mount -t tmpfs -o size=20m tmpfs "$d/mid" || fail "cannot mount a second tmpfs"
on_exit "umount '$d/mid'"
mount -t tmpfs -o ro,size=1m tmpfs "$d/ro" || fail "cannot mount a read-only tmpfs"
on_exit "umount '$d/ro'"

# The 16 MiB file does not fit in 4 MiB.
expect_exit 3 "$WALBENCH" compat -f "$d/small" -s 50ms
grep -q 'preparing .*: write: No space left on device' "$ERR" || fail "ENOSPC: $(cat "$ERR")"
[ -z "$(ls -A "$d/small")" ] || fail "left behind: $(ls -A "$d/small")"
expect_exit 3 "$WALBENCH" run --dir "$d/small" --method fdatasync --budget 1s
[ -z "$(ls -A "$d/small")" ] || fail "run left behind: $(ls -A "$d/small")"

# The 16 MiB first segment fits in 20 MiB, the next 8 MiB one does not: the
# switch fails with ENOSPC mid-test, and both segments are removed.
expect_exit 3 "$WALBENCH" run --dir "$d/mid" --pattern append --segment new --segment-size 8MiB \
	--method fdatasync --size 64k --budget 2s
grep -q 'segment switch: write: No space left on device' "$ERR" || fail "segment ENOSPC: $(cat "$ERR")"
grep -Eq '^fdatasync .* error: segment switch: write: No space left on device' "$OUT" ||
	fail "row: $(cat "$OUT")"
[ -z "$(ls -A "$d/mid")" ] || fail "segments left behind: $(ls -A "$d/mid")"

expect_exit 2 "$WALBENCH" compat -f "$d/ro" -s 50ms
grep -q 'cannot be created (Read-only file system)' "$ERR" || fail "EROFS: $(cat "$ERR")"
pass
