#!/usr/bin/env bash
# compat-vs-pg_test_fsync.sh — `walbench compat` against pg_test_fsync on one directory: median
# ops/sec of each per test line, their ratio, and the median ratio over the synced lines.
# Trap: on a shared machine only ratios of runs taken side by side mean anything, so the two tools
# alternate within one invocation; never compare figures from two invocations of this script.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] DIR [SECS]

Runs \`walbench compat -f DIR -s SECS\` and \`pg_test_fsync -f DIR/<new file> -s SECS\`
ROUNDS times each, alternating which goes first, and prints per test line the median
ops/sec of each tool and the ratio walbench / pg_test_fsync. The last line is the median
ratio over the synced lines (all but the "Non-sync'ed" write), against the target 0.9-1.1.

  DIR    directory on the file system to test; the files go in a new directory made in it
  SECS   whole seconds per test, for both tools (default 2; pg_test_fsync takes whole
         seconds only). One round of both tools takes about 30 * SECS seconds.

Environment:
  ROUNDS         runs of each tool, at least 2 (default 2)
  WALBENCH       walbench binary (default: ../../build/walbench next to this script)
  PG_TEST_FSYNC  pg_test_fsync binary (default: from PATH, else /usr/lib/postgresql/*/bin)

Exit status: 0 median ratio within target, 1 outside it, 2 usage error, missing tool or a
failed run (its stderr is shown).
EOF
}

# --- arguments ---------------------------------------------------------------------------------
parse_args 1 2 "$@"
DIR=$1
SECS=${2:-2}
ROUNDS=${ROUNDS:-2}
check_dir "$DIR"
# pg_test_fsync's -s is an integer; walbench would accept more, but both must run the same time.
check_secs "$SECS"
check_rounds "$ROUNDS"

# --- tools -------------------------------------------------------------------------------------
find_walbench
need_pg_test_fsync

# --- directories -------------------------------------------------------------------------------
make_dirs compat-vs # the test files go in $scratch on DIR, everything else in $work (lib.sh)

# Prints "SECTION<TAB>LABEL<TAB>VALUE" for each test line of pg_test_fsync's output format
# ("        %-30s" label, then "%13.3f ops/sec ..." or an n/a / failed note). Labels repeat
# across sections (open_datasync is in two), so the section header is part of the key.
parse_compat() {
	awk '
	function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
	/^[A-Z].*:$/ { section = substr($0, 1, length($0) - 1); next }
	/^        / {
		label = substr($0, 9, 30)
		sub(/ +$/, "", label) # a leading blank stays: it aligns " 1 * 16kB" under "16 *  1kB"
		rest = substr($0, 39)
		if (rest ~ /ops\/sec/) { split(rest, f, " "); value = f[1] } else value = trim(rest)
		printf "%s\t%s\t%s\n", section, label, value
	}' "$1"
}

# --- the runs ----------------------------------------------------------------------------------
fstype=$(fs_type "$DIR")
echo "walbench compat vs pg_test_fsync on $DIR ($fstype), $SECS s per test, $ROUNDS rounds of each"
echo "  walbench:      $walbench"
echo "  pg_test_fsync: $pg_test_fsync"

run_walbench() {
	run_tool walbench "$work/wb.$1.out" "$work/wb.$1.err" \
		"$walbench" compat -f "$scratch" -s "$SECS"
	parse_compat "$work/wb.$1.out" | sed "s/^/walbench\t/" >>"$work/samples"
}

run_pg() {
	# A fresh name each round: pg_test_fsync overwrites whatever -f names.
	run_tool pg_test_fsync "$work/pg.$1.out" "$work/pg.$1.err" \
		"$pg_test_fsync" -f "$scratch/pg_test_fsync.$1.out" -s "$SECS"
	parse_compat "$work/pg.$1.out" | sed "s/^/pg\t/" >>"$work/samples"
}

: >"$work/samples"
for ((round = 1; round <= ROUNDS; round++)); do
	# Alternate the order so neither tool always runs on a cache or device the other warmed.
	if ((round % 2)); then
		echo "round $round/$ROUNDS: walbench, then pg_test_fsync" >&2
		run_walbench "$round"
		run_pg "$round"
	else
		echo "round $round/$ROUNDS: pg_test_fsync, then walbench" >&2
		run_pg "$round"
		run_walbench "$round"
	fi
done

# --- the table ---------------------------------------------------------------------------------
echo
awk -F '\t' "$AWK_MEDIAN"'
function isnum(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ }
function cell(key, tool,    m) {
	m = median(nums[tool, key])
	return m == "" ? (note[tool, key] == "" ? "-" : note[tool, key]) : sprintf("%.3f", m)
}
{
	key = $2 SUBSEP $3
	if (!(key in seen)) {
		seen[key] = 1
		order[++nkeys] = key
		sec[key] = $2
		lab[key] = $3
	}
	if (isnum($4))
		nums[$1, key] = nums[$1, key] " " $4
	else if (note[$1, key] == "")
		note[$1, key] = $4
}
END {
	printf "%-38s %14s %14s %8s\n", "median ops/sec", "walbench", "pg_test_fsync", "ratio"
	for (k = 1; k <= nkeys; k++) {
		key = order[k]
		if (sec[key] != last) {
			printf "%s:\n", sec[key]
			last = sec[key]
		}
		w = median(nums["walbench", key])
		p = median(nums["pg", key])
		ratio = "-"
		if (w != "" && p != "" && p > 0) {
			ratio = sprintf("%.3f", w / p)
			# The no-sync line measures memcpy speed, not durability: kept out of the summary.
			if (sec[key] !~ /^Non-sync/)
				synced = synced " " w / p
		}
		printf "  %-36s %14s %14s %8s\n", lab[key], cell(key, "walbench"), cell(key, "pg"), ratio
	}
	m = median(synced)
	print ""
	if (m == "") {
		print "median ratio over the synced lines: no line has figures from both tools"
		exit 2
	}
	n = split(synced, unused, " ")
	verdict = (m >= 0.9 && m <= 1.1) ? "within target" : "OUTSIDE target"
	printf "median ratio walbench/pg_test_fsync over %d synced lines: %.3f (target 0.9-1.1): %s\n",
		n, m, verdict
	exit m >= 0.9 && m <= 1.1 ? 0 : 1
}' "$work/samples"
