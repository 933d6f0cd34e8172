#!/usr/bin/env bash
# t_etcd_trace.sh — etcd's write shape, as the kernel is asked for it: `qualify --tier etcd`
# and `run --segment preallocate` write each segment as etcd's WAL does (and as the fio check
# etcd's documentation quotes): one fallocate of the whole segment (mode 0, offset 0), no other
# write into it before the appends (no zero-fill), then appends of 2300 bytes, each followed by
# an fdatasync before the next, never past the segment's end, and a new segment, fallocated the
# same way, when one is full. Observed with strace -y (each descriptor shown with its file).
. "$(dirname "$0")/lib.sh"
set -e
need_trace
# tmpfs where there is one: fast enough to fill 1 MiB segments within the budget even traced
# (it has fallocate since Linux 3.5). Else the disk under /tmp.
base=/tmp
[ -d /dev/shm ] && [ -w /dev/shm ] && base=/dev/shm
wb_tmpdir d "$base"
trace="$d/trace"
calls=openat,pwrite64,fdatasync,fsync,fallocate,ftruncate,unlink

# CHECK MODE SEGMENT_BYTES: reads $trace. MODE qualify: every 2300-byte write is etcd's;
# MODE run: also at least one segment filled and a switch to the next.
check() {
	python3 - "$trace" "$1" "$2" <<'PY' || fail "trace check failed: $1"
import re, sys
trace, mode, SEG = sys.argv[1], sys.argv[2], int(sys.argv[3])
W = 2300
def calls(path):
    """strace -f splits a call another thread interrupts into "PID call(args <unfinished ...>"
    and "PID <... call resumed>rest": joined here."""
    pending = {}
    for line in open(path):
        line = line.rstrip("\n")
        m = re.match(r'(\d+)\s+(.*) <unfinished \.\.\.>$', line)
        if m:
            pending[m.group(1)] = m.group(2)
            continue
        m = re.match(r'(\d+)\s+<\.\.\. \w+ resumed>(.*)', line)
        yield m.group(1) + " " + pending.pop(m.group(1), "") + m.group(2) if m else line
fallocated = {}   # segment file -> [(mode, offset, length, ret)]
last = {}         # file -> the last of pwrite64/fdatasync on it: ("w", offset) or ("s",)
writes = {}       # segment file -> offsets of its 2300-byte writes, in order
order = []        # segment files in the order their first append came
gen = {}          # path -> files created under it so far: walbench reuses a removed file's name
for line in calls(trace):
    m = re.match(r'\d+\s+openat\([^,]*, "([^"]*)", ([^,)]*).*\)\s+=\s+(\d+)', line)
    if m and "O_CREAT" in m.group(2):
        gen[m.group(1)] = gen.get(m.group(1), 0) + 1
        continue
    m = re.match(r'\d+\s+(\w+)\((\d+)<([^>]*)>(.*)\)\s+=\s+(-?\d+)', line)
    if not m:
        continue
    call, rest, ret = m.group(1), m.group(4), int(m.group(5))
    path = "%s#%d" % (m.group(3), gen.get(m.group(3), 0))  # one file, not one name
    if call == "fallocate":
        mo, off, length = (int(x) for x in rest.lstrip(", ").split(", "))
        fallocated.setdefault(path, []).append((mo, off, length, ret))
    elif call == "pwrite64" and ret >= 0:
        size, off = (int(x) for x in re.search(r', (\d+), (\d+)$', rest).groups())
        if path in fallocated:
            assert size == W, "%s: a %d-byte write into a preallocated segment at %d (zero-fill?)" % (path, size, off)
        if size != W:
            continue  # qualify's commit and plain rows write 8 kB into their own file
        assert path in fallocated, "a 2300-byte write at %d into %s, never fallocated" % (off, path)
        prev = last.get(path)
        assert prev is None or prev[0] == "s", "%s: write at %d with the write at %d not synced" % (path, off, prev[1])
        if path not in writes:
            order.append(path)
        writes.setdefault(path, []).append(off)
        last[path] = ("w", off)
    elif call == "fdatasync" and ret == 0 and path in last:
        assert last[path][0] == "w", "%s: an fdatasync with no write before it" % path
        last[path] = ("s",)
assert order, "no 2300-byte appends at all"
for path in order:
    f = fallocated[path]
    assert len(f) == 1, "%s: %d fallocate calls, want one" % (path, len(f))
    mo, off, length, ret = f[0]
    assert (mo, off, length) == (0, 0, SEG), "%s: fallocate(mode %d, %d, %d), want (0, 0, %d)" % (path, mo, off, length, SEG)
    assert ret == 0, "%s: fallocate returned %d" % (path, ret)
    offs = writes[path]
    for a, b in zip(offs, offs[1:]):
        assert b == a + W, "%s: append at %d after %d" % (path, b, a)
    assert offs[-1] + W <= SEG, "%s: a write past the segment's end at %d" % (path, offs[-1])
    assert last[path][0] == "s", "%s: its last write was never synced" % path
n = sum(len(v) for v in writes.values())
full = [p for p in order if writes[p][-1] + 2 * W > SEG]
if mode == "run":
    assert full, "no segment was filled: %d appends in %d segments" % (n, len(order))
    nxt = [order[i + 1] for i, p in enumerate(order[:-1]) if p in full]
    assert nxt and all(writes[p][0] == 0 for p in nxt), "a segment after a full one did not start at 0"
print(mode, ":", n, "appends of 2300 B in", len(order), "segments,", len(full), "filled")
PY
}

# qualify's etcd shape: a run under 60 s writes through fio's 22 MiB file. Exit 1 (a tier that
# fails or is inconclusive on this machine) is a verdict, not a failure of the test.
env "$WB_TRACE_ENV" strace -f -qq -y -o "$trace" -e trace="$calls" \
	"$WALBENCH" qualify "$d" --tier etcd --duration 3s --slice 500ms >"$OUT" 2>"$ERR" || {
	status=$?
	[ "$status" = 1 ] || fail "qualify under strace exited $status: $(head -c 600 "$ERR")"
}
grep -q '^etcd: ' "$OUT" || fail "qualify printed no etcd verdict: $(head -c 600 "$OUT")"
check qualify $((22 << 20))
rm -f "$trace"
assert_no_files "$d"

# run --segment preallocate: small segments, so several fill and switch within the budget.
env "$WB_TRACE_ENV" strace -f -qq -y -o "$trace" -e trace="$calls" \
	"$WALBENCH" run --dir "$d" --pattern append --segment preallocate --segment-size 1MiB \
	--method fdatasync --size 2300 --budget 3s --trial-time 300ms --min-trials 2 \
	--json "$d/r.json" >"$OUT" 2>"$ERR" || fail "run under strace failed: $(head -c 600 "$ERR")"
check run $((1 << 20))
python3 - "$d/r.json" <<'PY' || fail "run's JSON: $(cat "$d/r.json")"
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
assert t["segment"] == "preallocate" and t["preallocated_by"] == "fallocate", t
assert t["segment_switches"] >= 1 and "segment_switch_us" in t, t
PY
rm -f "$trace" "$d/r.json"
assert_no_files "$d"
pass
