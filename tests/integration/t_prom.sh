#!/usr/bin/env bash
# t_prom.sh — --prom FILE writes node_exporter's textfile format: every line
# parses against the exposition format (checked line by line below), each
# family has HELP and TYPE before its samples, no series repeats, and the
# figures match the JSON of the same run; recommend adds the recommended
# method, qualify each tier's verdict and whether its rates were sustained. An unwritable --prom is refused before measuring.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d

check_prom() { # FILE
	python3 - "$1" <<'PY' || fail "not the exposition format: $1"
import re, sys
name = r'[a-zA-Z_:][a-zA-Z0-9_:]*'
label = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"'
sample = re.compile(r'^(%s)(\{%s(?:,%s)*\})? (-?[0-9.eE+-]+|NaN|[+-]Inf)$' % (name, label, label))
declared, typed, seen = set(), set(), set()
for n, line in enumerate(open(sys.argv[1]), 1):
    line = line.rstrip('\n')
    m = re.match(r'^# (HELP|TYPE) (%s) (.+)$' % name, line)
    if m:
        (declared if m.group(1) == 'HELP' else typed).add(m.group(2))
        if m.group(1) == 'TYPE' and m.group(3) not in ('gauge', 'counter', 'untyped'):
            sys.exit('line %d: bad type' % n)
        continue
    m = sample.match(line)
    if not m:
        sys.exit('line %d does not parse: %r' % (n, line))
    if m.group(1) not in declared or m.group(1) not in typed:
        sys.exit('line %d: %s has no HELP/TYPE before it' % (n, m.group(1)))
    series = m.group(1) + (m.group(2) or '')
    if series in seen:
        sys.exit('line %d: series repeated' % n)
    seen.add(series)
    float(m.group(3))
if not seen:
    sys.exit('no samples')
PY
}

expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync,fsync --budget 1500ms --prom "$d/w.prom" --json "$d/r.json"
check_prom "$d/w.prom"
grep -q '^walbench_flush_ops_per_second{method="fdatasync",engine="sync",size="8192"' "$d/w.prom" || fail "no fdatasync rate"
grep -q 'quantile="0.99"' "$d/w.prom" || fail "no p99"
grep -q '^walbench_test_status{.*status="ok"} 1$' "$d/w.prom" || fail "no status"
# The same figure as the JSON's.
python3 - "$d/w.prom" "$d/r.json" <<'PY' || fail "prom and JSON disagree"
import json, re, sys
rate = float(re.search(r'^walbench_flush_ops_per_second\{method="fsync"[^}]*\} (\S+)$', open(sys.argv[1]).read(), re.M).group(1))
j = [t for t in json.load(open(sys.argv[2]))["tests"] if t["method"] == "fsync"][0]["ops_per_sec"]
sys.exit(0 if abs(rate - j) <= 1e-4 * j + 0.1 else 1)
PY
expect_exit 0 "$WALBENCH" recommend "$d" --workload oltp --budget 6s --prom "$d/rec.prom"
check_prom "$d/rec.prom"
grep -qE '^walbench_recommended_method_info\{method="(fdatasync|fsync|open_datasync|open_sync)",change="(true|false)"\} 1$' "$d/rec.prom" ||
	fail "no recommended method: $(grep recommended "$d/rec.prom")"
# qualify adds each tier's verdict and whether its rates were sustained, as the
# JSON of the same run says (any verdict: the exit status is the gate's).
set +e
"$WALBENCH" qualify "$d" --duration 3s --slice 250ms --prom "$d/q.prom" --json "$d/q.json" \
	>"$OUT" 2>"$ERR"
set -e
check_prom "$d/q.prom"
python3 - "$d/q.prom" "$d/q.json" <<'PY' || fail "qualify's prom and JSON disagree: $(grep -E 'qualify|sustained' "$d/q.prom")"
import json, re, sys
prom = open(sys.argv[1]).read()
q = json.load(open(sys.argv[2]))["qualification"]
got = dict(re.findall(r'^walbench_qualify_verdict_info\{tier="([^"]+)",verdict="([^"]+)",chosen="(?:true|false)"\} 1$', prom, re.M))
want = {t["tier"]: t["verdict"] for t in q["tiers"]}
state = re.search(r'^walbench_sustained_info\{state="([^"]+)"\} 1$', prom, re.M).group(1)
sys.exit(0 if got == want and got and state == q["burst"]["sustained"] else 1)
PY
expect_exit 2 "$WALBENCH" run --dir "$d" --prom "$d/missing/w.prom"
grep -q -- '--prom' "$ERR" || fail "the refusal does not name --prom"
rm -f "$d/w.prom" "$d/r.json" "$d/rec.prom" "$d/q.prom" "$d/q.json"
assert_no_files "$d"
pass
