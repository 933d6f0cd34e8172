#!/usr/bin/env bash
# t_usage_hint.sh — every command's usage error ends on the one hint line
# (plan/options.h's WB_USAGE_HINT), word for word, and the help it names covers
# that command; a usage error found past the option parser (an option that goes
# with another, two sources named for one thing) ends on it too.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
cd "$d"

hint='Try "walbench --help" for more information.'
expect_exit 0 "$WALBENCH" --help
cp "$OUT" help.txt

# ends_on_hint STATUS CMD...: CMD fails with STATUS, prints nothing on stdout,
# and its last stderr line is the hint.
ends_on_hint() {
	local want=$1
	shift
	expect_exit "$want" "$@"
	[ ! -s "$OUT" ] || fail "$*: printed to stdout: $(cat "$OUT")"
	[ "$(tail -n 1 "$ERR")" = "$hint" ] || fail "$*: last stderr line is not the hint: $(cat "$ERR")"
}

ends_on_hint 1 "$WALBENCH"
ends_on_hint 1 "$WALBENCH" frobnicate
# One bad option a command: the gates (qualify, compare, report) say a usage
# error with exit 2, so a typo never reads as a verdict.
for cmd in compat run engines recommend verify qualify compare report clean observe; do
	case $cmd in
	qualify | compare | report) want=2 ;;
	*) want=1 ;;
	esac
	words=("$cmd")
	[ "$cmd" != verify ] || words+=(listen)
	ends_on_hint "$want" "$WALBENCH" "${words[@]}" --no-such-option
	grep -qx "walbench: unknown option --no-such-option" "$ERR" ||
		fail "$cmd: first line: $(head -n 1 "$ERR")"
	# The help the hint names is that command's too.
	grep -qx "Options of $cmd:" help.txt || fail "--help has no options of $cmd"
	grep -q "^  $cmd " help.txt || fail "--help does not list $cmd"
done

# Past the option parser.
ends_on_hint 1 "$WALBENCH" verify talk
ends_on_hint 2 "$WALBENCH" report --fail-on-outlier a.json
ends_on_hint 2 "$WALBENCH" qualify "$d" --tier no-such-tier
ends_on_hint 2 "$WALBENCH" recommend "$d" --server "host=$d" --observed "$d/saved.json"
grep -qx 'walbench: --server and --observed: give one (a live server, or a saved observation)' \
	"$ERR" || fail "--server and --observed: $(cat "$ERR")"
pass
