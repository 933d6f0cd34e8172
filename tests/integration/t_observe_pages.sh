#!/usr/bin/env bash
# t_observe_pages.sh — a window that holds a checkpoint holds its writes: data
# pages per second above 0, checkpoint_in_window, and counters that agree with
# the writers' views read by psql just before and just after the window.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 2

# The three writers' counters as walbench names them; 17 moved the checkpointer's
# to pg_stat_checkpointer, and from 16 the backends' pages are pg_stat_io's writes
# and extends (what 14-15's buffers_backend counts through their sync requests).
backends="(SELECT sum(writes) + sum(extends) FROM pg_stat_io WHERE object = 'relation'
	AND backend_type NOT IN ('checkpointer', 'background writer'))"
version=$(pg_sql "SHOW server_version_num")
if [ "$version" -lt 160000 ]; then
	counters="SELECT buffers_checkpoint, buffers_clean, buffers_backend FROM pg_stat_bgwriter"
elif [ "$version" -lt 170000 ]; then
	counters="SELECT buffers_checkpoint, buffers_clean, $backends FROM pg_stat_bgwriter"
else
	counters="SELECT c.buffers_written, b.buffers_clean, $backends
		FROM pg_stat_checkpointer c, pg_stat_bgwriter b"
fi

# pgbench dirties pages throughout; a CHECKPOINT before the window leaves its own
# pages behind, and one 4 s into it writes what pgbench dirtied since (an
# immediate checkpoint: seconds, where a timed one would need a window longer
# than the 30 s checkpoint_timeout can be). The pages the first one reports just
# after it returns cannot pass for the second: a checkpoint must begin in the
# window. -R keeps the WAL far below max_wal_size on a fast machine too.
pg_bench_bg -c 4 -j 2 -T 30 -n -R 500
pg_wait_clients 4
pg_sql CHECKPOINT
before=$(pg_sql "$counters")
(sleep 4; pg_sql CHECKPOINT) >"$PG_DIR/checkpoint.out" 2>&1 &
checkpointer=$!
pg_observe 0 "$(pg_dsn)" --observe 12s --json "$PG_DIR/observed.json"
wait_rc "$checkpointer"
[ "$rc" = 0 ] || fail "the CHECKPOINT in the window failed: $(cat "$PG_DIR/checkpoint.out")"
after=$(pg_sql "$counters")

python3 - "$PG_DIR/observed.json" "$before" "$after" <<'PY' || fail "observed data pages: $(cat "$OUT")"
import json, sys
ob = json.load(open(sys.argv[1]))["observed"]
before, after = ([int(x) for x in s.split("|")] for s in sys.argv[2:4])
names = ("buffers_checkpointer", "buffers_bgwriter", "buffers_backend")
bad = []
for name, lo, hi in zip(names, before, after):
    b, e, dl = ob["begin"][name], ob["end"][name], ob["delta"][name]
    if not lo <= b <= e <= hi or dl != e - b:
        bad.append("%s: psql %d before, %d after; begin %d, end %d, delta %d"
                   % (name, lo, hi, b, e, dl))
r = ob["rates"]
pages = sum(ob["delta"][n] for n in names)
if not r["data_pages_per_s"] or r["data_pages_per_s"] <= 0:
    bad.append("data_pages_per_s %s" % r["data_pages_per_s"])
elif abs(r["data_pages_per_s"] * ob["interval"]["seconds"] - pages) > 0.5:
    bad.append("data_pages_per_s %s over %s s is not the %d pages of delta"
               % (r["data_pages_per_s"], ob["interval"]["seconds"], pages))
# A checkpoint that began in the window: the CHECKPOINT's pages, reported just
# after it returned, cannot pass for it.
began = ob["delta"]["checkpoints_timed"] + ob["delta"]["checkpoints_requested"]
if r["checkpoint_in_window"] is not True or ob["delta"]["buffers_checkpointer"] <= 0 or began < 1:
    bad.append("no checkpoint in the window: checkpoint_in_window %s, %d checkpointer pages, "
               "%d began" % (r["checkpoint_in_window"], ob["delta"]["buffers_checkpointer"], began))
if bad:
    sys.exit("\n".join(bad))
print("%.1f data pages/s, %d by the checkpointer" % (r["data_pages_per_s"],
                                                      ob["delta"]["buffers_checkpointer"]))
PY
pass
