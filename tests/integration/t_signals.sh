#!/usr/bin/env bash
# t_signals.sh — SIGINT, SIGTERM and SIGHUP mid-run remove the test file and exit
# with 128 + the signal number.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d

for sig in INT TERM HUP; do
	# setsid: a background job's SIGINT would otherwise start ignored.
	setsid "$WALBENCH" compat -f "$d" -s 5 >/dev/null 2>"$ERR" &
	pid=$!
	on_exit "kill -9 $pid"
	for i in $(seq 200); do
		[ -n "$(ls "$d")" ] && break
		sleep 0.05
	done
	[ -n "$(ls "$d")" ] || fail "no test file appeared"
	sleep 0.5 # into the timed tests, past the preparation
	kill -s "$sig" "$pid"
	set +e
	wait "$pid"
	rc=$?
	set -e
	want=$((128 + $(kill -l "$sig")))
	[ "$rc" = "$want" ] || fail "SIG$sig: exit $rc, want $want"
	assert_no_files "$d"
	grep -q 'interrupted; test files removed' "$ERR" || fail "no interruption message"
done
pass
