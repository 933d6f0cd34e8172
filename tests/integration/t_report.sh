#!/usr/bin/env bash
# t_report.sh — walbench report draws results files (recommend with placement,
# qualify, a run with a size sweep) into one self-contained HTML file: every
# section there, every SVG well-formed XML, nothing loaded from anywhere, a
# failed test named loudly, several files side by side; and bad input is exit
# 2 naming the input, with no report written.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 missing"
FIX=$WB_SOURCE_DIR/tests/unit/fixtures/report
wb_tmpdir T

# check_html FILE SECTION...: the sections' headings are there, the SVGs parse,
# no URL, script or external reference.
check_html() {
	python3 - "$@" <<'PY' || fail "structure of $1"
import re, sys, xml.etree.ElementTree as ET
path, sections = sys.argv[1], sys.argv[2:]
html = open(path, encoding="utf-8").read()
for s in sections:
    if s not in html:
        sys.exit(f"{path}: no section {s!r}")
svgs = re.findall(r"<svg\b.*?</svg>", html, re.S)
if not svgs:
    sys.exit(f"{path}: no chart")
for i, s in enumerate(svgs):
    try:
        ET.fromstring(s)
    except ET.ParseError as e:
        sys.exit(f"{path}: chart {i} is not well-formed XML: {e}")
for bad in ("http:", "https:", "<script", "<img", "<link", "<iframe", "@import", "src="):
    if bad in html.lower():
        sys.exit(f"{path}: external or active content: {bad!r}")
if re.search(r"url\((?!#)", html):
    sys.exit(f"{path}: url() that is not a fragment")
if html.count("<section") != html.count("</section>"):
    sys.exit(f"{path}: unbalanced sections")
PY
}

"$WALBENCH" report "$FIX/recommend.json" -o "$T/rec.html" >"$T/out" || fail "report of recommend.json"
grep -q "wrote $T/rec.html" "$T/out" || fail "no 'wrote' line: $(cat "$T/out")"
check_html "$T/rec.html" "<h2>Decision</h2>" "Which wal_sync_method" "postgresql.conf:" \
	"<h2>Measurements</h2>" "Flushes per second, with the 95 % interval" \
	"Latency of one flush" "Rate of each trial" "Device, kernel and run" \
	"Advisories and findings" "How this was measured" "<pre>walbench recommend"
# The decision, and the risks in the storage and the OS, come before the measurements.
python3 -c "import sys; h=open(sys.argv[1]).read(); m=h.index('<h2>Measurements'); sys.exit(h.index('Which wal_sync_method') > m or h.index('Advisories and findings') > m)" "$T/rec.html" ||
	fail "the decision and its risks are not first"

# The box names the state read from the file, not from its headline: the
# fixture (schema 6, decided false) is undecided, and its old headline's "not
# worth a change" of what it never proved is not shown.
check_html "$T/rec.html" '<p class="state state-undecided"><strong>Undecided</strong>' \
	'<p class="headline state-undecided">Undecided: keep wal_sync_method = fdatasync for now'
! grep -q "not worth a change" "$T/rec.html" || fail "an undecided run is called not worth a change"
# A file with a state (schema 7) is shown as its state says, whatever its headline.
for st in switch tie keep undecided; do
	python3 - "$FIX/recommend.json" "$T/st.json" "$st" <<'PY' || fail "making the $st file"
import json, sys
d = json.load(open(sys.argv[1]))
d["schema_version"] = 7
d["recommendation"]["state"] = sys.argv[3]
d["recommendation"]["headline"] = "the headline of " + sys.argv[3]
json.dump(d, open(sys.argv[2], "w"))
PY
	"$WALBENCH" report "$T/st.json" -o "$T/st-$st.html" >/dev/null || fail "report of a $st file"
	check_html "$T/st-$st.html" "<p class=\"state state-$st\"><strong>" \
		"<p class=\"headline state-$st\">the headline of $st</p>"
done

"$WALBENCH" report "$FIX/placement.json" -o "$T/place.html" >/dev/null || fail "report of placement.json"
check_html "$T/place.html" "Where pg_wal belongs" "Commits per second where pg_wal could live" "/dev/shm"
# Where pg_wal belongs, then the method chosen for it: the text's order.
python3 -c "import sys; h=open(sys.argv[1]).read(); sys.exit(h.index('<h3>Where pg_wal belongs') > h.index('<h3>Which wal_sync_method'))" "$T/place.html" ||
	fail "the HTML's method comes before where pg_wal belongs"
# The placement verdict's state (schema 7) is the headline's class.
python3 - "$FIX/placement.json" "$T/place7.json" <<'PY' || fail "making the placement state file"
import json, sys
d = json.load(open(sys.argv[1]))
d["recommendation"]["placement_baseline"]["state"] = "undecided"
json.dump(d, open(sys.argv[2], "w"))
PY
"$WALBENCH" report "$T/place7.json" -o "$T/place7.html" >/dev/null || fail "report of place7.json"
check_html "$T/place7.html" '<h3>Where pg_wal belongs</h3>' '<p class="headline state-undecided">'
# A prediction a cap cut (schema 32's clip) reads as a bound in the gain column:
# the point at the capped top "at most", all three cut to one figure no interval.
python3 - "$FIX/placement.json" "$T/clip.json" <<'PY' || fail "making the capped prediction file"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["recommendation"]["placement"][0]
c["gain_pct"], c["ci95_pct"] = 1446.1, [451.1, 1446.1]
c["prediction"] = {"why": "ok", "commits_per_s": 66, "clip": "point", "limit": "device"}
d["recommendation"]["placement"].append(dict(c, path="/srv/wal2", gain_pct=83.0, ci95_pct=[83.0, 83.0],
                                             prediction=dict(c["prediction"], clip="all")))
json.dump(d, open(sys.argv[2], "w"))
PY
"$WALBENCH" report "$T/clip.json" -o "$T/clip.html" >/dev/null || fail "report of clip.json"
check_html "$T/clip.html" "<td>+1446 % at most [451, 1446]</td>" "<td>capped at +83 %</td>"
! grep -q "83.0, 83.0" "$T/clip.html" || fail "an interval cut to its point is printed as one"

"$WALBENCH" report "$FIX/qualify.json" -o "$T/q.html" >/dev/null || fail "report of qualify.json"
check_html "$T/q.html" "Does the disk qualify?" "standard: PASS" "Flushes per second in each time slice" \
	"Burst against sustained"

"$WALBENCH" report "$FIX/run_sweep.json" -o "$T/sweep.html" >/dev/null || fail "report of run_sweep.json"
check_html "$T/sweep.html" "Write size swept" "Megabytes per second against the write size" \
	"measurements only"

# Several files: an overview with one column per file, labelled by host name or,
# where host names repeat, by file name; the tests they share drawn together.
cp "$FIX/recommend.json" "$T/db1.json"
cp "$FIX/placement.json" "$T/db2.json"
"$WALBENCH" report "$T/db1.json" "$T/db2.json" "$FIX/qualify.json" -o "$T/fleet.html" >/dev/null ||
	fail "report of three files"
check_html "$T/fleet.html" "<h2>Overview</h2>" "The tests the files share" \
	'<h2 class="runlabel">db1</h2>' '<h2 class="runlabel">db2</h2>' '<h2 class="runlabel">qualify</h2>' \
	"fdatasync · db1" "fdatasync · db2"

# A durability failure is on top, in words, not a bar.
python3 - "$FIX/recommend.json" "$T/failed.json" <<'PY' || fail "making the failed file"
import json, sys
d = json.load(open(sys.argv[1]))
t = d["tests"][1]
t.update(status="error", reason="fdatasync: Input/output error", durability_failure=True, ops_per_sec=0)
json.dump(d, open(sys.argv[2], "w"))
PY
"$WALBENCH" report "$T/failed.json" -o "$T/failed.html" >/dev/null || fail "report of a failed run"
check_html "$T/failed.html" '<div class="alarm"><strong>1 test failed.' \
	"DURABILITY FAILURE: fdatasync: Input/output error"

# Text from the file cannot inject markup.
python3 - "$FIX/run_sweep.json" "$T/evil.json" <<'PY' || fail "making the hostile file"
import json, sys
d = json.load(open(sys.argv[1]))
d["host"]["hostname"] = "<script>alert(1)</script>"
d["tests"][0]["label"] = "</svg><b>x</b>"
json.dump(d, open(sys.argv[2], "w"))
PY
"$WALBENCH" report "$T/evil.json" -o "$T/evil.html" >/dev/null || fail "report of the hostile file"
check_html "$T/evil.html" "&lt;script&gt;alert(1)&lt;/script&gt;"
# Nor break out of an attribute: words that become CSS classes keep letters only.
python3 - "$FIX/recommend.json" "$T/evil2.json" <<'PY' || fail "making the second hostile file"
import json, sys
d = json.load(open(sys.argv[1]))
d["recommendation"]["advisories"][0]["severity"] = 'warn" onmouseover="x'
json.dump(d, open(sys.argv[2], "w"))
PY
"$WALBENCH" report "$T/evil2.json" -o "$T/evil2.html" >/dev/null || fail "report of the second hostile file"
check_html "$T/evil2.html" '<li class="sev-warnonmouseoverx">'
! grep -q 'onmouseover="' "$T/evil2.html" || fail "an attribute was injected"

# Bad input: exit 2, the input named, nothing written.
expect_refusal() { # WANT_TEXT ARGS...
	local want=$1
	shift
	"$WALBENCH" report "$@" >"$T/out" 2>"$T/err" && fail "report $* succeeded"
	[ $? = 2 ] || fail "report $*: exit status not 2"
	grep -qF -- "$want" "$T/err" || fail "report $*: no '$want' in: $(cat "$T/err")"
}
expect_refusal "$T/missing.json: cannot read" "$T/missing.json" -o "$T/x.html"
expect_refusal "$T: cannot read: Is a directory" "$T" -o "$T/x.html"
echo '{"schema_version": 6, "tests": [' >"$T/broken.json"
expect_refusal "$T/broken.json: not valid JSON" "$FIX/recommend.json" "$T/broken.json" -o "$T/x.html"
{ cat "$FIX/recommend.json"; echo garbage; } >"$T/junk.json"
expect_refusal "$T/junk.json: not valid JSON: text after the document at line" "$T/junk.json" -o "$T/x.html"
expect_refusal "needs at least one results file" -o "$T/x.html"
expect_refusal "--output" "$FIX/recommend.json" -o "$T/no/such/dir/x.html"
expect_refusal "--json goes with --summary" "$FIX/recommend.json" --json "$T/x.json" -o "$T/x.html"
[ ! -e "$T/x.html" ] || fail "a refused report was written"
ln -s "$T/rec.html" "$T/link.html"
expect_refusal "link.html" "$FIX/recommend.json" -o "$T/link.html"
pass
