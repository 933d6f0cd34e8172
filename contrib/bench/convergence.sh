#!/usr/bin/env bash
# convergence.sh — how fast walbench's default run converges: wall time of
# `walbench run` with the default profile on DIR, the 95 % CI reached by every
# figure, and which did not converge; beside pg_test_fsync at its default 5 s
# per test, which takes longer and gives no CI at all.
# Trap: the two run one after the other, not interleaved; compare their wall times
# and the CIs, not their rates (pg_test_fsync's rates are single means).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--help] DIR

Runs \`walbench run --dir DIR\` (the default profile: every method, sync engine,
8 kB commits, 60 s budget, +-3 % CI target) and then \`pg_test_fsync -f DIR/<new file>\`
(5 s per test), and prints per walbench figure its rate, CI, trials and whether it
converged, then both wall times. Target: walbench <= 60 s with every figure at +-3 %.

Environment:
  WALBENCH       walbench binary (default: ../../build/walbench next to this script)
  PG_TEST_FSYNC  pg_test_fsync binary (default: from PATH, else /usr/lib/postgresql/*/bin)
  WB_ARGS        extra arguments for walbench run (e.g. "--profile oltp")

Exit status: 0 target met, 1 missed, 2 usage error, missing tool or a failed run.
USAGE
}

parse_args 1 1 "$@"
DIR=$1
check_dir "$DIR"
find_walbench
pg=$(find_pg_test_fsync) # optional: without it the table still stands, less its wall time
command -v python3 >/dev/null || die "python3 is needed to read the JSON"

# One directory on DIR for the test files and the logs alike, not the scratch/work pair of the
# other scripts: scratch stays unset and the trap removes work.
trap_cleanup
work=$(mktemp -d "$DIR/walbench-convergence.XXXXXX")

now() { date +%s.%N; }

t0=$(now)
# shellcheck disable=SC2086 # WB_ARGS is a word list on purpose
run_bg "$work/wb.out" "$work/wb.err" "$walbench" run --dir "$work" --json "$work/wb.json" ${WB_ARGS:-}
((rc == 0)) || { cat "$work/wb.err" >&2; die "walbench run failed"; }
t1=$(now)
wb_wall=$(python3 -c "print(f'{$t1 - $t0:.1f}')")

pg_wall="-"
if [[ -n $pg && -x $pg ]]; then
	t0=$(now)
	run_bg "$work/pg.out" "$work/pg.out" "$pg" -f "$work/pg_test_fsync.out"
	((rc == 0)) || { cat "$work/pg.out" >&2; die "pg_test_fsync failed"; }
	t1=$(now)
	pg_wall=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
else
	echo "pg_test_fsync not found: its wall time is not shown" >&2
fi

python3 - "$work/wb.json" "$wb_wall" "$pg_wall" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
wb_wall, pg_wall = float(sys.argv[2]), sys.argv[3]
target = d["config"]["ci-target"]
dev = d["host"]["device"]
print(f"walbench run, default profile, on {dev['fs_type']} ({dev['block_device'] or 'no block device'}):")
print(f"{'method':<19}{'engine':<9}{'size':>6}{'writes':>7}{'ops/s':>13}{'+-95%':>8}{'trials':>7}  converged")
bad = []
for t in d["tests"]:
    if t["status"] != "ok":
        print(f"{t['method']:<19}{t['engine']:<9}{t['size']:>6}{t['writes_per_op']:>7}  {t['status']}: {t.get('reason', '')}")
        continue
    ci = t["ci95_pct"]
    if not t["converged"]:
        bad.append(t["method"])
    cis = f"{ci:.1f}%" if ci is not None else "-"
    print(f"{t['method']:<19}{t['engine']:<9}{t['size']:>6}{t['writes_per_op']:>7}"
          f"{t['ops_per_sec']:>13.1f}{cis:>8}{t['trials']:>7}  {'yes' if t['converged'] else 'NO'}")
print()
print(f"wall time: walbench {wb_wall:.1f} s (budget {d['config']['budget']:.0f} s); "
      f"pg_test_fsync {pg_wall} s (5 s per test, no CI)")
met = wb_wall <= 60 and not bad
verdict = "met" if met else "MISSED"
if bad:
    verdict += " (not converged: " + ", ".join(bad) + ")"
if wb_wall > 60:
    verdict += f" (took {wb_wall:.0f} s)"
print(f"target: <= 60 s and every figure within +-{target:g} %: {verdict}")
sys.exit(0 if met else 1)
PY
