# shellcheck shell=bash
# volumes.sh — build and tear down one test volume of a given kind (tmp, ext4, xfs, btrfs, zram,
# throttled) for benchmark and validation scripts: source it, `vol_create KIND`, work in $VOL_DIR
# (run I/O through `vol_exec CMD...` so a throttled volume throttles it), then `vol_destroy`.
# Traps: one volume at a time per shell; needs root (vol_require_root); vol_create sets EXIT/INT/TERM
# traps that call vol_destroy unless VOL_TRAPS=0 (then the caller's own trap must call it). The blkio
# throttle sees only I/O submitted from inside the cgroup: journal commits done by a kernel thread
# (ext4's jbd2, xfs's log worker) and writeback by the flusher threads are not throttled.
# Run directly (`bash volumes.sh [KIND...]`), it creates, checks and destroys each kind and checks
# that nothing is left behind.

# --- settings (environment, read by vol_create) ------------------------------------------------
VOL_PREFIX=${VOL_PREFIX:-wbvol}  # names temp dirs and cgroups: PREFIX-PID-KIND, unique per shell
VOL_BASE=${VOL_BASE:-/tmp}       # the host file system: tmp volumes and loop images live here
VOL_SIZE=${VOL_SIZE:-4G}         # loop image and zram disk size (images are sparse)
VOL_IOPS=${VOL_IOPS:-150}        # throttled: write IOPS, 150 ≈ one 7200 rpm disk (60 s / 7200 = 8.3 ms a turn)
VOL_LOOP_DIO=${VOL_LOOP_DIO:-on} # loop direct I/O to the image: on keeps the host page cache out
VOL_TRAPS=${VOL_TRAPS:-1}

# Every kind vol_create knows, in the order a full run uses.
# shellcheck disable=SC2034 # used by the scripts that source this file
VOL_KINDS="tmp ext4 xfs btrfs zram throttled"

readonly VOL_SKIP=77 # vol_create's status when this machine cannot make the kind

# --- state: what exists now; vol_destroy undoes what is set and clears it ----------------------
VOL_KIND=""   # the kind made by the last vol_create
VOL_DIR=""    # a writable directory on the volume, for the caller
VOL_DEV=""    # the block device under VOL_DIR ("" for tmp)
VOL_FSTYPE="" # file system of VOL_DIR
VOL_ROOT=""   # temp dir holding the image and the mount point (tmp: VOL_DIR's parent)
VOL_MNT=""    # mount point, while mounted
VOL_LOOP=""   # loop device, while attached
VOL_ZRAM=""   # zram device, while its disksize is set
VOL_CGROUP="" # blkio cgroup directory, while it exists
VOL_HOOKS=()  # commands vol_destroy runs first, last registered first (vol_at_destroy)

vol_msg() {
	echo "${0##*/}: volumes: $*" >&2
}

# Dies with exit 2 unless root; callers that would rather skip test `[[ $EUID == 0 ]]` themselves.
vol_require_root() {
	if [[ $EUID != 0 ]]; then
		vol_msg "must run as root: it attaches loop devices, mounts, sets zram and blkio cgroups"
		exit 2
	fi
}

# Runs COMMAND... at the start of vol_destroy (e.g. stop a server before its volume is unmounted).
vol_at_destroy() { # COMMAND...
	VOL_HOOKS+=("$*")
}

# --- building ----------------------------------------------------------------------------------
# Sets VOL_KIND, VOL_DIR, VOL_DEV, VOL_FSTYPE. Returns 0, VOL_SKIP (77) with a message when the
# kind cannot be made here, or 1 with a message on failure (after undoing what it had done).
vol_create() { # KIND
	local kind=${1:-} rc=0
	if [[ -n $VOL_KIND ]]; then
		vol_msg "vol_create $kind: a $VOL_KIND volume exists already (one at a time)"
		return 1
	fi
	case $kind in
	tmp | ext4 | xfs | btrfs | zram | throttled) ;;
	*)
		vol_msg "unknown volume kind '$kind' (kinds: $VOL_KINDS)"
		return 1
		;;
	esac
	if [[ $VOL_TRAPS == 1 ]]; then
		trap vol__exit_trap EXIT
		trap 'exit 130' INT
		trap 'exit 143' TERM
	fi
	VOL_KIND=$kind
	VOL_ROOT=$(mktemp -d "$VOL_BASE/$VOL_PREFIX-$$-$kind.XXXXXX") || {
		VOL_KIND=""
		return 1
	}
	chmod 755 "$VOL_ROOT" # VOL_DIR is for unprivileged users too (a database server, say)
	case $kind in
	tmp) vol__make_tmp || rc=$? ;;
	ext4 | xfs | btrfs) vol__make_loop "$kind" || rc=$? ;;
	zram) vol__make_zram || rc=$? ;;
	throttled) vol__make_throttled || rc=$? ;;
	esac
	if ((rc != 0)); then
		vol_destroy
		return "$rc"
	fi
	VOL_FSTYPE=$(findmnt -n -o FSTYPE -T "$VOL_DIR" | tail -n 1)
}

vol__make_tmp() {
	VOL_DIR=$VOL_ROOT/dir
	mkdir "$VOL_DIR"
}

vol__need() { # PROGRAM PACKAGE
	command -v "$1" >/dev/null && return 0
	vol_msg "$VOL_KIND: $1 not found (apt-get install $2)"
	return "$VOL_SKIP"
}

# Formats DEV with FSTYPE and mounts it on VOL_ROOT/mnt; VOL_DIR is a directory inside it, so the
# caller never writes to the file system's root (lost+found, btrfs's subvolume root).
vol__mkfs_mount() { # DEV FSTYPE
	local dev=$1 fs=$2 out
	# ext4: initialise the inode tables and journal now, or ext4lazyinit writes them in the
	# background during the first minutes of the benchmark.
	case $fs in
	ext4) out=$(mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$dev" 2>&1) ;;
	xfs) out=$(mkfs.xfs -q -f "$dev" 2>&1) ;;
	btrfs) out=$(mkfs.btrfs -q -f "$dev" 2>&1) ;;
	esac || {
		vol_msg "mkfs.$fs $dev failed: $out"
		return 1
	}
	mkdir "$VOL_ROOT/mnt"
	mount -t "$fs" "$dev" "$VOL_ROOT/mnt" || {
		vol_msg "mount $dev failed"
		return 1
	}
	VOL_MNT=$VOL_ROOT/mnt
	VOL_DIR=$VOL_MNT/dir
	mkdir "$VOL_DIR"
}

# A sparse image in VOL_BASE on a free loop device (losetup -f, never a fixed /dev/loopN).
vol__attach_loop() {
	local img=$VOL_ROOT/image dio
	truncate -s "$VOL_SIZE" "$img"
	VOL_LOOP=$(losetup -f --show --direct-io="$VOL_LOOP_DIO" "$img") || {
		VOL_LOOP=""
		vol_msg "losetup -f --show $img failed (no free loop device, or no loop module?)"
		return 1
	}
	VOL_DEV=$VOL_LOOP
	# losetup only warns when the backing file system refuses O_DIRECT: report what we got.
	dio=$(cat "/sys/block/${VOL_LOOP#/dev/}/loop/dio" 2>/dev/null || echo "?")
	[[ $VOL_LOOP_DIO != on || $dio == 1 ]] ||
		vol_msg "$VOL_LOOP: direct I/O refused by $(findmnt -n -o FSTYPE -T "$VOL_BASE"), buffered loop"
}

vol__make_loop() { # FSTYPE
	vol__need "mkfs.$1" "$(vol__package "$1")" || return
	vol__attach_loop || return
	vol__mkfs_mount "$VOL_LOOP" "$1"
}

vol__package() { # FSTYPE
	case $1 in
	ext4) echo e2fsprogs ;;
	xfs) echo xfsprogs ;;
	btrfs) echo btrfs-progs ;;
	esac
}

# zram0 only, and only when nobody uses it: a disksize other than 0 means someone set it up.
vol__make_zram() {
	local z=/sys/block/zram0
	if [[ ! -e /dev/zram0 || ! -e $z/disksize ]]; then
		modprobe zram num_devices=1 2>/dev/null || true
	fi
	if [[ ! -e /dev/zram0 || ! -e $z/disksize ]]; then
		vol_msg "zram: /dev/zram0 is absent (no zram module), skipped"
		return "$VOL_SKIP"
	fi
	if [[ $(cat $z/disksize) != 0 ]]; then
		vol_msg "zram: /dev/zram0 is in use (disksize $(cat $z/disksize)), skipped"
		return "$VOL_SKIP"
	fi
	vol__need mkfs.ext4 e2fsprogs || return
	# The kernel refuses (EBUSY) when another process initialised it since the check above.
	if ! (echo "$VOL_SIZE" >$z/disksize) 2>/dev/null; then
		vol_msg "zram: setting /dev/zram0 disksize failed (taken meanwhile?), skipped"
		return "$VOL_SKIP"
	fi
	VOL_ZRAM=/dev/zram0
	VOL_DEV=$VOL_ZRAM
	vol__mkfs_mount "$VOL_ZRAM" ext4
}

# ext4 on a loop device, written through a blkio (cgroup v1) group that allows VOL_IOPS writes a
# second to that device. Each bio counts, and so does each cache flush: an O_DSYNC overwrite is a
# write plus a flush, two I/Os. Loop direct I/O does not change the count (measured on 6.18).
vol__make_throttled() {
	local blkio=/sys/fs/cgroup/blkio majmin
	if [[ ! -e $blkio/blkio.throttle.write_iops_device ]]; then
		vol_msg "throttled: no cgroup v1 blkio hierarchy with throttling at $blkio, skipped"
		return "$VOL_SKIP"
	fi
	vol__make_loop ext4 || return
	majmin=$(lsblk -dno MAJ:MIN "$VOL_LOOP" | tr -d ' ')
	mkdir "$blkio/$VOL_PREFIX-$$-throttled" || return 1
	VOL_CGROUP=$blkio/$VOL_PREFIX-$$-throttled
	echo "$majmin $VOL_IOPS" >"$VOL_CGROUP/blkio.throttle.write_iops_device" || {
		vol_msg "throttled: setting write_iops_device '$majmin $VOL_IOPS' failed"
		return 1
	}
}

# --- using -------------------------------------------------------------------------------------
# Runs COMMAND... (a program or a shell function) in the volume's cgroup: the subshell moves itself
# in, then execs, so only the command and its children are throttled, never the caller. Without a
# cgroup, runs it plainly.
vol_exec() { # COMMAND...
	if [[ -z $VOL_CGROUP ]]; then
		"$@"
		return
	fi
	(
		echo "$BASHPID" >"$VOL_CGROUP/cgroup.procs" || exit 1
		# A shell function cannot be exec'd: run it in this subshell, which is in the cgroup.
		[[ $(type -t "$1") != function ]] || { "$@"; exit; }
		exec "$@"
	)
}

# --- tearing down ------------------------------------------------------------------------------
# Undoes everything vol_create did, in reverse order, whatever state it got to; safe to call again.
# Never exits: a step that fails is reported and the next one still runs. Returns 1 if one failed.
vol_destroy() {
	local fail=0 i pids blkio=/sys/fs/cgroup/blkio
	for ((i = ${#VOL_HOOKS[@]} - 1; i >= 0; i--)); do
		eval "${VOL_HOOKS[i]}" || vol_msg "destroy hook failed: ${VOL_HOOKS[i]}"
	done
	VOL_HOOKS=()
	if [[ -n $VOL_CGROUP && -d $VOL_CGROUP ]]; then
		# Processes left in the group would keep the mount busy: TERM, then KILL, then move out.
		pids=$(cat "$VOL_CGROUP/cgroup.procs" 2>/dev/null || true)
		if [[ -n $pids ]]; then
			vol_msg "killing processes left in $VOL_CGROUP: ${pids//$'\n'/ }"
			# shellcheck disable=SC2086 # one pid per word
			kill -TERM $pids 2>/dev/null || true
			for i in 1 2 3 4 5 6 7 8 9 10; do
				[[ -z $(cat "$VOL_CGROUP/cgroup.procs" 2>/dev/null) ]] && break
				sleep 0.5
			done
			pids=$(cat "$VOL_CGROUP/cgroup.procs" 2>/dev/null || true)
			# shellcheck disable=SC2086
			[[ -z $pids ]] || kill -KILL $pids 2>/dev/null || true
			sleep 0.2
		fi
		while read -r i; do
			echo "$i" >"$blkio/cgroup.procs" 2>/dev/null || true
		done <"$VOL_CGROUP/cgroup.procs"
		rmdir "$VOL_CGROUP" 2>/dev/null || { vol_msg "rmdir $VOL_CGROUP failed"; fail=1; }
	fi
	[[ -d ${VOL_CGROUP:-/nonexistent} ]] || VOL_CGROUP=""
	if [[ -n $VOL_MNT ]]; then
		for i in 1 2 3 4 5; do
			umount "$VOL_MNT" 2>/dev/null && break
			sleep 1
		done
		if findmnt -n "$VOL_MNT" >/dev/null; then
			vol_msg "umount $VOL_MNT failed (busy: $(fuser -m "$VOL_MNT" 2>&1 | tr -s ' '))"
			fail=1
		else
			VOL_MNT=""
		fi
	fi
	if [[ -n $VOL_LOOP && -z $VOL_MNT ]]; then
		if losetup -d "$VOL_LOOP"; then
			VOL_LOOP=""
		else
			fail=1
		fi
	fi
	if [[ -n $VOL_ZRAM && -z $VOL_MNT ]]; then
		if echo 1 >/sys/block/zram0/reset; then
			VOL_ZRAM=""
		else
			vol_msg "zram0 reset failed"
			fail=1
		fi
	fi
	# The image and the mount point go only once nothing is mounted on or attached to them.
	if [[ -n $VOL_ROOT && -z $VOL_MNT && -z $VOL_LOOP ]]; then
		rm -rf -- "$VOL_ROOT" && VOL_ROOT=""
	fi
	if ((fail == 0)); then
		VOL_KIND="" VOL_DIR="" VOL_DEV="" VOL_FSTYPE=""
	fi
	return "$fail"
}

vol__exit_trap() {
	local rc=$?
	trap - EXIT INT TERM
	if ! vol_destroy && ((rc == 0)); then
		rc=1
	fi
	exit "$rc"
}

# Prints what this shell's volumes left on the machine (nothing when clean); for tests.
vol_leftovers() {
	local p="$VOL_PREFIX-$$-"
	losetup -a | grep -F "$VOL_BASE/$p" || true
	findmnt -rn -o TARGET | grep -F "$VOL_BASE/$p" || true
	find /sys/fs/cgroup/blkio -maxdepth 1 -name "$p*" 2>/dev/null || true
	find "$VOL_BASE" -maxdepth 1 -name "$p*" 2>/dev/null || true
}

# --- self-test: bash volumes.sh [KIND...] ------------------------------------------------------
vol__selftest_throttle() {
	# 300 O_DSYNC 8 kB overwrites: each is a write and a flush, so 2 I/Os against VOL_IOPS.
	local f=$VOL_DIR/dd.test out secs rate
	dd if=/dev/zero of="$f" bs=8k count=300 status=none
	sync
	out=$(vol_exec dd if=/dev/zero of="$f" bs=8k count=300 oflag=dsync conv=notrunc 2>&1 | tail -n 1)
	secs=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^s,?$/) print $(i - 1) }' <<<"$out")
	rate=$(awk -v s="$secs" 'BEGIN { printf "%.0f", 300 / s }')
	echo "  8 kB O_DSYNC overwrites in the cgroup: $rate/s (limit $VOL_IOPS I/Os a second)"
	((rate <= VOL_IOPS * 11 / 10)) || {
		echo "  FAIL: the throttle does not bite"
		return 1
	}
}

vol__selftest() {
	local kind rc fail=0 left kinds=("$@")
	set -uo pipefail
	vol_require_root
	((${#kinds[@]})) || read -ra kinds <<<"$VOL_KINDS"
	for kind in "${kinds[@]}"; do
		rc=0
		vol_create "$kind" || rc=$?
		if ((rc == VOL_SKIP)); then
			echo "$kind: skipped"
			continue
		elif ((rc != 0)); then
			echo "$kind: FAIL (vol_create exit $rc)"
			fail=1
			continue
		fi
		echo "$kind: $VOL_DIR on ${VOL_DEV:-(host)} ($VOL_FSTYPE)${VOL_CGROUP:+, cgroup $VOL_CGROUP}"
		echo hello >"$VOL_DIR/f" && sync "$VOL_DIR/f" || fail=1
		[[ $kind != throttled ]] || vol__selftest_throttle || fail=1
		vol_destroy || fail=1
		vol_destroy || fail=1 # again: nothing to do, no error
		left=$(vol_leftovers)
		[[ $kind != zram || $(cat /sys/block/zram0/disksize) == 0 ]] ||
			left+="zram0 disksize $(cat /sys/block/zram0/disksize)"
		if [[ -n $left ]]; then
			echo "  FAIL: left behind: $left"
			fail=1
		fi
	done
	return "$fail"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	vol__selftest "$@"
	exit
fi
