#!/usr/bin/env bash
# t_sync_standby.sh — a primary whose commits wait for a synchronous standby
# (IPC:SyncRep): observe reads that wait as a class of its own, and recommend
# --server says, in the method advice and in the placement advice, in the text
# and in the JSON, that this host's flush is not what the commits wait for.
# The standby runs on the same host, reached over the primary's unix socket; it
# is a copy of the primary's data directory taken while the primary is stopped
# (Debian's pg_basebackup, 15, refuses newer servers), and it applies WAL 20 ms
# late under synchronous_commit = remote_apply: a standby far away, without a
# network to slow down. Both servers stop on every exit path.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster "track_wal_io_timing = on" "max_wal_senders = 4"
echo "local replication all trust" >>"$PG_DATA/pg_hba.conf"
pg_bench_init 1
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null ||
	fail "pg_ctl stop of the primary"
standby=$PG_DIR/standby
cp -a "$PG_DATA" "$standby" || fail "cannot copy the data directory"
{
	echo "port = $((PG_PORT + 1))"
	echo "primary_conninfo = 'host=$PG_DIR port=$PG_PORT user=postgres application_name=walbench_standby'"
	echo "recovery_min_apply_delay = '20ms'"
} >>"$standby/postgresql.conf"
"${as_pg[@]}" touch "$standby/standby.signal" || fail "cannot make standby.signal"
{
	echo "synchronous_standby_names = 'walbench_standby'"
	echo "synchronous_commit = remote_apply"
} >>"$PG_DATA/postgresql.conf"
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 120 start >/dev/null ||
	fail "pg_ctl start of the primary: $(tail -n 5 "$PG_DIR/server.log")"
on_exit "${as_pg[*]} '$PG_BIN/pg_ctl' -D '$standby' -m immediate -w -t 60 stop"
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$standby" -l "$PG_DIR/standby.log" -w -t 120 start >/dev/null ||
	fail "pg_ctl start of the standby: $(tail -n 5 "$PG_DIR/standby.log")"
for _ in $(seq 300); do
	state=$(pg_sql "SELECT sync_state FROM pg_catalog.pg_stat_replication
		WHERE application_name = 'walbench_standby'")
	[ "$state" = sync ] && break
	sleep 0.1
done
[ "$state" = sync ] || fail "the standby is not synchronous: '$state'; $(tail -n 5 "$PG_DIR/standby.log")"

mkdir "$PG_DIR/beside"
chmod 755 "$PG_DIR/beside"
pg_bench_bg -c 4 -j 2 -T 60 -n
pg_wait_clients 4
expect_exit 0 timeout 120 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s --budget 8s \
	--workload oltp --wal-candidate "$PG_DIR/beside" --allow-low-space --json "$PG_DIR/rec.json"
grep -q "^  sessions .* for a synchronous standby, " "$OUT" ||
	fail "the sessions line has no synchronous standby: $(grep '^  sessions' "$OUT")"
[ "$(grep -c "^  NOTE: the server's commits wait mostly for a synchronous standby" "$OUT")" = 2 ] ||
	fail "the method and the placement advice do not both say the commits wait for the standby: $(cat "$OUT")"
python3 - "$PG_DIR/rec.json" <<'PY' || fail "the synchronous standby's wait"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["observed"]["rates"]["wait_share"]
print("sync_rep %.3f, wal %.3f" % (s["sync_rep"], s["wal"]))
# One branch: most of the rest is row locks held by commits waiting for the
# standby (advice/commit_wait.h gives those to the standby).
if not (s["sync_rep"] > 0.1 and s["sync_rep"] > 2 * s["wal"]):
    sys.exit("sync_rep %.3f, wal %.3f: the standby's wait not read as its own" % (s["sync_rep"], s["wal"]))
rec = d["recommendation"]
for where, o in (("recommendation.server", rec["server"]),
                 ("recommendation.placement_baseline", rec["placement_baseline"])):
    if o["commits_wait_for"] != "standby" or "synchronous standby" not in o["commits_wait_line"]:
        sys.exit("%s: commits_wait_for %r, line %r" % (where, o["commits_wait_for"], o["commits_wait_line"]))
PY
pg_bench_wait
pass
