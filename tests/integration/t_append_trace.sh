#!/usr/bin/env bash
# t_append_trace.sh — the append pattern really advances through the segment, and
# a segment switch creates, zero-fills and fsyncs the new file and fsyncs the
# directory before the first flush lands in it. Observed with strace on the real
# binary, so what is checked is what the kernel was asked to do.
. "$(dirname "$0")/lib.sh"
set -e
need_trace
wb_tmpdir d
trace="$d/trace"
traced "$trace" openat,pwrite64,fdatasync,fsync,close,unlink \
	"$WALBENCH" run --dir "$d" --pattern append --segment new --segment-size 1MiB \
	--method fdatasync --size 8k --budget 1s --trial-time 300ms --min-trials 1 --warmup 0
python3 - "$trace" "$d" <<'PY' || fail "trace check failed"
import re, sys
trace, d = sys.argv[1], sys.argv[2]
fds = {}          # (pid, fd) -> path
order = []        # events in order
for line in open(trace):
    m = re.match(r'(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)', line)
    if not m:
        continue
    pid, call, args, ret = m.group(1), m.group(2), m.group(3), int(m.group(4))
    if call == "openat" and ret >= 0:
        path = re.search(r'"([^"]*)"', args).group(1)
        fds[(pid, ret)] = (path, "O_CREAT" in args, "O_DIRECTORY" in args)
        order.append(("open", path, "O_CREAT" in args, "O_DIRECTORY" in args))
    elif call in ("pwrite64", "fdatasync", "fsync") and ret >= 0:
        fd = int(args.split(",")[0])
        path, _, isdir = fds.get((pid, fd), ("?", False, False))
        off = int(args.rsplit(",", 1)[1]) if call == "pwrite64" else None
        size = int(args.rsplit(",", 2)[1]) if call == "pwrite64" else None
        order.append((call, path, off, size, isdir))
segments = [e[1] for e in order if e[0] == "open" and e[2] and "walbench." in e[1]]
assert len(segments) >= 2, "no new segment was created: %r" % segments[:3]
flushes = {}      # segment -> offsets of 8 kB flush writes, in order
for e in order:
    if e[0] == "pwrite64" and e[3] == 8192:
        flushes.setdefault(e[1], []).append(e[2])
# In every segment the flushes advance 8 kB at a time from 0, never rewinding
# (a trial restarts at 0, so a decrease is allowed only back to 0).
advanced = 0
for seg, offs in flushes.items():
    for a, b in zip(offs, offs[1:]):
        assert b == a + 8192 or b == 0, "%s: offset %d after %d" % (seg, b, a)
    advanced = max(advanced, max(offs))
assert advanced >= 512 * 1024, "never got far into a segment: %d" % advanced
# Every new segment (after the first) was filled, fsynced, and its directory
# fsynced, before the first flush write reached it.
for seg in segments[1:]:
    first_flush = next((i for i, e in enumerate(order) if e[0] == "pwrite64" and e[1] == seg and e[3] == 8192), None)
    if first_flush is None:
        continue
    before = order[:first_flush]
    fill = [e for e in before if e[0] == "pwrite64" and e[1] == seg and e[3] != 8192]
    assert sum(e[3] for e in fill) == 1 << 20, "%s not zero-filled to 1 MiB first" % seg
    assert any(e[0] == "fsync" and e[1] == seg for e in before), "%s not fsynced" % seg
    assert any(e[0] == "fsync" and e[4] for e in before), "directory not fsynced"
print("segments:", len(segments), "furthest flush offset:", advanced)
PY
rm -f "$trace"
assert_no_files "$d"
pass
