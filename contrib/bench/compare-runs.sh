#!/usr/bin/env bash
# compare-runs.sh — how often does `compare` call two runs of one unchanged disk different? On
# each kind of volume (contrib/lib/volumes.sh), RUNS runs of `walbench run` on the same tests, one
# after another; then every pair of single runs is compared (A=run i, B=run j: what one run a side
# says), and every run against the others as a side of several runs (A=all runs but j, B=run j:
# what the variation between runs says). Nothing changed between the runs, so each "slower" or
# "faster" is a false alarm; the target is none with several runs a side, and the single-run
# count is what that mode would have told a CI gate. Also prints each test's spread of run means
# beside its typical within-run interval: the figure one run cannot see.
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

  KINDS   comma-separated volume kinds (default ext4,slowdisk; see contrib/lib/volumes.sh)
  RUNS    runs per kind, at least 3 (default 5)
  BUDGET  --budget of each run, whole seconds (default 20)

Needs root (loop devices, mounts, cgroups). Prints per kind: the spread between runs, and the
false alarms of single-run and several-run comparisons; exit 0, or 2 on a failure.
Environment: WALBENCH (default ../../build/walbench), METHODS (default fdatasync,fsync).
EOF
}

parse_args 0 3 "$@"
KINDS=${1:-ext4,slowdisk}
RUNS=${2:-5}
BUDGET=${3:-20}
check_rounds "$RUNS"
((RUNS >= 3)) || die "RUNS: at least 3 (several runs against one)"
check_secs "$BUDGET"
find_walbench
vol_require_root
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbcmpruns.XXXXXX")

# Compares B against A and prints "ALARMS PAIRS": the pairs called slower or
# faster (each a false alarm: nothing changed between the runs), of all.
alarms() { # A B
	"$walbench" compare "$1" "$2" --json "$work/c.json" >/dev/null || die "compare $1 $2 failed"
	python3 -c 'import json, sys
p = json.load(open(sys.argv[1]))["pairs"]
print(sum(x["state"] in ("slower", "faster") for x in p), len(p))' "$work/c.json"
	rm -f "$work/c.json"
}

compare_on() { # KIND
	local kind=$1 files=() f r i j others single=0 single_n=0 multi=0 multi_n=0 a n got
	for ((r = 1; r <= RUNS; r++)); do
		f=$work/$kind.$r.json
		run_bg "$work/$kind.$r.out" "$work/$kind.$r.out" vol_exec "$walbench" run \
			--dir "$VOL_DIR" --method "${METHODS:-fdatasync,fsync}" --budget "${BUDGET}s" --json "$f"
		((rc == 0)) || failed "walbench on $kind" "$work/$kind.$r.out" run
		files+=("$f")
	done
	for ((i = 0; i < RUNS; i++)); do
		for ((j = 0; j < RUNS; j++)); do
			((i != j)) || continue
			got=$(alarms "${files[i]}" "${files[j]}") # a failed compare ends the script here
			read -r a n <<<"$got"
			single=$((single + a)) single_n=$((single_n + n))
		done
		others=$(printf '%s\n' "${files[@]}" | sed "$((i + 1))d" | paste -sd,)
		got=$(alarms "$others" "${files[i]}")
		read -r a n <<<"$got"
		multi=$((multi + a)) multi_n=$((multi_n + n))
	done
	python3 - "$kind" "${files[@]}" <<'PY'
import json, sys, statistics as st
kind, files = sys.argv[1], sys.argv[2:]
tests = {}
for f in files:
    for t in json.load(open(f))["tests"]:
        if t["status"] == "ok" and t.get("trial_ops_per_sec"):
            r = t["trial_ops_per_sec"]
            tests.setdefault(t["method"], []).append((st.mean(r), t.get("ci95_pct")))
for m, runs in sorted(tests.items()):
    means = [x for x, _ in runs]
    cis = [c for _, c in runs if c is not None]
    print(f"{kind:10} {m:10} run means {min(means):8.1f} to {max(means):8.1f}/s: spread "
          f"{100 * st.stdev(means) / st.mean(means):5.1f} % (sd of the means); within-run 95 % "
          f"half-width median {st.median(cis):5.1f} %")
PY
	echo "$kind: false alarms: one run a side $single of $single_n pairs; $((RUNS - 1)) runs against 1: $multi of $multi_n"
}

for_each_volume "$KINDS" compare_on
