#!/usr/bin/env bash
# commit-tie.sh — does `recommend` decide in commits without a server (issue 46)? RUNS runs of
# `recommend --workload oltp` on each kind of volume (contrib/lib/volumes.sh), this build's runs
# interleaved with another build's (WALBENCH_BEFORE, say main's) on the same volume, so the
# machine's drift hits both alike. Per kind and build: each decision's count (state:method), the
# median time to it, and the targets: on a memory-backed volume (shm, zram, zram-xfs) every run
# a tie; on a throttled one (slowdisk, throttled, throttled-xfs) the same decisions as before.
# Trap: zram0 is one device; hold the machine's zram lock around a run that builds it (flock).
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$here/lib.sh"
VOL_TRAPS=0 # this script traps EXIT itself and destroys the volume there
# shellcheck source=../lib/volumes.sh
. "$here/../lib/volumes.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [KINDS [RUNS]]

  KINDS   comma-separated volume kinds (default zram-xfs,shm,slowdisk)
  RUNS    runs per kind and build, at least 2 (default 10)

Needs root. Environment: WALBENCH (default ../../build/walbench), WALBENCH_BEFORE (the build to
compare with; without it only this build runs and nothing is compared), OUT (a directory to keep
the JSON files in). Prints one line per kind and build and a verdict per kind; exit 0, or 2 on
a failure (a run that failed, or a volume that could not be built).
EOF
}

parse_args 0 2 "$@"
KINDS=${1:-zram-xfs,shm,slowdisk}
RUNS=${2:-10}
check_rounds "$RUNS"
find_walbench
[[ -z ${WALBENCH_BEFORE:-} || -x $WALBENCH_BEFORE ]] || die "WALBENCH_BEFORE: $WALBENCH_BEFORE is not executable"
vol_require_root
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbcommittie.XXXXXX")

one_run() { # BIN FILE
	run_bg "${2%.json}.out" "${2%.json}.out" vol_exec "$1" recommend "$VOL_DIR" \
		--workload oltp --json "$2"
	((rc == 0)) || failed "walbench on $kind" "${2%.json}.out" recommend
}

# Prints "LABEL state:method xN ..., decided in median S s (range)" and, last, the decisions'
# multiset on one line of its own (for the verdict), from the files.
summarise() { # LABEL FILE...
	python3 - "$@" <<'PY'
import collections, json, statistics, sys
label, files = sys.argv[1], sys.argv[2:]
got, times = collections.Counter(), []
for f in files:
    r = json.load(open(f))["recommendation"]
    got[f'{r["state"]}:{r.get("wal_sync_method")}'] += 1
    times.append(r.get("decided_in_s") or 0.0)
counts = ", ".join(f"{k} x{v}" for k, v in sorted(got.items()))
print(f"{label:22} {counts} | decided in median {statistics.median(times):5.1f} s "
      f"({min(times):.1f} to {max(times):.1f})")
print("#", " ".join(f"{k}={v}" for k, v in sorted(got.items())))
PY
}

decide_on() { # KIND
	local kind=$1 files=() before=() r now was
	for ((r = 1; r <= RUNS; r++)); do
		if [[ -n ${WALBENCH_BEFORE:-} ]]; then
			one_run "$WALBENCH_BEFORE" "$work/$kind.before.$r.json"
			before+=("$work/$kind.before.$r.json")
		fi
		one_run "$walbench" "$work/$kind.$r.json"
		files+=("$work/$kind.$r.json")
	done
	[[ -z ${OUT:-} ]] || cp -- "$work/$kind".*.json "$OUT"/
	now=$(summarise "$kind" "${files[@]}")
	grep -v '^#' <<<"$now"
	if ((${#before[@]})); then
		was=$(summarise "$kind before" "${before[@]}")
		grep -v '^#' <<<"$was"
	fi
	case $kind in
	shm | zram | zram-xfs)
		local ties
		ties=$(grep '^#' <<<"$now" | tr ' ' '\n' | awk -F= '/^tie:/ { n += $2 } END { print n + 0 }')
		echo "$kind: memory-backed: $ties of $RUNS runs a tie (target: all)"
		;;
	*)
		[[ -n ${WALBENCH_BEFORE:-} ]] || return 0
		if [[ $(grep '^#' <<<"$now") == "$(grep '^#' <<<"$was")" ]]; then
			echo "$kind: the same decisions as before (target)"
		else
			echo "$kind: the decisions differ from before"
		fi
		;;
	esac
}

echo "recommend --workload oltp, $RUNS runs per volume and build${WALBENCH_BEFORE:+, interleaved with $WALBENCH_BEFORE}"
for_each_volume "$KINDS" decide_on
