#!/usr/bin/env bash
# t_recommend_unreadable.sh — recommend --server run by an OS user who may not enter
# the server's data directory (0700, the postgres user's) says so and how to go on,
# rather than that pg_wal is not on this host.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_root
need_pg
id nobody >/dev/null 2>&1 || skip "no nobody user"
set -e
pg_cluster
chmod 700 "$PG_DATA"
# nobody reaches the socket (PG_DIR is 755) and the binary, not the data directory.
as_nobody=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --)
"${as_nobody[@]}" test -x "$WALBENCH" || skip "nobody cannot run $WALBENCH"
! "${as_nobody[@]}" test -r "$PG_DATA/PG_VERSION" || fail "nobody reads the data directory"
expect_exit 2 timeout 60 "${as_nobody[@]}" "$WALBENCH" recommend --server="$(pg_dsn)" --observe 10s
grep -qF "walbench: the server's data directory $PG_DATA is not readable (run as the server's OS user, or give DIR" \
	"$ERR" || fail "not the unreadable message: $(cat "$ERR")"
! grep -q "not on this host" "$ERR" || fail "said not on this host: $(cat "$ERR")"
pass
