#!/usr/bin/env bash
# t_observe_sampler.sh — the sampler of pg_stat_activity, under 8 pgbench clients of
# another role: (1) a role whose own statement_timeout (1 ms) is shorter than
# walbench's queries samples the whole window, its query prepared once and run
# each round, and no server notice reaches stderr; (2) a role without
# pg_read_all_stats sees the clients hidden, and is told the grant; (3) a
# sampler whose backend is ended mid-window says so, in the text and the JSON.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 2
# The statements of role "slow" alone are logged with their phases (parse,
# bind, execute), pgbench's are not.
pg_sql "CREATE ROLE slow LOGIN IN ROLE pg_monitor; CREATE ROLE plain LOGIN;
	CREATE ROLE mon LOGIN IN ROLE pg_monitor;
	ALTER ROLE slow SET statement_timeout = '1ms';
	ALTER ROLE slow SET log_min_duration_statement = 0" >/dev/null
# -T outlasts the three windows however slow the machine (stopped at exit).
pg_bench_bg -c 8 -j 2 -T 300 -n
pg_wait_clients 8

# bench_running: fails unless pgbench still runs (its clients are what is sampled).
bench_running() { kill -0 "$PG_BENCH_PID" 2>/dev/null || fail "pgbench ended: $(tail -n 3 "$PG_DIR/pgbench.out")"; }

# (1) The role's 1 ms limit: before, it cancelled the BEGIN that sets walbench's own
# under this load, the sampler stopped silently and the WARNING of the ROLLBACK
# after it went to stderr.
pg_observe 0 "$(pg_dsn slow)" --observe 10s --json "$PG_DIR/slow.json"
bench_running
! grep -q 'WARNING' "$ERR" || fail "a server notice on stderr: $(cat "$ERR")"
json_check "$PG_DIR/slow.json" 'd["observed"]["waits"]["rounds"] >= 80'
json_check "$PG_DIR/slow.json" 'd["observed"]["waits"]["failure"] is None'
json_check "$PG_DIR/slow.json" 'd["observed"]["waits"]["busy_rounds"] >= 60'
json_check "$PG_DIR/slow.json" '"waits" not in d["observed"]["missing"]'
# Prepared once, executed each round, every catalogue object named with its schema.
parses=$(grep -c 'parse walbench_sampler: SELECT' "$PG_DIR/server.log" || true)
executes=$(grep -c 'execute walbench_sampler: SELECT' "$PG_DIR/server.log" || true)
rounds=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["observed"]["waits"]["rounds"])' \
	"$PG_DIR/slow.json")
[ "$parses" = 1 ] || fail "the sampler's query parsed $parses times, want once"
[ "$executes" = "$rounds" ] || fail "executed $executes times in $rounds rounds"
grep 'execute walbench_sampler: SELECT' "$PG_DIR/server.log" | head -n 1 |
	grep -q 'FROM pg_catalog.pg_stat_activity' || fail "pg_stat_activity not named with its schema"
# walbench's own transactions: the sampler's rounds, its prepare, the first snapshot's
# two (the snapshot and the databases' counters).
json_check "$PG_DIR/slow.json" 'd["observed"]["own_commits"] == d["observed"]["waits"]["rounds"] + 3'

# (2) Another role's clients: hidden, counted, and the grant named.
pg_observe 0 "$(pg_dsn plain)" --observe 10s --json "$PG_DIR/plain.json"
bench_running
json_check "$PG_DIR/plain.json" 'd["observed"]["waits"]["hidden"] >= 7 * d["observed"]["waits"]["rounds"]'
json_check "$PG_DIR/plain.json" '"waits" in d["observed"]["missing"]'
grep -qF 'GRANT pg_read_all_stats TO "plain"' "$OUT" || fail "no grant named: $(cat "$OUT")"

# (3) The sampler's backend ended 4 s into the window.
(sleep 4; pg_sql "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
	WHERE application_name = 'walbench'") >"$PG_DIR/killed" &
killer=$!
pg_observe 0 "$(pg_dsn mon)" --observe 10s --json "$PG_DIR/ended.json"
wait_rc "$killer"
[ "$rc" = 0 ] && grep -qx t "$PG_DIR/killed" || fail "pg_terminate_backend did not end the sampler"
grep -q '^Note: the sampling of pg_stat_activity stopped after [0-9]* rounds .*terminat' "$OUT" ||
	fail "the text does not say the sampler stopped: $(cat "$OUT")"
json_check "$PG_DIR/ended.json" '"terminat" in d["observed"]["waits"]["failure"]'
json_check "$PG_DIR/ended.json" '20 <= d["observed"]["waits"]["rounds"] <= 60'
pass
