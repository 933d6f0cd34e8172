#!/usr/bin/env bash
# t_recommend_server_idle.sh — recommend --server on a server nothing loads:
# its window holds (almost) no commits and no flushes, so it says nothing of
# the server's commits. The output says the server was idle and that the
# flushes decide alone; it never scales flush gains by the idle share into a
# zero-width "+0.0% [+0.0%, +0.0%]" in commits, never calls a tie "proven
# there", and never says the CPU sets the rate of a server that used none.
# The window's idleness is the server's own: pg_stat_database's xact_commit
# moved by walbench's own transactions and a few of the server's, no more.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
need_pg
pg_cluster "track_wal_io_timing = on"
commits() { pg_sql "SELECT sum(xact_commit) FROM pg_stat_database"; }
before=$(commits)
expect_exit 0 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s --budget 8s \
	--workload oltp --allow-low-space --json "$PG_DIR/rec.json"
# the server's statistics reach pg_stat_database within a second (15+)
sleep 1.5
after=$(commits)
own=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["observed"]["own_commits"])' \
	"$PG_DIR/rec.json")
# walbench's snapshots and sampler, the two psql reads, autovacuum's launcher:
# a handful beyond walbench's own counted ones
[ $((after - before - own)) -le 20 ] ||
	fail "the cluster was not idle: xact_commit moved by $((after - before)), walbench's own $own"
grep -q "^  in commits: the server was idle in the window: [0-9]* commits\?, [0-4] flush\(es\)\?; the decision is on flushes alone$" "$OUT" ||
	fail "no idle line: $(grep -v '^ ' "$OUT" | head -40; grep '^  in commits' "$OUT")"
grep -q "^The server was idle in the window: .*, at --min-gain" "$OUT" ||
	fail "the plan does not say the flushes decide alone: $(head -30 "$OUT")"
! grep -q "proven there" "$OUT" || fail "a tie proven in commits of an idle server: $(grep proven "$OUT")"
! grep -q "in commits +0.0% \[+0.0%, +0.0%\]" "$OUT" || fail "a zero-width commit interval: $(grep -m1 Tie "$OUT")"
! grep -q "; the CPU sets the rate" "$OUT" || fail "the CPU said to set the rate of an idle server"
# the JSON: no share, so no commit figures, and the run asked the flushes
# --min-gain itself, not the 200 % cap an idle share of ~0 % made it ask
json_check "$PG_DIR/rec.json" '(
d["observed"]["rates"]["flushes_per_s"] * d["observed"]["interval"]["seconds"] < 5 and
d["recommendation"]["server"]["share_source"] == "none" and
d["recommendation"]["server"]["flush_min_gain_pct"] == d["config"]["min-gain"] and
d["recommendation"]["server"]["commit_gain_pct"] is None and
"idle" in d["recommendation"]["server"]["commits_line"])'
pass
