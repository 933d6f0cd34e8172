#!/usr/bin/env bash
# t_clean.sh — `walbench clean DIR` removes a dead process's walbench.PID.N.tmp and
# nothing else: a running walbench's files, a file whose lock is held (a walbench
# in another PID namespace), a symlink named like walbench's file, other users'
# files, other names and verify's file all stay. Bad DIRs are refused.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
wb_tmpdir outside
dead=$(cat /proc/sys/kernel/pid_max) # PIDs stay below pid_max: never a live one

# A running walbench: its files stay, and --dry-run says why.
# --min-trials: a converged test would end the run early, taking its file with it.
"$WALBENCH" run --dir "$d" --method fdatasync --budget 60s --min-trials 100000 >/dev/null 2>"$ERR" &
live=$!
on_exit "kill -9 $live"
wait_for_files "$d"
mine=$(ls "$d")
[[ $mine =~ ^walbench\.$live\.0\.tmp$ ]] || fail "the run's file: '$mine'"

head -c 4096 /dev/zero >"$d/walbench.$dead.0.tmp"
# The PID of a running program that is not walbench: the PID was reused.
sleep 60 >/dev/null 2>&1 &
other=$!
on_exit "kill $other"
touch "$d/walbench.$other.0.tmp"
# A file whose lock a live process holds, whatever its PID says.
touch "$d/walbench.$dead.1.tmp"
# exec: the holder is the process killed at exit, so no child keeps the lock.
(exec 9<"$d/walbench.$dead.1.tmp" && flock 9 && exec sleep 60) >/dev/null 2>&1 &
holder=$!
on_exit "kill $holder"
# A symlink named like a leftover, to a file that must survive.
echo "precious" >"$outside/target"
ln -s "$outside/target" "$d/walbench.$dead.2.tmp"
# Not walbench's: other names, verify's evidence, another user's file.
touch "$d/walbench.$dead.0.tmp.keep" "$d/walbench-verify.dat" "$d/000000010000000000000001"
if [ "$(id -u)" = 0 ]; then
	touch "$d/walbench.$dead.3.tmp"
	chown nobody "$d/walbench.$dead.3.tmp"
fi
for _ in $(seq 100); do # flock has taken its lock
	grep -q "FLOCK.* $holder " /proc/locks 2>/dev/null && break
	sleep 0.05
done

# -n is --dry-run, as the man page has it: the same list, nothing removed
expect_exit 0 "$WALBENCH" clean "$d" -n
grep -qx "would remove $d/walbench.$dead.0.tmp (.*): process $dead no longer exists" "$OUT" ||
	fail "-n: $(cat "$OUT")"
expect_exit 0 "$WALBENCH" clean "$d" --dry-run
grep -qx "would remove $d/walbench.$dead.0.tmp (.*): process $dead no longer exists" "$OUT" ||
	fail "dead: $(cat "$OUT")"
grep -qx "would remove $d/walbench.$other.0.tmp (.*): process $other is now sleep, not walbench" "$OUT" ||
	fail "reused: $(cat "$OUT")"
grep -qx "kept $d/$mine: in use: a running process holds its lock" "$OUT" || fail "live: $(cat "$OUT")"
grep -qx "kept $d/walbench.$dead.1.tmp: in use: a running process holds its lock" "$OUT" ||
	fail "locked: $(cat "$OUT")"
grep -qx "kept $d/walbench.$dead.2.tmp: a symbolic link: never followed, never removed" "$OUT" ||
	fail "symlink: $(cat "$OUT")"
grep -q "^kept $d/walbench-verify.dat: verify's evidence" "$OUT" || fail "verify: $(cat "$OUT")"
if [ "$(id -u)" = 0 ]; then
	grep -qx "kept $d/walbench.$dead.3.tmp: owned by uid [0-9]*, not by you (uid 0)" "$OUT" ||
		fail "other user's: $(cat "$OUT")"
fi
grep -q 'keep\|0000000100' "$OUT" && fail "other names were listed: $(cat "$OUT")"

expect_exit 0 "$WALBENCH" clean "$d"
grep -qx "removed $d/walbench.$dead.0.tmp (4kB): process $dead no longer exists" "$OUT" ||
	fail "clean: $(cat "$OUT")"
[ "$(grep -c '^removed' "$OUT")" = 2 ] || fail "want two removed: $(cat "$OUT")"
grep -q '^kept' "$OUT" && fail "kept files are listed only with --dry-run: $(cat "$OUT")"
if [ -e "$d/walbench.$dead.0.tmp" ] || [ -e "$d/walbench.$other.0.tmp" ]; then
	fail "leftovers remain"
fi
for f in "$mine" "walbench.$dead.1.tmp" "walbench.$dead.0.tmp.keep" walbench-verify.dat \
	000000010000000000000001; do
	[ -f "$d/$f" ] || fail "$f was removed"
done
if [ ! -L "$d/walbench.$dead.2.tmp" ] || [ "$(cat "$outside/target")" != "precious" ]; then
	fail "the symlink or its target was touched"
fi

# The run was undisturbed: stopped, it removes its own file and exits 128 + 15.
kill -TERM "$live"
wait_rc "$live"
[ "$rc" = 143 ] || fail "the live run exited $rc: $(cat "$ERR")"
[ ! -e "$d/$mine" ] || fail "the run left its file"

# A file that cannot be removed (the directory is immutable) is exit 3.
touch "$d/walbench.$dead.4.tmp"
if chattr +i "$d" 2>/dev/null; then
	on_exit "chattr -i '$d'"
	expect_exit 3 "$WALBENCH" clean "$d"
	grep -q "removing $d/walbench.$dead.4.tmp failed: Operation not permitted" "$ERR" ||
		fail "unlink failure: $(cat "$ERR")"
	chattr -i "$d"
fi

# Bad input: no DIR is a usage error; a missing or non-directory DIR is exit 2.
expect_exit 1 "$WALBENCH" clean
grep -q 'clean needs a directory' "$ERR" || fail "no DIR: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" clean "$d/missing"
grep -qx "walbench: clean $d/missing: no such directory" "$ERR" || fail "missing: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" clean "$d/walbench-verify.dat"
grep -qx "walbench: clean $d/walbench-verify.dat: not a directory" "$ERR" || fail "file: $(cat "$ERR")"
pass
