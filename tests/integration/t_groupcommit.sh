#!/usr/bin/env bash
# t_groupcommit.sh — group commit on a real file: commits, flushes and commits
# per flush are reported, one shared file is used and removed, and with many
# committers a flush covers more than one commit.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
expect_exit 0 "$WALBENCH" run --dir "$d" --pattern groupcommit --committers 1,8 \
	--method fdatasync,open_datasync --duration 300ms --json "$d/gc.json"
grep -Eq '^fdatasync +sync +8kB +1 +c8 +[0-9.]+ .* flushes/s, [0-9.]+ commits/flush$' "$OUT" ||
	fail "no group-commit row: $(cat "$OUT")"
# 2 methods x 2 committer counts, so neither committers filter below is empty.
json_tests "$d/gc.json" 4 fdatasync open_datasync
json_check "$d/gc.json" 'sorted(t["committers"] for t in d["tests"]) == [1, 1, 8, 8]'
json_check "$d/gc.json" 'all(t["pattern"] == "groupcommit" and t["status"] == "ok" for t in d["tests"])'
json_check "$d/gc.json" 'all(t["flushes"] > 0 and t["ops"] >= t["flushes"] for t in d["tests"])'
json_check "$d/gc.json" 'all(t["commits_per_flush"] == 1 for t in d["tests"] if t["committers"] == 1)'
# Eight committers on one file: flushes must be shared (a generous bound).
json_check "$d/gc.json" 'all(t["commits_per_flush"] > 1.2 for t in d["tests"] if t["committers"] == 8)'
rm -f "$d/gc.json"
assert_no_files "$d"
pass
