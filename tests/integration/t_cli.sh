#!/usr/bin/env bash
# t_cli.sh — the command-line contract: --help, --version, and one-line errors
# with the documented exit code and hint for every kind of bad input.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
cd "$d"

expect_exit 0 "$WALBENCH" --help
grep -q '^Usage:' "$OUT" || fail "--help has no Usage"
for opt in --filename --secs-per-test --dir --method --engine --size --writes --duration --json; do
	grep -q -- "$opt" "$OUT" || fail "--help does not list $opt"
done
expect_exit 0 "$WALBENCH" --version
grep -Eq '^walbench [0-9]+\.[0-9]+\.[0-9]+$' "$OUT" || fail "bad --version: $(cat "$OUT")"
expect_exit 0 "$WALBENCH" run --help

hint='Try "walbench --help" for more information.'
bad_usage() {
	local want_msg=$1
	shift
	expect_exit 1 "$@"
	[ "$(wc -l <"$ERR")" = 2 ] || fail "$*: want 2 stderr lines, got: $(cat "$ERR")"
	[ "$(sed -n 1p "$ERR")" = "$want_msg" ] || fail "$*: message was: $(sed -n 1p "$ERR")"
	[ "$(sed -n 2p "$ERR")" = "$hint" ] || fail "$*: no hint line"
	[ ! -s "$OUT" ] || fail "$*: printed to stdout: $(cat "$OUT")"
}
bad_usage 'walbench: no command given' "$WALBENCH"
bad_usage 'walbench: unknown command "frobnicate"' "$WALBENCH" frobnicate
bad_usage 'walbench: unknown option --bogus' "$WALBENCH" run --bogus
bad_usage 'walbench: option --quiet takes no value' "$WALBENCH" run --quiet=false
# Two directories are refused, never quietly the last one measured.
mkdir "$d/a" "$d/b"
bad_usage 'walbench: DIR and --dir name two directories: give one' \
	"$WALBENCH" recommend "$d/a" --dir "$d/b"
bad_usage 'walbench: --data and --dir name two directories: give one' \
	"$WALBENCH" recommend --data "$d/a" --dir "$d/b"
bad_usage 'walbench: --dir is given twice, naming two directories: give one' \
	"$WALBENCH" run --dir "$d/a" --dir "$d/b"
bad_usage 'walbench: DIR and --dir name two directories: give one' \
	"$WALBENCH" run "$d/a" --dir "$d/b"
[ -z "$(ls -A "$d/a")$(ls -A "$d/b")" ] || fail "two directories: something was written"
bad_usage 'walbench: missing value for option --size' "$WALBENCH" run --size
bad_usage 'walbench: invalid value "-8k" for --size: the value is not a size from 512 to 1MiB (e.g. 4k, 8k, 16KiB)' \
	"$WALBENCH" run --size -8k
bad_usage 'walbench: invalid value "4k,2M" for --size: the 2nd value is not a size from 512 to 1MiB (e.g. 4k, 8k, 16KiB)' \
	"$WALBENCH" run --size 4k,2M
bad_usage 'walbench: invalid value "-1" for --secs-per-test: not a duration from 10ms to 24h (e.g. 500ms, 5s, 1m)' \
	"$WALBENCH" compat -s -1
bad_usage 'walbench: invalid value "0" for --secs-per-test: not a duration from 10ms to 24h (e.g. 500ms, 5s, 1m)' \
	"$WALBENCH" compat -s0
bad_usage 'walbench: invalid value "5x" for --duration: not a duration from 0 to 24h (e.g. 500ms, 5s, 1m)' \
	"$WALBENCH" run --duration 5x
bad_usage 'walbench: invalid value "0" for --writes: the value is not a whole number from 1 to 1024' \
	"$WALBENCH" run --writes 0
bad_usage 'walbench: invalid value "fsync,nope" for --method: the 2nd name is unknown; allowed: all, open_datasync, fdatasync, fsync, fsync_writethrough, open_sync, pwritev2_dsync, none' \
	"$WALBENCH" run --method fsync,nope
# An empty or repeated list item is refused by its place, not skipped or run twice.
bad_usage 'walbench: invalid value "8k," for --size: the 2nd value is empty' "$WALBENCH" run --size 8k,
bad_usage 'walbench: invalid value ",8k" for --size: the 1st value is empty' "$WALBENCH" run --size ,8k
bad_usage 'walbench: invalid value "fdatasync,,fsync" for --method: the 2nd name is empty' \
	"$WALBENCH" run -m fdatasync,,fsync
bad_usage 'walbench: invalid value "8k,8192" for --size: the 2nd value repeats the 1st' \
	"$WALBENCH" run --size 8k,8192
# --pg-version takes the majors walbench models, on run and recommend alike
# (run's 0: engines as given); the range is in the help and so the man page.
bad_usage 'walbench: invalid value "5" for --pg-version: not 0 or a PostgreSQL major from 10 to 18' \
	"$WALBENCH" run --pg-version 5
bad_usage 'walbench: invalid value "99" for --pg-version: not 0 or a PostgreSQL major from 10 to 18' \
	"$WALBENCH" run --pg-version 99
bad_usage 'walbench: invalid value "9" for --pg-version: not a PostgreSQL major from 10 to 18' \
	"$WALBENCH" recommend --pg-version 9 .
bad_usage 'walbench: invalid value "19" for --pg-version: not a PostgreSQL major from 10 to 18' \
	"$WALBENCH" recommend --pg-version 19 .
expect_exit 0 "$WALBENCH" --man
[ "$(grep -A3 -x '\\fB\\-\\-pg\\-version\\fR \\fIN\\fR' "$OUT" | grep -c '10 to 18')" = 2 ] ||
	fail "the man page does not give --pg-version's majors for run and recommend"
bad_usage 'walbench: unexpected argument "extra"' "$WALBENCH" compat extra
bad_usage 'walbench: verify needs listen, write or check' "$WALBENCH" verify
bad_usage 'walbench: unknown verify subcommand "talk"; use listen, write or check' \
	"$WALBENCH" verify talk
bad_usage 'walbench: verify write needs --to HOST:PORT (the listener)' "$WALBENCH" verify write .
bad_usage 'walbench: verify check needs --from HOST:PORT (the listener)' "$WALBENCH" verify check .
bad_usage 'walbench: the 4th argument looks like a connection string and names no file; it is not shown (it may hold a password). walbench reads a server only through observe'"'"'s DSN or --server'"'"'s' \
	"$WALBENCH" verify write --to "u:Sesame@db.example:5432" .
bad_usage 'walbench: --method none makes nothing durable; verify would prove nothing' \
	"$WALBENCH" verify write --to 127.0.0.1:1 --method none .
bad_usage 'walbench: --record-size: not a multiple of 512' \
	"$WALBENCH" verify write --to 127.0.0.1:1 --record-size 1000 .
bad_usage 'walbench: invalid value "70000" for --port: not a whole number from 0 to 65535' \
	"$WALBENCH" verify listen --port 70000

# recommend's DIR before, among or after the options, beside --server's DSN
# (docs/usage.md's forms): the words parse, so what fails is the connection
# (nothing listens on the socket in $d; exit 2), not the command line.
mkdir "$d/wal"
dsn="host=$d port=5457 dbname=postgres user=postgres"
for words in "--server|$dsn|$d/wal|--observe|10s|--budget|5s" "--server=$dsn|$d/wal|--observe|10s" \
	"--server|$d/wal|--observe|10s" "$d/wal|--server|$dsn|--observe|10s" \
	"--observe|10s|--server|--wal-candidate|$d/wal|$d/wal"; do
	IFS='|' read -ra args <<<"$words"
	expect_exit 2 env PGHOST="$d" PGPORT=5457 "$WALBENCH" recommend "${args[@]}"
	grep -q '^walbench: cannot observe the server at ' "$ERR" ||
		fail "recommend $words: $(cat "$ERR")"
done
assert_no_files "$d"
# run and engines take the directory as recommend and qualify do, an operand
# (`walbench run /srv/pg_wal` was an unexpected argument); the one named is the
# one measured, not the current directory ($d), and a missing one is named as DIR.
mkdir "$d/op"
expect_exit 0 "$WALBENCH" run --method none "$d/op" --budget 10ms
grep -q "^Testing in $d/op: " "$OUT" || fail "run DIR: $(head -2 "$OUT")"
expect_exit 0 "$WALBENCH" engines "$d/op"
grep -q "^Engines and methods on $d/op " "$OUT" || fail "engines DIR: $(head -2 "$OUT")"
expect_exit 2 "$WALBENCH" run "$d/missing" --method none
[ "$(cat "$ERR")" = "walbench: DIR $d/missing: no such directory" ] || fail "run MISSING: $(cat "$ERR")"
assert_no_files "$d/op"
# A test of one trial has no spread to call unstable: it is said to have no interval.
mkdir "$d/one"
expect_exit 0 "$WALBENCH" run --dir "$d/one" --method none --budget 10ms
grep -q '^note: none/sync 8kB x1 conc 1 ran one trial, so has no interval' "$OUT" ||
	fail "one trial: $(grep note "$OUT")"
! grep -q 'UNSTABLE' "$OUT" || fail "one trial called unstable: $(grep UNSTABLE "$OUT")"
pass
