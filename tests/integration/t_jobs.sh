#!/usr/bin/env bash
# t_jobs.sh — --jobs N runs N writer threads on N files, all removed afterwards,
# and reports one merged row per test, with each job's share and a rate that
# the jobs reached together.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync --engine sync,direct --jobs 1,4 \
	--duration 200ms --json "$d/j.json"
json_check "$d/j.json" '[t["jobs"] for t in d["tests"]] == [1, 4, 1, 4]'
json_check "$d/j.json" 'all(t["status"] == "ok" and t["latency_us"]["p50"] > 0 for t in d["tests"])'
# Merged histograms: every flush of every job is counted once.
json_check "$d/j.json" 'all(t["ops"] > 0 for t in d["tests"])'
json_check "$d/j.json" 'all(len(t["per_job"]) == t["jobs"] and sum(j["ops"] for j in t["per_job"]) == t["ops"]
	and all(j["ops"] > 0 for j in t["per_job"]) for t in d["tests"])'
rm -f "$d/j.json"
# Every job file is gone.
assert_no_files "$d"

# The rate of N jobs is all their flushes over the time they took together. On
# tmpfs a flush costs CPU and no wait, so 64 jobs on N CPUs cannot complete more than
# N over one flush's CPU cost a second: one job's median latency, since a flush that
# is not preempted costs the same in any job (0.34-0.42 us here, in either test).
# Measured: 0.26-0.89 of that, idle or beside two busy loops. Over the slowest job's
# own time they "reached" several times the right rate (the jobs' own 50 ms against
# 0.2-0.8 s together, on too few CPUs): 2.3-6.7 times that ceiling. Not a multiple of
# the jobs' measured rates: beside other processes 64 threads get a larger share of
# the CPUs than one (CFS shares per thread), and 64 jobs legitimately beat twice one
# job's rate by 1.5x (3 of 12 runs beside two busy loops).
if [ -d /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((2 * 1024 * 1024)) ]; then
	wb_tmpdir s /dev/shm
	cpus=$(nproc)
	[ "$cpus" -le 64 ] || cpus=64 # 64 jobs use 64 CPUs at most
	for i in 1 2 3; do # the overlap varies: short runs, three times
		expect_exit 0 "$WALBENCH" run --dir "$s" --method fdatasync --jobs 1,64 \
			--duration 50ms --warmup 0 --json "$s/j.json"
		json_check "$s/j.json" 'd["tests"][1]["ops_per_sec"] < 1.5 * '"$cpus"' * 1e6 / d["tests"][0]["latency_us"]["p50"]'
		rm -f "$s/j.json"
	done
	assert_no_files "$s"
fi
pass
