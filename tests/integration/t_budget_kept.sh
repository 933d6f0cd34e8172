#!/usr/bin/env bash
# t_budget_kept.sh — a budget is kept whatever the trial length asks: a trial
# (qualify: a slice) the budget cannot hold is shortened, said in the header
# and the JSON, never run whole past the budget (run --budget 1s --trial-time 5s
# took 6 s, qualify --duration 1s with its 5 s slices 7 s); a budget too short
# even for the shortest trials is still kept (--budget 10ms, the smoke run);
# and recommend refuses a budget that cannot give every test two trials before
# it measures anything (it measured for 1 s, then found nothing to decide from).
# On memory; the time bounds are generous (3 s for a 1 s budget).
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir shm /dev/shm

# timed CMD...: runs CMD as expect_exit does, its wall time in ms in $ms and its
# exit status in $rc.
timed() {
	local t0
	t0=$(date +%s%N)
	set +e
	"$@" >"$OUT" 2>"$ERR"
	rc=$?
	set -e
	ms=$((($(date +%s%N) - t0) / 1000000))
}

timed "$WALBENCH" run --dir "$shm" --budget 1s --trial-time 5s --json "$shm/r.json"
[ "$rc" = 0 ] || fail "run exited $rc: $(head -c 600 "$ERR")"
[ "$ms" -lt 3000 ] || fail "run --budget 1s --trial-time 5s took $ms ms"
grep -q '^Trials shortened to [0-9]*ms from the --trial-time 5s given, so that --budget 1s holds two trials of each test after its warm-up\.$' "$OUT" ||
	fail "no shortened line naming the value given: $(head -4 "$OUT")"
json_check "$shm/r.json" "d['schedule']['trial_shortened'] is True and d['schedule']['trial_asked_given'] is True and d['schedule']['trial_asked_s'] == 5 and d['schedule']['trial_s'] < 0.1"
# Every test was reached: a 5 s trial left all but the first "not run".
json_check "$shm/r.json" "all(t['status'] in ('ok', 'n/a') for t in d['tests'])"

timed "$WALBENCH" qualify "$shm" --duration 1s --json "$shm/q.json"
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "qualify exited $rc: $(head -c 600 "$ERR")"
[ "$ms" -lt 3000 ] || fail "qualify --duration 1s took $ms ms"
grep -q '^Slices shortened to [0-9]*ms from the default --slice 5s, so that --duration 1s holds two slices of each test\.$' "$OUT" ||
	fail "no shortened line naming the default: $(head -4 "$OUT")"
json_check "$shm/q.json" "d['schedule']['trial_shortened'] is True and d['schedule']['trial_asked_given'] is False and d['schedule']['trial_asked_s'] == 5"

# A trial the budget holds is kept as asked, and nothing is said.
expect_exit 0 "$WALBENCH" run --dir "$shm" --method fdatasync --budget 1s --trial-time 50ms --json "$shm/f.json"
! grep -q 'shortened' "$OUT" || fail "a trial that fits said shortened: $(grep shortened "$OUT")"
json_check "$shm/f.json" "d['schedule']['trial_shortened'] is False and d['schedule']['trial_s'] == 0.05"

# The smoke run: below what two trials need, kept all the same, and said.
timed "$WALBENCH" run --dir "$shm" --method none --budget 10ms
[ "$rc" = 0 ] || fail "run --budget 10ms exited $rc: $(head -c 600 "$ERR")"
[ "$ms" -lt 2000 ] || fail "run --budget 10ms took $ms ms"
grep -q '^Trials shortened to 10ms from the default --trial-time 200ms, the shortest --trial-time takes; two trials of each test after its warm-up need --budget 130ms\.$' "$OUT" ||
	fail "no line naming the budget two trials need: $(head -4 "$OUT")"

# recommend: refused before a flush, naming the least budget; one that holds
# every test's two trials measures.
timed "$WALBENCH" recommend "$shm" --budget 1s
[ "$rc" = 2 ] || fail "recommend --budget 1s exited $rc, want 2"
[ "$ms" -lt 500 ] || fail "recommend --budget 1s took $ms ms to refuse: it measured"
grep -qx 'walbench: --budget 1s cannot give each of 12 tests its warm-up and two trials, which a decision needs: give at least --budget 1560ms' "$ERR" ||
	fail "not the refusal: $(cat "$ERR")"
[ ! -s "$OUT" ] || fail "recommend printed before refusing: $(head -3 "$OUT")"
expect_exit 0 "$WALBENCH" recommend "$shm" --budget 1s --workload oltp
assert_no_files "$shm"
pass
