#!/usr/bin/env bash
# t_pgwal_moved.sh — a pg_wal on its own volume (initdb --waldir: a symbolic
# link from the data directory to a small tmpfs) is guarded on its real path as
# through the link: run --dir and recommend DIR there are refused with the space
# guard's words, naming the running server's data directory, before any file
# is made; a directory on that volume that only looks like a pg_wal
# (archive_status/ and a segment name, no server linking there) is not guarded.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_root
need_pg
set -e
wb_tmpdir vol
mount -t tmpfs -o size=256m,mode=755 walbench-waldir "$vol" || skip "cannot mount a tmpfs"
on_exit "umount '$vol'"
wal=$vol/wal
mkdir "$wal"
chown postgres: "$wal"
# On the 256 MiB volume, twice the default max_wal_size (1GB) is never free.
PG_INITDB_ARGS=(--waldir="$wal")
pg_cluster
[ "$(readlink -f "$PG_DATA/pg_wal")" = "$wal" ] || fail "initdb --waldir made no link"

# listing DIR: what is in it, walbench's files included.
listing() { find "$1" -mindepth 1 | sort; }
before=$(listing "$wal")
refused() { # WHAT: the last command was refused with the guard's words
	grep -qF "refusing to write in $2: it is on the file system of a running PostgreSQL server's WAL ($PG_DATA/postmaster.pid exists)" "$ERR" ||
		fail "$1: not refused by the space guard: $(cat "$ERR")"
	grep -qF "from $PG_DATA/postgresql.conf" "$ERR" || fail "$1: max_wal_size not the server's: $(cat "$ERR")"
	[ "$(listing "$wal")" = "$before" ] || fail "$1 wrote in the live pg_wal: $(listing "$wal")"
}

expect_exit 2 "$WALBENCH" run --dir "$PG_DATA/pg_wal" --method fdatasync --budget 1s
refused "run through the link" "$PG_DATA/pg_wal"
expect_exit 2 "$WALBENCH" run --dir "$wal" --method fdatasync --budget 1s
refused "run --dir on the real path" "$wal"
expect_exit 2 "$WALBENCH" recommend "$wal" --workload oltp --budget 2s
refused "recommend DIR on the real path" "$wal"
expect_exit 2 "$WALBENCH" run --dir "$wal/archive_status" --method fdatasync --budget 1s
refused "run --dir below the real path" "$wal/archive_status"

# The same look without a server that links there: not a live pg_wal.
fake=$vol/fake
mkdir -p "$fake/archive_status"
: >"$fake/000000010000000000000001"
expect_exit 0 "$WALBENCH" run --dir "$fake" --method fdatasync --budget 1s
! grep -q 'refusing\|max_wal_size' "$ERR" || fail "a pg_wal no server uses was guarded: $(cat "$ERR")"
assert_no_files "$fake"
pass
