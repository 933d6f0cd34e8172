#!/usr/bin/env bash
# t_placement_wal_back.sh — recommend --server --wal-candidate for a server whose
# pg_wal is on a slow volume of its own (a loop ext4 held to 30 write IOPS in
# the root blkio cgroup, contrib/lib/volumes.sh's slowdisk) and a candidate in
# the data directory's file system: the move back onto the data volume gains,
# and the data writes there grow with the commits it gains, so its commit row is
# measured again under the data writes of the commits predicted (the server's
# pages a commit, from a checkpoint in the window) and the prediction made
# again. The output names each round and its load; the JSON's at_load holds the
# last round, settled when it carried the prediction's own load, and then the
# reason and headline name the load; a gain stays a bound (upper_bound, "at
# most": a checkpoint's bursts are not the steady load). Before, the first
# prediction, at today's load, was the answer. Skips without root, loop
# devices or a cgroup v1 blkio hierarchy; the volume goes on every exit.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_root
need_pg
set -e
command -v python3 >/dev/null || skip "python3 not installed"
[ -e /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device ] || skip "no cgroup v1 blkio throttling"
command -v losetup >/dev/null && command -v mkfs.ext4 >/dev/null || skip "losetup or mkfs.ext4 missing"
VOL_TRAPS=0 # lib.sh owns the traps: the volume goes with the test's other cleanups
VOL_PREFIX=wbtest
VOL_IOPS=30
. "$WB_SOURCE_DIR/contrib/lib/volumes.sh"
on_exit vol_destroy
rc=0
vol_create slowdisk >/dev/null 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || { [ "$rc" = 77 ] && skip "cannot make a throttled volume: $(cat "$ERR")"; fail "vol_create: $(cat "$ERR")"; }
wal=$VOL_DIR/wal
mkdir "$wal"
chown postgres: "$wal"
chmod 700 "$wal"
PG_INITDB_ARGS=(--waldir="$wal")
# registered after the volume, so run before its removal: the server goes first
pg_cluster "track_wal_io_timing = on"
pg_bench_init 1
back=$PG_DIR/back # beside the data directory: on its file system
mkdir "$back"
chmod 755 "$back"
[ "$(stat -c %d "$back")" = "$(stat -c %d "$PG_DATA")" ] || fail "$back is not on the data's file system"
pg_bench_bg -c 4 -j 2 -T 120 -n
pg_wait_clients 4
# A checkpoint inside the window: its data pages a commit are what the rounds scale.
(sleep 6 && pg_sql CHECKPOINT >/dev/null 2>&1) &
ckpt=$!
on_exit "kill $ckpt 2>/dev/null || true"
expect_exit 0 timeout 240 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 12s --budget 30s \
	--workload oltp --wal-candidate "$back" --allow-low-space --json "$PG_DIR/rec.json"
grep -q "^Measuring $back again under the data writes [0-9]* commits/s bring: [0-9]* pages/s\$" "$OUT" ||
	fail "no round at the predicted commits' load: $(grep -i -m3 'pg_wal\|checkpoint' "$OUT")"
python3 - "$PG_DIR/rec.json" "$back" "$OUT" <<'PY' || fail "the move back's prediction"
import json, sys
d = json.load(open(sys.argv[1]))
out = open(sys.argv[3]).read()
rec = d["recommendation"]
p = [c for c in rec["placement"] if c["path"] == sys.argv[2]][0]
a = p["at_load"]
if not isinstance(a, dict) or a["rounds"] < 1:
    sys.exit("no rounds in at_load: %r" % (a,))
if not a["data_pages_per_s"] > 0 or not a["commits_per_s"] > 0:
    sys.exit("at_load without its load: %r" % (a,))
m = p["prediction"]
lo, hi = m["predicted_ci95_per_s"]
# settled: the commits the load was scaled to lie inside the prediction's interval
if a["settled"] != (lo <= a["commits_per_s"] <= hi):
    sys.exit("settled %s, but %s against [%s, %s]" % (a["settled"], a["commits_per_s"], lo, hi))
# a gain on the data volume is a bound, at its own load too
if p["gain_pct"] > 0 and not p["upper_bound"]:
    sys.exit("a gain on the data volume, and not a bound")
words = "measured with the data writes the predicted commits bring, %.0f pages/s" % a["data_pages_per_s"]
if a["settled"] and words not in p["reason"]:
    sys.exit("the reason does not name the load: %s" % p["reason"])
if a["settled"] and p["recommended"] and "at most, measured with the data writes they bring" not in out:
    sys.exit("the headline does not say it was measured at its load")
PY
# The load ran past walbench's end (its 120 s are an upper bound, not a wait:
# the exit's cleanup stops it).
kill -0 "$PG_BENCH_PID" 2>/dev/null || fail "pgbench ended before walbench did: $(tail -n 3 "$PG_DIR/pgbench.out")"
assert_no_files "$back"
assert_no_files "$PG_DATA"
assert_no_files "$wal"
pass
