#!/usr/bin/env bash
# validate-with-pgbench.sh — checks walbench's wal_sync_method advice against real PostgreSQL: on
# each volume, pgbench TPS of every wal_sync_method under a commit and a bulk-load workload,
# interleaved and repeated, beside what `walbench recommend` says for the same directory.
# Traps: needs root (volumes, cgroups) but runs PostgreSQL as the postgres user; on a throttled
# volume the postmaster is started inside the blkio cgroup, or its I/O would not be throttled.
set -euo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
VOL_PREFIX=${VOL_PREFIX:-wbval}
VOL_SIZE=${VOL_SIZE:-8G} # a bulk run writes up to ~1 GB of WAL and heap; WAL is recycled
# shellcheck disable=SC2034 # read by volumes.sh
VOL_TRAPS=0              # our cleanup stops PostgreSQL before the volume goes
# shellcheck source=contrib/lib/volumes.sh
. "$here/lib/volumes.sh"

METHODS=(fdatasync fsync open_datasync open_sync) # fdatasync first: Linux's default
TIE_PCT=5 # below this difference in medians two methods are a tie: pgbench's run-to-run spread
PORT=5499 # names the socket file only: listen_addresses is empty and the socket dir private
BULK_ROWS=5000

usage() {
	cat <<EOF
Usage: ${0##*/} [--kinds LIST] [--reps N] [--secs S] [--bulk-secs S] [--out FILE] [DIR]
Runs pgbench against PostgreSQL with each wal_sync_method on each volume and prints, per
volume and workload, TPS per method (median, min-max), their ranking, whether the best
differs from fdatasync beyond noise, and walbench's recommendation for the same directory.

  DIR               test on this directory's file system instead of building volumes
  --kinds LIST      volumes to build (lib/volumes.sh), comma-separated
                    (default: tmp,ext4,xfs,btrfs,zram,throttled)
  --reps N          repetitions of the method rotation (default 3)
  --secs S          seconds per commit run (default 15)
  --bulk-secs S     seconds per bulk run (default: --secs)
  --iops N          write IOPS of the throttled volume (default 150)
  --wal-level L     replica (default) or minimal; with minimal PostgreSQL opens WAL
                    with O_DIRECT for open_datasync and open_sync
  --server T        also run walbench recommend --server (observing T seconds) against the
                    cluster while the commit workload runs on it under fdatasync, in the same
                    cgroup, with track_wal_io_timing = on; pgbench stops when walbench starts
                    measuring. Prints its flush share and its gain in commits beside the TPS
  --out FILE        also write every run as TSV to FILE
  -h, --help        this help

Workloads (1 client each): commit = one single-row INSERT per transaction;
bulk = one INSERT of $BULK_ROWS rows per transaction. Environment: WALBENCH (the walbench binary,
default ../build/walbench), VOL_SIZE (loop and zram size, default 8G).
Exit: 0 done, 1 a run failed, 2 usage or setup error.
EOF
}

die() {
	echo "${0##*/}: $*" >&2
	exit 2
}

msg() {
	echo "${0##*/}: $*" >&2
}

# --- arguments ---------------------------------------------------------------------------------
kinds_arg="tmp,ext4,xfs,btrfs,zram,throttled"
reps=3
secs=15
bulk_secs=""
out=""
wal_level=replica
dir=""
server_observe=0
while (($#)); do
	case $1 in
	-h | --help)
		usage
		exit 0
		;;
	--kinds | --reps | --secs | --bulk-secs | --iops | --wal-level | --out | --server)
		(($# >= 2)) || die "$1 needs a value (try --help)"
		case $1 in
		--kinds) kinds_arg=$2 ;;
		--reps) reps=$2 ;;
		--secs) secs=$2 ;;
		--bulk-secs) bulk_secs=$2 ;;
		--iops) VOL_IOPS=$2 ;;
		--wal-level) wal_level=$2 ;;
		--out) out=$2 ;;
		--server) server_observe=$2 ;;
		esac
		shift 2
		;;
	--) shift; break ;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) break ;;
	esac
done
(($# <= 1)) || { usage >&2; exit 2; }
dir=${1:-}
bulk_secs=${bulk_secs:-$secs}
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "--reps must be a whole number >= 1, not '$reps'"
for s in "$secs" "$bulk_secs"; do
	[[ $s =~ ^[1-9][0-9]*$ ]] || die "seconds must be a whole number >= 1, not '$s'"
done
[[ $VOL_IOPS =~ ^[1-9][0-9]*$ ]] || die "--iops must be a whole number >= 1, not '$VOL_IOPS'"
[[ $server_observe =~ ^(0|[1-9][0-9]*)$ ]] || die "--server must be a whole number of seconds, not '$server_observe'"
[[ $wal_level == replica || $wal_level == minimal ]] || die "--wal-level: replica or minimal, not '$wal_level'"
if [[ -n $dir ]]; then
	[[ -d $dir ]] || die "$dir is not a directory"
	dir=$(cd -- "$dir" && pwd)
	kind_list=(dir)
else
	IFS=, read -ra kind_list <<<"$kinds_arg"
	for k in "${kind_list[@]}"; do
		[[ " $VOL_KINDS " == *" $k "* ]] || die "unknown kind '$k' (kinds: ${VOL_KINDS// /,})"
	done
fi
vol_require_root

# --- clean-up ----------------------------------------------------------------------------------
work=""   # logs, scripts, socket: /tmp, readable by postgres
pgdata="" # the cluster, on the volume
child=""  # pgbench or walbench running now
bench_pid="" # --server: pgbench running beside walbench

stop_pg() { # [MODE...]: the modes to try in order; default immediate, then fast
	local mode
	[[ -n $pgdata && -f $pgdata/postmaster.pid ]] || return 0
	for mode in "${@:-immediate}" fast; do
		as_pg "$pgbin/pg_ctl" -D "$pgdata" -m "$mode" -w -t 60 stop >/dev/null 2>&1 && return 0
	done
	msg "pg_ctl stop failed for $pgdata"
	return 1
}

drop_cluster() {
	stop_pg || true
	[[ -z $pgdata ]] || rm -rf -- "$pgdata"
	pgdata=""
}

cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	if [[ -n $child ]]; then
		kill -TERM "$child" 2>/dev/null || true
		wait "$child" 2>/dev/null || true
	fi
	if [[ -n $bench_pid ]]; then
		vol_kill_tree "$bench_pid" || true
		wait "$bench_pid" 2>/dev/null || true
	fi
	drop_cluster
	if [[ $kind == dir ]]; then
		[[ -z $VOL_DIR ]] || rm -rf -- "$VOL_DIR"
	else
		vol_destroy || rc=1
	fi
	[[ -z $work ]] || rm -rf -- "$work"
	exit "$rc"
}
kind=""
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Runs a command in the background and waits, so a TERM is acted on at once (bash runs traps only
# between commands). Sets rc.
rc=0
run_bg() { # OUTFILE COMMAND...
	local o=$1
	shift
	rc=0
	"$@" >"$o" 2>&1 &
	child=$!
	wait "$child" || rc=$?
	child=""
}

# --- PostgreSQL --------------------------------------------------------------------------------
pgbin=""
find_pg() {
	pgbin=$(printf '%s\n' /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)
	if [[ ! -x $pgbin ]] || [[ ! -x ${pgbin%/*}/pgbench ]]; then
		command -v apt-get >/dev/null || die "PostgreSQL not found in /usr/lib/postgresql (install it)"
		msg "installing PostgreSQL (apt-get install -y postgresql)"
		apt-get install -y postgresql >"$work/apt.log" 2>&1 ||
			{ apt-get update >>"$work/apt.log" 2>&1 && apt-get install -y postgresql >>"$work/apt.log" 2>&1; } ||
			die "apt-get install postgresql failed: $(tail -n 5 "$work/apt.log")"
		pgbin=$(printf '%s\n' /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)
	fi
	pgbin=${pgbin%/*}
	[[ -x $pgbin/pgbench && -x $pgbin/initdb ]] || die "no pgbench or initdb in $pgbin"
	id postgres >/dev/null 2>&1 || die "no postgres user (PostgreSQL refuses to run as root)"
}

# No PAM session (unlike su/runuser), so the process stays in the cgroup vol_exec put it in.
as_pg() {
	setpriv --reuid=postgres --regid=postgres --init-groups -- env HOME="$work/pg" "$@"
}

psql_q() { # SQL
	as_pg "$pgbin/psql" -h "$work/pg" -p "$PORT" -U postgres -d postgres -XAtq -v ON_ERROR_STOP=1 -c "$1"
}

# initdb outside the cgroup (not measured, and slow at 150 IOPS), the postmaster inside it.
start_cluster() {
	pgdata=$VOL_DIR/pgdata
	mkdir "$pgdata"
	chown postgres: "$pgdata"
	chmod 700 "$pgdata"
	as_pg "$pgbin/initdb" -D "$pgdata" -U postgres -A trust -E UTF8 --no-sync >"$work/initdb.log" 2>&1 ||
		die "initdb failed: $(tail -n 5 "$work/initdb.log")"
	sync -f "$pgdata"
	# Results should be about WAL flushes: every commit waits for its flush, checkpoints only when
	# we ask (between runs), WAL segments recycled rather than created (min_wal_size), no autovacuum.
	cat >>"$pgdata/postgresql.conf" <<EOF

# validate-with-pgbench.sh
listen_addresses = ''
port = $PORT
unix_socket_directories = '$work/pg'
fsync = on
synchronous_commit = on
full_page_writes = on
wal_level = $wal_level
max_wal_senders = $([[ $wal_level == minimal ]] && echo 0 || echo 10)
shared_buffers = 128MB
checkpoint_timeout = 1h
max_wal_size = 4GB
min_wal_size = 2GB
autovacuum = off
jit = off
EOF
	# --server: the server's own flush time gives walbench its flush share.
	((server_observe == 0)) || echo "track_wal_io_timing = on" >>"$pgdata/postgresql.conf"
	vol_exec as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$work/pg/postgres-$kind.log" -w -t 120 start >/dev/null ||
		die "pg_ctl start failed: $(tail -n 5 "$work/pg/postgres-$kind.log")"
	if [[ -n $VOL_CGROUP ]]; then
		local pm
		pm=$(head -n 1 "$pgdata/postmaster.pid")
		grep -qx "$pm" "$VOL_CGROUP/cgroup.procs" || die "postmaster $pm is not in $VOL_CGROUP"
	fi
	psql_q "CREATE TABLE t (id int, v text)"
	pg_version=$(psql_q "SHOW server_version")
	[[ $(psql_q "SHOW wal_level") == "$wal_level" ]] || die "wal_level is not $wal_level"
	# PGC_SIGHUP: a reload is enough, and PostgreSQL closes the open WAL segment when the open
	# flags change. Checked, so a future version that makes it a restart setting is caught.
	method_context=$(psql_q "SELECT context FROM pg_settings WHERE name = 'wal_sync_method'")
}

set_method() { # METHOD
	local i
	psql_q "ALTER SYSTEM SET wal_sync_method = '$1'"
	if [[ $method_context == sighup ]]; then
		psql_q "SELECT pg_reload_conf()" >/dev/null
	else
		stop_pg fast
		vol_exec as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$work/pg/postgres-$kind.log" -w -t 120 start >/dev/null
	fi
	# New backends see the new value once the postmaster has reloaded; give the WAL writer a
	# moment more, as it reloads in its own loop.
	for i in $(seq 50); do
		[[ $(psql_q "SHOW wal_sync_method") == "$1" ]] && break
		sleep 0.2
	done
	[[ $(psql_q "SHOW wal_sync_method") == "$1" ]] || die "wal_sync_method did not become $1"
	sleep 0.5
}

# Write I/Os (bios, flushes included) the throttle has counted in the cgroup for the volume's
# device; "" without a cgroup. Per transaction it tells which I/Os the throttle saw.
cgroup_writes() {
	[[ -n $VOL_CGROUP ]] || return 0
	awk -v d="$(lsblk -dno MAJ:MIN "$VOL_DEV" | tr -d ' ')" '$1 == d && $2 == "Write" { print $3 }' \
		"$VOL_CGROUP/blkio.throttle.io_serviced"
}

# One pgbench run, from the same starting state each time: empty table, fresh checkpoint.
# Appends a TSV line to $raw unless REP is "warmup".
run_one() { # WORKLOAD METHOD REP POS
	local w=$1 m=$2 rep=$3 pos=$4 s tps txns lat ios0 ios1 log=$work/pgbench.log
	s=$([[ $w == commit ]] && echo "$secs" || echo "$bulk_secs")
	psql_q "TRUNCATE t"
	psql_q "CHECKPOINT"
	ios0=$(cgroup_writes)
	run_bg "$log" vol_exec as_pg "$pgbin/pgbench" -h "$work/pg" -p "$PORT" -U postgres -n -c 1 -j 1 \
		-T "$s" -f "$work/$w.sql" postgres
	if ((rc != 0)); then
		msg "pgbench $w $m failed (exit $rc):"
		cat "$log" >&2
		exit 1
	fi
	tps=$(awk '/^tps = / { print $3; exit }' "$log")
	txns=$(awk -F': ' '/number of transactions actually processed/ { print $2; exit }' "$log")
	lat=$(awk '/^latency average = / { print $4; exit }' "$log")
	[[ -n $tps ]] || { msg "no tps in pgbench output:"; cat "$log" >&2; exit 1; }
	[[ $rep == warmup ]] && return
	ios1=$(cgroup_writes)
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$VOL_FSTYPE" "$wal_level" \
		"$rep" "$pos" "$w" "$m" "$s" "$tps" "${txns%% *}" "$lat" \
		"$([[ -z $ios0 ]] || awk -v a="$ios0" -v b="$ios1" -v n="${txns%% *}" 'BEGIN { printf "%.2f", (b - a) / n }')" >>"$raw"
	msg "$kind rep $rep: $w $m $tps tps"
}

# --- walbench ----------------------------------------------------------------------------------
walbench=""
find_walbench() {
	local wb=${WALBENCH:-$here/../build/walbench}
	[[ -x $wb ]] && "$wb" recommend --help >/dev/null 2>&1 && walbench=$wb
	return 0
}

# Sets wb_says: walbench's choice for VOL_DIR, measured the way PostgreSQL was (same cgroup).
wb_says=""
run_walbench() {
	local j=$work/walbench-$kind.json m sig
	if [[ -z $walbench ]]; then
		wb_says="not available"
		return
	fi
	run_bg "$work/walbench.log" vol_exec "$walbench" recommend --json "$j" "$VOL_DIR"
	if ((rc != 0)) || [[ ! -s $j ]]; then
		wb_says="failed (exit $rc): $(tail -n 1 "$work/walbench.log")"
		return
	fi
	if command -v jq >/dev/null; then
		m=$(jq -r '.recommendation.wal_sync_method // "?"' "$j")
		sig=$(jq -r '.recommendation.significant | if . == null then "?" else tostring end' "$j")
	else
		m=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["recommendation"]; print(r.get("wal_sync_method","?"))' "$j")
		sig=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["recommendation"]; print(str(r.get("significant","?")).lower())' "$j")
	fi
	wb_says="$m (significant: $sig)"
	[[ -z $out ]] || cp "$j" "${out%.*}-walbench-$kind.json"
}

# --server: walbench recommend --server against the running cluster while the commit workload
# runs on it (fdatasync), both in the cgroup; pgbench stops once walbench starts measuring, so
# only walbench's flushes are timed. Sets wb_server: its verdict in commits.
wb_server=""
run_walbench_server() {
	local j=$work/walbench-server-$kind.json log=$work/walbench-server.log i
	local dsn="host=$work/pg port=$PORT user=postgres dbname=postgres"
	wb_server="not run"
	[[ -n $walbench ]] || return 0
	set_method fdatasync
	psql_q "TRUNCATE t"
	vol_exec as_pg "$pgbin/pgbench" -h "$work/pg" -p "$PORT" -U postgres -n -c 1 -j 1 \
		-T $((server_observe + 600)) -f "$work/commit.sql" postgres >"$work/pgbench-server.log" 2>&1 &
	bench_pid=$!
	sleep 2
	: >"$log"
	vol_exec "$walbench" recommend --server "$dsn" --observe "${server_observe}s" --json "$j" >"$log" 2>&1 &
	child=$!
	for ((i = 0; i < 10 * (server_observe + 60); i++)); do
		grep -q '^Which wal_sync_method' "$log" && break
		kill -0 "$child" 2>/dev/null || break
		sleep 0.1
	done
	vol_kill_tree "$bench_pid"
	wait "$bench_pid" 2>/dev/null || true
	bench_pid=""
	rc=0
	wait "$child" || rc=$?
	child=""
	if ((rc != 0)) || [[ ! -s $j ]]; then
		wb_server="failed (exit $rc): $(tail -n 1 "$log")"
		return 0
	fi
	[[ -z $out ]] || cp "$j" "${out%.*}-walbench-server-$kind.json"
	wb_server=$(python3 - "$j" <<'PY2'
import json, sys
d = json.load(open(sys.argv[1]))
r = d.get("recommendation") or {}
s = r.get("server") or {}
rt = (d.get("observed") or {}).get("rates") or {}
f = lambda v, p="%.2f": p % v if isinstance(v, (int, float)) else "n/a"
ci = s.get("commit_ci95_pct") or [None, None]
print("%s (state %s); server baseline %s, flush share %s (%s), commit gain %s%% [%s, %s];"
      " server %s flushes/s of %s ms, %s commits/s" % (
      r.get("wal_sync_method"), r.get("state"), s.get("baseline"), f(s.get("flush_share")),
      s.get("share_source"), f(s.get("commit_gain_pct"), "%+.1f"), f(ci[0], "%+.1f"),
      f(ci[1], "%+.1f"), f(rt.get("flushes_per_s"), "%.0f"), f(rt.get("flush_ms"), "%.3f"),
      f(rt.get("commits_per_s"), "%.0f")))
PY2
) || wb_server="its JSON could not be read"
}

# --- the report --------------------------------------------------------------------------------
# Per workload: median, min and max TPS per method, best first; the verdict compares the best with
# fdatasync, the default: a tie when their ranges overlap or medians differ by less than TIE_PCT.
report() {
	echo
	echo "== $kind: $VOL_FSTYPE on ${VOL_DEV:-$(findmnt -n -o SOURCE -T "$VOL_DIR" | tail -n 1)}" \
		"${VOL_CGROUP:+(throttled to $VOL_IOPS write IOPS) }— PostgreSQL $pg_version, wal_level=$wal_level," \
		"$reps reps, commit ${secs} s, bulk ${bulk_secs} s a run =="
	awk -F'\t' -v kind="$kind" -v methods="${METHODS[*]}" -v tie="$TIE_PCT" -v wb="$wb_says" -v wbs="$wb_server" \
		-v rows="$BULK_ROWS" '
	function median(list,    a, n, i, j, t) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		return n % 2 ? a[(n + 1) / 2] + 0 : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	$1 == kind {
		k = $6 SUBSEP $7
		l[k] = l[k] " " $9
		if (!(k in lo) || $9 + 0 < lo[k]) lo[k] = $9 + 0
		if (!(k in hi) || $9 + 0 > hi[k]) hi[k] = $9 + 0
	}
	END {
		nm = split(methods, m, " ")
		split("commit bulk", ws, " ")
		desc["commit"] = "commit: 1 client, one single-row INSERT per transaction"
		desc["bulk"] = "bulk: 1 client, one INSERT of " rows " rows per transaction"
		for (wi = 1; wi <= 2; wi++) {
			w = ws[wi]
			n = 0
			for (i = 1; i <= nm; i++)
				if ((w SUBSEP m[i]) in l) {
					o[++n] = m[i]
					med[m[i]] = median(l[w SUBSEP m[i]])
				}
			if (n == 0)
				continue
			for (i = 2; i <= n; i++) # best first
				for (j = i; j > 1 && med[o[j - 1]] < med[o[j]]; j--) {
					t = o[j]; o[j] = o[j - 1]; o[j - 1] = t
				}
			f = w SUBSEP "fdatasync"
			printf "\n%s (TPS)\n", desc[w]
			printf "  %-14s %10s %23s %13s\n", "method", "median", "min -        max", "vs fdatasync"
			for (i = 1; i <= n; i++) {
				k = w SUBSEP o[i]
				printf "  %-14s %10.1f %10.1f - %10.1f %+11.1f%%\n", o[i], med[o[i]], lo[k], hi[k],
					(f in l) ? 100 * (med[o[i]] / med["fdatasync"] - 1) : 0
			}
			r = o[1]
			for (i = 2; i <= n; i++)
				r = r (med[o[i - 1]] == med[o[i]] ? " = " : " > ") o[i]
			printf "  ranking: %s\n", r
			b = w SUBSEP o[1]
			if (!(f in l))
				v = "no fdatasync runs to compare with"
			else if (o[1] == "fdatasync")
				v = "fdatasync is best" (n > 1 ? sprintf(" (next, %s: %.1f%% lower, ranges %s)", o[2],
					100 * (1 - med[o[2]] / med["fdatasync"]),
					lo[w SUBSEP o[2]] <= hi[f] ? "overlap" : "apart") : "")
			else {
				d = 100 * (med[o[1]] / med["fdatasync"] - 1)
				ov = lo[b] <= hi[f]
				v = sprintf("%s %s vs fdatasync: %+.1f%%, ranges %s", (ov || d < tie) ? "tie:" : "not a tie:",
					o[1], d, ov ? "overlap" : "apart")
			}
			printf "  best vs default: %s\n", v
			printf "  walbench recommend: %s\n", wb
			if (w == "commit" && wbs != "")
				printf "  walbench recommend --server: %s\n", wbs
		}
	}' "$raw"
}

# --- main --------------------------------------------------------------------------------------
work=$(mktemp -d "/tmp/$VOL_PREFIX-$$.XXXXXX")
chmod 755 "$work"
mkdir "$work/pg"
chown postgres: "$work/pg" 2>/dev/null || true
raw=$work/raw.tsv
printf 'kind\tfstype\twal_level\trep\tpos\tworkload\tmethod\tsecs\ttps\ttxns\tlatency_ms\tcgroup_write_ios_per_txn\n' >"$raw"
find_pg
chown postgres: "$work/pg"
find_walbench
cat >"$work/commit.sql" <<'EOF'
\set id random(1, 1000000000)
INSERT INTO t VALUES (:id, repeat('x', 100));
EOF
echo "INSERT INTO t SELECT g, repeat('x', 100) FROM generate_series(1, $BULK_ROWS) g;" >"$work/bulk.sql"
chmod 644 "$work"/*.sql
msg "PostgreSQL binaries: $pgbin; walbench: ${walbench:-not available (no recommend command)}"

for kind in "${kind_list[@]}"; do
	if [[ $kind == dir ]]; then
		VOL_DIR=$(mktemp -d "$dir/$VOL_PREFIX.XXXXXX")
		VOL_FSTYPE=$(findmnt -n -o FSTYPE -T "$VOL_DIR" | tail -n 1)
		chmod 755 "$VOL_DIR"
	else
		vrc=0
		vol_create "$kind" || vrc=$?
		if ((vrc == VOL_SKIP)); then
			printf '\n== %s: skipped (see the message above) ==\n' "$kind"
			continue
		fi
		((vrc == 0)) || die "could not build the $kind volume"
	fi
	chown postgres: "$VOL_DIR"
	msg "$kind: $VOL_DIR ($VOL_FSTYPE${VOL_DEV:+ on $VOL_DEV}${VOL_LOOP:+, loop dio $(cat "/sys/block/${VOL_LOOP#/dev/}/loop/dio")})"
	start_cluster
	# Warm-up, discarded: the first runs after initdb create WAL segments (15-35 % slower under bulk).
	set_method fdatasync
	run_one bulk fdatasync warmup 0
	run_one commit fdatasync warmup 0
	for ((r = 1; r <= reps; r++)); do
		for w in commit bulk; do
			for ((i = 0; i < ${#METHODS[@]}; i++)); do
				m=${METHODS[(i + r - 1) % ${#METHODS[@]}]}
				set_method "$m"
				run_one "$w" "$m" "$r" "$((i + 1))"
			done
		done
	done
	wb_server=""
	((server_observe == 0)) || run_walbench_server
	drop_cluster
	run_walbench
	report
	if [[ $kind == dir ]]; then
		rm -rf -- "$VOL_DIR"
		VOL_DIR=""
	else
		vol_destroy || die "could not tear down the $kind volume"
	fi
done
[[ -z $out ]] || cp "$raw" "$out"
