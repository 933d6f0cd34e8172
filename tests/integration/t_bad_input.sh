#!/usr/bin/env bash
# t_bad_input.sh — inputs that are well formed but unusable are refused before
# anything is measured, with exit 2 and one line naming the input: a --dir that
# is missing, not a directory, or under /proc, /sys or /dev (with recommend
# --server too, before the server is reached); a --json or --csv
# whose directory is missing; a profile whose groups disagree on a run-wide key
# is a usage error (exit 1). And --jobs up to its bound runs with new segments
# instead of running out of room for its files part-way.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d

# A missing --dir: refused at once, and nothing created in its parent.
for cmd in "run --budget 60s" "engines"; do
	start=$(date +%s)
	expect_exit 2 "$WALBENCH" $cmd --dir "$d/missing/pg_wal"
	[ $(($(date +%s) - start)) -lt 5 ] || fail "$cmd measured before refusing"
	grep -qx "walbench: --dir $d/missing/pg_wal: no such directory" "$ERR" || fail "$cmd: $(cat "$ERR")"
	[ "$(wc -l <"$ERR")" = 1 ] || fail "want one line: $(cat "$ERR")"
	! grep -q 'Testing in' "$OUT" || fail "$cmd started: $(cat "$OUT")"
done
expect_exit 2 "$WALBENCH" recommend "$d/missing" --budget 5s
grep -q "$d/missing: no such directory" "$ERR" || fail "recommend: $(cat "$ERR")"
# With --server, the same: exit 2 before the server is reached (nothing listens
# on the socket in $d, which would exit 2 too, later), DIR or --dir named by its
# place, since beside a connection string a word that names nothing may be its
# password; a usage error still comes first.
dsn="host=$d port=5457 dbname=postgres user=postgres"
hidden='not shown: beside a connection string a word of its own may be its password'
for words in "4|--server|$dsn|$d/missing|--observe|10s" "2|$d/missing|--server|$dsn" \
	"5|--server|$dsn|--dir|$d/missing" "3|--server=$dsn|--data=$d/missing|--budget|5s"; do
	IFS='|' read -ra args <<<"$words"
	place=${args[0]}
	args=("${args[@]:1}")
	case $place in 2) place=2nd ;; 3) place=3rd ;; *) place=${place}th ;; esac
	expect_exit 2 "$WALBENCH" recommend "${args[@]}"
	grep -qx "walbench: DIR (the $place argument, $hidden): no such directory" "$ERR" ||
		fail "recommend $words: $(cat "$ERR")"
	[ "$(wc -l <"$ERR")" = 1 ] || fail "want one line: $(cat "$ERR")"
done
expect_exit 2 "$WALBENCH" recommend --server "$dsn" --wal-candidate "$d/missing" "$d"
grep -qx "walbench: --wal-candidate (the 5th argument, $hidden): no such directory" "$ERR" ||
	fail "--wal-candidate: $(cat "$ERR")"
expect_exit 1 "$WALBENCH" recommend --server "$dsn" "$d/missing" --bogus
grep -qx "walbench: unknown option --bogus" "$ERR" || fail "usage first: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" compat -f "$d/missing/file" -s 100ms
grep -q "directory $d/missing does not exist" "$ERR" || fail "compat: $(cat "$ERR")"
[ -z "$(ls -A "$d")" ] || fail "created something: $(ls -A "$d")"
# An existing -f file, or a symlink: one line before anything, no table whose
# every row says EEXIST (a pg_test_fsync reader would take them for results).
echo keep >"$d/exists"
ln -s "$d/nowhere" "$d/link"
expect_exit 2 "$WALBENCH" compat -f "$d/exists" -s 100ms
grep -qx "walbench: -f $d/exists: already exists; walbench never writes to an existing file (remove it, or name another)" "$ERR" ||
	fail "compat -f existing: $(cat "$ERR")"
[ ! -s "$OUT" ] || fail "compat -f existing printed: $(cat "$OUT")"
[ "$(cat "$d/exists")" = keep ] || fail "compat -f changed the existing file"
expect_exit 2 "$WALBENCH" compat -f "$d/link" -s 100ms
grep -qx "walbench: -f $d/link: is a symbolic link; not followed" "$ERR" || fail "compat -f link: $(cat "$ERR")"
[ ! -s "$OUT" ] || fail "compat -f link printed: $(cat "$OUT")"
rm "$d/exists" "$d/link"

# Not a directory; kernel pseudo file systems.
touch "$d/plain"
expect_exit 2 "$WALBENCH" run --dir "$d/plain" --budget 1s
grep -qx "walbench: --dir $d/plain: not a directory" "$ERR" || fail "file as dir: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" recommend --server "$dsn" "$d/plain" --observe 10s
grep -qx "walbench: DIR $d/plain: not a directory" "$ERR" || fail "--server, a file: $(cat "$ERR")"
for p in /proc /sys/kernel /dev; do
	expect_exit 2 "$WALBENCH" run --dir "$p" --budget 1s
	grep -q "walbench: --dir $p: is under /" "$ERR" || fail "$p: $(cat "$ERR")"
done

# --json and --csv into a missing directory: refused at once, not after the budget.
start=$(date +%s)
expect_exit 2 "$WALBENCH" run --dir "$d" --method fsync --budget 60s --json "$d/no/r.json"
[ $(($(date +%s) - start)) -lt 5 ] || fail "--json checked only after measuring"
grep -qx "walbench: --json $d/no/r.json: directory $d/no: does not exist" "$ERR" ||
	fail "--json message: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" run --dir "$d" --method fsync --budget 60s --csv "$d/plain/r.csv"
grep -q "walbench: --csv $d/plain/r.csv: .*not a directory" "$ERR" || fail "--csv: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" recommend "$d" --budget 50s --json "$d/no/r.json"
grep -q -- "--json $d/no/r.json" "$ERR" || fail "recommend --json: $(cat "$ERR")"

# A later profile group setting a run-wide key differently: a usage error naming both.
printf '{ "method": "fsync", "tests": [ {}, { "budget": "2s" } ] }\n' >"$d/groups.json"
expect_exit 1 "$WALBENCH" run --profile "$d/groups.json" --dir "$d"
grep -q "$d/groups.json: key \"budget\" in tests\[1\] differs from tests\[0\]" "$ERR" ||
	fail "profile groups: $(cat "$ERR")"
grep -qx 'Try "walbench --help" for more information.' "$ERR" || fail "profile groups: no hint: $(cat "$ERR")"
printf '{ "method": "fsync", "tests": [ { "json": "a.json" }, { "json": "b.json" } ] }\n' >"$d/groups.json"
expect_exit 1 "$WALBENCH" run --profile "$d/groups.json" --dir "$d"
grep -q 'key "json" in tests\[1\]' "$ERR" || fail "profile json: $(cat "$ERR")"

# Many jobs, each switching to new segments: the cleanup registry holds them all.
rm -f "$d/plain" "$d/groups.json"
expect_exit 0 "$WALBENCH" run --dir "$d" --method fdatasync --pattern append --segment new \
	--segment-size 1MiB --jobs 64 --budget 1s --trial-time 100ms --warmup 0 --json "$d/j64.json"
grep -Eq '^fdatasync +sync +8kB +1 +j64 +[0-9.]+ ' "$OUT" || fail "jobs 64: $(cat "$OUT")"
# Each job switched as often as its flushes filled segments (t_segment_switches
# checks the count at every --jobs; here, that 64 jobs ran and were accounted).
json_check "$d/j64.json" 'len(d["tests"][0]["per_job"]) == 64 and all(
	j["segment_switches"] == -(-j["ops"] // 128) - 1 for j in d["tests"][0]["per_job"])'
rm -f "$d/j64.json"
assert_no_files "$d"
pass
