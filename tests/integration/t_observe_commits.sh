#!/usr/bin/env bash
# t_observe_commits.sh — observe's commits per second are the server's: pgbench's own
# log of the transactions it completed inside the observed interval (the server's
# clock, read at each snapshot) gives the same rate within 15 %, for every commit
# and for the commits that write (the xids handed out); and the sampled
# sessions are pgbench's 4 clients, their shares adding up to 1, and `report`
# reads the samples back to the same line. --prom's commit rate is pgbench's too.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 2

# -T outlasts the wait for the clients, the second of warm-up and the window: pgbench
# runs through the whole interval, which the log below proves. -l logs each
# transaction with the epoch time it completed (TPC-B: one commit each).
pg_bench_bg -c 4 -j 2 -T 15 -n -l --log-prefix="$PG_DIR/txn"
pg_wait_clients 4
sleep 1
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/observed.json" --prom "$PG_DIR/observed.prom"
pg_bench_wait

python3 - "$PG_DIR/observed.json" "$PG_DIR/observed.prom" "$PG_DIR/txn" <<'PY' || fail "commits/s differ from pgbench's"
import json, re, sys
import pgbench_log
ob = json.load(open(sys.argv[1]))["observed"]
prom = open(sys.argv[2]).read()
begin, end = pgbench_log.window(ob)
tps = pgbench_log.tps(pgbench_log.completed(sys.argv[3]), begin, end)
got = ob["rates"]["commits_per_s"]
print("observed %s commits/s, pgbench %.1f tps over the same %.1f s" % (got, tps, end - begin))
pgbench_log.near("commits/s", got, tps)
# --prom: one sample of the server's commit rate, labelled with the server, pgbench's too
m = re.findall(r'^walbench_server_commits_per_second\{server="[^"]*port=[0-9]+[^"]*"\} (\S+)$', prom, re.M)
if len(m) != 1 or abs(float(m[0]) / tps - 1) > 0.15:
    sys.exit("--prom said %s commits/s, pgbench completed %.1f/s:\n%s" % (m, tps, prom))
r = ob["rates"]
# Every TPC-B transaction writes, so the commits that took an xid are pgbench's too.
w = r.get("write_commits_per_s")
print("observed %s writing commits/s" % w)
pgbench_log.near("writing commits/s", w, tps)
if "waits" in ob["missing"] or r["wait_share"] is None:
    sys.exit("no wait samples: %s" % ob["waits"])
if abs(r["busy_sessions"] - 4) > 0.5:
    sys.exit("busy sessions %s, want pgbench's 4" % r["busy_sessions"])
if abs(sum(r["wait_share"].values()) - 1) > 1e-6:
    sys.exit("wait shares add up to %s" % sum(r["wait_share"].values()))
if not 0 < r["cpu_busy"] <= 1 or r["ncpu"] < 1:
    sys.exit("host CPU %s of %s CPUs" % (r["cpu_busy"], r["ncpu"]))
# The sampler's backend is the server's child here: its ticks are read, and left out.
cpu = ob["cpu"]
own, tree = cpu.get("own_ticks"), cpu.get("server_ticks")
if not isinstance(own, (int, float)) or not 0 <= own <= tree:
    sys.exit("the sampler's backend's ticks %s of the server's %s" % (own, tree))
want = (tree - own) / cpu["tick_hz"] / (end - begin)
if abs(r["server_cpus"] - want) > 1e-6:
    sys.exit("server_cpus %s, want %s (the tree less the sampler's)" % (r["server_cpus"], want))
PY
# The HTML shows the observation as the terminal did, from the file read back.
line=$(grep -o "^  sessions .*" "$OUT") || fail "no sessions line in observe's output"
"$WALBENCH" report -o "$PG_DIR/report.html" "$PG_DIR/observed.json" >/dev/null ||
	fail "report could not read the observation back"
grep -qF -- "$line" "$PG_DIR/report.html" || fail "the report read the samples back otherwise: want '$line'"
pass
