#!/usr/bin/env bash
# t_jobs.sh — --jobs N runs N writer threads on N files, all removed afterwards,
# and reports one merged row per test, with each job's share.
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
pass
