#!/usr/bin/env bash
# deadline.sh SECS GRACE CMD... — runs an integration test (CMD) with a
# deadline it can clean up after. ctest ends a test past its TIMEOUT with
# SIGKILL, to the test and everything it started: the test's EXIT trap
# (lib.sh) never runs, and the loop devices, mounts and servers it set up stay
# behind. Here, past SECS seconds, a watchdog sends SIGTERM to every process
# below this one (the whole tree, followed by parent: `timeout` and setsid put
# some in groups of their own): the test's foreground command ends, and the
# shell runs its TERM trap, then its cleanup. Whatever still runs GRACE
# seconds later is killed, and said to be. Either way the test fails, exit
# 124 (as timeout(1) says it); otherwise it exits with CMD's status (77: a
# skip). CMD runs in the foreground, as ctest would run it: its signals as
# they would be (a background job of a script ignores SIGINT). ctest's TIMEOUT
# must be past SECS + GRACE (tests/CMakeLists.txt).
set -u
secs=$1 grace=$2
shift 2
name=$1 # the script's, where CMD is "bash SCRIPT ARGS"
for a in "$@"; do
	case $a in *.sh) name=$a && break ;; esac
done

# tree PID: PID and every process below it, read from /proc at the call.
tree() {
	local -A kids=()
	local f line fields more todo=("$1") p

	for f in /proc/[0-9]*/stat; do
		{ read -r line <"$f"; } 2>/dev/null || continue
		# "pid (name) state ppid ...": the name may hold spaces and ")"
		read -r -a fields <<<"${line##*) }"
		[ ${#fields[@]} -gt 1 ] || continue
		kids[${fields[1]}]+=" ${f//[^0-9]/}"
	done
	while [ ${#todo[@]} -gt 0 ]; do
		p=${todo[0]}
		todo=("${todo[@]:1}")
		echo "$p"
		read -r -a more <<<"${kids[$p]:-}"
		todo+=("${more[@]}")
	done
}

# stop SIG: sends SIG to every process below this script but the watchdog
# ($me; its nap has ended, and the list is read before the first kill).
stop() {
	local p

	for p in $(tree $$); do
		[ "$p" = $$ ] || [ "$p" = "$me" ] || kill -s "$1" "$p" 2>/dev/null
	done
}

# The watchdog: sleeps SECS, then stops what runs below this script; exits 1
# once it has fired, 0 when stopped before (143 when stopped before its trap
# was set).
watchdog() {
	local fired=0 nap= # set: a TERM before the first sleep must not trip set -u

	me=$BASHPID
	trap 'kill "$nap" 2>/dev/null; exit "$fired"' TERM
	sleep "$secs" &
	nap=$!
	wait "$nap"
	fired=1
	echo "deadline: ${name##*/} ran past $secs s: SIGTERM to it and all it started" >&2
	stop TERM
	sleep "$grace" &
	nap=$!
	wait "$nap"
	# From here on the kill goes through: the test ends at the first KILL,
	# and this script then sends TERM here, which would cut the loop (and
	# this line) short under load.
	trap '' TERM
	echo "deadline: still running $grace s later: killed; its cleanup did not finish" >&2
	stop KILL
	exit 1
}

watchdog &
dog=$!
"$@"
rc=$?
kill -s TERM "$dog" 2>/dev/null
# 1 only when it fired. A CMD that ends at once may beat the watchdog to its
# TERM trap, and the default action ends it with 143: that is not firing
# (taken as firing, 13 runs in 300 of `exit 0` failed with 124).
wait "$dog"
[ $? = 1 ] || exit "$rc"
echo "deadline: ${name##*/} ended (exit $rc) after the SIGTERM; failed for its time" >&2
exit 124
