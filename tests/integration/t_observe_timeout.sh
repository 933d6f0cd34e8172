#!/usr/bin/env bash
# t_observe_timeout.sh — a server that accepts the connection and never answers
# (a stuck pooler, a dropped route) is given up after walbench's default
# connect_timeout (10 s), not waited on forever; a connect_timeout in the DSN or
# PGCONNECT_TIMEOUT wins over that default.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
set -e
unset PGCONNECT_TIMEOUT PGPASSWORD PGSERVICE
wb_tmpdir d
port=54391
# A listener that accepts and never says a word. Bound under another name and renamed
# once it listens: the socket file is there from bind(2), and a connect before
# listen(2) is refused (ECONNREFUSED, not the timeout this test is about).
python3 -c '
import os, socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1] + ".new"); s.listen(16); os.rename(sys.argv[1] + ".new", sys.argv[1])
held = []
while True:
    held.append(s.accept()[0])
' "$d/.s.PGSQL.$port" &
mute=$!
on_exit "kill $mute"
for _ in $(seq 100); do [ -S "$d/.s.PGSQL.$port" ] && break; sleep 0.05; done
[ -S "$d/.s.PGSQL.$port" ] || fail "the python listener did not listen in 5 s"
dsn="host=$d port=$port dbname=x user=x"

# given_up WANT_MIN WANT_MAX ARGS...: observe ARGS is refused with libpq's
# timeout, after WANT_MIN to WANT_MAX seconds.
given_up() {
	local lo=$1 hi=$2 t0 t1
	shift 2
	t0=$(date +%s)
	expect_exit 2 timeout 40 "$@"
	t1=$(date +%s)
	grep -qF 'timeout expired' "$ERR" || fail "not libpq's timeout: $(cat "$ERR")"
	[ $((t1 - t0)) -ge "$lo" ] && [ $((t1 - t0)) -le "$hi" ] ||
		fail "given up after $((t1 - t0)) s, want $lo to $hi"
}

given_up 9 16 "$WALBENCH" observe "$dsn" --observe 10s
given_up 1 6 "$WALBENCH" observe "$dsn connect_timeout=2" --observe 10s
given_up 1 6 env PGCONNECT_TIMEOUT=2 "$WALBENCH" observe "$dsn" --observe 10s
pass
