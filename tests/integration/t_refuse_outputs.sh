#!/usr/bin/env bash
# t_refuse_outputs.sh — a report file walbench is asked to write (--json, --csv,
# --prom, report's --output and --json, compare's --json) that already exists is
# refused with exit 2 and one line naming the option and the file, before
# anything is measured or any server is asked: the file keeps its bytes. Two
# options naming one file are refused the same way, however the path is spelt.
# (A file that appears while walbench runs: t_output_appeared.sh.)
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
FIX=$WB_SOURCE_DIR/tests/unit/fixtures/compare
mkdir "$d/site" "$d/cwd"
printf 'precious\n' >"$d/victim"
sum=$(sha256sum <"$d/victim")
exists="already exists; walbench never writes to an existing file (remove it, or name another)"

# refused WANT CMD...: CMD exits 2 at once with the one line WANT and no output, the
# victim is unchanged and nothing was measured in $d/site.
refused() {
	local want=$1 start
	shift
	start=$(date +%s)
	expect_exit 2 "$@"
	[ $(($(date +%s) - start)) -lt 5 ] || fail "$*: measured before refusing"
	[ "$(cat "$ERR")" = "walbench: $want" ] || fail "$*: want 'walbench: $want', got: $(cat "$ERR")"
	[ ! -s "$OUT" ] || fail "$* started: $(cat "$OUT")"
	[ "$(sha256sum <"$d/victim")" = "$sum" ] || fail "$*: the existing file was changed"
	[ -z "$(ls -A "$d/site")" ] || fail "$*: files made in the site: $(ls -A "$d/site")"
}

# The measuring commands, each of their outputs, with budgets that would take a minute.
for opt in --json --csv --prom; do
	refused "$opt $d/victim: $exists" \
		"$WALBENCH" run --dir "$d/site" --budget 60s "$opt" "$d/victim"
done
for opt in --json --prom; do
	refused "$opt $d/victim: $exists" "$WALBENCH" recommend "$d/site" --budget 60s "$opt" "$d/victim"
	refused "$opt $d/victim: $exists" "$WALBENCH" qualify "$d/site" --duration 60s "$opt" "$d/victim"
	# No server is asked: the socket directory is not even there.
	refused "$opt $d/victim: $exists" \
		"$WALBENCH" recommend "$d/site" --server="host=$d/no-server" --budget 60s "$opt" "$d/victim"
	refused "$opt $d/victim: $exists" \
		"$WALBENCH" observe "host=$d/no-server" --observe 60s "$opt" "$d/victim"
done
# From a profile too.
printf '{ "method": "fdatasync", "json": "%s" }\n' "$d/victim" >"$d/profile.json"
refused "--json $d/victim: $exists" "$WALBENCH" run --dir "$d/site" --budget 60s --profile "$d/profile.json"

# The results files read: an input named as the output is never overwritten.
"$WALBENCH" run --dir "$d/site" --method none --budget 10ms --json "$d/good.json" >/dev/null ||
	fail "the results file to report on was not written"
cp "$d/victim" "$d/keep" && cp "$d/good.json" "$d/victim"
sum=$(sha256sum <"$d/victim")
refused "--output $d/victim: $exists" "$WALBENCH" report "$d/victim" -o "$d/victim"
refused "--json $d/victim: $exists" "$WALBENCH" report --summary "$d/victim" --json "$d/victim"
cp "$FIX/slower.json" "$d/victim"
sum=$(sha256sum <"$d/victim")
refused "--json $d/victim: $exists" "$WALBENCH" compare "$FIX/base.json" "$d/victim" --json "$d/victim"
cp "$d/keep" "$d/victim"
sum=$(sha256sum <"$d/victim")
# report's default output, walbench-report.html in the current directory.
cp "$d/victim" "$d/cwd/walbench-report.html"
(cd "$d/cwd" && expect_exit 2 "$WALBENCH" report "$d/good.json") ||
	fail "report over an existing walbench-report.html"
grep -qx "walbench: --output walbench-report.html: $exists" "$ERR" || fail "report default: $(cat "$ERR")"
cmp -s "$d/victim" "$d/cwd/walbench-report.html" || fail "walbench-report.html was changed"

# Anything there, not only a regular file.
mkdir "$d/adir"
refused "--json $d/adir: is not a regular file" "$WALBENCH" run --dir "$d/site" --budget 60s --json "$d/adir"
refused "--json /dev/null: is not a regular file" "$WALBENCH" run --dir "$d/site" --budget 60s --json /dev/null

# Two outputs into one new file: refused, and the file is not made.
refused "--csv $d/same: --json names the same file; each report needs a file of its own" \
	"$WALBENCH" run --dir "$d/site" --budget 60s --json "$d/same" --csv "$d/same"
refused "--prom $d/./same: --json names the same file; each report needs a file of its own" \
	"$WALBENCH" run --dir "$d/site" --budget 60s --json "$d/same" --prom "$d/./same"
refused "--prom $d/site/../same: --csv names the same file; each report needs a file of its own" \
	"$WALBENCH" run --dir "$d/site" --budget 60s --csv "$d/same" --prom "$d/site/../same"
refused "--prom $d/same: --json names the same file; each report needs a file of its own" \
	"$WALBENCH" recommend "$d/site" --budget 60s --json "$d/same" --prom "$d/same"
refused "--prom $d/same: --json names the same file; each report needs a file of its own" \
	"$WALBENCH" qualify "$d/site" --duration 60s --json "$d/same" --prom "$d/same"
[ ! -e "$d/same" ] || fail "a refused run made $d/same"

# Different files in one directory are fine, and each is written.
expect_exit 0 "$WALBENCH" run --dir "$d/site" --method none --budget 10ms \
	--json "$d/r.json" --csv "$d/r.csv" --prom "$d/r.prom"
[ -s "$d/r.json" ] && [ -s "$d/r.csv" ] && [ -s "$d/r.prom" ] || fail "outputs missing: $(ls "$d")"
assert_no_files "$d"
pass
