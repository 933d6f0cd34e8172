/* options.c — the option table and everything driven by it: getopt_long's table,
 * --help, defaults and strict value parsing. */
#include "plan/options.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/method.h"
#include "model/units.h"
#include "pgstat/pg_dsn.h"

#define NS_PER_S 1000000000ull

/* recommend --commit-work: the CPU time of one pgbench TPC-B transaction (server
 * and client) on PostgreSQL 15 with fsync = off on tmpfs, median of 7 runs of
 * contrib/bench/commit-work.sh on this project's 2-core build VM (docs/design.md,
 * "Deciding in commits without a server"). */
#define WB_COMMIT_WORK_DEFAULT "600us"

#define CFG(field) offsetof(struct wb_config, field)

#define RUN WB_CMD_BIT(WB_CMD_RUN)
#define REC WB_CMD_BIT(WB_CMD_RECOMMEND)
#define VER WB_CMD_BIT(WB_CMD_VERIFY)
#define QUA WB_CMD_BIT(WB_CMD_QUALIFY)
#define CMP WB_CMD_BIT(WB_CMD_COMPARE)
#define REP WB_CMD_BIT(WB_CMD_REPORT)
#define CLN WB_CMD_BIT(WB_CMD_CLEAN)
#define OBS WB_CMD_BIT(WB_CMD_OBSERVE)

/* --decide's choices: "off", then every method that can be a baseline, in enum
 * order (index k is method k - 1; "none", the no-sync baseline, cannot be one). */
static const char *const decide_names[] = {
	"off", "open_datasync", "fdatasync", "fsync", "fsync_writethrough", "open_sync",
	"pwritev2_dsync", NULL,
};
_Static_assert(sizeof(decide_names) / sizeof(decide_names[0]) == WB_METHOD_COUNT + 1,
	       "decide_names must name every method but none, after \"off\"");

/* verify's --method: one method, index = enum wb_method_id. fsync_writethrough and none
 * are listed so the index matches, and refused by the command with the reason. */
static const char *const verify_method_names[] = {
	"open_datasync", "fdatasync", "fsync", "fsync_writethrough", "open_sync",
	"pwritev2_dsync", "none", NULL,
};
_Static_assert(sizeof(verify_method_names) / sizeof(verify_method_names[0]) ==
		       WB_METHOD_COUNT + 1,
	       "verify_method_names must name every method in enum order");

const struct wb_option wb_options[] = {
	{ "filename", 'f', WB_OPT_PATH, ".", 0, 0, "FILE|DIR",
	  "new file to test, or directory to create one in (default: current directory)",
	  WB_CMD_BIT(WB_CMD_COMPAT), CFG(target), NULL },
	{ "secs-per-test", 's', WB_OPT_DURATION, "5s", NS_PER_S / 100, 86400 * NS_PER_S, "TIME",
	  "time per test: 5, 500ms, 2s (default 5s, as pg_test_fsync)",
	  WB_CMD_BIT(WB_CMD_COMPAT), CFG(duration_ns), NULL },
	{ "dir", 'd', WB_OPT_PATH, ".", 0, 0, "DIR",
	  "directory to test in, which must exist and not be under /proc, /sys or /dev (/dev/shm "
	  "is allowed); put it on the file system of pg_wal; default: current directory",
	  RUN | REC | VER | QUA | WB_CMD_BIT(WB_CMD_ENGINES), CFG(target), NULL },
	{ "data", 0, WB_OPT_PATH, NULL, 0, 0, "DIR",
	  "the same as the operand DIR: where pg_wal lives or will live (default: current directory)",
	  REC, CFG(target), NULL },
	{ "method", 'm', WB_OPT_METHODS, "all", 0, 0, "LIST",
	  "methods, comma separated, or all: open_datasync,fdatasync,fsync,fsync_writethrough,"
	  "open_sync,pwritev2_dsync (and none, a no-sync baseline not in all; default all)",
	  RUN, CFG(methods), NULL },
	{ "engine", 'e', WB_OPT_ENGINES, "sync", 0, 0, "LIST",
	  "engines, comma separated, or all: sync,direct,io_uring,io_uring_direct,libaio (default sync)",
	  RUN, CFG(engines), NULL },
	{ "size", 'b', WB_OPT_SIZES, "8k", 512, 1 << 20, "LIST",
	  "bytes per write, comma separated: 512 .. 1MiB, suffixes k, KiB, M (default 8k)",
	  RUN, CFG(sizes), NULL },
	{ "writes", 'w', WB_OPT_UINTS, "1", 1, 1024, "LIST",
	  "consecutive writes per flush, at increasing offsets, comma separated: 1 is a commit, "
	  "more a bulk flush (default 1)",
	  RUN, CFG(writes), NULL },
	{ "duration", 't', WB_OPT_DURATION, "0", 0, 86400 * NS_PER_S, "TIME",
	  "most time one test may take: 500ms, 3s (default 0: an equal share of --budget)",
	  RUN, CFG(duration_ns), NULL },
	{ "budget", 'B', WB_OPT_DURATION, "60s", NS_PER_S / 100, 7 * 86400 * NS_PER_S, "TIME",
	  "time for the whole run; tests stop early once their CI is tight (default 60s)",
	  RUN, CFG(budget_ns), NULL },
	{ "trial-time", 0, WB_OPT_DURATION, "200ms", NS_PER_S / 100, 3600 * NS_PER_S, "TIME",
	  "length of one trial; trials of all tests are interleaved (default 200ms)",
	  RUN | REC, CFG(trial_ns), NULL },
	{ "warmup", 0, WB_OPT_DURATION, "100ms", 0, 3600 * NS_PER_S, "TIME",
	  "run and discard this much before a test's first trial (default 100ms)",
	  RUN | REC, CFG(warmup_ns), NULL },
	{ "min-trials", 0, WB_OPT_UINT, "5", 1, 100000, "N",
	  "trials before a test may stop on its CI (default 5)",
	  RUN, CFG(min_trials), NULL },
	{ "ci-target", 0, WB_OPT_PERCENT, "3", 10, 10000, "PCT",
	  "stop a test when the 95% CI of its rate is within +-PCT (default 3)",
	  RUN, CFG(ci_target_bp), NULL },
	{ "max-cv", 0, WB_OPT_PERCENT, "10", 10, 100000, "PCT",
	  "trials varying more than this (coefficient of variation) mark a test unstable "
	  "(default 10)",
	  RUN, CFG(max_cv_bp), NULL },
	{ "decide", 0, WB_OPT_CHOICE, "off", 0, 0, "METHOD",
	  "stop as soon as the question is answered: does another method beat METHOD by "
	  "--min-gain (switch), or are they all within it (tie)? Methods significantly behind "
	  "the leader stop early (default off)",
	  RUN, CFG(decide), decide_names },
	{ "min-gain", 0, WB_OPT_PERCENT, "5", 10, 10000, "PCT",
	  "with --decide: the smallest gain worth switching for (default 5)",
	  RUN | REC, CFG(min_gain_bp), NULL },
	{ "commit-work", 0, WB_OPT_DURATION, WB_COMMIT_WORK_DEFAULT, 0, NS_PER_S, "TIME",
	  "without --server or --observed: what a commit costs the server besides its WAL "
	  "flush (CPU, locks, the client's round trips), so that methods are compared in "
	  "commits, each its flush plus this: --min-gain in commits asks a larger flush gain, "
	  "and where even a flush of no time would gain less than --min-gain, a tie is proven "
	  "as soon as the default's flush is measured. The default is pgbench's TPC-B "
	  "transaction on a server that flushes nothing, measured in CPU per transaction "
	  "(contrib/bench/commit-work.sh, docs/design.md); a faster host's is smaller. 0 "
	  "compares flushes. A server's own flush share replaces it "
	  "(default " WB_COMMIT_WORK_DEFAULT ")",
	  REC, CFG(commit_work_ns), NULL },
	{ "seed", 0, WB_OPT_UINT, "0", 0, (1ull << 53) - 1, "N",
	  "seed of each round's random test order, to repeat a run's order (default 0: from "
	  "the clock; the one used is in the JSON)",
	  RUN | REC | QUA, CFG(seed), NULL },
	{ "workload", 'W', WB_OPT_CHOICE, "mixed", 0, 0, "NAME",
	  "what the server mostly does: oltp (8 kB commits), bulk (WAL-faithful 128 kB and 1 MiB "
	  "flushes) or mixed (both, weighed equally; default)",
	  REC, CFG(workload), wb_workload_names },
	{ "pg-version", 0, WB_OPT_UINT, WB_PG_NEWEST, 9, 99, "N",
	  "the PostgreSQL major version whose rules for opening WAL apply (default " WB_PG_NEWEST ")",
	  REC, CFG(pg_version), NULL },
	{ "budget", 'B', WB_OPT_DURATION, "50s", NS_PER_S, 7 * 86400 * NS_PER_S, "TIME",
	  "most time to measure; it stops as soon as the answer is known (default 50s)",
	  REC, CFG(budget_ns), NULL },
	{ "wal-candidate", 0, WB_OPT_PATHS, NULL, 0, 0, "DIR",
	  "a directory on another volume pg_wal could move to; give it once per candidate (at most "
	  "8). Measures commits there and on DIR while a checkpoint-like load runs on DIR, and says "
	  "whether moving pg_wal pays; with --server, in the server's own commits per second "
	  "(predicted from where its sessions wait), and while it runs on DIR no load is added",
	  REC, CFG(wal_candidates), NULL },
	{ "server", 0, WB_OPT_DSN, NULL, 0, 0, "[DSN]",
	  "observe the running PostgreSQL first (read-only; a libpq connection string or URI, "
	  "else the PG* environment, as psql) and decide for it: its version, wal_level, "
	  "wal_sync_method, flush sizes and data load, on its pg_wal unless DIR is given. "
	  "walbench never shows a password, but one given here is visible in /proc/PID/cmdline "
	  "and ps, as for psql: use PGPASSWORD, ~/.pgpass or a service file",
	  REC, CFG(server_dsn), NULL },
	{ "observed", 0, WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "decide for a server observed earlier (walbench observe --json FILE), for one this "
	  "host cannot reach",
	  REC, CFG(observed_path), NULL },
	{ "observe", 0, WB_OPT_DURATION, "60s", 10 * NS_PER_S, 86400 * NS_PER_S, "TIME",
	  "the time between the two snapshots of the server's statistics (its sessions' waits "
	  "sampled every 0.1 s meanwhile), at least 10s: a "
	  "backend publishes its counts at most once a second, and one gone idle only after "
	  "10 s (PostgreSQL's pgstat.c), so a shorter window can miss most of its work; longer "
	  "than checkpoint_timeout to see a checkpoint's writes (default 60s)",
	  REC | OBS, CFG(observe_ns), NULL },
	{ "data-load", 0, WB_OPT_LOAD, "30%", 1, 10000000, "RATE/s|PCT%",
	  "with --wal-candidate: the data volume's load, random 8 kB writes per second (e.g. 2000/s; "
	  "your buffers written per second) or a share of its measured random-write capacity "
	  "(default 30%)",
	  REC, CFG(data_load), NULL },
	{ "data-load-size", 0, WB_OPT_SIZE, "128MiB", 1 << 20, 1ull << 40, "SIZE",
	  "with --wal-candidate: the data load's file, written at random (default 128MiB)",
	  REC, CFG(data_load_size), NULL },
	{ "shared-buffers", 0, WB_OPT_SIZE, "0", 0, 1ull << 50, "SIZE",
	  "the server's shared_buffers, for the huge pages advice (e.g. 8GB; default: not given)",
	  REC, CFG(shared_buffers), NULL },
	{ "qd", 'q', WB_OPT_UINTS, "1", 1, 1024, "LIST",
	  "flushes in flight per job, comma separated, 1 .. 1024 (io_uring, libaio; n/a on the sync "
	  "engines; default 1)",
	  RUN, CFG(qds), NULL },
	{ "jobs", 'J', WB_OPT_UINTS, "1", 1, WB_MAX_JOBS, "LIST",
	  "independent writer threads, each on its own file, comma separated, 1 .. 64 (default 1)",
	  RUN, CFG(jobs), NULL },
	{ "pattern", 'p', WB_OPT_CHOICE, "overwrite", 0, 0, "NAME",
	  "overwrite (each flush rewrites the same offsets, as pg_test_fsync), append (flushes "
	  "advance through a zeroed WAL segment) or groupcommit (committers append to one WAL "
	  "file, a leader flushes for all); default overwrite",
	  RUN, CFG(pattern), wb_pattern_names },
	{ "segment-size", 0, WB_OPT_SIZE, "16MiB", 1 << 20, 1ull << 30, "SIZE",
	  "append: WAL segment size, 1MiB .. 1GiB (default 16MiB, as PostgreSQL)",
	  RUN, CFG(segment_size), NULL },
	{ "segment", 0, WB_OPT_CHOICE, "recycle", 0, 0, "MODE",
	  "append at the end of a segment: recycle (wrap to its start), new (create, zero-fill "
	  "and sync a new one, as PostgreSQL with wal_init_zero on) or preallocate (as etcd's WAL: "
	  "every segment, the first too, a new file fallocated whole (mode 0) and never written "
	  "before the appends, so each first write into an extent makes the sync commit metadata; "
	  "where fallocate is refused (EOPNOTSUPP), extended with ftruncate, as etcd does); a "
	  "switch is timed separately; default recycle",
	  RUN, CFG(segment_mode), wb_segment_mode_names },
	{ "flush-form", 0, WB_OPT_CHOICE, "separate", 0, 0, "FORM",
	  "a flush of --writes K pages: separate (K writes, as pg_test_fsync) or coalesced (one "
	  "write of K x size, as PostgreSQL's XLogWrite); default separate; --pg-version rows are "
	  "always coalesced",
	  RUN, CFG(flush_form), wb_flush_form_names },
	{ "wal-buffers", 0, WB_OPT_SIZE, "4MiB", 0, 1ull << 30, "SIZE",
	  "coalesced flushes split where a wal_buffers ring of this size wraps, as the server "
	  "does (default 4MiB, PostgreSQL's default with 128MB shared_buffers; 0: never)",
	  RUN | REC, CFG(wal_buffers), NULL },
	{ "fd-mode", 0, WB_OPT_CHOICE, "keep", 0, 0, "MODE",
	  "keep the file open (default), or reopen it per flush as pg_test_fsync's descriptor "
	  "test: sync_then_close, close_then_sync",
	  RUN, CFG(fd_mode), wb_fd_mode_names },
	{ "pg-version", 0, WB_OPT_UINT, "0", 0, 99, "N",
	  "measure open_* methods as PostgreSQL N opens WAL (O_DIRECT or not), beside "
	  "pg_test_fsync's always-O_DIRECT variant (default 0: engines as given)",
	  RUN, CFG(pg_version), NULL },
	{ "wal-level", 0, WB_OPT_CHOICE, "replica", 0, 0, "LEVEL",
	  "with --pg-version <= 15: minimal lets PostgreSQL use O_DIRECT for open_* methods",
	  RUN | REC, CFG(wal_level), wb_wal_level_names },
	{ "debug-io-direct", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "with --pg-version >= 16: the server runs with debug_io_direct=wal",
	  RUN | REC, CFG(debug_io_direct), NULL },
	{ "committers", 'c', WB_OPT_UINTS, "8", 1, 256, "LIST",
	  "group commit: committer threads sharing the WAL file, comma separated, 1 .. 256 (default 8)",
	  RUN, CFG(committers), NULL },
	{ "fixed-buffers", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "io_uring: register the write buffer with the kernel (fixed writes)",
	  RUN, CFG(fixed_buffers), NULL },
	{ "fixed-files", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "io_uring: register the file with the kernel",
	  RUN, CFG(fixed_files), NULL },
	{ "sqpoll", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "io_uring: a kernel thread polls the submission queue (costs a CPU)",
	  RUN, CFG(sqpoll), NULL },
	{ "quiet", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "no progress line on stderr (it is drawn only when stderr is a terminal)",
	  RUN | REC | QUA, CFG(quiet), NULL },
	{ "json", 'j', WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write the results as JSON to FILE (atomically; a symlink is refused; its directory "
	  "must exist and be writable, checked before measuring)",
	  RUN | REC | QUA | OBS, CFG(json_path), NULL },
	{ "prom", 0, WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write the results for node_exporter's textfile collector to FILE (*.prom; atomically)",
	  RUN | REC | QUA, CFG(prom_path), NULL },
	{ "csv", 0, WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write one CSV row per test to FILE (atomically; a symlink is refused; its directory "
	  "must exist and be writable, checked before measuring)",
	  RUN, CFG(csv_path), NULL },
	{ "profile", 'P', WB_OPT_PATH, NULL, 0, 0, "NAME|FILE",
	  "load options from profiles/NAME.json or FILE; options given here override it",
	  RUN, CFG(profile), NULL },
	{ "tier", 0, WB_OPT_PATH, "standard", 0, 0, "NAME",
	  "the tier whose verdict sets the exit status (default standard; every tier is judged "
	  "and printed)",
	  QUA, CFG(tier), NULL },
	{ "device", 0, WB_OPT_PATH, NULL, 0, 0, "/dev/X",
	  "measure a raw block device instead of a directory (with --destroy-data): refused while "
	  "it or a partition is mounted, swap, or held by LVM/md/dm",
	  RUN | QUA, CFG(target), NULL },
	{ "destroy-data", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "allow writing over the start of a raw block device (qualify: its first 22 MiB; run: "
	  "16 MiB or the largest segment)",
	  RUN | QUA, CFG(destroy_data), NULL },
	{ "allow-low-space", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "write beside a running PostgreSQL server's WAL (a data directory with a postmaster.pid "
	  "up the path, a pg_wal on its own volume that a running server's data directory links "
	  "to, or the pg_wal --server observed) even when the run would leave less free "
	  "there than twice max_wal_size or 10% of the volume, whichever is larger; refused "
	  "otherwise (exit 2), since a full pg_wal stops the server",
	  RUN | REC | QUA | VER | WB_CMD_BIT(WB_CMD_COMPAT), CFG(allow_low_space), NULL },
	{ "dry-run", 'n', WB_OPT_FLAG, NULL, 0, 0, "",
	  "remove nothing: list each walbench file in DIR, whether it would go, and why",
	  CLN, CFG(dry_run), NULL },
	{ "tiers", 0, WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "the tiers and their thresholds (default profiles/tiers.json)",
	  QUA, CFG(tiers_path), NULL },
	{ "duration", 't', WB_OPT_DURATION, "3m", NS_PER_S, 7 * 86400 * NS_PER_S, "TIME",
	  "how long to measure: minutes show what a short burst hides (a cache filling, an SLC "
	  "area running out, heat); default 3m; under 60s etcd's shape writes through fio's "
	  "22 MiB file instead of etcd's 64 MB segments",
	  QUA, CFG(budget_ns), NULL },
	{ "slice", 0, WB_OPT_DURATION, "5s", NS_PER_S / 100, 3600 * NS_PER_S, "TIME",
	  "one time slice: each shape's rate and p99 are kept per slice (default 5s)",
	  QUA, CFG(trial_ns), NULL },
	{ "port", 0, WB_OPT_UINT, "0", 0, 65535, "PORT",
	  "listen: the TCP port to listen on (default 0: any free port, printed)",
	  VER, CFG(verify_port), NULL },
	{ "to", 0, WB_OPT_PATH, NULL, 0, 0, "HOST:PORT",
	  "write: the listener on another machine that records each acknowledged record "
	  "([v6addr]:PORT for IPv6)",
	  VER, CFG(verify_to), NULL },
	{ "from", 0, WB_OPT_PATH, NULL, 0, 0, "HOST:PORT",
	  "check: the listener that holds what was acknowledged",
	  VER, CFG(verify_from), NULL },
	{ "method", 'm', WB_OPT_CHOICE, "fdatasync", 0, 0, "METHOD",
	  "write: how each record is made durable: fdatasync (default), fsync, open_datasync, "
	  "open_sync, pwritev2_dsync",
	  VER, CFG(verify_method), verify_method_names },
	{ "records", 'n', WB_OPT_UINT, "1000", 0, UINT64_MAX >> 1, "N",
	  "write: records to write, then stop (default 1000; 0: until --duration or "
	  "interrupted: cut the power while it runs)",
	  VER, CFG(verify_records), NULL },
	{ "duration", 't', WB_OPT_DURATION, "0", 0, 30 * 86400 * NS_PER_S, "TIME",
	  "write: stop after TIME (default 0: no limit)",
	  VER, CFG(duration_ns), NULL },
	{ "record-size", 'b', WB_OPT_SIZE, "4k", 512, 1 << 20, "SIZE",
	  "write: bytes per record, a multiple of 512 (default 4k)",
	  VER, CFG(record_size), NULL },
	{ "file-size", 0, WB_OPT_SIZE, "16MiB", 1 << 20, 1ull << 40, "SIZE",
	  "write: size of the verify file; records wrap around it, overwriting the oldest "
	  "(default 16MiB)",
	  VER, CFG(file_size), NULL },
	{ "remove", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "check: remove the verify file when no acknowledged record was lost",
	  VER, CFG(verify_remove), NULL },
	{ "json", 'j', WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write the comparison as JSON to FILE (atomically; a symlink is refused)",
	  CMP, CFG(json_path), NULL },
	{ "fail-on-regression", 0, WB_OPT_PERCENT, NULL, 0, 10000, "PCT",
	  "exit 1 when a test in B is significantly slower than in A by more than PCT (the "
	  "point change; 0: any significant slowdown), or failed in B (an error in B fails even "
	  "when A failed too; n/a in both does not); default: no gate, exit 0",
	  CMP, CFG(fail_regression_bp), NULL },
	{ "output", 'o', WB_OPT_PATH, "walbench-report.html", 0, 0, "FILE",
	  "the HTML file to write (atomically; a symlink is refused; default walbench-report.html)",
	  REP, CFG(output_path), NULL },
	{ "summary", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "print the fleet summary instead: every host, the outliers (commit rate or p99 "
	  "significantly worse than the fleet median) and recommendations that differ from the "
	  "majority",
	  REP, CFG(summary), NULL },
	{ "json", 'j', WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "with --summary: also write the summary as JSON to FILE (atomically)",
	  REP, CFG(json_path), NULL },
	{ "fail-on-outlier", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "with --summary: exit 1 when a host is an outlier or a test failed on it, a gate for "
	  "a fleet's pipeline (default: exit 0 whatever the fleet looks like)",
	  REP, CFG(fail_on_outlier), NULL },
};

const unsigned wb_options_count = sizeof(wb_options) / sizeof(wb_options[0]);
_Static_assert(sizeof(wb_options) / sizeof(wb_options[0]) <= WB_MAX_OPTIONS,
	       "struct wb_config's given bits must cover every option");

bool wb_option_given(const struct wb_config *cfg, const char *name)
{
	for (unsigned i = 0; i < wb_options_count; i++)
		if (strcmp(wb_options[i].name, name) == 0 &&
		    (cfg->given[i / 64] & (1ull << (i % 64))))
			return true;
	return false;
}

const char *wb_ordinal(unsigned n, char *buf, size_t len)
{
	static const char *const ends[] = { "th", "st", "nd", "rd" };
	unsigned last = n % 10;

	snprintf(buf, len, "%u%s", n, (n % 100) / 10 == 1 || last > 3 ? "th" : ends[last]);
	return buf;
}

/* "the 2nd value" of a comma list, or "the value" when it holds one: what a
 * list's error names instead of quoting the value (a profile's values are a
 * file's contents, never quoted). */
static const char *which_value(const char *value, unsigned k, const char *noun, char *buf,
			       size_t len)
{
	char nth[16];

	if (strchr(value, ','))
		snprintf(buf, len, "the %s %s", wb_ordinal(k, nth, sizeof(nth)), noun);
	else
		snprintf(buf, len, "the %s", noun);
	return buf;
}

/* Comma-separated names against a lookup; "all" means every name all_mask allows. */
static int set_name_list(const char *value, uint32_t *mask, uint32_t all_mask, unsigned count,
			 const char *(*name_of)(unsigned), char *why, unsigned why_len)
{
	char *copy = strdup(value), *tok, *save = NULL;
	uint32_t out = 0;
	unsigned i, k = 1;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save), k++) {
		if (strcmp(tok, "all") == 0) {
			out |= all_mask;
			continue;
		}
		for (i = 0; i < count; i++)
			if (strcmp(tok, name_of(i)) == 0)
				break;
		if (i == count) {
			char what[32];
			int len = snprintf(why, why_len, "%s is unknown; allowed: all",
					   which_value(value, k, "name", what, sizeof(what)));

			for (i = 0; i < count && len > 0 && (unsigned)len < why_len; i++)
				len += snprintf(why + len, why_len - (unsigned)len, ", %s", name_of(i));
			ret = -EINVAL;
			goto out;
		}
		out |= 1u << i;
	}
	if (!out) {
		snprintf(why, why_len, "empty list");
		ret = -EINVAL;
	}
	*mask = out;
out:
	free(copy);
	return ret;
}

static const char *method_name_of(unsigned i)
{
	return wb_method_get((enum wb_method_id)i)->name;
}

static const char *engine_name_of(unsigned i)
{
	return wb_engine_name((enum wb_engine_id)i);
}

static int set_list(struct wb_list *list, const struct wb_option *opt, const char *value,
		    char *why, unsigned why_len)
{
	char *copy = strdup(value), *tok, *save = NULL, what[32];
	struct wb_list out = { .n = 0 };
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (out.n == WB_MAX_LIST) {
			snprintf(why, why_len, "at most %d values", WB_MAX_LIST);
			ret = -ERANGE;
			goto out;
		}
		if (opt->type == WB_OPT_SIZES) {
			ret = wb_parse_size(tok, opt->min, opt->max, &out.v[out.n]);
			if (ret)
				snprintf(why, why_len,
					 "%s is not a size from 512 to 1MiB (e.g. 4k, 8k, 16KiB)",
					 which_value(value, out.n + 1, "value", what, sizeof(what)));
		} else {
			ret = wb_parse_uint(tok, opt->min, opt->max, &out.v[out.n]);
			if (ret)
				snprintf(why, why_len, "%s is not a whole number from %llu to %llu",
					 which_value(value, out.n + 1, "value", what, sizeof(what)),
					 (unsigned long long)opt->min, (unsigned long long)opt->max);
		}
		if (ret)
			goto out;
		out.n++;
	}
	if (!out.n) {
		snprintf(why, why_len, "empty list");
		ret = -EINVAL;
		goto out;
	}
	*list = out;
out:
	free(copy);
	return ret;
}

/* --wal-candidate: each use adds one directory. */
static int add_path(struct wb_paths *paths, const char *value, char *why, unsigned why_len)
{
	if (!value || !*value) {
		snprintf(why, why_len, "empty path");
		return -EINVAL;
	}
	if (paths->n == WB_MAX_CANDIDATES) {
		snprintf(why, why_len, "at most %d directories", WB_MAX_CANDIDATES);
		return -ERANGE;
	}
	paths->v[paths->n++] = value;
	return 0;
}

/* "2000/s" (a pace, opt->min .. opt->max writes per second) or "30%" (0.01 ..
 * 100 % of the measured capacity). */
static int set_load(struct wb_load_opt *load, const struct wb_option *opt, const char *value,
		    char *why, unsigned why_len)
{
	size_t len = strlen(value);
	char num[32];

	if (len > 2 && len < sizeof(num) && strcmp(value + len - 2, "/s") == 0) {
		memcpy(num, value, len - 2);
		num[len - 2] = '\0';
		if (!wb_parse_uint(num, opt->min, opt->max, &load->per_s)) {
			load->pct_bp = 0;
			return 0;
		}
	} else if (len > 1 && value[len - 1] == '%' &&
		   !wb_parse_percent(value, 1, 10000, &load->pct_bp)) {
		load->per_s = 0;
		return 0;
	}
	snprintf(why, why_len, "not a rate (writes per second, e.g. 2000/s, %llu .. %llu) or a "
		 "share of capacity (e.g. 30%%, 0.01%% .. 100%%)", (unsigned long long)opt->min,
		 (unsigned long long)opt->max);
	return -EINVAL;
}

static int set_choice(uint64_t *slot, const struct wb_option *opt, const char *value, char *why,
		      unsigned why_len)
{
	unsigned i;
	int len;

	for (i = 0; opt->choices[i]; i++) {
		if (strcmp(value, opt->choices[i]) == 0) {
			*slot = i;
			return 0;
		}
	}
	len = snprintf(why, why_len, "allowed: %s", opt->choices[0]);
	for (i = 1; opt->choices[i] && len > 0 && (unsigned)len < why_len; i++)
		len += snprintf(why + len, why_len - (unsigned)len, ", %s", opt->choices[i]);
	return -EINVAL;
}

/* A duration error's examples: the first three of these the option accepts
 * (each parsed against its range, so no example is one it refuses), or its
 * least value when none is. */
static const char *duration_examples(const struct wb_option *opt, char *buf, size_t len)
{
	static const char *const candidates[] = { "500ms", "5s", "1m", "10m", "1h", "24h" };
	size_t at = 0, shown = 0;
	uint64_t ns;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]) && shown < 3; i++) {
		if (wb_parse_duration(candidates[i], opt->min, opt->max, &ns))
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s", shown ? ", " : "", candidates[i]);
		shown++;
	}
	if (!shown)
		wb_format_duration(opt->min, buf, (unsigned)len);
	return buf;
}

int wb_option_set(struct wb_config *cfg, const struct wb_option *opt, const char *value,
		  char *why, unsigned why_len)
{
	uint32_t all_methods = ((1u << WB_METHOD_COUNT) - 1) & ~(1u << WB_METHOD_NONE);
	void *slot = (char *)cfg + opt->offset;
	int ret;

	switch (opt->type) {
	case WB_OPT_PATH:
		if (!value || !*value) {
			snprintf(why, why_len, "empty path");
			return -EINVAL;
		}
		*(const char **)slot = value;
		return 0;
	case WB_OPT_DURATION:
		ret = wb_parse_duration(value, opt->min, opt->max, (uint64_t *)slot);
		if (ret) {
			char lo[32], hi[32], eg[64];

			wb_format_duration(opt->min, lo, sizeof(lo));
			wb_format_duration(opt->max, hi, sizeof(hi));
			snprintf(why, why_len, "not a duration from %s to %s (e.g. %s)", lo, hi,
				 duration_examples(opt, eg, sizeof(eg)));
		}
		return ret;
	case WB_OPT_SIZE:
		ret = wb_parse_size(value, opt->min, opt->max, (uint64_t *)slot);
		if (ret) {
			char lo[32], hi[32];

			wb_format_size(opt->min, lo, sizeof(lo));
			wb_format_size(opt->max, hi, sizeof(hi));
			snprintf(why, why_len, "not a size from %s to %s", lo, hi);
		}
		return ret;
	case WB_OPT_UINT:
		ret = wb_parse_uint(value, opt->min, opt->max, (uint64_t *)slot);
		if (ret)
			snprintf(why, why_len, "not a whole number from %llu to %llu",
				 (unsigned long long)opt->min, (unsigned long long)opt->max);
		return ret;
	case WB_OPT_SIZES:
	case WB_OPT_UINTS:
		return set_list(slot, opt, value, why, why_len);
	case WB_OPT_METHODS:
		return set_name_list(value, slot, all_methods, WB_METHOD_COUNT, method_name_of, why,
				     why_len);
	case WB_OPT_ENGINES:
		return set_name_list(value, slot, (1u << WB_ENGINE_COUNT) - 1, WB_ENGINE_COUNT,
				     engine_name_of, why, why_len);
	case WB_OPT_FLAG:
		if (value && strcmp(value, "true") && strcmp(value, "false")) {
			snprintf(why, why_len, "allowed: true, false");
			return -EINVAL;
		}
		*(bool *)slot = !value || strcmp(value, "true") == 0;
		return 0;
	case WB_OPT_CHOICE:
		return set_choice(slot, opt, value, why, why_len);
	case WB_OPT_PATHS:
		return add_path(slot, value, why, why_len);
	case WB_OPT_LOAD:
		return set_load(slot, opt, value, why, why_len);
	case WB_OPT_DSN:
		*(const char **)slot = value ? value : "";
		return 0;
	case WB_OPT_PERCENT:
		ret = wb_parse_percent(value, opt->min, opt->max, (uint64_t *)slot);
		if (ret)
			snprintf(why, why_len, "not a percentage from %g to %g", opt->min / 100.0,
				 opt->max / 100.0);
		return ret;
	}
	return -EINVAL;
}

int wb_config_defaults(struct wb_config *cfg, enum wb_command cmd)
{
	char why[256];
	unsigned i;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	for (i = 0; i < wb_options_count; i++) {
		const struct wb_option *opt = &wb_options[i];

		if (!(opt->commands & WB_CMD_BIT(cmd)) || !opt->def)
			continue;
		ret = wb_option_set(cfg, opt, opt->def, why, sizeof(why));
		if (ret)
			return ret;
	}
	return 0;
}

const struct wb_option *wb_option_find(const char *name, enum wb_command cmd)
{
	unsigned i;

	for (i = 0; i < wb_options_count; i++)
		if ((wb_options[i].commands & WB_CMD_BIT(cmd)) && strcmp(wb_options[i].name, name) == 0)
			return &wb_options[i];
	return NULL;
}

/* Whether a word (an option's value, or a whole word) looks like a connection
 * string or a piece of one (pgstat/pg_dsn.h); of --name=VALUE, VALUE. A word
 * after a bare --server that does is its connection string, not recommend's
 * DIR. */
static bool looks_like_dsn(const char *word)
{
	if (!strncmp(word, "--", 2) && strchr(word, '='))
		word = strchr(word, '=') + 1;
	return wb_pg_word_is_dsn(word, strlen(word));
}

/* Whether a word typed on the command line may be echoed in a message: a
 * short one of the characters options and values are made of. Any other may
 * be (or hold) a connection string's password, and is not repeated. */
static bool echoable(const char *word, size_t n)
{
	char copy[WB_PG_WORD_SHOWN_MAX + 1];

	if (n > WB_PG_WORD_SHOWN_MAX)
		return false;
	memcpy(copy, word, n);
	copy[n] = '\0';
	if (!wb_pg_word_shown(copy))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)word[i]) && !strchr("-_.,/%+:", word[i]))
			return false;
	return true;
}

/* "the 3rd argument": argv[i]'s place on the whole command line (walbench
 * itself the 0th). */
static const char *argument(const struct wb_config *cfg, int i, char *buf, size_t len)
{
	char nth[16];

	snprintf(buf, len, "the %s argument", wb_ordinal((unsigned)i + 1 + cfg->argv_shift, nth,
						    sizeof(nth)));
	return buf;
}

/* Whether argv[i] (value: all of it, or an option's value in it) may be taken
 * where walbench expects no connection string: one that looks like one and
 * names no file is refused, named and never shown; so is an operand that
 * names no file when the command line holds a connection string, since it may
 * be that string's password typed as a word of its own. */
static bool word_allowed(const struct wb_config *cfg, int i, const char *value, bool operand,
			 bool line_has_dsn)
{
	char arg[48];
	struct stat st;

	if (lstat(value, &st) == 0)
		return true; /* a file's name, whatever it looks like */
	if (wb_pg_word_is_dsn(value, strlen(value)))
		fprintf(stderr, "walbench: %s looks like a connection string and names no file; it "
			"is not shown (it may hold a password). walbench reads a server only through "
			"observe's DSN or --server's\n", argument(cfg, i, arg, sizeof(arg)));
	else if (operand && line_has_dsn)
		fprintf(stderr, "walbench: %s names no file or directory; it is not shown, since "
			"beside a connection string a word of its own may be its password\n",
			argument(cfg, i, arg, sizeof(arg)));
	else
		return true;
	return false;
}

static void usage_hint(void)
{
	fprintf(stderr, "Try \"walbench --help\" for more information.\n");
}

int wb_parse_command_line(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv)
{
	struct option longopts[64];
	const struct wb_option *map[64];
	char shortopts[80] = "+:h", why[512];
	const char *operands[2] = { NULL, NULL };
	unsigned n = 0, i, noperands = 0;
	bool line_has_dsn = false;
	char arg[48];
	int c, idx;

	for (i = 0; i < wb_options_count && n < 62; i++) {
		const struct wb_option *opt = &wb_options[i];
		size_t len = strlen(shortopts);

		if (!(opt->commands & WB_CMD_BIT(cmd)))
			continue;
		longopts[n] = (struct option){ opt->name,
					       opt->type == WB_OPT_FLAG  ? no_argument
					       : opt->type == WB_OPT_DSN ? optional_argument
									 : required_argument,
					       NULL, 256 + (int)n };
		map[n++] = opt;
		if (opt->short_name && opt->type != WB_OPT_FLAG && len + 2 < sizeof(shortopts)) {
			shortopts[len] = opt->short_name;
			shortopts[len + 1] = ':';
			shortopts[len + 2] = '\0';
		}
	}
	longopts[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };

	cfg->argc = argc;
	cfg->argv = argv;
	for (int i = 1; i < argc; i++)
		line_has_dsn = line_has_dsn || looks_like_dsn(argv[i]);
	optind = 1;
	opterr = 0; /* our messages, one line each */
again:
	while ((c = getopt_long(argc, argv, shortopts, longopts, &idx)) != -1) {
		const struct wb_option *opt = NULL;

		if (c == 'h') {
			wb_print_help();
			return -1;
		}
		if (c == '?' || c == ':') {
			const char *what = c == ':' ? "missing value for option" : "unknown option";

			const char *word = argv[optind - 1];
			size_t name = strcspn(word, "=");

			/* optopt holds a short option's letter; a long one is only in
			 * argv, and only its name is echoed: --server=DSN's value may
			 * hold a password. */
			if (optopt > 0 && optopt < 256)
				fprintf(stderr, "walbench: %s -%c\n", what, isalnum(optopt) ? optopt : '?');
			else if (echoable(word, name))
				fprintf(stderr, "walbench: %s %.*s\n", what, (int)name, word);
			else
				fprintf(stderr, "walbench: %s: %s (not shown: it may hold a password)\n",
					what, argument(cfg, optind - 1, arg, sizeof(arg)));
			usage_hint();
			return 1;
		}
		if (c >= 256)
			opt = map[c - 256];
		for (i = 0; !opt && i < n - 1; i++)
			if (map[i]->short_name == c)
				opt = map[i];
		if (opt && opt->type == WB_OPT_DSN && !optarg && optind < argc &&
		    looks_like_dsn(argv[optind]))
			optarg = argv[optind++];
		/* A directory that must exist is judged as an operand is. */
		if (opt && opt->type != WB_OPT_DSN && optarg &&
		    !word_allowed(cfg, optind - 1, optarg, !strcmp(opt->metavar, "DIR"),
				  line_has_dsn)) {
			usage_hint();
			return 1;
		}
		if (!opt || wb_option_set(cfg, opt, optarg, why, sizeof(why))) {
			/* The value and the reason only when harmless, and never
			 * beside a connection string (a password typed as a word of
			 * its own): a DSN option's value is never repeated. */
			if (opt && optarg && opt->type != WB_OPT_DSN && !line_has_dsn &&
			    echoable(optarg, strlen(optarg)))
				fprintf(stderr, "walbench: invalid value \"%s\" for --%s: %s\n", optarg,
					opt->name, why);
			else if (opt && opt->type != WB_OPT_DSN)
				fprintf(stderr, "walbench: invalid value for --%s, %s (not shown: it "
					"may hold a password): %s\n", opt->name,
					argument(cfg, optind - 1, arg, sizeof(arg)), why);
			else
				fprintf(stderr, "walbench: invalid value for --%s (not shown: it may "
					"hold a password)\n", opt ? opt->name : "?");
			usage_hint();
			return 1;
		}
		cfg->given[(opt - wb_options) / 64] |= 1ull << ((opt - wb_options) % 64);
		line_has_dsn = line_has_dsn || (opt->type == WB_OPT_DSN && optarg && *optarg);
	}
	/* compare's two files may come before, between or after its options: getopt
	 * stops at each operand ("+" keeps the order), so take it and go on. */
	if (cmd == WB_CMD_COMPARE && optind < argc && noperands < 2) {
		if (!word_allowed(cfg, optind, argv[optind], true, line_has_dsn))
			goto refused;
		operands[noperands++] = argv[optind++];
		goto again;
	}
	if (cmd == WB_CMD_COMPARE && optind == argc && noperands < 2) {
		fprintf(stderr, "walbench: compare needs two results files: walbench compare "
				"A.json B.json\n");
		usage_hint();
		return 1;
	}
	if (cmd == WB_CMD_COMPARE) {
		cfg->compare_a = operands[0];
		cfg->compare_b = operands[1];
	}
	/* report's files, like compare's, may sit among its options. */
	if (cmd == WB_CMD_REPORT && optind < argc) {
		if (cfg->report_files.n == WB_MAX_REPORT_FILES) {
			fprintf(stderr, "walbench: report takes at most %d results files\n",
				WB_MAX_REPORT_FILES);
			usage_hint();
			return 1;
		}
		if (!word_allowed(cfg, optind, argv[optind], true, line_has_dsn))
			goto refused;
		cfg->report_files.v[cfg->report_files.n++] = argv[optind++];
		goto again;
	}
	if (cmd == WB_CMD_REPORT && cfg->report_files.n == 0) {
		fprintf(stderr, "walbench: report needs at least one results file: walbench report "
				"FILE.json... [-o report.html]\n");
		usage_hint();
		return 1;
	}
	/* recommend, verify and qualify take their directory as their one operand, too. */
	if ((cmd == WB_CMD_RECOMMEND || cmd == WB_CMD_VERIFY || cmd == WB_CMD_QUALIFY) &&
	    optind == argc - 1) {
		if (!word_allowed(cfg, optind, argv[optind], true, line_has_dsn))
			goto refused;
		cfg->target = argv[optind++];
		cfg->target_given = true;
	}
	/* observe's one operand is the server's connection string; options may
	 * follow it. */
	if (cmd == WB_CMD_OBSERVE && optind < argc && !cfg->server_dsn) {
		line_has_dsn = true; /* a plain database name is one too */
		cfg->server_dsn = argv[optind++];
		goto again;
	}
	/* clean removes files: its directory is never a default, always named. Options
	 * may follow it ("clean DIR --dry-run"). */
	if (cmd == WB_CMD_CLEAN && optind < argc && !cfg->target) {
		if (!word_allowed(cfg, optind, argv[optind], true, line_has_dsn))
			goto refused;
		cfg->target = argv[optind++];
		goto again;
	}
	if (cmd == WB_CMD_CLEAN && !cfg->target) {
		fprintf(stderr, "walbench: clean needs a directory: walbench clean DIR [--dry-run]\n");
		usage_hint();
		return 1;
	}
	if (optind < argc) {
		if (!word_allowed(cfg, optind, argv[optind], false, line_has_dsn))
			goto refused;
		if (!line_has_dsn && echoable(argv[optind], strlen(argv[optind])))
			fprintf(stderr, "walbench: unexpected argument \"%s\"\n", argv[optind]);
		else
			fprintf(stderr, "walbench: %s is unexpected (not shown: %s)\n",
				argument(cfg, optind, arg, sizeof(arg)),
				line_has_dsn ? "beside a connection string, a word of its own may be "
					       "its password"
					     : "it may hold a password");
		usage_hint();
		return 1;
	}
	return 0;
refused:
	usage_hint();
	return 1;
}

static const char *const command_name[WB_CMD_COUNT] = {
	[WB_CMD_COMPAT] = "compat", [WB_CMD_RUN] = "run", [WB_CMD_ENGINES] = "engines",
	[WB_CMD_RECOMMEND] = "recommend", [WB_CMD_VERIFY] = "verify", [WB_CMD_QUALIFY] = "qualify",
	[WB_CMD_COMPARE] = "compare", [WB_CMD_REPORT] = "report", [WB_CMD_CLEAN] = "clean",
	[WB_CMD_OBSERVE] = "observe",
};

const char *wb_command_name(enum wb_command cmd)
{
	return cmd < WB_CMD_COUNT ? command_name[cmd] : "?";
}

static const char *const command_help[WB_CMD_COUNT] = {
	[WB_CMD_COMPAT] = "the pg_test_fsync tests, same output format, done right",
	[WB_CMD_RUN] = "any method x engine x size combination, with latency percentiles",
	[WB_CMD_ENGINES] = "which engine x method combinations work on a directory, or why not",
	[WB_CMD_RECOMMEND] = "which wal_sync_method to set on DIR (or that they tie), and why",
	[WB_CMD_VERIFY] = "listen | write --to HOST:PORT DIR | check --from HOST:PORT DIR: do\n"
			  "             acknowledged flushes survive a power cut? (needs a second machine)",
	[WB_CMD_QUALIFY] = "does DIR's disk meet a tier (commit and etcd flush rate and p99,\n"
			   "             sustained), and are its flushes plausible?",
	[WB_CMD_COMPARE] = "A.json B.json: results of two runs (before and after a change),\n"
			   "             test by test, with the 95% CI of each change",
	[WB_CMD_REPORT] = "FILE.json...: one self-contained HTML report with charts (several\n"
			  "             files side by side), or --summary: a fleet's outliers",
	[WB_CMD_CLEAN] = "DIR: remove the files a walbench killed by SIGKILL or the OOM killer\n"
			 "             left in DIR (walbench.PID.N.tmp of a process that is gone)",
	[WB_CMD_OBSERVE] = "[DSN]: read the running PostgreSQL (read-only): its settings, and its\n"
			   "             commits, WAL writes, flushes and data pages a second",
};

void wb_print_help(void)
{
	unsigned c, i;

	printf("walbench measures what each PostgreSQL wal_sync_method costs on a disk.\n\n"
	       "Usage:\n  walbench COMMAND [OPTIONS]\n\nCommands:\n");
	for (c = 0; c < WB_CMD_COUNT; c++)
		printf("  %-10s %s\n", command_name[c], command_help[c]);
	for (c = 0; c < WB_CMD_COUNT; c++) {
		printf("\nOptions of %s:\n", command_name[c]);
		for (i = 0; i < wb_options_count; i++) {
			const struct wb_option *o = &wb_options[i];
			char left[64];

			if (!(o->commands & WB_CMD_BIT(c)))
				continue;
			if (o->short_name)
				snprintf(left, sizeof(left), "-%c, --%s %s", o->short_name, o->name,
					 o->metavar);
			else
				snprintf(left, sizeof(left), "    --%s %s", o->name, o->metavar);
			printf("  %-28s %s\n", left, o->help);
		}
	}
	printf("\nGeneral:\n  -h, --help                   show this help and exit\n"
	       "  -V, --version                show the version and exit\n"
	       "      --man                    print the manual page (roff) and exit\n"
	       "\nExit status: see EXIT STATUS in \"man walbench\" (or walbench --man), which\n"
	       "gives every command's.\n");
}
