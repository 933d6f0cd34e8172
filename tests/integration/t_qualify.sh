#!/usr/bin/env bash
# t_qualify.sh — `walbench qualify` on /tmp and on /dev/shm with short slices:
# the chosen tier's verdict comes first, every criterion shows its figure,
# interval, threshold and source, the trend line and the JSON qualification
# are there, the exit status is the verdict's; on /dev/shm (memory) the
# verdict fails, saying why first, and the findings say the flushes reach
# nothing stable.
# Bad input — a missing directory, an unknown tier, a malformed option — is
# refused with exit 2 before measuring. Nothing is left behind.
. "$(dirname "$0")/lib.sh"
set -e

wb_tmpdir d /tmp
set +e
"$WALBENCH" qualify "$d" --tier standard --duration 4s --slice 250ms --json "$d/q.json" >"$OUT" 2>"$ERR"
got=$?
set -e
case $got in 0 | 1) ;; *) fail "qualify exited $got: $(head -c 600 "$ERR")" ;; esac
# First after the header (the question, and what the run cannot show or cut
# short, each a line, then a blank one).
awk 'f { print; exit } /^$/ { f = 1 }' "$OUT" | grep -qE '^standard: (PASS|FAIL|INCONCLUSIVE)(: .*)?$' ||
	fail "no verdict first: $(head -7 "$OUT")"
grep -qE '^  (pass|fail|inconclusive) +commit +p99_ms ' "$OUT" || fail "no p99 criterion line"
grep -q '^Over the run (8 kB commits' "$OUT" || fail "no trend line"
json_check "$d/q.json" 'd["qualification"]["tier"] == "standard" and d["qualification"]["verdict"] in ("pass", "fail", "inconclusive")'
# The chosen tier's criteria, each of them, as profiles/tiers.json lists them.
json_check "$d/q.json" '[(c["shape"], c["metric"]) for c in d["qualification"]["criteria"]] == [(c["shape"], c["metric"]) for c in next(t for t in json.load(open("'"$WB_SOURCE_DIR"'/profiles/tiers.json"))["tiers"] if t["name"] == "standard")["criteria"]]'
json_check "$d/q.json" 'all(set(c) >= {"shape", "metric", "value", "ci95", "ci95_pct", "threshold", "result", "source"} for c in d["qualification"]["criteria"])'
json_check "$d/q.json" 'len(d["qualification"]["tiers"]) >= 2 and isinstance(d["findings"], list)'
# The exit status is the chosen tier's verdict.
want=$(python3 -c 'import json,sys; print(0 if json.load(open(sys.argv[1]))["qualification"]["verdict"] == "pass" else 1)' "$d/q.json")
[ "$got" = "$want" ] || fail "exit $got for verdict $(grep -m1 '^standard:' "$OUT")"
# Slices are kept: a commit row's trials each have a start time and a p99.
json_check "$d/q.json" 'any(t["label"] == "commit" and len(t["trial_ops_per_sec"]) >= 4 for t in d["tests"])'
rm -f "$d/q.json"
assert_no_files "$d"

if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	wb_tmpdir s /dev/shm
	set +e
	"$WALBENCH" qualify "$s" --duration 3s --slice 250ms --json "$s/q.json" >"$OUT" 2>"$ERR"
	got=$?
	set -e
	case $got in 0 | 1) ;; *) fail "qualify on /dev/shm exited $got: $(head -c 600 "$ERR")" ;; esac
	json_check "$s/q.json" '"storage-in-memory" in {f["name"] for f in d["findings"]}'
	# Memory is not durable: the verdict fails, that reason first, whatever the rates.
	[ "$got" = 1 ] || fail "qualify on /dev/shm exited $got, not 1 (fail)"
	json_check "$s/q.json" 'd["qualification"]["verdict"] == "fail"'
	grep -q "^standard: FAIL: $s is memory (tmpfs), not durable" "$OUT" ||
		fail "memory not failed first: $(head -5 "$OUT")"
	# A tmpfs fdatasync does nothing, but whether it is within 1.5x of a write's
	# time depends on the build (a sanitizer build slows the write path more):
	# the rule itself is unit-tested.
	grep -q 'storage-in-memory: ' "$OUT" || fail "the memory finding is not printed: $(cat "$OUT")"
	rm -f "$s/q.json"
	assert_no_files "$s"
fi

expect_exit 2 "$WALBENCH" qualify "$d/missing"
expect_exit 2 "$WALBENCH" qualify "$d" --tier nosuch
# A tier --tier does not know is a usage error, said as one: the names it knows, then the hint.
grep -q '^walbench: --tier: no tier named "nosuch" in tiers.json; allowed: .*standard' "$ERR" ||
	fail "unknown tier message: $(cat "$ERR")"
[ "$(sed -n 2p "$ERR")" = 'Try "walbench --help" for more information.' ] && [ "$(wc -l <"$ERR")" = 2 ] ||
	fail "unknown tier: want the message and the hint: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" qualify "$d" --duration fast
assert_no_files "$d"
pass
