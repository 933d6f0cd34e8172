#!/usr/bin/env bash
# t_compare.sh — `walbench compare A.json B.json`: two real runs compare with
# exit 0 and the summary line first; several runs a side (A1.json,A2.json)
# compare over the runs' means; the --fail-on-regression gate's exit codes
# on fixture pairs; bad input and usage errors exit 2, never 0 (a CI gate must
# not read a typo as a pass).
. "$(dirname "$0")/lib.sh"
set -e
fx="${WB_SOURCE_DIR:-$(dirname "$0")/../..}/tests/unit/fixtures/compare"
[ -f "$fx/base.json" ] || fail "fixtures missing: $fx"
wb_tmpdir d

# Two real runs of the same tests, compared.
for side in a b; do
	expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync,fsync --budget 2s \
		--json "$d/$side.json"
done
expect_exit 0 "$WALBENCH" compare "$d/a.json" "$d/b.json" --json "$d/cmp.json"
head -1 "$OUT" | grep -q '^B against A: ' || fail "summary line not first: $(head -3 "$OUT")"
grep -q '^fdatasync/sync 8kB x1 ' "$OUT" || fail "no fdatasync row: $(cat "$OUT")"
grep -q '^fsync/sync 8kB x1 ' "$OUT" || fail "no fsync row: $(cat "$OUT")"
grep -q 'without an interval' "$OUT" || fail "p99 not said to be a point figure"
json_check "$d/cmp.json" 'd["kind"] == "compare" and len(d["pairs"]) == 2 and d["gate"] is None'
json_check "$d/cmp.json" 'all(p["state"] in ("tie", "unclear", "slower", "faster") and len(p["ci95_pct"]) == 2 for p in d["pairs"])'
cp "$OUT" "$d/cmp.txt"
json_check "$d/cmp.json" 'd["headline"] == open("'"$d"'/cmp.txt").readline().rstrip("\n")'
grep -q 'One run a side: the intervals hold each run.s own noise' "$OUT" ||
	fail "one run a side not said to leave out the variation between runs: $(cat "$OUT")"

# Several runs a side, comma-separated: each file listed, the intervals over the
# runs' means, and B's one run given A's spread between runs.
expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync,fsync --budget 2s --json "$d/a2.json"
expect_exit 0 "$WALBENCH" compare "$d/a.json,$d/a2.json" "$d/b.json" --json "$d/runs.json"
grep -q "^A1: $d/a.json " "$OUT" && grep -q "^A2: $d/a2.json " "$OUT" && grep -q "^B: $d/b.json " "$OUT" ||
	fail "the runs' files not listed: $(cat "$OUT")"
grep -q "Welch over the runs' means: A 2 runs, B 1 run" "$OUT" || fail "no runs header: $(cat "$OUT")"
json_check "$d/runs.json" 'd["between_runs"] and len(d["a_runs"]) == 2 and len(d["b_runs"]) == 1'
json_check "$d/runs.json" 'all(p["between_runs"] and p["a"]["runs"] == 2 and p["b"]["runs"] == 1 for p in d["pairs"])'
# A side's rate is its runs' mean trial rate, read from the files themselves.
python3 - "$d/a.json" "$d/a2.json" "$d/runs.json" <<'PY' || fail "A's rate is not the runs' mean"
import json, sys
runs = [json.load(open(f)) for f in sys.argv[1:3]]
cmp = json.load(open(sys.argv[3]))
for p in cmp["pairs"]:
    means = [sum(t["trial_ops_per_sec"]) / len(t["trial_ops_per_sec"])
             for r in runs for t in r["tests"] if t["method"] == p["method"]]
    want = sum(means) / len(means)
    got = p["a"]["trial_mean_ops_per_sec"]
    assert abs(got - want) <= 1e-6 * want, (p["method"], got, want)
PY
expect_exit 2 "$WALBENCH" compare "$d/a.json,$d/nope.json" "$d/b.json"
grep -q 'nope.json: cannot read: No such file or directory' "$ERR" || fail "a run in a list: $(cat "$ERR")"
rm -f "$d/a2.json" "$d/runs.json"

# Options may come first; a file compared with itself passes any gate.
expect_exit 0 "$WALBENCH" compare --fail-on-regression 0 "$d/a.json" "$d/a.json"

# Noisy trials in B: fsync's interval holds 0 but reaches past the gate: not a
# regression (exit 0), but the gate says it is not proven, and the pair is
# "unclear", never "tie".
python3 - "$fx/slower.json" "$d/noisy.json" <<'PY' || fail "making the noisy file"
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["tests"]:
    if t["method"] == "fsync":
        t["trial_ops_per_sec"] = [x * (1.3 if i % 2 else 0.7) for i, x in enumerate(t["trial_ops_per_sec"])]
json.dump(d, open(sys.argv[2], "w"))
PY
expect_exit 0 "$WALBENCH" compare "$fx/slower.json" "$d/noisy.json" --fail-on-regression 5 --json "$d/noisy_cmp.json"
grep -q '^fsync/sync 8kB x1 .* unclear' "$OUT" || fail "no unclear row: $(cat "$OUT")"
grep -q '^unclear: fsync/sync 8kB x1 .*B may be up to .* slower.*more trials would settle it$' "$OUT" ||
	fail "no unclear line: $(cat "$OUT")"
grep -q '^--fail-on-regression 5%: passed, not proven: .* 1 unclear' "$OUT" || fail "gate: $(tail -1 "$OUT")"
head -1 "$OUT" | grep -q '^B against A: undecided: fsync/sync 8kB x1 may be up to' ||
	fail "headline: $(head -1 "$OUT")"
json_check "$d/noisy_cmp.json" 'd["counts"]["unclear"] == 1 and d["counts"]["tie"] == 3 and d["tie_within_pct"] == 5'

# The gate on fixtures: fdatasync fell 48 %, significantly.
expect_exit 1 "$WALBENCH" compare "$fx/base.json" "$fx/slower.json" --fail-on-regression 5
grep -q -- '--fail-on-regression 5%: FAILED' "$OUT" || fail "gate line missing: $(cat "$OUT")"
# At 60 % the slowdown passes, but group commit, in A and missing in B, fails it.
expect_exit 1 "$WALBENCH" compare "$fx/base.json" "$fx/slower.json" --fail-on-regression 60
grep -qx -- '--fail-on-regression 60%: FAILED: 1 test missing in B (not measured)' "$OUT" ||
	fail "gate line: $(tail -1 "$OUT")"
expect_exit 0 "$WALBENCH" compare "$fx/base.json" "$fx/slower.json"
# A failure in B fails any gate, and is said first.
expect_exit 1 "$WALBENCH" compare "$fx/base.json" "$fx/failed.json" --fail-on-regression 100
head -1 "$OUT" | grep -q 'FAILED in B' || fail "failure not in the summary: $(head -1 "$OUT")"
# An older schema reads; a newer one whose tests do not is refused.
expect_exit 0 "$WALBENCH" compare "$fx/base.json" "$fx/v2.json" --fail-on-regression 5
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/future_bad.json"
grep -q 'future_bad.json: schema_version 99 is newer' "$ERR" || fail "no schema message: $(cat "$ERR")"

# Bad input: exit 2, one line naming the file (and the key).
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$d/missing.json" --fail-on-regression 5
grep -q 'missing.json: cannot read: No such file or directory' "$ERR" || fail "$(cat "$ERR")"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$d"
grep -qx "walbench: $d: cannot read: Is a directory" "$ERR" || fail "directory: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" compare "$fx/not_json.json" "$fx/base.json"
grep -q 'not_json.json: not valid JSON' "$ERR" || fail "$(cat "$ERR")"
# A whole results file with text after it: refused, not read as its document.
{ cat "$fx/base.json"; echo garbage; } >"$d/junk.json"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$d/junk.json"
grep -qx "walbench: $d/junk.json: not valid JSON: text after the document at line $(($(wc -l <"$fx/base.json") + 1)), column 1" \
	"$ERR" || fail "$(cat "$ERR")"
rm -f "$d/junk.json"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/bad_type.json"
grep -q 'bad_type.json: tests\[1\].ops_per_sec: expected a number, got a string' "$ERR" ||
	fail "$(cat "$ERR")"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/not_results.json"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/base.json" --json "$d/no/such/dir/c.json"

# Usage errors: exit 2 as well, with the hint.
expect_exit 2 "$WALBENCH" compare "$fx/base.json"
grep -q 'compare needs two results files' "$ERR" || fail "$(cat "$ERR")"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/base.json" "$fx/base.json"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/slower.json" --fail-on-regresion 5
grep -q 'Try "walbench --help"' "$ERR" || fail "no hint: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" compare "$fx/base.json" "$fx/slower.json" --fail-on-regression 5x
expect_exit 0 "$WALBENCH" --help
grep -q '^  compare ' "$OUT" || fail "compare not in --help"
assert_no_files "$d"
pass
