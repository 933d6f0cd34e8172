#!/usr/bin/env bash
# t_recommend_fsync_off.sh — a server running with fsync = off flushes nothing
# (PostgreSQL makes and counts no sync, and opens open_* WAL without O_DSYNC), so
# no wal_sync_method is faster or slower for it: observe says so and counts no
# flush (even under open_datasync, whose writes would otherwise read as
# flushes), and recommend --server gives no method but the risk, in the text,
# the JSON and the HTML report (exit 2: no recommendation).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
need_pg
# pg_lib.sh writes "fsync = on" first; the later line wins.
pg_cluster "fsync = off" "wal_sync_method = open_datasync" "track_wal_io_timing = on"
pg_bench_init 1
pg_bench_bg -c 2 -T 40 -n
pg_wait_clients 2

pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/obs.json"
grep -q "WARNING: fsync = off: the server flushes neither its WAL nor its data" "$OUT" ||
	fail "observe does not say fsync is off: $(head -20 "$OUT")"
json_check "$PG_DIR/obs.json" '(d["observed"]["settings"]["fsync"]["setting"] == "off" and
d["observed"]["rates"]["fsync_off"] is True and d["observed"]["rates"]["flushes_per_s"] == 0 and
d["observed"]["rates"]["wal_writes_per_s"] > 0 and d["observed"]["rates"]["flush_ms"] is None)'

expect_exit 2 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s --budget 6s --workload oltp \
	--json "$PG_DIR/rec.json"
pg_bench_wait
grep -q "it never flushes, fsync = off: guessed" "$OUT" || fail "no From the server line: $(head -30 "$OUT")"
grep -q "NO RECOMMENDATION: the server runs with fsync = off" "$OUT" ||
	fail "the verdict does not say fsync is off: $(grep -v '^ ' "$OUT" | tail -20)"
! grep -Eq '^(Switch from|Tie: you run|Keep open_datasync|Undecided: you run)' "$OUT" ||
	fail "a method was decided for a server that flushes nothing"
json_check "$PG_DIR/rec.json" '(d["recommendation"]["state"] == "failed" and
d["recommendation"]["wal_sync_method"] is None and
"fsync = off" in d["recommendation"]["failure"] and "fsync = off" in d["recommendation"]["headline"])'
expect_exit 0 "$WALBENCH" report "$PG_DIR/rec.json" -o "$PG_DIR/r.html"
grep -q "the server runs with fsync = off" "$PG_DIR/r.html" || fail "the HTML report does not say fsync is off"
pass
