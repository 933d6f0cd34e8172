#!/usr/bin/env bash
# t_fault_shutdown.sh — the file system is shut down under a running walbench
# (`xfs_io -x -c shutdown` on a loop xfs, as xfs does itself on a metadata I/O
# error): exit 3, the row and the JSON say the sync failed with EIO and that it
# is a durability failure. The test file cannot be unlinked on a shut-down file
# system: walbench says it is left and where, never that it removed it; after a
# remount `walbench clean` removes it. The mount, loop device and image are
# removed on every exit path.
. "$(dirname "$0")/lib.sh"
set -e
command -v xfs_io >/dev/null || skip "xfs_io missing"
wb_tmpdir out
# mkfs.xfs (xfsprogs >= 5.19) refuses new file systems under 300 MiB; sparse, it costs ~nothing.
loop_fs mnt xfs 300M

"$WALBENCH" run --dir "$mnt" --method fdatasync,fsync --budget 60s --json "$out/r.json" \
	>"$OUT" 2>"$ERR" &
pid=$!
on_exit "kill -9 $pid"
wait_for_files "$mnt"
sleep 1 # into the timed trials
xfs_io -x -c shutdown "$mnt" || fail "xfs_io shutdown failed"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 3 ] || fail "exit $rc, want 3; stderr: $(cat "$ERR")"

# Whatever call was in flight fails: the write, the sync, or the next trial's open.
for m in fdatasync fsync; do
	grep -Eq "^$m +sync +8kB +1 +1 error: .*: Input/output error\$" "$OUT" ||
		fail "no $m error row: $(cat "$OUT")"
done
json_check "$out/r.json" 'all(t["status"] == "error" and t["errno_name"] == "EIO" for t in d["tests"])'
# A failed sync (or close) is a durability failure; a failed write or open is not.
json_check "$out/r.json" 'all(t["durability_failure"] == (t["failure"]["call"] in ("fdatasync", "fsync", "close")) for t in d["tests"])'
if grep -q '"durability_failure":	true' "$out/r.json"; then
	grep -q 'DURABILITY FAILURE' "$ERR" || fail "a failed sync, not loud: $(cat "$ERR")"
fi

# The file could not be unlinked: walbench says so and where, and claims nothing else.
file=$mnt/walbench.$pid.0.tmp
grep -q "^walbench: removing $file failed: Input/output error; the file is left there (\`walbench clean $mnt\` removes it once the file system allows)\$" "$ERR" ||
	fail "the file left is not named: $(cat "$ERR")"
! grep -q 'removed' "$ERR" || fail "claims a removal: $(cat "$ERR")"

# After a remount (xfs replays its log) the file is there, and clean removes it.
umount "$mnt"
mount "$LOOP_DEV" "$mnt" || fail "cannot remount after the shutdown"
[ -f "$file" ] || fail "no leftover after the remount: $(ls -A "$mnt")"
expect_exit 0 "$WALBENCH" clean "$mnt"
grep -q "^removed $file (.*): process $pid no longer exists\$" "$OUT" || fail "clean: $(cat "$OUT")"
assert_no_files "$mnt"
pass
