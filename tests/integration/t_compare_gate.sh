#!/usr/bin/env bash
# t_compare_gate.sh — what `walbench compare --fail-on-regression` must not
# pass: two files without a test in common (nothing was compared: exit 2, one
# line, gate or not); a test of A missing in B (not measured: it fails the gate
# as a test not run in B does; a test new in B does not); sides measured
# unstable: marked, and the gate's failures that rest on them said so; a
# slowdown on unstable sides that their trials' spread explains (two
# back-to-back runs of one noisy disk) is inconclusive: exit 4, not 1.
. "$(dirname "$0")/lib.sh"
set -e
fx="${WB_SOURCE_DIR:-$(dirname "$0")/../..}/tests/unit/fixtures/compare"
[ -f "$fx/base.json" ] || fail "fixtures missing: $fx"
wb_tmpdir d

# B edited by a python expression over its tests (t) and the document (d).
edit() { # SRC DST PYTHON
	python3 - "$1" "$2" "$3" <<'PY' || fail "making $2"
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
}

# No test in common (a run's file against a qualify's): nothing compared.
edit "$fx/base.json" "$d/other.json" 'for t in d["tests"]: t["size"] = t["size"] * 2'
for gate in "--fail-on-regression 5" ""; do
	# shellcheck disable=SC2086
	expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$d/other.json" $gate --json "$d/c.json"
	[ "$(wc -l <"$ERR")" -eq 1 ] || fail "not one line: $(cat "$ERR")"
	grep -q "nothing compared: no test is in both files (5 only in A, 5 only in B)" "$ERR" ||
		fail "no message: $(cat "$ERR")"
	[ ! -s "$OUT" ] || fail "a report for nothing compared: $(cat "$OUT")"
	[ ! -e "$d/c.json" ] || fail "a JSON file for nothing compared"
done
rm -f "$d/other.json"

# open_datasync dropped from B: missing, so it fails any gate, named.
edit "$fx/base.json" "$d/dropped.json" 'd["tests"] = [t for t in d["tests"] if t["method"] != "open_datasync"]'
expect_exit 1 "$WALBENCH" compare "$fx/base.json" "$d/dropped.json" --fail-on-regression 100 \
	--json "$d/gate.json"
grep -qx 'MISSING in B: open_datasync/sync 8kB x1 (only in A: not measured in B, which fails the gate as a test not run there)' \
	"$OUT" || fail "missing test not named: $(cat "$OUT")"
tail -1 "$OUT" | grep -qx -- '--fail-on-regression 100%: FAILED: 1 test missing in B (not measured)' ||
	fail "gate line: $(tail -1 "$OUT")"
head -1 "$OUT" | grep -q '; 1 missing in B$' || fail "headline: $(head -1 "$OUT")"
json_check "$d/gate.json" 'd["gate"]["failed"] and d["gate"]["missing_in_b"] == 1 and d["regressions"] == 1'
json_check "$d/gate.json" 'd["counts"]["missing_in_b"] == 1 and d["only_in_a"][0]["method"] == "open_datasync" and d["only_in_a"][0]["missing_in_b"]'
# Without a gate: exit 0, but said in the text and the JSON.
expect_exit 0 "$WALBENCH" compare "$fx/base.json" "$d/dropped.json" --json "$d/nogate.json"
grep -qx 'missing in B: open_datasync/sync 8kB x1 (only in A: not measured in B)' "$OUT" ||
	fail "missing test not said: $(cat "$OUT")"
json_check "$d/nogate.json" 'd["gate"] is None and d["counts"]["missing_in_b"] == 1'
# The other way round the test is new in B: not gated.
expect_exit 0 "$WALBENCH" compare "$d/dropped.json" "$fx/base.json" --fail-on-regression 5
grep -q '^only in B: open_datasync/sync 8kB x1$' "$OUT" || fail "new test: $(cat "$OUT")"
rm -f "$d/dropped.json" "$d/gate.json" "$d/nogate.json"
# Both files UNSTABLE on fdatasync and fsync, both significantly slower in B by
# far more than their trials' spread (-48 %, -40 % on 0.7 % CV): still a failure, but said to rest on
# unstable sides, in the rows, the headline, the gate line and the JSON.
mark='for t in d["tests"]:
    if t["pattern"] == "overwrite" and t["method"] in ("fdatasync", "fsync"):
        t["unstable"] = True; t["converged"] = False'
edit "$fx/base.json" "$d/ua.json" "d['tests'] = [t for t in d['tests'] if t['pattern'] != 'groupcommit']
$mark"
edit "$fx/slower.json" "$d/ub.json" "d['tests'] = [t for t in d['tests'] if t['size'] == 8192]
for t in d['tests']:
    if t['method'] == 'fsync':
        t['trial_ops_per_sec'] = [x * 0.6 for x in t['trial_ops_per_sec']]; t['ops_per_sec'] *= 0.6
$mark"
expect_exit 1 "$WALBENCH" compare "$d/ua.json" "$d/ub.json" --fail-on-regression 5 --json "$d/u.json"
tail -1 "$OUT" | grep -qx -- '--fail-on-regression 5%: FAILED: 2 tests significantly slower by more than 5%, both measured unstable: rerun with a longer --budget' ||
	fail "gate line: $(tail -1 "$OUT")"
grep -q '^fdatasync/sync 8kB x1 .* slower .*  UNSTABLE in both$' "$OUT" || fail "row: $(cat "$OUT")"
grep -q '^fsync/sync 8kB x1 .* slower .*  UNSTABLE in both$' "$OUT" || fail "row: $(cat "$OUT")"
grep -q '^open_datasync/sync 8kB x1 .*UNSTABLE' "$OUT" && fail "a stable row marked: $(cat "$OUT")"
head -1 "$OUT" | grep -q 'significant but UNSTABLE in both; .*; 2 measured unstable$' ||
	fail "headline: $(head -1 "$OUT")"
json_check "$d/u.json" 'd["gate"]["failed"] and d["gate"]["unstable"] == 2 and d["counts"]["unstable"] == 2'
json_check "$d/u.json" '[p["method"] for p in d["pairs"] if p["unstable"]] == ["fdatasync", "fsync"] and d["pairs"][0]["a"]["unstable"] and d["pairs"][0]["b"]["unstable"]'
rm -f "$d/ua.json" "$d/ub.json" "$d/u.json"

# open_datasync -11.4 % [-17.6, -4.8] on trials of 10 % CV, UNSTABLE in both
# files: significant on the trials, past 5 %, but within one trial of each
# side: inconclusive, exit 4, said in the row, the gate line and the JSON.
expect_exit 4 "$WALBENCH" compare "$fx/unstable_a.json" "$fx/unstable_b.json" \
	--fail-on-regression 5 --json "$d/n.json"
grep -q "^open_datasync/sync 8kB x1 .* slower .*  UNSTABLE in both, within its trials' spread \[-32.8%, +16.9%\]$" \
	"$OUT" || fail "row: $(cat "$OUT")"
grep -q '^fdatasync/sync 8kB x1 .* tie' "$OUT" || fail "stable row: $(cat "$OUT")"
tail -1 "$OUT" | grep -qx -- "--fail-on-regression 5%: INCONCLUSIVE: 1 test slower by more than 5%, but measured unstable, within its trials' spread: not shown a regression, nor a pass; rerun with a longer --budget, or measure each side more than once (A1.json,A2.json)" ||
	fail "gate line: $(tail -1 "$OUT")"
grep -q 'FAILED' "$OUT" && fail "a failure said: $(cat "$OUT")"
json_check "$d/n.json" 'not d["gate"]["failed"] and d["gate"]["inconclusive"] == 1 and d["gate"]["slower"] == 0 and d["regressions"] == 0'
json_check "$d/n.json" 'd["pairs"][0]["inconclusive"] and not d["pairs"][0]["regression"] and d["pairs"][0]["noise_pct"][0] < 0 < d["pairs"][0]["noise_pct"][1] and d["pairs"][1]["noise_pct"] is None'
# Without a gate: exit 0; the spread still said.
expect_exit 0 "$WALBENCH" compare "$fx/unstable_a.json" "$fx/unstable_b.json"
grep -q "UNSTABLE in both, within its trials' spread" "$OUT" || fail "no spread: $(cat "$OUT")"
# A stable test slower past the gate as well: the gate fails (exit 1), the
# inconclusive one said apart.
edit "$fx/unstable_b.json" "$d/sb.json" 'd["tests"][1]["trial_ops_per_sec"] = [x * 0.8 for x in d["tests"][1]["trial_ops_per_sec"]]
d["tests"][1]["ops_per_sec"] *= 0.8; d["tests"][1]["trial_mean_ops_per_sec"] *= 0.8'
expect_exit 1 "$WALBENCH" compare "$fx/unstable_a.json" "$d/sb.json" --fail-on-regression 5
tail -1 "$OUT" | grep -qx -- "--fail-on-regression 5%: FAILED: 1 test significantly slower by more than 5%; 1 more inconclusive (measured unstable, within its trials' spread)" ||
	fail "gate line: $(tail -1 "$OUT")"
rm -f "$d/n.json" "$d/sb.json"
assert_no_files "$d"
pass
