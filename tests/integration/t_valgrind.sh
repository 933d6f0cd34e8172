#!/usr/bin/env bash
# t_valgrind.sh — memcheck over short runs (the quick profile, writing JSON;
# group commit's threads; the async engines beside sync) and over `report` on
# the JSON written: no invalid access, no use of an uninitialised value, no
# definite leak. Skips on a sanitizer build, which valgrind cannot run.
. "$(dirname "$0")/lib.sh"
set -e
command -v valgrind >/dev/null || skip "valgrind missing"
# ASan and TSan builds carry their runtime's init symbol (statically with
# clang, as an import with gcc): valgrind and those runtimes exclude each other.
if nm "$WALBENCH" 2>/dev/null | grep -Eq '__[at]san_init'; then
	skip "a sanitizer build: valgrind cannot run it"
fi
wb_tmpdir d
# 99: an exit code walbench never uses, so a report is told from walbench's own failure.
vg=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite)
expect_exit 0 "${vg[@]}" "$WALBENCH" run --dir "$d" --profile quick --budget 2s --quiet \
	--json "$d/r.json"
expect_exit 0 "${vg[@]}" "$WALBENCH" report "$d/r.json" -o "$d/r.html"
expect_exit 0 "${vg[@]}" "$WALBENCH" run --dir "$d" --pattern groupcommit --committers 4 \
	--method fdatasync --engine sync --budget 1s --quiet
# io_uring and libaio where the kernel allows them; sync keeps the run from being all n/a.
expect_exit 0 "${vg[@]}" "$WALBENCH" run --dir "$d" --method fdatasync --engine sync,io_uring,libaio \
	--jobs 2 --qd 1,4 --budget 2s --quiet
rm -f "$d/r.json" "$d/r.html"
assert_no_files "$d"
pass
