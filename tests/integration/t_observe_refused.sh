#!/usr/bin/env bash
# t_observe_refused.sh — a connection that fails (a wrong port, a wrong password, a
# malformed string, no server) exits 2 with libpq's reason, and no password reaches
# stdout, stderr or a file; the right password observes, and shows up nowhere either.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
unset PGPASSWORD PGPASSFILE PGSERVICE # the strings below say all there is to say
wb_tmpdir d
pg_cluster
pw=Sesame-4kq9Tz wrong=Wrong-7vx2Qp
pg_sql "CREATE ROLE secret LOGIN PASSWORD '$pw'" >/dev/null
dsn="host=$PG_DIR port=$PG_PORT dbname=postgres user=secret"

# leak_free: neither password in the last observe's stdout or stderr, nor in any file
# it wrote.
leak_free() {
	! grep -rlF -e "$pw" -e "$wrong" "$OUT" "$ERR" "$d" >/dev/null ||
		fail "a password was shown: $(grep -rF -e "$pw" -e "$wrong" "$OUT" "$ERR" "$d")"
}

# refused DSN SHOWN REASON: observe DSN exits 2, naming the server as SHOWN and
# giving libpq's REASON (fixed strings), and shows no password.
refused() {
	pg_observe 2 "$1" --observe 10s --json "$d/refused.json"
	grep -qF "walbench: cannot observe the server at $2: " "$ERR" ||
		fail "not the server named as '$2': $(cat "$ERR")"
	grep -qF "$3" "$ERR" || fail "not libpq's '$3': $(cat "$ERR")"
	leak_free
}

other="host=$PG_DIR port=$((PG_PORT + 1)) dbname=postgres user=secret"
refused "$other password=$pw" "$other" \
	"connection to server on socket \"$PG_DIR/.s.PGSQL.$((PG_PORT + 1))\" failed: No such file or directory"
refused "$dsn password=$wrong" "$dsn" 'password authentication failed for user "secret"'
refused "host=x password=$pw port=notaport" "host=x port=notaport" \
	'invalid integer value "notaport" for connection option "port"'
refused "$dsn password='$pw" "$dsn (unterminated quote)" \
	'unterminated quoted string in connection info string'

pg_observe 0 "$dsn password=$pw" --observe 10s --json "$d/observed.json"
grep -qF "at $dsn, as role secret," "$OUT" || fail "the server named as: $(head -n 1 "$OUT")"
json_check "$d/observed.json" 'd["observed"]["dsn"] == "'"$dsn"'"'
json_check "$d/observed.json" 'd["command_line"][2] == "'"$dsn"'"'
leak_free
# A URI's password goes too (into a new file: walbench never replaces one).
rm -f "$d/observed.json"
uri="postgresql://secret:$pw@/postgres?host=$PG_DIR&port=$PG_PORT"
pg_observe 0 "$uri" --observe 10s --json "$d/observed.json"
json_check "$d/observed.json" 'd["observed"]["dsn"] == "postgresql://secret@/postgres?host='"$PG_DIR&port=$PG_PORT"'"'
leak_free

# The server stopped: the same string that just worked is refused.
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null || fail "pg_ctl stop"
refused "$dsn password=$pw" "$dsn" \
	"connection to server on socket \"$PG_DIR/.s.PGSQL.$PG_PORT\" failed: No such file or directory"
pass
