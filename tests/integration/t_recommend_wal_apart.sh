#!/usr/bin/env bash
# t_recommend_wal_apart.sh — recommend --server --wal-candidate for a server whose
# pg_wal is already on a volume of its own (a symbolic link from the data
# directory to a tmpfs, as initdb --waldir or a move leaves it): the baseline
# rows run where pg_wal is (the tmpfs: stat says so, not walbench), the
# candidate against them, and since pg_wal is on memory now the verdict moves
# it to the durable candidate, slower as it is, and chooses the method there.
# Before, the data directory was measured as where pg_wal was (a volume that
# held no WAL), then the case was refused. Without --wal-candidate recommend
# still tests pg_wal where it is. Nothing is left in any of the three
# directories, and the printed steps, run as printed, move the live cluster's
# WAL: it starts and commits with its pg_wal on the candidate.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_root
need_pg
set -e
# /dev/shm: a tmpfs, another file system than the data directory's under /tmp.
wb_tmpdir wal /dev/shm
chown postgres: "$wal"
PG_INITDB_ARGS=(--waldir="$wal")
pg_cluster
[ "$(readlink -f "$PG_DATA/pg_wal")" = "$wal" ] || fail "initdb --waldir made no link"
[ "$(stat -f -c %T "$wal")" = tmpfs ] || fail "$wal is not on a tmpfs: $(stat -f -c %T "$wal")"
wb_tmpdir cand
chmod 755 "$cand" # the steps make pg_wal in it for the server's user
wb_tmpdir out
[ "$(stat -f -c %T "$cand")" != tmpfs ] || skip "/tmp is a tmpfs here: the candidate would share pg_wal's kind"

expect_exit 0 timeout 180 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s \
	--wal-candidate "$cand" --budget 8s --workload oltp --json "$out/rec.json"
grep -qF "pg_wal is on a volume of its own already (pg_wal $wal, a symlink from $PG_DATA/pg_wal" \
	"$OUT" || fail "the volume of its own not said: $(cat "$OUT")"
grep -qF "Commits on $wal (pg_wal's own volume) and on 1 other directory while the server runs on $PG_DATA" "$OUT" ||
	fail "the header does not name where the rows run: $(head -c 2000 "$OUT")"
grep -qF "pg_wal is on a volume of its own now: $wal (the data directory: $PG_DATA)" "$OUT" ||
	fail "the evidence does not name where it ran: $(cat "$OUT")"
# A disk's flush against memory's: the candidate is slower, and still the move,
# since nothing on the tmpfs survives a power cut.
grep -qF "Move pg_wal off memory to $cand: where it is now, $wal, is tmpfs" "$OUT" ||
	fail "not moved off memory: $(grep -i "pg_wal" "$OUT")"
grep -qF "Which wal_sync_method for $cand?" "$OUT" || fail "the method not chosen where pg_wal goes"
json_check "$out/rec.json" '(b := d["recommendation"]["placement_baseline"])["wal_now"] == "'"$wal"'" and b["data"] == "'"$PG_DATA"'" and b["wal_dir"] == "'"$cand"'" and b["move_to"] == "'"$cand"'" and b["state"] == "move"'
# The baseline rows ran in pg_wal's directory, on the tmpfs; the candidate's in it.
json_check "$out/rec.json" 'd["recommendation"]["placement_baseline"]["device"] == "tmpfs"'
json_check "$out/rec.json" 'len(r := [t for t in d["recommendation"]["placement_baseline"]["tests"] if t["label"].startswith("pg_wal now")]) == 4 and all(t["where"] == "'"$wal"'" for t in r)'
json_check "$out/rec.json" '(p := d["recommendation"]["placement"][0])["path"] == "'"$cand"'" and not p["same_file_system"] and p["move"] and p["gain_pct"] < 0'
assert_no_files "$PG_DATA"
assert_no_files "$wal"
assert_no_files "$cand"

# From the saved observation (--observed) no server runs the load: walbench's own
# goes into the data directory while the rows run in pg_wal's. Files seen appear
# there, in both, as the run goes.
"$WALBENCH" recommend --observed "$out/rec.json" --wal-candidate "$cand" --data-load 50/s \
	--budget 6s --workload oltp --json "$out/obs.json" >"$OUT" 2>"$ERR" &
pid=$!
wait_for_files "$PG_DATA" 'walbench*'
wait_for_files "$wal" 'walbench*'
wait_rc "$pid"
[ "$rc" = 0 ] || fail "recommend --observed exited $rc: $(cat "$ERR")"
grep -q "^Move pg_wal off memory to $cand" "$OUT" || fail "--observed: not moved off memory: $(grep -i "pg_wal" "$OUT")"
json_check "$out/obs.json" '(b := d["recommendation"]["placement_baseline"])["wal_now"] == "'"$wal"'" and not b["live_load"] and b["load"]["target_per_s"] == 50 and b["load"]["achieved_per_s"] > 0'
grep -qF "A checkpoint-like load of" "$OUT" || fail "--observed: no load said: $(cat "$OUT")"
grep -qF "on $PG_DATA" "$OUT" || fail "--observed: the load's place not said"
assert_no_files "$PG_DATA"
assert_no_files "$wal"
assert_no_files "$cand"

# Without candidates: the method on pg_wal's own volume, as before.
expect_exit 0 timeout 120 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s \
	--budget 6s --workload oltp
! grep -q "volume of its own" "$OUT" || fail "placed without --wal-candidate: $(cat "$OUT")"
grep -qF "Which wal_sync_method for $wal?" "$OUT" || fail "did not test pg_wal: $(cat "$OUT")"
assert_no_files "$wal"

# The steps, run as printed (pg_ctl as the server's user, the rest as root; a
# new cluster's initdb left out): the server comes back up with its WAL on the
# candidate, writes there, and the old link is gone.
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["recommendation"]["placement_baseline"]["steps"]))' \
	"$out/rec.json" >"$out/steps" || fail "no steps in the JSON"
grep -q "^ln -s $cand/pg_wal $PG_DATA/pg_wal\$" "$out/steps" || fail "no link step: $(cat "$out/steps")"
while IFS= read -r step; do
	case "$step" in
	"#"* | initdb*) continue ;;
	pg_ctl*) eval "timeout 120 ${as_pg[*]} $PG_BIN/$step" >>"$out/steps.log" 2>&1 ;;
	*) eval "$step" >>"$out/steps.log" 2>&1 ;;
	esac || fail "step failed: $step: $(tail -n 5 "$out/steps.log")"
done <"$out/steps"
[ "$(readlink -f "$PG_DATA/pg_wal")" = "$cand/pg_wal" ] || fail "pg_wal not linked to the candidate"
[ ! -e "$PG_DATA/pg_wal.old" ] || fail "the old link was left"
pg_sql "CREATE TABLE moved (x int); INSERT INTO moved SELECT generate_series(1, 1000); CHECKPOINT" ||
	fail "the moved cluster does not commit"
ls "$cand/pg_wal" | grep -qE '^[0-9A-F]{24}$' || fail "no WAL segment on the candidate: $(ls "$cand/pg_wal")"
timeout 120 "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null ||
	fail "the moved cluster does not stop"
pass
