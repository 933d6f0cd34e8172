#!/usr/bin/env bash
# t_verify_memory.sh — `verify write` on memory (/dev/shm, a tmpfs) says in one
# stderr line that a power cut there proves nothing, as qualify's in-memory
# finding does, and still writes (a dry run of the protocol is allowed); on a
# disk it says nothing of the kind. Over loopback.
. "$(dirname "$0")/lib.sh"
set -e
[ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ] || skip "/dev/shm is not a tmpfs"
wb_tmpdir D
wb_tmpdir M /dev/shm
DISK=/var/tmp
[ "$(stat -f -c %T "$DISK")" != tmpfs ] || skip "$DISK is a tmpfs: no disk to compare with"
wb_tmpdir K "$DISK"

wb_verify_listen "$D/listener.log"

expect_exit 0 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 5 "$M"
[ "$(grep -c 'is memory (tmpfs).*proves nothing' "$ERR")" = 1 ] ||
	fail "no one-line in-memory warning on /dev/shm: $(cat "$ERR")"
expect_exit 0 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 5 "$K"
! grep -q 'is memory' "$ERR" || fail "an in-memory warning on a disk: $(cat "$ERR")"
pass
