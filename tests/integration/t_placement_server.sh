#!/usr/bin/env bash
# t_placement_server.sh — recommend --server --wal-candidate beside a running
# server: no synthetic load is added on its data volume (the server's own is the
# load), each candidate's verdict carries the model's prediction in the server's
# commits with every term it used, the interval holds the figure and no cap is
# exceeded, and memory and the data's own file system are never recommended.
# (No second real volume without root: /dev/shm and a directory beside the data.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
[ -d /dev/shm ] && [ -w /dev/shm ] || skip "no writable /dev/shm"
need_pg
pg_cluster "track_wal_io_timing = on"
pg_bench_init 1
shm=$(mktemp -d /dev/shm/wbplace.XXXXXX)
on_exit "rm -rf '$shm'"
mkdir "$PG_DIR/beside"
pg_bench_bg -c 4 -j 2 -T 45 -n
pg_wait_clients 4
expect_exit 0 "$WALBENCH" recommend --server "$(pg_dsn)" --observe 10s --budget 8s --workload oltp \
	--wal-candidate "$shm" --wal-candidate "$PG_DIR/beside" --allow-low-space \
	--json "$PG_DIR/rec.json"
pg_bench_wait
grep -q "^Where should pg_wal live? .* its own load the only one" "$OUT" ||
	fail "no live-load line: $(grep -m1 '^Where should' "$OUT")"
grep -q "^  sessions  .* busy on average: " "$OUT" || fail "no sessions line: $(head -20 "$OUT")"
python3 - "$PG_DIR/rec.json" <<'PY' || fail "the placement's prediction"
import json, math, sys
d = json.load(open(sys.argv[1]))
rec = d["recommendation"]
base = rec["placement_baseline"]
if base["live_load"] is not True:
    sys.exit("live_load is %r, want true: a load was added beside the running server" % base["live_load"])
if base["load"]["target_per_s"] not in (0, None):
    sys.exit("a synthetic load ran: %s" % base["load"])
for p in rec["placement"]:
    m = p["prediction"]
    if m is None or m["why"] != "ok":
        sys.exit("%s: no prediction (%s)" % (p["path"], m))
    lo, hi = m["predicted_ci95_per_s"]
    if not lo <= m["predicted_per_s"] <= hi:
        sys.exit("%s: %s outside [%s, %s]" % (p["path"], m["predicted_per_s"], lo, hi))
    # the device's cap holds the whole interval; the CPU's is a floor the top
    # lifts by at most 3.6 (WB_MODEL_CPU_WARM) and the point by at most its
    # square root (the middle); a point the CPU limits is never under the floor
    dev, cpu = m["device_cap_per_s"], m["cpu_cap_per_s"]
    if dev is not None and hi > dev * (1 + 1e-9):
        sys.exit("%s: the top %s is above the device's cap %s" % (p["path"], hi, dev))
    if cpu is not None and (m["predicted_per_s"] > math.sqrt(3.6) * cpu * (1 + 1e-9) or
                            hi > 3.6 * cpu * (1 + 1e-9) or
                            (m["limit"] == "cpu" and m["predicted_per_s"] < cpu * (1 - 1e-9))):
        sys.exit("%s: %s [.., %s] against the CPU's floor %s" % (p["path"], m["predicted_per_s"], hi, cpu))
    for k in ("flush_ms", "flush_ratio", "wal_share", "lock_share", "rest_share", "commits_per_s"):
        if not isinstance(m[k], (int, float)) or not math.isfinite(m[k]) or m[k] < 0:
            sys.exit("%s: term %s is %r" % (p["path"], k, m[k]))
    if abs(m["wal_share"] + m["lock_share"] + m["rest_share"] - 1) > 1e-6:
        sys.exit("%s: the shares add up to %s" % (p["path"], m["wal_share"] + m["lock_share"] + m["rest_share"]))
    if m["limit"] not in ("sessions", "cpu", "device"):
        sys.exit("%s: limit %r" % (p["path"], m["limit"]))
    if p["gain_pct"] != m["gain_pct"]:
        sys.exit("%s: the verdict's gain %s is not the model's %s" % (p["path"], p["gain_pct"], m["gain_pct"]))
    if p["recommended"]:
        sys.exit("%s (in_ram %s, same file system %s) recommended" % (p["path"], p["in_ram"], p["same_file_system"]))
shm, beside = rec["placement"]
if not shm["in_ram"] or not beside["same_file_system"]:
    sys.exit("candidates: in_ram %s, same_file_system %s" % (shm["in_ram"], beside["same_file_system"]))
if beside["prediction"]["flush_ms_source"] != "walbench":
    sys.exit("the data's own file system judged against %s's flush" % beside["prediction"]["flush_ms_source"])
PY
pass
