#!/usr/bin/env bash
# t_signals.sh — SIGINT, SIGTERM and SIGHUP mid-run remove the test file and exit
# with 128 + the signal number; so does SIGPIPE, when stdout's reader exits
# (`walbench compat | head -1`).
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d

for sig in INT TERM HUP; do
	# setsid: a background job's SIGINT would otherwise start ignored.
	setsid "$WALBENCH" compat -f "$d" -s 5 >/dev/null 2>"$ERR" &
	pid=$!
	on_exit "kill -9 $pid"
	wait_for_files "$d"
	sleep 0.5 # into the timed tests, past the preparation
	kill -s "$sig" "$pid"
	wait_rc "$pid"
	want=$((128 + $(kill -l "$sig")))
	[ "$rc" = "$want" ] || fail "SIG$sig: exit $rc, want $want"
	assert_no_files "$d"
	grep -q 'interrupted; test files removed' "$ERR" || fail "no interruption message"
done

# The reader goes after the first line; walbench's next write to the pipe gets
# SIGPIPE. run stops after its trial (as on a first SIGINT), compat at once.
for cmd in "compat -f $d -s 200ms" "run --dir $d --method fdatasync --budget 2s"; do
	set +e
	# shellcheck disable=SC2086 # cmd is split into its words on purpose
	"$WALBENCH" $cmd 2>"$ERR" | head -1 >/dev/null
	rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" = 141 ] || fail "${cmd%% *} | head: exit $rc, want 141: $(cat "$ERR")"
	assert_no_files "$d"
done

# A command with no test file says it was interrupted and nothing more: verify
# listen said "test files removed" on SIGTERM, and report on SIGPIPE.
setsid "$WALBENCH" verify listen --port 0 >"$OUT" 2>"$ERR" &
pid=$!
on_exit "kill -9 $pid 2>/dev/null || true"
for _ in $(seq 100); do
	grep -q 'listening on port' "$OUT" "$ERR" && break
	sleep 0.05
done
kill -s TERM "$pid"
wait_rc "$pid"
[ "$rc" = 143 ] || fail "verify listen, SIGTERM: exit $rc, want 143"
grep -qx 'walbench: interrupted' "$ERR" || fail "verify listen: no interruption message: $(cat "$ERR")"
! grep -q 'test files' "$ERR" || fail "verify listen claims test files: $(cat "$ERR")"
pass
