#!/usr/bin/env bash
# t_observe_flush_size.sh — the size per flush is the WAL generated per flush on
# every major, as the server's own counters give it: pg_stat_wal's wal_bytes over
# its flushes (wal_sync to 17, pg_stat_io's WAL fsyncs on 18), read around the
# window under a steady pgbench -c 2. On 18 the bytes written (whole pages) are
# a line of their own, `written`, at least a page a write, never the size per flush.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster
pg_bench_init 2

# counters: the server's WAL generated and flushes so far, "BYTES FLUSHES".
counters() {
	if [ "$WB_PG_MAJOR" -ge 18 ]; then
		pg_sql "SELECT (SELECT wal_bytes FROM pg_stat_wal) || ' ' ||
			(SELECT sum(fsyncs) FROM pg_stat_io WHERE object = 'wal' AND context = 'normal')"
	else
		pg_sql "SELECT wal_bytes || ' ' || wal_sync FROM pg_stat_wal"
	fi
}

pg_bench_bg -c 2 -j 2 -T 20 -n
pg_wait_clients 2
sleep 1
before=$(counters)
pg_observe 0 "$(pg_dsn)" --observe 10s --json "$PG_DIR/observed.json"
after=$(counters)
pg_bench_wait

python3 - "$PG_DIR/observed.json" "$OUT" "$WB_PG_MAJOR" "$before" "$after" <<'PY' ||
import json, re, sys
path, out, major, before, after = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
b0, f0 = map(int, before.split())
b1, f1 = map(int, after.split())
server = (b1 - b0) / (f1 - f0)
r = json.load(open(path))["observed"]["rates"]
text = open(out).read()
print("pg%d: server %.0f B of WAL a flush; walbench %.0f B; written per write %s"
      % (major, server, r["bytes_per_flush"], r.get("written_per_write")))
# The windows differ by the psql calls around it: a steady load, within 25 %.
if not 0.75 * server <= r["bytes_per_flush"] <= 1.25 * server:
    sys.exit("bytes_per_flush %.0f B, the server's wal_bytes per flush %.0f B"
             % (r["bytes_per_flush"], server))
m = re.search(r"^  per flush +([0-9.]+) (B|kB|MiB) of WAL \(", text, re.M)
if not m:
    sys.exit("no per-flush line of WAL in:\n" + text)
said = float(m.group(1)) * {"B": 1, "kB": 1024, "MiB": 1048576}[m.group(2)]
if abs(said - r["bytes_per_flush"]) > max(1.0, 0.06 * r["bytes_per_flush"]):
    sys.exit("text says %s, the JSON %.0f B" % (m.group(0), r["bytes_per_flush"]))
written = re.search(r"^  written +.*per write \(whole pages", text, re.M)
if major >= 18:
    # XLogWrite writes whole pages: at least one a write.
    if not (r["written_per_write"] >= 8192 and r["written_per_flush"] >= 8192 and written):
        sys.exit("18's bytes written: %s per write, %s per flush; text:\n%s"
                 % (r["written_per_write"], r["written_per_flush"], text))
elif r.get("written_per_write") is not None or written:
    sys.exit("bytes written before 18: %s; text:\n%s" % (r["written_per_write"], text))
PY
	fail "the size per flush is not the server's WAL per flush"
pass
