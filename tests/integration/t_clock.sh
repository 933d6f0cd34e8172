#!/usr/bin/env bash
# t_clock.sh — both clocks measure: the one walbench picks (the TSC where it can)
# and CLOCK_MONOTONIC forced by WALBENCH_CLOCK; JSON says which ran, and an
# unknown value falls back to monotonic with a warning.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
run_with_clock() { # VALUE JSON: VALUE empty means unset
	expect_exit 0 env ${1:+WALBENCH_CLOCK="$1"} "$WALBENCH" run --dir "$d" --method fdatasync \
		--engine sync --duration 200ms --json "$2"
	json_tests "$2" 1 fdatasync
	json_check "$2" 'all(t["status"] == "ok" and t["ops"] > 0 and t["ops_per_sec"] > 0 and
		0 < t["latency_us"]["p50"] <= t["latency_us"]["max"] for t in d["tests"])'
	# the rate and the mean latency come from the same clock and agree
	json_check "$2" 'all(abs(t["ops_per_sec"] * t["latency_us"]["mean"] / 1e6 - 1) < 0.02
		for t in d["tests"])'
}
run_with_clock "" "$d/auto.json"
json_check "$d/auto.json" '((d["host"]["clock"] == "tsc" and 0.1 <= d["host"]["clock_ghz"] <= 20) or
	(d["host"]["clock"] == "monotonic" and d["host"]["clock_ghz"] is None))'
run_with_clock monotonic "$d/mono.json"
json_check "$d/mono.json" 'd["host"]["clock"] == "monotonic" and d["host"]["clock_ghz"] is None'
run_with_clock sundial "$d/bad.json"
json_check "$d/bad.json" 'd["host"]["clock"] == "monotonic"'
grep -q "WALBENCH_CLOCK=sundial is not auto or monotonic" "$ERR" || fail "no warning: $(cat "$ERR")"
pass
