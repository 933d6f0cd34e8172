#!/usr/bin/env bash
# t_burst_volumes.sh — the shipped provider fact table (profiles/burst-volumes.json)
# loads: qualify reads it before the tier check, so an unknown --tier is the
# error it reaches; a broken table is refused before anything is measured, as a
# broken tiers file is (exit 2, one line naming the file and the key).
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d

# The shipped table, found as profiles are.
WALBENCH_PROFILES=$WB_SOURCE_DIR/profiles expect_exit 2 "$WALBENCH" qualify "$d" --tier nosuch
grep -q 'no tier named "nosuch"' "$ERR" || fail "the shipped table did not load: $(cat "$ERR")"

# A broken one beside good tiers: refused, naming the file and the key.
mkdir "$d/profiles"
cp "$WB_SOURCE_DIR/profiles/tiers.json" "$d/profiles/"
"${PYTHON:-python3}" - "$WB_SOURCE_DIR/profiles/burst-volumes.json" "$d/profiles/burst-volumes.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t["kinds"][0]["bursts"] = "sometimes"
json.dump(t, open(sys.argv[2], "w"))
PY
WALBENCH_PROFILES=$d/profiles expect_exit 2 "$WALBENCH" qualify "$d" --duration 2s
[ "$(wc -l <"$ERR")" = 1 ] || fail "want one line: $(cat "$ERR")"
grep -q "burst-volumes.json: kinds\[0\].bursts: not one of no, yes, unknown" "$ERR" ||
	fail "message: $(cat "$ERR")"
grep -q "PostgreSQL commits" "$OUT" && fail "measured with a broken table"
rm -rf "$d/profiles"
assert_no_files "$d"
pass
