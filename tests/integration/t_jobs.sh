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
# tmpfs a flush costs CPU and no wait, so 64 jobs cannot beat one job per CPU by
# more than noise (half as much again is generous); over the slowest job's own time they "reached" several times
# that, as the jobs' times only partly overlapped on too few CPUs. Generous bound.
if [ -d /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((2 * 1024 * 1024)) ]; then
	wb_tmpdir s /dev/shm
	cpus=$(nproc)
	[ "$cpus" -le 32 ] || cpus=32
	for i in 1 2 3; do # the overlap varies: short runs, three times
		expect_exit 0 "$WALBENCH" run --dir "$s" --method fdatasync --jobs 1,"$cpus",64 \
			--duration 50ms --warmup 0 --json "$s/j.json"
		json_check "$s/j.json" 'd["tests"][2]["ops_per_sec"] < 1.5 * max(
			d["tests"][1]["ops_per_sec"], '"$cpus"' * d["tests"][0]["ops_per_sec"])'
		rm -f "$s/j.json"
	done
	assert_no_files "$s"
fi
pass
