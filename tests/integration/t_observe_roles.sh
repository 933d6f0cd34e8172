#!/usr/bin/env bash
# t_observe_roles.sh — what a role may see: a pg_monitor member observes all,
# data_directory too; a plain login role observes the rest, exit 0, and is told the
# grant that would show data_directory, which observed.missing names.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_sql "CREATE ROLE mon LOGIN IN ROLE pg_monitor; CREATE ROLE plain LOGIN" >/dev/null

pg_observe 0 "$(pg_dsn mon)" --observe 10s --json "$PG_DIR/mon.json"
! grep -q 'pg_read_all_settings' "$OUT" || fail "mon was told to get a grant: $(cat "$OUT")"
grep -q "^Where: data_directory $PG_DATA " "$OUT" || fail "mon's data directory: $(cat "$OUT")"
json_check "$PG_DIR/mon.json" 'd["observed"]["paths"]["data_directory"] == "'"$PG_DATA"'"'
json_check "$PG_DIR/mon.json" 'd["observed"]["paths"]["on_this_host"] is True'
json_check "$PG_DIR/mon.json" '"data_directory" not in d["observed"]["missing"]'

pg_observe 0 "$(pg_dsn plain)" --observe 10s --json "$PG_DIR/plain.json"
grep -q 'GRANT pg_read_all_settings TO "plain"' "$OUT" || fail "plain was not told the grant: $(cat "$OUT")"
grep -q '^Where: data_directory not readable$' "$OUT" || fail "plain's Where line: $(cat "$OUT")"
json_check "$PG_DIR/plain.json" '"data_directory" in d["observed"]["missing"]'
json_check "$PG_DIR/plain.json" 'd["observed"]["paths"]["data_directory"] is None'
json_check "$PG_DIR/plain.json" '"data_directory" not in d["observed"]["settings"]'
# The statistics views are every role's: the rest of the observation stands.
json_check "$PG_DIR/plain.json" 'd["observed"]["rates"]["commits_per_s"] is not None'
pass
