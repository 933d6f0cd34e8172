#!/usr/bin/env bash
# t_observe_secrets.sh — a password given in any form walbench cannot read as a
# connection string (an unknown --server=DSN, a mistyped scheme, a leading space,
# jdbc:, an unencoded '@', a double-quoted password with a space), a wrong one, and
# the right one given as --server=DSN with --json, reaches no output and no file:
# stdout, stderr, the JSON (command_line, config, observed) and the HTML report.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
unset PGPASSWORD PGPASSFILE PGSERVICE PGDATABASE
wb_tmpdir d
pg_cluster
pw=Sesame-4kq9Tz wrong=Wrong-7vx2Qp at1=At0m1c at2=Xq7Zzr sp1=Spa4ce sp2=Ba5rQq
pg_sql "CREATE ROLE secret LOGIN PASSWORD '$pw'" >/dev/null
# Where a string is read as a plain database name, libpq connects through these
# and the server's "database ... does not exist" echoes it.
export PGHOST=$PG_DIR PGPORT=$PG_PORT PGUSER=postgres
dsn="host=$PG_DIR port=$PG_PORT dbname=postgres user=secret"
uri_tail="/postgres?host=$PG_DIR&port=$PG_PORT"
secrets=("$pw" "$wrong" "$at1" "$at2" "$sp1" "$sp2")

# leak_free WHAT: no secret in the last command's stdout or stderr, nor in any
# file under $d.
leak_free() {
	local s
	for s in "${secrets[@]}"; do
		! grep -rlF -e "$s" "$OUT" "$ERR" "$d" >/dev/null ||
			fail "$1: '$s' shown: $(grep -rF -e "$s" "$OUT" "$ERR" "$d" | head -c 600)"
	done
}

# observe_case WANT WHAT ARGS...: observe ARGS exits WANT and shows no secret.
observe_case() {
	local want=$1 what=$2
	shift 2
	pg_observe "$want" "$@" --observe 10s
	leak_free "$what"
}

observe_case 1 "unknown --server=URI" "--server=postgresql://secret:$pw@$uri_tail"
grep -qF 'walbench: unknown option --server' "$ERR" || fail "unknown option: $(cat "$ERR")"
observe_case 1 "invalid value" "$dsn" --observe "postgresql://secret:$pw@h"
observe_case 2 "wrong scheme" "postgres:/secret:$pw@$uri_tail"
observe_case 2 "wrong scheme, no '='" "postgres:/secret:$pw@localhost/postgres"
observe_case 2 "jdbc:" "jdbc:postgresql://secret:$pw@localhost/postgres"
observe_case 2 "jdbc: with '='" "jdbc:postgresql://secret:$pw@$uri_tail"
observe_case 2 "leading space" " postgresql://secret:$pw@$uri_tail"
observe_case 2 "leading space, no '='" " postgresql://secret:$pw@localhost/postgres"
observe_case 2 "unencoded @" "postgresql://secret:$at1@$at2@$uri_tail"
observe_case 2 "unencoded /" "postgresql://secret:$at1/$at2@$uri_tail"
observe_case 2 "double-quoted password with a space" "$dsn password=\"$sp1 $sp2\""
observe_case 2 "unquoted password with a space" "$dsn password=$sp1 $sp2"
observe_case 2 "wrong password" "$dsn password=$wrong"
grep -qF 'password authentication failed for user "secret"' "$ERR" ||
	fail "libpq's reason not kept: $(cat "$ERR")"
observe_case 2 "'*' as a wrong password" "$dsn password=*"
observe_case 0 "the right password, --json" "$dsn password=$pw" --json "$d/observed.json"

# recommend --server=DSN (accepted) with --json and its HTML report: no
# measuring needed, a DIR that is a file stops it after the observation.
: >"$d/not-a-dir"
expect_exit 2 timeout 60 "$WALBENCH" recommend --server="$dsn password=$pw" --observe 10s -B 1s \
	--json "$d/rec.json" "$d/not-a-dir"
leak_free "recommend --server=DSN"
# Measured: 5 s of commits usually decide (exit 0), else exit 2; the JSON is
# written either way.
rc=0
timeout 60 "$WALBENCH" recommend --server="$dsn password=$pw" --observe 10s --budget 5s \
	--workload oltp \
	--json "$d/rec.json" "$d" >"$OUT" 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 2 ] || fail "recommend exited $rc: $(tail -n 3 "$ERR")"
[ -s "$d/rec.json" ] || fail "no JSON written: $(tail -n 3 "$ERR")"
leak_free "recommend --server=DSN, measured"
json_check "$d/rec.json" 'd["command_line"][2] == "--server='"$dsn"'"'
json_check "$d/rec.json" 'd["config"]["server"] == "'"$dsn"'"'
expect_exit 0 "$WALBENCH" report "$d/observed.json" -o "$d/observed.html"
leak_free "report of observe's JSON"
expect_exit 0 "$WALBENCH" report "$d/rec.json" -o "$d/rec.html"
leak_free "report of recommend's JSON"
# A mistyped one after a bare --server is the DSN, not the directory.
expect_exit 2 timeout 60 "$WALBENCH" recommend --server " postgres:/secret:$pw@localhost/x" \
	--observe 10s --json "$d/rec2.json" "$d"
grep -qF 'cannot observe the server' "$ERR" || fail "not taken as the DSN: $(cat "$ERR")"
leak_free "recommend --server ' postgres:/...'"
pass
