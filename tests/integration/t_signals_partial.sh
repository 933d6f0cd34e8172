#!/usr/bin/env bash
# t_signals_partial.sh — a signal mid-`run --json`, mid-`qualify --json`,
# mid-`recommend --json`: the
# run stops after its current trial, prints and writes what it measured marked
# partial ("partial": true, "interrupted_by"), removes its files and exits
# 128 + the signal; a second signal stops it at once, files still removed.
. "$(dirname "$0")/lib.sh"
set -e
command -v script >/dev/null || skip "script(1) missing (bsdutils)"
wb_tmpdir d

# start_bg VAR CMD...: starts CMD in its own session (a background job's SIGINT
# would otherwise start ignored), its pid in $VAR, and waits for its test file.
start_bg() {
	local _var=$1 _pid
	shift
	setsid "$@" >"$OUT" 2>"$ERR" &
	_pid=$!
	on_exit "kill -9 $_pid 2>/dev/null || true"
	wait_for_files "$d" 'walbench.*'
	printf -v "$_var" '%s' "$_pid"
}

# start_tty VAR CMD...: starts CMD as start_bg does, but with its stderr on a
# pseudo-terminal (script(1)), so that it draws its progress line into $ERR; stdout
# still goes to $OUT. Waits until the line says round 2 (every test has finished a
# trial) and puts walbench's own pid, which its test file names, in $VAR.
start_tty() {
	local _var=$1 _cmd _f _i
	shift
	printf -v _cmd '%q ' "$@"
	setsid script -qefc "$_cmd>$(printf %q "$OUT")" /dev/null >"$ERR" 2>&1 </dev/null &
	script_pid=$!
	on_exit "kill -9 $script_pid 2>/dev/null || true"
	wait_for_files "$d" 'walbench.*'
	for _f in "$d"/walbench.*; do break; done
	_f=${_f##*/walbench.}
	printf -v "$_var" '%s' "${_f%%.*}"
	on_exit "kill -9 ${_f%%.*} 2>/dev/null || true"
	for _i in $(seq 600); do
		grep -aq 'round 2, ' "$ERR" && return 0
		kill -0 "$script_pid" 2>/dev/null || fail "$1 ended before its second round: $(cat -v "$ERR")"
		sleep 0.05
	done
	fail "$1: no second round in 30 s: $(cat -v "$ERR")"
}

# The signal comes once every test has finished a trial: a fixed sleep (1.5 s) came
# before the second test's first trial where preparing the file or a busy machine
# took most of it, and a correct run then said that test "not run".
for sig in INT TERM HUP; do
	start_tty pid "$WALBENCH" run --dir "$d" --method fdatasync,fsync --budget 60s --json "$d/r.json"
	kill -s "$sig" "$pid"
	wait_rc "$script_pid" # script -e: walbench's own status
	want=$((128 + $(kill -l "$sig")))
	[ "$rc" = "$want" ] || fail "run, SIG$sig: exit $rc, want $want; $(cat -v "$ERR")"
	grep -aq 'interrupted: finishing the current trial' "$ERR" || fail "no interruption message"
	grep -q 'INTERRUPTED after' "$OUT" || fail "the text does not say partial: $(cat "$OUT")"
	json_check "$d/r.json" 'd["partial"] is True and d["interrupted_by"] == "SIG'"$sig"'"'
	json_tests "$d/r.json" 2 fdatasync fsync
	json_check "$d/r.json" 'all(t["status"] == "ok" and len(t["trial_ops_per_sec"]) >= 1 for t in d["tests"])'
	rm -f "$d/r.json"
	assert_no_files "$d"
done

# qualify: the Prometheus file is marked partial and carries no verdict a
# dashboard could read as a pass, and the text says INTERRUPTED before its
# headline, not after the findings.
start_bg pid "$WALBENCH" qualify "$d" --duration 60s --slice 300ms --json "$d/q.json" --prom "$d/q.prom"
sleep 1.5
kill -s INT "$pid"
wait_rc "$pid"
[ "$rc" = 130 ] || fail "qualify, SIGINT: exit $rc, want 130 (a partial run is no pass)"
json_check "$d/q.json" 'd["partial"] is True and "qualification" in d'
grep -qx 'walbench_partial{signal="SIGINT"} 1' "$d/q.prom" || fail "prom not marked partial: $(head -5 "$d/q.prom")"
! grep -q '^walbench_qualify_verdict_info' "$d/q.prom" || fail "a partial run's verdict in the prom: $(grep verdict "$d/q.prom")"
note=$(grep -n 'INTERRUPTED after' "$OUT" | head -1 | cut -d: -f1)
tiers=$(grep -n '^Every tier' "$OUT" | head -1 | cut -d: -f1)
[ -n "$note" ] || fail "qualify does not say partial: $(cat "$OUT")"
[ -z "$tiers" ] || [ "$note" -lt "$tiers" ] || fail "INTERRUPTED after the findings: $(cat "$OUT")"
hl=$(awk 'NR > 1 && /^$/ { getline; print NR; exit }' "$OUT")
[ "$note" -le "${hl:-$note}" ] || fail "INTERRUPTED after the headline (line $hl): $(cat "$OUT")"
rm -f "$d/q.json" "$d/q.prom"
assert_no_files "$d"

# recommend stopped before it knows: no method, and the exit says the signal
# (it said 2, "nothing could run", when the partial figures decided nothing);
# what is open says "interrupted after N s", not "budget spent".
start_bg pid "$WALBENCH" recommend "$d" --budget 60s --trial-time 500ms --json "$d/rec.json"
sleep 1.5
kill -s TERM "$pid"
wait_rc "$pid"
[ "$rc" = 143 ] || fail "recommend, SIGTERM: exit $rc, want 143; $(cat "$ERR")"
grep -q 'INTERRUPTED after' "$OUT" || fail "recommend does not say partial: $(cat "$OUT")"
json_check "$d/rec.json" 'd["partial"] is True and d["interrupted_by"] == "SIGTERM"'
# a test of one trial has no interval: a dash, never "inf%" (the unit test
# test_report_rates.c always has such a row; here it depends on the timing)
! grep -Eq '(inf|nan)%' "$OUT" || fail "a percentage with no value: $(grep -E '(inf|nan)%' "$OUT")"
# what is still open says it was interrupted: its budget was not spent
! grep -q 'budget spent' "$OUT" || fail "an interrupted recommend says its budget was spent: $(cat "$OUT")"
json_check "$d/rec.json" 'd.get("decision") is None or (d["decision"]["stopped"] in ("interrupted", "decided") and all(g["reason"].startswith("interrupted after ") for g in d["decision"]["groups"] if g["state"] == "undecided"))'
rm -f "$d/rec.json"
assert_no_files "$d"

# A second signal does not wait: files removed, exit at once.
start_bg pid "$WALBENCH" run --dir "$d" --method fdatasync --budget 60s --trial-time 3s --json "$d/r.json"
sleep 0.5
kill -s INT "$pid"
sleep 0.1
kill -s TERM "$pid"
wait_rc "$pid"
[ "$rc" = 143 ] || [ "$rc" = 130 ] || fail "two signals: exit $rc"
grep -q 'test files removed' "$ERR" || [ "$rc" = 130 ] || fail "second signal: no removal message"
rm -f "$d/r.json"
assert_no_files "$d"
pass
