#!/usr/bin/env bash
# selftest_circles.sh — proves check_circles.sh can fail: two files of a fake
# tree that call each other must be named as a circle; with the call back
# removed the same tree must pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
command -v "$cc" >/dev/null || { echo "SKIP: no C compiler"; exit 77; }
tmp=$(mktemp -d /tmp/wbcircles-self.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/x" "$tmp/build/CMakeFiles/wb_x.dir/src/x"
printf 'int b(int);\nint a(int n) { return n ? b(n - 1) : 0; }\n' >"$tmp/src/x/a.c"
printf 'int a(int);\nint b(int n) { return n ? a(n - 1) : 1; }\n' >"$tmp/src/x/b.c"
printf 'int a(int);\nint c(void) { return a(3); }\n' >"$tmp/src/x/c.c"
compile() { for f in a b c; do "$cc" -c "$tmp/src/x/$f.c" -o "$tmp/build/CMakeFiles/wb_x.dir/src/x/$f.c.o"; done; }
compile
if out=$(bash "$here/check_circles.sh" "$tmp/build" "$tmp" 2>&1); then
	echo "FAIL: a.c <-> b.c passed the check: $out" >&2
	exit 1
fi
grep -q 'src/x/a.c' <<<"$out" && grep -q 'src/x/b.c' <<<"$out" ||
	{ echo "FAIL: the circle is not named: $out" >&2; exit 1; }
grep -q 'src/x/c.c' <<<"$out" && { echo "FAIL: c.c is named, but only calls into the circle: $out" >&2; exit 1; }
printf 'int b(int n) { return n; }\n' >"$tmp/src/x/b.c"
compile
bash "$here/check_circles.sh" "$tmp/build" "$tmp" >/dev/null || { echo "FAIL: a tree without a circle rejected" >&2; exit 1; }
echo "PASS: the circle check names two files that call each other, and passes without"
