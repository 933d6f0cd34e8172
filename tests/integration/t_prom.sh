#!/usr/bin/env bash
# t_prom.sh — --prom FILE writes node_exporter's textfile format: every line
# parses against the exposition format (checked line by line below), each
# family has HELP and TYPE before its samples, no series repeats, and the
# series are the ones asked for: a rate for each method named on the command
# line, recommend's recommended method, qualify's verdict for each shipped tier
# with the --tier asked as the chosen one, and whether its rates were
# sustained. An unwritable --prom is refused before measuring. (The figures
# themselves are unit.prom's: known ones rendered, read back line by line.)
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

expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync,fsync --budget 1500ms --prom "$d/w.prom"
check_prom "$d/w.prom"
grep -q 'quantile="0.99"' "$d/w.prom" || fail "no p99"
# A rate and an ok status for each method asked, on the sync engine at 8 kB, and no other.
python3 - "$d/w.prom" <<'PY' || fail "not the methods asked: $(grep -E '^walbench_(flush_ops|test_status)' "$d/w.prom")"
import re, sys
prom = open(sys.argv[1]).read()
rates = re.findall(r'^walbench_flush_ops_per_second\{method="([^"]+)",engine="sync",size="8192",[^}]*\} (\S+)$', prom, re.M)
ok = re.findall(r'^walbench_test_status\{method="([^"]+)",[^}]*status="ok"\} 1$', prom, re.M)
n = len(re.findall(r'^walbench_flush_ops_per_second\{', prom, re.M))
sys.exit(0 if sorted(m for m, _ in rates) == ["fdatasync", "fsync"] == sorted(ok) and n == 2
         and all(float(v) > 0 for _, v in rates) else 1)
PY
expect_exit 0 "$WALBENCH" recommend "$d" --workload oltp --budget 6s --prom "$d/rec.prom"
check_prom "$d/rec.prom"
grep -qE '^walbench_recommended_method_info\{method="(fdatasync|fsync|open_datasync|open_sync)",change="(true|false)",state="(switch|tie|keep|undecided)"\} 1$' "$d/rec.prom" ||
	fail "no recommended method: $(grep recommended "$d/rec.prom")"
# qualify adds a verdict for each tier of the shipped file, the one asked
# chosen, and whether its rates were sustained (any verdict: the exit status is
# the gate's).
set +e
"$WALBENCH" qualify "$d" --duration 3s --slice 250ms --tier etcd --prom "$d/q.prom" \
	>"$OUT" 2>"$ERR"
set -e
check_prom "$d/q.prom"
python3 - "$d/q.prom" "$WB_SOURCE_DIR/profiles/tiers.json" <<'PY' || fail "not the shipped tiers: $(grep -E 'qualify|sustained' "$d/q.prom")"
import json, re, sys
prom = open(sys.argv[1]).read()
shipped = sorted(t["name"] for t in json.load(open(sys.argv[2]))["tiers"])
got = re.findall(r'^walbench_qualify_verdict_info\{tier="([^"]+)",verdict="(pass|fail|inconclusive|not measured)",chosen="(true|false)"\} 1$', prom, re.M)
chosen = [t for t, _, c in got if c == "true"]
states = re.findall(r'^walbench_sustained_info\{state="(bucket|steady|unknown|not judged)"\} 1$', prom, re.M)
sys.exit(0 if sorted(t for t, _, _ in got) == shipped and chosen == ["etcd"] and len(states) == 1 else 1)
PY
expect_exit 2 "$WALBENCH" run --dir "$d" --prom "$d/missing/w.prom"
grep -q -- '--prom' "$ERR" || fail "the refusal does not name --prom"
rm -f "$d/w.prom" "$d/rec.prom" "$d/q.prom"
assert_no_files "$d"
pass
