#!/usr/bin/env bash
# t_run_tmp.sh — `walbench run` on a disk-backed directory: every method on both
# synchronous engines and several sizes, a row per test, a JSON file with the
# required keys, sane figures, and no file left behind.
. "$(dirname "$0")/lib.sh"
set -e
# A disk, as the name says: where /tmp is memory (tmpfs, Debian 13's default)
# the direct engine is refused before Linux 6.6 and every row would not be "ok",
# so /var/tmp, which the FHS keeps on disk, is taken instead.
base=${WB_RUN_BASE:-/tmp}
if [ -z "${WB_RUN_BASE:-}" ] && [ "$(stat -f -c %T /tmp)" = tmpfs ]; then
	base=/var/tmp
fi
[ -d "$base" ] && [ -w "$base" ] || skip "$base not writable"
[ "$(stat -f -c %T "$base")" != tmpfs ] || skip "$base is tmpfs: no disk to test on"
wb_tmpdir d "$base"

expect_exit 0 "$WALBENCH" run --dir "$d" --method all,none --engine sync,direct \
	--size 4k,8k,16k --writes 2 --duration 100ms --json "$d/out.json"
# 7 methods x 2 engines x 3 sizes rows, after the two header lines and the column line.
rows=$(grep -cE '^(open_datasync|fdatasync|fsync|fsync_writethrough|open_sync|pwritev2_dsync|none) ' "$OUT")
[ "$rows" = 42 ] || fail "want 42 rows, got $rows: $(cat "$OUT")"
grep -q '^fsync_writethrough .*n/a: not available on Linux' "$OUT" || fail "no n/a reason row"
json_check "$d/out.json" 'd["walbench_version"] and len(d["tests"]) == 42'
json_check "$d/out.json" 'all(set(t) >= {"method","engine","size","writes_per_op","status","ops_per_sec","latency_us"} for t in d["tests"])'
json_check "$d/out.json" 'all(t["status"] == "n/a" and t["reason"] for t in d["tests"] if t["method"] == "fsync_writethrough")'
# Every other test measured something, with ordered percentiles and a rate that
# matches its own op count over its own elapsed time.
json_check "$d/out.json" 'all(t["status"] == "ok" and t["ops"] > 0 and t["writes_per_op"] == 2 for t in d["tests"] if t["method"] != "fsync_writethrough")'
json_check "$d/out.json" 'all(0 < l["p50"] <= l["p90"] <= l["p99"] <= l["p999"] <= l["max"] for t in d["tests"] if t["status"] == "ok" for l in [t["latency_us"]])'
json_check "$d/out.json" 'all(abs(t["ops_per_sec"] - t["ops"] / t["elapsed_s"]) < 1e-6 * t["ops_per_sec"] for t in d["tests"] if t["status"] == "ok")'
# Generous sanity bound: a flush cannot take under 100 ns nor average over 10 s.
json_check "$d/out.json" 'all(0.1 < t["latency_us"]["mean"] < 1e7 for t in d["tests"] if t["status"] == "ok")'
rm -f "$d/out.json"
assert_no_files "$d"
pass
