#!/usr/bin/env bash
# check_circles.sh — fails when source files call each other round a circle: a.c
# uses a function or variable that b.c defines and b.c, directly or through
# others, uses one of a.c's. Read from the built objects (nm), so it sees what
# the code really calls, not what a header happens to include: sharing a
# header's types is not a circle, calling back up is. A file called from two
# directions is a sign its shared part wants a file of its own.
# Usage: check_circles.sh BUILD_DIR SOURCE_DIR   (exit 0 clean, 1 with the circle)
set -euo pipefail
build=${1:?usage: check_circles.sh BUILD_DIR SOURCE_DIR}
root=${2:?usage: check_circles.sh BUILD_DIR SOURCE_DIR}
command -v nm >/dev/null && command -v tsort >/dev/null || { echo "SKIP: nm or tsort missing"; exit 77; }
tmp=$(mktemp -d /tmp/wbcircles.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

n=0
while IFS= read -r -d '' obj; do
	src=${obj#*.dir/}
	src=${src%.o}
	case $src in src/*.c | engines/*.c) ;; *) continue ;; esac
	[[ -e $root/$src ]] || continue # an object left from a file since removed
	n=$((n + 1))
	nm -P -g --defined-only "$obj" | awk -v f="$src" '{ print $1, f }' >>"$tmp/defs"
	nm -P -u "$obj" | awk -v f="$src" '{ print $1, f }' >>"$tmp/uses"
done < <(find "$build" -path '*/CMakeFiles/*' -name '*.c.o' -print0)
((n > 0)) || { echo "FAIL: no objects of src/ under $build: build first" >&2; exit 1; }
touch "$tmp/defs" "$tmp/uses"

# user -> definer, for every symbol one file takes from another.
join <(sort -u "$tmp/uses") <(sort -u "$tmp/defs") | awk '$2 != $3 { print $2, $3 }' |
	sort -u >"$tmp/edges"
if loop=$(tsort "$tmp/edges" 2>&1 >/dev/null) && [[ -z $loop ]]; then
	echo "circles: none among $n files"
	exit 0
fi
echo "circles: files call each other round a circle:" >&2
grep -v 'input contains a loop' <<<"$loop" | sed 's/^tsort: /  /' >&2
echo "(each calls the next, and the last the first: move the shared part to a file of its own)" >&2
exit 1
