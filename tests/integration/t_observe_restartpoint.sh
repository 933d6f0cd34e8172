#!/usr/bin/env bash
# t_observe_restartpoint.sh — a standby's checkpoints are restartpoints: one made
# inside observe's window is a checkpoint of the window, on a live standby. 17+
# count them apart from checkpoints (pg_stat_checkpointer.restartpoints_*), and
# 18's num_done, which walbench reads for the checkpoints, leaves them out: read
# without the restartpoints, the window says none completed and the load it saw
# is not a checkpoint's. The standby is a copy of the stopped primary (as in
# t_sync_standby.sh), streaming over the primary's unix socket; a CHECKPOINT on
# the primary gives it a checkpoint record to restart at, and a CHECKPOINT on the
# standby inside the window makes the restartpoint. Both servers stop on every
# exit path. Runs on 18 only (tests/CMakeLists.txt): the restartpoints' own
# counters are 17's, and 18 is where num_done hides them.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
[ "$PG_MAJOR" -ge 17 ] || skip "PostgreSQL $PG_MAJOR counts no restartpoints apart"
pg_cluster "max_wal_senders = 4" "checkpoint_timeout = 1h"
echo "local replication all trust" >>"$PG_DATA/pg_hba.conf"
pg_bench_init 1
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null ||
	fail "pg_ctl stop of the primary"
standby=$PG_DIR/standby
cp -a "$PG_DATA" "$standby" || fail "cannot copy the data directory"
sport=$((PG_PORT + 1))
{
	echo "port = $sport"
	echo "primary_conninfo = 'host=$PG_DIR port=$PG_PORT user=postgres application_name=walbench_standby'"
} >>"$standby/postgresql.conf"
"${as_pg[@]}" touch "$standby/standby.signal" || fail "cannot make standby.signal"
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 120 start >/dev/null ||
	fail "pg_ctl start of the primary: $(tail -n 5 "$PG_DIR/server.log")"
on_exit "${as_pg[*]} '$PG_BIN/pg_ctl' -D '$standby' -m immediate -w -t 60 stop"
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$standby" -l "$PG_DIR/standby.log" -w -t 120 start >/dev/null ||
	fail "pg_ctl start of the standby: $(tail -n 5 "$PG_DIR/standby.log")"

standby_sql() {
	"${as_pg[@]}" "$PG_CLIENT_BIN/psql" -h "$PG_DIR" -p "$sport" -U postgres -d postgres -XAtq \
		-v ON_ERROR_STOP=1 -c "$1"
}

# Some writes and a checkpoint record on the primary, replayed by the standby.
pg_bench -n -t 200 >"$PG_DIR/pgbench.out" 2>&1 || fail "pgbench: $(tail -n 5 "$PG_DIR/pgbench.out")"
pg_sql "CHECKPOINT" >/dev/null
lsn=$(pg_sql "SELECT pg_catalog.pg_current_wal_insert_lsn()")
for _ in $(seq 300); do
	[ "$(standby_sql "SELECT pg_catalog.pg_last_wal_replay_lsn() >= '$lsn'::pg_lsn")" = t ] && break
	sleep 0.1
done
[ "$(standby_sql "SELECT pg_catalog.pg_last_wal_replay_lsn() >= '$lsn'::pg_lsn")" = t ] ||
	fail "the standby did not replay up to $lsn: $(tail -n 5 "$PG_DIR/standby.log")"
before=$(standby_sql "SELECT restartpoints_done FROM pg_catalog.pg_stat_checkpointer")

# The restartpoint, 3 s into a 10 s window (the CHECKPOINT waits for it).
(sleep 3 && standby_sql "CHECKPOINT" >/dev/null) &
ckpt=$!
on_exit "kill $ckpt 2>/dev/null || true"
dsn="host=$PG_DIR port=$sport dbname=postgres user=postgres"
pg_observe 0 "$dsn" --observe 10s --json "$PG_DIR/observed.json"
wait_rc "$ckpt"
[ "$rc" = 0 ] || fail "CHECKPOINT on the standby exited $rc"
after=$(standby_sql "SELECT restartpoints_done FROM pg_catalog.pg_stat_checkpointer")
[ "$after" -gt "$before" ] || fail "no restartpoint was made: restartpoints_done $before, then $after"
python3 - "$PG_DIR/observed.json" <<'PY' || fail "the standby's restartpoint"
import json, sys
o = json.load(open(sys.argv[1]))["observed"]
r = o["rates"]
print("checkpoints %r, in window %r" % (r.get("checkpoints"), r.get("checkpoint_in_window")))
if r.get("checkpoints", 0) < 1 or r.get("checkpoint_in_window") is not True:
    sys.exit("a restartpoint inside the window read as no checkpoint: %r" % r)
PY
grep -q "checkpoint completed inside the interval" "$OUT" ||
	fail "the text does not say a checkpoint completed: $(grep -i checkpoint "$OUT")"
pass
