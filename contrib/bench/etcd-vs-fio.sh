#!/usr/bin/env bash
# etcd-vs-fio.sh — the fio check etcd's documentation quotes against `walbench qualify --tier etcd`,
# side by side on volumes built here (contrib/lib/volumes.sh): per volume the median rate of each,
# their ratio, the p99 of a flush, and each one's verdict on etcd's bar (50 flushes/s).
# Trap: fio's check is not time based. It writes 22 MiB (--size=22m) or stops at --runtime, so on
# a fast volume it ends within a second; with --time_based it would wrap to the start of its file
# and rewrite extents already written, a cheaper flush than etcd ever makes. walbench's etcd shape
# never wraps: a full segment is followed by a new, preallocated one (the switch timed apart).
# Both count the same thing: fio's write IOPS with fdatasync=1 are flushes (one write of 2300 B,
# then one fdatasync), and its p99 is the fdatasync's own ("sync" in fio's JSON), the figure
# etcd's guidance reads; walbench's is the whole flush, write included.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$here/lib.sh"
VOL_TRAPS=0 # this script traps EXIT itself and destroys the volume there
# shellcheck source=../lib/volumes.sh
. "$here/../lib/volumes.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [KINDS [ROUNDS [SECS]]]

On each volume kind, ROUNDS times (the order alternating), runs etcd's fio check

  fio --rw=write --ioengine=sync --fdatasync=1 --size=22m --bs=2300 --runtime=SECS

and \`walbench qualify DIR --tier etcd --duration 3xSECS --slice 2s\` (its etcd shape gets
about a third of the run, in slices short enough to give qualify's interval a
dozen of them), and prints per volume the medians, walbench/fio, and the verdict of
each on etcd's bar of 50 flushes/s. The target: the ratio within 0.8 .. 1.2 on slowdisk,
and walbench's verdict the same as fio's on every volume.

  KINDS   comma-separated volume kinds (default slowdisk,xfs,shm: the root-throttled
          loop ext4 at VOL_IOPS write IOPS, a loop xfs, a tmpfs)
  ROUNDS  rounds per kind, at least 2 (default 2)
  SECS    seconds of fio's check, whole seconds (default 20)

Needs root, fio and jq. Environment: WALBENCH, FIO, VOL_IOPS (default 150).
Exit status: 0 on target, 1 a volume off target, 2 usage error, missing tool or failed run.
EOF
}

parse_args 0 3 "$@"
KINDS=${1:-slowdisk,xfs,shm}
ROUNDS=${2:-2}
SECS=${3:-20}
check_rounds "$ROUNDS"
check_secs "$SECS"
vol_require_root
find_walbench
fio=${FIO:-$(command -v fio || true)}
[[ -n $fio && -x $fio ]] || die "fio not found${fio:+ at $fio} (install fio, or set FIO)"
command -v jq >/dev/null || die "jq not found (it reads both tools' JSON; install jq)"
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbetcd.XXXXXX")
# Lines "KIND<TAB>TOOL<TAB>ROUND<TAB>FLUSHES_PER_S<TAB>P99_MS<TAB>VERDICT<TAB>NOTE".
samples=$work/samples
: >"$samples"

# etcd's bar, as tiers.json's etcd tier holds it (etcd's hardware guide).
BAR=50

run_fio() { # KIND ROUND DIR
	local base=$work/fio.$1.$2 d=$3/fio
	mkdir "$d"
	local cmd=("$fio" --name=etcd --directory="$d" --rw=write --ioengine=sync --fdatasync=1
		--size=22m --bs=2300 --runtime="$SECS" --eta=never --output-format=json
		--output="$base.json")
	run_bg "$base.out" "$base.err" vol_exec "${cmd[@]}"
	rm -rf -- "$d"
	((rc == 0)) || failed fio "$base.err" "${cmd[@]}"
	sed -n '/^{/,$p' "$base.json" | jq -r --arg kind "$1" --arg round "$2" --argjson bar "$BAR" '
		.jobs[0] as $j
		| if $j.error != 0 then error("fio job error \($j.error)") else . end
		| [$kind, "fio", $round, $j.write.iops,
		   ($j.sync.lat_ns.percentile["99.000000"] // 0) / 1e6,
		   (if $j.write.iops >= $bar then "pass" else "fail" end), "fallocate"]
		| @tsv' >>"$samples" || failed fio "$base.err" "${cmd[@]}"
}

run_walbench() { # KIND ROUND DIR
	local base=$work/wb.$1.$2
	# Slices of 2 s: with qualify's 5 s, a 60 s run gives each shape 3 or 4, too few for an
	# interval that excludes the bar on a volume whose rate falls as it fills (loop xfs).
	local cmd=("$walbench" qualify "$3" --tier etcd --duration "$((3 * SECS))s" --slice 2s
		--json "$base.json")
	run_bg "$base.out" "$base.err" vol_exec "${cmd[@]}"
	# 0 pass, 1 fail or inconclusive: both are verdicts; anything else is a failed run.
	((rc <= 1)) || failed walbench "$base.err" "${cmd[@]}"
	jq -r --arg kind "$1" --arg round "$2" '
		(.tests[] | select(.label == "etcd")) as $t
		| (.qualification.criteria[]
		   | select(.shape == "etcd" and .metric == "flushes_per_s") | .result) as $v
		| [$kind, "walbench", $round, $t.ops_per_sec, $t.latency_us.p99 / 1000, $v,
		   "\($t.segment) \($t.segment_size / 1e6)MB by \($t.preallocated_by // "-")"]
		| @tsv' "$base.json" >>"$samples" || failed walbench "$base.err" "${cmd[@]}"
}

on_volume() { # KIND
	local round
	echo "== $1 ($VOL_FSTYPE${VOL_DEV:+ on $VOL_DEV})" >&2
	for ((round = 1; round <= ROUNDS; round++)); do
		# Alternate the order so neither tool always runs on a device the other warmed.
		if ((round % 2)); then
			run_fio "$1" "$round" "$VOL_DIR"
			run_walbench "$1" "$round" "$VOL_DIR"
		else
			run_walbench "$1" "$round" "$VOL_DIR"
			run_fio "$1" "$round" "$VOL_DIR"
		fi
	done
}

echo "etcd's fio check vs walbench qualify --tier etcd: $SECS s of fio, $((3 * SECS)) s of" \
	"qualify, $ROUNDS rounds per volume, slowdisk at ${VOL_IOPS:-150} write IOPS"
echo "  walbench: $walbench"
echo "  fio:      $fio ($("$fio" --version))"
for_each_volume "$KINDS" on_volume
echo
awk -F '\t' -v bar="$BAR" -v kinds="$KINDS" "$AWK_MEDIAN"'
{
	key = $1 SUBSEP $2
	rate[key] = rate[key] " " $4
	p99[key] = p99[key] " " $5
	verdicts[key] = verdicts[key] (verdicts[key] == "" ? "" : ",") $6
	note[key] = $7
	if ($2 == "fio")
		fio[$1, $3] = $4
	else
		wb[$1, $3] = $4
}
END {
	printf "%-10s %9s %9s %7s %11s %11s  %-12s %-12s %-6s %s\n", "volume", "fio/s",
		"walb/s", "wb/fio", "fio p99 ms", "walb p99 ms", "fio vs 50/s", "walbench",
		"agree", "walbench etcd segment"
	n = split(kinds, k, ",")
	for (i = 1; i <= n; i++) {
		f = median(rate[k[i], "fio"])
		w = median(rate[k[i], "walbench"])
		if (f == "" || w == "") {
			printf "%-10s not measured\n", k[i]
			continue
		}
		ratio = f > 0 ? w / f : 0
		fv = f >= bar ? "pass" : "fail"
		wv = verdicts[k[i], "walbench"]
		# Agreement: every walbench round said what the median fio rate says of the bar.
		agree = wv ~ ("^(" fv ",?)+$") ? "yes" : "NO"
		printf "%-10s %9.1f %9.1f %7.3f %11.2f %11.2f  %-12s %-12s %-6s %s\n", k[i], f, w,
			ratio, median(p99[k[i], "fio"]), median(p99[k[i], "walbench"]), fv, wv,
			agree, note[k[i], "walbench"]
		if (agree != "yes")
			off = off " " k[i] " (verdict)"
		if (k[i] == "slowdisk" && (ratio < 0.8 || ratio > 1.2))
			off = off " slowdisk (ratio " sprintf("%.3f", ratio) ")"
	}
	print ""
	print "Medians of the rounds. fio/s: writes of 2300 B, each followed by fdatasync; walb/s:"
	print "flushes of the qualify etcd shape (one 2300 B write + fdatasync). fio p99 is the"
	print "fdatasync alone, walbench p99 the whole flush. walbench: the flushes_per_s verdict"
	print "of each round (inconclusive: its interval straddles 50/s)."
	if (off == "") {
		print "target: ratio 0.8 .. 1.2 on slowdisk, verdicts agree everywhere: met"
		exit 0
	}
	print "target: ratio 0.8 .. 1.2 on slowdisk, verdicts agree everywhere: MISSED:" off
	exit 1
}' "$samples"
