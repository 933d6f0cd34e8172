#!/usr/bin/env bash
# check_results_schema.sh — fails when docs/results-schema.md and the schema
# module (src/results/schema.c, the one name table of the results file's keys)
# disagree: a key in the table but not in the doc's "Every key" index, or the
# other way round, or an indexed key the rest of the doc never shows (as `key`,
# "key", key[] or in a {a, b} list). Config's option names are the option
# table's, not the schema's, and are left out of both.
# Usage: check_results_schema.sh [SOURCE_DIR]   (exit 0 agree, 1 with each difference listed)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
table=$root/src/results/schema.c
doc=$root/docs/results-schema.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# [WB_KEY_X] = "x", one per line of the table
sed -n 's/^[[:space:]]*\[WB_KEY_[A-Z0-9_]*\] = "\([a-z0-9_]*\)",.*/\1/p' "$table" | sort >"$tmp/table"
# the backticked words between "## Every key" and the next "## "
awk '/^## /{ inside = ($0 ~ /^## Every key/); next } inside' "$doc" |
	grep -o '`[a-z0-9_]*`' | tr -d '`' | sort >"$tmp/index"
# the doc without its index
awk '/^## /{ inside = ($0 ~ /^## Every key/) } !inside' "$doc" >"$tmp/body"

[[ -s $tmp/table ]] || { echo "results schema: no keys found in $table" >&2; exit 1; }
# a table line the pattern above missed would hide a key from the check
[[ $(grep -c '^[[:space:]]*\[WB_KEY_' "$table") == $(wc -l <"$tmp/table") ]] ||
	{ echo "results schema: a line of the name table in $table is not [WB_KEY_X] = \"x\"," >&2; exit 1; }
[[ -s $tmp/index ]] || { echo "results schema: no \"## Every key\" index in $doc" >&2; exit 1; }
bad=0
for f in table index; do
	dups=$(uniq -d "$tmp/$f")
	[[ -z $dups ]] || { echo "results schema: named twice in the $f:" $dups >&2; bad=1; }
done
only=$(comm -23 <(uniq "$tmp/table") <(uniq "$tmp/index"))
[[ -z $only ]] || { echo "results schema: in src/results/schema.c, not in the doc's index:" $only >&2; bad=1; }
only=$(comm -13 <(uniq "$tmp/table") <(uniq "$tmp/index"))
[[ -z $only ]] || { echo "results schema: in the doc's index, not in src/results/schema.c:" $only >&2; bad=1; }
while read -r k; do
	grep -Eq "[\`\"]$k([\`\"]|\[\])|[{ ,]$k[,}]" "$tmp/body" ||
		{ echo "results schema: $k is indexed but not described in $doc" >&2; bad=1; }
done <"$tmp/index"
exit $bad
