#!/usr/bin/env bash
# t_observe_new_database.sh — a database created inside the window and used
# there: its commits count, counted from 0, and pg_stat_database is not said
# reset. Up to 14 the new database's statistics entry sets its stats_reset,
# which moves the view's (max) stats_reset as a reset would; 15 and later leave
# it NULL. The truth is pgbench's own logs, in both databases.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 1
printf 'SELECT 1;\n' >"$PG_DIR/one.sql"
chmod 644 "$PG_DIR/one.sql"
pg_bench_bg -c 2 -j 2 -T 14 -n -l --log-prefix="$PG_DIR/txn"
pg_wait_clients 2
sleep 1
# 3 s into the window: the new database, and a client in it for 3 s.
(sleep 3 && pg_sql "CREATE DATABASE fresh" &&
	"${as_pg[@]}" "$PG_CLIENT_BIN/pgbench" -h "$PG_DIR" -p "$PG_PORT" -U postgres -n \
		-f "$PG_DIR/one.sql" -c 1 -T 3 -l --log-prefix="$PG_DIR/fresh" fresh) \
	>"$PG_DIR/creator.out" 2>&1 &
creator=$!
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/obs.json"
wait_rc "$creator"
[ "$rc" = 0 ] || fail "the new database's client failed: $(tail -n 5 "$PG_DIR/creator.out")"
pg_bench_wait
! grep -q 'RESET' "$OUT" || fail "a reset said: $(grep 'RESET' "$OUT")"

python3 - "$PG_MAJOR" "$PG_DIR/obs.json" "$PG_DIR/txn" "$PG_DIR/fresh" <<'PY' || fail "the commits did not stand"
import json, sys
import pgbench_log
major, ob = int(sys.argv[1]), json.load(open(sys.argv[2]))["observed"]
begin, end = pgbench_log.window(ob)
b, e = ob["begin"].get("database_stats_reset"), ob["end"].get("database_stats_reset")
if major <= 14 and b == e:
    sys.exit("the database's stats_reset did not move (%s): the scenario did not happen" % b)
if "pg_stat_database" in ob["resets"]:
    sys.exit("pg_stat_database said reset: %s" % ob["resets"])
# The first database's clients run through the window; the new one's, 3 s of it.
done, new = pgbench_log.completed(sys.argv[3]), pgbench_log.completed(sys.argv[4])
fresh = pgbench_log.count_in(new, begin, end)
tps = pgbench_log.tps(done, begin, end) + fresh / (end - begin)
got = ob["rates"]["commits_per_s"]
print("observed %s commits/s, pgbench %.1f tps (%d in the new database)" % (got, tps, fresh))
if fresh < 50:
    sys.exit("only %d transactions in the new database inside the window" % fresh)
pgbench_log.near("commits/s", got, tps)
PY
pass
