#!/usr/bin/env bash
# t_qualify_unjudged.sh — a drop qualify sees but cannot judge as a bucket is never
# "steady" (issue 45, case 2): tests/fault/bucketfs paced op by op, running dry
# about 24 s into a 90 s run on the default 5 s slices (one commit slice in three,
# so too few for a bucket). The burst line says "not judged" with the trend's
# figures, and a rate the run's mean would pass (40/s, under the 50/s baseline and
# the 200/s burst alike) is inconclusive. The mount and the run are under
# `timeout`, and the mount goes on every exit path (lib.sh's fusefs_mount).
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out
FS_TIMEOUT=200
cat >"$out/tiers.json" <<'JSON'
{ "tiers": [ { "name": "low", "description": "Met by the burst and the baseline alike.",
  "criteria": [ { "shape": "commit", "metric": "flushes_per_s", "threshold": 40,
    "source": "t_qualify_unjudged: under the bucket's 50/s baseline" } ] } ] }
JSON
fusefs_mount bucketfs --burst 5800 --burst-rate 400 --refill 100 --pace smooth
rc=0
timeout 150 "$WALBENCH" qualify "$FS_MNT" --tiers "$out/tiers.json" --tier low --duration 90s \
	--json "$out/q.json" >"$out/q.txt" 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "qualify exit $rc (want 1, not a pass): $(cat "$out/q.txt")"
grep -E '^(Over the run|Burst credits)' "$out/q.txt"
cat "$FS_LOG" >&2
B='d["qualification"]["burst"]'
json_check "$out/q.json" "$B[\"sustained\"] == \"not judged\" and $B[\"dropped\"] and not $B[\"detected\"]"
json_check "$out/q.json" "$B[\"not_judged\"] in (\"few-slices\", \"short-side\") and $B[\"shape\"] == \"commit\""
json_check "$out/q.json" "$B[\"burst_per_s\"] > 1.5 * $B[\"sustained_per_s\"] and 10 <= $B[\"drop_at_s\"] <= 60"
json_check "$out/q.json" 'd["qualification"]["trend"]["fell"]'
json_check "$out/q.json" 'd["qualification"]["criteria"][0]["result"] == "inconclusive"'
json_check "$out/q.json" 'd["qualification"]["verdict"] == "inconclusive"'
grep -q '^Burst credits: not judged: the commit rate fell [0-9]* % ' "$out/q.txt" ||
	fail "no 'not judged' line: $(cat "$out/q.txt")"
! grep -q 'no burst credits' "$out/q.txt" || fail "said 'no burst credits': $(cat "$out/q.txt")"
pass
