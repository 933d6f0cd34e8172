#!/usr/bin/env bash
# t_syscall_loop.sh — the sync and direct engines' inline loop (src/measure/
# syscall_loop.c) makes exactly the calls each method stands for, flush after
# flush, on a descriptor opened with the method's flags; every timed flush is one
# recorded latency (their sum is the time measured); and a failure in a flush
# shape compiled on its own is caught and named like any other.
. "$(dirname "$0")/lib.sh"
set -e
need_trace
wb_tmpdir d
trace="$d/trace"
methods=open_datasync,fdatasync,fsync,open_sync,pwritev2_dsync,none

# --- the calls, per shape: one write per flush, and two (the decoded shape) ----------------------
traced "$trace" openat,pwrite64,pwritev2,fdatasync,fsync,close \
	"$WALBENCH" run --dir "$d" --pattern overwrite --method "$methods" --engine sync,direct \
	--size 8k --writes 1,2 --budget 3s --trial-time 50ms --min-trials 1 --warmup 0 \
	--json "$d/r.json"
# direct may be n/a where the file system refuses O_DIRECT; every sync test must run
json_check "$d/r.json" 'len(d["tests"]) == 24 and all(t["status"] == "ok" and t["ops"] > 0 for t in d["tests"] if t["engine"] == "sync")'
python3 - "$trace" "$d/r.json" <<'PY' || fail "trace check failed"
import json, re, sys
from collections import Counter
opens = {}        # (pid, fd) -> [flags, ops]
runs = []         # every timed descriptor's flags and calls, in order
for line in open(sys.argv[1]):
    m = re.match(r'(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)', line)
    if not m:
        continue
    pid, call, args, ret = m.group(1), m.group(2), m.group(3), int(m.group(4))
    if call == "openat" and ret >= 0 and re.search(r'/walbench\.\d+\.\d+\.tmp"', args) \
            and "O_CREAT" not in args:
        opens[(pid, ret)] = [args.split(",", 2)[2], []]
    elif call == "close" and (pid, int(args)) in opens:
        runs.append(opens.pop((pid, int(args))))
    elif call in ("pwrite64", "pwritev2", "fdatasync", "fsync"):
        fd = int(args.split(",")[0])
        if (pid, fd) not in opens:
            continue
        assert ret >= 0, line
        if call == "pwrite64":
            size, off = [int(x) for x in args.rsplit(",", 2)[1:]]
            opens[(pid, fd)][1].append(("w", off, size))
        elif call == "pwritev2":
            assert args.endswith("RWF_DSYNC"), line
            off = int(args.rsplit(",", 2)[1])
            opens[(pid, fd)][1].append(("wdsync", off, 8192))
        else:
            opens[(pid, fd)][1].append((call,))

def flush_shapes(flags):
    """The flushes a descriptor opened with flags may carry, as tuples of calls."""
    w1, w2 = ("w", 0, 8192), ("w", 8192, 8192)
    if "O_SYNC" in flags or "O_DSYNC" in flags:
        return {"open": [(w1,), (w1, w2)]}
    return {"fdatasync": [(w1, ("fdatasync",)), (w1, w2, ("fdatasync",))],
            "fsync": [(w1, ("fsync",)), (w1, w2, ("fsync",))],
            "pwritev2_dsync": [(("wdsync", 0, 8192),), (("wdsync", 0, 8192), ("wdsync", 8192, 8192))],
            "none": [(w1,), (w1, w2)]}

seen = Counter()
for flags, ops in runs:
    if len(ops) <= 1:
        continue  # the settle after a test: one fsync on its own descriptor
    sync = "O_SYNC" if "O_SYNC" in flags else "O_DSYNC" if "O_DSYNC" in flags else "-"
    for method, shapes in flush_shapes(flags).items():
        shape = next((sh for sh in shapes if len(ops) % len(sh) == 0 and
                      all(tuple(ops[i:i + len(sh)]) == sh for i in range(0, len(ops), len(sh)))), None)
        if shape:
            writes = sum(1 for c in shape if c[0] in ("w", "wdsync"))
            seen[(method, sync, "O_DIRECT" in flags, writes)] += 1
            break
    else:
        raise AssertionError("a descriptor (%s) carried calls no method makes: %r" % (flags, ops[:6]))
# Every test that ran was seen making its own calls. A descriptor of none and one
# of open_* differ only in flags; fdatasync/fsync/pwritev2_dsync in calls.
as_seen = {"open_datasync": ("open", "O_DSYNC"), "open_sync": ("open", "O_SYNC"),
           "fdatasync": ("fdatasync", "-"), "fsync": ("fsync", "-"),
           "pwritev2_dsync": ("pwritev2_dsync", "-"), "none": ("none", "-")}
want = {as_seen[t["method"]] + (t["engine"] == "direct", t["writes_per_op"])
        for t in json.load(open(sys.argv[2]))["tests"] if t["status"] == "ok"}
assert len(want) >= 12, "too few tests ran: %r" % sorted(want)
missing = want - set(seen)
assert not missing, "shapes never seen: %r (seen %r)" % (sorted(missing), sorted(seen))
print("descriptors checked:", sum(seen.values()))
PY
rm -f "$trace"
assert_no_files "$d"

# --- every flush timed is one latency, and the latencies add up to the time measured ------------
"$WALBENCH" run --dir "$d" --pattern overwrite --method fdatasync,open_datasync --engine sync \
	--size 8k --writes 1,2 --budget 2s --trial-time 100ms --warmup 0 --json "$d/s.json" \
	>"$OUT" 2>"$ERR" || fail "run failed: $(cat "$ERR")"
json_tests "$d/s.json" 4 fdatasync open_datasync # 2 methods x --writes 1,2
json_check "$d/s.json" 'all(abs(t["latency_us"]["mean"] * t["ops"] / 1e6 - t["elapsed_s"]) <= 0.01 * t["elapsed_s"] for t in d["tests"])'
json_check "$d/s.json" 'all(0 < t["latency_us"]["p50"] <= t["latency_us"]["p99"] <= t["latency_us"]["max"] for t in d["tests"])'
assert_no_files "$d"

# --- failures in the shapes the fault tests do not otherwise reach -------------------------------
# faultfs --fail-after-ops 60 lets the preparation (16 or 17 write requests) and
# some timed writes through, then every write fails with EIO.
fresh_mount() {
	if [ -n "${FF_MNT:-}" ]; then fusermount3 -u "$FF_MNT"; fi
	faultfs_mount --fail-write EIO --fail-after-ops 60
}
for args in "--method pwritev2_dsync --writes 1" "--method open_sync --writes 1" \
	"--method fdatasync --writes 2"; do
	fresh_mount
	rm -f "$d/f.json" # the last round's: walbench never writes over a file
	# shellcheck disable=SC2086 # the words are options
	expect_exit 3 "$WALBENCH" run --dir "$FF_MNT" --pattern overwrite $args --budget 2s --json "$d/f.json"
	json_check "$d/f.json" 'd["tests"][0]["status"] == "error" and d["tests"][0]["errno_name"] == "EIO"'
	json_check "$d/f.json" 'd["tests"][0]["ops_per_sec"] == 0 and d["tests"][0]["ops"] > 0'
	case $args in
	*fdatasync*) json_check "$d/f.json" 'd["tests"][0]["durability_failure"] is False' ;;
	*) json_check "$d/f.json" 'd["tests"][0]["durability_failure"] is True' ;;
	esac
	assert_no_files "$FF_MNT"
done
pass
