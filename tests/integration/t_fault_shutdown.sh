#!/usr/bin/env bash
# t_fault_shutdown.sh — the file system is shut down under a running walbench
# (`xfs_io -x -c shutdown`, as xfs does itself on a metadata I/O error; ext4
# takes the same ioctl): a loop xfs measured through the page cache, a loop ext4
# through O_DIRECT. Exit 3, the rows and the JSON say the call in flight failed
# with EIO, a durability failure when that call was a sync. The test file cannot
# be unlinked on a shut-down file system: walbench says it is left and where,
# never that it removed it; after a remount `walbench clean` removes it. qualify,
# recommend and compat under the same shutdown: no verdict, no recommendation, a
# failed line, exit 3, the file named. Mounts,
# loop devices and images are removed on every exit path.
. "$(dirname "$0")/lib.sh"
set -e
command -v xfs_io >/dev/null || skip "xfs_io missing"
wb_tmpdir out

# shut_down_midway MNT CMD...: starts CMD, shuts MNT's file system down 1 s in,
# and wants exit 3 and the test file it could not remove named, never claimed
# removed. Leaves CMD's pid in $pid, its output in $OUT and $ERR.
shut_down_midway() {
	local mnt=$1
	shift
	"$@" >"$OUT" 2>"$ERR" &
	pid=$!
	on_exit "kill -9 $pid"
	wait_for_files "$mnt"
	sleep 1 # into the timed trials
	xfs_io -x -c shutdown "$mnt" || fail "xfs_io shutdown of $mnt failed"
	wait_rc "$pid"
	[ "$rc" = 3 ] || fail "$2: exit $rc, want 3; stderr: $(cat "$ERR")"
	grep -q "^walbench: removing $mnt/walbench.$pid.0.tmp failed: Input/output error; the file is left there (\`walbench clean $mnt\` removes it once the file system allows)\$" "$ERR" ||
		fail "$2: the file left is not named: $(cat "$ERR")"
	! grep -q 'removed' "$ERR" || fail "$2: claims a removal: $(cat "$ERR")"
}

# remount_and_clean MNT: after a remount (the journal replayed) the file left by
# $pid is there, and `walbench clean` removes it.
remount_and_clean() {
	local mnt=$1 file=$1/walbench.$pid.0.tmp
	umount "$mnt"
	mount "$LOOP_DEV" "$mnt" || fail "cannot remount $LOOP_DEV after the shutdown"
	[ -f "$file" ] || fail "no leftover after the remount: $(ls -A "$mnt")"
	expect_exit 0 "$WALBENCH" clean "$mnt"
	grep -q "^removed $file (.*): process $pid no longer exists\$" "$OUT" || fail "clean: $(cat "$OUT")"
	assert_no_files "$mnt"
}

# shutdown_run MNT ENGINE: run's rows and JSON say the call in flight failed.
shutdown_run() {
	local mnt=$1 engine=$2
	shut_down_midway "$mnt" "$WALBENCH" run --dir "$mnt" --engine "$engine" \
		--method fdatasync,fsync --budget 60s --min-trials 100000 --json "$out/$engine.json"
	# Whatever call was in flight fails: the write, the sync, or the next trial's open.
	error_row fdatasync "$engine" '.*: Input/output error'
	error_row fsync "$engine" '.*: Input/output error'
	json_tests "$out/$engine.json" 2 fdatasync fsync
	json_check "$out/$engine.json" 'all(t["status"] == "error" and t["errno_name"] == "EIO" for t in d["tests"])'
	# A failed sync (or close) is a durability failure; a failed write or open is not.
	json_check "$out/$engine.json" 'all(t["durability_failure"] == (t["failure"]["call"] in ("fdatasync", "fsync", "close")) for t in d["tests"])'
	if grep -q '"durability_failure":	true' "$out/$engine.json"; then
		grep -q 'DURABILITY FAILURE' "$ERR" || fail "$engine: a failed sync, not loud: $(cat "$ERR")"
	fi
	remount_and_clean "$mnt"
}

# shutdown_cmd MNT HEADLINE CMD...: compat, recommend or qualify: HEADLINE (a
# regex) on stdout.
shutdown_cmd() {
	local mnt=$1 headline=$2
	shift 2
	shut_down_midway "$mnt" "$@"
	grep -Eq "$headline" "$OUT" || fail "$2: no '$headline' in: $(head -8 "$OUT")"
	remount_and_clean "$mnt"
}

# mkfs.xfs (xfsprogs >= 5.19) refuses new file systems under 300 MiB; sparse, it costs ~nothing.
loop_fs xfs_mnt xfs 300M
shutdown_run "$xfs_mnt" sync
shutdown_cmd "$xfs_mnt" '^No verdict: ' "$WALBENCH" qualify "$xfs_mnt" --duration 60s --slice 1s \
	--json "$out/q.json"
json_check "$out/q.json" 'd["qualification"]["headline"].startswith("No verdict: ")'
json_check "$out/q.json" 'any(t["status"] == "error" and t["errno_name"] == "EIO" for t in d["tests"])'
shutdown_cmd "$xfs_mnt" '^NO RECOMMENDATION' "$WALBENCH" recommend "$xfs_mnt" --workload oltp \
	--budget 60s
shutdown_cmd "$xfs_mnt" 'failed: EIO' "$WALBENCH" compat -f "$xfs_mnt" -s 5
loop_fs ext4_mnt ext4 64M
shutdown_run "$ext4_mnt" direct
pass
