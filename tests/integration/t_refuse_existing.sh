#!/usr/bin/env bash
# t_refuse_existing.sh — walbench never writes to a file it did not create: an
# existing file, a symlink (to a file, or dangling) or a device given as -f is
# refused with exit 2 and left byte-for-byte untouched; the same given as run's,
# recommend's or qualify's directory is refused naming it; and a symlink planted
# at the very name walbench would use (walbench.PID.0.tmp) is neither followed
# nor removed: walbench takes the next name.
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

for t in victim link dangling; do
	want="not a directory"
	[ "$t" = dangling ] && want="no such directory"
	expect_exit 2 "$WALBENCH" run --dir "$d/$t" --method fdatasync --duration 50ms
	grep -q "^walbench: --dir $d/$t: $want\$" "$ERR" || fail "run --dir $t: $(cat "$ERR")"
	expect_exit 2 "$WALBENCH" recommend "$d/$t" --budget 1s
	grep -q "^walbench: DIR $d/$t: $want\$" "$ERR" || fail "recommend $t: $(cat "$ERR")"
	expect_exit 2 "$WALBENCH" qualify "$d/$t" --duration 1s
	grep -q "$d/$t: $want" "$ERR" || fail "qualify $t: $(cat "$ERR")"
done
[ "$(sha256sum <"$d/victim")" = "$sum" ] || fail "victim was modified"

# plant_and_run CMD...: runs walbench CMD... with a symlink to the victim already at
# walbench.PID.0.tmp (exec keeps the shell's PID), and checks both survive untouched.
plant_and_run() {
	mkdir "$d/plant"
	set +e
	bash -c 'ln -s "$1/victim" "$1/plant/walbench.$$.0.tmp" && shift && exec "$@"' \
		plant "$d" "$WALBENCH" "$@" >"$OUT" 2>"$ERR"
	rc=$?
	set -e
	[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "$1 with a planted symlink: exit $rc: $(cat "$ERR")"
	[ "$(sha256sum <"$d/victim")" = "$sum" ] || fail "$1: the planted symlink was followed"
	[ "$(find "$d/plant" -mindepth 1 | wc -l)" = 1 ] && [ -L "$d/plant/$(ls "$d/plant")" ] ||
		fail "$1: want only the planted symlink left: $(ls -la "$d/plant")"
	rm -r "$d/plant"
}
plant_and_run run --dir "$d/plant" --method fdatasync --duration 50ms
plant_and_run compat -f "$d/plant" -s 50ms
plant_and_run qualify "$d/plant" --duration 1s --slice 500ms

# A symlink to a directory is accepted (pg_wal is often one); the file goes inside.
mkdir "$d/real"
ln -s "$d/real" "$d/dirlink"
expect_exit 0 "$WALBENCH" run --dir "$d/dirlink" --method fdatasync --duration 50ms
assert_no_files "$d"
pass
