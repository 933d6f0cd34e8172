#!/usr/bin/env bash
# t_fault_erofs_bind.sh — a directory made read-only by a read-only bind mount
# (the file system itself stays writable elsewhere, as a container's ro volume
# is): run, compat, recommend and qualify refuse it before measuring, exit 2,
# with one line naming the directory and EROFS; nothing is written, on either
# side of the bind.
. "$(dirname "$0")/lib.sh"
set -e
need_root
wb_tmpdir src
wb_tmpdir ro
wb_tmpdir out
mount --bind "$src" "$ro" 2>/dev/null || skip "cannot bind mount here"
on_exit "umount '$ro'"
mount -o remount,ro,bind "$ro" || fail "cannot remount the bind read-only"
touch "$src/writable" && ! touch "$ro/probe" 2>/dev/null || fail "the bind is not read-only"
rm -f "$src/writable"

# check_refused WHAT: the last command refused $ro in one line naming it.
check_refused() {
	grep -q "^walbench: $ro: cannot be created (Read-only file system)\$" "$ERR" ||
		fail "$1: $(cat "$ERR")"
}

expect_exit 2 "$WALBENCH" run --dir "$ro" --method fdatasync --budget 1s --json "$out/r.json"
check_refused run
json_tests "$out/r.json" 1 fdatasync
json_check "$out/r.json" 'all(t["status"] == "error" and t["errno_name"] == "EROFS" for t in d["tests"])'
expect_exit 2 "$WALBENCH" compat -f "$ro" -s 50ms
check_refused compat
expect_exit 2 "$WALBENCH" recommend "$ro" --workload oltp --budget 2s
check_refused recommend
grep -q '^NO RECOMMENDATION: ' "$OUT" || fail "recommend headline: $(head -3 "$OUT")"
expect_exit 2 "$WALBENCH" qualify "$ro" --duration 2s --slice 500ms --json "$out/q.json"
check_refused qualify
assert_no_verdict "$out/q.json"
[ -z "$(ls -A "$src")" ] || fail "written through the bind: $(ls -A "$src")"
pass
