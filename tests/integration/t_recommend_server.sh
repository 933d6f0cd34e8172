#!/usr/bin/env bash
# t_recommend_server.sh — recommend --server decides for the server it observed:
# against the wal_sync_method the server runs (fsync here, not the default), on
# its pg_wal, as its version opens WAL, with its flush share turning flush gains
# into commit gains; the headline starts from what it runs (in the text and the
# JSON), the commits observed are pgbench's as pgbench counts them, the JSON
# holds the observation and recommendation.server, ALTER SYSTEM lines only for
# what changes from what it runs, and walbench's files leave pg_wal as
# they found it. recommend --observed decides from that saved observation; the
# two together, a file without an observation, and a server whose pg_wal is not
# on this host without a DIR are refused with exit 2 before anything is measured.
# (--workload oltp: how many tests a short budget fits must not depend on
# whether the server happened to fill wal_buffers.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
need_pg
pg_cluster "wal_sync_method = fsync" "track_wal_io_timing = on"
pg_bench -i -q -s 1 >"$PG_DIR/init.log" 2>&1 || fail "pgbench -i: $(tail -n 3 "$PG_DIR/init.log")"
ls "$PG_DATA/pg_wal" >"$PG_DIR/wal.before"
# pgbench outlasts the 10 s window; --allow-low-space: the guard has its own
# test (t_space_guard), and this one must not depend on the host's free space.
pg_bench_bg -c 2 -T 14 -n
# pgbench's 14 s start once its clients are connected: a window opened before
# that (a loaded machine) saw a part of the run only, under the bound below.
pg_wait_clients 2
expect_exit 0 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s --budget 6s --workload oltp \
	--allow-low-space \
	--json "$PG_DIR/rec.json"
pg_bench_wait
# The commits the server counted in the window are pgbench's, as pgbench counts
# them: at most all it made in its 14 s (and a few of autovacuum's), and at
# least a third (the 10 s window lies inside pgbench's run, less the connecting).
made=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$PG_DIR/pgbench.out")
[ -n "$made" ] && [ "$made" -gt 0 ] || fail "pgbench made no transactions: $(cat "$PG_DIR/pgbench.out")"
json_check "$PG_DIR/rec.json" '(lambda c: '"$made"' / 3 <= c <= '"$made"' + 100)(
d["observed"]["rates"]["commits_per_s"] * d["observed"]["interval"]["seconds"])'
# The headline starts from the fsync this cluster runs (set above), in the
# text and in the JSON, whatever a short run decides: the forms of
# words_recommend.c for a server whose method is fsync, and only those.
headline_re='^(Switch from fsync to (fdatasync|open_datasync|open_sync): |Tie: you run fsync; keep it: |Keep fsync, which you run: |Undecided: you run fsync; keep it for now: )'
headline_of() { # FILE: fails unless the JSON's headline is one of them, the one its state names
	python3 - "$1" "$headline_re" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))["recommendation"]
m = re.match(sys.argv[2], r["headline"])
want = {"Switch": "switch", "Tie": "tie", "Keep": "keep", "Undecided": "undecided"}
sys.exit(0 if m and want[m.group(1).split()[0].rstrip(":")] == r["state"] else 1)
PY
}
headline_of "$PG_DIR/rec.json" || fail "the JSON's headline does not start from fsync: $(grep headline "$PG_DIR/rec.json")"
grep -qE -- "$headline_re" "$OUT" ||
	fail "the headline does not start from the fsync the server runs: $(grep -v '^ ' "$OUT" | head -20)"
grep -q "^From the server: wal_sync_method fsync (the baseline)" "$OUT" || fail "no From the server line: $(cat "$OUT")"
grep -q "^  cross-check: the server's own flush takes " "$OUT" || fail "no cross-check: $(cat "$OUT")"
grep -q "^  in commits: the server's WAL spent " "$OUT" || fail "no commit gain: $(cat "$OUT")"
json_check "$PG_DIR/rec.json" '(
d["schema_version"] >= 8 and d["observed"]["major"] == '"$PG_MAJOR"' and
d["observed"]["settings"]["wal_sync_method"]["setting"] == "fsync" and
d["config"]["pg-version"] == min('"$PG_MAJOR"', 18) and
d["recommendation"]["server"]["baseline"] == "fsync" and
d["recommendation"]["server"]["share_source"] == "server_time" and
0 < d["recommendation"]["server"]["flush_share"] <= 1 and
d["recommendation"]["server"]["crosscheck"]["ratio"] > 0 and
d["host"]["target"].startswith("'"$PG_DATA/pg_wal"'"))'
# ALTER SYSTEM only for what changes from what the server runs (fsync,
# commit_delay 0): one for a kept setting would pin it over postgresql.conf.
json_check "$PG_DIR/rec.json" '(
(d["recommendation"]["state"] == "switch") ==
any(l.startswith("ALTER SYSTEM SET wal_sync_method") for l in d["recommendation"]["alter_system"]) and
"ALTER SYSTEM SET commit_delay = 0;" not in d["recommendation"]["alter_system"])'
if [ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["recommendation"]["alter_system"] == [])' "$PG_DIR/rec.json")" = True ]; then
	grep -qx "nothing to change: the server already runs every setting above" "$OUT" ||
		fail "no ALTER SYSTEM lines, and no line saying there is nothing to change: $(tail -5 "$OUT")"
fi
ls "$PG_DATA/pg_wal" >"$PG_DIR/wal.after"
# The server may add or recycle segments meanwhile; walbench's own files never stay.
if comm -13 "$PG_DIR/wal.before" "$PG_DIR/wal.after" | grep -Ev '^[0-9A-F]{24}$'; then
	fail "files left in pg_wal"
fi

# A saved observation decides the same way, with no server to reach: the one
# recommend saved (observe's, of the server now idle, is for the report below).
expect_exit 0 "$WALBENCH" observe "$(pg_dsn)" --observe 10s --json "$PG_DIR/obs.json"
wb_tmpdir d
expect_exit 0 "$WALBENCH" recommend --observed "$PG_DIR/rec.json" --budget 4s --workload oltp --json "$d/r.json" "$d"
headline_of "$d/r.json" || fail "--observed: the JSON's headline does not start from fsync"
grep -qE -- "$headline_re" "$OUT" || fail "--observed: the headline does not start from fsync: $(grep -v '^ ' "$OUT" | head)"
json_check "$d/r.json" '(d["recommendation"]["server"]["baseline"] == "fsync" and
d["host"]["target"].startswith("'"$d"'"))'
rm -f "$d/r.json"
assert_no_files "$d"

# report and report --summary show what the server said.
expect_exit 0 "$WALBENCH" report "$PG_DIR/rec.json" "$PG_DIR/obs.json" -o "$PG_DIR/r.html"
[ "$(grep -c 'What the server said' "$PG_DIR/r.html")" = 2 ] || fail "the HTML report lacks the observation"
# as the role the cluster was reached as (pg_dsn's user), saved in each file
[ "$(grep -c 'as role postgres, observed for' "$PG_DIR/r.html")" = 2 ] ||
	fail "the HTML report does not name the role: $(grep -o 'as role [^,]*' "$PG_DIR/r.html")"
grep -q 'cross-check\|walbench measured' "$PG_DIR/r.html" || fail "the HTML decision lacks the cross-check"
expect_exit 0 "$WALBENCH" report --summary "$PG_DIR/rec.json" "$PG_DIR/obs.json"
[ "$(grep -c " PostgreSQL $PG_MAJOR  fsync " "$OUT")" = 2 ] || fail "the summary lacks the servers: $(cat "$OUT")"

# Refusals, before any measuring.
expect_exit 2 "$WALBENCH" recommend --server "$(pg_dsn)" --observed "$PG_DIR/obs.json" "$d"
grep -q 'give one' "$ERR" || fail "--server with --observed: $(cat "$ERR")"
echo '{"schema_version": 8, "command": "run", "tests": []}' >"$PG_DIR/plain.json"
expect_exit 2 "$WALBENCH" recommend --observed "$PG_DIR/plain.json" "$d"
grep -q 'holds no observation' "$ERR" || fail "a file without an observation: $(cat "$ERR")"
python3 - "$PG_DIR/obs.json" "$PG_DIR/far.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["observed"]["paths"]["on_this_host"] = False
json.dump(d, open(sys.argv[2], "w"))
PY
expect_exit 2 "$WALBENCH" recommend --observed "$PG_DIR/far.json"
grep -q "pg_wal is not on this host" "$ERR" || fail "a far server without DIR: $(cat "$ERR")"
! grep -q 'Which wal_sync_method' "$OUT" || fail "measured before refusing"
pass
