#!/usr/bin/env bash
# t_progress.sh — the progress line: drawn on stderr when it is a terminal (a
# pseudo-terminal from script(1)), with the round, the test and the time left;
# never when stderr is a pipe or a file, nor with --quiet; and the results on
# stdout are the same either way.
. "$(dirname "$0")/lib.sh"
set -e
command -v script >/dev/null || skip "script(1) missing (bsdutils)"
wb_tmpdir d /tmp

# Not a terminal: no line, no escape sequences.
expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync --budget 1500ms
! grep -q 'round ' "$ERR" || fail "progress drawn into a file: $(cat -v "$ERR")"
! grep -q $'\033' "$OUT" "$ERR" || fail "escape sequences outside a terminal"

# A terminal: the line is there, and says how far the run is.
script -qec "'$WALBENCH' run --dir '$d' --method fdatasync --budget 1500ms" /dev/null >"$OUT" 2>&1 ||
	fail "run under script failed: $(cat -v "$OUT")"
grep -aq 'round [0-9]*, test 1 of 1: fdatasync/sync 8kB' "$OUT" || fail "no progress line: $(cat -v "$OUT")"
grep -aqE 'at most [0-9]+ s left' "$OUT" || fail "no time left: $(cat -v "$OUT")"
# What the terminal shows: each line after its last erase-to-end.
sed 's/.*\x1b\[K//' "$OUT" | grep -aqE '^fdatasync +sync +8kB' || fail "no result row under a terminal"

# --quiet: none, even on a terminal.
script -qec "'$WALBENCH' run --dir '$d' --method fdatasync --budget 1s --quiet" /dev/null >"$OUT" 2>&1 ||
	fail "run --quiet under script failed"
! grep -aq 'round [0-9]*, test' "$OUT" || fail "--quiet drew progress: $(cat -v "$OUT")"
assert_no_files "$d"
pass
