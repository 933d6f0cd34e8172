#!/usr/bin/env bash
# t_placement_throttled.sh — `walbench recommend --wal-candidate` with the data
# directory on a loop ext4 volume throttled to 150 write IOPS (cgroup v1 blkio,
# walbench inside the cgroup), a candidate on a second throttled volume (its own
# 150 IOPS), one on /dev/shm and one on the data volume itself: the second
# volume gets "move", the RAM-backed one measures far ahead but is never
# recommended, and the directory on the data volume is "same file system, no gain".
# The load is 120 writes/s, given as a pace (as a server's measured rate would
# be), about 80 % of the data volume's capacity, so that the gain (+100 % and
# more) is far from the line on every run. (Given as a share of capacity, the
# same load is an assumption, and the second volume, no faster when idle, would
# be "depends on load": test_placement.c holds that rule.) Skips without root, loop devices or a
# cgroup v1 blkio hierarchy; the volumes are torn down on every exit.
. "$(dirname "$0")/lib.sh"
set -e
need_root
[ -e /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device ] || skip "no cgroup v1 blkio throttling"
command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || skip "losetup or mkfs.ext4 missing"
[ -d /dev/shm ] && [ -w /dev/shm ] || skip "no writable /dev/shm"
VOL_TRAPS=0 # lib.sh owns the traps: the volumes go with the test's other cleanups
VOL_PREFIX=wbtest
. "$WB_SOURCE_DIR/contrib/lib/volumes.sh"
on_exit vol_destroy
for v in data wal; do
	rc=0
	vol_create throttled >/dev/null 2>"$ERR" || rc=$?
	[ "$rc" = 0 ] || { [ "$rc" = 77 ] && skip "cannot make a throttled volume: $(cat "$ERR")"; fail "vol_create: $(cat "$ERR")"; }
done
data=${VOLS_DIR[0]} wal=${VOLS_DIR[1]}
mkdir "$data/pgdata" "$data/other"
wb_tmpdir shm /dev/shm

set +e
vol_exec "$WALBENCH" recommend "$data/pgdata" --wal-candidate "$wal" --wal-candidate "$shm" \
	--wal-candidate "$data/other" --workload oltp --data-load 120/s --budget 90s \
	--json "$data/rec.json" >"$OUT" 2>"$ERR"
got=$?
set -e
[ "$got" = 0 ] || fail "recommend exited $got: $(head -c 600 "$ERR")"
awk 'NR > 1 && /^[^ ]/ { print; exit }' "$OUT" | grep -q "^Move pg_wal to $wal:" || fail "no move to the second volume first: $(head -12 "$OUT")"
P='d["recommendation"]["placement"]'
json_check "$data/rec.json" "[p['path'] for p in $P] == ['$wal', '$shm', '$data/other']"
json_check "$data/rec.json" "(p := $P[0])['move'] and p['recommended'] and p['significant'] and p['gain_pct'] >= 30 and not p['same_file_system'] and not p['in_ram']"
json_check "$data/rec.json" "(p := $P[1])['move'] and p['in_ram'] and not p['recommended'] and p['gain_pct'] > 10 * $P[0]['gain_pct']"
json_check "$data/rec.json" "(p := $P[2])['same_device'] and p['same_file_system'] and not p['move']"
# Named for what it is, whatever the noise of two rows on one throttled volume
# made of its figures (no gain, halves that disagree, slower): the JSON above
# says it is no move.
grep -q "^  - $data/other (.*same file system as the data): .*It is on the data's own file system" "$OUT" ||
	fail "the directory on the data volume is not named as its file system: $(grep -A1 "$data/other (" "$OUT")"
grep -q "NOT DURABLE" "$OUT" || fail "the RAM-backed candidate is not called out"
json_check "$data/rec.json" "(b := d['recommendation']['placement_baseline'])['move_to'] == '$wal' and b['wal_dir'] == '$wal'"
json_check "$data/rec.json" "any('--waldir=$wal/pg_wal' in s for s in d['recommendation']['placement_baseline']['steps'])"
# The load ran, and the volume's capacity (when measured) is its throttle.
json_check "$data/rec.json" "(l := d['recommendation']['placement_baseline']['load'])['capacity_per_s'] < 200 and l['achieved_per_s'] > 0"
# Every commit rate on a throttled volume is held under its 150 IOPS: the data
# directory idle and loaded, the second volume and the data volume's other directory.
json_check "$data/rec.json" "sorted(t['where'] for t in d['recommendation']['placement_baseline']['tests'] if t['pattern'] == 'append' and '/dev/shm' not in t['where']) == sorted(['$data/pgdata', '$data/pgdata', '$wal', '$data/other'])"
json_check "$data/rec.json" "all(t['ops_per_sec'] < 200 for t in d['recommendation']['placement_baseline']['tests'] if t['pattern'] == 'append' and '/dev/shm' not in t['where'])"
grep -q "^Which wal_sync_method for $wal?" "$OUT" || fail "the method is not chosen for the volume pg_wal moves to"
rm -f "$data/rec.json"
for d in "$data/pgdata" "$data/other" "$wal" "$shm"; do assert_no_files "$d"; done
pass
