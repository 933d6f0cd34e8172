#!/usr/bin/env bash
# t_kill9_clean.sh — SIGKILL runs no handler: a `kill -9`ed run, compat or
# qualify leaves its files (walbench measures on named files, as PostgreSQL's
# WAL is; docs/usage.md "Pitfalls"), and `walbench clean DIR` removes exactly those,
# saying which and why.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d

# kill9_midrun CMD...: starts CMD, waits for its files, SIGKILLs it mid-run; its
# pid in $pid. Not a $(...) function: the cleanup it registers would be lost.
kill9_midrun() {
	"$@" >/dev/null 2>"$ERR" &
	pid=$!
	on_exit "kill -9 $pid"
	wait_for_files "$d"
	sleep 1 # into the timed tests (and, with --segment new, its switches)
	kill -9 "$pid"
	wait "$pid" 2>/dev/null || true
}

# Two jobs (a file each) appending through new 1 MiB segments: files of every kind.
kill9_midrun "$WALBENCH" run --dir "$d" --method fdatasync --jobs 2 --pattern append \
	--segment new --segment-size 1MiB --budget 60s --min-trials 100000 # never done early
left=$(ls "$d")
[ -n "$left" ] || fail "nothing left after kill -9: has walbench stopped using named files?"
for f in $left; do
	[[ $f =~ ^walbench\.$pid\.[0-9]+\.tmp$ ]] || fail "unexpected leftover $f (pid $pid)"
done
n=$(ls "$d" | wc -l)
[ "$n" -ge 2 ] || fail "want one file per job at least, got: $left"

echo "not walbench's" >"$d/notes.txt"
expect_exit 0 "$WALBENCH" clean "$d" --dry-run
[ "$(grep -c "^would remove $d/walbench\.$pid\.[0-9]*\.tmp (.*): process $pid no longer exists$" "$OUT")" = "$n" ] ||
	fail "dry run: $(cat "$OUT")"
[ "$(ls "$d" | wc -l)" = $((n + 1)) ] || fail "--dry-run removed something"

expect_exit 0 "$WALBENCH" clean "$d"
[ "$(grep -c "^removed $d/walbench\.$pid\.[0-9]*\.tmp (.*): process $pid no longer exists$" "$OUT")" = "$n" ] ||
	fail "clean said: $(cat "$OUT")"
grep -q "^$n removed, 0 kept$" "$OUT" || fail "summary: $(cat "$OUT")"
assert_no_files "$d"
[ "$(cat "$d/notes.txt")" = "not walbench's" ] || fail "another file was touched"

expect_exit 0 "$WALBENCH" clean "$d"
grep -q "^nothing of walbench's in $d$" "$OUT" || fail "second clean: $(cat "$OUT")"

# compat and qualify, killed the same way, leave their files: compat its one;
# qualify its test file and, when killed in the etcd shape, the preallocated
# segments that shape appends to (at most two at a time); clean takes them all.
rm "$d/notes.txt"
for cmd in "compat -f $d -s 30" "qualify $d --duration 60s --slice 1s"; do
	# shellcheck disable=SC2086 # the command's words
	kill9_midrun "$WALBENCH" $cmd
	left=$(ls "$d")
	n=$(ls "$d" | wc -l)
	for f in $left; do
		[[ $f =~ ^walbench\.$pid\.[0-9]+\.tmp$ ]] || fail "$cmd left $f (pid $pid)"
	done
	[[ $cmd == compat* ]] && want_max=1 || want_max=3
	[ "$n" -ge 1 ] && [ "$n" -le "$want_max" ] || fail "$cmd left $n files: $left"
	expect_exit 0 "$WALBENCH" clean "$d"
	grep -q "^$n removed, 0 kept$" "$OUT" || fail "clean after $cmd: $(cat "$OUT")"
	assert_no_files "$d"
done
pass
