#!/usr/bin/env bash
# t_qualify_bucket.sh — qualify on a burst-credit volume (tests/fault/bucketfs: a
# token bucket of 6,000 credits spent at up to 400 I/Os a second and refilled at
# 100 a second, one credit a write and one a fdatasync, so a commit runs at 200/s
# until about 20 s and at 50/s after): the 60 s run sees the drop and measures
# both rates within 15 %. Every mount and every run is under `timeout`, and the
# mount goes on every exit path (lib.sh's fusefs_mount).
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out
FS_TIMEOUT=150

fusefs_mount bucketfs --burst 6000 --burst-rate 400 --refill 100
timeout 120 "$WALBENCH" qualify "$FS_MNT" --duration 60s --slice 1s --tier standard \
	--json "$out/q.json" >"$out/q.txt" 2>&1 || [ $? = 1 ] || fail "qualify: $(cat "$out/q.txt")"
cat "$FS_LOG" >&2
# The truth: 200 commits/s on the burst (400 I/Os, 2 a commit), 50/s on the baseline.
json_check "$out/q.json" 'abs(d["qualification"]["trend"]["burst_per_s"] / 200 - 1) <= 0.15'
json_check "$out/q.json" 'abs(d["qualification"]["trend"]["sustained_per_s"] / 50 - 1) <= 0.15'
pass
