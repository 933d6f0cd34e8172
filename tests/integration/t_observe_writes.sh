#!/usr/bin/env bash
# t_observe_writes.sh — the commits that write never exceed the commits, whatever
# else takes transaction ids: pgbench transactions that each write through two
# savepoints (three xids a commit) read as pgbench's own count of transactions,
# within 15 %, and transactions that write and roll back read as no writing
# commits at all (their xids are handed out, their commits never happen).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 2
cat >"$PG_DIR/savepoints.sql" <<'SQL'
\set aid random(1, 200000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;
SAVEPOINT a;
UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid + 1;
SAVEPOINT b;
UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid + 2;
COMMIT;
SQL
cat >"$PG_DIR/rollbacks.sql" <<'SQL'
\set aid random(1, 200000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;
ROLLBACK;
SQL
chmod 644 "$PG_DIR"/*.sql

# observe_script NAME: 4 clients of pgbench running NAME.sql through a 10 s
# window, logging each transaction (-l, the epoch time it completed); the
# observation in NAME.json and pgbench's log as NAME.*.
observe_script() {
	pg_bench_bg -c 4 -j 2 -T 15 -n -f "$PG_DIR/$1.sql" -l --log-prefix="$PG_DIR/$1"
	pg_wait_clients 4
	sleep 1
	pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/$1.json"
	pg_bench_wait
}
observe_script savepoints
observe_script rollbacks

python3 - "$PG_DIR" <<'PY' || fail "writing commits read wrong"
import json, sys
import pgbench_log
d = sys.argv[1]

def read(name):
    ob = json.load(open("%s/%s.json" % (d, name)))["observed"]
    begin, end = pgbench_log.window(ob)
    tps = pgbench_log.tps(pgbench_log.completed("%s/%s" % (d, name)), begin, end,
                          "%s: pgbench" % name)
    r = ob["rates"]
    xids = ob["delta"]["xids_assigned"] / (end - begin)
    print("%s: pgbench %.1f tps; observed %.1f commits/s, %.1f writing, %.1f xids/s"
          % (name, tps, r["commits_per_s"], r["write_commits_per_s"], xids))
    if not r["write_commits_per_s"] <= r["commits_per_s"]:
        sys.exit("%s: more writing commits than commits" % name)
    return tps, r, xids

tps, r, xids = read("savepoints")
# The xids are three a transaction: what the writing commits must not read as.
if not xids > 2 * tps:
    sys.exit("savepoints: %.1f xids/s for %.1f tps, want about 3 a transaction" % (xids, tps))
pgbench_log.near("writing commits/s under savepoints", r["write_commits_per_s"], tps)
tps, r, xids = read("rollbacks")
if not xids > 0.5 * tps:
    sys.exit("rollbacks: %.1f xids/s for %.1f rolled-back tps" % (xids, tps))
# A commit or two of autovacuum's may fall inside; none is pgbench's.
if r["write_commits_per_s"] > 0.02 * tps:
    sys.exit("rollbacks: %.1f writing commits/s where pgbench committed none of %.1f/s"
             % (r["write_commits_per_s"], tps))
PY
pass
