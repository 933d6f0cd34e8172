#!/usr/bin/env bash
# reproducibility.sh — does the same device get the same decision run after run, and how soon?
# On each kind of volume (contrib/lib/volumes.sh: a loop ext4 throttled with cgroup v1 blkio to
# ~150 write IOPS, the host's /tmp, zram), RUNS runs of `walbench run --decide fdatasync` over the
# four Linux methods on 8 kB and 16 kB append commits, then prints per kind and size: how many
# runs gave each decision, how many comparisons were called significant, the median time to
# decision, and the same run's budget. Trap: the throttle sees only I/O submitted from inside the
# cgroup, so walbench runs there through vol_exec; journal commits by kernel threads are not
# throttled, which is also true of PostgreSQL run there (contrib/validate-with-pgbench.sh).
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$here/lib.sh"
# shellcheck source=../lib/volumes.sh
VOL_TRAPS=0 # this script traps EXIT itself and destroys the volume there
. "$here/../lib/volumes.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [KINDS [RUNS [BUDGET]]]

  KINDS   comma-separated volume kinds (default throttled,tmp,zram; see contrib/lib/volumes.sh)
  RUNS    runs per kind, at least 2 (default 10)
  BUDGET  --budget of each run, whole seconds (default 60)

Needs root (loop devices, mounts, cgroups, zram). Prints one table; exit 0, or 2 on a failure.
Environment: WALBENCH (default ../../build/walbench); METHODS (default
fdatasync,fsync,open_datasync,open_sync; on the throttled volume fdatasync,open_datasync,
pwritev2_dsync are an exact tie, each commit two throttled I/Os).
EOF
}

parse_args 0 3 "$@"
KINDS=${1:-throttled,tmp,zram}
RUNS=${2:-10}
BUDGET=${3:-60}
check_rounds "$RUNS"
check_secs "$BUDGET"
find_walbench
vol_require_root
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbrepro.XXXXXX")

summarise() { # KIND FILE...
	python3 - "$@" <<'PY'
import json, sys, statistics as st
from collections import Counter, defaultdict
kind, files = sys.argv[1], sys.argv[2:]
dec = defaultdict(Counter); sig = defaultdict(int); cmp_n = defaultdict(int)
times = []; budgets = []; throttled = 0
for f in files:
    d = json.load(open(f))
    throttled += d["schedule"]["throttle"]["detected"]
    budgets.append(d["config"]["budget"])
    if d["decision"]["decided_in_s"] is not None:
        times.append(d["decision"]["decided_in_s"])
    for g in d["decision"]["groups"]:
        dec[g["size"]][g["state"] + ":" + g["method"]] += 1
    for c in d["comparisons"]:
        cmp_n[c["size"]] += 1
        sig[c["size"]] += c["significant"]
for size in sorted(dec):
    common, agree = dec[size].most_common(1)[0]
    print(f"{kind:10} {size // 1024:3}k  runs {len(files):2}  same decision {agree:2}/{len(files)} ({common})"
          f"  all: {dict(dec[size])}  significant comparisons {sig[size]}/{cmp_n[size]}")
med = f"{st.median(times):.1f} s" if times else "never"
print(f"{kind:10}       decided in {len(times)}/{len(files)} runs, median {med} of a "
      f"{st.median(budgets):.0f} s budget; throttle detected in {throttled}/{len(files)}")
PY
}

decide_on() { # KIND
	local kind=$1 files=() f r
	for ((r = 1; r <= RUNS; r++)); do
		f=$work/$kind.$r.json
		run_bg "$work/$kind.$r.out" "$work/$kind.$r.out" vol_exec "$walbench" run --dir "$VOL_DIR" \
			--method "${METHODS:-fdatasync,fsync,open_datasync,open_sync}" --pattern append --size 8k,16k \
			--decide fdatasync --min-gain 5 --budget "${BUDGET}s" --json "$f"
		((rc == 0)) || failed "walbench on $kind" "$work/$kind.$r.out" run
		files+=("$f")
	done
	summarise "$kind" "${files[@]}"
}

for_each_volume "$KINDS" decide_on
