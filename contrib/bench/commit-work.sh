#!/usr/bin/env bash
# commit-work.sh — what a commit costs PostgreSQL besides its WAL flush: pgbench's TPC-B-like
# transaction (five statements and a commit from one client over a unix socket) on a cluster that
# flushes nothing (fsync = off, synchronous_commit = off, on tmpfs), so each transaction's time is
# the server's own work (CPU, locks, WAL insertion) and the client's round trips. Per run: the
# wall time per transaction (pgbench's latency average) and the CPU time per transaction (the
# server's processes and pgbench's, from /proc and the shell's `times`). `recommend
# --commit-work` takes its default from this (docs/design.md). Trap: on a busy host the wall time
# includes waiting for a core; the CPU time does not, and is the smaller, cautious figure (a
# smaller figure makes a flush a larger share of a commit).
# With RATES, each client count also runs held to each rate (pgbench -R): the CPU a transaction
# takes at 50/s against as fast as it goes is why the placement model's CPU cap, read in a quiet
# window, is a floor (placement_model.h's WB_MODEL_CPU_WARM; docs/design.md).
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$here/lib.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [RUNS [SECS [CLIENTS]]]

  RUNS     pgbench runs, at least 2 (default 5)
  SECS     seconds each (default 20)
  CLIENTS  comma-separated client counts (default 1); with more clients than cores the time
           per transaction is CPU queueing as well as work

Needs root (the server runs as the postgres user) and PostgreSQL's server and pgbench
(/usr/lib/postgresql/*/bin). Environment: RATES, comma-separated transaction rates to hold
each run to (pgbench -R), "max" for none (default max). Prints one row per run and the median
latency per client count and rate; exit 0, or 2 on a failure.
EOF
}

parse_args 0 3 "$@"
RUNS=${1:-5}
SECS=${2:-20}
CLIENTS=${3:-1}
check_rounds "$RUNS"
check_secs "$SECS"
[[ $CLIENTS =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "CLIENTS must be whole numbers >= 1, not '$CLIENTS'"
RATES=${RATES:-max}
[[ $RATES =~ ^([1-9][0-9]*|max)(,([1-9][0-9]*|max))*$ ]] ||
	die "RATES must be whole numbers >= 1 or max, comma-separated, not '$RATES'"
(($(id -u) == 0)) || die "needs root (the server runs as the postgres user)"
id postgres >/dev/null 2>&1 || die "no postgres user"
pgbin=$(printf '%s\n' /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)
pgbin=${pgbin%/*}
[[ -x $pgbin/pgbench && -x $pgbin/initdb ]] || die "no pgbench or initdb in /usr/lib/postgresql"

pgdata=""
stop_pg() {
	[[ -n $pgdata && -f $pgdata/postmaster.pid ]] || return 0
	as_pg "$pgbin/pg_ctl" -D "$pgdata" -m immediate -w -t 60 stop >/dev/null 2>&1 || true
}
finish() {
	local st=$?
	stop_pg
	(exit "$st") || cleanup
	cleanup
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# The cluster on tmpfs (/dev/shm): memory-backed, so no device time at all.
work=$(mktemp -d /dev/shm/wbcommit.XXXXXX)
chown postgres: "$work"
as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups -- env HOME="$work" LC_ALL=C "$@"; }
pgdata=$work/data
as_pg "$pgbin/initdb" -D "$pgdata" -U postgres -A trust --no-sync >"$work/initdb.log" 2>&1 ||
	die "initdb failed: $(tail -n 5 "$work/initdb.log")"
cat >>"$pgdata/postgresql.conf" <<EOF
listen_addresses = ''
port = 54371
unix_socket_directories = '$work'
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
checkpoint_timeout = 1h
max_wal_size = 4GB
autovacuum = off
jit = off
EOF
as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$work/server.log" -w -t 120 start >/dev/null ||
	die "pg_ctl start failed: $(tail -n 5 "$work/server.log")"
pgb() { as_pg timeout 600 "$pgbin/pgbench" -h "$work" -p 54371 -U postgres "$@" postgres; }
pgb -i -q -s 10 >"$work/init.log" 2>&1 || die "pgbench -i failed: $(tail -n 5 "$work/init.log")"
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# CPU ticks (utime + stime) of the postmaster, the processes it reaped and those it runs now.
server_ticks() {
	local pm c t=0
	pm=$(head -n 1 "$pgdata/postmaster.pid")
	t=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pm/stat")
	for c in $(pgrep -P "$pm"); do
		t=$((t + $(awk '{print $14 + $15}' "/proc/$c/stat" 2>/dev/null || echo 0)))
	done
	echo "$t"
}
# CPU ticks (utime + stime) of this shell's reaped children (pgbench, through run_bg's
# subshell), from /proc: `times` would run in the $(...) subshell and count that
# subshell's children, none (it read 0 until 2026-12-06). The script's own awk and
# pgrep between the two reads count too: a few ms a run.
client_ticks() {
	awk '{print $16 + $17}' "/proc/$$/stat"
}
hz=$(getconf CLK_TCK)
printf '%-8s %-6s %-4s %10s %14s %14s %14s\n' clients rate run tps "latency_us" "cpu_us_per_tx" \
	"server_us_per_tx"
IFS=, read -r -a clist <<<"$CLIENTS"
IFS=, read -r -a rlist <<<"$RATES"
declare -A lat cpus scpus
for ((r = 1; r <= RUNS; r++)); do
	for c in "${clist[@]}"; do
	for rate in "${rlist[@]}"; do
		held=()
		[[ $rate == max ]] || held=(-R "$rate")
		t0=$(server_ticks)
		c0=$(client_ticks)
		run_bg "$work/run.log" "$work/run.log" pgb -n -c "$c" -j "$c" -T "$SECS" "${held[@]}"
		((rc == 0)) || failed pgbench "$work/run.log" pgbench
		t1=$(server_ticks)
		c1=$(client_ticks)
		tps=$(awk '/^tps = /{print $3}' "$work/run.log")
		ntx=$(awk '/^number of transactions actually processed:/{print $NF}' "$work/run.log")
		ms=$(awk '/^latency average = /{print $4}' "$work/run.log")
		us=$(awk -v m="$ms" 'BEGIN{printf "%.0f", m * 1000}')
		cpu=$(awk -v t="$((t1 - t0))" -v hz="$hz" -v c="$c0" -v d="$c1" -v n="$ntx" \
			'BEGIN { printf "%.0f", (t + d - c) / hz / n * 1e6 }')
		scpu=$(awk -v t="$((t1 - t0))" -v hz="$hz" -v n="$ntx" 'BEGIN { printf "%.0f", t / hz / n * 1e6 }')
		lat[$c@$rate]+="$us "
		cpus[$c@$rate]+="$cpu "
		scpus[$c@$rate]+="$scpu "
		printf '%-8s %-6s %-4s %10.0f %14s %14s %14s\n' "$c" "$rate" "$r" "$tps" "$us" "$cpu" "$scpu"
	done
	done
done
for c in "${clist[@]}"; do
	for rate in "${rlist[@]}"; do
		awk -v c="$c" -v r="$rate" -v l="${lat[$c@$rate]}" -v u="${cpus[$c@$rate]}" \
			-v s="${scpus[$c@$rate]}" -v n="$RUNS" "$AWK_MEDIAN"'
BEGIN { printf "clients %s, rate %s: median %s us wall, %s us CPU (%s the server'"'"'s) per transaction over %s runs\n", c, r, median(l), median(u), median(s), n }'
	done
done
