#!/usr/bin/env bash
# t_run_memory.sh — `walbench run` on /dev/shm (tmpfs on every Linux) warns,
# under its storage facts, that the directory is memory: nothing there survives
# a power cut, and the rates say nothing about a disk. recommend's advisory is
# t_recommend.sh's.
. "$(dirname "$0")/lib.sh"
set -e
[ -d /dev/shm ] && [ -w /dev/shm ] || skip "no writable /dev/shm"
wb_tmpdir d /dev/shm

expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync --duration 100ms
grep -A1 '^Storage: tmpfs ' "$OUT" | grep -q '^warning: tmpfs is memory: nothing on it survives a power cut' ||
	fail "no memory warning under the storage line: $(grep -A2 '^Storage' "$OUT")"
grep -q 'point walbench at a directory on the volume pg_wal will live on$' "$OUT" ||
	fail "the warning does not say where to measure: $(grep '^warning' "$OUT")"
assert_no_files "$d"
pass
