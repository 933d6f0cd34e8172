#!/usr/bin/env bash
# t_engines.sh — `walbench engines` lists every engine and method with
# "available" or a reason, probed on the directory given.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
expect_exit 0 "$WALBENCH" engines --dir "$d"
for e in sync direct io_uring io_uring_direct libaio; do
	grep -q "^$e: " "$OUT" || fail "engine $e not listed: $(cat "$OUT")"
done
[ "$(grep -c '^  fdatasync ' "$OUT")" = 5 ] || fail "want fdatasync under each engine"
awk '/^sync:/{e=1;next} /^[a-z_]+:/{e=0} e && /^  (open_datasync|fdatasync|fsync|open_sync|pwritev2_dsync|none) /' "$OUT" |
	grep -v available && fail "sync engine has an unavailable method"
grep -Eq '^  fsync_writethrough +n/a: not available on Linux' "$OUT" || fail "writethrough reason"
# Every row says available or why not.
grep -E '^  ' "$OUT" | grep -Ev '^  [a-z_0-9]+ +(available|n/a: .+|error: .+)$' && fail "row without status"
assert_no_files "$d"
pass
