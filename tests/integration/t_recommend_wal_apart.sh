#!/usr/bin/env bash
# t_recommend_wal_apart.sh — recommend --server --wal-candidate for a server whose
# pg_wal is already on a volume of its own (a symbolic link from the data
# directory to a tmpfs, as initdb --waldir or a move leaves it) is refused with
# both paths named, exit 2, before a file is made: the placement run would have
# measured the data directory as where pg_wal is now. Without --wal-candidate
# recommend still tests pg_wal where it is.
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
wb_tmpdir cand

expect_exit 2 timeout 120 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s \
	--wal-candidate "$cand" --budget 6s --workload oltp
grep -qF "walbench: the server's pg_wal is on a volume of its own already (pg_wal $wal, a symlink from $PG_DATA/pg_wal" \
	"$ERR" || fail "not refused for a pg_wal apart: $(cat "$ERR")"
grep -qF "; data directory $PG_DATA" "$ERR" || fail "the data directory not named: $(cat "$ERR")"
grep -qF "run walbench recommend --server ... without --wal-candidate" "$ERR" ||
	fail "no way on: $(cat "$ERR")"
! grep -q "pg_wal on\|Keep pg_wal\|Move pg_wal" "$OUT" || fail "placed pg_wal: $(cat "$OUT")"
[ -z "$(ls -A "$cand")" ] || fail "wrote in the candidate: $(ls -A "$cand")"
assert_no_files "$PG_DATA"
assert_no_files "$wal"

# Without candidates: the method on pg_wal's own volume, as before.
expect_exit 0 timeout 120 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s \
	--budget 6s --workload oltp
! grep -q "volume of its own" "$ERR" || fail "refused without --wal-candidate: $(cat "$ERR")"
grep -qF "Which wal_sync_method for $wal?" "$OUT" || fail "did not test pg_wal: $(cat "$OUT")"
assert_no_files "$wal"
pass
