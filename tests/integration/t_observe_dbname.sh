#!/usr/bin/env bash
# t_observe_dbname.sh — a plain database name is a DSN as psql takes one
# (`walbench observe mydb`, the server from PGHOST/PGPORT/PGUSER), shown as typed;
# a name walbench cannot show safely is not shown, and libpq's reason still is.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
unset PGPASSWORD PGSERVICE PGDATABASE
wb_tmpdir d
pg_cluster
pg_sql "CREATE DATABASE mydb" >/dev/null
export PGHOST=$PG_DIR PGPORT=$PG_PORT PGUSER=postgres
pg_observe 0 mydb --observe 10s --json "$d/observed.json"
json_check "$d/observed.json" 'd["observed"]["dsn"] == "mydb"'
json_check "$d/observed.json" 'd["command_line"][2] == "mydb"'
grep -qF "at mydb, as role postgres," "$OUT" || fail "the server named as: $(head -n 1 "$OUT")"
pg_observe 2 nodb --observe 10s
grep -qF 'database "nodb" does not exist' "$ERR" || fail "libpq's reason: $(cat "$ERR")"
pass
