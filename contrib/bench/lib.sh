# shellcheck shell=bash
# lib.sh — what the contrib/bench scripts share: argument checks, finding the tools, the scratch
# and work directories with the trap that cleans them up, running a tool so TERM is handled at once.
# Trap: sourced, never run. It relies on the caller's `set -euo pipefail` and `usage`, messages
# name the caller (${0##*/}), and it owns the globals work, scratch, child, rc, walbench and
# pg_test_fsync.

die() {
	echo "${0##*/}: $*" >&2
	exit 2
}

# --- arguments ---------------------------------------------------------------------------------
# Takes --help, refuses any other option (the scripts have none), and wants MIN to MAX operands.
parse_args() { # MIN MAX "$@"
	local min=$1 max=$2
	shift 2
	case ${1:-} in
	-h | --help)
		usage
		exit 0
		;;
	-*) die "unknown option '$1' (try --help)" ;;
	esac
	(($# >= min && $# <= max)) || { usage >&2; exit 2; }
}

check_dir() { # DIR
	[[ -d $1 && -w $1 ]] || die "$1 is not a writable directory"
}

check_secs() { # SECS; each caller says why it takes whole seconds only
	[[ $1 =~ ^[1-9][0-9]*$ ]] || die "SECS must be a whole number of seconds >= 1, not '$1'"
}

check_rounds() { # ROUNDS
	if ! [[ $1 =~ ^[0-9]+$ ]] || (($1 < 2)); then
		die "ROUNDS must be 2 or more, not '$1'"
	fi
}

# --- tools -------------------------------------------------------------------------------------
# Sets walbench: $WALBENCH, else the build next to this directory.
find_walbench() {
	local here
	here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
	walbench=${WALBENCH:-$here/../../build/walbench}
	[[ -x $walbench ]] || die "walbench not found at $walbench (build it, or set WALBENCH)"
}

# Prints where pg_test_fsync should be; the caller checks it is there, as some can do without.
find_pg_test_fsync() {
	if [[ -n ${PG_TEST_FSYNC:-} ]]; then
		echo "$PG_TEST_FSYNC"
	elif ! command -v pg_test_fsync; then
		# Debian keeps it out of PATH, one directory per major version: take the newest.
		printf '%s\n' /usr/lib/postgresql/*/bin/pg_test_fsync | sort -V | tail -n 1
	fi
}

# Sets pg_test_fsync, or dies.
need_pg_test_fsync() {
	pg_test_fsync=$(find_pg_test_fsync)
	[[ -n $pg_test_fsync && -x $pg_test_fsync ]] ||
		die "pg_test_fsync not found${pg_test_fsync:+ at $pg_test_fsync} (install postgresql, or set PG_TEST_FSYNC)"
}

fs_type() { # DIR
	findmnt -n -o FSTYPE -T "$1" 2>/dev/null | tail -n 1
}

# --- clean-up ----------------------------------------------------------------------------------
# Two directories: `scratch` on DIR holds only the test files, so the logs we write while a tool
# runs never share its file system's journal commits; `work` (in TMPDIR) holds everything else.
# Either may stay empty: the trap removes what is set.
work=""
scratch=""
child="" # the tool running now: killed by the trap so an interrupted run leaves nothing behind

cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	if [[ -n $child ]]; then
		kill -TERM "$child" 2>/dev/null || true
		# Waited for, so it is not still writing into scratch while rm removes it.
		wait "$child" 2>/dev/null || true
	fi
	[[ -z $scratch ]] || rm -rf -- "$scratch"
	[[ -z $work ]] || rm -rf -- "$work"
	exit "$rc"
}

# INT and TERM go through exit so the EXIT trap runs, with the status a signal death would give.
trap_cleanup() {
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

# Sets the traps, then makes work in TMPDIR and scratch in DIR, both named NAME.XXXXXX.
make_dirs() { # NAME
	trap_cleanup
	work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
	scratch=$(mktemp -d "$DIR/$1.XXXXXX")
}

# --- running -----------------------------------------------------------------------------------
# Runs one tool in the background and waits for it, because bash runs a trap only between
# commands: with the tool in the foreground, a TERM would wait for the whole run to finish.
# Sets rc to the tool's exit status. ERRFILE equal to OUTFILE takes both streams in order.
rc=0
run_bg() { # OUTFILE ERRFILE COMMAND...
	local out=$1 err=$2
	shift 2
	rc=0
	if [[ $err == "$out" ]]; then
		"$@" >"$out" 2>&1 &
	else
		"$@" >"$out" 2>"$err" &
	fi
	child=$!
	wait "$child" || rc=$?
	child=""
}

failed() { # NAME ERRFILE COMMAND...; reports the last run_bg's rc and exits 2
	local name=$1 err=$2
	shift 2
	echo "${0##*/}: $name failed (exit $rc): $*" >&2
	cat -- "$err" >&2
	exit 2
}

run_tool() { # NAME OUTFILE ERRFILE COMMAND...; a failure ends the script
	local name=$1 err=$3
	run_bg "$2" "$3" "${@:4}"
	((rc == 0)) || failed "$name" "$err" "${@:4}"
}

# --- the tables --------------------------------------------------------------------------------
# Awk text to put ahead of a table's program: awk "$AWK_MEDIAN"'...'. The lists are a few rounds
# long, so an insertion sort is enough.
# shellcheck disable=SC2034 # used by the scripts that source this file
AWK_MEDIAN='
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
}'

# --- volumes (scripts that also source contrib/lib/volumes.sh with VOL_TRAPS=0) -----------------
# Traps that destroy the current volume, then clean up as above.
trap_volume_cleanup() {
	trap volume_finish EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

volume_finish() {
	local status=$?
	vol_destroy >/dev/null 2>&1 || true
	(exit "$status") || cleanup # cleanup exits with the status it finds in $?
	cleanup
}

# Builds each kind of the comma-separated KINDS in turn, runs FN KIND on it (VOL_DIR set), and
# destroys it; a kind this machine cannot make is reported and skipped.
for_each_volume() { # KINDS FN
	local kinds kind rcv
	IFS=, read -r -a kinds <<<"$1"
	for kind in "${kinds[@]}"; do
		rcv=0
		vol_create "$kind" || rcv=$?
		if ((rcv == VOL_SKIP)); then
			echo "$kind: skipped (this machine cannot make it)"
			continue
		fi
		((rcv == 0)) || die "$kind: could not build the volume"
		"$2" "$kind"
		vol_destroy
	done
}
