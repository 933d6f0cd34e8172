#!/usr/bin/env bash
# overhead.sh — what walbench's harness costs: per method, `walbench run`'s rate against a bare C
# loop of the same syscalls with no per-op timing, and against pg_test_fsync's matching line.
# Trap: on tmpfs (the default DIR) an op takes about a microsecond, which is where harness cost
# shows; on a real disk the device dominates and hides it. Only ratios within one run mean anything.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

METHODS=(open_datasync fdatasync fsync open_sync pwritev2_dsync none)

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [DIR [SECS]]

For each method, one 8kB write per op:
  ${METHODS[*]}
runs \`walbench run --engine sync\`, a bare C loop doing the same syscalls with no
per-op timing (compiled here with \$CC -O2), and that loop reading walbench's clock once
per op, ROUNDS times each, interleaved, plus pg_test_fsync once per round. open_datasync
and open_sync also run with --engine direct, because pg_test_fsync opens those two with
O_DIRECT: its figure is compared with that row.
Prints each program's best ops/sec over the rounds and, per method, the median over the
rounds of walbench / bare measured side by side in each round; the target is that median
>= 95 % everywhere. Not best against best: on a shared machine a program's best is the run
that caught the CPU boosting, which says more about the neighbours than about the harness.

  DIR    directory to test in (default /dev/shm); the files go in a new directory made in it
  SECS   whole seconds per test (default 1). A round takes about 40 * SECS seconds.

Environment:
  ROUNDS         rounds, at least 2 (default 9: many short side-by-side pairs beat few long ones)
  WALBENCH       walbench binary (default: ../../build/walbench next to this script)
  PG_TEST_FSYNC  pg_test_fsync binary (default: from PATH, else /usr/lib/postgresql/*/bin)
  CC             C compiler for the bare loop (default gcc)

Exit status: 0 target met, 1 missed, 2 usage error, missing tool or a failed run.
EOF
}

# --- arguments ---------------------------------------------------------------------------------
parse_args 0 2 "$@"
DIR=${1:-/dev/shm}
SECS=${2:-1}
ROUNDS=${ROUNDS:-9}
check_dir "$DIR"
# Whole seconds, because pg_test_fsync's -s is an integer and all three must run as long.
check_secs "$SECS"
check_rounds "$ROUNDS"

# --- tools -------------------------------------------------------------------------------------
find_walbench
need_pg_test_fsync
cc=${CC:-gcc}
command -v "$cc" >/dev/null || die "C compiler '$cc' not found (install gcc, or set CC)"
command -v jq >/dev/null || die "jq not found (it reads walbench's JSON; install jq)"

# --- directories -------------------------------------------------------------------------------
make_dirs overhead # the test files go in $scratch on DIR; the logs and the bare loop in $work

# --- the bare loop -----------------------------------------------------------------------------
cat >"$work/bare.c" <<'EOF'
/* bare.c — the floor walbench's harness is measured against: one method's syscalls with nothing
 * around them (no engine, no completions, no per-op clock). Written by contrib/bench/overhead.sh.
 * Usage: bare NEWFILE METHOD sync|direct SECS; prints ops/sec. Trap: the clock is read once per
 * CHECK_EVERY ops, so a run overshoots SECS a little; the rate divides by the time really taken.
 * Built with -DPER_OP_CLOCK=1 (rdtsc) or =2 (clock_gettime) it also reads that clock once per op,
 * as any harness that times every op must: the floor for a tool that reports percentiles. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define FILE_SIZE (16u << 20) /* as walbench's test file */
#define FILL_CHUNK (1u << 20)
#define WRITE_SIZE 8192u
#define BUF_ALIGN 4096        /* enough for O_DIRECT on any logical block size */
#define CHECK_EVERY 256

#if PER_OP_CLOCK == 1
#include <x86intrin.h>
#define CLOCK_READ() __rdtsc()
#elif PER_OP_CLOCK == 2
static uint64_t clock_read(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_nsec;
}
#define CLOCK_READ() clock_read()
#endif
#ifdef CLOCK_READ
static volatile uint64_t clock_sink; /* volatile: the read cannot be optimised away */
#endif

enum method { OPEN_DATASYNC, FDATASYNC, FSYNC, OPEN_SYNC, PWRITEV2_DSYNC, NONE, METHOD_COUNT };

/* Open flags as walbench's methods and sync engine use them. */
static const struct {
	const char *name;
	int open_flags;
} methods[METHOD_COUNT] = {
	[OPEN_DATASYNC] = { "open_datasync", O_DSYNC },
	[FDATASYNC] = { "fdatasync", 0 },
	[FSYNC] = { "fsync", 0 },
	[OPEN_SYNC] = { "open_sync", O_SYNC },
	[PWRITEV2_DSYNC] = { "pwritev2_dsync", 0 },
	[NONE] = { "none", 0 },
};

static const char *path;
static int created; /* path is ours to remove: never unlink a file we did not create */

/* err 0 means a short write, which sets no errno. */
static void fail(const char *call, int err)
{
	if (created)
		(void)unlink(path);
	fprintf(stderr, "bare: %s: %s: %s\n", path, call, err ? strerror(err) : "short write");
	exit(1);
}

static void fill_random(void *buf, size_t len, uint64_t seed)
{
	uint64_t x = seed | 1, *p = buf;
	size_t i;

	/* xorshift64*: data no file system or device can compress or dedupe */
	for (i = 0; i < len / sizeof(*p); i++) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		p[i] = x * 0x2545F4914F6CDD1DULL;
	}
}

static double now_s(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		fail("clock_gettime", errno);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Like walbench's: a new file of random data, synced so the test does not pay for it. */
static void create_file(void)
{
	void *chunk = malloc(FILL_CHUNK);
	uint32_t off;
	ssize_t n;
	int fd;

	if (!chunk)
		fail("malloc", ENOMEM);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		fail("open(O_CREAT|O_EXCL)", errno);
	created = 1;
	for (off = 0; off < FILE_SIZE; off += FILL_CHUNK) {
		fill_random(chunk, FILL_CHUNK, (uint64_t)time(NULL) ^ off);
		n = pwrite(fd, chunk, FILL_CHUNK, off);
		if (n != (ssize_t)FILL_CHUNK)
			fail("pwrite (fill)", n < 0 ? errno : 0);
	}
	if (fsync(fd))
		fail("fsync (fill)", errno);
	if (close(fd))
		fail("close (fill)", errno);
	free(chunk);
}

/* The measured loop: nothing in it but the method's calls and their checks. */
static uint64_t run(int fd, enum method m, void *buf, double secs, double *elapsed)
{
	struct iovec iov = { buf, WRITE_SIZE };
	double start = now_s(), t;
	uint64_t ops = 0;
	ssize_t n;
	unsigned i;

	for (;;) {
		for (i = 0; i < CHECK_EVERY; i++) {
			if (m == PWRITEV2_DSYNC)
				n = pwritev2(fd, &iov, 1, 0, RWF_DSYNC);
			else
				n = pwrite(fd, buf, WRITE_SIZE, 0);
			if (n != (ssize_t)WRITE_SIZE)
				fail(m == PWRITEV2_DSYNC ? "pwritev2(RWF_DSYNC)" : "pwrite",
				     n < 0 ? errno : 0);
			if (m == FDATASYNC && fdatasync(fd))
				fail("fdatasync", errno);
			if (m == FSYNC && fsync(fd))
				fail("fsync", errno);
#ifdef CLOCK_READ
			clock_sink = CLOCK_READ();
#endif
		}
		ops += CHECK_EVERY;
		t = now_s();
		if (t - start >= secs)
			break;
	}
	*elapsed = t - start;
	return ops;
}

int main(int argc, char **argv)
{
	enum method m;
	double secs, elapsed;
	uint64_t ops;
	char *end;
	void *buf;
	int direct, fd;

	if (argc != 5) {
		fprintf(stderr, "usage: bare NEWFILE METHOD sync|direct SECS\n");
		return 2;
	}
	path = argv[1];
	for (m = 0; m < METHOD_COUNT && strcmp(methods[m].name, argv[2]); m++)
		;
	direct = !strcmp(argv[3], "direct");
	secs = strtod(argv[4], &end);
	if (m == METHOD_COUNT || (!direct && strcmp(argv[3], "sync")) || *end || !(secs > 0)) {
		fprintf(stderr, "bare: bad arguments\n");
		return 2;
	}
	if (posix_memalign(&buf, BUF_ALIGN, WRITE_SIZE))
		fail("posix_memalign", ENOMEM);
	fill_random(buf, WRITE_SIZE, (uint64_t)time(NULL));
	create_file();
	fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | methods[m].open_flags |
			(direct ? O_DIRECT : 0));
	if (fd < 0)
		fail("open", errno);
	ops = run(fd, m, buf, secs, &elapsed);
	if (close(fd))
		fail("close", errno);
	created = 0;
	if (unlink(path))
		fail("unlink", errno);
	printf("%.3f\n", (double)ops / elapsed);
	return 0;
}
EOF
"$cc" -O2 -Wall -Wextra -o "$work/bare" "$work/bare.c" || die "compiling the bare loop failed"

# The bare loop plus one read per op of the clock walbench times with here (its JSON says which).
run_tool walbench "$work/probe.out" "$work/probe.err" "$walbench" run --dir "$scratch" \
	--method none --duration 100ms --json "$work/probe.json"
clock=$(jq -r '.host.clock' "$work/probe.json")
case $clock in
tsc) clock_def=1 ;;
monotonic) clock_def=2 ;;
*) die "walbench's JSON names no clock (host.clock: $clock)" ;;
esac
"$cc" -O2 -Wall -Wextra -DPER_OP_CLOCK=$clock_def -o "$work/bare_clock" "$work/bare.c" ||
	die "compiling the bare loop with a per-op clock failed"

# --- running -----------------------------------------------------------------------------------
# Samples are lines "TOOL<TAB>METHOD<TAB>ENGINE<TAB>ROUND<TAB>OPS_PER_SEC or a note".
samples=$work/samples
: >"$samples"

run_walbench() { # ROUND METHOD ENGINE
	local base=$work/wb.$1.$2.$3
	run_tool walbench "$base.out" "$base.err" "$walbench" run --dir "$scratch" \
		--method "$2" --engine "$3" --size 8k --writes 1 --duration "${SECS}s" \
		--json "$base.json"
	jq -r --arg round "$1" '.tests[] | ["walbench", .method, .engine, $round,
		(if .status == "ok" then .ops_per_sec | tostring else .status end)] | @tsv' \
		"$base.json" >>"$samples"
}

run_bare() { # PROGRAM(bare|bare_clock) ROUND METHOD ENGINE
	local base=$work/$1.$2.$3.$4
	run_tool "$1" "$base.out" "$base.err" "$work/$1" "$scratch/$1.$2.$3.$4" "$3" "$4" "$SECS"
	printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$3" "$4" "$2" "$(cat -- "$base.out")" >>"$samples"
}

# Keeps the lines of pg_test_fsync's one-8kB-write section and its non-synced write, mapped to
# walbench's method and the engine that matches what pg_test_fsync does: O_DIRECT for open_*.
run_pg() { # ROUND
	local base=$work/pg.$1
	run_tool pg_test_fsync "$base.out" "$base.err" \
		"$pg_test_fsync" -f "$scratch/pg_test_fsync.$1.out" -s "$SECS"
	awk -v round="$1" '
	/^[A-Z].*:$/ { section = $0; next }
	/^        / {
		label = $1
		value = $0 ~ /ops\/sec/ ? $2 : $NF
		if (section ~ /one 8kB write/) {
			if (label == "open_datasync" || label == "open_sync")
				printf "pg\t%s\tdirect\t%s\t%s\n", label, round, value
			else if (label == "fdatasync" || label == "fsync")
				printf "pg\t%s\tsync\t%s\t%s\n", label, round, value
		} else if (section ~ /^Non-sync/ && label == "write")
			printf "pg\tnone\tsync\t%s\t%s\n", round, value
	}' "$base.out" >>"$samples"
}

engines_for() {
	case $1 in
	open_datasync | open_sync) echo "sync direct" ;;
	*) echo "sync" ;;
	esac
}

fstype=$(fs_type "$DIR")
echo "walbench overhead on $DIR ($fstype): 8kB writes, $SECS s per test, $ROUNDS rounds, interleaved"
echo "  walbench:      $walbench"
echo "  pg_test_fsync: $pg_test_fsync"
echo "  bare loop:     $cc -O2, clock read every 256 ops; bare+clock: and one $clock read per op"

for ((round = 1; round <= ROUNDS; round++)); do
	echo "round $round/$ROUNDS" >&2
	# Alternate every order, so no program always runs right after the same neighbour.
	((round % 2)) || run_pg "$round"
	for method in "${METHODS[@]}"; do
		for engine in $(engines_for "$method"); do
			# The three programs in a rotating order, so none always follows the same one.
			case $((round % 3)) in
			1) order="walbench bare bare_clock" ;;
			2) order="bare bare_clock walbench" ;;
			0) order="bare_clock walbench bare" ;;
			esac
			for program in $order; do
				if [ "$program" = walbench ]; then
					run_walbench "$round" "$method" "$engine"
				else
					run_bare "$program" "$round" "$method" "$engine"
				fi
			done
		done
	done
	((round % 2 == 0)) || run_pg "$round"
done

# --- the table ---------------------------------------------------------------------------------
echo
rows=""
for method in "${METHODS[@]}"; do
	for engine in $(engines_for "$method"); do
		rows+="$method $engine "
	done
done
awk -F '\t' -v rows="$rows" -v rounds="$ROUNDS" "$AWK_MEDIAN"'
function isnum(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ }
# The median over the rounds of a / b, each pair measured side by side in one round: a pair
# shares whatever the machine was doing then, which a ratio of two medians does not.
function paired(a, b, key,    i, list, x, y) {
	for (i = 1; i <= rounds; i++) {
		x = v[a, key, i]
		y = v[b, key, i]
		if (isnum(x) && isnum(y) && y > 0)
			list = list " " (100 * x / y)
	}
	return list == "" ? "-" : sprintf("%.1f", median(list))
}
function best(tool, key,    i, m) {
	for (i = 1; i <= rounds; i++)
		if (isnum(v[tool, key, i]) && (m == "" || v[tool, key, i] + 0 > m))
			m = v[tool, key, i] + 0
	return m
}
function cell(tool, key,    m) {
	m = best(tool, key)
	return m != "" ? sprintf("%.0f", m) : (note[tool, key] != "" ? note[tool, key] : "-")
}
function pct(a, b) { return a != "" && b != "" && b > 0 ? sprintf("%.1f", 100 * a / b) : "-" }
{
	key = $2 "/" $3
	v[$1, key, $4] = $5
	if (!isnum($5) && note[$1, key] == "")
		note[$1, key] = $5
}
END {
	n = split(rows, r, " ")
	printf "%-15s %-7s %11s %11s %9s %9s %8s %9s %14s %7s\n", "method", "engine", "walbench/s",
		"bare/s", "wb/bare %", "(best)", "clock %", "wb/+clk %", "pg_test_fsync/s", "wb/pg %"
	for (i = 1; i < n; i += 2) {
		key = r[i] "/" r[i + 1]
		wb = paired("walbench", "bare", key)
		printf "%-15s %-7s %11s %11s %9s %9s %8s %9s %14s %7s\n", r[i], r[i + 1],
			cell("walbench", key), cell("bare", key), wb,
			pct(best("walbench", key), best("bare", key)), paired("bare_clock", "bare", key),
			paired("walbench", "bare_clock", key), cell("pg", key), pct(best("walbench", key), best("pg", key))
		if (wb == "-")
			missed = missed sprintf(" %s (no figure)", key)
		else if (wb + 0 < 95)
			missed = missed sprintf(" %s (%s %%)", key, wb)
	}
	print ""
	print "Rates are the best of the rounds. wb/bare % = walbench / bare loop, the median over the"
	print "rounds of the ratio of the two runs made side by side in each (the ratio of the best rates"
	print "beside it); clock % = the bare loop with one clock read per op / the bare loop: what timing"
	print "every op costs by itself; wb/+clk % = walbench / that loop: the rest of the harness;"
	print "wb/pg % = walbench / pg_test_fsync, best against best."
	print "pg_test_fsync opens open_datasync and open_sync with O_DIRECT, so its figure is set against"
	print "the direct rows only; none is set against its Non-sync'"'"'ed \"write\" line; pwritev2_dsync has"
	print "no pg_test_fsync counterpart."
	print ""
	if (missed == "") {
		print "target: walbench >= 95 % of bare for every method (median paired ratio): met"
		exit 0
	}
	print "target: walbench >= 95 % of bare for every method (median paired ratio): MISSED by" missed
	exit 1
}' "$samples"
