#!/usr/bin/env bash
# t_budget_clip.sh — run's and recommend's --budget is kept, as fio's runtime
# is: the trial that would outrun it is cut to what is left (with less than
# half a trial left none starts, nor a first trial's warm-up), the files' setup
# is spent inside it, and the text says which test got less time. The last
# trial ran whole, past the budget by up to one and a half trials (run
# --method fdatasync --budget 10s --trial-time 3s: 10.9 to 13.0 s measured).
# A plain directory: the bounds are generous sanity bounds, not accuracy.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir dir /var/tmp

# budget_kept NAME BUDGET_S: the JSON's measured time and the command's wall
# time (from $t0, $t1) are within the budget, give or take a noisy machine.
budget_kept() {
	python3 - "$dir/$1.json" "$2" "$t0" "$t1" <<'PY' || fail "$1: $(cat "$dir/why" 2>/dev/null)"
import json, sys
d = json.load(open(sys.argv[1]))
budget, wall = float(sys.argv[2]), float(sys.argv[4]) - float(sys.argv[3])
measured = d["schedule"]["elapsed_s"]
why = []
# The measuring ends on the budget (setup inside it), one flush past at most.
if measured > budget + 1.0:
    why.append("measured %.3f s for --budget %gs" % (measured, budget))
# The whole command: probing the device, the report and the cleanup add little.
if wall > budget + 5.0:
    why.append("the command took %.3f s for --budget %gs" % (wall, budget))
open(sys.argv[1].rsplit("/", 1)[0] + "/why", "w").write("; ".join(why))
sys.exit(1 if why else 0)
PY
}

# One test, 3 s trials: five trials could not stop it on its CI before the
# budget, so the budget ends it, and a cut is said whether the last trial ran
# short or none started (a 4.5 s trial drawn after 8 s would have run whole).
rc=0
t0=$(date +%s.%N)
timeout 60 "$WALBENCH" run --dir "$dir" --method fdatasync --budget 10s --trial-time 3s \
	--json "$dir/run.json" >"$OUT" 2>"$ERR" || rc=$?
t1=$(date +%s.%N)
[ "$rc" = 0 ] || fail "run exit $rc: $(head -c 600 "$ERR")"
budget_kept run 10
# A whole trial may end within a flush of the budget (rare: the trials' sum
# lands on 10 s); then nothing was cut and nothing is said.
if grep -q '^Cut short' "$OUT"; then
	grep -Eq "^Cut short to end within --budget 10s: fdatasync/sync 8kB x1 conc 1('s last trial ran [0-9.]+ s of the [0-9.]+ s planned| got no trial in the last round)" "$OUT" ||
		fail "the cut not said: $(grep -A3 '^Cut short' "$OUT")"
else
	json_check "$dir/run.json" "d['schedule']['elapsed_s'] >= 9.9" ||
		fail "no cut said, and the run ended before its budget"
fi
json_check "$dir/run.json" "d['tests'][0]['status'] == 'ok' and d['tests'][0]['trials'] >= 2"

# recommend: it may settle before the budget; when the budget ends it, the cut
# is said after the verdict, which stays first after the header.
rc=0
t0=$(date +%s.%N)
timeout 60 "$WALBENCH" recommend "$dir" --workload oltp --budget 10s --trial-time 1s \
	--json "$dir/rec.json" >"$OUT" 2>"$ERR" || rc=$?
t1=$(date +%s.%N)
[ "$rc" = 0 ] || fail "recommend exit $rc: $(head -c 600 "$ERR")"
budget_kept rec 10
awk 'f { print; exit } /^$/ { f = 1 }' "$OUT" | grep -qE '^(Set wal_sync_method|Tie: keep|Keep wal_sync_method|Undecided: keep)' ||
	fail "no decision first: $(head -5 "$OUT")"
if grep -q '^Cut short' "$OUT"; then
	grep -Eq "^Cut short to end within --budget 10s: ([a-z_]+ commit 8kB's last trial ran [0-9.]+ s of the [0-9.]+ s planned|[a-z_]+ commit 8kB.* got no trial in the last round)" "$OUT" ||
		fail "the cut not said plainly: $(grep '^Cut short' "$OUT")"
fi
assert_no_files "$dir"
pass
