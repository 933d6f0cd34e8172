#!/usr/bin/env bash
# t_output_appeared.sh — a report file that appears after walbench checked its
# name (during a run of minutes, say) is not replaced: the final rename, held
# back by strace's fault injection until the file is planted, fails, walbench
# exits 2 naming the file, the planted bytes stay and the temporary file goes.
# The same through the link(2) fallback, taken where renameat2 says EINVAL (a
# file system without RENAME_NOREPLACE), which otherwise writes the report, and
# through the last one, a new file made with O_EXCL, where link(2) says EPERM too
# (no hard links either: the report was lost there).
. "$(dirname "$0")/lib.sh"
set -e
command -v strace >/dev/null || skip "strace not installed"
wb_tmpdir d
FIX=$WB_SOURCE_DIR/tests/unit/fixtures/compare
mkdir "$d/site"

# planted CALL INJECT... -- CMD...: runs CMD under strace with INJECT, in the
# background; once its temporary file is written (CALL is held back), plants
# $d/out and checks that walbench refused to replace it.
planted() {
	local call=$1 inject=() trace=(-e trace=renameat2,link) pid
	shift
	[ "$call" != openat ] || trace=(-P "$d/out")
	while [ "$1" != -- ]; do
		inject+=(-e "inject=$1")
		shift
	done
	shift
	rm -f "$d/out"
	env "$WB_TRACE_ENV" strace -f -qq -o "$d/trace" "${trace[@]}" "${inject[@]}" \
		"$@" >"$OUT" 2>"$ERR" &
	pid=$!
	wait_for_files "$d" 'out.*.tmp'
	printf 'planted\n' >"$d/out"
	wait_rc "$pid"
	[ "$rc" = 2 ] || fail "$* with $d/out planted: exit $rc, want 2: $(cat "$ERR")"
	grep -qx "walbench: $d/out: appeared while walbench ran; left as it was, this report not written: File exists" "$ERR" ||
		fail "$*: message: $(cat "$ERR")"
	[ "$(cat "$d/out")" = planted ] || fail "$*: the planted file was replaced"
	grep -q "^[0-9]* *$call(.*EEXIST.*DELAYED" "$d/trace" || fail "$*: $call was not the one refused: $(cat "$d/trace")"
	[ -z "$(ls "$d" | grep '\.tmp$')" ] || fail "$*: temporary file left: $(ls "$d")"
}

late=renameat2:delay_enter=3000000
planted renameat2 "$late" -- "$WALBENCH" run --dir "$d/site" --method none --budget 10ms --json "$d/out"
planted renameat2 "$late" -- "$WALBENCH" compare "$FIX/base.json" "$FIX/slower.json" --json "$d/out"

# No RENAME_NOREPLACE here: link(2) names the report, and refuses a planted file too.
rm -f "$d/out"
env "$WB_TRACE_ENV" strace -f -qq -o "$d/trace" -e trace=renameat2,link -e inject=renameat2:error=EINVAL \
	"$WALBENCH" run --dir "$d/site" --method none --budget 10ms --json "$d/out" >"$OUT" 2>"$ERR" ||
	fail "run with renameat2 failing EINVAL: $(cat "$ERR")"
grep -q '^[0-9]* *link(.*= 0$' "$d/trace" || fail "no link(2) fallback: $(cat "$d/trace")"
json_check "$d/out" 'd["command"] == "run"'
[ -z "$(ls "$d" | grep '\.tmp$')" ] || fail "temporary file left after the link: $(ls "$d")"
planted link renameat2:error=EINVAL link:delay_enter=3000000 -- \
	"$WALBENCH" run --dir "$d/site" --method none --budget 10ms --json "$d/out"

# No hard links either (vfat, some FUSE file systems): the report goes to a new
# file made with O_EXCL, and a file planted before that open is refused too.
rm -f "$d/out"
env "$WB_TRACE_ENV" strace -f -qq -o "$d/trace" -e trace=renameat2,link,openat \
	-e inject=renameat2:error=EINVAL -e inject=link:error=EPERM \
	"$WALBENCH" run --dir "$d/site" --method none --budget 10ms --json "$d/out" >"$OUT" 2>"$ERR" ||
	fail "run with renameat2 EINVAL and link EPERM: $(cat "$ERR")"
grep -q "^[0-9]* *openat(AT_FDCWD, \"$d/out\", [^)]*O_EXCL.*= [0-9]*$" "$d/trace" ||
	fail "no O_EXCL fallback: $(grep -v '\.so' "$d/trace")"
json_check "$d/out" 'd["command"] == "run"'
[ -z "$(ls "$d" | grep '\.tmp$')" ] || fail "temporary file left after the O_EXCL write: $(ls "$d")"
planted openat renameat2:error=EINVAL link:error=EPERM openat:delay_enter=3000000 -- \
	"$WALBENCH" run --dir "$d/site" --method none --budget 10ms --json "$d/out"
assert_no_files "$d/site"
pass
