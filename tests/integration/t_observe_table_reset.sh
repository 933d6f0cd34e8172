#!/usr/bin/env bash
# t_observe_table_reset.sh — a reset of one table's counters in the window
# (pg_stat_reset_single_table_counters) moves its database's stats_reset and
# nothing else: the commits stand, within 15 % of pgbench's own log, and
# pg_stat_database is not said reset. (A reset of the database's counters still
# voids them: t_observe_reset.sh.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 2
# Up to 14 a database's stats_reset is set when its statistics entry is made
# (the cluster's start, here), where 15 leaves it NULL until a reset; walbench
# keeps the commits over a moved stats_reset only when the counters had run ten
# windows before it (WB_PG_RESET_HISTORY_WINDOWS), or a reset's regrowth could
# pass for a table's reset. A database that has run that long is the case to test.
# The entry is made when the statistics collector first hears of the database;
# on a loaded machine (CI, first of the suite) pgbench -i's messages had not
# made it when this read stats_reset, NULL: no wait, and walbench then saw
# stats_reset set in its window, a reset. Each query here sends the database's
# counters as its backend ends, so the entry comes within a few tries.
if [ "$PG_MAJOR" -le 14 ]; then
	age=""
	for _ in $(seq 50); do
		age=$(pg_sql "SELECT extract(epoch FROM now() - stats_reset)::int FROM pg_catalog.pg_stat_database WHERE datname = 'postgres'")
		[ -n "$age" ] && break
		sleep 0.2
	done
	[ -n "$age" ] || fail "the database's statistics entry was not made in 10 s (stats_reset NULL)"
	[ "$age" -lt 105 ] && sleep $((105 - age))
fi
pg_bench_bg -c 4 -j 2 -T 16 -n -l --log-prefix="$PG_DIR/txn"
pg_wait_clients 4
sleep 1
(sleep 4; pg_sql "SELECT pg_stat_reset_single_table_counters('pgbench_accounts'::regclass)") \
	>"$PG_DIR/reset.out" 2>&1 &
resetter=$!
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/obs.json"
wait_rc "$resetter"
[ "$rc" = 0 ] || fail "the table's reset failed: $(cat "$PG_DIR/reset.out")"
pg_bench_wait
! grep -q 'RESET' "$OUT" || fail "a reset said: $(grep 'RESET' "$OUT")"

python3 - "$PG_DIR/obs.json" "$PG_DIR/txn" <<'PY' || fail "the commits did not stand"
import json, sys
import pgbench_log
ob = json.load(open(sys.argv[1]))["observed"]
begin, end = pgbench_log.window(ob)
b, e = ob["begin"].get("database_stats_reset"), ob["end"].get("database_stats_reset")
if b == e:
    sys.exit("the database's stats_reset did not move (%s): the scenario did not happen" % b)
if "pg_stat_database" in ob["resets"] or ob["database_reset_kept"] is not True:
    sys.exit("pg_stat_database said reset: %s, kept %s" % (ob["resets"], ob["database_reset_kept"]))
tps = pgbench_log.tps(pgbench_log.completed(sys.argv[2]), begin, end)
got = ob["rates"]["commits_per_s"]
print("observed %s commits/s, pgbench %.1f tps" % (got, tps))
pgbench_log.near("commits/s", got, tps)
PY
pass
