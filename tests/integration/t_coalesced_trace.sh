#!/usr/bin/env bash
# t_coalesced_trace.sh — PostgreSQL-faithful bulk flushes, observed with strace on
# the real binary: a [PostgreSQL N] row writes each flush of 16 x 8 kB as ONE
# pwrite of 128 kB (split in two only where the wal_buffers ring wraps, here every
# 192 kB), as XLogWrite does; its [pg_test_fsync] twin writes 16 pwrites of 8 kB.
. "$(dirname "$0")/lib.sh"
set -e
need_trace
wb_tmpdir d
trace="$d/trace"
traced "$trace" openat,pwrite64 \
	"$WALBENCH" run --dir "$d" --pattern append --segment-size 1MiB --pg-version 16 \
	--method open_sync --size 8k --writes 16 --wal-buffers 192k --budget 2s --trial-time 200ms \
	--min-trials 2 --warmup 0 --json "$d/out.json"
grep -q 'PostgreSQL 16\].*one write per flush' "$OUT" || fail "row not labelled: $(cat "$OUT")"
grep -q 'pg_test_fsync\].*separate writes' "$OUT" || fail "twin not labelled: $(cat "$OUT")"
json_check "$d/out.json" 'sorted(t["flush_form"] for t in d["tests"]) == ["coalesced", "separate"]'
json_check "$d/out.json" 'all(t["wal_buffers"] == 192 * 1024 for t in d["tests"] if t["flush_form"] == "coalesced")'
python3 - "$trace" <<'PY' || fail "trace check failed"
import re, sys
fds = {}                       # (pid, fd) -> "direct" | "buffered" | "fill"
writes = {"direct": [], "buffered": []}
for line in open(sys.argv[1]):
    m = re.match(r'(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)', line)
    if not m:
        continue
    pid, call, args, ret = m.group(1), m.group(2), m.group(3), int(m.group(4))
    if call == "openat" and ret >= 0 and "walbench." in args:
        kind = "fill" if "O_CREAT" in args else "direct" if "O_DIRECT" in args else "buffered"
        fds[(pid, ret)] = kind
    elif call == "pwrite64" and ret >= 0:
        kind = fds.get((pid, int(args.split(",")[0])))
        if kind in writes:
            size, off = (int(x) for x in args.rsplit(",", 2)[1:])
            writes[kind].append((off, size))
assert writes["direct"] and all(s == 8192 for _, s in writes["direct"]), \
    "pg_test_fsync twin: want only 8 kB writes, got sizes %s" % sorted({s for _, s in writes["direct"]})
b = writes["buffered"]
assert b, "no writes from the PostgreSQL row"
whole = sum(1 for _, s in b if s == 131072)
i = split = 0
while i < len(b):
    off, size = b[i]
    if size == 131072:
        assert off // 196608 == (off + size - 1) // 196608, "a whole write crosses the ring at %d" % off
        i += 1
        continue
    assert i + 1 < len(b), "a lone partial write at the end"
    off2, size2 = b[i + 1]
    assert size + size2 == 131072 and off2 == off + size and off2 % 196608 == 0, \
        "a split flush must be two writes meeting at a ring boundary: %r %r" % (b[i], b[i + 1])
    split += 1
    i += 2
assert whole > 0 and split > 0, "want both whole and ring-split flushes: %d whole, %d split" % (whole, split)
print("coalesced flushes: %d whole, %d split at the ring; twin: %d 8 kB writes" % (whole, split, len(writes["direct"])))
PY
rm -f "$trace" "$d/out.json"
assert_no_files "$d"
pass
