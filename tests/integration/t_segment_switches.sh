#!/usr/bin/env bash
# t_segment_switches.sh — the append pattern's segment accounting is exact, job by
# job: at --jobs 1, 4, 16 and 64, with --segment new and recycle, and trials far
# shorter than a segment takes to fill, every job's switches are what its flushes
# imply. A job's position carries from trial to trial, so with F flushes to a
# segment and no warm-up, a job that completed N flushes switched ceil(N/F) - 1
# times; and that is its bytes over the segment size, give or take one. Read
# from the JSON's per_job figures, which must hold one row per job.
. "$(dirname "$0")/lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
# tmpfs when there is room for 64 jobs' files (each 16 MiB plus a segment): its
# flushes are fast enough that every job fills segments within the budget on any
# machine, which is what makes the per-job check bite. Else the disk under /tmp.
base=/tmp
if [ -d /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((2 * 1024 * 1024)) ]; then
	base=/dev/shm
fi
wb_tmpdir d "$base"
for mode in new recycle; do
	for jobs in 1 4 16 64; do
		# 64 jobs creating segments are slow where each thread is (a
		# ThreadSanitizer build made 2 trials of 2 s), and 16 on two cores
		# in a Debug ThreadSanitizer build left a job one switch in 2 s:
		# give them time for several.
		budget=2s
		[ "$jobs" -lt 16 ] || budget=5s
		expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync --pattern append \
			--segment "$mode" --segment-size 1MiB --jobs "$jobs" --budget "$budget" \
			--trial-time 100ms --min-trials 8 --warmup 0 --json "$d/s.json"
		python3 - "$d/s.json" "$mode" "$jobs" <<'PY' || fail "$mode, --jobs $jobs: $(cat "$OUT")"
import json, sys
d = json.load(open(sys.argv[1]))
mode, jobs = sys.argv[2], int(sys.argv[3])
t = d["tests"][0]
seg, region = t["segment_size"], t["size"] * t["writes_per_op"]
per_flush = seg // region
assert t["status"] == "ok", t.get("reason")
assert t["segment"] == mode and seg == 1 << 20, (t["segment"], seg)
# Two trials are enough to see a job's position carry across a trial's end.
assert t["trials"] >= 2, "want several short trials, got %d" % t["trials"]
jobs_fig = t["per_job"]
assert len(jobs_fig) == jobs, "per_job has %d rows for %d jobs" % (len(jobs_fig), jobs)
assert sum(j["ops"] for j in jobs_fig) == t["ops"], "per-job ops do not add up"
assert sum(j["segment_switches"] for j in jobs_fig) == t["segment_switches"], "switches do not add up"
for i, j in enumerate(jobs_fig):
    n = j["ops"]
    assert n > 0, "job %d made no flush" % i
    assert j["bytes"] == n * region, "job %d: %d bytes for %d flushes" % (i, j["bytes"], n)
    want = -(-n // per_flush) - 1
    assert j["segment_switches"] == want, \
        "job %d: %d flushes (%.2f segments) but %d switches, want %d" % (
            i, n, j["bytes"] / seg, j["segment_switches"], want)
    assert abs(j["segment_switches"] - j["bytes"] / seg) <= 1
    assert 0 <= j["segment_offset"] <= seg and j["segment_offset"] % region == 0
# The check must have had switches to count: on tmpfs the jobs fill several
# segments in the budget, one a job at least on average (on two busy cores a
# starved job may fill fewer); on a disk the single-job runs still do.
sw = [j["segment_switches"] for j in jobs_fig]
if jobs == 1 or sys.argv[1].startswith("/dev/shm"):
    assert max(sw) >= 2 and sum(sw) >= max(2, jobs), "too few switches to judge: %s" % sw
print(mode, jobs, "jobs:", t["ops"], "flushes,", t["segment_switches"], "switches")
PY
		# The row names the switches of new segments (recycled ones cost nothing to time).
		if [ "$mode" = new ]; then
			grep -Eq '^fdatasync +sync +8kB +1 .* [1-9][0-9]* segment switches' "$OUT" ||
				fail "$mode, --jobs $jobs: row without its switches: $(cat "$OUT")"
		fi
		rm -f "$d/s.json"
		assert_no_files "$d"
	done
done
pass
