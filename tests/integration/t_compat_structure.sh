#!/usr/bin/env bash
# t_compat_structure.sh — `walbench compat` prints pg_test_fsync's report line for
# line: the same headers, labels and number format. Compared with a stored
# template, and with the real pg_test_fsync's output when it is installed.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
here=$(dirname "$0")

# A rate line is LABEL_FORMAT (8 spaces + %-30s) then "%13.3f ops/sec  %6.0f usecs/op".
mask() {
	sed -E 's/^(.{38}) *[0-9]+\.[0-9]{3} ops\/sec +[0-9]+ usecs\/op$/\1RATE/'
}

expect_exit 0 "$WALBENCH" compat -f "$d" -s 1
while IFS= read -r line; do
	case "$line" in
	*ops/sec*)
		printf '%s\n' "$line" | grep -Eq '^ {8}.{30}[ 0-9]{8,}[0-9]\.[0-9]{3} ops/sec  [ 0-9]{5}[0-9]+ usecs/op$' ||
			fail "rate line not in pg_test_fsync's format: '$line'"
		;;
	esac
done <"$OUT"
masked=$(mktemp); on_exit "rm -f $masked"
mask <"$OUT" >"$masked"
diff -u "$here/compat_expected.txt" "$masked" || fail "compat output differs from the template"
[ ! -s "$ERR" ] || fail "compat printed to stderr: $(cat "$ERR")"
assert_no_files "$d"

pg=$(ls /usr/lib/postgresql/*/bin/pg_test_fsync 2>/dev/null | sort -V | tail -1 || true)
if [ -n "$pg" ]; then
	"$pg" -f "$d/pg.out" -s 1 | mask >"$d/pg.masked" || fail "pg_test_fsync itself failed"
	diff -u "$d/pg.masked" "$masked" || fail "compat output differs from $pg"
	echo "structure identical to $pg"
else
	echo "pg_test_fsync not installed: compared with the stored template only"
fi
pass
