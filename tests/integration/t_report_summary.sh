#!/usr/bin/env bash
# t_report_summary.sh — `walbench report --summary`: a fleet of four copies of a
# real recommend file, one host's commit trials scaled to 40 % and another
# recommending fsync; the text names every host, the lemon and the dissenter,
# the JSON says the same; --fail-on-outlier turns the lemon into exit 1; a missing
# file is exit 2 naming it.
. "$(dirname "$0")/lib.sh"
set -e
src="${WB_SOURCE_DIR:-$(dirname "$0")/../..}/tests/unit/fixtures/report/recommend.json"
[ -f "$src" ] || fail "fixture missing: $src"
wb_tmpdir d

# db3: the lemon (fdatasync's commit trials at 40 %); db4: recommends fsync. The
# fixture's run was undecided; these say what they proved (schema 7's state),
# and u1..u3 keep it: an undecided fleet.
python3 - "$src" "$d" <<'PY' || fail "could not build the fleet"
import copy, json, sys
base = json.load(open(sys.argv[1]))
for name in ("db1", "db2", "db3", "db4"):
    r = copy.deepcopy(base)
    r["host"]["hostname"] = name
    for t in r["tests"]:
        if name == "db3" and t["method"] == "fdatasync" and t["writes_per_op"] == 1:
            t["trial_ops_per_sec"] = [x * 0.4 for x in t["trial_ops_per_sec"]]
            t["ops_per_sec"] *= 0.4
    r["schema_version"] = 7
    r["recommendation"]["state"] = "tie"
    if name == "db4":
        r["recommendation"]["wal_sync_method"] = "fsync"
        r["recommendation"]["state"] = "switch"
    json.dump(r, open(f"{sys.argv[2]}/{name}.json", "w"))
for name in ("u1", "u2", "u3", "v1", "v2", "v3"):
    r = copy.deepcopy(base)
    r["host"]["hostname"] = "vm" if name[0] == "v" else name
    json.dump(r, open(f"{sys.argv[2]}/{name}.json", "w"))
PY

expect_exit 0 "$WALBENCH" report --summary "$d/db1.json" "$d/db2.json" "$d/db3.json" \
	"$d/db4.json" --json "$d/s.json"
head -1 "$OUT" | grep -q '^fleet of 4: 1 outlier (db3: commit fdatasync 8kB -60 % \[' ||
	fail "headline: $(head -1 "$OUT")"
head -1 "$OUT" | grep -q 'recommendations: fdatasync on 3 of 4; 1 differs (db4 fsync)' ||
	fail "no disagreement in the headline: $(head -1 "$OUT")"
for h in db1 db2 db3 db4; do
	grep -q "^$h " "$OUT" || fail "no line for $h: $(cat "$OUT")"
done
grep -q '^db3 .* OUTLIER' "$OUT" || fail "db3 not marked: $(cat "$OUT")"
grep -q '^db4 .* DIFFERS' "$OUT" || fail "db4 not marked: $(cat "$OUT")"
grep -q '^  db3: fdatasync/sync 8kB x1 .* more than 20 % below' "$OUT" ||
	fail "no outlier reason: $(cat "$OUT")"
if grep -q '^db[124] .* OUTLIER' "$OUT"; then fail "a good host named: $(cat "$OUT")"; fi

json_check "$d/s.json" 'd["schema_version"] == 3 and d["kind"] == "fleet_summary"'
json_check "$d/s.json" 'd["distinct_hosts"] == 4'
json_check "$d/s.json" '[h["label"] for h in d["hosts"]] == ["db1", "db2", "db3", "db4"]'
json_check "$d/s.json" '[h["label"] for h in d["hosts"] if h["outlier"]] == ["db3"]'
json_check "$d/s.json" 'not any(h["failed"] for h in d["hosts"])'
json_check "$d/s.json" '{o["label"] for o in d["outliers"]} == {"db3"} and d["outliers"][0]["kind"] == "slow"'
json_check "$d/s.json" 'd["outliers"][0]["key_test"] and d["outliers"][0]["diff_ci95_pct"][1] < -20'
json_check "$d/s.json" '[(x["label"], x["value"], x["majority"]) for x in d["disagreements"]] == [("db4", "fsync", "fdatasync")]'
json_check "$d/s.json" 'd["hosts"][2]["key_test"]["ops_per_sec"] < 0.5 * d["hosts"][0]["key_test"]["ops_per_sec"]'
cp "$OUT" "$d/s.txt"
json_check "$d/s.json" 'd["headline"] == open("'"$d"'/s.txt").readline().rstrip("\n")'

# Undecided recommendations are no vote for the default they keep.
expect_exit 0 "$WALBENCH" report --summary "$d/u1.json" "$d/u2.json" "$d/u3.json" --json "$d/u.json"
head -1 "$OUT" | grep -q 'recommendations undecided (3 of 3): the budget ran out on every host' ||
	fail "an undecided fleet: $(head -1 "$OUT")"
if head -1 "$OUT" | grep -q 'agree'; then fail "undecided hosts agree: $(head -1 "$OUT")"; fi
json_check "$d/u.json" 'd["votes"][0]["undecided"] == 3 and d["votes"][0]["majority"] is None'
# Three runs on one machine are three files of one host, not a fleet of three.
expect_exit 0 "$WALBENCH" report --summary "$d/v1.json" "$d/v2.json" "$d/v3.json" --json "$d/v.json"
head -1 "$OUT" | grep -q '^3 files from 1 host (vm): .*recommendations undecided (3 of 3): the budget ran out on every file' ||
	fail "files of one host: $(head -1 "$OUT")"
grep -q "^Outliers: none judged; no test is ok on 3 or more hosts (a median of the others needs two; a host's files count once)" "$OUT" ||
	fail "files of one host judged as a fleet: $(cat "$OUT")"
json_check "$d/v.json" 'd["distinct_hosts"] == 1 and len(d["hosts"]) == 3'
json_check "$d/v.json" 'd["tests_compared"] == 0 and d["rule"]["host_figure"].startswith("the median of")'
expect_exit 0 "$WALBENCH" report --summary "$d/db1.json" "$d/db2.json" "$d/u1.json"
head -1 "$OUT" | grep -q 'recommendations agree (fdatasync, 2 of 3; 1 undecided)' ||
	fail "one undecided host: $(head -1 "$OUT")"

# --fail-on-outlier: the same fleet trips it (exit 1, and the summary still printed and
# written); the three good hosts pass it; without --summary it is a usage error (2).
expect_exit 1 "$WALBENCH" report --summary "$d/db1.json" "$d/db2.json" "$d/db3.json" \
	"$d/db4.json" --fail-on-outlier --json "$d/g.json"
grep -q '^--fail-on-outlier: FAILED: 1 outlier host, 0 hosts with a failed test$' "$OUT" ||
	fail "gate line: $(tail -2 "$OUT")"
head -1 "$OUT" | grep -q '^fleet of 4: 1 outlier (db3' || fail "no summary before the gate"
json_check "$d/g.json" '[h["label"] for h in d["hosts"] if h["outlier"]] == ["db3"]'
expect_exit 0 "$WALBENCH" report --summary "$d/db1.json" "$d/db2.json" "$d/db4.json" --fail-on-outlier
grep -q '^--fail-on-outlier: passed: 0 outlier hosts, 0 hosts with a failed test$' "$OUT" ||
	fail "gate line: $(tail -2 "$OUT")"
expect_exit 2 "$WALBENCH" report "$d/db1.json" --fail-on-outlier -o "$d/x.html"
grep -q -- '--fail-on-outlier goes with --summary' "$ERR" || fail "$(cat "$ERR")"
[ ! -e "$d/x.html" ] || fail "a report was written for a usage error"

# Bad input: exit 2 naming the file, and no summary written.
expect_exit 2 "$WALBENCH" report --summary "$d/db1.json" "$d/missing.json" --json "$d/t.json"
grep -q 'missing.json: cannot read: No such file or directory' "$ERR" || fail "$(cat "$ERR")"
[ ! -e "$d/t.json" ] || fail "a summary was written for bad input"
pass
