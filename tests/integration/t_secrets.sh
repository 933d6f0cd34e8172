#!/usr/bin/env bash
# t_secrets.sh — no secret typed where walbench expects no connection string
# reaches an output. One row per entry point (each option that takes a word,
# each operand's position, each file reader, the environment): a connection
# string or a password where a directory, a file, a name or a value is
# expected, a stray word beside a connection string, a .pgpass or a service file
# given as a profile, tiers or results file, a results file whose command line,
# configuration and observation hold a password. Each row runs walbench, then
# `report` on any JSON it wrote; the row's secret must be in none of stdout,
# stderr, the JSON, the CSV, the Prometheus file or the HTML. A refused word is
# named by its place. The next option is one more row.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
wb_tmpdir o
S=Sesame5Qx # every row's secret
printf 'db.example:5432:app:u:%s\n' "$S" >"$d/pgpass"
printf '[app]\nhost=db.example\npassword=%s\n' "$S" >"$d/service.conf"
kv="host=db.example user=u password=$S"
uri="postgresql://u:$S@db.example/app"
outs=(--json "$o/r.json")
row_env=() # VAR=VALUE for the row's environment

# row WANT ARGS...: walbench ARGS (in row_env) exits WANT (the reports each command takes
# are asked for where it writes any), `report` turns the JSON it wrote into
# HTML, and $S is nowhere.
row() {
	local want=$1 f
	shift
	rm -f "$o"/*
	expect_exit "$want" timeout 60 env "${row_env[@]}" "$WALBENCH" "$@"
	cp "$OUT" "$o/stdout"
	cp "$ERR" "$o/stderr"
	if [ -s "$o/r.json" ]; then
		timeout 60 "$WALBENCH" report "$o/r.json" -o "$o/r.html" >"$o/report.out" 2>&1 ||
			fail "report of $*'s JSON failed: $(cat "$o/report.out")"
	fi
	for f in "$o"/*; do
		! grep -qF -- "$S" "$f" || fail "walbench $*: the secret is in ${f##*/}: $(grep -F -- "$S" "$f" | head -c 400)"
	done
}

# named WHAT: the last row named its refused word by its place.
named() {
	grep -qE "the [0-9]+(st|nd|rd|th) argument" "$o/stderr" || fail "$1: not named: $(cat "$o/stderr")"
}

# A connection string where a directory or a file is expected.
row 1 recommend "$kv";                                   named "recommend DIR"
row 1 recommend "$d" "$uri";                             named "a 2nd operand"
grep -qF 'the 3rd argument looks like a connection string' "$o/stderr" || fail "3rd: $(cat "$o/stderr")"
row 1 recommend --data "$kv";                            named "--data"
row 1 recommend --wal-candidate "$uri" "$d";             named "--wal-candidate"
row 1 run --dir "$kv";                                   named "run --dir"
row 1 run --dir="$uri";                                  named "run --dir="
row 1 engines --dir "$kv";                               named "engines --dir"
row 1 recommend --observed "$kv" "$d";                   named "--observed"
row 2 report "$uri";                                     named "report FILE"
row 2 compare "$kv" "$d/a.json";                         named "compare A"
row 2 qualify "$kv";                                     named "qualify DIR"
row 2 qualify --tiers "$uri" "$d";                       named "--tiers"
row 2 qualify --tier "password=$S" "$d";                 named "--tier"
row 1 run --profile "$kv";                               named "--profile"
row 1 compat -f "$kv";                                   named "compat -f"
row 1 clean "$uri";                                      named "clean DIR"
row 1 verify write --to "u:$S@db.example:5432" "$d";     named "verify --to"
row 1 observe --json "$uri" "host=db.example";           named "observe --json"
row 1 run --dir "$d" --budget 1s --json "$kv";           named "run --json"
row 1 run --dir "$d" --budget 1s --csv "$uri";           named "run --csv"
row 1 run --dir "$d" --budget 1s --prom "$kv";           named "run --prom"
row 1 run --budget "password=$S";                        named "a value"
row 1 run "$d" --method fsync "password $S";             named "an unexpected word"
# A password typed as a word of its own beside a connection string.
row 1 observe "host=db.example user=u" "$S";             named "observe's stray word"
row 2 recommend --server "host=db.example user=u" "$S";  named "recommend's stray DIR"
row 2 recommend "$S" --server "host=db.example user=u";  named "recommend's leading DIR"
row 2 recommend --server="host=db.example" --dir "$S";   named "recommend --dir"
row 1 recommend --server "host=db.example user=u" "$d" "$S"; named "a second DIR"
row 1 observe "host=db.example user=u" --observe "$S";   named "a stray value"
# Files that are not what they are given as: never quoted.
row 2 run --profile "$d/pgpass"
row 2 run --profile "$d/service.conf"
row 2 qualify --tiers "$d/service.conf" "$d"
row 2 report "$d/pgpass"
row 2 compare "$d/pgpass" "$d/service.conf"
row 2 recommend --observed "$d/service.conf" "$d"
# The environment.
row_env=(WALBENCH_CLOCK="password=$S")
row 0 run --dir "$d" --method fdatasync --budget 300ms "${outs[@]}" --csv "$o/r.csv" --prom "$o/r.prom"
row_env=()
# A results file another tool wrote, or one edited by hand: its command line,
# configuration and observation's connection string hold the password.
expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync --budget 300ms --json "$d/run.json"
python3 - "$d/run.json" "$d/hand.json" "$kv" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["command_line"].append("--server=" + sys.argv[3])
d["config"]["server"] = sys.argv[3]
d["config"]["dir"] = sys.argv[3]
json.dump(d, open(sys.argv[2], "w"))
PY
row 0 report "$d/hand.json" -o "$o/hand.html"
row 0 compare "$d/hand.json" "$d/hand.json" --json "$o/compare.json"
assert_no_files "$d"
pass
