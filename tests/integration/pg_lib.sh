# pg_lib.sh — a real PostgreSQL for integration tests (sourced after lib.sh): a
# new cluster in a temporary directory, reached only through a unix socket in that
# directory (no TCP), never the system cluster. The server is the major WB_PG_MAJOR
# names (ctest's integration.NAME.pgMAJOR set it; Debian's package for 15, the
# cache contrib/pg-majors.sh fills for the others), else the newest the
# postgresql package installed; the clients (psql, pgbench, pg_basebackup) are
# always the package's, which work against every major.
# Stopped and removed on every exit path through lib.sh's on_exit. Skips (77)
# without the server, or as root without its postgres user (PostgreSQL refuses
# to run as root) — unless WB_REQUIRE_PG=1 (.ci/run sets it): there a missing
# server is a failure, since every server test skipping would leave the whole
# server stage untested while the suite stays green.

PG_PORT=54329          # names the socket file in $PG_DIR; no TCP is opened
PG_ROOT=${WB_PG_ROOT:-/usr/lib/postgresql} # where the package installs each major
PG_MAJORS_SH=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../contrib" && pwd)/pg-majors.sh
PG_BIN=""              # the server's initdb, pg_ctl and postgres
PG_CLIENT_BIN=""       # psql, pgbench and pg_basebackup
PG_MAJOR=""            # the major need_pg found: what observe must report
PG_DIR=""              # socket directory and home of the cluster
PG_DATA=""
PG_INITDB_ARGS=()      # more initdb arguments for pg_cluster (e.g. --waldir=DIR)
as_pg=()

# pg_missing WHY: what need_pg does without a server: skip, or fail where one is
# required (WB_REQUIRE_PG=1).
pg_missing() {
	[ "${WB_REQUIRE_PG:-0}" = 1 ] && fail "$* (WB_REQUIRE_PG=1: a server is required here)"
	skip "$*"
}

# need_pg: finds the server (WB_PG_MAJOR's, else the newest installed; its major
# in PG_MAJOR) and the clients, or skips; python3 too, which reads the JSON of
# observe.
need_pg() {
	local ctl p
	command -v python3 >/dev/null || pg_missing "python3 not installed"
	ctl=$(printf '%s\n' "$PG_ROOT"/*/bin/psql | sort -V | tail -n 1)
	[ -x "$ctl" ] || pg_missing "PostgreSQL not installed (the postgresql package)"
	PG_CLIENT_BIN=${ctl%/*}
	if [ -n "${WB_PG_MAJOR:-}" ]; then
		PG_BIN=$(WB_PG_ROOT=$PG_ROOT "$PG_MAJORS_SH" --bin "$WB_PG_MAJOR") ||
			pg_missing "PostgreSQL $WB_PG_MAJOR not installed (contrib/pg-majors.sh $WB_PG_MAJOR)"
		PG_MAJOR=$WB_PG_MAJOR
	else
		PG_BIN=$PG_CLIENT_BIN
		PG_MAJOR=${PG_BIN%/bin}
		PG_MAJOR=${PG_MAJOR##*/}
	fi
	for p in initdb pg_ctl postgres; do
		[ -x "$PG_BIN/$p" ] || pg_missing "no $p in $PG_BIN"
	done
	for p in psql pgbench; do
		[ -x "$PG_CLIENT_BIN/$p" ] || pg_missing "no $p in $PG_CLIENT_BIN"
	done
	if [ "$(id -u)" = 0 ]; then
		id postgres >/dev/null 2>&1 || pg_missing "no postgres user to run the server as"
		command -v setpriv >/dev/null || pg_missing "setpriv (util-linux) not installed"
		as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups -- env LC_ALL=C)
	else
		as_pg=(env LC_ALL=C)
	fi
}

# pg_cluster [SETTING...]: initdb and start a cluster, each SETTING a
# postgresql.conf line. Roles: postgres (superuser) and any role but "secret"
# log in without a password; "secret" needs its scram password, so that a wrong
# one is refused.
pg_cluster() {
	local line v
	wb_tmpdir PG_DIR
	chmod 755 "$PG_DIR"
	PG_DATA=$PG_DIR/data
	[ "$(id -u)" != 0 ] || chown postgres: "$PG_DIR"
	"${as_pg[@]}" "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth-local=trust \
		"${PG_INITDB_ARGS[@]}" >"$PG_DIR/initdb.log" 2>&1 || fail "initdb: $(tail -n 5 "$PG_DIR/initdb.log")"
	{
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$PG_DIR'"
		echo "port = $PG_PORT"
		echo "fsync = on"
		for line in "$@"; do echo "$line"; done
	} >>"$PG_DATA/postgresql.conf"
	printf 'local all secret scram-sha-256\nlocal all all trust\n' >"$PG_DATA/pg_hba.conf"
	# Registered before the start, so a half-started server is stopped too;
	# as the server's owner, as pg_ctl requires.
	on_exit "${as_pg[*]} '$PG_BIN/pg_ctl' -D '$PG_DATA' -m immediate -w -t 60 stop"
	"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 120 start \
		>/dev/null || fail "pg_ctl start: $(tail -n 5 "$PG_DIR/server.log")"
	# A test named for a major ran on it, or says so.
	v=$(pg_sql "SELECT current_setting('server_version_num')::int / 10000") ||
		fail "the server does not answer"
	[ "$v" = "$PG_MAJOR" ] || fail "the server in $PG_BIN is PostgreSQL $v, not $PG_MAJOR"
}

# pg_dsn [USER]: the connection string of the test cluster.
pg_dsn() { echo "host=$PG_DIR port=$PG_PORT dbname=postgres user=${1:-postgres}"; }

# pg_sql SQL: runs SQL as the superuser; its output on stdout.
pg_sql() {
	"${as_pg[@]}" "$PG_CLIENT_BIN/psql" -h "$PG_DIR" -p "$PG_PORT" -U postgres -d postgres -XAtq \
		-v ON_ERROR_STOP=1 -c "$1"
}

# pg_bench ARGS...: pgbench against the test cluster as the superuser.
pg_bench() {
	"${as_pg[@]}" "$PG_CLIENT_BIN/pgbench" -h "$PG_DIR" -p "$PG_PORT" -U postgres "$@" postgres
}

# pg_bench_init SCALE: pgbench's tables at SCALE (100,000 accounts a unit).
pg_bench_init() {
	pg_bench -i -s "$1" -q >"$PG_DIR/init.log" 2>&1 || fail "pgbench -i: $(tail -n 5 "$PG_DIR/init.log")"
}

# pg_bench_bg ARGS...: pg_bench in the background, its PID in PG_BENCH_PID and
# its output in $PG_DIR/pgbench.out; stopped at exit, before the server is.
PG_BENCH_PID=""
pg_bench_bg() {
	# shellcheck disable=SC2016 # the PID is read when the cleanup runs
	[ -n "${PG_BENCH_ONCE:-}" ] ||
		on_exit '[ -z "$PG_BENCH_PID" ] || { kill "$PG_BENCH_PID"; wait "$PG_BENCH_PID"; }'
	PG_BENCH_ONCE=1
	# setpriv and env exec: the PID is pgbench's own, so the kill reaches it.
	"${as_pg[@]}" "$PG_CLIENT_BIN/pgbench" -h "$PG_DIR" -p "$PG_PORT" -U postgres "$@" postgres \
		>"$PG_DIR/pgbench.out" 2>&1 &
	PG_BENCH_PID=$!
}

# pg_bench_wait: waits for pg_bench_bg's pgbench to end; fails unless it ended well.
pg_bench_wait() {
	wait_rc "$PG_BENCH_PID"
	PG_BENCH_PID=""
	[ "$rc" = 0 ] || fail "pgbench exited $rc: $(tail -n 5 "$PG_DIR/pgbench.out")"
}

# pg_wait_clients N: waits (up to 20 s) until pg_bench_bg's N clients are connected.
pg_wait_clients() {
	local i
	for i in $(seq 200); do
		[ "$(pg_sql "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgbench'")" \
			-ge "$1" ] && return 0
		kill -0 "$PG_BENCH_PID" 2>/dev/null || fail "pgbench exited: $(tail -n 5 "$PG_DIR/pgbench.out")"
		sleep 0.1
	done
	fail "$1 pgbench clients did not connect"
}

# pg_observe WANT ARGS...: `walbench observe ARGS`, stdout to $OUT and stderr to
# $ERR; fails unless it exits WANT. Waited for in the background: bash runs a
# trap only between foreground commands, so a SIGTERM to the test would otherwise
# wait out the whole window before the cleanup.
PG_OBSERVE_PID=""
pg_observe() {
	local want=$1
	shift
	# shellcheck disable=SC2016 # the PID is read when the cleanup runs
	[ -n "${PG_OBSERVE_ONCE:-}" ] ||
		on_exit '[ -z "$PG_OBSERVE_PID" ] || { kill "$PG_OBSERVE_PID"; wait "$PG_OBSERVE_PID"; }'
	PG_OBSERVE_ONCE=1
	"$WALBENCH" observe "$@" >"$OUT" 2>"$ERR" &
	PG_OBSERVE_PID=$!
	wait_rc "$PG_OBSERVE_PID"
	PG_OBSERVE_PID=""
	[ "$rc" = "$want" ] || fail "observe $* exited $rc, want $want; stderr: $(head -c 600 "$ERR")"
}
