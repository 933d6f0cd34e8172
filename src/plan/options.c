/* options.c — the option table: every option's name, type, default, range, help and the
 * commands it applies to, one row each, and the lookups on it. The command line
 * (command_line.c), profiles, --help (help.c), the man page (manpage.c) and the JSON
 * echo all walk this one table; a value is judged by option_values.c.
 * Trap: an option may have a row per command with other defaults and ranges (--budget,
 * --duration, --json): look one up by name AND command (wb_option_find). */
#include "plan/options.h"

#include <stddef.h>
#include <string.h>

#include "model/method.h"
#include "model/units.h"

#define NS_PER_S 1000000000ull

/* recommend --commit-work: the CPU time of one pgbench TPC-B transaction (server
 * and client: 516 us, the server's 379, on a quiet host; 611 us of the server's
 * alone on a busy one) on PostgreSQL 15 with fsync = off on tmpfs, from
 * contrib/bench/commit-work.sh on this project's 2-core build VM (docs/design.md,
 * "Deciding in commits without a server"). */
#define WB_COMMIT_WORK_DEFAULT "600us"

#define CFG(field) offsetof(struct wb_config, field)

/* --pg-version's majors, as its help names them. */
#define PG_MAJORS WB_PG_MAJOR_TEXT(WB_PG_OLDEST_MAJOR) " to " WB_PG_NEWEST

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
	  "directory to test in (the same as the operand DIR), which must exist and not be under /proc, /sys or /dev (/dev/shm "
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
	  "time for the whole run, making the test files included; tests stop early once their "
	  "CI is tight. Kept: trials are shortened so that it holds two of each test, the last "
	  "trial is cut to end on it (none starts with less than half a trial left), and the "
	  "text says which test got less (default 60s)",
	  RUN, CFG(budget_ns), NULL },
	{ "trial-time", 0, WB_OPT_DURATION, "200ms", NS_PER_S / 100, 3600 * NS_PER_S, "TIME",
	  "length of one trial; trials of all tests are interleaved. Shortened (said in the "
	  "header and the JSON's schedule) where --budget cannot hold each test's warm-up and "
	  "two trials, 1.5 times this at their longest; never below 10ms (default 200ms)",
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
	  "the smallest gain worth switching for: run's with --decide, recommend's in "
	  "commits (default 5)",
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
	{ "pg-version", 0, WB_OPT_PG_MAJOR, WB_PG_NEWEST, WB_PG_OLDEST_MAJOR, WB_PG_NEWEST_MAJOR,
	  "N",
	  "the PostgreSQL major version whose rules for opening WAL apply, "
	  PG_MAJORS " (default " WB_PG_NEWEST ")",
	  REC, CFG(pg_version), NULL },
	{ "budget", 'B', WB_OPT_DURATION, "50s", NS_PER_S, 7 * 86400 * NS_PER_S, "TIME",
	  "most time to measure, making the test files included; it stops as soon as the answer "
	  "is known. Kept: the last trial is cut to end on it (none starts with less than half "
	  "a trial left), and the text says which test got less. Refused before measuring "
	  "(exit 2, naming the least) when it cannot give every test its warm-up and two 10ms "
	  "trials (default 50s)",
	  REC, CFG(budget_ns), NULL },
	{ "wal-candidate", 0, WB_OPT_PATHS, NULL, 0, 0, "DIR",
	  "a directory on another volume pg_wal could move to; give it once per candidate (at most "
	  "8). Measures commits there and on DIR while a checkpoint-like load runs on DIR, and says "
	  "whether moving pg_wal pays; with --server, in the server's own commits per second "
	  "(predicted from where its sessions wait), and while it runs on DIR no load is added; "
	  "with --server and no DIR, a pg_wal on a volume of its own already is measured where it "
	  "is, the load staying in the data directory",
	  REC, CFG(wal_candidates), NULL },
	{ "waldir", 0, WB_OPT_PATH, NULL, 0, 0, "DIR",
	  "with --wal-candidate: where pg_wal is now when it is not in the data directory DIR "
	  "(a volume of its own, as initdb --waldir makes): commits are measured there against "
	  "each candidate while the data load stays on DIR (--server finds it itself)",
	  REC, CFG(wal_now), NULL },
	{ "server", 0, WB_OPT_DSN, NULL, 0, 0, "[DSN]",
	  "observe the running PostgreSQL first (read-only; a libpq connection string or URI, "
	  "else the PG* environment, as psql) and decide for it: its version, wal_level, "
	  "wal_sync_method, flush sizes and data load, on its pg_wal unless DIR is given. "
	  "After a bare --server, a word with =, ://, @ or a leading space is its DSN, any "
	  "other word is DIR (--server /srv/pg_wal: the PG* environment's server, tested on "
	  "/srv/pg_wal; --server=mydb for a plain database name). "
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
	{ "pg-version", 0, WB_OPT_PG_MAJOR, "0", 0, WB_PG_NEWEST_MAJOR, "N",
	  "measure open_* methods as PostgreSQL N (" PG_MAJORS ") opens WAL (O_DIRECT or not), "
	  "beside pg_test_fsync's always-O_DIRECT variant (default 0: engines as given)",
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
	  "also write the results as JSON to FILE, a new file (atomically; refused before "
	  "measuring if FILE exists, a symlink included, or its directory is missing or not "
	  "writable)",
	  RUN | REC | QUA | OBS, CFG(json_path), NULL },
	{ "prom", 0, WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write the results for node_exporter's textfile collector to FILE (*.prom), a new "
	  "file (atomically; refused before measuring if FILE exists)",
	  RUN | REC | QUA | OBS, CFG(prom_path), NULL },
	{ "csv", 0, WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write one CSV row per test to FILE, a new file (atomically; refused before "
	  "measuring if FILE exists, a symlink included, or its directory is missing or not "
	  "writable)",
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
	  "22 MiB file instead of etcd's 64 MB segments; kept: slices are shortened so that it "
	  "holds two of each shape, and the last slice is cut to end on it (none starts with "
	  "less than half a slice left)",
	  QUA, CFG(budget_ns), NULL },
	{ "slice", 0, WB_OPT_DURATION, "5s", NS_PER_S / 100, 3600 * NS_PER_S, "TIME",
	  "one time slice: each shape's rate and p99 are kept per slice. Shortened (said in the "
	  "header and the JSON's schedule) where --duration cannot hold two of each shape, 1.5 "
	  "times this at their longest; never below 10ms (default 5s)",
	  QUA, CFG(trial_ns), NULL },
	{ "port", 0, WB_OPT_UINT, "0", 0, 65535, "PORT",
	  "listen: the TCP port to listen on (default 0: any free port, printed)",
	  VER, CFG(verify_port), NULL },
	{ "to", 0, WB_OPT_HOSTPORT, NULL, 0, 0, "HOST:PORT",
	  "write: the listener on another machine that records each acknowledged record "
	  "([v6addr]:PORT for IPv6)",
	  VER, CFG(verify_to), NULL },
	{ "from", 0, WB_OPT_HOSTPORT, NULL, 0, 0, "HOST:PORT",
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
	  "also write the comparison as JSON to FILE, a new file (atomically; an existing FILE or "
	  "a symlink is refused)",
	  CMP, CFG(json_path), NULL },
	{ "fail-on-regression", 0, WB_OPT_PERCENT, NULL, 0, 10000, "PCT",
	  "exit 1 when a test in B is significantly slower than in A by more than PCT (the "
	  "point change; 0: any significant slowdown), failed in B (an error in B fails even "
	  "when A failed too; n/a in both does not), or missing in B (in A only: not measured; "
	  "a test only in B is new and not gated); default: no gate, exit 0",
	  CMP, CFG(fail_regression_bp), NULL },
	{ "output", 'o', WB_OPT_PATH, "walbench-report.html", 0, 0, "FILE",
	  "the HTML file to write, a new file (atomically; an existing FILE or a symlink is "
	  "refused; default walbench-report.html)",
	  REP, CFG(output_path), NULL },
	{ "summary", 0, WB_OPT_FLAG, NULL, 0, 0, "",
	  "print the fleet summary instead: every host, the outliers (commit rate or p99 "
	  "significantly worse than the fleet median) and recommendations that differ from the "
	  "majority",
	  REP, CFG(summary), NULL },
	{ "json", 'j', WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "with --summary: also write the summary as JSON to FILE, a new file (atomically)",
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

const struct wb_option *wb_option_find(const char *name, enum wb_command cmd)
{
	unsigned i;

	for (i = 0; i < wb_options_count; i++)
		if ((wb_options[i].commands & WB_CMD_BIT(cmd)) && strcmp(wb_options[i].name, name) == 0)
			return &wb_options[i];
	return NULL;
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
