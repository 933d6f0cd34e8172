#!/usr/bin/env bash
# t_recommend_throttled.sh — `walbench recommend` on a loop ext4 volume throttled
# to 150 write IOPS with cgroup v1 blkio (walbench runs inside the cgroup): the
# throttle is found, with a period near the cgroup's 100 ms slice, every rate is
# held down by it, and a recommendation comes out. Skips without root, loop
# devices or a cgroup v1 blkio hierarchy; the volume is torn down on every exit.
. "$(dirname "$0")/lib.sh"
set -e
need_root
[ -e /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device ] || skip "no cgroup v1 blkio throttling"
command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || skip "losetup or mkfs.ext4 missing"
VOL_TRAPS=0 # lib.sh owns the traps: the volume goes with the test's other cleanups
VOL_PREFIX=wbtest
. "$WB_SOURCE_DIR/contrib/lib/volumes.sh"
on_exit vol_destroy
rc=0
vol_create throttled >/dev/null 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || { [ "$rc" = 77 ] && skip "cannot make a throttled volume: $(cat "$ERR")"; fail "vol_create: $(cat "$ERR")"; }

set +e
vol_exec "$WALBENCH" recommend "$VOL_DIR" --workload oltp --budget 40s --json "$VOL_DIR/rec.json" \
	>"$OUT" 2>"$ERR"
got=$?
set -e
[ "$got" = 0 ] || fail "recommend exited $got: $(head -c 600 "$ERR")"
sed -n 3p "$OUT" | grep -qE '^(Set wal_sync_method|Tie: keep|Keep wal_sync_method|Undecided: keep)' || fail "no decision first: $(head -5 "$OUT")"
grep -q 'note: the device THROTTLES' "$OUT" || fail "throttle not reported: $(cat "$OUT")"
json_check "$VOL_DIR/rec.json" 'd["schedule"]["throttle"]["detected"] and 80 < d["schedule"]["throttle"]["period_ms"] < 125'
# Found in the early rounds, trials span three slices; found later (a busy
# host hid the grid at first), they keep the length already paired at.
json_check "$VOL_DIR/rec.json" '(s := d["schedule"])["throttle"]["late"] or (s["trial_s"] > 0.2 and s["trial_s"] >= 2.9 * s["throttle"]["period_ms"] / 1000)'
# 150 IOPS, at least one per flush: no flush rate can pass it by much.
json_tests "$VOL_DIR/rec.json" 4 fdatasync fsync open_datasync open_sync
json_check "$VOL_DIR/rec.json" 'any(t["status"] == "ok" for t in d["tests"])'
json_check "$VOL_DIR/rec.json" 'all(0 < t["ops_per_sec"] < 200 for t in d["tests"] if t["status"] == "ok")'
json_check "$VOL_DIR/rec.json" 'd["recommendation"]["wal_sync_method"] in ("fdatasync", "fsync", "open_datasync", "open_sync")'
rm -f "$VOL_DIR/rec.json"
assert_no_files "$VOL_DIR"
pass
