#!/usr/bin/env bash
# t_patterns.sh — each access pattern and flush shape on a disk-backed directory
# and on /dev/shm: overwrite and append, commit (1 write) and bulk (16, model/test.h's WB_BULK_MIN_WRITES), new
# segments with their switch timed apart; every figure carries its trials and CI.
. "$(dirname "$0")/lib.sh"
set -e
for base in /tmp /dev/shm; do
	[ -d "$base" ] && [ -w "$base" ] || continue
	wb_tmpdir d "$base"
	for pattern in overwrite append; do
		expect_exit 0 "$WALBENCH" run --dir "$d" --pattern "$pattern" --method fdatasync,open_datasync \
			--writes 1,16 --budget 2s --trial-time 50ms --min-trials 3 --warmup 10ms \
			--json "$d/p.json"
		json_check "$d/p.json" 'len(d["tests"]) == 4'
		json_check "$d/p.json" "all(t['pattern'] == '$pattern' and t['status'] == 'ok' for t in d['tests'])"
		json_check "$d/p.json" 'sorted(t["shape"] for t in d["tests"]) == ["bulk", "bulk", "commit", "commit"]'
		json_check "$d/p.json" 'all(t["trials"] >= 3 and len(t["trial_ops_per_sec"]) == t["trials"] for t in d["tests"])'
		json_check "$d/p.json" 'all(t["ci95_pct"] is not None and t["ci95_pct"] >= 0 for t in d["tests"])'
		rm -f "$d/p.json"
	done
	# New segments: 1 MiB segments fill fast; each switch is timed on its own.
	expect_exit 0 "$WALBENCH" run --dir "$d" --pattern append --segment new --segment-size 1MiB \
		--method fdatasync --size 64k --budget 1s --min-trials 2 --json "$d/s.json"
	json_check "$d/s.json" 'd["tests"][0]["segment"] == "new" and d["tests"][0]["segment_switches"] > 0'
	json_check "$d/s.json" '0 < d["tests"][0]["segment_switch_us"]["p50"] <= d["tests"][0]["segment_switch_us"]["max"]'
	grep -q 'segment switches, p50' "$OUT" || fail "text report lacks the switch figure"
	rm -f "$d/s.json"
	assert_no_files "$d"
done
# A flush larger than the segment cannot append.
expect_exit 2 "$WALBENCH" run --dir "$d" --pattern append --segment-size 1MiB --size 1M --writes 2 \
	--method fdatasync --budget 1s
grep -q 'n/a: a flush (or qd flushes) does not fit in one segment' "$OUT" || fail "$(cat "$OUT")"
pass
