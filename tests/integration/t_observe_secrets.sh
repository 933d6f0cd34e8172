#!/usr/bin/env bash
# t_observe_secrets.sh — a password given in any form walbench cannot read as a
# connection string (an unknown --server=DSN, a mistyped scheme, a leading space,
# jdbc:, an unencoded '@', a double-quoted password with a space), a wrong one (one
# equal to the port or to libpq's word "authentication" leaves the message whole),
# a pair typed inside a shown keyword's quotes (user, options),
# the right one given as --server=DSN with --json, and one in a saved observation
# read by recommend --observed, reaches no output and no file: stdout, stderr, the
# JSON (command_line, config, observed) and the HTML report.
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
# A quote misplaced: the password is part of user's value, which libpq names
# as the role it could not find, and walbench echoed as the DSN it could not use.
observe_case 2 "a pair inside user's quotes" "host=$PG_DIR port=$PG_PORT dbname=postgres user='secret password=$wrong'"
observe_case 2 "a pair inside options' quotes" "$dsn options='-c password=$wrong' password=$wrong"
# A wrong password equal to a word printed anyway is not blanked there: the
# socket's name holds the port, libpq's reason the word "authentication".
observe_case 2 "the port as a wrong password" "$dsn password=$PG_PORT"
grep -qF ".s.PGSQL.$PG_PORT\"" "$ERR" || fail "the port blanked: $(cat "$ERR")"
! grep -qF '***' "$ERR" || fail "stars where the password equals a shown word: $(cat "$ERR")"
observe_case 2 "'authentication' as a wrong password" "$dsn password=authentication"
grep -qF 'password authentication failed for user "secret"' "$ERR" ||
	fail "libpq's reason blanked: $(cat "$ERR")"
! grep -qF '***' "$ERR" || fail "stars where the password equals a shown word: $(cat "$ERR")"
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
# A saved observation another tool wrote, or edited by hand, whose connection
# string holds the password: recommend --observed shows none of it, in its
# text, its JSON or the HTML made from that.
wb_tmpdir e
python3 - "$d/observed.json" "$e/obs-pw.json" "$dsn password=$pw" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["observed"]["dsn"] = sys.argv[3]
json.dump(d, open(sys.argv[2], "w"))
PY
rc=0
timeout 60 "$WALBENCH" recommend --observed "$e/obs-pw.json" --budget 3s --workload oltp \
	--json "$d/rec3.json" --prom "$d/rec3.prom" "$d" >"$OUT" 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 2 ] || fail "recommend --observed exited $rc: $(tail -n 3 "$ERR")"
[ -s "$d/rec3.json" ] || fail "no JSON written: $(tail -n 3 "$ERR")"
grep -qF "host=$PG_DIR" "$OUT" || fail "the observation's server not named: $(head -c 600 "$OUT")"
leak_free "recommend --observed with a password in its DSN"
expect_exit 0 "$WALBENCH" report "$d/rec3.json" -o "$d/rec3.html"
leak_free "report of recommend --observed's JSON"
# A mistyped one after a bare --server is the DSN, not the directory.
expect_exit 2 timeout 60 "$WALBENCH" recommend --server " postgres:/secret:$pw@localhost/x" \
	--observe 10s --json "$d/rec2.json" "$d"
grep -qF 'cannot observe the server' "$ERR" || fail "not taken as the DSN: $(cat "$ERR")"
leak_free "recommend --server ' postgres:/...'"
pass
