#!/usr/bin/env bash
# t_async_engines.sh — io_uring (buffered and O_DIRECT) and libaio run every
# method at queue depth 1 and 8, on a disk-backed directory and on /dev/shm,
# with sane figures and no file left behind.
. "$(dirname "$0")/lib.sh"
set -e
need_engine io_uring
need_engine libaio
for base in /tmp /dev/shm; do
	[ -d "$base" ] && [ -w "$base" ] || continue
	wb_tmpdir d "$base"
	expect_exit 0 "$WALBENCH" run --dir "$d" --engine io_uring,io_uring_direct,libaio \
		--method all --qd 1,8 --writes 2 --duration 100ms --json "$d/out.json"
	# 6 methods x 3 engines x 2 depths.
	json_check "$d/out.json" 'len(d["tests"]) == 36'
	json_check "$d/out.json" 'all(t["status"] == "ok" and t["ops"] > 0 for t in d["tests"] if t["method"] != "fsync_writethrough")'
	json_check "$d/out.json" 'sorted({t["queue_depth"] for t in d["tests"]}) == [1, 8]'
	json_check "$d/out.json" 'all(0 < t["latency_us"]["p50"] <= t["latency_us"]["max"] for t in d["tests"] if t["status"] == "ok")'
	grep -Eq '^fdatasync +io_uring +8kB +2 +qd8 +[0-9.]+ ' "$OUT" || fail "no qd8 row: $(cat "$OUT")"
	rm -f "$d/out.json"
	assert_no_files "$d"
done
# Registered buffers and files work at depth 4 too.
expect_exit 0 "$WALBENCH" run --dir "$d" --engine io_uring --method fdatasync,open_datasync \
	--qd 4 --fixed-buffers --fixed-files --duration 100ms
[ "$(grep -cE ' qd4 +[0-9.]+ ' "$OUT")" = 2 ] || fail "fixed-buffer rows: $(cat "$OUT")"
# Queue depth on a synchronous engine is n/a with the reason, not an error.
expect_exit 2 "$WALBENCH" run --dir "$d" --engine sync --method fdatasync --qd 4 --duration 50ms
grep -q 'n/a: queue depth > 1 needs an asynchronous engine' "$OUT" || fail "sync qd reason"
assert_no_files "$d"
pass
