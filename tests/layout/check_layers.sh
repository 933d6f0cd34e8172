#!/usr/bin/env bash
# check_layers.sh — fails when a source file includes a header from a stage it may
# not use, or when two source files share a base name (one name, one purpose),
# a header's guard is not WB_<STAGE>_<NAME>_H, a file's header comment does not
# open with its own name, or a file outside the results file's reader and the
# profile/tiers readers looks a key up in parsed JSON; check_circles.sh finds files that call each other round a circle. The
# table below is CONTRIBUTING.md's "Source layout": each stage (a folder
# of src/, or engines/) and the stages below it that it may include. Includes are
# written "<stage>/file.h"; a bare "file.h" must name a header beside the file.
# The build enforces most of this (each stage's library sees only the stages it
# links); this check also catches what the compiler cannot see, such as a bare
# include of a header from another folder through a relative path.
# Usage: check_layers.sh [SOURCE_DIR]   (exit 0 clean, 1 with each offence listed)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}

declare -A allowed=(
	[cli]="report advice measure plan results server pgstat model facts engines"
	[report]="advice results plan pgstat model facts engines"
	[advice]="results pgstat model facts engines"
	[measure]="results pgstat model facts engines"
	[results]="pgstat model facts engines"
	[server]="pgstat facts"
	[pgstat]=""
	[plan]="model pgstat engines"
	[model]="engines"
	[facts]=""
	[engines]=""
)

bad=0
offend() {
	echo "layering: $1" >&2
	bad=1
}

# Every folder of src/ must be a stage the table knows.
for d in "$root"/src/*/; do
	stage=$(basename "$d")
	[[ -v allowed[$stage] ]] || offend "src/$stage/ is not in the layering table (tests/layout/check_layers.sh)"
done

check_file() { # FILE STAGE
	local file=$1 stage=$2 rel=${1#"$root"/} line n=0 inc target
	while IFS= read -r line; do
		n=$((n + 1))
		[[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]] || continue
		inc=${BASH_REMATCH[1]}
		if [[ $inc != */* ]]; then
			[[ -e $(dirname "$file")/$inc || $inc == *.h.in ]] ||
				offend "$rel:$n: \"$inc\" is not beside the file; write \"<stage>/$inc\""
			continue
		fi
		target=${inc%%/*}
		if [[ $target == . || $target == .. ]]; then
			offend "$rel:$n: \"$inc\": relative paths hide the stage; write \"<stage>/file.h\""
		elif [[ $target == "$stage" ]]; then
			continue
		elif ! [[ -v allowed[$target] ]]; then
			offend "$rel:$n: \"$inc\": $target is not a stage"
		elif ! [[ " ${allowed[$stage]} " == *" $target "* ]]; then
			offend "$rel:$n: \"$inc\": $stage may not include $target (it is not below $stage)"
		fi
	done <"$file"
}

while IFS= read -r -d '' f; do
	rel=${f#"$root"/}
	case $rel in
	engines/*) stage=engines ;;
	src/*/*) stage=${rel#src/}; stage=${stage%%/*} ;;
	*) offend "$rel: a source file outside the stages"; continue ;;
	esac
	check_file "$f" "$stage"
done < <(find "$root/src" "$root/engines" -type f \( -name '*.c' -o -name '*.h' \) -print0)

# One base name, one file: a verify.c in advice/ beside one in measure/ hides which is
# which in every stack trace, grep and include; stages say it with a suffix
# (recommend.c and recommend_text.c).
while read -r n name; do
	((n > 1)) || continue
	offend "$n source files are named $name: $(find "$root/src" "$root/engines" -name "$name" -printf '%P ' | tr -s ' ')"
done < <(find "$root/src" "$root/engines" -type f \( -name '*.c' -o -name '*.h' \) -printf '%f\n' | sort | uniq -c)

# One include-guard convention, and header comments that name their own file
# (names from an older layout mislead a grep).
while IFS= read -r -d '' f; do
	rel=${f#"$root"/}
	base=$(basename "$f")
	first=$(head -n 1 "$f")
	[[ $first == "/* $base "* ]] || offend "$rel:1: the header comment must open with \"/* $base — \""
	[[ $f == *.h ]] || continue
	case $rel in engines/*) stage=engines ;; *) stage=${rel#src/}; stage=${stage%%/*} ;; esac
	guard=WB_${stage^^}_${base%.h}_H
	guard=${guard^^}
	grep -q "^#ifndef $guard\$" "$f" || offend "$rel: its include guard must be $guard"
done < <(find "$root/src" "$root/engines" -type f \( -name '*.c' -o -name '*.h' \) -print0)

# The results file is read in one place (report/results_reader_get.c, through
# results/schema.h's keys); profiles, tiers and the burst-volume table have readers of
# their own (sharing plan/json_strict.c).
while IFS= read -r f; do
	case ${f#"$root"/} in
	src/report/results_reader_get.c | src/plan/profile.c | src/plan/tiers.c | \
	src/plan/json_strict.c | src/plan/burst_volumes.c) ;;
	*) offend "${f#"$root"/}: looks a key up in parsed JSON; read results through report/results_reader.h" ;;
	esac
done < <(grep -rl 'cJSON_GetObjectItem' "$root/src" "$root/engines" || true)

if ((bad)); then
	echo "layering: includes must point down the table in CONTRIBUTING.md \"Source layout\"" >&2
	exit 1
fi
echo "layering: ok"
