#!/usr/bin/env bash
# validate-placement.sh — checks walbench's pg_wal placement advice against real PostgreSQL: one
# cluster per placement, all with their data on DATA_DIR, their WAL (initdb --waldir) on DATA_DIR
# itself or on one WAL_DIR each; pgbench TPC-B TPS of each, interleaved and repeated, beside the gain
# `walbench recommend --wal-candidate` predicts for moving pg_wal there.
# Traps: needs root but runs PostgreSQL as the postgres user (private socket dir, no TCP). Throttling
# is the caller's, or --build's: a blkio throttle counts only I/O submitted from inside its cgroup,
# so the servers, pgbench and walbench all start in it. By default a checkpoint falls inside each
# measured run (its data writes are the load moving pg_wal escapes): checkpoint_timeout=30s and a
# warm-up time it. A server starts for each run, so with a long --checkpoint-timeout no timed
# checkpoint falls in the runs at all: a different regime, not a longer one. The report counts the
# checkpoints each run had, and why each began. With --server --now K the observed server's pg_wal
# is apart already (on placement K) and DATA_DIR itself is a candidate: the move back onto the data
# volume, whose data writes then grow with the commits.
set -euo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
VOL_PREFIX=${VOL_PREFIX:-wbplace}
# shellcheck disable=SC2034 # read by volumes.sh
VOL_TRAPS=0 # our cleanup stops PostgreSQL before the volumes go
# shellcheck source-path=SCRIPTDIR source=lib/volumes.sh
. "$here/lib/volumes.sh"

PORT=5499         # the first cluster's port, the next ones count up: it names the socket file only
DATA_VOL_SIZE=8G  # --build: four clusters of scale 10 (~160 MB each), their WAL and walbench's files
PLACE_VOL_SIZE=4G # --build: the second volume holds one cluster's WAL

usage() {
	cat <<EOF
Usage: ${0##*/} [OPTIONS] DATA_DIR WAL_DIR...
       ${0##*/} [OPTIONS] --build
Runs pgbench TPC-B against one PostgreSQL cluster per pg_wal placement: the data of each on
DATA_DIR, the WAL on DATA_DIR itself (the baseline) or on one WAL_DIR each, and prints per
placement the TPS (median, min-max), the gain over the baseline, the data pages the server
wrote a second and the write I/Os the data volume did meanwhile, and the gains walbench predicts
(walbench recommend --data DATA_DIR --wal-candidate WAL_DIR... --workload oltp: the decisive
group commit of 8 and the single commit) with their differences from the measured. walbench
runs twice: before the rounds with its default data load, after them with --data-load set to
the data pages a second the baseline's server wrote. The servers run one at a time, each round
in a rotated order.

  DATA_DIR, WAL_DIR  existing directories; the script makes and removes its own
                     subdirectories there. Throttle them yourself (run this script inside
                     the cgroup), or use --build
  --build            build the volumes instead (contrib/lib/volumes.sh): a throttled ext4
                     data volume and, as WAL_DIRs, a directory on it, a second throttled
                     ext4 volume, a third at a thirtieth of the IOPS (slower) and a directory
                     on /dev/shm; PostgreSQL, pgbench and walbench run in their blkio
                     cgroup. Torn down at the end
  --iops N           --build: write IOPS of each throttled volume (default 150)
  --kind K           --build: throttled (default: each volume's rule in a child blkio cgroup,
                     where the journal's and the flusher's kernel threads go free) or slowdisk
                     (the rule in the root cgroup: everything writing to the volume shares it)
  --reps N           rounds (default 3)
  --secs S           seconds of each measured pgbench run (default 30)
  --warmup S         seconds of pgbench before each measured run, discarded (default 25:
                     with the default timeout, the first checkpoint, 30 s after the server
                     starts, begins 5 s into the run)
  --checkpoint-timeout S
                     the servers' checkpoint_timeout, 30 .. 86400 (default 30). Each run
                     starts its server, so the first timed checkpoint is due S s after the
                     warm-up begins, and the regime follows from S, --warmup and --secs:
                     S < warm-up + secs (the default): a checkpoint's writes, spread over
                     0.9 S, run beside the measured commits, the case moving pg_wal is for;
                     S >= warm-up + secs (e.g. 300, PostgreSQL's default): no timed
                     checkpoint in the runs: the data writes are the background writer's
                     and the backends' evictions, in the first minute after a checkpoint
                     (the last run's shutdown), full-page images making WAL larger. For a
                     checkpoint in the runs with a long timeout, give --warmup S-5 and
                     --secs up to 0.9 S. max_wal_size (1GB) may still request one when WAL
                     is fast: the checkpoints table says why each began
  --pg-set NAME=VALUE
                     one more postgresql.conf line for every cluster (repeatable), e.g.
                     full_page_writes=off to see what full-page images add to the WAL that
                     moving pg_wal relieves
  --clients N        pgbench clients (default 8; 2 threads, 1 for a single client)
  --scale N          pgbench scale (default 10)
  --pg-major N       the PostgreSQL major whose server runs the clusters, 14 to 18
                     (default: the newest Debian's postgresql package installed): Debian's
                     for 15, else contrib/pg-majors.sh's (it fetches it when missing); psql
                     and pgbench are always the package's
  --walbench PATH    the walbench binary (default: \$WALBENCH, else ../build/walbench)
  --server T         instead of the two --data-load runs: walbench recommend --server (observing
                     for T seconds, e.g. 35) against the baseline's cluster while pgbench runs
                     on it, in the same cgroup, so no rate is typed, twice: "running", the
                     server and pgbench run on while walbench measures (it adds no load: the
                     server's is the load), and "paused", pgbench and the server stop
                     (immediate) when walbench begins measuring, and walbench replays the
                     observed load (pages/s times the device writes per page). pgbench starts
                     with the server and the window opens --warmup s later, as the measured
                     runs do (from the end of pgbench's vacuum), so it sees their regime;
                     give --secs T too, so the runs span the window: the TPS swings with the
                     checkpoint, and a window of another span reads another baseline
                     (--secs 35 --server 35 lets the first checkpoint complete inside it,
                     which the paused run's load needs). The
                     report prints walbench's predicted commits/s for each candidate beside
                     pgbench's TPS there. Every cluster runs with track_wal_io_timing = on.
                     pgbench reports its TPS each second meanwhile, so the report also
                     gives the TPS pgbench saw inside walbench's window, the truth for
                     walbench's "now"
  --server-reps N    --server: walbench runs N times each way, alternating (default 1); the
                     last table gives each run and the medians
  --server-ways W    --server: live, paused or both (default both)
  --now K[,K...]     --server: the cluster walbench observes, by placement: 0 (the default)
                     has its pg_wal on DATA_DIR; K > 0 on the Kth WAL_DIR (--build: 1 the
                     data volume's other directory, then as --places lists them), pg_wal apart
                     already, and DATA_DIR is then a candidate (the move back onto the data
                     volume). Several: each in turn, every rep
  --walbench-before PATH
                     --server: also run this walbench binary (e.g. main's build) right after
                     each run of --walbench, on the same cluster the same way, and give both
                     binaries' predictions side by side
  --places LIST      --build: which WAL_DIRs to build, in order, of same (the data volume's
                     other directory), second (a 2nd throttled volume), slower (a slower
                     one, see --slow-iops) and shm (default same,second,slower,shm)
  --slow-iops N      --build: the slower volume's write IOPS (default a thirtieth of --iops)
  --out FILE         also write every run as TSV to FILE (the runs so far, if interrupted),
                     and beside it walbench's predictions (FILE-predictions.tsv), its JSON
                     (FILE-walbench.json, FILE-walbench-measured.json; with --server
                     FILE-walbench-live.json and FILE-walbench-paused.json) and the server logs
  -h, --help         this help

Exit: 0 done, 1 a run failed, 2 usage or setup error. walbench failing is not an error:
its columns then say n/a, and why below the table.
EOF
}

die() {
	echo "${0##*/}: $*" >&2
	exit 2
}

msg() {
	echo "${0##*/}: $*" >&2
}

# --- arguments: all checked before anything is made --------------------------------------------
build=0
reps=3
secs=30
warmup=25
ckpt_timeout=30
clients=8
scale=10
walbench=""
walbench_given=0
out=""
pg_set=()
server_observe=0
server_reps=1
server_ways="live paused"
now_list=(0)
walbench_before=""
build_places=same,second,slower,shm
slow_iops=""
want_major=""
vol_kind=throttled
while (($#)); do
	case $1 in
	-h | --help)
		usage
		exit 0
		;;
	--build)
		build=1
		shift
		;;
	--iops | --kind | --reps | --secs | --warmup | --checkpoint-timeout | --clients | --scale | --walbench | --out | --pg-set | --server | --server-reps | --pg-major | --server-ways | --now | --walbench-before | --places | --slow-iops)
		(($# >= 2)) || die "$1 needs a value (try --help)"
		case $1 in
		--iops) VOL_IOPS=$2 ;;
		--kind) vol_kind=$2 ;;
		--reps) reps=$2 ;;
		--secs) secs=$2 ;;
		--warmup) warmup=$2 ;;
		--checkpoint-timeout) ckpt_timeout=$2 ;;
		--clients) clients=$2 ;;
		--scale) scale=$2 ;;
		--walbench) walbench=$2 walbench_given=1 ;;
		--out) out=$2 ;;
		--server) server_observe=$2 ;;
		--server-reps) server_reps=$2 ;;
		--pg-major) want_major=$2 ;;
		--server-ways)
			case $2 in
			live | paused) server_ways=$2 ;;
			both) server_ways="live paused" ;;
			*) die "--server-ways must be live, paused or both, not '$2'" ;;
			esac
			;;
		--now)
			[[ $2 =~ ^[0-9](,[0-9])*$ ]] || die "--now takes placements K[,K...], not '$2'"
			IFS=, read -ra now_list <<<"$2"
			;;
		--walbench-before) walbench_before=$2 ;;
		--places)
			[[ $2 =~ ^(same|second|slower|shm)(,(same|second|slower|shm))*$ ]] ||
				die "--places takes same, second, slower and shm, comma-separated, not '$2'"
			build_places=$2
			;;
		--slow-iops) slow_iops=$2 ;;
		--pg-set)
			[[ $2 =~ ^[a-z_]+=[A-Za-z0-9_.]+$ ]] ||
				die "--pg-set takes NAME=VALUE (letters, digits, _ and .), not '$2'"
			pg_set+=("${2%%=*} = '${2#*=}'")
			;;
		esac
		shift 2
		;;
	--)
		shift
		break
		;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) break ;;
	esac
done

# No leading zero (bash would read it as octal) and at most 9 digits (no overflow).
whole() { # NAME VALUE MIN
	if ! [[ $2 =~ ^(0|[1-9][0-9]{0,8})$ ]] || (($2 < $3)); then
		die "$1 must be a whole number >= $3, not '$2'"
	fi
}
whole --iops "$VOL_IOPS" 1
[[ $vol_kind == throttled || $vol_kind == slowdisk ]] ||
	die "--kind must be throttled or slowdisk, not '$vol_kind'"
whole --reps "$reps" 1
whole --secs "$secs" 1
whole --warmup "$warmup" 0
whole --checkpoint-timeout "$ckpt_timeout" 30 # PostgreSQL's range: 30s .. 1d
((ckpt_timeout <= 86400)) || die "--checkpoint-timeout must be at most 86400 (a day), not '$ckpt_timeout'"
whole --clients "$clients" 1
whole --scale "$scale" 1
whole --server "$server_observe" 0
whole --server-reps "$server_reps" 1
[[ -z $slow_iops ]] || whole --slow-iops "$slow_iops" 1
if [[ -n $walbench_before ]]; then
	[[ -f $walbench_before && -x $walbench_before ]] || die "--walbench-before $walbench_before is not an executable file"
	((server_observe)) || die "--walbench-before needs --server"
fi
[[ -z $want_major || $want_major =~ ^1[4-8]$ ]] || die "--pg-major must be 14 to 18, not '$want_major'"
((server_observe == 0 || server_observe >= 10)) ||
	die "--server $server_observe must be at least 10 (walbench's shortest --observe)"
jobs=$((clients < 2 ? clients : 2))
if ((walbench_given)); then
	[[ -f $walbench && -x $walbench ]] || die "--walbench $walbench is not an executable file"
fi
if [[ -n $out ]]; then
	[[ -d $(dirname -- "$out") && -w $(dirname -- "$out") ]] || die "--out $out: $(dirname -- "$out") is not a writable directory"
	[[ ! -d $out ]] || die "--out $out is a directory"
fi

# The placements: index 0 is DATA_DIR itself (the baseline), then each WAL_DIR. label names them in
# the table.
place=()
label=()
data_dir=""
if ((build)); then
	(($# == 0)) || die "--build makes its own directories: no DATA_DIR or WAL_DIR with it"
else
	(($# >= 2)) || die "needs DATA_DIR and at least one WAL_DIR, or --build (try --help)"
	for d in "$@"; do
		[[ -d $d ]] || die "$d is not a directory"
		[[ -w $d ]] || die "$d is not writable"
		d=$(cd -- "$d" && pwd)
		for p in "${place[@]}"; do
			[[ $p != "$d" ]] || die "$d is given twice (DATA_DIR itself is always the baseline)"
		done
		place+=("$d")
		label+=("$d")
	done
	data_dir=${place[0]}
	label[0]="DATA_DIR itself"
fi
vol_require_root

# --- clean-up: everything made or started is listed here as soon as it exists -------------------
work=""       # logs, the socket dir, walbench's JSON: /tmp, readable by postgres
made=()       # directories we created on DATA_DIR and the WAL_DIRs
pgdata=()     # the clusters, by placement
waldir=()     # their WAL directories, by placement
child=""      # pgbench or walbench running now
bench_pid=""  # --server: pgbench running beside walbench
raw=""        # every run, TSV

cleanup() {
	local rc=$? i
	trap - EXIT INT TERM
	set +e
	((rc < 128)) || msg "interrupted: stopping the servers, removing what was made"
	if [[ -n $child ]]; then
		# run_bg's child is a subshell; the tool is its child (vol_exec forks once more).
		# shellcheck disable=SC2046 # one pid per word
		kill -TERM $(ps -o pid= --ppid "$child") "$child" 2>/dev/null
		wait "$child" 2>/dev/null
	fi
	if [[ -n $bench_pid ]]; then
		vol_kill_tree "$bench_pid"
		wait "$bench_pid" 2>/dev/null
	fi
	# Immediate: the clusters are removed next, nothing is worth a shutdown checkpoint.
	for i in "${!pgdata[@]}"; do
		[[ ! -f ${pgdata[i]}/postmaster.pid ]] || stop_pg "$i" immediate || rc=1
	done
	for ((i = ${#made[@]} - 1; i >= 0; i--)); do
		rm -rf -- "${made[i]}"
	done
	if [[ -n $out && -n $raw && -s $raw ]]; then
		cp "$raw" "$out" || rc=1
		[[ ! -s $work/predictions.tsv ]] || cp "$work/predictions.tsv" "${out%.*}-predictions.tsv" || rc=1
		# The server logs hold each checkpoint's timings and anything that went wrong.
		for i in "${!pgdata[@]}"; do
			[[ ! -f $(pg_log "$i") ]] || cp "$(pg_log "$i")" "${out%.*}-postgres-$i.log"
		done
	fi
	if ((build)); then
		vol_destroy || rc=1
	fi
	[[ -z $work ]] || rm -rf -- "$work"
	exit "$rc"
}
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

# Sets new_dir to a fresh PARENT/NAME.XXXXXX owned by postgres, listed in made at once. Not for
# $(...): the listing would be lost with the subshell.
new_dir=""
mkdir_made() { # PARENT NAME MODE
	new_dir=$(mktemp -d "$1/$2.XXXXXX") || die "cannot make a directory in $1"
	made+=("$new_dir")
	chown postgres: "$new_dir"
	chmod "$3" "$new_dir"
}

# --- PostgreSQL --------------------------------------------------------------------------------
pgbin=""  # the server's initdb and pg_ctl
clibin="" # psql and pgbench: the package's, which work against every major
find_pg() {
	clibin=$(printf '%s\n' /usr/lib/postgresql/*/bin/pgbench | sort -V | tail -n 1)
	if [[ ! -x $clibin ]]; then
		command -v apt-get >/dev/null || die "PostgreSQL not found in /usr/lib/postgresql (install it)"
		msg "installing PostgreSQL (apt-get install -y postgresql)"
		apt-get install -y postgresql >"$work/apt.log" 2>&1 ||
			{ apt-get update >>"$work/apt.log" 2>&1 && apt-get install -y postgresql >>"$work/apt.log" 2>&1; } ||
			die "apt-get install postgresql failed: $(tail -n 5 "$work/apt.log")"
		clibin=$(printf '%s\n' /usr/lib/postgresql/*/bin/pgbench | sort -V | tail -n 1)
	fi
	clibin=${clibin%/*}
	[[ -x $clibin/pgbench && -x $clibin/psql ]] || die "no pgbench or psql in $clibin"
	if [[ -n $want_major ]]; then
		"$here/pg-majors.sh" "$want_major" >"$work/pg-majors.log" 2>&1 ||
			die "PostgreSQL $want_major: $(cat "$work/pg-majors.log")"
		pgbin=$("$here/pg-majors.sh" --bin "$want_major") || die "no PostgreSQL $want_major server"
	else
		pgbin=$clibin
	fi
	[[ -x $pgbin/initdb && -x $pgbin/pg_ctl ]] || die "no initdb or pg_ctl in $pgbin"
	id postgres >/dev/null 2>&1 || die "no postgres user (PostgreSQL refuses to run as root)"
	pg_major=$("$pgbin/pg_ctl" --version | awk '{ split($3, v, "."); print v[1] }')
	[[ -z $want_major || $pg_major == "$want_major" ]] ||
		die "the server in $pgbin is PostgreSQL $pg_major, not $want_major"
}

# Runs a program as postgres. A program, not a function, so vol_exec can exec it: then killing
# run_bg's child reaches it, and it stays in the cgroup vol_exec put it in (no PAM session, unlike
# su/runuser).
as_pg=()
set_as_pg() {
	as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups -- env HOME="$work/pg" LC_ALL=C)
}

psql_q() { # PLACEMENT SQL
	"${as_pg[@]}" "$clibin/psql" -h "$work/pg" -p $((PORT + $1)) -U postgres -d postgres -XAtq \
		-v ON_ERROR_STOP=1 -c "$2"
}

pg_log() { # PLACEMENT
	echo "$work/pg/postgres-$1.log"
}

# Starts the server of placement I: in the cgroup (vol_exec) when measuring, outside it to set up,
# which is not measured and slow at 150 IOPS.
start_pg() { # PLACEMENT [plain]
	local i=$1 pm
	if [[ ${2:-} == plain ]]; then
		"${as_pg[@]}" "$pgbin/pg_ctl" -D "${pgdata[i]}" -l "$(pg_log "$i")" -w -t 300 start >/dev/null
	else
		vol_exec "${as_pg[@]}" "$pgbin/pg_ctl" -D "${pgdata[i]}" -l "$(pg_log "$i")" -w -t 300 start >/dev/null
	fi || die "pg_ctl start failed for ${label[i]}: $(tail -n 5 "$(pg_log "$i")")"
	if [[ ${2:-} != plain && -n $VOL_CGROUP ]]; then
		pm=$(head -n 1 "${pgdata[i]}/postmaster.pid")
		grep -qx "$pm" "$VOL_CGROUP/cgroup.procs" || die "postmaster $pm is not in $VOL_CGROUP"
	fi
}

# fast: a shutdown checkpoint, so the next start needs no recovery; it may take a while at 150
# IOPS, hence the long timeout.
stop_pg() { # PLACEMENT [MODE]
	local i=$1 mode=${2:-fast}
	"${as_pg[@]}" "$pgbin/pg_ctl" -D "${pgdata[i]}" -m "$mode" -w -t 600 stop >/dev/null 2>&1 ||
		"${as_pg[@]}" "$pgbin/pg_ctl" -D "${pgdata[i]}" -m immediate -w -t 60 stop >/dev/null 2>&1 || {
		msg "pg_ctl stop failed for ${pgdata[i]}"
		return 1
	}
}

# One cluster per placement, data on DATA_DIR and WAL on the placement; pgbench tables loaded.
# initdb and the load run outside the cgroup: they are set-up, not measured.
make_cluster() { # PLACEMENT
	local i=$1
	mkdir_made "$data_parent" "pgdata-$i" 700
	pgdata[i]=$new_dir
	mkdir_made "${place[i]}" "$VOL_PREFIX-wal-$i" 700
	waldir[i]=$new_dir
	"${as_pg[@]}" "$pgbin/initdb" -D "${pgdata[i]}" --waldir "${waldir[i]}" -U postgres -A trust \
		-E UTF8 --no-sync >"$work/initdb-$i.log" 2>&1 ||
		die "initdb failed for ${label[i]}: $(tail -n 5 "$work/initdb-$i.log")"
	# Only what running side by side needs, and the checkpoint timing; the rest stays default
	# (shared_buffers 128MB, wal_sync_method, max_wal_size), as on a server nobody tuned.
	cat >>"${pgdata[i]}/postgresql.conf" <<EOF

# validate-placement.sh
listen_addresses = ''
port = $((PORT + i))
unix_socket_directories = '$work/pg'
# 30s, the minimum, puts a checkpoint inside each measured run: its data writes, spread over 0.9 of
# it (checkpoint_completion_target), are the load that competes with WAL flushes on a shared
# volume and that moving pg_wal escapes. The first starts this long after the server: see --warmup.
checkpoint_timeout = ${ckpt_timeout}s
log_checkpoints = on
lc_messages = 'C'
EOF
	# --server: the server's own flush time, for walbench's flush share.
	((server_observe == 0)) || echo "track_wal_io_timing = on" >>"${pgdata[i]}/postgresql.conf"
	((${#pg_set[@]} == 0)) || printf '%s\n' "# --pg-set" "${pg_set[@]}" >>"${pgdata[i]}/postgresql.conf"
	start_pg "$i" plain
	"${as_pg[@]}" "$clibin/pgbench" -h "$work/pg" -p $((PORT + i)) -U postgres -i -q -s "$scale" \
		postgres >"$work/init-$i.log" 2>&1 || die "pgbench -i failed for ${label[i]}: $(tail -n 5 "$work/init-$i.log")"
	psql_q "$i" "CHECKPOINT"
	pg_version=$(psql_q "$i" "SHOW server_version")
	pg_num=$(psql_q "$i" "SHOW server_version_num")
	stop_pg "$i"
	sync -f "${pgdata[i]}" "${waldir[i]}/"
}

# --- what the server wrote to the data volume ---------------------------------------------------
# The data pages a server has written since it started, all processes together: PostgreSQL up to
# 16 counts them in pg_stat_bgwriter (checkpointer, background writer, backends); 17 moved the
# checkpointer's to pg_stat_checkpointer and the rest to pg_stat_io, where autovacuum workers are
# their own backend type (16's buffers_backend counted them, so they are added here too).
pg_num=""
pages_sql() {
	if ((pg_num >= 170000)); then
		echo "SELECT (SELECT buffers_written FROM pg_stat_checkpointer) + (SELECT coalesce(sum(writes), 0)" \
			"FROM pg_stat_io WHERE object = 'relation' AND backend_type IN" \
			"('background writer', 'client backend', 'autovacuum worker'))"
	else
		echo "SELECT buffers_checkpoint + buffers_clean + buffers_backend FROM pg_stat_bgwriter"
	fi
}

pages_view() {
	if ((pg_num >= 170000)); then
		echo "pg_stat_checkpointer, pg_stat_io"
	else
		echo "pg_stat_bgwriter"
	fi
}

# The block device under DATA_DIR, as named in /sys/class/block; none on tmpfs or overlay.
data_dev=""
find_data_dev() {
	local src
	src=$(findmnt -n -o SOURCE -T "$data_dir" | tail -n 1)
	src=${src%%\[*} # btrfs names the subvolume: /dev/sda1[/home]
	[[ -b $src ]] || return 0
	data_dev=$(lsblk -dno KNAME "$src" 2>/dev/null) || data_dev=""
	[[ -n $data_dev && -r /sys/class/block/$data_dev/stat ]] || data_dev=""
}

# Prints the time, the data pages placement I's server has written, and the data device's writes
# and cache flushes completed (fields 5 and 16 of its stat; the blkio throttle counts both); n/a
# for what is unknown. The statistics lag by at most the interval at which each process reports.
snapshot() { # PLACEMENT
	local pages t f=()
	pages=$(psql_q "$1" "$(pages_sql)" 2>/dev/null) || pages=""
	t=$EPOCHREALTIME
	[[ -z $data_dev ]] || read -ra f <"/sys/class/block/$data_dev/stat" || f=()
	[[ $pages =~ ^[0-9]+$ ]] || pages=n/a
	echo "$t $pages ${f[4]:-n/a} ${f[15]:-n/a}"
}

# From two snapshots: the seconds between them, then data pages, volume writes and flushes a second.
rates() { # SNAPSHOT0 SNAPSHOT1
	awk -v a="$1" -v b="$2" 'BEGIN {
		split(a, x, " "); split(b, y, " "); s = y[1] - x[1]
		printf "%.2f", s
		for (k = 2; k <= 4; k++) {
			v = "n/a"
			if (x[k] ~ /^[0-9]+$/ && y[k] ~ /^[0-9]+$/ && s > 0)
				v = sprintf("%.1f", (y[k] - x[k]) / s)
			printf "\t%s", v
		}
	}'
}

# --- one measured run --------------------------------------------------------------------------
# Start, warm up, measure, stop. The server log between the measured run's start and the end of
# the stop tells which checkpoints ran: write/sync/total of the first that is not the shutdown's.
# Snapshots around the measured run give what the server wrote to the data volume meanwhile.
run_one() { # PLACEMENT ROUND POS
	local i=$1 r=$2 pos=$3 log=$work/pgbench.log plog off0 off1 t0 tps txns lat ck ckwhy stop_s snap0 io
	local bench=("${as_pg[@]}" "$clibin/pgbench" -h "$work/pg" -p $((PORT + i)) -U postgres -c "$clients" -j "$jobs")
	local novacuum=()
	plog=$(pg_log "$i")
	start_pg "$i"
	if ((warmup > 0)); then
		run_bg "$log" vol_exec "${bench[@]}" -T "$warmup" postgres
		((rc == 0)) || { msg "warm-up pgbench on ${label[i]} failed (exit $rc):"; cat "$log" >&2; exit 1; }
		# The warm-up vacuumed; another vacuum would eat into the run (and push its start past
		# the checkpoint's, with the default timeout).
		novacuum=(-n)
	fi
	off0=$(stat -c %s "$plog")
	snap0=$(snapshot "$i")
	run_bg "$log" vol_exec "${bench[@]}" "${novacuum[@]}" -T "$secs" postgres
	((rc == 0)) || { msg "pgbench on ${label[i]} failed (exit $rc):"; cat "$log" >&2; exit 1; }
	io=$(rates "$snap0" "$(snapshot "$i")")
	off1=$(stat -c %s "$plog")
	t0=$EPOCHREALTIME
	stop_pg "$i" || exit 1
	stop_s=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
	tps=$(awk '/^tps = / { print $3; exit }' "$log")
	txns=$(awk -F': ' '/number of transactions actually processed/ { split($2, a, " "); print a[1]; exit }' "$log")
	lat=$(awk '/^latency average = / { print $4; exit }' "$log")
	[[ -n $tps ]] || { msg "no tps in pgbench output:"; cat "$log" >&2; exit 1; }
	ck=$(tail -c +$((off0 + 1)) "$plog" | awk -v len=$((off1 - off0)) '
		function field(name,    s) {
			if (!match($0, name "=[0-9.]+ s"))
				return "?"
			s = substr($0, RSTART + length(name) + 1, RLENGTH - length(name) - 3)
			return s
		}
		{ pos += length($0) + 1 }
		/checkpoint starting:/ {
			shutdown = /shutdown/
			if (!shutdown && pos <= len) {
				begun++
				why = $0
				sub(/.*checkpoint starting: */, "", why)
				gsub(/ +/, "+", why)
				kinds = kinds (kinds == "" ? "" : ",") why
			}
		}
		/checkpoint complete:/ && !shutdown && w == "" {
			w = field("write"); s = field("sync"); t = field("total")
		}
		END {
			printf "%d\t%s\t%s\t%s\t%s", begun, w == "" ? "-" : w, s == "" ? "-" : s, t == "" ? "-" : t,
				kinds == "" ? "-" : kinds
		}')
	ckwhy=${ck##*$'\t'}
	ck=${ck%$'\t'*}
	# io is measured_s, pages/s, writes/s, flushes/s: the seconds go after the rates.
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$pos" "$i" \
		"${label[i]}" "${place[i]}" "$secs" "$tps" "$txns" "$lat" "$ck" "$stop_s" "$warmup" "${io#*$'\t'}" \
		"${io%%$'\t'*}" "$ckwhy" "$ckpt_timeout" >>"$raw"
	io=${io#*$'\t'}
	[[ $ckwhy == - ]] && ckwhy="" || ckwhy=" ($ckwhy)"
	msg "round $r/$reps, $pos/${#place[@]}: ${label[i]}: $(printf %.1f "$tps") tps; checkpoints begun" \
		"in the run: ${ck%%$'\t'*}$ckwhy; data pages written ${io%%$'\t'*}/s; stop ${stop_s} s"
}

# --- walbench ----------------------------------------------------------------------------------
# Like contrib/bench/lib.sh's find_walbench, but a missing binary only empties the columns.
wb_missing=""
find_walbench() {
	if ((!walbench_given)); then
		walbench=${WALBENCH:-$here/../build/walbench}
		[[ -x $walbench ]] || { wb_missing="walbench not found at $walbench (build it, set WALBENCH or --walbench)"; walbench=""; }
	fi
}

# walbench runs twice: "default" before the rounds, with its own data load (a share of the data
# volume's capacity), and "measured" after them, with the data pages a second the baseline's
# server wrote. wb_why[RUN] says why a run's columns are n/a.
declare -A wb_why=([default]="" [measured]="" [live]="" [paused]="")
wb_runs=(default measured) # --server: (live paused)
now_i=0                    # --server: the placement whose cluster walbench observes (--now)
wb_bin=""                  # --server: the binary of this run (--walbench, --walbench-before)

# Runs walbench recommend (with --data-load LOAD when given) and writes wb-RUN.tsv: per candidate
# placement, the decisive prediction (gain_pct, ci95 low and high: the group commit of 8), the
# single-commit row's, move, same_device and reason; and wb-RUN.load: the data load walbench
# asked for and achieved. "n/a" where the run or a key is missing: the JSON is read defensively.
run_walbench() { # RUN [LOAD]
	local tag=$1 load=${2:-} j=$work/walbench-$1.json cands=() extra=() i
	for ((i = 1; i < ${#place[@]}; i++)); do
		cands+=(--wal-candidate "${place[i]}")
	done
	# --now K: the observed server's pg_wal is on placement K; the others, DATA_DIR too, are
	# the candidates.
	if ((now_i)); then
		cands=()
		for i in "${!place[@]}"; do
			((i == now_i)) || cands+=(--wal-candidate "${place[i]}")
		done
	fi
	[[ -z $load ]] || extra=(--data-load "$load")
	rm -f "$j"
	wb_why[$tag]=$wb_missing
	if [[ -n $walbench && ($tag == live* || $tag == paused*) ]]; then
		run_walbench_server "$tag" "$j" "${cands[@]}"
		if ((rc != 0)); then
			wb_why[$tag]="walbench recommend --server failed (exit $rc): $(grep -v '^Try ' "$work/walbench-$tag.log" | tail -n 1)"
		fi
		[[ -z $out || ! -s $j ]] || cp "$j" "${out%.*}-walbench-$tag.json"
	elif [[ -n $walbench ]]; then
		msg "walbench recommend --data $data_dir ${cands[*]} --workload oltp${extra[*]:+ ${extra[*]}}"
		run_bg "$work/walbench-$tag.log" vol_exec "$walbench" recommend --data "$data_dir" "${cands[@]}" \
			--workload oltp --pg-version "$pg_major" "${extra[@]}" --json "$j"
		if ((rc != 0)); then
			wb_why[$tag]="walbench recommend failed (exit $rc): $(grep -v '^Try ' "$work/walbench-$tag.log" | tail -n 1)"
			rm -f "$j"
		elif [[ ! -s $j ]]; then
			wb_why[$tag]="walbench recommend wrote no JSON"
		fi
		# The first run's copy keeps the name it always had.
		[[ -z $out || ! -s $j ]] || cp "$j" "${out%.*}-walbench${load:+-measured}.json"
	fi
	if ! command -v python3 >/dev/null; then
		: >"$work/wb-$tag.tsv"
		: >"$work/wb-$tag.load"
		wb_why[$tag]="python3 not found, needed to read walbench's JSON"
		return
	fi
	python3 - "$j" "$work/wb-$tag.load" "${place[@]:1}" >"$work/wb-$tag.tsv" <<'PY'
import json, os, sys
path, loadfile, cands = sys.argv[1], sys.argv[2], sys.argv[3:]
def obj(v):
    return v if isinstance(v, dict) else {}
try:
    rec = obj(json.load(open(path)).get("recommendation"))
except Exception:
    rec = {}
placement = rec.get("placement")
placement = placement if isinstance(placement, list) else []
by = {}
for p in placement:
    if isinstance(p, dict) and isinstance(p.get("path"), str):
        by[os.path.realpath(p["path"])] = p
def isnum(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)
def num(v, form="%+.1f"):
    return form % v if isnum(v) else "n/a"
def ci(v):
    return (num(v[0]), num(v[1])) if isinstance(v, list) and len(v) == 2 else ("n/a", "n/a")
def yn(d, k):
    return {True: "yes", False: "no"}.get(d.get(k), "n/a")
for i, c in enumerate(cands, 1):
    p = obj(by.get(os.path.realpath(c)))
    single = obj(p.get("commit"))
    reason = str(p.get("reason", "n/a")).replace("\t", " ").replace("\n", " ")
    model = obj(p.get("prediction"))
    print(i, num(p.get("gain_pct")), *ci(p.get("ci95_pct")), num(single.get("gain_pct")),
          *ci(single.get("ci95_pct")), yn(p, "move"), yn(p, "same_device"), reason,
          num(model.get("predicted_per_s"), "%.1f"),
          *(num(v, "%.1f") for v in (model.get("predicted_ci95_per_s") or ["n/a", "n/a"])),
          num(model.get("commits_per_s"), "%.1f"), str(model.get("limit", model.get("why", "n/a"))),
          sep="\t")
load = obj(obj(rec.get("placement_baseline")).get("load"))
try:
    rates = obj(obj(json.load(open(path)).get("observed")).get("rates"))
except Exception:
    rates = {}
with open(loadfile, "w") as f:
    # The last three: what the server showed (--server only): data pages/s, device writes per
    # page, checkpoints in the window.
    print(*(num(load.get(k), "%.0f") for k in ("target_per_s", "achieved_per_s", "capacity_per_s",
          "capacity_pct")), yn(load, "kept_up"), num(rates.get("data_pages_per_s"), "%.1f"),
          num(rates.get("device_writes_per_page"), "%.2f"), num(rates.get("checkpoints"), "%d"),
          sep="\t", file=f)
PY
	if [[ -z ${wb_why[$tag]} ]] && ! awk -F'\t' '$2 != "n/a" { ok = 1 } END { exit !ok }' "$work/wb-$tag.tsv"; then
		wb_why[$tag]="walbench's JSON has no recommendation.placement entries for these paths"
	fi
}

# --server: starts the baseline's server and pgbench on it, opens walbench's window
# checkpoint_timeout - 10 s later (the first timed checkpoint, due checkpoint_timeout after the
# start, then writes inside it). live: the server and pgbench run on until walbench ends, as a
# production server would (walbench then adds no load of its own); paused: once walbench prints
# that it measures, pgbench and the server stop (immediate: a shutdown checkpoint would write beside
# walbench's own load), and walbench replays the observed load. Sets rc.
run_walbench_server() { # live[N]|paused[N] JSON CANDIDATE-ARGS...
	local tag=$1 mode=${1%%[0-9]*} j=$2 log=$work/walbench-$1.log blog=$work/pgbench-$1.log lead i
	local dsn="host=$work/pg port=$((PORT + now_i)) user=postgres dbname=postgres"
	shift 2
	# The window opens when the measured runs' warm-up ends, so it sees the regime they
	# measure: opened 10 s before the first checkpoint instead, it read 64-85 commits/s where the
	# runs, all checkpoint, measured 34 TPS, and the gains were against different baselines.
	lead=$warmup
	start_pg "$now_i"
	# Its TPS each second, stamped, gives what it saw inside walbench's window.
	vol_exec "${as_pg[@]}" "$clibin/pgbench" -h "$work/pg" -p $((PORT + now_i)) -U postgres -c "$clients" -j "$jobs" \
		-P 1 --progress-timestamp -T $((lead + server_observe + 600)) postgres >"$blog" 2>&1 &
	bench_pid=$!
	# As in the measured runs, the warm-up counts from the end of pgbench's vacuum (their warm-up
	# pgbench vacuums, then runs --warmup s): counted from pgbench's start, the window took in
	# seconds before the first checkpoint, at twice the TPS, and read 41 where the runs read 32.
	for ((i = 0; i < 1200; i++)); do
		grep -q 'vacuum\.\.\.end' "$blog" && break
		kill -0 "$bench_pid" 2>/dev/null || break
		sleep 0.1
	done
	sleep "$lead"
	msg "$wb_bin recommend --server \"$dsn\" $* --observe ${server_observe}s (pgbench on ${label[now_i]}, $mode)"
	: >"$log"
	vol_exec "$wb_bin" recommend --server "$dsn" --observe "${server_observe}s" "$@" --json "$j" \
		>"$log" 2>&1 &
	child=$!
	local paused=0
	[[ $mode == live ]] || paused=1
	for ((i = 0; paused && i < 10 * (server_observe + 120); i++)); do
		grep -q '^Where should pg_wal live' "$log" && break
		kill -0 "$child" 2>/dev/null || break
		sleep 0.1
	done
	if [[ $mode == live ]]; then
		rc=0
		wait "$child" || rc=$?
		child=""
	fi
	vol_kill_tree "$bench_pid"
	wait "$bench_pid" 2>/dev/null || true
	bench_pid=""
	stop_pg "$now_i" immediate || true
	if [[ $mode == paused ]]; then
		rc=0
		wait "$child" || rc=$?
		child=""
	fi
	# Recovered and shut down clean, so the next run starts as the measured runs do (the
	# first paused window, after an immediate stop, read 84 commits/s where the runs read 32).
	start_pg "$now_i"
	stop_pg "$now_i" || true
	[[ -z $out ]] || cp "$blog" "${out%.*}-pgbench-$tag.log"
}

# --server: every walbench run, live and paused, beside the TPS pgbench saw inside its window (the
# truth for its "now"), and per candidate the medians over the runs against pgbench's TPS there.
server_summary() {
	command -v python3 >/dev/null || { echo "(no python3: no summary of the walbench runs)"; return; }
	python3 - "$work" "$raw" "${#place[@]}" "${label[@]}" -- "${place[@]}" -- "${server_tags[@]}" <<'PY'
import json, os, statistics, sys
work, raw, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rest = sys.argv[4:]
labels = rest[:n]
places = rest[n + 1:2 * n + 1]
tags = rest[2 * n + 2:]
def num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None
tps = {}
with open(raw) as f:
    next(f)
    for line in f:
        c = line.rstrip("\n").split("\t")
        tps.setdefault(int(c[2]), []).append(float(c[6]))
measured = {i: statistics.median(v) for i, v in tps.items()}
base = measured.get(0)
def window_tps(log, t0, t1):
    # pgbench -P 1 --progress-timestamp: "progress: EPOCH s, TPS tps, ...", each line the second
    # before its stamp: the seconds wholly inside the window.
    got = []
    try:
        for line in open(log):
            if not line.startswith("progress: "):
                continue
            w = line.split()
            t, v = float(w[1]), float(w[3])
            if t0 + 1 <= t <= t1:
                got.append(v)
    except (OSError, ValueError, IndexError):
        return None
    return sum(got) / len(got) if got else None
runs = []
def parse(tag):
    # MODE[N] (the cluster of placement 0, --walbench) or MODEN.nK.BIN (--now, --walbench-before)
    parts = tag.split(".")
    if len(parts) == 3:
        return parts[0].rstrip("0123456789"), int(parts[1][1:]), parts[2]
    return tag.rstrip("0123456789"), 0, "after"
for tag in tags:
    way, now, binary = parse(tag)
    try:
        d = json.load(open(os.path.join(work, "walbench-%s.json" % tag)))
    except Exception:
        runs.append((tag, way, now, binary, None, None, None, {}))
        continue
    obs = d.get("observed") or {}
    iv = obs.get("interval") or {}
    rates = obs.get("rates") or {}
    win = None
    if num(iv.get("begin")) and num(iv.get("end")):
        win = window_tps(os.path.join(work, "pgbench-%s.log" % tag), iv["begin"], iv["end"])
    by = {}
    for p in ((d.get("recommendation") or {}).get("placement") or []):
        if isinstance(p, dict) and isinstance(p.get("path"), str):
            by[os.path.realpath(p["path"])] = p
    runs.append((tag, way, now, binary, win, num(rates.get("write_commits_per_s")),
                 num(rates.get("commits_per_s")), by))
def f1(v):
    return "n/a" if v is None else "%.1f" % v
def pct(v):
    return "n/a" if v is None else "%+.0f%%" % v
def table(head, rows, left):
    wid = [max(len(str(x[k])) for x in rows + [head]) for k in range(len(head))]
    for r in [head] + rows:
        print("  ".join(str(x).ljust(wid[k]) if k < left else str(x).rjust(wid[k]) for k, x in enumerate(r)))
def at_load(p):
    a = p.get("at_load")
    if not isinstance(a, dict):
        return "bound" if p.get("upper_bound") else "-"
    return "%s %.0f pg/s r%s" % ("own load" if a.get("settled") else "bound",
                                 num(a.get("data_pages_per_s")) or 0, a.get("rounds"))
nows = sorted({r[2] for r in runs})
binaries = [b for b in ("after", "before") if any(r[3] == b for r in runs)]
for now in nows:
    base = measured.get(now)
    cands = [i for i in range(n) if i != now]
    print()
    print("walbench --server on the cluster with pg_wal on %s, run by run: the TPS pgbench saw inside" % labels[now])
    print("walbench's window, walbench's \"now\" (its writing commits/s, and all commits/s), and per")
    print("candidate the predicted commits/s (gain; at_load: measured at the predicted commits' data load):")
    head = ["run", "pgbench in window", "now: writing", "now: all"] + [labels[i] for i in cands]
    rows = []
    for tag, way, rn, binary, win, wc, ac, by in runs:
        if rn != now:
            continue
        r = [tag, f1(win), f1(wc), f1(ac)]
        for i in cands:
            p = by.get(os.path.realpath(places[i])) or {}
            m = p.get("prediction") or {}
            r.append("%s (%s) %s" % (f1(num(m.get("predicted_per_s"))), pct(num(m.get("gain_pct"))), at_load(p)))
        rows.append(r)
    table(head, rows, 1)
    print()
    print("medians over the runs, by way and binary, against pgbench (TPS: median of the measured runs;")
    print("gain: over the runs with pg_wal on %s, and over the TPS pgbench saw in walbench's windows):" % labels[now])
    head = ["placement", "way", "binary", "runs", "pgbench TPS", "predicted", "rel", "pgbench gain",
            "in-window gain", "walbench gain [95 %]", "rel (1+gain)", "walbench: move"]
    rows = []
    for i in cands:
        first = True
        for way in ("live", "paused"):
            for binary in binaries:
                pred, gain, lows, highs, wins, moves = [], [], [], [], [], []
                for tag, w, rn, b, win, wc, ac, by in runs:
                    if w != way or rn != now or b != binary:
                        continue
                    p = by.get(os.path.realpath(places[i])) or {}
                    m = p.get("prediction") or {}
                    if num(m.get("predicted_per_s")) is not None:
                        pred.append(m["predicted_per_s"])
                    if num(p.get("gain_pct")) is not None:
                        gain.append(p["gain_pct"])
                        ci = p.get("ci95_pct") or [None, None]
                        lows.append(num(ci[0]))
                        highs.append(num(ci[1]))
                    if win is not None:
                        wins.append(win)
                    # walbench's verdict: a move it finds but does not recommend (pg_wal in
                    # memory, which a crash empties) is not a move it advises
                    moves.append("n/a" if not isinstance(p.get("move"), bool) else "no" if not p["move"]
                                 else "not advised" if p.get("recommended") is False else "yes")
                if not moves:
                    continue
                t = measured.get(i)
                pm = statistics.median(pred) if pred else None
                gm = statistics.median(gain) if gain else None
                mg = 100 * (t / base - 1) if t is not None and base else None
                wm = statistics.median(wins) if wins else None
                wg = 100 * (t / wm - 1) if t is not None and wm else None
                ci = ""
                if len(gain) == 1 and lows[0] is not None and highs[0] is not None:
                    ci = " [%+.0f, %+.0f]" % (lows[0], highs[0])
                elif gain:
                    ci = " (runs %+.0f..%+.0f)" % (min(gain), max(gain))
                rows.append([labels[i] if first else "", "server running" if way == "live" else "server paused",
                             binary, str(len(moves)), f1(t),
                             "n/a" if pm is None else "%.1f [%.1f, %.1f]" % (pm, min(pred), max(pred)),
                             pct(100 * (pm / t - 1)) if pm is not None and t else "n/a", pct(mg), pct(wg),
                             "n/a" if gm is None else "%+.0f%%%s" % (gm, ci),
                             pct(100 * ((1 + gm / 100) / (1 + mg / 100) - 1)) if gm is not None and mg is not None else "n/a",
                             ",".join(moves)])
                first = False
    table(head, rows, 3)
print("(rel: walbench's median against pgbench's; rel (1+gain): the ratio walbench predicts against the")
print("ratio pgbench measured between the runs; in-window gain: pgbench's TPS there over the TPS it saw")
print("in walbench's windows, the baseline walbench's \"now\" stands for; walbench: move: its verdict per")
print("run, \"not advised\" where it finds a gain but does not recommend the move, as for pg_wal in memory)")
PY
}

# The data load the server had: the median data pages a second of the baseline's runs, whole,
# for walbench's --data-load. Empty, with wb_why set, when there is none to give.
measured_load=""
set_measured_load() {
	local n
	n=$(awk -F'\t' "$AWK_MEDIAN"'
		NR > 1 && $3 == 0 && $16 != "n/a" { l = l " " $16 }
		END { if (l != "") printf "%.0f", median(l) }' "$raw")
	if [[ -z $n ]]; then
		wb_why[measured]="no data pages/s from the baseline's runs (pg_stat unreadable)"
	elif ((n < 1)); then
		wb_why[measured]="the baseline's server wrote no data pages in its measured runs (median < 1/s),"
		wb_why[measured]+=" and walbench's --data-load takes at least 1/s"
	else
		measured_load=$n/s
	fi
}

# --- the report --------------------------------------------------------------------------------
describe() { # DIR: file system and device, for the legend
	local src fs
	src=$(findmnt -n -o SOURCE -T "$1" | tail -n 1)
	fs=$(findmnt -n -o FSTYPE -T "$1" | tail -n 1)
	echo "$fs on $src"
}

# One line on walbench's data load in RUN: what it asked for and achieved, against the random-write
# capacity it measured (only when the load is a share of it: the default run's, then).
load_line() { # RUN
	local target achieved cap share kept dcap
	if [[ -n ${wb_why[$1]} ]]; then
		echo "n/a — ${wb_why[$1]}"
		return
	fi
	IFS=$'\t' read -r target achieved cap share kept <"$work/wb-$1.load" || true
	IFS=$'\t' read -r _ _ dcap _ <"$work/wb-default.load" || true
	if [[ $1 == live ]]; then
		IFS=$'\t' read -r target achieved cap share kept pages wpp ckpts <"$work/wb-live.load" || true
		echo "none: the server kept running on DATA_DIR under pgbench, its own load the only one" \
			"(${pages:-n/a} data pages/s observed, ${ckpts:-n/a} checkpoint(s) in the window)"
		return
	fi
	if [[ $1 == paused ]]; then
		IFS=$'\t' read -r target achieved cap share kept pages wpp ckpts <"$work/wb-paused.load" || true
		echo "${target:-n/a}/s asked (the server's ${pages:-n/a} data pages/s observed, ${ckpts:-n/a}" \
			"checkpoint(s) in the window, x ${wpp:-n/a} device writes per page), ${achieved:-n/a}/s achieved;" \
			"kept up: ${kept:-n/a}"
		return
	fi
	if [[ $1 == measured ]]; then
		echo -n "${target:-n/a}/s asked (the baseline's median data pages/s"
		if [[ $dcap =~ ^[1-9][0-9]*$ && $target =~ ^[0-9]+$ ]]; then
			echo -n ", $((100 * target / dcap)) % of the ${dcap}/s capacity the default run measured"
		fi
		echo "), ${achieved:-n/a}/s achieved; kept up: ${kept:-n/a}"
	else
		echo "${target:-n/a}/s asked (${share:-n/a} % of the ${cap:-n/a}/s random-write capacity it" \
			"measured), ${achieved:-n/a}/s achieved; kept up: ${kept:-n/a}"
	fi
}

# Which regime the runs measure: where the first timed checkpoint falls. Each run starts its
# server, and the checkpointer times the first from its start, so it is due checkpoint_timeout
# after the warm-up begins, whatever the run before did.
regime() {
	local due=$((ckpt_timeout - warmup))
	if ((due <= 0)); then
		echo "the first timed checkpoint begins during the warm-up, $((-due)) s before each measured run," \
			"and spreads its writes over $((ckpt_timeout * 9 / 10)) s"
	elif ((due < secs)); then
		echo "the first timed checkpoint is due ${due} s into each measured run and spreads its writes" \
			"over $((ckpt_timeout * 9 / 10)) s: the runs measure commits beside a checkpoint"
	else
		echo "no timed checkpoint is due in the measured runs (the first is due ${due} s after a run starts):" \
			"they measure commits $warmup to $((warmup + secs)) s after a checkpoint (the last run's" \
			"shutdown), beside the background writer's and the backends' evictions"
	fi
}

report() {
	local i tag
	echo
	echo "== pg_wal placement: pgbench TPC-B -s $scale -c $clients -j $jobs, ${secs} s runs after a" \
		"${warmup} s warm-up, rounds: $reps — PostgreSQL $pg_version, checkpoint_timeout ${ckpt_timeout}s${pg_set:+, ${pg_set[*]}} =="
	echo "($(regime))"
	echo "data: $data_dir ($(describe "$data_dir"))"
	if ((build)); then
		echo "(--build: throttled volumes at $VOL_IOPS write IOPS each, one blkio cgroup for PostgreSQL," \
			"pgbench and walbench)"
	fi
	echo
	awk -F'\t' -v nplace="${#place[@]}" -v wbd="$work/wb-default.tsv" -v wbm="$work/wb-measured.tsv" \
		-v wbl="$work/wb-live.tsv" -v wbp="$work/wb-paused.tsv" -v wbruns="${wb_runs[*]}" \
		-v share="$(cut -f 4 "$work/wb-default.load")" -v loadm="${measured_load:-n/a}" \
		-v predout="$work/predictions.tsv" '
	'"$AWK_MEDIAN"'
	function readwb(file, run,    line, f, k) {
		while ((getline line < file) > 0) {
			split(line, f, "\t")
			for (k = 2; k <= 15; k++)
				if (k != 10)
					wb[run, f[1], k] = f[k]
		}
		close(file)
	}
	BEGIN {
		readwb(wbd, "default")
		readwb(wbm, "measured")
		readwb(wbl, "live")
		readwb(wbp, "paused")
		runname["live"] = "server running"
		runname["paused"] = "server paused"
		runname["default"] = share ~ /^[0-9]+$/ ? "default (" share "%)" : "default"
		runname["measured"] = "measured (" loadm ")"
	}
	NR > 1 {
		i = $3; lab[i] = $4; l[i] = l[i] " " $7
		if (!(i in lo) || $7 + 0 < lo[i]) lo[i] = $7 + 0
		if (!(i in hi) || $7 + 0 > hi[i]) hi[i] = $7 + 0
		runs[i]++; if ($10 + 0 > 0) withck[i]++
		if ($11 != "-" && $11 != "?") cw[i] = cw[i] " " $11
		if ($12 != "-" && $12 != "?") cs[i] = cs[i] " " $12
		if ($13 != "-" && $13 != "?") ct[i] = ct[i] " " $13
		st[i] = st[i] " " $14
		if ($16 != "n/a") pg[i] = pg[i] " " $16
		if ($17 != "n/a") vw[i] = vw[i] " " $17
		if ($18 != "n/a") vf[i] = vf[i] " " $18
		nk = split($20, kk, ",")
		for (k = 1; k <= nk; k++) {
			if (kk[k] == "-" || kk[k] == "")
				continue
			if (!((i, kk[k]) in kc))
				kinds[i] = kinds[i] (kinds[i] == "" ? "" : " ") kk[k]
			kc[i, kk[k]]++
		}
	}
	# "time 3, wal 1": why the checkpoints begun in the runs began, how many each.
	function why(i,    n, a, k, out) {
		n = split(kinds[i], a, " ")
		for (k = 1; k <= n; k++)
			out = out (k > 1 ? ", " : "") a[k] " " kc[i, a[k]]
		return n ? out : "-"
	}
	function med(list) {
		return list == "" ? "n/a" : sprintf("%.0f", median(list))
	}
	# Gains past +-1000 % (a RAM disk) lose their decimal, to stay readable.
	function pct(v) {
		if (v == "n/a")
			return v
		v += 0
		return sprintf(v >= 1000 || v <= -1000 ? "%+.0f" : "%+.1f", v)
	}
	function gain(p, plo, phi) {
		if (p == "n/a")
			return p
		return pct(p) "%" (plo == "n/a" ? "" : " [" pct(plo) ", " pct(phi) "]")
	}
	function pp(p, g) {
		return p == "n/a" ? p : pct(p - g) " pp"
	}
	function rel(p, g) {
		return p == "n/a" || g == 0 ? "n/a" : pct(100 * (p / g - 1)) "%"
	}
	# Prints t[0..nr, 1..nc], each column as wide as its widest cell; align: l or r per column.
	function show(nr, nc, align,    r, c, line) {
		for (c = 1; c <= nc; c++)
			tw[c] = 0
		for (r = 0; r <= nr; r++)
			for (c = 1; c <= nc; c++)
				if (length(t[r, c]) > tw[c])
					tw[c] = length(t[r, c])
		for (r = 0; r <= nr; r++) {
			line = ""
			for (c = 1; c <= nc; c++)
				line = line (c > 1 ? "  " : "") sprintf(substr(align, c, 1) == "l" ? "%-*s" : "%*s", tw[c], t[r, c])
			sub(/ +$/, "", line)
			print line
		}
	}
	function header(list,    n, h, c) {
		n = split(list, h, "|")
		for (c = 1; c <= n; c++)
			t[0, c] = h[c]
		return n
	}
	END {
		nc = header("placement|TPS median (min - max)|measured|data pages/s|vol writes/s|vol flushes/s")
		base = median(l[0])
		for (i = 0; i < nplace; i++) {
			r = i + 1
			m = median(l[i])
			g[i] = base > 0 ? 100 * (m / base - 1) : 0
			t[r, 1] = lab[i]
			t[r, 2] = sprintf("%.1f (%.1f - %.1f)", m, lo[i], hi[i])
			t[r, 3] = i == 0 ? "baseline" : pct(g[i]) "%"
			t[r, 4] = med(pg[i]); t[r, 5] = med(vw[i]); t[r, 6] = med(vf[i])
		}
		show(nplace, nc, "lrrrrr")
		w = tw[1]

		printf "\nwalbench predicts, under its data load on DATA_DIR (decisive: the group commit of 8" \
			" its verdict rests on; single: one committer), against the measured gain:\n"
		nc = header("placement|walbench data load|measured|decisive [95% CI]|- meas|rel|" \
			"single [95% CI]|- meas|rel|move")
		printf "run\tplacement\tlabel\tmeasured_gain_pct\tdecisive_gain_pct\tdecisive_lo\tdecisive_hi\t" \
			"decisive_minus_measured_pp\tdecisive_rel_pct\tsingle_gain_pct\tsingle_lo\tsingle_hi\t" \
			"single_minus_measured_pp\tsingle_rel_pct\tmove\n" > predout
		r = 0
		nruns = split(wbruns, rl, " ")
		for (i = 1; i < nplace; i++)
			for (k = 1; k <= nruns; k++) {
				run = rl[k]
				p = (run, i, 2) in wb ? wb[run, i, 2] : "n/a"
				s = (run, i, 5) in wb ? wb[run, i, 5] : "n/a"
				r++
				t[r, 1] = k == 1 ? lab[i] : ""
				t[r, 2] = runname[run]
				t[r, 3] = pct(g[i]) "%"
				t[r, 4] = gain(p, wb[run, i, 3], wb[run, i, 4])
				t[r, 5] = pp(p, g[i]); t[r, 6] = rel(p, g[i])
				t[r, 7] = gain(s, wb[run, i, 6], wb[run, i, 7])
				t[r, 8] = pp(s, g[i]); t[r, 9] = rel(s, g[i])
				t[r, 10] = (run, i, 8) in wb ? wb[run, i, 8] : "n/a"
				printf "%s\t%d\t%s\t%.1f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", run, i, lab[i], g[i],
					p, wb[run, i, 3], wb[run, i, 4], p == "n/a" ? p : sprintf("%.1f", p - g[i]),
					g[i] == 0 || p == "n/a" ? "n/a" : sprintf("%.1f", 100 * (p / g[i] - 1)),
					s, wb[run, i, 6], wb[run, i, 7], s == "n/a" ? s : sprintf("%.1f", s - g[i]),
					g[i] == 0 || s == "n/a" ? "n/a" : sprintf("%.1f", 100 * (s / g[i] - 1)), t[r, 10] > predout
			}
		show(r, nc, "llrrrrrrrl")

		# With a server observed: the commits per second walbench predicts for it with pg_wal
		# on each candidate (the model), beside the TPS pgbench measured there.
		if (wbruns ~ /live|paused/) {
			printf "\nwalbench predicts the commits/s of the server (observed under pgbench on DATA_DIR)" \
				" with pg_wal on each candidate, against the TPS pgbench measured there:\n"
			nc = header("placement|walbench run|server now|predicted [95% CI]|measured TPS|rel|" \
				"limit|move")
			r = 0
			for (i = 1; i < nplace; i++)
				for (k = 1; k <= nruns; k++) {
					run = rl[k]
					q = (run, i, 11) in wb ? wb[run, i, 11] : "n/a"
					r++
					t[r, 1] = k == 1 ? lab[i] : ""
					t[r, 2] = runname[run]
					t[r, 3] = (run, i, 14) in wb ? wb[run, i, 14] : "n/a"
					t[r, 4] = q == "n/a" ? q : q " [" wb[run, i, 12] ", " wb[run, i, 13] "]"
					t[r, 5] = sprintf("%.1f", median(l[i]))
					t[r, 6] = rel(q, median(l[i]))
					t[r, 7] = (run, i, 15) in wb ? wb[run, i, 15] : "n/a"
					t[r, 8] = (run, i, 8) in wb ? wb[run, i, 8] : "n/a"
				}
			show(r, nc, "llrrrrll")
		}

		printf "\nCheckpoints (from the server logs; median over the runs):\n"
		printf "%-*s  %18s  %9s  %9s  %9s  %9s  %s\n", w, "placement", "runs with one begun", "write s",
			"sync s", "total s", "stop s", "why begun (how many)"
		for (i = 0; i < nplace; i++)
			printf "%-*s  %12d of %-3d  %9s  %9s  %9s  %9.1f  %s\n", w, lab[i], withck[i], runs[i],
				cw[i] == "" ? "-" : sprintf("%.1f", median(cw[i])),
				cs[i] == "" ? "-" : sprintf("%.1f", median(cs[i])),
				ct[i] == "" ? "-" : sprintf("%.1f", median(ct[i])), median(st[i]), why(i)
	}' "$raw"
	echo
	echo "placements:"
	for i in "${!place[@]}"; do
		echo "  ${label[i]}: ${place[i]}/$(basename -- "${waldir[i]}") ($(describe "${place[i]}"))"
	done
	echo "walbench's data load (random 8 kB writes on DATA_DIR while it measures the candidates):"
	for tag in "${wb_runs[@]}"; do
		echo "  $tag: $(load_line "$tag")"
	done
	for tag in "${wb_runs[@]}"; do
		[[ -z ${wb_why[$tag]} ]] || continue
		echo "walbench's reasons, $tag load:"
		while IFS=$'\t' read -r i _ _ _ _ _ _ _ same reason _; do
			echo "  ${label[i]}: same device: $same; $reason"
		done <"$work/wb-$tag.tsv"
	done
	echo "(measured: median TPS vs the baseline's; data pages/s: buffers the server wrote a second" \
		"during the measured run, checkpointer, background writer and backends ($(pages_view));" \
		"vol writes/s, flushes/s: write and cache-flush requests the data volume ${data_dev:-(none)}" \
		"completed a second meanwhile, whoever sent them (WAL too, when it is on that volume)." \
		"$( ((server_observe)) && echo "walbench ran after the rounds, observing the baseline's server under pgbench;" ||
			echo "walbench ran with its default data load before the rounds, with the measured one after them;")" \
		"- meas: its gain minus the measured, percentage points; rel: predicted / measured - 1." \
		"Checkpoints: 'begun' started during the measured ${secs} s, why as the server logged it" \
		"(time: checkpoint_timeout; wal: max_wal_size); write, sync" \
		"and total are those of the first checkpoint logged from the run's start on that is not the" \
		"shutdown's (when the run ends before it does, the stop hurries it); stop: pg_ctl stop -m fast," \
		"its shutdown checkpoint included.)"
}

# The median of space-separated numbers, for the report's awk.
AWK_MEDIAN='
function median(list,    a, n, i, j, t) {
	n = split(list, a, " ")
	if (n == 0)
		return 0
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] + 0 : (a[n / 2] + a[n / 2 + 1]) / 2
}'

# --- main --------------------------------------------------------------------------------------
work=$(mktemp -d "/tmp/$VOL_PREFIX-$$.XXXXXX")
chmod 755 "$work"
mkdir "$work/pg"
raw=$work/raw.tsv
find_pg
msg "PostgreSQL $pg_major: the server in $pgbin, the clients in $clibin"
chown postgres: "$work/pg"
set_as_pg
find_walbench

if ((build)); then
	# The data volume first: VOL_MNT still names it when the same-volume candidate is made.
	VOL_SIZE=$DATA_VOL_SIZE vol_create "$vol_kind" || die "could not build the throttled data volume"
	data_dir=$VOL_DIR
	place=("$data_dir")
	label=("DATA_DIR itself")
	data_mnt=$VOL_MNT
	# A slower volume: walbench must say "no move" to it.
	# A third of the IOPS was not slower: at 50 IOPS of its own, WAL still beat a 150-IOPS
	# data volume busy with checkpoints (58 TPS against 30), and group commit gathers more
	# commits per flush the slower it is; a thirtieth is slower.
	slow_iops=${slow_iops:-$((VOL_IOPS / 30 > 0 ? VOL_IOPS / 30 : 1))}
	IFS=, read -ra want <<<"$build_places"
	for w in "${want[@]}"; do
		case $w in
		same)
			# beside DATA_DIR on the same file system: walbench should see no gain
			place+=("$data_mnt/wal-same")
			label+=("data volume, other dir")
			mkdir "$data_mnt/wal-same"
			;;
		second)
			VOL_SIZE=$PLACE_VOL_SIZE vol_create "$vol_kind" || die "could not build the second throttled volume"
			place+=("$VOL_DIR")
			label+=("2nd $VOL_IOPS-IOPS volume")
			;;
		slower)
			VOL_IOPS=$slow_iops VOL_SIZE=$PLACE_VOL_SIZE vol_create "$vol_kind" ||
				die "could not build the slower throttled volume"
			place+=("$VOL_DIR")
			label+=("$slow_iops-IOPS volume (slower)")
			;;
		shm)
			vol_create shm || die "could not make the /dev/shm directory"
			place+=("$VOL_DIR")
			label+=("/dev/shm (RAM)")
			;;
		esac
	done
	chmod 755 "${place[@]}"
fi
for k in "${now_list[@]}"; do
	((k < ${#place[@]})) || die "--now $k: there are only ${#place[@]} placements (0 to $((${#place[@]} - 1)))"
done
for d in "${place[@]}"; do
	"${as_pg[@]}" test -x "$d" || die "$d: the postgres user cannot reach it (a parent directory is not searchable)"
done
find_data_dev
msg "PostgreSQL binaries: $pgbin; walbench: ${walbench:-n/a}; data volume I/O: ${data_dev:-n/a (no block device)}"
msg "checkpoint_timeout ${ckpt_timeout}s: $(regime)"

printf 'round\tpos\tplacement\tlabel\twal_parent\tsecs\ttps\ttxns\tlatency_ms\tckpt_begun\tckpt_write_s\tckpt_sync_s\tckpt_total_s\tstop_s\twarmup_s\tdata_pages_per_s\tvol_writes_per_s\tvol_flushes_per_s\tmeasured_s\tckpt_kinds\tcheckpoint_timeout_s\n' >"$raw"
mkdir_made "$data_dir" "$VOL_PREFIX-data" 755
data_parent=$new_dir
for i in "${!place[@]}"; do
	msg "cluster $i (${label[i]}): initdb, pgbench -i -s $scale"
	make_cluster "$i"
done
if ((server_observe)); then
	read -ra wb_runs <<<"$server_ways"
else
	run_walbench default
fi
n=${#place[@]}
for ((r = 1; r <= reps; r++)); do
	for ((k = 0; k < n; k++)); do
		run_one $(((k + r - 1) % n)) "$r" $((k + 1))
	done
done
if ((server_observe)); then
	server_tags=()
	bins=(after)
	[[ -z $walbench_before ]] || bins+=(before)
	for ((r = 1; r <= server_reps; r++)); do
		for now_i in "${now_list[@]}"; do
			for mode in $server_ways; do
				for b in "${bins[@]}"; do
					# the first of each way keeps the name it always had
					tag=$mode
					((r == 1)) || tag=$mode$r
					[[ ${now_list[*]} == 0 && -z $walbench_before ]] || tag=$mode$r.n$now_i.$b
					wb_bin=$walbench
					[[ $b == after ]] || wb_bin=$walbench_before
					server_tags+=("$tag")
					run_walbench "$tag"
				done
			done
		done
	done
	now_i=0
	: >"$work/wb-default.tsv"
	: >"$work/wb-default.load"
	: >"$work/wb-measured.tsv"
	: >"$work/wb-measured.load"
	for w in "${wb_runs[@]}"; do
		[[ -e $work/wb-$w.tsv ]] && continue
		: >"$work/wb-$w.tsv"
		: >"$work/wb-$w.load"
		wb_why[$w]="its runs are in the walbench --server tables below"
	done
	report
	server_summary | tee -a "$work/summary.txt"
	[[ -z $out ]] || cp "$work/summary.txt" "${out%.*}-server-summary.txt"
	exit 0
fi
set_measured_load
if [[ -n $measured_load ]]; then
	run_walbench measured "$measured_load"
else
	: >"$work/wb-measured.tsv"
	: >"$work/wb-measured.load"
fi
report
