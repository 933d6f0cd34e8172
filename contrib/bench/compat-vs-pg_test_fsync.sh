#!/usr/bin/env bash
# compat-vs-pg_test_fsync.sh — `walbench compat` against pg_test_fsync on one directory: median
# ops/sec of each per test line, their ratio, and the median ratio over the synced lines.
# Trap: on a shared machine only ratios of runs taken side by side mean anything, so the two tools
# alternate within one invocation; never compare figures from two invocations of this script.
set -euo pipefail

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

die() {
	echo "${0##*/}: $*" >&2
	exit 2
}

# --- arguments ---------------------------------------------------------------------------------
case ${1:-} in
-h | --help)
	usage
	exit 0
	;;
-*) die "unknown option '$1' (try --help)" ;;
esac
[[ $# -ge 1 && $# -le 2 ]] || { usage >&2; exit 2; }
DIR=$1
SECS=${2:-2}
ROUNDS=${ROUNDS:-2}
[[ -d $DIR && -w $DIR ]] || die "$DIR is not a writable directory"
# pg_test_fsync's -s is an integer; walbench would accept more, but both must run the same time.
[[ $SECS =~ ^[1-9][0-9]*$ ]] || die "SECS must be a whole number of seconds >= 1, not '$SECS'"
if ! [[ $ROUNDS =~ ^[0-9]+$ ]] || ((ROUNDS < 2)); then
	die "ROUNDS must be 2 or more, not '$ROUNDS'"
fi

# --- tools -------------------------------------------------------------------------------------
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
walbench=${WALBENCH:-$here/../../build/walbench}
[[ -x $walbench ]] || die "walbench not found at $walbench (build it, or set WALBENCH)"

find_pg_test_fsync() {
	if [[ -n ${PG_TEST_FSYNC:-} ]]; then
		echo "$PG_TEST_FSYNC"
	elif ! command -v pg_test_fsync; then
		# Debian keeps it out of PATH, one directory per major version: take the newest.
		printf '%s\n' /usr/lib/postgresql/*/bin/pg_test_fsync | sort -V | tail -n 1
	fi
}
pg_test_fsync=$(find_pg_test_fsync)
[[ -n $pg_test_fsync && -x $pg_test_fsync ]] ||
	die "pg_test_fsync not found${pg_test_fsync:+ at $pg_test_fsync} (install postgresql, or set PG_TEST_FSYNC)"

# --- clean-up ----------------------------------------------------------------------------------
# Two directories: `scratch` on DIR holds only the test files, so the logs we write while a tool
# runs never share its file system's journal commits; `work` (in TMPDIR) holds everything else.
work=""
scratch=""
child="" # the tool running now: killed by the trap so an interrupted run leaves nothing behind

cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	if [[ -n $child ]]; then
		kill -TERM "$child" 2>/dev/null || true
		wait "$child" 2>/dev/null || true
	fi
	[[ -z $scratch ]] || rm -rf -- "$scratch"
	[[ -z $work ]] || rm -rf -- "$work"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

work=$(mktemp -d "${TMPDIR:-/tmp}/compat-vs.XXXXXX")
scratch=$(mktemp -d "$DIR/compat-vs.XXXXXX")

# Runs one tool in the background and waits for it, because bash runs a trap only between
# commands: with the tool in the foreground, a TERM would wait for the whole run to finish.
run_tool() { # NAME OUTFILE ERRFILE COMMAND...
	local name=$1 out=$2 err=$3 rc=0
	shift 3
	"$@" >"$out" 2>"$err" &
	child=$!
	wait "$child" || rc=$?
	child=""
	if ((rc != 0)); then
		echo "${0##*/}: $name failed (exit $rc): $*" >&2
		cat -- "$err" >&2
		exit 2
	fi
}

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
fstype=$(findmnt -n -o FSTYPE -T "$DIR" 2>/dev/null | tail -n 1)
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
awk -F '\t' '
function isnum(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ }
# Median of the space-separated numbers in list; "" if there are none.
function median(list,    a, n, i, j, t) {
	n = split(list, a, " ")
	if (n == 0)
		return ""
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] + 0 : (a[n / 2] + a[n / 2 + 1]) / 2
}
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
