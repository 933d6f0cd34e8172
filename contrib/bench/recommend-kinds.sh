#!/usr/bin/env bash
# recommend-kinds.sh — what `walbench recommend` says on every kind of volume this machine can
# build (contrib/lib/volumes.sh), RUNS times each: the method for commits, for bulk flushes and
# overall, whether it was decided or the budget ran out, and when. Its table goes beside
# contrib/validate-with-pgbench.sh's, which measures real PostgreSQL on the same kinds.
# Trap: on the throttled volume walbench must run inside the cgroup (vol_exec), as PostgreSQL does.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$here/lib.sh"
VOL_TRAPS=0 # this script traps EXIT itself and destroys the volume there
# shellcheck source=../lib/volumes.sh
. "$here/../lib/volumes.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [KINDS [RUNS [BUDGET]]]

  KINDS   comma-separated volume kinds (default tmp,ext4,xfs,btrfs,zram,throttled)
  RUNS    runs per kind, at least 2 (default 3)
  BUDGET  recommend's --budget, whole seconds (default 50)

Needs root. Environment: WALBENCH (default ../../build/walbench), WORKLOAD (default mixed).
EOF
}

parse_args 0 3 "$@"
KINDS=${1:-tmp,ext4,xfs,btrfs,zram,throttled}
RUNS=${2:-3}
BUDGET=${3:-50}
check_rounds "$RUNS"
check_secs "$BUDGET"
find_walbench
vol_require_root
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbreckinds.XXXXXX")

recommend_on() { # KIND
	local kind=$1 files=() f r

	for ((r = 1; r <= RUNS; r++)); do
		f=$work/$kind.$r.json
		run_bg "$work/$kind.$r.out" "$work/$kind.$r.out" vol_exec "$walbench" recommend "$VOL_DIR" \
			--workload "${WORKLOAD:-mixed}" --budget "${BUDGET}s" --json "$f"
		((rc == 0)) || failed "walbench on $kind" "$work/$kind.$r.out" recommend
		files+=("$f")
	done
	python3 - "$kind" "${files[@]}" <<'PY'
import json, sys
kind, files = sys.argv[1], sys.argv[2:]
for f in files:
    d = json.load(open(f)); r = d["recommendation"]
    part = lambda k: (r[k]["wal_sync_method"] + ("" if r[k]["decided"] else "?")) if k in r else "-"
    thr = d["schedule"]["throttle"]
    print(f"{kind:10} commits {part('oltp'):15} bulk {part('bulk'):15} -> {r['wal_sync_method']:14}"
          f" {r['margin_pct']:+6.1f}% [{r['ci95_pct'][0]:+.1f}, {r['ci95_pct'][1]:+.1f}]"
          f"  {'decided' if r['decided'] else 'budget '} {r['decided_in_s']:5.1f} s"
          f"{'  throttle %.0f ms' % thr['period_ms'] if thr['detected'] else ''}")
PY
}

for_each_volume "$KINDS" recommend_on
echo "('?' after a method: that part ran out of budget undecided and keeps fdatasync)"
