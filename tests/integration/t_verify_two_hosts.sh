#!/usr/bin/env bash
# t_verify_two_hosts.sh — two machines write through one listener to the same
# path (/srv/pg_wal on both, say): the listener holds the second's run, and the
# first's `verify check` says its run was replaced (exit 2), never that every
# record of its own file was lost (exit 3, as when a directory's identity was its
# path alone). The second machine is this one in a mount namespace whose
# /etc/machine-id and DIR are other files, both gone with the namespace.
. "$(dirname "$0")/lib.sh"
set -e
need_root
command -v unshare >/dev/null || skip "unshare not installed"
[ -s /etc/machine-id ] || skip "no /etc/machine-id to stand in for"
wb_tmpdir T
mkdir "$T/host-a" "$T/host-b"
echo 0123456789abcdef0123456789abcdef >"$T/other-machine-id"
timeout 10 unshare -m true 2>/dev/null || skip "no mount namespaces here"

wb_verify_listen "$T/listener.log"
expect_exit 0 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 5 "$T/host-a"
# Host B: the same path, its own disk and its own machine.
expect_exit 0 timeout 60 unshare -m --propagation private sh -c '
	mount --bind "$1/host-b" "$1/host-a" && mount --bind "$1/other-machine-id" /etc/machine-id &&
	exec "$2" verify write --to "127.0.0.1:$3" --records 7 "$1/host-a"' sh "$T" "$WALBENCH" "$PORT"
[ -f "$T/host-b/walbench-verify.dat" ] || fail "host B did not write on its own disk"
# Host A checks its own file: the listener holds host B's run, written elsewhere.
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$T/host-a"
! grep -q 'lost' "$OUT" || fail "host A's records called lost: $(cat "$OUT")"
cat "$OUT" "$ERR" | grep -q 'another directory' ||
	fail "not said to be another directory: $(cat "$OUT" "$ERR")"
# Host B's own check still judges its run (in its namespace again).
expect_exit 0 timeout 60 unshare -m --propagation private sh -c '
	mount --bind "$1/host-b" "$1/host-a" && mount --bind "$1/other-machine-id" /etc/machine-id &&
	exec "$2" verify check --from "127.0.0.1:$3" "$1/host-a"' sh "$T" "$WALBENCH" "$PORT"
wb_verify_not_restarted 7
grep -q " $T/host-a " /proc/mounts && fail "a bind mount outlived its namespace"
pass
