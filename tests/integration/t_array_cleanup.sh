#!/usr/bin/env bash
# t_array_cleanup.sh — the array helper (loop_btrfs) removes its mount and every
# loop device when the test is stopped by a signal: a child builds a btrfs raid5
# over three loop devices, says what it made, and is sent SIGTERM; then no mount
# and no loop device over its images may remain. Skips (77) where the child
# cannot build the array.
. "$(dirname "$0")/lib.sh"
set -e
need_root

wb_tmpdir d
# The sleep runs in the background so the TERM trap runs at once, not after it.
bash -c '. "$1/lib.sh"; set -e; loop_btrfs mnt raid5 3; sleep 300 & on_exit "kill $!";
	echo "$mnt" >"$2/made.tmp"; mv "$2/made.tmp" "$2/made"; wait' \
	_ "$(dirname "$0")" "$d" >"$d/child.out" 2>&1 &
child=$!
on_exit "kill $child"
for ((i = 0; i < 600; i++)); do
	[ ! -e "$d/made" ] && kill -0 "$child" 2>/dev/null || break
	sleep 0.1
done
if [ ! -e "$d/made" ]; then
	rc=0
	wait "$child" || rc=$?
	[ "$rc" = 77 ] && skip "the child could not build the array: $(tail -1 "$d/child.out")"
	fail "the child made no array (exit $rc): $(cat "$d/child.out")"
fi
mnt=$(cat "$d/made")
grep -q " ${mnt} " /proc/self/mountinfo || fail "the child's mount $mnt is not there to begin with"
[ "$(losetup -a | grep -cF "${mnt%/mnt}/image")" = 3 ] || fail "the child's 3 loop devices are not there: $(losetup -a)"
kill -TERM "$child"
rc=0
wait "$child" || rc=$?
[ "$rc" = 143 ] || fail "the child exited $rc on SIGTERM, want 143: $(cat "$d/child.out")"
! grep -q " ${mnt} " /proc/self/mountinfo || fail "$mnt is still mounted after SIGTERM"
left=$(losetup -a | grep -F "${mnt%/mnt}/image" || true)
[ -z "$left" ] || fail "loop devices left after SIGTERM: $left"
[ ! -e "${mnt%/mnt}" ] || fail "the child's directory ${mnt%/mnt} is left"
pass
