#!/usr/bin/env bash
# t_compare_gate.sh — what `walbench compare --fail-on-regression` must not
# pass: two files without a test in common (nothing was compared: exit 2, one
# line, gate or not); a test of A missing in B (not measured: it fails the gate
# as a test not run in B does; a test new in B does not).
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
assert_no_files "$d"
pass
