#!/usr/bin/env bash
# t_verify.sh — `walbench verify` catches a lying write cache and clears an honest one.
# The storage is lyingfs (tests/fault/lyingfs.c): writes go to a volatile cache, flushes
# either write through (honest) or are ignored (lying), and SIGUSR1 is the power cut. The
# listener and the writer run in two network namespaces joined by a veth pair (over
# loopback where `ip netns` is not allowed). The writer is killed mid-stream, as a power
# cut would kill it, and the listener must survive that and still answer the check.
. "$(dirname "$0")/lib.sh"
set -e
need_root
[ -x "$WB_TEST_BIN/lyingfs" ] || skip "lyingfs not built (libfuse3-dev missing)"

# ---- the network: listener and writer on two "machines" ---------------------------------
IN_L=() IN_W=() HOST=127.0.0.1
NS_L=wbv-l-$$ NS_W=wbv-w-$$
if ip netns add "$NS_L" 2>/dev/null; then
	on_exit "ip netns del $NS_L"
	ip netns add "$NS_W" || fail "ip netns add $NS_W"
	on_exit "ip netns del $NS_W"
	# Deleting a namespace deletes the veth end inside it, and with it its peer.
	ip link add "wbvl$$" type veth peer name "wbvw$$" || fail "ip link add veth"
	on_exit "ip link del wbvl$$"
	ip link set "wbvl$$" netns "$NS_L"
	ip link set "wbvw$$" netns "$NS_W"
	ip -n "$NS_L" addr add 10.213.7.1/30 dev "wbvl$$"
	ip -n "$NS_W" addr add 10.213.7.2/30 dev "wbvw$$"
	ip -n "$NS_L" link set "wbvl$$" up
	ip -n "$NS_W" link set "wbvw$$" up
	IN_L=(ip netns exec "$NS_L") IN_W=(ip netns exec "$NS_W") HOST=10.213.7.1
	echo "listener in netns $NS_L ($HOST), writer in netns $NS_W"
else
	echo "ip netns not allowed here: listener and writer over loopback"
fi

LLOG=$(mktemp)
on_exit "rm -f '$LLOG'"
# ip netns exec execs the command, so $! is walbench itself.
"${IN_L[@]}" "$WALBENCH" verify listen --port 0 >"$LLOG" 2>&1 &
LPID=$!
on_exit "kill $LPID; wait $LPID"
for _ in $(seq 100); do
	PORT=$(sed -n 's/.*listening on port \([0-9]*\).*/\1/p' "$LLOG")
	[ -n "$PORT" ] && break
	kill -0 "$LPID" 2>/dev/null || fail "listener exited: $(cat "$LLOG")"
	sleep 0.05
done
[ -n "$PORT" ] || fail "listener did not start: $(cat "$LLOG")"
TO=$HOST:$PORT

# power_cut_round MODE: mount lyingfs in MODE, write records until at least 150 were
# written, kill the writer and cut the power at once, then check. Leaves the check's
# output in $OUT/$ERR and its status in $CHECK_RC.
power_cut_round() {
	local mode=$1 wpid size i
	fusefs_mount lyingfs --mode "$mode"
	"${IN_W[@]}" "$WALBENCH" verify write --to "$TO" --records 0 --method fdatasync \
		"$FS_MNT" >"$FS_BACKING.w" 2>&1 &
	wpid=$!
	on_exit "kill -9 $wpid; wait $wpid; rm -f '$FS_BACKING.w'"
	# 150 records and the header block, 4 kB each: the file as the writer sees it.
	for i in $(seq 400); do
		size=$(stat -c %s "$FS_MNT/walbench-verify.dat" 2>/dev/null || echo 0)
		[ "$size" -ge $((151 * 4096)) ] && break
		kill -0 "$wpid" 2>/dev/null || fail "writer exited: $(cat "$FS_BACKING.w")"
		sleep 0.05
	done
	[ "$size" -ge $((151 * 4096)) ] || fail "writer too slow: $size bytes"
	# The power cut: the machine (the writer) stops mid-stream, its cache is lost.
	kill -9 "$wpid"
	wait "$wpid" 2>/dev/null || true
	# The listener is in another namespace, at another address: no warning that it is here.
	! grep -q 'is on this machine' "$FS_BACKING.w" ||
		fail "a listener at another address read as this machine's: $(cat "$FS_BACKING.w")"
	kill -USR1 "$FS_PID"
	stat "$FS_MNT" >/dev/null # the next request takes the cut
	for i in $(seq 100); do
		grep -q 'power cut 1:' "$FS_LOG" && break
		sleep 0.05
	done
	grep -q 'power cut 1:' "$FS_LOG" || fail "lyingfs took no power cut: $(cat "$FS_LOG")"
	kill -0 "$LPID" 2>/dev/null || fail "listener died with the writer: $(cat "$LLOG")"
	set +e
	"${IN_W[@]}" "$WALBENCH" verify check --from "$TO" "$FS_MNT" >"$OUT" 2>"$ERR"
	CHECK_RC=$?
	set -e
	echo "--- $mode: $(tail -n 2 "$OUT" | tr '\n' ' ')"
}

# Lying: every acknowledged record was only in the cache.
power_cut_round lying
[ "$CHECK_RC" = 3 ] || fail "lying cache: check exited $CHECK_RC, want 3: $(cat "$OUT" "$ERR")"
grep -Eq '^  LOST record [0-9]+ \(slot [0-9]+, offset [0-9]+\): ' "$OUT" ||
	fail "no lost record listed: $(cat "$OUT")"
n=$(sed -n 's/^\([0-9]*\) of \([0-9]*\) acknowledged records lost:.*/\1 \2/p' "$OUT")
[ -n "$n" ] || fail "no summary line: $(cat "$OUT")"
read -r lost acked <<<"$n"
[ "$acked" -ge 150 ] && [ "$lost" = "$acked" ] ||
	fail "lying cache: $lost of $acked lost, want all of at least 150"
grep -q 'DURABILITY FAILURE' "$ERR" || fail "loss not reported loudly on stderr"
grep -Eq 'writer (vanished|closed the connection)' "$LLOG" ||
	fail "listener did not notice the writer vanish: $(cat "$LLOG")"
# The same check with DIR mistyped is a slip, not a verdict: exit 2, naming it.
expect_exit 2 "${IN_W[@]}" "$WALBENCH" verify check --from "$TO" "${FS_MNT}x"
grep -q "verify check ${FS_MNT}x: no such directory" "$ERR" || fail "typo: $(cat "$ERR")"
! grep -q 'DURABILITY FAILURE' "$ERR" || fail "a mistyped DIR read as a durability failure"

# Honest: every acknowledged record was written through before its "done".
power_cut_round honest
[ "$CHECK_RC" = 0 ] || fail "honest cache: check exited $CHECK_RC, want 0: $(cat "$OUT" "$ERR")"
acked=$(sed -n 's/^0 of \([0-9]*\) acknowledged records lost.*/\1/p' "$OUT")
[ -n "$acked" ] || fail "no clean summary: $(cat "$OUT")"
[ "$acked" -ge 150 ] || fail "honest: only $acked records acknowledged"
# lyingfs cuts the power of its cache, not of this machine: the same boot checks.
wb_verify_not_restarted "$acked"
! grep -q LOST "$OUT" || fail "honest cache: a record reported lost: $(cat "$OUT")"

# --remove takes the file away only after a clean comparison.
expect_exit 0 "${IN_W[@]}" "$WALBENCH" verify check --from "$TO" --remove "$FS_MNT"
[ ! -e "$FS_MNT/walbench-verify.dat" ] || fail "--remove left the file"
# The listener was told: checking again says so (exit 2), not that the file was lost.
expect_exit 2 "${IN_W[@]}" "$WALBENCH" verify check --from "$TO" "$FS_MNT"
grep -q 'already checked and its file removed' "$ERR" || fail "after --remove: $(cat "$ERR")"
kill -0 "$LPID" 2>/dev/null || fail "listener died: $(cat "$LLOG")"
pass
