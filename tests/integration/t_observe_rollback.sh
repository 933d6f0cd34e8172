#!/usr/bin/env bash
# t_observe_rollback.sh — when a query's SET LOCAL statement_timeout fails after its
# BEGIN (here a proxy between walbench and the server makes its value invalid),
# walbench ends the transaction with a ROLLBACK instead of leaving it open.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
wb_tmpdir d
chmod 755 "$d"
pg_cluster "log_statement = 'all'"
port=54392
# A proxy on $d's socket to the cluster's that rewrites walbench's limit into a
# value the server refuses, of the same length (no message length changes). Bound
# under another name and renamed once it listens: a connect between bind(2) and
# listen(2) is refused.
python3 -c '
import os, socket, sys, threading
def pump(a, b, swap):
    while True:
        data = a.recv(65536)
        if not data:
            break
        if swap:
            data = data.replace(b"statement_timeout = 10000", b"statement_timeout = '"'xyz'"'")
        b.sendall(data)
    b.close()
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1] + ".new"); s.listen(4); os.rename(sys.argv[1] + ".new", sys.argv[1])
while True:
    c = s.accept()[0]
    u = socket.socket(socket.AF_UNIX); u.connect(sys.argv[2])
    threading.Thread(target=pump, args=(c, u, True), daemon=True).start()
    threading.Thread(target=pump, args=(u, c, False), daemon=True).start()
' "$d/.s.PGSQL.$port" "$PG_DIR/.s.PGSQL.$PG_PORT" &
proxy=$!
on_exit "kill $proxy"
for _ in $(seq 100); do [ -S "$d/.s.PGSQL.$port" ] && break; sleep 0.05; done
[ -S "$d/.s.PGSQL.$port" ] || fail "the python listener did not listen in 5 s"
pg_observe 2 "host=$d port=$port dbname=postgres user=postgres" --observe 10s
grep -qF 'invalid value for parameter "statement_timeout"' "$ERR" ||
	fail "the SET did not fail: $(cat "$ERR")"
# The server's log: the failed SET, then walbench's ROLLBACK.
for _ in $(seq 50); do
	grep -A 3 "statement_timeout = 'xyz'" "$PG_DIR/server.log" | grep -q 'statement: ROLLBACK' &&
		pass
	sleep 0.1
done
fail "no ROLLBACK after the failed SET: $(tail -n 8 "$PG_DIR/server.log")"
