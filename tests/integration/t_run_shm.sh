#!/usr/bin/env bash
# t_run_shm.sh — the same checks as t_run_tmp.sh on /dev/shm (tmpfs, no device).
[ -d /dev/shm ] && [ -w /dev/shm ] || { echo "SKIP: no writable /dev/shm"; exit 77; }
WB_RUN_BASE=/dev/shm exec bash "$(dirname "$0")/t_run_tmp.sh"
