/* faultfs — fault-injecting FUSE passthrough of BACKING_DIR at MOUNTPOINT, for walbench's
 * durability fault tests: fsync/fdatasync/write can be made to fail, or writes made short, or one
 * sync fail and the next succeed, as Linux reports a write-back error once.
 *
 * Traps, measured on Debian 12 (libfuse 3.14, kernel 6.18) — re-check on a new kernel:
 *  - Every file is opened with fi->direct_io, so each write(2)/pwrite(2) of the program reaches
 *    our write op (no page cache absorbs it). The kernel cuts one big write into FUSE_WRITE
 *    requests of at most max_write (1 MiB here), split at page boundaries of the caller's
 *    buffer, so --fail-after-ops and --short-write count and cut *requests*, not the program's
 *    calls: a 16 MiB pwrite is 16 or 17 requests, and a short write cuts the first request.
 *  - fsync(2) arrives with datasync=0, fdatasync(2) with datasync=1, a directory fsync at
 *    fsyncdir (never faulted). An O_DSYNC/O_SYNC write (or RWF_DSYNC/RWF_SYNC) on a direct_io
 *    file sends NO FUSE_FSYNC: the kernel only marks the write's flags (without direct_io it
 *    would send FUSE_FSYNC after each such write, datasync=1 for O_DSYNC, 0 for O_SYNC). So
 *    --fail-fsync alone never fails an O_DSYNC write; --fault-sync-writes makes it fail.
 *  - O_DIRECT opens are accepted, but O_DIRECT is stripped from the backing open: libfuse hands
 *    us write data at an unaligned offset in its buffer, so a backing O_DIRECT write would fail.
 *  - --fail-fsync ENOSYS makes the kernel report *success* and never send FUSE_FSYNC again on
 *    this mount (it reads ENOSYS as "fs has no fsync"), like a real FUSE fs without fsync.
 *  - Runs single-threaded on purpose: the fault counters are plain variables. */
#define FUSE_USE_VERSION 31
/* renameat2, fallocate, O_DIRECT and DTTOIF are GNU extensions; the build may not define it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include "errno_names.h"
#include "passthrough.h"
#include "serve.h"

enum ff_verdict {
	FF_PASS,  /* do the call for real */
	FF_FAIL,  /* return the configured errno */
	FF_SHORT, /* write only half (write op only) */
};

struct ff_config {
	int fsync_errno;          /* --fail-fsync / --fail-fdatasync-only errno; 0 = off */
	bool fsync_datasync_only; /* only datasync != 0 calls are faulted */
	bool sync_once;           /* --fail-sync-once: only the first faulted sync fails */
	int write_errno;          /* --fail-write errno; 0 = not given */
	bool write_budget_set;    /* --fail-write-after given */
	uint64_t write_budget;    /* bytes allowed through before writes fail */
	bool short_write;         /* --short-write */
	bool fault_sync_writes;   /* O_DSYNC/O_SYNC writes also take the fsync fault */
	uint64_t after_ops;       /* --fail-after-ops: matching calls let through first */
	bool verbose;             /* log each faulted call */
	bool trace;               /* log every open/write/fsync, faulted or not */
	const char *backing_dir;
	const char *mountpoint;
};

struct ff_state {
	struct ff_config cfg;
	uint64_t bytes_written;  /* bytes the backing fs accepted through us */
	uint64_t writes_passed;  /* successful write requests (for --fail-after-ops) */
	uint64_t fsyncs_passed;  /* successful fsyncs of the faulted kind */
	bool sync_failed;        /* --fail-sync-once has failed its one sync */
};

/* One mount per process and a single-threaded loop, so one file-static state is enough. */
static struct ff_state ff;


/* ---- logging ----------------------------------------------------------------------------- */

static void ff_log_fault(const char *call, int err)
{
	if (ff.cfg.verbose)
		fprintf(stderr, "faultfs: %s -> %s\n", call, wb_errno_to_name(err));
}

/* Names the sync/direct flags so a trace shows what the kernel forwarded from open(2). */
static void ff_trace_open(const char *op, const char *path, int flags)
{
	if (!ff.cfg.trace)
		return;
	fprintf(stderr, "faultfs: trace %s %s flags=0x%x%s%s%s\n", op, path, (unsigned)flags,
		(flags & O_DIRECT) ? " O_DIRECT" : "",
		((flags & O_SYNC) == O_SYNC) ? " O_SYNC" : ((flags & O_DSYNC) ? " O_DSYNC" : ""),
		(flags & O_APPEND) ? " O_APPEND" : "");
}

/* ---- fault decisions --------------------------------------------------------------------- */

static bool ff_write_fault_armed(void)
{
	return ff.cfg.write_errno != 0 || ff.cfg.write_budget_set || ff.cfg.short_write;
}

/* The errno a failing write returns: --fail-write's, else EIO for --fail-write-after alone. */
static int ff_write_errno(void)
{
	return ff.cfg.write_errno != 0 ? ff.cfg.write_errno : EIO;
}

/* A write that would take the total past the budget fails whole: a predictable cut-off is
 * worth more to a test than imitating a device that fills up mid-request. */
static enum ff_verdict ff_write_verdict(size_t size)
{
	if (!ff_write_fault_armed())
		return FF_PASS;
	if (ff.writes_passed < ff.cfg.after_ops)
		return FF_PASS;
	if (ff.cfg.write_budget_set && size <= ff.cfg.write_budget &&
	    ff.bytes_written <= ff.cfg.write_budget - size)
		return FF_PASS;
	return ff.cfg.short_write ? FF_SHORT : FF_FAIL;
}

/* Whether this fsync is of the kind the fault targets (and so counts for --fail-after-ops). */
static bool ff_fsync_matches(int datasync)
{
	if (ff.cfg.fsync_errno == 0)
		return false;
	return datasync != 0 || !ff.cfg.fsync_datasync_only;
}

/* Called once per sync (fsync op, or a synchronous write): --fail-sync-once spends its one
 * failure here. */
static enum ff_verdict ff_fsync_verdict(int datasync)
{
	if (!ff_fsync_matches(datasync))
		return FF_PASS;
	if (ff.fsyncs_passed < ff.cfg.after_ops)
		return FF_PASS;
	if (ff.cfg.sync_once) {
		/* Linux reports a write-back error to a descriptor once: the next sync finds the
		 * pages clean (their data lost) and returns 0. A program that retries succeeds. */
		if (ff.sync_failed)
			return FF_PASS;
		ff.sync_failed = true;
	}
	return FF_FAIL;
}

/* ---- path helpers ------------------------------------------------------------------------ */

/* O_DIRECT is dropped for the backing open (see the header); everything else passes through,
 * so O_DSYNC/O_SYNC make the backing writes synchronous as the program asked. */
static int ff_backing_flags(int flags)
{
	return flags & ~O_DIRECT;
}

/* ---- file operations --------------------------------------------------------------------- */

static int ff_open_backing(const char *op, const char *path, int flags, mode_t mode,
			   struct fuse_file_info *fi)
{
	int fd;

	ff_trace_open(op, path, flags);
	fd = openat(pt_root_fd, pt_rel(path), ff_backing_flags(flags), mode);
	if (fd < 0)
		return -errno;
	fi->fh = (uint64_t)fd;
	fi->direct_io = 1; /* every write/read goes to us: no page cache in between */
	fi->keep_cache = 0;
	return 0;
}

static int ff_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	return ff_open_backing("create", path, fi->flags | O_CREAT, mode, fi);
}

static int ff_open(const char *path, struct fuse_file_info *fi)
{
	return ff_open_backing("open", path, fi->flags, 0, fi);
}

/* The kernel marks each write that must be durable on return (O_DSYNC/O_SYNC file, or a
 * pwritev2 RWF_DSYNC/RWF_SYNC) in the write's flags, and with direct_io it sends no FUSE_FSYNC
 * for it: keeping that promise on the backing file is our job. */
static int ff_write_rwf(int flags)
{
	if ((flags & O_SYNC) == O_SYNC)
		return RWF_SYNC;
	if (flags & O_DSYNC)
		return RWF_DSYNC;
	return 0;
}

static const char *ff_rwf_name(int rwf)
{
	return rwf == RWF_SYNC ? "O_SYNC" : (rwf == RWF_DSYNC ? "O_DSYNC" : "none");
}

/* With --fault-sync-writes, the sync a synchronous write implies fails like fsync would: an
 * O_DSYNC write counts as fdatasync, an O_SYNC write as fsync. Returns 0 or -errno. */
static int ff_sync_write_fault(int rwf)
{
	int datasync = rwf == RWF_DSYNC;

	if (rwf == 0 || !ff.cfg.fault_sync_writes)
		return 0;
	if (ff_fsync_verdict(datasync) == FF_FAIL) {
		ff_log_fault(datasync ? "write (O_DSYNC)" : "write (O_SYNC)", ff.cfg.fsync_errno);
		return -ff.cfg.fsync_errno;
	}
	if (ff_fsync_matches(datasync))
		ff.fsyncs_passed++;
	return 0;
}

static int ff_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	enum ff_verdict verdict = ff_write_verdict(size);
	int rwf = ff_write_rwf(fi->flags);
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = size };
	ssize_t n;
	int rc;

	(void)path;
	if (ff.cfg.trace)
		fprintf(stderr, "faultfs: trace write off=%lld size=%zu sync=%s\n", (long long)off,
			size, ff_rwf_name(rwf));
	if (verdict == FF_FAIL) {
		ff_log_fault("write", ff_write_errno());
		return -ff_write_errno();
	}
	if (verdict == FF_SHORT)
		iov.iov_len = size / 2 > 0 ? size / 2 : 1;
	n = pwritev2((int)fi->fh, &iov, 1, off, rwf);
	if (n < 0)
		return -errno;
	if (verdict == FF_SHORT && ff.cfg.verbose)
		fprintf(stderr, "faultfs: write %zu -> short %zd\n", size, n);
	ff.bytes_written += (uint64_t)n;
	ff.writes_passed++;
	/* The data is on the backing file but its sync "failed", as a real fs would report it. */
	rc = ff_sync_write_fault(rwf);
	return rc != 0 ? rc : (int)n;
}

static int ff_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	const char *call = datasync ? "fdatasync" : "fsync";
	int rc;

	(void)path;
	if (ff.cfg.trace)
		fprintf(stderr, "faultfs: trace fsync datasync=%d\n", datasync);
	if (ff_fsync_verdict(datasync) == FF_FAIL) {
		ff_log_fault(call, ff.cfg.fsync_errno);
		return -ff.cfg.fsync_errno;
	}
	rc = datasync ? fdatasync((int)fi->fh) : fsync((int)fi->fh);
	if (rc < 0)
		return -errno;
	if (ff_fsync_matches(datasync))
		ff.fsyncs_passed++;
	return 0;
}

/* ---- directory operations ---------------------------------------------------------------- */

/* Directory fsync is never faulted: walbench fsyncs the directory after creating its file. */
static int ff_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi)
{
	if (ff.cfg.trace)
		fprintf(stderr, "faultfs: trace fsyncdir datasync=%d\n", datasync);
	return pt_fsyncdir(path, datasync, fi);
}

static const struct fuse_operations ff_ops = {
	PT_OPS_PASSTHROUGH,
	.getattr = pt_getattr,
	.create = ff_create,
	.open = ff_open,
	.read = pt_read,
	.write = ff_write,
	.fsync = ff_fsync, /* must exist: a missing fsync op reads as success to the kernel */
	.truncate = pt_truncate,
	.fallocate = pt_fallocate,
	.unlink = pt_unlink,
	.fsyncdir = ff_fsyncdir,
};

/* ---- command line ------------------------------------------------------------------------ */

enum ff_opt {
	FF_OPT_FAIL_FSYNC = 256,
	FF_OPT_FAIL_FDATASYNC_ONLY,
	FF_OPT_FAIL_SYNC_ONCE,
	FF_OPT_FAIL_WRITE,
	FF_OPT_FAIL_WRITE_AFTER,
	FF_OPT_FAIL_AFTER_OPS,
	FF_OPT_SHORT_WRITE,
	FF_OPT_FAULT_SYNC_WRITES,
	FF_OPT_TRACE,
};

static const struct option ff_long_opts[] = {
	{ "fail-fsync", required_argument, NULL, FF_OPT_FAIL_FSYNC },
	{ "fail-fdatasync-only", required_argument, NULL, FF_OPT_FAIL_FDATASYNC_ONLY },
	{ "fail-sync-once", required_argument, NULL, FF_OPT_FAIL_SYNC_ONCE },
	{ "fail-write", required_argument, NULL, FF_OPT_FAIL_WRITE },
	{ "fail-write-after", required_argument, NULL, FF_OPT_FAIL_WRITE_AFTER },
	{ "fail-after-ops", required_argument, NULL, FF_OPT_FAIL_AFTER_OPS },
	{ "short-write", no_argument, NULL, FF_OPT_SHORT_WRITE },
	{ "fault-sync-writes", no_argument, NULL, FF_OPT_FAULT_SYNC_WRITES },
	{ "verbose", no_argument, NULL, 'v' },
	{ "trace", no_argument, NULL, FF_OPT_TRACE },
	{ "debug", no_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void ff_usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [options] BACKING_DIR MOUNTPOINT\n"
		"Mount MOUNTPOINT as a passthrough of BACKING_DIR whose writes and fsyncs can fail.\n"
		"Runs in the foreground, single-threaded; stops on unmount or SIGTERM/SIGINT.\n"
		"\n"
		"Faults:\n"
		"  --fail-fsync ERRNO           every fsync/fdatasync on a file returns ERRNO\n"
		"  --fail-fdatasync-only ERRNO  only fdatasync (datasync=1) fails; fsync succeeds\n"
		"  --fail-sync-once ERRNO       the first fsync or fdatasync (after --fail-after-ops)\n"
		"                               returns ERRNO, every later one succeeds: a write-back\n"
		"                               error, which Linux reports once\n"
		"  --fail-write ERRNO           every write returns ERRNO\n"
		"  --fail-write-after BYTES     writes succeed until BYTES bytes in total went\n"
		"                               through, then fail (--fail-write's ERRNO, else EIO;\n"
		"                               a request that would cross BYTES fails whole);\n"
		"                               suffixes k/KiB, M/MiB, G/GiB (powers of 1024)\n"
		"  --fail-after-ops N           let N successful calls of each faulted kind through\n"
		"                               first (counts FUSE requests: the kernel splits big\n"
		"                               writes at max_write, 1 MiB)\n"
		"  --short-write                writes store and report half the bytes (at least 1)\n"
		"  --fault-sync-writes          synchronous writes (O_DSYNC/O_SYNC open, RWF_DSYNC/\n"
		"                               RWF_SYNC) also take the fsync fault, as fdatasync/\n"
		"                               fsync; without it only fsync(2)/fdatasync(2) fail\n"
		"ERRNO is one of:\n ",
		pt_prog);
	wb_errno_names_print(out);
	fprintf(out,
		"\n"
		"\n"
		"Other options:\n"
		"  -v, --verbose    log each faulted call to stderr (\"faultfs: fsync -> EIO\")\n"
		"  --trace          log every open, write and fsync request to stderr\n"
		"  -o OPTS          FUSE options, passed on (e.g. -o allow_other)\n"
		"  -d, --debug      FUSE debug output\n"
		"  -f, -s           accepted for fuse compatibility; always on\n"
		"  -h, --help       show this help\n"
		"\n"
		"Exit status: 0 unmounted or stopped by a signal, 1 FUSE loop error,\n"
		"2 usage error, 3 setup error (backing dir, mount).\n");
}

static int ff_parse_errno(const char *arg, int *out)
{
	int err = wb_errno_from_name(arg);

	if (err == 0)
		return pt_usage_error("unknown errno name '%s'", arg);
	*out = err;
	return 0;
}

static int ff_parse_u64(const char *arg, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (arg[0] < '0' || arg[0] > '9')
		return -EINVAL; /* strtoull would accept "-1" and leading blanks */
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0')
		return -EINVAL;
	*out = v;
	return 0;
}

static int ff_parse_bytes(const char *arg, uint64_t *out)
{
	static const struct { const char *suffix; uint64_t mult; } units[] = {
		{ "", 1 },
		{ "k", 1ULL << 10 }, { "K", 1ULL << 10 }, { "KiB", 1ULL << 10 },
		{ "M", 1ULL << 20 }, { "MiB", 1ULL << 20 },
		{ "G", 1ULL << 30 }, { "GiB", 1ULL << 30 },
	};
	char *end;
	unsigned long long v;

	if (arg[0] < '0' || arg[0] > '9')
		goto bad;
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0)
		goto bad;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].suffix) != 0)
			continue;
		if (v > UINT64_MAX / units[i].mult)
			goto bad;
		*out = v * units[i].mult;
		return 0;
	}
bad:
	return pt_usage_error("bad size '%s' (e.g. 16777216, 16MiB)", arg);
}

/* Fault options that cannot be combined, and an N with nothing to count. */
/* sync_faults: one bit per sync fault option given, so repeating one is no conflict. */
static int ff_check_config(const struct ff_config *cfg, unsigned sync_faults,
			   bool after_ops_given)
{
	if (__builtin_popcount(sync_faults) > 1)
		return pt_usage_error("--fail-fsync, --fail-fdatasync-only and --fail-sync-once "
				      "exclude each other");
	if (cfg->short_write && cfg->write_errno != 0)
		return pt_usage_error("--short-write and --fail-write exclude each other");
	if (cfg->fault_sync_writes && cfg->fsync_errno == 0)
		return pt_usage_error("--fault-sync-writes needs --fail-fsync, --fail-fdatasync-only "
				      "or --fail-sync-once");
	if (after_ops_given && cfg->fsync_errno == 0 && !cfg->write_errno &&
	    !cfg->write_budget_set && !cfg->short_write)
		return pt_usage_error("--fail-after-ops needs a fault option");
	return 0;
}

/* Fills cfg and the FUSE arguments. Returns 0 to go on, -1 after --help, or an exit code. */
static int ff_parse_args(int argc, char **argv, struct ff_config *cfg, struct fuse_args *fargs)
{
	unsigned sync_faults = 0;
	bool after_ops_given = false;
	int opt;
	int rc;

	opterr = 0; /* we print our own message, with the --help hint */
	while ((opt = getopt_long(argc, argv, ":hvdfso:", ff_long_opts, NULL)) != -1) {
		rc = 0;
		switch (opt) {
		case FF_OPT_FAIL_FSYNC:
			sync_faults |= 1u << 0;
			rc = ff_parse_errno(optarg, &cfg->fsync_errno);
			break;
		case FF_OPT_FAIL_FDATASYNC_ONLY:
			sync_faults |= 1u << 1;
			cfg->fsync_datasync_only = true;
			rc = ff_parse_errno(optarg, &cfg->fsync_errno);
			break;
		case FF_OPT_FAIL_SYNC_ONCE:
			sync_faults |= 1u << 2;
			cfg->sync_once = true;
			rc = ff_parse_errno(optarg, &cfg->fsync_errno);
			break;
		case FF_OPT_FAIL_WRITE:
			rc = ff_parse_errno(optarg, &cfg->write_errno);
			break;
		case FF_OPT_FAIL_WRITE_AFTER:
			cfg->write_budget_set = true;
			rc = ff_parse_bytes(optarg, &cfg->write_budget);
			break;
		case FF_OPT_FAIL_AFTER_OPS:
			after_ops_given = true;
			if (ff_parse_u64(optarg, &cfg->after_ops) != 0)
				rc = pt_usage_error("bad count '%s'", optarg);
			break;
		case FF_OPT_SHORT_WRITE:
			cfg->short_write = true;
			break;
		case FF_OPT_FAULT_SYNC_WRITES:
			cfg->fault_sync_writes = true;
			break;
		case FF_OPT_TRACE:
			cfg->trace = true;
			break;
		case 'v':
			cfg->verbose = true;
			break;
		case 'd':
			rc = pt_args_add(fargs, "-d");
			break;
		case 'o':
			rc = pt_args_add(fargs, "-o");
			if (rc == 0)
				rc = pt_args_add(fargs, optarg);
			break;
		case 'f':
		case 's':
			break;
		case 'h':
			ff_usage(stdout);
			return -1;
		case ':':
			return pt_usage_error("option '%s' needs an argument", argv[optind - 1]);
		default:
			if (optopt != 0)
				return pt_usage_error("unknown option '-%c'", optopt);
			return pt_usage_error("unknown option '%s'", argv[optind - 1]);
		}
		if (rc != 0)
			return rc;
	}
	if (argc - optind != 2)
		return pt_usage_error("need exactly BACKING_DIR and MOUNTPOINT");
	cfg->backing_dir = argv[optind];
	cfg->mountpoint = argv[optind + 1];
	return ff_check_config(cfg, sync_faults, after_ops_given);
}

/* ---- main ------------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	struct fuse_args fargs = FUSE_ARGS_INIT(0, NULL);
	int rc;

	rc = pt_args_start(&fargs, argv[0], "faultfs");
	if (rc == 0)
		rc = ff_parse_args(argc, argv, &ff.cfg, &fargs);
	if (rc == 0)
		rc = pt_serve(&fargs, &ff_ops, ff.cfg.backing_dir, ff.cfg.mountpoint, NULL);
	else if (rc < 0)
		rc = PT_EXIT_OK; /* --help */
	fuse_opt_free_args(&fargs);
	return rc;
}
