#!/usr/bin/env bash
# t_qualify_bucket.sh — qualify on a burst-credit volume (tests/fault/bucketfs: a
# token bucket of 3,000 credits spent at up to 200 I/Os a second and refilled at
# 50 a second, one credit a write and one a fdatasync, so a commit runs at 100/s
# until about 20 s and at 25/s after; each close takes 20 ms, as over NFS): the
# 60 s run sees the bucket run dry when bucketfs says it did, measures both
# rates within 15 % (the baseline's interval, stretched to 99.9 %, holding 25/s),
# fails a tier only the burst meets and judges tiers 20 % either side of the
# baseline on it (pass under, fail over); on a bucket that outlasts a short run
# the sustained rate is unknown and no rate passes; the same bucket paced op by
# op (no grid of grants to see) is held back because a FUSE file system has no
# block device (issue 45, case 1); on tmpfs no bucket is claimed and none
# suspected, and the verdict fails (memory is not durable: advice/qualify.c rule
# 8). Every mount and every run is under `timeout`, and the mount goes on every
# exit path (lib.sh's fusefs_mount).
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir out
FS_TIMEOUT=150
cat >"$out/tiers.json" <<'JSON'
{ "tiers": [ { "name": "burst-only", "description": "Met by the burst, not the baseline.",
  "criteria": [ { "shape": "commit", "metric": "flushes_per_s", "threshold": 50,
    "source": "t_qualify_bucket: between the bucket's 100/s burst and its 25/s baseline" } ] },
  { "name": "baseline-met", "description": "Met by the baseline.",
  "criteria": [ { "shape": "commit", "metric": "flushes_per_s", "threshold": 20,
    "source": "t_qualify_bucket: 20 % under the bucket's 25/s baseline" } ] },
  { "name": "baseline-missed", "description": "Missed by the baseline, met by the burst.",
  "criteria": [ { "shape": "commit", "metric": "flushes_per_s", "threshold": 30,
    "source": "t_qualify_bucket: 20 % over the bucket's 25/s baseline" } ] } ] }
JSON
q() { # DIR OUT-PREFIX QUALIFY-OPTIONS...: a qualify against burst-only, exit 0 or 1
	local dir=$1 o=$2 rc=0
	shift 2
	timeout 120 "$WALBENCH" qualify "$dir" --tiers "$out/tiers.json" --tier burst-only "$@" \
		--json "$o.json" --prom "$o.prom" >"$o.txt" 2>&1 || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "qualify exit $rc: $(cat "$o.txt")"
}

# Each close takes 20 ms, as a network file system's may (EFS, a burst-credit file
# system, is NFS): the bucket refills between one test's last I/O and the next
# one's first, and a slice that counted its time from when the last test's files
# were closed read the baseline high by that pause's share.
# The burst is 200 I/Os a second, not gp2's thousands: every one is a FUSE round
# trip, and a loaded 2-core machine drove about 280 a second; at 400 it fell short,
# the burst was the client's pace (141/s, no flat level) and the bucket ran dry
# late (26.8 s), so no step was seen, rightly, on a volume the test meant to
# show one.
fusefs_mount bucketfs --burst 3000 --burst-rate 200 --refill 50 --close-latency 20
q "$FS_MNT" "$out/dry" --duration 60s --slice 1s
fusermount3 -u "$FS_MNT"
sed -n '/^Burst credits/p' "$out/dry.txt"
cat "$FS_LOG" >&2
# The truth: 100 commits/s on the burst (200 I/Os, 2 a commit), 25/s on the baseline.
B='d["qualification"]["burst"]'
json_check "$out/dry.json" "$B[\"sustained\"] == \"bucket\" and $B[\"shape\"] == \"commit\""
json_check "$out/dry.json" "abs($B[\"burst_per_s\"] / 100 - 1) <= 0.15"
json_check "$out/dry.json" "abs($B[\"baseline_per_s\"][\"value\"] / 25 - 1) <= 0.15"
# The true baseline inside the interval: measured over each slice's own time, or
# with the pauses between slices counted from the last test's closing, what refilled
# there read it high (25.68/s [25.52, 25.84] from the same run's whole-slice rates,
# beside two busy loops) and the interval left 25 out. A 95 % interval leaves the
# truth out of one run in twenty by its definition (CI saw 50/s [50, 50] miss 50
# when this bucket was twice as fast), so the check is the interval stretched to
# 99.9 % (2.7 x its half-width covers t from 5 degrees of freedom on) and 0.2 %
# for the grid's and the clocks' resolution (bucketfs grants on its own
# CLOCK_MONOTONIC, walbench times with a TSC calibrated over 10 ms): the old
# reading misses that by 0.2/s; the settled one, 25.03 [24.97, 25.10] in the same
# run, is 0.03 off where 0.23 is allowed.
json_check "$out/dry.json" "abs($B[\"baseline_per_s\"][\"value\"] - 25) <= 2.7 * ($B[\"baseline_per_s\"][\"ci95\"][1] - $B[\"baseline_per_s\"][\"value\"]) + 0.05"
# The drop when bucketfs says its credits ran out (its log: seconds after the
# mount), within what walbench can place it by: among three shapes a commit slice
# starts every 3.75 s, and a drop that falls between two is put midway; and its
# clock starts once its files are made on the volume. Seen: 1.3, 2.4 and 2.5 s
# early, and over 2 s late (CI: "from 23 s" against 20.82).
empty=$(sed -n 's/^bucketfs: empty after [0-9]* credits, \([0-9.]*\) s after mount$/\1/p' "$FS_LOG")
[ -n "$empty" ] || fail "bucketfs did not log when it ran dry: $(cat "$FS_LOG")"
json_check "$out/dry.json" "$empty - 6 <= $B[\"drop_at_s\"] <= $empty + 4"
json_check "$out/dry.json" 'd["qualification"]["verdict"] == "fail"'
# Judged on the baseline either side of it: 20/s passes (a bucket seen dry is no
# suspect), 30/s fails though the burst and the run's mean meet it. Each is 20 %
# from the truth, where 10 % was not enough beside a busy ctest: 26/s [24, 28]
# reached 27.5, and an interval that reaches a threshold is rightly inconclusive,
# as it is taken here if it ever happens.
T='{t["tier"]: t["verdict"] for t in d["qualification"]["tiers"]}'
L="$B[\"baseline_per_s\"][\"ci95\"]"
json_check "$out/dry.json" "$T == {'burst-only': 'fail', 'baseline-met': 'pass' if $L[0] >= 20 else 'inconclusive', 'baseline-missed': 'fail' if $L[1] < 30 else 'inconclusive'}"
json_check "$out/dry.json" 'abs(d["qualification"]["criteria"][0]["value"] / 25 - 1) <= 0.15'
# The metrics say the same: the bucket, and the baseline a fleet should alert on.
grep -q '^walbench_sustained_info{state="bucket"} 1$' "$out/dry.prom" || fail "prom: $(cat "$out/dry.prom")"
python3 - "$out/dry.prom" "$out/dry.json" <<'PY' || fail "prom's baseline is not the JSON's"
import json, re, sys
m = re.search(r'^walbench_baseline_flushes_per_second\{shape="commit"\} (\S+)$', open(sys.argv[1]).read(), re.M)
b = json.load(open(sys.argv[2]))["qualification"]["burst"]["baseline_per_s"]["value"]
sys.exit(0 if m and abs(float(m.group(1)) - b) <= 1e-4 * b else 1)
PY
grep -q '^burst-only: FAIL' "$out/dry.txt" || fail "not failed: $(cat "$out/dry.txt")"
grep -q '^Burst credits: burst credits ran out' "$out/dry.txt" || fail "no bucket line"

# A bucket no short run empties: the grid of its grants says a provisioned volume.
fusefs_mount bucketfs --burst 1000000 --burst-rate 400 --refill 100
q "$FS_MNT" "$out/full" --duration 12s --slice 500ms
json_check "$out/full.json" "$B[\"sustained\"] == \"unknown\" and not $B[\"detected\"]"
json_check "$out/full.json" 'd["qualification"]["verdict"] == "inconclusive"'
grep -q 'sustained rate unknown: run `--duration 35m`' "$out/full.txt" ||
	fail "no 'sustained rate unknown': $(cat "$out/full.txt")"

# The same, paced op by op: no time slices to see, and no block device under a FUSE
# mount, which is suspect enough: a rate that would pass (about 150/s against the
# 20/s of baseline-met, a margin a loaded machine keeps; against 100 it did not
# always) is inconclusive, and the line says what would settle it.
fusermount3 -u "$FS_MNT"
fusefs_mount bucketfs --burst 1000000 --burst-rate 400 --refill 100 --pace smooth
q "$FS_MNT" "$out/smooth" --duration 12s --slice 500ms --tier baseline-met
json_check "$out/smooth.json" "not d['schedule']['throttle']['detected']"
json_check "$out/smooth.json" "$B[\"sustained\"] == \"unknown\" and $B[\"suspects\"] == [\"no-block-device\"]"
json_check "$out/smooth.json" 'd["qualification"]["criteria"][0]["result"] == "inconclusive"'
json_check "$out/smooth.json" 'd["qualification"]["tier"] == "baseline-met"'
json_check "$out/smooth.json" 'd["qualification"]["criteria"][0]["ci95"][0] >= 20'
json_check "$out/smooth.json" 'd["qualification"]["verdict"] == "inconclusive"'
grep -q "^Burst credits: sustained rate unknown: run \`--duration 35m\`, or read the volume's published burst and throttle terms (no block device is under the file system" "$out/smooth.txt" ||
	fail "no 'no block device': $(cat "$out/smooth.txt")"

# Plain memory: no bucket, none suspected, the rate stands as a rate (or, beside
# a busy machine, is seen to fall); but memory is not durable, so the verdict
# fails, that reason first (advice/qualify.c rule 8).
wb_tmpdir shm /dev/shm
q "$shm" "$out/plain" --duration 10s --slice 500ms
json_check "$out/plain.json" "not $B[\"detected\"] and not $B[\"suspects\"]"
json_check "$out/plain.json" 'd["qualification"]["verdict"] == "fail"'
grep -q "^burst-only: FAIL: $shm is memory (tmpfs), not durable" "$out/plain.txt" ||
	fail "memory not failed first: $(head -5 "$out/plain.txt")"
# On a busy machine the CPU the other tests take can make memory's rate fall
# within 10 s, a drop walbench rightly reports (not judged); otherwise steady.
if python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["qualification"]["burst"]["sustained"] != "steady")' "$out/plain.json"; then
	json_check "$out/plain.json" 'd["qualification"]["criteria"][0]["result"] == "pass"'
	grep -q '^Burst credits: no burst credits: .*(memory, with no provider' "$out/plain.txt" ||
		fail "memory called a block device: $(grep '^Burst' "$out/plain.txt")"
else
	json_check "$out/plain.json" "$B[\"sustained\"] == \"not judged\" and $B[\"dropped\"]"
	grep -q '^Burst credits: not judged: the commit rate fell' "$out/plain.txt" ||
		fail "memory's fall not said: $(grep '^Burst' "$out/plain.txt")"
fi
pass
