#!/usr/bin/env bash
# t_recommend_commit_work.sh — `recommend` without a server decides in commits of
# an assumed cost (--commit-work): where a commit's own work dwarfs its flush
# (1 s against a disk's flush of milliseconds; on a disk, since on memory
# recommend decides nothing at all), no method can gain --min-gain in
# commits, and the tie is proven at the first look, said in the headline and
# the JSON; --commit-work 0 compares flushes (commit_assumption "none"); a cost
# out of range is a usage error, before measuring.
. "$(dirname "$0")/lib.sh"
set -e
wb_disk_tmpdir d

expect_exit 0 "$WALBENCH" recommend "$d" --workload oltp --commit-work 1s --budget 20s \
	--json "$d/rec.json"
sed -n 3p "$OUT" | grep -q '^Tie: keep wal_sync_method = fdatasync: no method can make commits 5.0% faster' ||
	fail "not a tie in commits first: $(head -5 "$OUT")"
grep -q '^  in commits: each commit is assumed to cost its flush plus 1000000 us' "$OUT" ||
	fail "no line on the assumption: $(cat "$OUT")"
json_check "$d/rec.json" 'd["recommendation"]["state"] == "tie" and d["recommendation"]["commit_assumption"] == "commit_work"'
json_check "$d/rec.json" '(c := d["recommendation"]["commit_work"])["commit_work_us"] == 1e6 and 0 < c["flush_us"] and c["commit_bound_pct"] < 5 and c["flush_min_gain_pct"] is None'
json_check "$d/rec.json" 'abs((c := d["recommendation"]["commit_work"])["flush_share"] - c["flush_us"] / (c["flush_us"] + 1e6)) < 1e-9'
# Proven by the default's flush alone, at the decision's first look.
json_check "$d/rec.json" '(g := d["decision"]["groups"][0])["state"] == "tie" and g["rounds"] == 8 and g["reason"].startswith("tie in commits")'
rm -f "$d/rec.json"

expect_exit 0 "$WALBENCH" recommend "$d" --workload oltp --commit-work 0 --budget 10s \
	--json "$d/rec.json"
json_check "$d/rec.json" 'd["recommendation"]["commit_assumption"] == "none" and d["recommendation"]["commit_work"] is None'
rm -f "$d/rec.json"

expect_exit 1 "$WALBENCH" recommend "$d" --commit-work 2s
grep -q -- '--commit-work' "$ERR" || fail "no message naming --commit-work: $(cat "$ERR")"
assert_no_files "$d"
pass
