#!/usr/bin/env bash
# t_qualify_duration.sh — qualify's --duration is kept, as fio's runtime is: the
# slice that would outrun it is cut to what is left (or, with less than half a
# slice left, none starts), so the measuring ends within it, at most half a slice
# early, and the text says which shape got less time than planned. It overran by
# up to one and a half slices (the last slice ran whole), 4.5 s past a 60 s run.
# 20 s in 2 s slices on a plain directory: each slice 2 to 3 s long. The bounds
# are generous (a number is a sanity bound here, not a target): the old code
# overran by 0.3 to 1.7 s, so it fails them only some of the time, and the
# unit test is the one that always does.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir dir /var/tmp
rc=0
t0=$(date +%s.%N)
timeout 90 "$WALBENCH" qualify "$dir" --duration 20s --slice 2s --json "$dir/q.json" \
	>"$OUT" 2>"$ERR" || rc=$?
t1=$(date +%s.%N)
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "qualify exit $rc: $(head -c 600 "$ERR")"
python3 - "$dir/q.json" "$t0" "$t1" <<'PY' || fail "$(cat "$dir/why" 2>/dev/null)"
import json, sys
d = json.load(open(sys.argv[1]))
measured, wall = d["schedule"]["elapsed_s"], float(sys.argv[3]) - float(sys.argv[2])
why = []
# The measuring: at most half a 2 s slice early, and past 20 s by no more than
# the last flush, given a generous second (a shared host's disk stalls; the
# cut's arithmetic itself is unit-tested, test_stop_rules.c).
if not 19.0 - 0.05 <= measured <= 21.0:
    why.append("measured %.3f s for --duration 20s" % measured)
# The whole command: probing, preparing and the report add a few seconds at most.
if wall > 25.0:
    why.append("the command took %.3f s for --duration 20s" % wall)
open(sys.argv[1].rsplit("/", 1)[0] + "/why", "w").write("; ".join(why))
sys.exit(1 if why else 0)
PY
# A cut is said: which shape's slice ran short, or which got none.
if grep -q '^Cut short' "$OUT"; then
	grep -Eq '^Cut short to end within --duration 20s: ([a-z_]+.s last slice ran [0-9.]+ s of the [0-9.]+ s planned|[a-z_, ]+ got no slice in the last round)' "$OUT" ||
		fail "the cut not said plainly: $(grep '^Cut short' "$OUT")"
fi
pass
