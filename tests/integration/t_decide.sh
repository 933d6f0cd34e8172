#!/usr/bin/env bash
# t_decide.sh — `run --decide fdatasync` on /tmp: the run ends with a decision for
# its one group (or says the budget ran out, and which question stayed open), the
# JSON carries the decision, its reason and the time it took, every trial's round,
# and the seed; a second run with that seed repeats the same order of tests.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d /tmp

t0=$(date +%s%N)
expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync,fsync,open_datasync,open_sync \
	--decide fdatasync --min-gain 5 --budget 20s --ci-target 50 --json "$d/out.json"
wall=$((($(date +%s%N) - t0) / 1000000))e-3
grep -q '^Decision against fdatasync' "$OUT" || fail "no decision section: $(cat "$OUT")"
grep -qE 'sync overwrite 8kB x1 conc 1: (SWITCH to [a-z_]+|TIE: keep fdatasync|KEEP fdatasync|UNDECIDED)' "$OUT" ||
	fail "no answer for the group: $(cat "$OUT")"
json_check "$d/out.json" 'd["decision"]["baseline"] == "fdatasync" and d["decision"]["min_gain_pct"] == 5'
json_check "$d/out.json" 'len(d["decision"]["groups"]) == 1'
json_check "$d/out.json" 'all(g["state"] in ("switch", "tie", "keep", "undecided") and g["reason"] for g in d["decision"]["groups"])'
# Decided: when, and in how many rounds; at the budget: no time to decision.
json_check "$d/out.json" '(d["decision"]["stopped"] == "decided") == (d["decision"]["decided_in_s"] is not None)'
# Decided within the run, by this shell's clock (a last trial may outrun the
# budget by a stall; the budget's bound is t_budget_kept's).
json_check "$d/out.json" 'd["decision"]["decided_in_s"] is None or 0 < d["decision"]["decided_in_s"] <= '"$wall"
json_check "$d/out.json" 'all(g["state"] == "undecided" or g["rounds"] >= (12 if g["state"] == "switch" else 8) for g in d["decision"]["groups"])'
json_tests "$d/out.json" 4 fdatasync fsync open_datasync open_sync
json_check "$d/out.json" 'all(len(t["trial_round"]) == t["trials"] for t in d["tests"])'
json_check "$d/out.json" 'd["schedule"]["seed"] > 0 and d["schedule"]["rounds"] >= 1'
json_check "$d/out.json" 'not any(t["dropped"] for t in d["tests"] if t["method"] == "fdatasync")'
# The decision stops the tests, not each test's own CI (a loose --ci-target would
# stop them after 5 trials otherwise): undecided means the budget was spent, and
# every test still running
# got a trial in every round (the last round may be cut short by the budget).
json_check "$d/out.json" 'd["decision"]["stopped"] == "decided" or d["schedule"]["elapsed_s"] >= 18'
json_check "$d/out.json" 'max(t["trials"] for t in d["tests"] if not t["dropped"] and not t["settled"]) - min(t["trials"] for t in d["tests"] if not t["dropped"] and not t["settled"]) <= 1'
assert_no_files "$d"

# A bad baseline is a usage error naming the value, before any measuring.
expect_exit 1 "$WALBENCH" run --dir "$d" --decide fastest
grep -q 'decide' "$ERR" || fail "error does not name --decide: $(cat "$ERR")"
pass
