# shellcheck shell=bash
# volumes.sh — build and tear down test volumes of given kinds (tmp, shm, ext4, xfs, btrfs, zram,
# zram-xfs, throttled, throttled-xfs, slowdisk) for benchmark and validation scripts: source it,
# `vol_create KIND` (as often as needed: VOL_DIR etc. name the last one made, the VOLS_* arrays all
# of them), work in the directories (run I/O through `vol_exec CMD...` so the throttled volumes
# throttle it), then `vol_destroy`, which tears down every volume, last made first. throttled is a
# loop ext4 held to VOL_IOPS in a child blkio cgroup, throttled-xfs the same on xfs.
# Traps: needs root (vol_require_root); vol_create sets EXIT/INT/TERM traps that call vol_destroy
# unless VOL_TRAPS=0 (then the caller's own trap must call it). All throttled volumes of a shell share
# ONE blkio cgroup (VOL_CGROUP), a rule per device, so vol_exec throttles a process on each of them at
# once, each device to its own budget. The blkio throttle sees only I/O submitted from inside the
# cgroup: journal commits done by a kernel thread (ext4's jbd2, xfs's log worker) and writeback by the
# flusher threads are not throttled, so fsync comes out cheaper than on a real slow disk. slowdisk
# is the faithful one: its rule is the root cgroup's, and vol_exec runs its commands there, so they
# share one budget with those kernel threads (and every other process); at 150 IOPS it orders the
# methods as a 7200 rpm disk does (fdatasync ~ open_datasync > fsync). A child cgroup's rule beside
# it would be a second budget, not a share of one: with the writer in a child group, fsync still
# came out ahead. Its root rule is removed ("MAJ:MIN 0") by vol_destroy, on every exit path the
# traps see. zram is one device (zram0): one zram volume at a time (ext4 on it, or xfs for
# zram-xfs).
# Run directly (`bash volumes.sh [KIND...]`), it creates, checks and destroys each kind, then two
# throttled volumes and a shm directory at once (`multi`), and checks that nothing is left behind.

# --- settings (environment, read by vol_create) ------------------------------------------------
VOL_PREFIX=${VOL_PREFIX:-wbvol}  # names temp dirs and cgroups: PREFIX-PID-KIND, unique per shell
VOL_BASE=${VOL_BASE:-/tmp}       # the host file system: tmp volumes and loop images live here
VOL_SHM=${VOL_SHM:-/dev/shm}     # a tmpfs: shm volumes live here (RAM: no device, nothing to throttle)
VOL_SIZE=${VOL_SIZE:-4G}         # loop image and zram disk size (images are sparse)
VOL_IOPS=${VOL_IOPS:-150}        # throttled: write IOPS, 150 ≈ one 7200 rpm disk (60 s / 7200 = 8.3 ms a turn);
                                 # read at each vol_create, so two volumes may have different budgets
VOL_LOOP_DIO=${VOL_LOOP_DIO:-on} # loop direct I/O to the image: on keeps the host page cache out
VOL_TRAPS=${VOL_TRAPS:-1}

# Every kind vol_create knows, in the order a full run uses.
# shellcheck disable=SC2034 # used by the scripts that source this file
VOL_KINDS="tmp shm ext4 xfs btrfs zram zram-xfs throttled throttled-xfs slowdisk"

readonly VOL_SKIP=77 # vol_create's status when this machine cannot make the kind

# --- state: what exists now; vol_destroy undoes what is set and clears it ----------------------
# The VOL_* scalars describe the volume made last (one-volume callers need nothing else); the
# VOLS_* arrays hold every volume that exists, in the order made (index 0 first). Read them, never
# write them: vol_destroy walks them backwards.
VOL_KIND=""   # the kind made by the last vol_create
VOL_DIR=""    # a writable directory on the volume, for the caller
VOL_DEV=""    # the block device under VOL_DIR ("" for tmp and shm)
VOL_FSTYPE="" # file system of VOL_DIR
VOL_ROOT=""   # temp dir holding the image and the mount point (tmp, shm: VOL_DIR's parent)
VOL_MNT=""    # mount point, while mounted
VOL_LOOP=""   # loop device, while attached
VOL_ZRAM=""   # zram device, while its disksize is set
VOL_RULE=""   # throttled: the "MAJ:MIN IOPS" line it added to VOL_CGROUP, while there
VOL_RULE_ROOT="" # slowdisk: the same line in the root cgroup's file, while there
VOL_CGROUP="" # the shell's blkio cgroup, while it exists: shared by all its throttled volumes
VOL_HOOKS=()  # commands vol_destroy runs first, last registered first (vol_at_destroy)
VOLS_KIND=() VOLS_DIR=() VOLS_DEV=() VOLS_FSTYPE=() VOLS_ROOT=() VOLS_MNT=() VOLS_LOOP=()
VOLS_ZRAM=() VOLS_RULE=() VOLS_RULE_ROOT=()

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

# --- the list of volumes -----------------------------------------------------------------------
# The scalars are the working copy of one volume: vol_create fills them, then appends them to the
# arrays; vol_destroy loads each volume back into them to undo it.
vol__clear() {
	VOL_KIND="" VOL_DIR="" VOL_DEV="" VOL_FSTYPE="" VOL_ROOT="" VOL_MNT="" VOL_LOOP="" VOL_ZRAM=""
	VOL_RULE="" VOL_RULE_ROOT=""
}

vol__save() { # INDEX
	VOLS_KIND[$1]=$VOL_KIND VOLS_DIR[$1]=$VOL_DIR VOLS_DEV[$1]=$VOL_DEV VOLS_FSTYPE[$1]=$VOL_FSTYPE
	VOLS_ROOT[$1]=$VOL_ROOT VOLS_MNT[$1]=$VOL_MNT VOLS_LOOP[$1]=$VOL_LOOP VOLS_ZRAM[$1]=$VOL_ZRAM
	VOLS_RULE[$1]=$VOL_RULE VOLS_RULE_ROOT[$1]=$VOL_RULE_ROOT
}

vol__load() { # INDEX
	VOL_KIND=${VOLS_KIND[$1]} VOL_DIR=${VOLS_DIR[$1]} VOL_DEV=${VOLS_DEV[$1]}
	VOL_FSTYPE=${VOLS_FSTYPE[$1]} VOL_ROOT=${VOLS_ROOT[$1]} VOL_MNT=${VOLS_MNT[$1]}
	VOL_LOOP=${VOLS_LOOP[$1]} VOL_ZRAM=${VOLS_ZRAM[$1]} VOL_RULE=${VOLS_RULE[$1]}
	VOL_RULE_ROOT=${VOLS_RULE_ROOT[$1]}
}

# The scalars go back to naming the last volume that exists, as one-volume callers expect.
vol__load_last() {
	vol__clear
	((${#VOLS_KIND[@]} == 0)) || vol__load $((${#VOLS_KIND[@]} - 1))
}

vol__forget() { # INDEX; drops one volume from the arrays, keeping the others in order
	local i=$1 name
	for name in VOLS_KIND VOLS_DIR VOLS_DEV VOLS_FSTYPE VOLS_ROOT VOLS_MNT VOLS_LOOP VOLS_ZRAM VOLS_RULE \
		VOLS_RULE_ROOT; do
		local -n vol__a=$name
		vol__a=("${vol__a[@]:0:i}" "${vol__a[@]:i+1}")
		unset -n vol__a # so the next pass binds the name afresh instead of assigning through it
	done
}

# --- building ----------------------------------------------------------------------------------
# Makes one more volume; the ones made before stay. Sets VOL_KIND, VOL_DIR, VOL_DEV, VOL_FSTYPE
# (and appends them to VOLS_*). Returns 0, VOL_SKIP (77) with a message when the kind cannot be
# made here, or 1 with a message on failure, after undoing what it had done to this volume only.
vol_create() { # KIND
	local kind=${1:-} rc=0 base=$VOL_BASE had_cgroup=$VOL_CGROUP
	case $kind in
	tmp | shm | ext4 | xfs | btrfs | zram | zram-xfs | throttled | throttled-xfs | slowdisk) ;;
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
	vol__clear
	VOL_KIND=$kind
	[[ $kind != shm ]] || base=$VOL_SHM
	VOL_ROOT=$(mktemp -d "$base/$VOL_PREFIX-$$-$kind.XXXXXX") || {
		vol__load_last
		return 1
	}
	chmod 755 "$VOL_ROOT" # VOL_DIR is for unprivileged users too (a database server, say)
	case $kind in
	tmp) vol__make_tmp || rc=$? ;;
	shm) vol__make_shm || rc=$? ;;
	ext4 | xfs | btrfs) vol__make_loop "$kind" || rc=$? ;;
	zram) vol__make_zram ext4 || rc=$? ;;
	zram-xfs) vol__make_zram xfs || rc=$? ;;
	throttled) vol__make_throttled ext4 || rc=$? ;;
	throttled-xfs) vol__make_throttled xfs || rc=$? ;;
	slowdisk) vol__make_slowdisk || rc=$? ;;
	esac
	if ((rc != 0)); then
		vol__destroy_one || true
		# A cgroup made for this volume alone goes with it; one the others use stays.
		[[ -n $had_cgroup ]] || vol__drop_cgroup || true
		vol__load_last
		return "$rc"
	fi
	VOL_FSTYPE=$(findmnt -n -o FSTYPE -T "$VOL_DIR" | tail -n 1)
	vol__save ${#VOLS_KIND[@]}
}

vol__make_tmp() {
	VOL_DIR=$VOL_ROOT/dir
	mkdir "$VOL_DIR"
}

# A private directory in VOL_SHM, RAM-backed: what a battery-backed or NVRAM log device looks like
# to a flush (it returns at once). Refused unless VOL_SHM really is a tmpfs.
vol__make_shm() {
	local fs
	fs=$(findmnt -n -o FSTYPE -T "$VOL_ROOT" | tail -n 1)
	if [[ $fs != tmpfs ]]; then
		vol_msg "shm: $VOL_SHM is on ${fs:-an unknown file system}, not tmpfs, skipped"
		return "$VOL_SKIP"
	fi
	vol__make_tmp
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
vol__make_zram() { # FSTYPE
	local z=/sys/block/zram0 fs=$1
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
	vol__need "mkfs.$fs" "$(vol__package "$fs")" || return
	# The kernel refuses (EBUSY) when another process initialised it since the check above.
	if ! (echo "$VOL_SIZE" >$z/disksize) 2>/dev/null; then
		vol_msg "zram: setting /dev/zram0 disksize failed (taken meanwhile?), skipped"
		return "$VOL_SKIP"
	fi
	VOL_ZRAM=/dev/zram0
	VOL_DEV=$VOL_ZRAM
	vol__mkfs_mount "$VOL_ZRAM" "$fs"
}

# ext4 on a loop device, written through the shell's blkio (cgroup v1) group, which allows VOL_IOPS
# writes a second to that device. Each bio counts, and so does each cache flush: an O_DSYNC
# overwrite is a write plus a flush, two I/Os. Loop direct I/O does not change the count (measured
# on 6.18). v1 limits each device separately, so a second throttled volume gets its own budget.
vol__make_throttled() { # FSTYPE
	local blkio=/sys/fs/cgroup/blkio majmin fs=$1
	if [[ ! -e $blkio/blkio.throttle.write_iops_device ]]; then
		vol_msg "throttled: no cgroup v1 blkio hierarchy with throttling at $blkio, skipped"
		return "$VOL_SKIP"
	fi
	vol__make_loop "$fs" || return
	majmin=$(lsblk -dno MAJ:MIN "$VOL_LOOP" | tr -d ' ')
	if [[ -z $VOL_CGROUP ]]; then
		mkdir "$blkio/$VOL_PREFIX-$$-throttled" || return 1
		VOL_CGROUP=$blkio/$VOL_PREFIX-$$-throttled
	fi
	echo "$majmin $VOL_IOPS" >"$VOL_CGROUP/blkio.throttle.write_iops_device" || {
		vol_msg "throttled: setting write_iops_device '$majmin $VOL_IOPS' failed"
		return 1
	}
	VOL_RULE="$majmin $VOL_IOPS"
}

# A loop ext4 held to VOL_IOPS by a rule in the root cgroup: every process there and the kernel
# threads that commit the file system's journal share that one budget.
vol__make_slowdisk() {
	local root=/sys/fs/cgroup/blkio/blkio.throttle.write_iops_device majmin
	if [[ ! -e $root ]]; then
		vol_msg "slowdisk: no cgroup v1 blkio hierarchy with throttling at ${root%/*}, skipped"
		return "$VOL_SKIP"
	fi
	vol__make_loop ext4 || return
	majmin=$(lsblk -dno MAJ:MIN "$VOL_LOOP" | tr -d ' ')
	echo "$majmin $VOL_IOPS" >"$root" || {
		vol_msg "slowdisk: setting the root cgroup's write_iops_device '$majmin $VOL_IOPS' failed"
		return 1
	}
	VOL_RULE_ROOT="$majmin $VOL_IOPS"
}

# --- using -------------------------------------------------------------------------------------
# Runs COMMAND... (a program or a shell function) in the volume's cgroup: the subshell moves itself
# in, then execs, so only the command and its children are throttled, never the caller. Without a
# cgroup, or when the last volume made is a slowdisk (whose budget is the root cgroup's, shared
# with the journal threads), runs it plainly.
vol_exec() { # COMMAND...
	if [[ -z $VOL_CGROUP || $VOL_KIND == slowdisk ]]; then
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

# TERMs PID and every process under it, deepest first: a background job that calls vol_exec is
# two subshells above its command, and killing only the subshells leaves the command running.
vol_kill_tree() { # PID
	local c
	for c in $(ps -o pid= --ppid "$1"); do
		vol_kill_tree "$c"
	done
	kill -TERM "$1" 2>/dev/null || true
}

# --- tearing down ------------------------------------------------------------------------------
# Undoes everything the vol_create calls did, whatever state each got to: the hooks, the cgroup,
# then each volume, last made first. Safe to call again: a volume that could not be torn down stays
# listed for the next call. Never exits: a step that fails is reported and the next one still runs.
# Returns 1 if one failed.
vol_destroy() {
	local fail=0 i
	for ((i = ${#VOL_HOOKS[@]} - 1; i >= 0; i--)); do
		eval "${VOL_HOOKS[i]}" || vol_msg "destroy hook failed: ${VOL_HOOKS[i]}"
	done
	VOL_HOOKS=()
	# Before any unmount: a process left in the group may hold files on any of the volumes.
	vol__drop_cgroup || fail=1
	for ((i = ${#VOLS_KIND[@]} - 1; i >= 0; i--)); do
		vol__load "$i"
		if vol__destroy_one; then
			vol__forget "$i"
		else
			vol__save "$i" # what is still there, for the next call
			fail=1
		fi
	done
	vol__load_last
	return "$fail"
}

# Empties the shell's blkio cgroup and removes it (with it go the rules of every throttled volume).
vol__drop_cgroup() {
	local i pids blkio=/sys/fs/cgroup/blkio
	[[ -n $VOL_CGROUP ]] || return 0
	if [[ -d $VOL_CGROUP ]]; then
		# Processes left in the group would keep the mounts busy: TERM, then KILL, then move out.
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
		rmdir "$VOL_CGROUP" 2>/dev/null || {
			vol_msg "rmdir $VOL_CGROUP failed"
			return 1
		}
	fi
	VOL_CGROUP=""
}

# Undoes one volume held in the scalars, clearing each field whose step succeeded. Returns 1 if a
# step failed (the volume is then partly there).
vol__destroy_one() {
	local fail=0 i
	# First, so nothing below waits on a throttled device: the root cgroup stays when the volume goes.
	if [[ -n $VOL_RULE_ROOT ]]; then
		if echo "${VOL_RULE_ROOT%% *} 0" >/sys/fs/cgroup/blkio/blkio.throttle.write_iops_device; then
			VOL_RULE_ROOT=""
		else
			vol_msg "removing the rule '$VOL_RULE_ROOT' from the root cgroup failed"
			fail=1
		fi
	fi
	# Gone with the cgroup, normally; this is for a volume undone while the others stay.
	if [[ -n $VOL_RULE && -n $VOL_CGROUP ]]; then
		# A limit of 0 deletes the device's rule (cgroup v1).
		echo "${VOL_RULE%% *} 0" >"$VOL_CGROUP/blkio.throttle.write_iops_device" 2>/dev/null ||
			vol_msg "removing the rule '$VOL_RULE' from $VOL_CGROUP failed"
	fi
	VOL_RULE=""
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
		if rm -rf -- "$VOL_ROOT"; then
			VOL_ROOT=""
		else
			fail=1
		fi
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
	# A root rule on a loop device (major 7) is a slowdisk's left behind: no one else sets one here.
	grep '^7:' /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device 2>/dev/null || true
	find "$VOL_BASE" "$VOL_SHM" -maxdepth 1 -name "$p*" 2>/dev/null || true
}

# --- self-test: bash volumes.sh [KIND...] ------------------------------------------------------
# Prints the rate of 300 O_DSYNC 8 kB overwrites of a file in DIR, run in the cgroup: each is a
# write and a flush, so 2 I/Os against the device's VOL_IOPS.
vol__dsync_rate() { # DIR [plain: run outside the cgroup]
	local f=$1/dd.test out secs run=vol_exec
	[[ ${2:-} != plain ]] || run=command
	dd if=/dev/zero of="$f" bs=8k count=300 status=none
	sync "$f"
	out=$($run dd if=/dev/zero of="$f" bs=8k count=300 oflag=dsync conv=notrunc 2>&1 | tail -n 1)
	secs=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^s,?$/) print $(i - 1) }' <<<"$out")
	awk -v s="$secs" 'BEGIN { printf "%.0f\n", 300 / s }'
}

vol__selftest_throttle() {
	local rate
	rate=$(vol__dsync_rate "$VOL_DIR")
	echo "  8 kB O_DSYNC overwrites in the cgroup: $rate/s (limit $VOL_IOPS I/Os a second)"
	((rate <= VOL_IOPS * 11 / 10)) || {
		echo "  FAIL: the throttle does not bite"
		return 1
	}
}

# slowdisk: a process in the root cgroup is held down, so the journal's kernel threads are.
vol__selftest_root_throttle() {
	local rate
	rate=$(vol__dsync_rate "$VOL_DIR" plain)
	echo "  8 kB O_DSYNC overwrites in the root cgroup: $rate/s (limit $VOL_IOPS I/Os a second)"
	((rate <= VOL_IOPS * 11 / 10)) || {
		echo "  FAIL: the root cgroup's rule does not bite"
		return 1
	}
}

# One volume of KIND, written to (and its throttle checked). Returns vol_create's status on failure.
vol__selftest_one() { # KIND
	local kind=$1 rc=0
	vol_create "$kind" || return
	echo "$kind: $VOL_DIR on ${VOL_DEV:-(host)} ($VOL_FSTYPE)${VOL_CGROUP:+, cgroup $VOL_CGROUP}"
	echo hello >"$VOL_DIR/f" && sync "$VOL_DIR/f" || rc=1
	[[ $kind != throttled* ]] || vol__selftest_throttle || rc=1
	[[ $kind != slowdisk ]] || vol__selftest_root_throttle || rc=1
	return "$rc"
}

# Two throttled volumes and a shm directory at once: one cgroup with one rule per loop device, and
# a process in it held to each device's own budget while it writes to both (were the budget shared,
# each would get half: below VOL_IOPS * 3 / 10 flushes a second).
vol__selftest_multi() {
	local rc=0 d lines rates i
	vol_create throttled || return
	vol_create throttled || return
	vol_create shm || return
	d="${VOLS_DEV[*]}"
	echo "multi: ${VOLS_KIND[*]} (${d% }), one cgroup $VOL_CGROUP"
	[[ $VOL_KIND == shm && $VOL_FSTYPE == tmpfs && ${VOL_DIR#"$VOL_SHM"/} != "$VOL_DIR" ]] || {
		echo "  FAIL: the last volume is not a tmpfs directory in $VOL_SHM: $VOL_KIND $VOL_DIR ($VOL_FSTYPE)"
		rc=1
	}
	lines=$(<"$VOL_CGROUP/blkio.throttle.write_iops_device")
	for i in 0 1; do
		grep -qx "${VOLS_RULE[i]}" <<<"$lines" || {
			echo "  FAIL: no rule '${VOLS_RULE[i]}' for ${VOLS_DEV[i]} in the cgroup: ${lines//$'\n'/; }"
			rc=1
		}
	done
	for d in "${VOLS_DIR[0]}" "${VOLS_DIR[1]}"; do
		vol__dsync_rate "$d" >"$d/rate" &
	done
	wait
	rates="$(<"${VOLS_DIR[0]}/rate") $(<"${VOLS_DIR[1]}/rate")"
	echo "  8 kB O_DSYNC overwrites on both at once, one process each in the cgroup: ${rates/ / and }/s" \
		"(limit $VOL_IOPS I/Os a second each)"
	for i in $rates; do
		((i <= VOL_IOPS * 11 / 10)) || {
			echo "  FAIL: the throttle does not bite"
			rc=1
		}
		((i >= VOL_IOPS * 3 / 10)) || {
			echo "  FAIL: the two devices share one budget"
			rc=1
		}
	done
	return "$rc"
}

vol__selftest() {
	local kind rc fail=0 left kinds=("$@")
	set -uo pipefail
	vol_require_root
	((${#kinds[@]})) || read -ra kinds <<<"$VOL_KINDS multi"
	for kind in "${kinds[@]}"; do
		rc=0
		if [[ $kind == multi ]]; then
			vol__selftest_multi || rc=$?
		else
			vol__selftest_one "$kind" || rc=$?
		fi
		if ((rc == VOL_SKIP)); then
			echo "$kind: skipped"
		elif ((rc != 0)); then
			echo "$kind: FAIL (exit $rc)"
			fail=1
		fi
		vol_destroy || fail=1
		vol_destroy || fail=1 # again: nothing to do, no error
		left=$(vol_leftovers)
		[[ $kind != zram* || $(cat /sys/block/zram0/disksize) == 0 ]] ||
			left+="zram0 disksize $(cat /sys/block/zram0/disksize)"
		((${#VOLS_KIND[@]} == 0)) && [[ -z $VOL_KIND$VOL_CGROUP ]] || left+=" still listed: ${VOLS_KIND[*]}"
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
