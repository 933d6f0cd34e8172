#!/usr/bin/env bash
# t_append_trace.sh — the append pattern really advances through the segment,
# each job (thread) going on across trials where it stopped and starting over only
# at a segment's end, never writing past it; and a segment switch creates,
# zero-fills and fsyncs the new file and fsyncs the directory before the first
# flush lands in it. Observed with strace on the real binary, so what is checked
# is what the kernel was asked to do.
. "$(dirname "$0")/lib.sh"
set -e
need_trace
wb_tmpdir d
trace="$d/trace"
for run in "new 1" "new 4" "recycle 4"; do
set -- $run
# Traced jobs on two busy cores share them: 4 get 3 s, so that each fills a
# segment or more (in 1 s, a starved one wrote less than two in CI).
budget=1s
[ "$2" -eq 1 ] || budget=3s
traced "$trace" openat,pwrite64,fdatasync,fsync,close,unlink \
	"$WALBENCH" run --dir "$d" --pattern append --segment "$1" --segment-size 1MiB \
	--method fdatasync --size 8k --jobs "$2" --budget "$budget" --trial-time 150ms --min-trials 1
python3 - "$trace" "$d" "$1" "$2" <<'PY' || fail "trace check failed: --segment $1 --jobs $2"
import re, sys
trace, d, mode, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
SEG = 1 << 20
fds = {}          # (pid, fd) -> path
order = []        # events in order
def calls(path):
    """strace -f splits a call that another thread interrupts into
    "PID call(args <unfinished ...>" and "PID <... call resumed>rest": joined here."""
    pending = {}
    for line in open(path):
        m = re.match(r'(\d+)\s+(.*) <unfinished \.\.\.>$', line.rstrip("\n"))
        if m:
            pending[m.group(1)] = m.group(2)
            continue
        m = re.match(r'(\d+)\s+<\.\.\. \w+ resumed>(.*)', line)
        if m:
            yield m.group(1) + " " + pending.pop(m.group(1), "") + m.group(2)
        else:
            yield line
for line in calls(trace):
    m = re.match(r'(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)', line)
    if not m:
        continue
    pid, call, args, ret = m.group(1), m.group(2), m.group(3), int(m.group(4))
    if call == "openat" and ret >= 0:
        path = re.search(r'"([^"]*)"', args).group(1)
        fds[(pid, ret)] = (path, "O_CREAT" in args, "O_DIRECTORY" in args)
        order.append(("open", path, "O_CREAT" in args, "O_DIRECTORY" in args, None, pid))
    elif call in ("pwrite64", "fdatasync", "fsync") and ret >= 0:
        fd = int(args.split(",")[0])
        path, _, isdir = fds.get((pid, fd), ("?", False, False))
        off = int(args.rsplit(",", 1)[1]) if call == "pwrite64" else None
        size = int(args.rsplit(",", 2)[1]) if call == "pwrite64" else None
        order.append((call, path, off, size, isdir, pid))
# A job runs in a new thread each trial, and each trial's thread first opens
# the job's own file (a segment made in a trial is gone when it ends): that file
# names the job.
job_of = {}       # thread -> the job's file
for e in order:
    if e[0] == "open" and not e[2] and not e[3] and "walbench." in e[1]:
        job_of.setdefault(e[5], e[1])
flushes = {}      # job -> offsets of its 8 kB flush writes, in order
for e in order:
    if e[0] == "pwrite64" and e[3] == 8192:
        flushes.setdefault(job_of[e[5]], []).append(e[2])
assert len(flushes) == jobs, "%d threads wrote flushes for %d jobs" % (len(flushes), jobs)
# Every job's flushes advance 8 kB at a time, across trials (the warm-up's too)
# and segment files alike; they start over at 0 only where the next flush would
# not fit in the segment, and none reaches past its end.
wrapped = 0
for tid, offs in flushes.items():
    assert offs[0] == 0, "job %s started at %d" % (tid, offs[0])
    for a, b in zip(offs, offs[1:]):
        assert b == a + 8192 or (b == 0 and a + 2 * 8192 > SEG), \
            "job %s: offset %d after %d" % (tid, b, a)
        wrapped += b == 0
    assert max(offs) + 8192 <= SEG, "job %s wrote past its segment: %d" % (tid, max(offs))
    assert len(offs) * 8192 > SEG, "job %s wrote too little to judge" % tid
# Every job came round a segment's end at least once (above); most, twice.
assert wrapped >= jobs + 1, "only %d switches or wraps" % wrapped
segments = [e[1] for e in order if e[0] == "open" and e[2] and "walbench." in e[1]][jobs:]
if mode == "recycle":
    assert not segments, "recycle made new files: %r" % segments[:3]
    print(mode, jobs, "jobs: wraps:", wrapped)
    sys.exit(0)
assert len(segments) >= 2, "no new segment was created: %r" % segments[:3]
# Every new segment (after the first) was filled, fsynced, and its directory
# fsynced, before the first flush write reached it.
for seg in segments:
    first_flush = next((i for i, e in enumerate(order) if e[0] == "pwrite64" and e[1] == seg and e[3] == 8192), None)
    if first_flush is None:
        continue
    before = order[:first_flush]
    fill = [e for e in before if e[0] == "pwrite64" and e[1] == seg and e[3] != 8192]
    assert sum(e[3] for e in fill) == 1 << 20, "%s not zero-filled to 1 MiB first" % seg
    assert any(e[0] == "fsync" and e[1] == seg for e in before), "%s not fsynced" % seg
    assert any(e[0] == "fsync" and e[4] for e in before), "directory not fsynced"
print(mode, jobs, "jobs: segments:", len(segments), "switches:", wrapped)
PY
rm -f "$trace"
assert_no_files "$d"
done
pass
