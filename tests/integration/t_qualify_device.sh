#!/usr/bin/env bash
# t_qualify_device.sh — `walbench qualify` (and `run`) on a raw block device (a loop device
# on a sparse file): refused without --destroy-data, refused while it is
# mounted, while one of its partitions is mounted, while it is swap, when it
# is smaller than the tests write (naming both sizes), and for a path that is
# not a block device — each with exit 2 and the reason, before a
# byte is written; accepted when unused with --destroy-data, with a verdict,
# and the device node is still there afterwards. Skips without root or loop
# devices; every loop device, mount and swap is undone on every exit.
. "$(dirname "$0")/lib.sh"
set -e
need_root
command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || skip "losetup or mkfs.ext4 missing"
wb_tmpdir d /tmp

# new_loop VAR IMAGE SIZE [losetup options...]: attaches a loop device, its
# name in $VAR. Not a $(...) function: the cleanup must be registered here.
new_loop() {
	local _img=$2 _size=$3 _dev _var=$1
	shift 3
	[ -e "$_img" ] || truncate -s "$_size" "$_img"
	_dev=$(losetup -f --show "$@" "$_img" 2>/dev/null) || skip "cannot attach a loop device"
	on_exit "losetup -d '$_dev' 2>/dev/null || true"
	printf -v "$_var" '%s' "$_dev"
}

new_loop dev "$d/a.img" 64M

# Too small for the 22 MiB qualify writes: refused with both sizes.
new_loop small "$d/s.img" 4M
expect_exit 2 "$WALBENCH" qualify "$small" --destroy-data --duration 1s --slice 100ms
grep -q "$small: 4MiB, smaller than the 22MiB the tests write" "$ERR" ||
	fail "too small: $(cat "$ERR")"

expect_exit 2 "$WALBENCH" qualify "$dev"
grep -q 'add --destroy-data' "$ERR" || fail "no --destroy-data hint: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" qualify --destroy-data "$d"
grep -q 'not a block device' "$ERR" || fail "--destroy-data on a directory: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" qualify --device /dev/null --destroy-data
grep -q '/dev/null' "$ERR" || fail "/dev/null not named: $(cat "$ERR")"

# Mounted: refused, and the file system is untouched.
mkfs.ext4 -q "$dev"
mkdir "$d/mnt"
mount "$dev" "$d/mnt" || skip "cannot mount a loop device"
on_exit "umount '$d/mnt' 2>/dev/null || true"
expect_exit 2 "$WALBENCH" qualify "$dev" --destroy-data --duration 1s --slice 100ms
grep -q "is mounted on $d/mnt" "$ERR" || fail "mount not named: $(cat "$ERR")"
umount "$d/mnt"

# Swap: refused.
# mkswap's own words in a failure: it failed once here, beside a busy suite,
# with nothing to say why.
out=$(mkswap -q "$dev" 2>&1) || fail "mkswap $dev failed: $out"
if swapon "$dev" 2>/dev/null; then # a container may forbid swapon: then this case cannot run
	on_exit "swapoff '$dev' 2>/dev/null || true"
	expect_exit 2 "$WALBENCH" qualify "$dev" --destroy-data --duration 1s --slice 100ms
	grep -q 'in use as swap' "$ERR" || fail "swap not named: $(cat "$ERR")"
	swapoff "$dev"
else
	echo "note: swapon refused here; the swap case did not run" >&2
fi

# A partition of it mounted: refused, naming the partition. The table is
# written into the image before attaching, so -P finds the partitions, on a
# kernel with partition-table parsers (this machine's has none: the case is
# then covered by tests/unit/test_blockdev.c only, and said so).
command -v sfdisk >/dev/null || fail "sfdisk missing (package fdisk, a test dependency)"
truncate -s 64M "$d/p.img"
printf 'label: dos\n,32M\n,\n' | sfdisk -q "$d/p.img" >/dev/null || fail "sfdisk failed"
new_loop pdev "$d/p.img" 64M -P
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -b "${pdev}p1" ] && break; sleep 0.3; done # devtmpfs is asynchronous
if [ -b "${pdev}p1" ]; then
	mkfs.ext4 -q "${pdev}p1"
	mkdir "$d/pmnt"
	mount "${pdev}p1" "$d/pmnt"
	on_exit "umount '$d/pmnt' 2>/dev/null || true"
	expect_exit 2 "$WALBENCH" qualify "$pdev" --destroy-data --duration 1s --slice 100ms
	grep -q "its partition $(basename "$pdev")p1 is mounted on $d/pmnt" "$ERR" ||
		fail "partition not named: $(cat "$ERR")"
	umount "$d/pmnt"
else
	echo "note: this kernel found no partitions on $pdev; the partition case did not run" >&2
fi

# Unused, with --destroy-data: measured and judged; the node stays, and a
# marker past the 22 MiB qualify writes survives.
printf 'KEEPME' | dd of="$dev" bs=1 seek=$((40 << 20)) conv=notrunc status=none
set +e
"$WALBENCH" qualify "$dev" --destroy-data --duration 2s --slice 200ms --json "$d/q.json" >"$OUT" 2>"$ERR"
got=$?
set -e
case $got in 0 | 1) ;; *) fail "qualify on $dev exited $got: $(head -c 600 "$ERR")" ;; esac
[ -b "$dev" ] || fail "$dev is gone"
json_check "$d/q.json" 'd["host"]["device"]["fs_type"] == "(raw device)" and d["qualification"]["verdict"] in ("pass", "fail", "inconclusive")'
[ "$(dd if="$dev" bs=1 skip=$((40 << 20)) count=6 status=none | tr -d '\0')" = KEEPME ] ||
	fail "qualify wrote past its 22 MiB"

# run takes a raw device the same way; --jobs would need several files.
expect_exit 2 "$WALBENCH" run --device "$dev" --duration 100ms
grep -q 'add --destroy-data' "$ERR" || fail "run: no --destroy-data hint: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" run --device "$dev" --destroy-data --jobs 2 --duration 100ms
grep -q 'a raw device is one file' "$ERR" || fail "run --jobs 2: $(cat "$ERR")"
expect_exit 0 "$WALBENCH" run --device "$dev" --destroy-data --method fdatasync --budget 1s
grep -Eq '^fdatasync +sync +8kB' "$OUT" || fail "run on $dev: $(cat "$OUT")"
# no file system and no mount point: said in words, no empty "()"
grep -q "^Storage: raw block device $dev, device " "$OUT" ||
	fail "run on $dev: storage line: $(grep '^Storage' "$OUT")"
[ -b "$dev" ] || fail "$dev is gone after run"
pass
