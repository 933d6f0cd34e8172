#!/usr/bin/env bash
# t_pgbench_log.sh — pgbench_log.py, the server tests' reader of pgbench's
# per-transaction logs, on logs written here (no server): only pgbench's own
# files of a prefix are read (PREFIX.PID, PREFIX.PID.THREAD; not the test's
# PREFIX.json or PREFIX.sql), the rate counts the window's transactions, and a
# log that does not run through the window, or a rate off by more than 15 %,
# fails the check instead of passing for a slower server.
. "$(dirname "$0")/lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
wb_tmpdir d

# client_id transaction_no time script_no time_epoch time_us: one transaction
# every 0.1 s from 1000.0 to 1019.9, split over a process's two threads' logs.
python3 - "$d/txn" <<'PY'
import sys
p = sys.argv[1]
with open(p + ".4242", "w") as a, open(p + ".4242.1", "w") as b:
    for i in range(200):
        (a if i % 2 else b).write("%d %d 900 0 %d %d\n" % (i % 2, i, 1000 + i // 10, i % 10 * 100000))
open(p + ".json", "w").write('{"observed": {}}\n')
open(p + ".sql", "w").write("SELECT 1;\n")
PY
python3 - "$d/txn" <<'PY' || fail "the logs read wrong"
import sys
import pgbench_log as pl
p = sys.argv[1]
logs = pl.logs(p)
if [l[len(p):] for l in logs] != [".4242", ".4242.1"]:
    sys.exit("logs: %s" % logs)
done = pl.completed(p)
if len(done) != 200 or min(done) != 1000 or abs(max(done) - 1019.9) > 1e-9:
    sys.exit("completed: %d from %s to %s" % (len(done), min(done), max(done)))
if pl.window({"interval": {"begin": 1005.0, "end": 1015.0}}) != (1005.0, 1015.0):
    sys.exit("window")
tps = pl.tps(done, 1005.0, 1015.0)  # 1005.0 to 1015.0 inclusive: 101 transactions
if abs(tps - 10.1) > 1e-9:
    sys.exit("tps %s, want 10.1" % tps)
pl.near("commits/s", 11.0, tps)
PY
# Past the logs' end, or a rate 20 % off: each check fails, saying why.
python3 -c 'import sys, pgbench_log as pl; pl.tps(pl.completed(sys.argv[1]), 1010.0, 1030.0)' \
	"$d/txn" 2>"$ERR" && fail "a window past the log passed"
grep -q "did not run through the interval \[1010.000, 1030.000\]: 200 transactions" "$ERR" ||
	fail "a window past the log: $(cat "$ERR")"
python3 -c 'import pgbench_log as pl; pl.near("commits/s", 12.2, 10.1)' 2>"$ERR" &&
	fail "a rate 21 % off passed"
grep -qx "observe said 12.2 commits/s, pgbench completed 10.1/s" "$ERR" || fail "near: $(cat "$ERR")"
python3 -c 'import pgbench_log as pl; pl.near("commits/s", None, 10.1)' 2>"$ERR" &&
	fail "no rate passed"
pass
