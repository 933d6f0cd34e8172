#!/usr/bin/env bash
# t_compare_gate.sh — what `walbench compare --fail-on-regression` must not
# pass: two files without a test in common (nothing was compared: exit 2, one
# line, gate or not).
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
assert_no_files "$d"
pass
