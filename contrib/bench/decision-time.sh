#!/usr/bin/env bash
# decision-time.sh — how decisive `walbench recommend` is where users run it: RUNS runs on each
# kind of volume this machine can build (contrib/lib/volumes.sh; the throttled ext4 of issue 22's
# "leads by 20 %" target among them), and per kind each state's count
# (switch, keep, undecided, failed), the median and worst time to the decision, how many runs
# made a significant call, and how many gave the most common answer. Issue 22's targets read off
# it: at least 9 of 10 decided, the same answer in at least 9 of 10.
# Trap: "time to the decision" is recommend's decided_in_s; an undecided run counts with its
# whole elapsed time, so the worst case shows what the budget cost.
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

  KINDS   comma-separated volume kinds (default tmp,shm,zram,slowdisk,throttled,throttled-xfs)
  RUNS    runs per kind, at least 2 (default 10)
  BUDGET  recommend's --budget, whole seconds (default: recommend's own)

Needs root. Environment: WALBENCH (default ../../build/walbench), WORKLOAD (default oltp),
WALBENCH_BEFORE (another build: its runs alternate with WALBENCH's on each volume, and
each kind gets a "before" line; files of schema 6 and older have no state, which is
read off their flags, their "keep" standing for tie and keep alike).
EOF
}

parse_args 0 3 "$@"
KINDS=${1:-tmp,shm,zram,slowdisk,throttled,throttled-xfs}
RUNS=${2:-10}
BUDGET=${3:-}
check_rounds "$RUNS"
[[ -z $BUDGET ]] || check_secs "$BUDGET"
find_walbench
vol_require_root
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbdecision.XXXXXX")

# One run of BIN on the volume into FILE; the caller collects the files.
one_run() { # BIN FILE
	run_bg "${2%.json}.out" "${2%.json}.out" vol_exec "$1" recommend "$VOL_DIR" \
		--workload "${WORKLOAD:-oltp}" "${budget[@]}" --json "$2"
	((rc == 0)) || failed "walbench on $kind" "${2%.json}.out" recommend
}

decide_on() { # KIND
	local kind=$1 files=() before=() r budget=()

	[[ -z $BUDGET ]] || budget=(--budget "${BUDGET}s")
	for ((r = 1; r <= RUNS; r++)); do
		# With a build to compare, its runs alternate with this one's on the same volume,
		# so the machine's drift hits both alike.
		if [[ -n ${WALBENCH_BEFORE:-} ]]; then
			one_run "$WALBENCH_BEFORE" "$work/$kind.before.$r.json"
			before+=("$work/$kind.before.$r.json")
		fi
		one_run "$walbench" "$work/$kind.$r.json"
		files+=("$work/$kind.$r.json")
	done
	if ((${#before[@]})); then
		summarise "$kind before" "${before[@]}"
	fi
	summarise "$kind" "${files[@]}"
}

summarise() { # LABEL FILE...
	python3 - "$@" <<'PY'
import collections, json, statistics, sys
kind, files = sys.argv[1], sys.argv[2:]
states, times, answers, significant = collections.Counter(), [], collections.Counter(), 0
for f in files:
    d = json.load(open(f)); r = d["recommendation"]
    # the state the recommendation is in: its own key once it has one, else read off its flags
    state = r.get("state") or ("failed" if r.get("wal_sync_method") is None else
                               "switch" if r.get("change") else
                               "keep" if r.get("decided") else "undecided")
    states[state] += 1
    times.append(r.get("decided_in_s", 0.0))
    answers[r.get("wal_sync_method")] += 1
    significant += bool(r.get("significant"))
n = len(files)
top, top_n = answers.most_common(1)[0]
shown = [s for s in ("switch", "tie", "keep", "undecided", "failed")
         if states[s] or s in ("switch", "keep", "undecided")]
print(f"{kind:21} " + ", ".join(f"{s} {states[s]}" for s in shown) +
      f" | decided in median {statistics.median(times):5.1f} s, worst {max(times):5.1f} s"
      f" | significant {significant} of {n} | same answer ({top}) {top_n} of {n}")
PY
}

echo "recommend --workload ${WORKLOAD:-oltp}, $RUNS runs per volume${BUDGET:+, --budget ${BUDGET}s}"
for_each_volume "$KINDS" decide_on
