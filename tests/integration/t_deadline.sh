#!/usr/bin/env bash
# t_deadline.sh — a test that runs past its time still removes what it set up:
# deadline.sh (which runs every integration test, tests/CMakeLists.txt) stops
# it with SIGTERM, its whole tree, so its cleanup runs, where ctest's own
# timeout is a SIGKILL that leaves loop devices, mounts and processes behind.
# A test made to hang: a temporary directory, a background process, (as root)
# a loop device with a mounted file system, and a foreground command under
# timeout(1), which puts it in a process group of its own. Then one that
# ignores SIGTERM: killed after the grace, and said to be. And one that ends
# in time keeps its own status, and does not wait for the watchdog, even when
# it ends before the watchdog has set itself up.
. "$(dirname "$0")/lib.sh"
set -e
here=$(cd "$(dirname "$0")" && pwd)
wb_tmpdir d

# The hanging test; $d/state/ says what it set up, once it has.
mkdir "$d/state" "$d/mnt"
cat >"$d/hang.sh" <<EOF
. '$here/lib.sh'
set -e
state='$d/state'
mkdir "\$state/dir"
on_exit "rm -rf '\$state/dir'"
sleep 1000 &
echo \$! >"\$state/bg"
on_exit "kill \$! 2>/dev/null"
if [ "\$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null; then
	truncate -s 32M '$d/img'
	loop=\$(timeout 30 losetup -f --show '$d/img')
	on_exit "timeout 30 losetup -d \$loop"
	echo "\$loop" >"\$state/loop"
	timeout 60 mkfs.ext4 -q "\$loop"
	timeout 30 mount "\$loop" '$d/mnt'
	on_exit "timeout 30 umount '$d/mnt'"
fi
touch "\$state/ready"
timeout 600 sleep 600
EOF
# Whatever happens here, nothing of the hanging test outlives this one.
on_exit "mountpoint -q '$d/mnt' && umount '$d/mnt'; losetup -j '$d/img' 2>/dev/null | cut -d: -f1 | xargs -r -n1 losetup -d"
on_exit "[ -f '$d/state/bg' ] && kill \$(cat '$d/state/bg')"

set +e
WALBENCH=$WALBENCH timeout 120 bash "$here/deadline.sh" 5 20 bash "$d/hang.sh" >"$OUT" 2>"$ERR"
rc=$?
set -e
[ -f "$d/state/ready" ] || fail "the hanging test did not set up in 5 s: $(cat "$ERR")"
[ "$rc" = 124 ] || fail "a test past its deadline: exit $rc, want 124: $(cat "$ERR")"
grep -q 'hang.sh ran past 5 s' "$ERR" || fail "the deadline is not said: $(cat "$ERR")"
grep -q 'ended (exit 143) after the SIGTERM' "$ERR" ||
	fail "the test did not end through its TERM trap: $(cat "$ERR")"
[ ! -e "$d/state/dir" ] || fail "its temporary directory was left behind"
! kill -0 "$(cat "$d/state/bg")" 2>/dev/null || fail "its background process was left running"
if [ -f "$d/state/loop" ]; then
	! mountpoint -q "$d/mnt" || fail "its file system was left mounted on $d/mnt"
	[ -z "$(losetup -j "$d/img")" ] || fail "its loop device was left: $(losetup -j "$d/img")"
else
	echo "not root: the loop device and mount were not tried" >&2
fi
! pgrep -f "$d/hang.sh" >/dev/null || fail "the hanging test still runs"

# A test that ignores SIGTERM: killed after the grace, every process of it.
cat >"$d/deaf.sh" <<EOF
trap '' TERM
while :; do sleep 1000; done
EOF
set +e
timeout 120 bash "$here/deadline.sh" 2 2 bash "$d/deaf.sh" >"$OUT" 2>"$ERR"
rc=$?
set -e
[ "$rc" = 124 ] || fail "a test deaf to SIGTERM: exit $rc, want 124: $(cat "$ERR")"
grep -q 'still running 2 s later: killed' "$ERR" || fail "the kill is not said: $(cat "$ERR")"
! pgrep -f "$d/deaf.sh" >/dev/null || fail "the test deaf to SIGTERM still runs"

# In time: its own status, at once (the watchdog's sleep does not hold it).
for want in 0 1 77; do
	t0=$SECONDS
	set +e
	timeout 60 bash "$here/deadline.sh" 30 5 bash -c "exit $want" >"$OUT" 2>"$ERR"
	rc=$?
	set -e
	[ "$rc" = "$want" ] || fail "a test that exits $want in time: exit $rc: $(cat "$ERR")"
	[ $((SECONDS - t0)) -lt 10 ] || fail "a test that exits at once took $((SECONDS - t0)) s"
	[ ! -s "$ERR" ] || fail "a test in time drew words: $(cat "$ERR")"
done
# One that ends at once can beat the watchdog to its TERM trap (or to its
# first sleep): still its own status. Before, 13 of 300 failed with 124.
for i in $(seq 200); do
	timeout 60 bash "$here/deadline.sh" 30 5 bash -c "exit 77" >"$OUT" 2>"$ERR" && rc=0 || rc=$?
	[ "$rc" = 77 ] || fail "run $i of a test that exits at once: exit $rc: $(cat "$ERR")"
done
pass
