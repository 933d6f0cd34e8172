#!/usr/bin/env bash
# pg-fixture-settings.sh — records pg_settings rows from a live server for the unit
# fixtures (tests/unit/fixtures/pg/MAJOR.txt, `setting NAME|SETTING|UNIT` lines): starts
# a throwaway cluster of MAJOR with the tests' helpers (tests/integration/pg_lib.sh: a
# temporary directory, a unix socket only, stopped and removed on exit), sets each
# SETTING given as a postgresql.conf line, and prints the rows of the GUCs named with -n.
# Trap: a runtime-computed setting (shared_memory_size*) depends on the host's default
# huge page size and on every setting that sizes shared memory (shared_buffers,
# wal_buffers, max_connections ...): give those the fixture names, or the row says
# another server.
#   contrib/pg-fixture-settings.sh 17 -n shared_memory_size,shared_memory_size_in_huge_pages \
#       "shared_buffers = 1GB" "wal_buffers = 4MB"
set -euo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
if [ $# -lt 3 ] || [ "$2" != -n ]; then
	echo "usage: ${0##*/} MAJOR -n NAME[,NAME...] [SETTING...]" >&2
	exit 2
fi
export WB_PG_MAJOR=$1
names=$3
shift 3
# lib.sh asks for the binary the tests drive; nothing here runs it.
export WALBENCH=${WALBENCH:-/bin/true}
# the helpers end the script themselves (fail, skip) and undo what they set up
set +e
# shellcheck source=tests/integration/lib.sh
. "$here/../tests/integration/lib.sh"
# shellcheck source=tests/integration/pg_lib.sh
. "$here/../tests/integration/pg_lib.sh"
need_pg
pg_cluster "$@"
list="'${names//,/\',\'}'"
pg_sql "SELECT 'setting ' || name || '|' || setting || '|' || coalesce(unit, '')
	FROM pg_catalog.pg_settings WHERE name IN ($list) ORDER BY name" ||
	fail "cannot read pg_settings"
echo "# PostgreSQL $(pg_sql 'SHOW server_version'), Hugepagesize $(awk '/^Hugepagesize/ {print $2 $3}' /proc/meminfo)"
