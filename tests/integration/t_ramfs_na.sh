#!/usr/bin/env bash
# t_ramfs_na.sh — on ramfs, which refuses O_DIRECT, compat prints n/a* with
# pg_test_fsync's footnote for the open_* methods, `engines` names the reason, and
# run's direct rows are n/a saying why (the sync rows measure; the direct engine
# alone is "nothing could run", exit 2).
. "$(dirname "$0")/lib.sh"
set -e
need_root
wb_tmpdir d
mount -t ramfs ramfs "$d" 2>/dev/null || skip "cannot mount ramfs here"
on_exit "umount '$d'"

expect_exit 0 "$WALBENCH" compat -f "$d" -s 50ms
grep -Eq '^        open_datasync +n/a\*$' "$OUT" || fail "open_datasync not n/a*: $(cat "$OUT")"
grep -Eq '^        open_sync +n/a\*$' "$OUT" || fail "open_sync not n/a*"
grep -Eq '^         1 \* 16kB open_sync write +n/a\*$' "$OUT" || fail "open_sync sizes not n/a*"
[ "$(grep -c '^\* This file system and its mount options do not support direct$' "$OUT")" = 2 ] ||
	fail "want the footnote after both method sections"
grep -Eq '^        fdatasync +[0-9.]+ ops/sec' "$OUT" || fail "fdatasync did not run"

expect_exit 0 "$WALBENCH" engines --dir "$d"
grep -Eq '^  fdatasync +n/a: O_DIRECT not supported by this file system' "$OUT" ||
	fail "engines has no O_DIRECT reason: $(cat "$OUT")"
grep -Eq '^sync:' "$OUT" && grep -Eq '^  fdatasync +available' "$OUT" || fail "sync not available"

expect_exit 0 "$WALBENCH" run --dir "$d" --engine sync,direct --method fdatasync --budget 1s \
	--json "$d.json"
on_exit "rm -f '$d.json'"
grep -Eq '^fdatasync +direct .* n/a: O_DIRECT not supported by this file system' "$OUT" ||
	fail "run: direct row: $(cat "$OUT")"
grep -Eq '^fdatasync +sync +8kB +1 +1 +[0-9.]+ ' "$OUT" || fail "run: sync row: $(cat "$OUT")"
json_check "$d.json" '[t["status"] for t in d["tests"] if t["engine"] == "direct"] == ["n/a"]'
expect_exit 2 "$WALBENCH" run --dir "$d" --engine direct --method fdatasync,open_datasync --budget 1s
[ "$(grep -c 'n/a: O_DIRECT not supported by this file system' "$OUT")" = 2 ] ||
	fail "run --engine direct: $(cat "$OUT")"
assert_no_files "$d"
pass
