#!/usr/bin/env bash
# t_refuse_existing.sh — walbench never writes to a file it did not create: an
# existing file, a symlink (to a file, or dangling) or a device given as -f is
# refused with exit 2 and left byte-for-byte untouched.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
echo "precious data" >"$d/victim"
sum=$(sha256sum <"$d/victim")

expect_exit 2 "$WALBENCH" compat -f "$d/victim" -s 100ms
grep -q 'already exists; walbench never writes to an existing file' "$ERR" || fail "message: $(cat "$ERR")"
[ "$(wc -l <"$ERR")" = 1 ] || fail "want a one-line error: $(cat "$ERR")"

ln -s "$d/victim" "$d/link"
expect_exit 2 "$WALBENCH" compat -f "$d/link" -s 100ms
grep -q 'is a symbolic link' "$ERR" || fail "symlink message: $(cat "$ERR")"

ln -s "$d/not-there" "$d/dangling"
expect_exit 2 "$WALBENCH" compat -f "$d/dangling" -s 100ms
[ ! -e "$d/not-there" ] || fail "created the target of a dangling symlink"

expect_exit 2 "$WALBENCH" compat -f /dev/null -s 100ms
[ "$(sha256sum <"$d/victim")" = "$sum" ] || fail "victim was modified"
[ "$(ls "$d" | sort | tr '\n' ' ')" = "dangling link victim " ] || fail "unexpected files: $(ls "$d")"

# A symlink to a directory is accepted (pg_wal is often one); the file goes inside.
mkdir "$d/real"
ln -s "$d/real" "$d/dirlink"
expect_exit 0 "$WALBENCH" run --dir "$d/dirlink" --method fdatasync --duration 50ms
assert_no_files "$d"
pass
