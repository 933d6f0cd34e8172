#!/usr/bin/env bash
# t_observe_reset.sh — statistics reset between the two snapshots void the
# deltas of the views reset, even when the counters grew back past where they
# were (a fresh, idle server, then pgbench after the resets): observe reads each
# view's stats_reset and says which were reset (text RESET line, JSON resets[]),
# their deltas are left out and their rates are null, and the others stand.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 1
# Counters near 0 at the first snapshot, so what pgbench adds after the reset
# takes them past it: a reset no counter going down would show.
t0=$(pg_sql "SELECT pg_catalog.now()")
pg_sql "SELECT pg_stat_reset_shared('wal'); SELECT pg_stat_reset();" >/dev/null
# Up to 14 the statistics collector applies a reset a few hundred ms later,
# and a first snapshot taken before it sees no reset at all: the history the
# second reset is judged against must be there when the window opens.
seen=
for _ in $(seq 50); do
	seen=$(pg_sql "SELECT (SELECT max(stats_reset) FROM pg_catalog.pg_stat_database) >= '$t0'
		AND (SELECT stats_reset FROM pg_catalog.pg_stat_wal) >= '$t0'")
	[ "$seen" = t ] && break
	sleep 0.1
done
[ "$seen" = t ] || fail "the first resets never showed in pg_stat_database and pg_stat_wal"
(
	sleep 3
	pg_sql "SELECT pg_stat_reset_shared('wal'); SELECT pg_stat_reset();" >/dev/null
	pg_bench -c 2 -T 5 -n >"$PG_DIR/bench.log" 2>&1
) &
loader=$!
on_exit "kill $loader 2>/dev/null"
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/obs.json"
wait_rc "$loader"
[ "$rc" = 0 ] || fail "the resets or pgbench failed: $(tail -n 3 "$PG_DIR/bench.log")"

grep -q "RESET: pg_stat_database, pg_stat_wal: their statistics were reset between the two snapshots" "$OUT" ||
	fail "no RESET line: $(head -12 "$OUT")"
json_check "$PG_DIR/obs.json" '(
sorted(d["observed"]["resets"]) == ["pg_stat_database", "pg_stat_wal"] and
d["observed"]["end"]["wal_bytes"] > d["observed"]["begin"]["wal_bytes"] and
"wal_bytes" not in d["observed"]["delta"] and "xact_commit" not in d["observed"]["delta"] and
d["observed"]["rates"]["wal_bytes_per_s"] is None and d["observed"]["rates"]["commits_per_s"] is None and
"buffers_bgwriter" in d["observed"]["delta"] and
d["observed"]["end"]["wal_stats_reset"] > d["observed"]["begin"]["wal_stats_reset"])'
# A saved observation reads back with the same resets.
wb_tmpdir d
"$WALBENCH" recommend --observed "$PG_DIR/obs.json" --budget 4s --workload oltp --json "$d/r.json" "$d" \
	>"$d/out" 2>&1 || true
grep -q "RESET: pg_stat_database, pg_stat_wal" "$d/out" || fail "--observed lost the resets: $(head -12 "$d/out")"
rm -f "$d/r.json" "$d/out"
pass
