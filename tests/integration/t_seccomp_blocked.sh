#!/usr/bin/env bash
# t_seccomp_blocked.sh — when a seccomp filter makes io_uring_setup or io_setup
# fail with EPERM (as a container's default profile does), `walbench engines`
# reports those engines n/a with the reason and the others still work; a run of
# a blocked engine alone is exit 2; recommend and qualify still answer.
. "$(dirname "$0")/lib.sh"
set -e
deny="$WB_TEST_BIN/deny_syscall"
[ -x "$deny" ] || skip "deny_syscall not built (libseccomp-dev missing)"
need_engine io_uring
need_engine libaio
wb_tmpdir d

expect_exit 0 "$deny" io_uring_setup=EPERM -- "$WALBENCH" engines --dir "$d"
grep -A1 '^io_uring:' "$OUT" | grep -q 'n/a: .*blocked (EPERM)' || fail "io_uring not blocked: $(cat "$OUT")"
grep -A1 '^io_uring_direct:' "$OUT" | grep -q 'blocked (EPERM)' || fail "io_uring_direct not blocked"
grep -A2 '^libaio:' "$OUT" | grep -q 'available' || fail "libaio should be unaffected"

expect_exit 0 "$deny" io_setup=EPERM -- "$WALBENCH" engines --dir "$d"
grep -A1 '^libaio:' "$OUT" | grep -q 'n/a: io_setup: EPERM' || fail "libaio not blocked: $(cat "$OUT")"
grep -A2 '^io_uring:' "$OUT" | grep -q 'available' || fail "io_uring should be unaffected"

expect_exit 0 "$deny" io_setup=EAGAIN -- "$WALBENCH" engines --dir "$d"
grep -A1 '^libaio:' "$OUT" | grep -q 'aio-max-nr' || fail "EAGAIN not explained: $(cat "$OUT")"

# A kernel without io_uring or native AIO is named as such.
expect_exit 0 "$deny" io_uring_setup=ENOSYS,io_setup=ENOSYS -- "$WALBENCH" engines --dir "$d"
grep -A1 '^io_uring:' "$OUT" | grep -q 'kernel has no io_uring (io_uring_setup: ENOSYS)' ||
	fail "ENOSYS io_uring: $(cat "$OUT")"
grep -A1 '^libaio:' "$OUT" | grep -q 'kernel has no native AIO (io_setup: ENOSYS)' ||
	fail "ENOSYS libaio: $(cat "$OUT")"
expect_exit 0 "$deny" io_uring_setup=ENOMEM -- "$WALBENCH" engines --dir "$d"
grep -A1 '^io_uring:' "$OUT" | grep -q 'RLIMIT_MEMLOCK' || fail "ENOMEM io_uring: $(cat "$OUT")"

# A run of a blocked engine only is "nothing could run": exit 2, with the reason.
expect_exit 2 "$deny" io_uring_setup=EPERM -- "$WALBENCH" run --dir "$d" --engine io_uring \
	--method fdatasync --duration 50ms
grep -q 'blocked (EPERM)' "$OUT" || fail "run row has no reason"
assert_no_files "$d"

# recommend and qualify use the sync engine only: a container that blocks both
# async engines still gets an answer (qualify: a verdict, 0 or 1; never 2 or 3).
expect_exit 0 "$deny" io_uring_setup=EPERM,io_setup=EPERM -- "$WALBENCH" recommend "$d" \
	--workload oltp --budget 3s
grep -q 'wal_sync_method' "$OUT" || fail "recommend gave no answer: $(head -3 "$OUT")"
rc=0
"$deny" io_uring_setup=EPERM,io_setup=EPERM -- "$WALBENCH" qualify "$d" --duration 2s \
	--slice 500ms >"$OUT" 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "qualify under the filter exited $rc: $(cat "$ERR")"
grep -Eq '^standard: (PASS|FAIL|INCONCLUSIVE)' "$OUT" || fail "qualify gave no verdict: $(head -3 "$OUT")"
assert_no_files "$d"
pass
