#!/usr/bin/env bash
# t_observe_waits.sh — on each major, the sessions' WAL flush waits are read as
# the WAL, whatever the major calls them (17 renamed IO:WALSync to IO:WalSync):
# under pgbench TPC-B on a real file system, with the data set in
# shared_buffers, observe's WAL share is not zero and within 0.15 of the share of
# the test's own samples of pg_stat_activity in a flush event (matched by name,
# case-insensitive), and its data I/O share stays near zero. From 17 the
# server's own pg_wait_events must list the same WAL events as the table the
# unit test checks (tests/unit/fixtures/pg_wait_events/MAJOR.txt).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
src=${WB_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
fixture=$src/tests/unit/fixtures/pg_wait_events/$PG_MAJOR.txt
[ -f "$fixture" ] || fail "no list of wait events for PostgreSQL $PG_MAJOR: $fixture"
df -T "${TMPDIR:-/tmp}" | grep -qE ' (tmpfs|ramfs) ' && skip "the temporary directory is in memory: no flush to wait for"
# A quarter of shared_buffers is the largest table a sequential scan keeps
# there; scale 2's accounts (26 MB) are read in whole below.
pg_cluster "shared_buffers = 256MB" "track_wal_io_timing = on"
pg_bench_init 2

if [ "$PG_MAJOR" -ge 17 ]; then
	pg_sql "SELECT type || ' ' || name FROM pg_catalog.pg_wait_events
		WHERE name ILIKE '%wal%' OR name ILIKE '%syncrep%' ORDER BY 1" >"$PG_DIR/events" ||
		fail "cannot read pg_wait_events"
	grep -v '^#' "$fixture" | cut -d' ' -f1,2 | LC_ALL=C sort >"$PG_DIR/listed"
	LC_ALL=C sort "$PG_DIR/events" | diff "$PG_DIR/listed" - >"$PG_DIR/diff" ||
		fail "PostgreSQL $PG_MAJOR's pg_wait_events differ from $fixture (< listed, > the server's): $(cat "$PG_DIR/diff")"
fi

# Every page of the data set in shared_buffers before the clients start.
pg_sql "SELECT count(*) FROM pgbench_accounts; SELECT count(*) FROM pgbench_branches;
	SELECT count(*) FROM pgbench_tellers; SELECT count(*) FROM pgbench_history" >/dev/null ||
	fail "cannot read the tables in"
pg_bench_bg -c 8 -j 2 -T 22 -n
pg_wait_clients 8
sleep 3
# The server's own view, sampled by the test beside walbench's sampler: the
# raw wait events of the client backends, one line each, every 0.1 s.
(
	end=$((SECONDS + 9))
	while [ "$SECONDS" -lt "$end" ]; do
		pg_sql "SELECT coalesce(wait_event_type, '-') || ' ' || coalesce(wait_event, '-')
			FROM pg_catalog.pg_stat_activity WHERE backend_type = 'client backend'
			AND application_name = 'pgbench' AND state <> 'idle'" || exit 1
		sleep 0.1
	done
) >"$PG_DIR/samples" &
sampler=$!
on_exit "kill $sampler"
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/observed.json"
wait_rc "$sampler"
[ "$rc" = 0 ] || fail "the test's own sampling of pg_stat_activity failed"
pg_bench_wait

python3 - "$PG_DIR/observed.json" "$PG_DIR/samples" "$PG_MAJOR" <<'PY' || fail "the waits are misread on PostgreSQL $PG_MAJOR"
import json, re, sys
ob = json.load(open(sys.argv[1]))["observed"]
r = ob["rates"]
if "waits" in ob["missing"] or r["wait_share"] is None:
    sys.exit("no wait samples: %s" % ob["waits"])
s = r["wait_share"]
# The commit's own write and flush, by name, case-insensitive: 14-16 say
# IO:WALSync, 17 and 18 IO:WalSync; the flush lock is LWLock:WALWrite on all.
flush = re.compile(r"^(IO (wal(write|sync|initwrite|initsync))|LWLock WALWrite)$", re.I)
lines = [l.strip() for l in open(sys.argv[2]) if l.strip()]
if len(lines) < 40:
    sys.exit("the test's own samples are too few: %d" % len(lines))
server = sum(bool(flush.match(l)) for l in lines) / len(lines)
names = sorted({l for l in lines if flush.match(l)})
print("PostgreSQL %s: walbench wal %.3f, data_io %.3f; the server's own samples: %.3f "
      "in %s (%d samples)" % (sys.argv[3], s["wal"], s["data_io"], server, names, len(lines)))
if not s["wal"] > 0.02:
    sys.exit("the WAL share is %.3f under pgbench on a real file system" % s["wal"])
if abs(s["wal"] - server) > 0.15:
    sys.exit("the WAL share is %.3f, the server's own samples %.3f" % (s["wal"], server))
# The data set fits: data files are not read, and the little extending of
# pgbench_history is all the data I/O there is.
if not s["data_io"] < 0.03:
    sys.exit("data I/O %.3f with the data set in shared_buffers" % s["data_io"])
PY
pass
