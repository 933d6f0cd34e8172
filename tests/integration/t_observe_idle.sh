#!/usr/bin/env bash
# t_observe_idle.sh — a server that ends idle sessions (idle_session_timeout, as
# poolers and NATs do) still gives observe its second snapshot: no connection is
# held idle through the window.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
wb_tmpdir d
pg_cluster "idle_session_timeout = '1s'"
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$d/observed.json"
json_check "$d/observed.json" 'd["observed"]["interval"]["seconds"] >= 2.9'
pass
