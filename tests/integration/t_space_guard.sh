#!/usr/bin/env bash
# t_space_guard.sh — walbench refuses to fill a live server's WAL volume: on a
# loop ext4 holding a fake data directory (PG_VERSION, pg_wal, postgresql.conf
# with max_wal_size = 100MB, and a postmaster.pid naming this shell, which
# runs), a ballast leaves 8 MiB more free than the 200 MiB margin, so run's and
# recommend's 16 MiB test file would eat into it: exit 2 before any file is made
# (pg_wal's mtime unchanged), with the figures and the override named.
# --allow-low-space runs anyway; without postmaster.pid (the server stopped) the
# directory is not guarded at all.
. "$(dirname "$0")/lib.sh"
set -e
loop_fs vol ext4 300M
MIB=$((1024 * 1024))

data=$vol/data
mkdir -p "$data/pg_wal"
echo 16 >"$data/PG_VERSION"
printf '# written by t_space_guard\nmax_wal_size = 100MB\n' >"$data/postgresql.conf"
printf '%s\n%s\n' $$ "$data" >"$data/postmaster.pid"
wal=$data/pg_wal

# Free space, as an unprivileged writer sees it, down to the margin + 8 MiB.
avail=$(df -B1 --output=avail "$vol" | tail -1 | tr -d ' ')
ballast=$((avail - 208 * MIB))
[ "$ballast" -gt 0 ] || fail "the 300M volume has only $avail bytes free"
fallocate -l "$ballast" "$vol/ballast" || fail "fallocate ballast"
sync -f "$vol"

before=$(stat -c %y "$wal")
expect_exit 2 "$WALBENCH" run --dir "$wal" --method fdatasync --budget 1s
grep -q "refusing to write in $wal: it is on the file system of a running PostgreSQL server's WAL ($data/postmaster.pid exists)" "$ERR" ||
	fail "run's refusal: $(cat "$ERR")"
grep -Eq '208 MiB free of [0-9]+ MiB; this run writes up to 16 MiB, which would leave 192 MiB, less than the 200 MiB walbench keeps free there: twice max_wal_size \(100 MiB, from '"$data"'/postgresql.conf\)' "$ERR" ||
	fail "run's figures: $(cat "$ERR")"
grep -q 'add --allow-low-space to run anyway' "$ERR" || fail "no override named: $(cat "$ERR")"
[ ! -s "$OUT" ] || fail "run printed before refusing: $(cat "$OUT")"
[ "$(stat -c %y "$wal")" = "$before" ] || fail "run touched $wal before refusing"

expect_exit 2 "$WALBENCH" recommend "$wal" --workload oltp --budget 2s
grep -q "refusing to write in $wal: .*which would leave 192 MiB, less than the 200 MiB" "$ERR" ||
	fail "recommend's refusal: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" qualify "$wal" --duration 2s --slice 500ms
grep -q "refusing to write in $wal" "$ERR" || fail "qualify's refusal: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" compat -f "$wal" -s 50ms
grep -q "refusing to write in $wal" "$ERR" || fail "compat's refusal: $(cat "$ERR")"
[ "$(stat -c %y "$wal")" = "$before" ] || fail "a refused command touched $wal"

# A data directory below pg_wal's is found up the path, and four jobs write four files.
mkdir "$wal/sub"
expect_exit 2 "$WALBENCH" run --dir "$wal/sub" --method fdatasync --jobs 4 --budget 1s
grep -q "this run writes up to 64 MiB, which would leave 144 MiB" "$ERR" || fail "jobs: $(cat "$ERR")"
rmdir "$wal/sub"

# postgresql.auto.conf (ALTER SYSTEM) wins: 10MB leaves 20 MiB, which 10 % of
# the volume now exceeds.
echo "max_wal_size = '10MB'" >"$data/postgresql.auto.conf"
expect_exit 0 "$WALBENCH" run --dir "$wal" --method fdatasync --budget 1s
rm "$data/postgresql.auto.conf"

expect_exit 0 "$WALBENCH" run --dir "$wal" --method fdatasync --budget 1s --allow-low-space
grep -q -- "--allow-low-space: writing in $wal: .*less than the 200 MiB walbench keeps free there" "$ERR" ||
	fail "override warning: $(cat "$ERR")"
! grep -q 'add --allow-low-space' "$ERR" || fail "override still offers itself: $(cat "$ERR")"
grep -Eq '^fdatasync +sync +8kB' "$OUT" || fail "no row under --allow-low-space: $(cat "$OUT")"
assert_no_files "$wal"

# The server stopped (no postmaster.pid): no guard, the run goes quietly.
rm "$data/postmaster.pid"
expect_exit 0 "$WALBENCH" run --dir "$wal" --method fdatasync --budget 1s
! grep -q 'max_wal_size' "$ERR" || fail "guarded without a server: $(cat "$ERR")"
assert_no_files "$wal"
pass
