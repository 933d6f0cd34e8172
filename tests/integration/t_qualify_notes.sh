#!/usr/bin/env bash
# t_qualify_notes.sh — qualify's text says what it measured (issue 45): "N slices"
# is the commit row's slices, as its JSON lists them (it printed the run's rounds),
# and a test of one slice, which has a CV of 0 and no interval, is said to have too
# wide an interval, never to have "varied by up to 0%". On memory, 5 s in 0.5 s
# slices, the longest a 5 s --duration holds two of for each of the three shapes
# (longer ones are shortened: docs/usage.md, "Budgets and trial lengths").
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir shm /dev/shm
rc=0
timeout 60 "$WALBENCH" qualify "$shm" --duration 5s --slice 500ms --json "$shm/q.json" >"$OUT" 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "qualify exit $rc: $(head -c 600 "$ERR")"
n=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(len([t for t in d["tests"] if t["label"] == "commit"][0]["trial_ops_per_sec"]))' "$shm/q.json")
grep -q "^Over the run (8 kB commits, $n slices of 0.5 s): " "$OUT" ||
	fail "not the commit row's $n slices: $(grep '^Over the run' "$OUT")"
! grep -q 'by up to 0%' "$OUT" || fail "a CV of 0 quoted as noise: $(grep '^note' "$OUT")"
if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if any(t["status"] == "ok" and len(t["trial_ops_per_sec"]) == 1 for t in d["tests"]) else 1)' "$shm/q.json"; then
	grep -q '^note: [0-9]* of [0-9]* tests ran one trial, so have no interval' "$OUT" ||
		fail "one-trial tests not said to have no interval: $(grep '^note' "$OUT")"
fi
rm -f "$shm/q.json"
pass
