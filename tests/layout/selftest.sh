#!/usr/bin/env bash
# selftest.sh — proves check_layers.sh can fail: on a copy of the sources with one
# upward include (results -> measure), one bare include of another folder's
# header, a second file named units.c, a guard of another convention and a raw
# JSON key lookup outside the results reader, it must exit 1 and name each; on
# the untouched copy it must pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d /tmp/wblayers.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/src" "$root/engines" "$tmp/"
bash "$here/check_layers.sh" "$tmp" >/dev/null || { echo "FAIL: clean copy rejected" >&2; exit 1; }
printf '#include "measure/session.h"\n#include "options.h"\n' >>"$tmp/src/results/stats.c"
cp "$tmp/src/model/units.c" "$tmp/src/facts/units.c"
sed -i 's/WB_MODEL_UNITS_H/UNITS_H/' "$tmp/src/model/units.h"
printf '/* cJSON_GetObjectItem(o, "x") */\n' >>"$tmp/src/advice/compare.c"
if out=$(bash "$here/check_layers.sh" "$tmp" 2>&1); then
	echo "FAIL: an upward include passed the check" >&2
	exit 1
fi
grep -q 'results may not include measure' <<<"$out" || { echo "FAIL: upward include not named: $out" >&2; exit 1; }
grep -q '"options.h" is not beside the file' <<<"$out" || { echo "FAIL: bare include not named: $out" >&2; exit 1; }
grep -q '2 source files are named units.c' <<<"$out" || { echo "FAIL: repeated name not named: $out" >&2; exit 1; }
grep -q 'src/model/units.h: its include guard must be WB_MODEL_UNITS_H' <<<"$out" || { echo "FAIL: wrong guard not named: $out" >&2; exit 1; }
grep -q 'src/advice/compare.c: looks a key up in parsed JSON' <<<"$out" || { echo "FAIL: a raw key lookup not named: $out" >&2; exit 1; }
echo "PASS: layering check rejects upward and bare cross-folder includes, a repeated file name, a stray guard and a raw key lookup"
