# pg_lib.sh — a real PostgreSQL for integration tests (sourced after lib.sh): a
# new cluster from the installed package in a temporary directory, reached only
# through a unix socket in that directory (no TCP), never the system cluster.
# Stopped and removed on every exit path through lib.sh's on_exit. Skips (77)
# without the postgresql package, or as root without its postgres user
# (PostgreSQL refuses to run as root).

PG_PORT=54329          # names the socket file in $PG_DIR; no TCP is opened
PG_BIN=""
PG_DIR=""              # socket directory and home of the cluster
PG_DATA=""
as_pg=()

# need_pg: finds the newest installed server, or skips.
need_pg() {
	local ctl
	ctl=$(printf '%s\n' /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)
	[ -x "$ctl" ] || skip "PostgreSQL not installed (the postgresql package)"
	PG_BIN=${ctl%/*}
	for p in initdb postgres psql pgbench; do
		[ -x "$PG_BIN/$p" ] || skip "no $p in $PG_BIN"
	done
	if [ "$(id -u)" = 0 ]; then
		id postgres >/dev/null 2>&1 || skip "no postgres user to run the server as"
		command -v setpriv >/dev/null || skip "setpriv (util-linux) not installed"
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
	local line
	wb_tmpdir PG_DIR
	chmod 755 "$PG_DIR"
	PG_DATA=$PG_DIR/data
	[ "$(id -u)" != 0 ] || chown postgres: "$PG_DIR"
	"${as_pg[@]}" "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth-local=trust \
		>"$PG_DIR/initdb.log" 2>&1 || fail "initdb: $(tail -n 5 "$PG_DIR/initdb.log")"
	{
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$PG_DIR'"
		echo "port = $PG_PORT"
		echo "fsync = on"
		for line in "$@"; do echo "$line"; done
	} >>"$PG_DATA/postgresql.conf"
	printf 'local all secret scram-sha-256\nlocal all all trust\n' >"$PG_DATA/pg_hba.conf"
	# Registered before the start, so a half-started server is stopped too.
	on_exit "'$PG_BIN/pg_ctl' -D '$PG_DATA' -m immediate -w -t 60 stop"
	on_exit_pg_stop
	"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 120 start \
		>/dev/null || fail "pg_ctl start: $(tail -n 5 "$PG_DIR/server.log")"
}

# The registered stop must run as the server's owner: re-register it so.
on_exit_pg_stop() {
	local n=$((${#WB_CLEANUPS[@]} - 1))
	WB_CLEANUPS[n]="${as_pg[*]} ${WB_CLEANUPS[n]}"
}

# pg_dsn [USER]: the connection string of the test cluster.
pg_dsn() { echo "host=$PG_DIR port=$PG_PORT dbname=postgres user=${1:-postgres}"; }

# pg_sql SQL: runs SQL as the superuser; its output on stdout.
pg_sql() {
	"${as_pg[@]}" "$PG_BIN/psql" -h "$PG_DIR" -p "$PG_PORT" -U postgres -d postgres -XAtq \
		-v ON_ERROR_STOP=1 -c "$1"
}

# pg_bench ARGS...: pgbench against the test cluster as the superuser.
pg_bench() {
	"${as_pg[@]}" "$PG_BIN/pgbench" -h "$PG_DIR" -p "$PG_PORT" -U postgres "$@" postgres
}
