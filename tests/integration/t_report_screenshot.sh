#!/usr/bin/env bash
# t_report_screenshot.sh — headless Chromium opens a report of several results
# files offline and takes a screenshot into the build folder
# (report-screenshot.png, kept for a person to look at); the PNG must exist
# and not be blank, and at 1400 px nothing may run past its box. Skips (77) only where chromium is not installed; a chromium
# that is installed but writes no PNG is a failure, whatever its exit status.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 missing"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || skip "chromium missing (Debian package chromium)"
FIX=$WB_SOURCE_DIR/tests/unit/fixtures/report
OUT=$(dirname "$WALBENCH")/report-screenshot.png
wb_tmpdir T

cp "$FIX/recommend.json" "$T/db1.json"
cp "$FIX/placement.json" "$T/db2.json"
"$WALBENCH" report "$T/db1.json" "$T/db2.json" "$FIX/qualify.json" -o "$T/report.html" >/dev/null ||
	fail "report"
rm -f "$OUT"
# No network: the page must not need it. A profile of its own, removed at exit.
rc=0
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$T/profile" --no-first-run --disable-extensions \
	--proxy-server=127.0.0.1:9 --window-size=1400,2400 \
	--screenshot="$OUT" "file://$T/report.html" >"$T/log" 2>&1 || rc=$?
[ -s "$OUT" ] || fail "$CHROMIUM exited $rc and wrote no screenshot: $(tail -5 "$T/log")"

# Decode the PNG (8-bit RGB or RGBA, as Chromium writes it) and count the
# pixels that are not background: a blank or near-blank page fails.
python3 - "$OUT" <<'PY' || fail "screenshot is blank or unreadable"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("not a PNG")
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        if depth != 8 or ctype not in (2, 6):
            sys.exit(f"unexpected PNG format: depth {depth}, colour type {ctype}")
        bpp = 3 if ctype == 2 else 4
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride, prev, inked, total = w * bpp, bytearray(w * bpp), 0, 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 4 == 0:  # every 4th row is plenty to tell a page from a blank one
        for x in range(0, stride, bpp * 2):
            total += 1
            inked += sum(line[x:x + 3]) < 600
    prev = line
share = inked / total
print(f"{w}x{h}, {share:.1%} of sampled pixels inked")
if share < 0.01:
    sys.exit(f"only {share:.2%} of the page is not background")
PY

# At 1400 px nothing runs past its box: not the page, not the files' columns
# (a grid of columns as wide as a chart each once hid the third file, its
# scroll bar at the bottom of pages of charts), not one file's column. A
# script added to a copy of the page measures it; --dump-dom reads its answer.
python3 - "$T/report.html" "$T/measured.html" <<'PY' || fail "cannot copy the report"
import sys
page = open(sys.argv[1]).read()
probe = """<script>(function(){var bad=[],de=document.documentElement;
if(de.scrollWidth>de.clientWidth)bad.push("page "+de.scrollWidth+" px in "+de.clientWidth);
document.querySelectorAll(".columns,.run").forEach(function(e){if(e.scrollWidth>e.clientWidth+1)
bad.push(e.className+" "+e.scrollWidth+" px in "+e.clientWidth)});
document.body.setAttribute("data-overflow",bad.length?bad.join("; "):"none");})();</script>"""
open(sys.argv[2], "w").write(page.replace("</body>", probe + "</body>"))
PY
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$T/profile" --no-first-run --disable-extensions \
	--proxy-server=127.0.0.1:9 --window-size=1400,900 \
	--dump-dom "file://$T/measured.html" >"$T/dom" 2>"$T/log" || true
overflow=$(sed -n 's/.*data-overflow="\([^"]*\)".*/\1/p' "$T/dom")
[ -n "$overflow" ] || fail "the page's measure did not run: $(tail -5 "$T/log")"
[ "$overflow" = none ] || fail "wider than its box at 1400 px: $overflow"
echo "screenshot: $OUT"
pass
