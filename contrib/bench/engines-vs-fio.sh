#!/usr/bin/env bash
# engines-vs-fio.sh — `walbench run` against fio on one directory, for the four engine x method
# pairs fio can also express: median rate of durable 8kB writes of each, their ratio, latencies.
# Trap: the two count different things that happen to be the same rate. walbench counts flushes
# (a write linked to its sync, or one O_DSYNC write); fio counts writes, and with fdatasync=1 each
# write is followed by a separate fdatasync I/O. So the ratio compares durable 8kB writes/s.
#
# How fio's jobs differ from walbench's, and why the options below are what they are:
# - fdatasync=1 is "issue fdatasync every 1 write": fio queues an fdatasync as its own I/O after
#   each write it issues. With psync (and io_uring at iodepth=1) that is write, wait, fdatasync,
#   wait: the same flush walbench times. At iodepth > 1 the fdatasync is an independent SQE, not
#   linked to the write, and fio does not drain its queue before issuing it, so it may run
#   before the write it follows has completed; and iodepth counts writes and syncs alike, so
#   iodepth=8 is 8 ops, most of them the slower fdatasyncs. walbench's qd 8 is 8 write->fdatasync
#   chains (IOSQE_IO_LINK), 16 ops, each sync ordered after its own write. An fdatasync covers the
#   whole file, so one can make several writes durable in either tool, and fio's can find nothing
#   left to do. sync=dsync (O_DSYNC) has no such difference: every write is its own durability
#   point in both, and fio's iodepth is walbench's qd.
# - fio 3.33 sets up its io_uring with COOP_TASKRUN | SINGLE_ISSUER | DEFER_TASKRUN; a ring
#   without them has every completion's task_work interrupt the submitter, which shows at qd 8.
# - Offsets: walbench rewrites, per slot s, the 8kB at s*8kB of a 16 MiB file; fio runs rw=write
#   (sequential, wrapping) over the first QD*8kB of a 16 MiB file (size=QD*8k), so it writes the
#   same blocks (at QD 1 the same one); rw=randwrite over 16M would touch blocks walbench never
#   does. FIO_SPAN=file uses the whole 16M instead (size=16M): on ext4 that changed nothing beyond
#   the noise, on tmpfs it cost fio up to half its rate at QD 1 (a new page per write).
# - The file is made here with random data and fsynced, as walbench makes its own: for a
#   write-only job fio would create it with fallocate and no data (unwritten extents), and
#   converting an extent on first write is a metadata change that makes fdatasync commit the
#   journal.
# - invalidate=0: fio drops the file's page cache at start and at each wrap of the region (every
#   write at QD 1 with size=8k); walbench never does.
# - Latency: fio's write lat (submission to completion, lat_percentiles=1) against walbench's
#   flush latency. For fdatasync jobs fio times the write and the sync as two I/Os; the script
#   shows p(write) + p(sync), marked "~", which estimates a flush but is not a percentile of one.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] DIR [SECS]

Runs each job below with \`walbench run\` and with fio, ROUNDS times, interleaved (the
order alternates every round), on 8kB writes, and prints per job and queue depth the
median walbench ops/s (flushes) and fio IOPS (writes), their ratio, and p50/p99 latencies.

  job                   walbench               fio
  sync+fdatasync        sync, fdatasync        ioengine=psync fdatasync=1
  direct+open_datasync  direct, open_datasync  ioengine=psync direct=1 sync=dsync
  io_uring+fdatasync    io_uring, fdatasync    ioengine=io_uring fdatasync=1 iodepth=QD
  libaio+open_datasync  libaio, open_datasync  ioengine=libaio direct=1 sync=dsync iodepth=QD

at QD 1 and 8; the two psync jobs run at QD 1 only (walbench's sync and direct engines
have no queue depth, and psync has none either). The header of this script explains how
fio's semantics differ. The target is walbench/fio >= 1.0 within noise: half the spread
of the per-round ratios, and at least 0.03.

  DIR    directory on the file system to test; the files go in a new directory made in it
  SECS   whole seconds per test, for both tools (default 3). A round takes about
         12 * SECS seconds plus start-up.

Environment:
  ROUNDS    runs of each tool per job, at least 2 (default 2)
  WALBENCH  walbench binary (default: ../../build/walbench next to this script)
  FIO       fio binary (default: fio from PATH)
  FIO_SPAN  slots: fio writes the first QD*8kB of its 16 MiB file, as walbench does
            (default); file: fio writes all of it

Exit status: 0 every job on target, 1 a job below it beyond noise, 2 usage error, missing
tool or a failed run (its stderr is shown).
EOF
}

# --- arguments ---------------------------------------------------------------------------------
parse_args 1 2 "$@"
DIR=$1
SECS=${2:-3}
ROUNDS=${ROUNDS:-2}
FIO_SPAN=${FIO_SPAN:-slots}
check_dir "$DIR"
# Whole seconds: the one unit both walbench's --duration and fio's --runtime take alike.
check_secs "$SECS"
check_rounds "$ROUNDS"
[[ $FIO_SPAN == slots || $FIO_SPAN == file ]] ||
	die "FIO_SPAN must be slots or file, not '$FIO_SPAN'"

# --- tools -------------------------------------------------------------------------------------
find_walbench
fio=${FIO:-$(command -v fio || true)}
[[ -n $fio && -x $fio ]] || die "fio not found${fio:+ at $fio} (install fio, or set FIO)"
command -v jq >/dev/null || die "jq not found (it reads both tools' JSON; install jq)"

# --- the jobs ----------------------------------------------------------------------------------
# name, walbench engine, walbench method, fio options, queue depths (walbench's qd, fio's iodepth)
JOBS=(
	"sync+fdatasync|sync|fdatasync|--ioengine=psync --fdatasync=1|1"
	"direct+open_datasync|direct|open_datasync|--ioengine=psync --direct=1 --sync=dsync|1"
	"io_uring+fdatasync|io_uring|fdatasync|--ioengine=io_uring --fdatasync=1|1 8"
	"libaio+open_datasync|libaio|open_datasync|--ioengine=libaio --direct=1 --sync=dsync|1 8"
)
QDS=(1 8) # the table's rows; a job without a depth prints n/a there

# --- directories -------------------------------------------------------------------------------
make_dirs engines-vs-fio # the test files go in $scratch on DIR, everything else in $work (lib.sh)

# --- running -----------------------------------------------------------------------------------
# Samples are lines "TOOL<TAB>ROUND<TAB>JOB<TAB>QD<TAB>OPS_PER_SEC or n/a<TAB>P50<TAB>P99", in µs.
samples=$work/samples
: >"$samples"
# "JOB/QD" walbench found n/a here: round 1 runs walbench first, so fio never runs one (it
# would fail the script on, say, a file system without O_DIRECT) and no round repeats it.
not_here=""

run_walbench() { # ROUND JOB ENGINE METHOD QD
	local base=$work/wb.$1.$2.$5 status
	local cmd=("$walbench" run --dir "$scratch" --engine "$3" --method "$4" --size 8k
		--qd "$5" --duration "${SECS}s" --json "$base.json")
	run_bg "$base.out" "$base.err" "${cmd[@]}"
	# walbench exits 2 when nothing could run, e.g. no O_DIRECT on this file system: with a
	# JSON report saying n/a that is a row of the table, not a failure of the script.
	status=$(jq -r '.tests[0].status' "$base.json" 2>/dev/null || echo none)
	if [[ $status == n/a ]]; then
		printf 'walbench\t%s\t%s\t%s\tn/a\t\t\n' "$1" "$2" "$5" >>"$samples"
		not_here+=" $2/$5 "
		return
	fi
	if ((rc != 0)) || [[ $status != ok ]]; then
		failed walbench "$base.err" "${cmd[@]}"
	fi
	jq -r --arg round "$1" --arg job "$2" '.tests[0] | ["walbench", $round, $job,
		.queue_depth, .ops_per_sec, .latency_us.p50, .latency_us.p99] | @tsv' \
		"$base.json" >>"$samples"
}

run_fio() { # ROUND JOB FIO_OPTIONS QD
	local base=$work/fio.$1.$2.$4 file=$scratch/fio.$1.$2.$4 span=16M
	local -a opts
	read -r -a opts <<<"$3"
	[[ $FIO_SPAN == file ]] || span=$(($4 * 8))k
	# excl: never write into a file that is already there.
	dd if=/dev/urandom of="$file" bs=1M count=16 conv=excl,fsync status=none ||
		die "could not create fio's file $file"
	local cmd=("$fio" --name=engines-vs-fio --filename="$file" --size="$span" --bs=8k
		--rw=write "${opts[@]}" --iodepth="$4" --time_based --runtime="$SECS"
		--invalidate=0 --lat_percentiles=1 --percentile_list=50:99 --eta=never
		--output-format=json --output="$base.json")
	run_bg "$base.out" "$base.err" "${cmd[@]}"
	rm -f -- "$file" # 16 MiB per run adds up on tmpfs
	((rc == 0)) || failed fio "$base.err" "${cmd[@]}"
	# fio prints its warnings into the output file ahead of the JSON.
	sed -n '/^{/,$p' "$base.json" | jq -r --arg round "$1" --arg job "$2" --arg qd "$4" \
		--argjson addsync "$([[ $3 == *fdatasync* ]] && echo true || echo false)" '
		.jobs[0] as $j
		| if $j.error != 0 then error("fio job error \($j.error)") else . end
		| def pct(k): ($j.write.lat_ns.percentile[k]
			+ (if $addsync then $j.sync.lat_ns.percentile[k] // 0 else 0 end)) / 1000;
		["fio", $round, $job, $qd, $j.write.iops, pct("50.000000"), pct("99.000000")]
		| @tsv' >>"$samples" || failed fio "$base.err" "${cmd[@]}"
}

fstype=$(fs_type "$DIR")
echo "walbench engines vs fio on $DIR ($fstype): 8kB writes, $SECS s per test," \
	"$ROUNDS rounds, interleaved"
echo "  walbench: $walbench"
echo "  fio:      $fio ($("$fio" --version))"
if [[ $FIO_SPAN == slots ]]; then
	echo "  fio region: the first QD x 8kB of a 16 MiB file, as walbench's slots (FIO_SPAN=slots)"
else
	echo "  fio region: all of a 16 MiB file (FIO_SPAN=file)"
fi

for ((round = 1; round <= ROUNDS; round++)); do
	# Alternate the order so neither tool always runs on a cache or device the other warmed.
	if ((round % 2)); then
		echo "round $round/$ROUNDS: walbench, then fio" >&2
	else
		echo "round $round/$ROUNDS: fio, then walbench" >&2
	fi
	for spec in "${JOBS[@]}"; do
		IFS='|' read -r job engine method fio_opts qds <<<"$spec"
		for qd in $qds; do
			[[ $not_here != *" $job/$qd "* ]] || continue
			if ((round % 2)); then
				run_walbench "$round" "$job" "$engine" "$method" "$qd"
				run_fio "$round" "$job" "$fio_opts" "$qd"
			else
				run_fio "$round" "$job" "$fio_opts" "$qd"
				run_walbench "$round" "$job" "$engine" "$method" "$qd"
			fi
		done
	done
done

# --- the table ---------------------------------------------------------------------------------
echo
rows="" # "JOB QD ISSYNCJOB" triples, in table order
for spec in "${JOBS[@]}"; do
	IFS='|' read -r job engine method fio_opts qds <<<"$spec"
	for qd in "${QDS[@]}"; do
		[[ " $qds " == *" $qd "* ]] && ran=1 || ran=0
		[[ $fio_opts == *fdatasync* ]] && sum=1 || sum=0
		rows+="$job $qd $ran $sum "
	done
done
awk -F '\t' -v rows="$rows" -v rounds="$ROUNDS" "$AWK_MEDIAN"'
BEGIN { NOISE_FLOOR = 0.03 }
function isnum(v) { return v ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
function us(v) { return v < 10 ? sprintf("%.1f", v) : sprintf("%.0f", v) }
function lat(tool, key, mark,    a, b) {
	a = median(p50[tool, key])
	b = median(p99[tool, key])
	return a == "" ? "-" : mark us(a) "/" us(b)
}
function rate(tool, key,    m) {
	m = median(ops[tool, key])
	return m != "" ? sprintf("%.0f", m) : (note[tool, key] != "" ? note[tool, key] : "-")
}
{
	key = $3 SUBSEP $4
	if (isnum($5)) {
		ops[$1, key] = ops[$1, key] " " $5
		p50[$1, key] = p50[$1, key] " " $6
		p99[$1, key] = p99[$1, key] " " $7
		byround[$1, $2, key] = $5
	} else
		note[$1, key] = $5
}
END {
	n = split(rows, r, " ")
	printf "%-20s %3s %11s %11s %7s %7s  %-9s %15s %15s\n", "job", "qd", "walbench/s",
		"fio/s", "wb/fio", "+-noise", "verdict", "wb p50/p99 us", "fio p50/p99 us"
	for (i = 1; i < n; i += 4) {
		job = r[i]; qd = r[i + 1]; key = job SUBSEP qd
		if (!r[i + 2]) {
			printf "%-20s %3s %11s %11s %7s %7s  %-9s %15s %15s\n", job, qd, "n/a*",
				"n/a*", "-", "-", "-", "-", "-"
			continue
		}
		w = median(ops["walbench", key])
		f = median(ops["fio", key])
		ratio = noise = "-"
		verdict = "no figure"
		if (w != "" && f != "" && f > 0) {
			ratio = w / f
			# Noise: half the range of the ratios of the rounds, each taken side by side. Two
			# or three rounds can agree by luck, so it never counts as less than the floor.
			lo = hi = ""
			for (k = 1; k <= rounds; k++) {
				if (!(("walbench", k, key) in byround) || !(("fio", k, key) in byround) ||
				    byround["fio", k, key] <= 0)
					continue
				q = byround["walbench", k, key] / byround["fio", k, key]
				if (lo == "" || q < lo) lo = q
				if (hi == "" || q > hi) hi = q
			}
			noise = (hi - lo) / 2
			if (noise < NOISE_FLOOR)
				noise = NOISE_FLOOR
			verdict = ratio >= 1 ? "ok" : ratio >= 1 - noise ? "ok, noise" : "BELOW"
			ratio = sprintf("%.3f", ratio)
			noise = sprintf("%.3f", noise)
		}
		if (verdict != "ok" && verdict != "ok, noise")
			missed = missed sprintf(" %s/qd%s (%s)", job, qd, ratio == "-" ? verdict : ratio)
		printf "%-20s %3s %11s %11s %7s %7s  %-9s %15s %15s\n", job, qd, rate("walbench", key),
			rate("fio", key), ratio, noise, verdict, lat("walbench", key, ""),
			lat("fio", key, r[i + 3] ? "~" : "")
	}
	print ""
	print "Medians of the rounds. walbench/s counts flushes (write + sync, or one O_DSYNC write),"
	print "fio/s counts writes (each followed by an fdatasync, or O_DSYNC): both are durable 8kB"
	print "writes per second. +-noise is half the spread of the per-round ratios (each round"
	print "measured side by side), at least 0.03: a few rounds can agree by luck."
	print "n/a*: not run: walbench'"'"'s sync and direct engines have no queue depth, nor has"
	print "      fio'"'"'s psync."
	print "~: fio times the write and its fdatasync as two I/Os; shown is p(write) + p(sync),"
	print "   an estimate of one flush. At qd 8 fio'"'"'s fdatasyncs are not ordered after the writes."
	print ""
	if (missed == "") {
		print "target: walbench/fio >= 1.0 within noise: met"
		exit 0
	}
	print "target: walbench/fio >= 1.0 within noise: MISSED by" missed
	exit 1
}' "$samples"
