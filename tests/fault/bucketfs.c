/* bucketfs — a FUSE passthrough of BACKING_DIR at MOUNTPOINT that grants its writes and
 * fsyncs from a token bucket, as a burst-credit cloud volume does (AWS gp2: a bucket of I/O
 * credits that starts full, spent one an I/O at up to the burst rate, refilled at the
 * baseline rate; when it is empty the volume runs at the baseline). Each write request and
 * each fsync/fdatasync takes one credit and one place in the current slice's allowance
 * (--burst-rate x --slice, as blk-throttle grants a slice's I/Os at once); an I/O that finds
 * either spent waits for the next slice boundary. The credits gain --refill x --slice each
 * slice, up to --burst, so once they are spent the pace is --refill a second.
 * With --pace smooth there are no slices: the credits refill continuously and each I/O waits
 * its turn, 1/--burst-rate after the last one (or until a credit has refilled), as a volume
 * that paces each operation does; no grid of grants shows, so walbench cannot see a throttle.
 * Traps:
 *  - Every file is opened with direct_io, so each write(2) reaches us (no page cache); the
 *    kernel cuts a big write into requests of at most max_write, each one credit.
 *  - Runs single-threaded: a waiting I/O holds up every other, as a volume's queue would.
 *  - Logs "bucketfs: empty after N credits, T s after mount" to stderr once, when the credits
 *    first run out: the truth a test compares walbench's estimate with.
 * With --close-latency MS each close(2) (FUSE's flush) takes MS milliseconds and no credit, as
 * a network file system's close does (NFS flushes and checks attributes on close; EFS, a
 * burst-credit file system, is NFS): the bucket refills meanwhile, between a test's last I/O
 * and the next one's first. */
#define FUSE_USE_VERSION 31
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "passthrough.h"
#include "serve.h"

struct bf_config {
	double burst;        /* --burst: credits the bucket holds, full at mount */
	double burst_rate;   /* --burst-rate: I/Os a second while credits last */
	double refill;       /* --refill: credits a second (the baseline) */
	double slice_s;      /* --slice: the grant period */
	double close_s;      /* --close-latency: each close's wait */
	bool smooth;         /* --pace smooth: per-operation pacing, no slices */
	const char *backing_dir, *mountpoint;
};

struct bf_state {
	struct bf_config cfg;
	double credits;      /* left in the bucket */
	double allowance;    /* I/Os the current slice still grants */
	int64_t slice;       /* index of the current slice since mount */
	struct timespec t0;  /* the mount */
	uint64_t taken;      /* credits spent */
	double refilled_s;   /* smooth: when the credits were last topped up, since mount */
	double next_s;       /* smooth: the earliest the next I/O may go, since mount */
	bool told_empty;     /* the empty line was logged */
};

/* One mount per process, single-threaded: one file-static state. */
static struct bf_state bf;

static double bf_since_mount(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - bf.t0.tv_sec) + (double)(now.tv_nsec - bf.t0.tv_nsec) / 1e9;
}

/* Moves the bucket on to the slice holding now: each slice passed adds its refill. */
static void bf_advance(double now_s)
{
	int64_t s = (int64_t)floor(now_s / bf.cfg.slice_s);

	if (s == bf.slice)
		return;
	bf.credits += bf.cfg.refill * bf.cfg.slice_s * (double)(s - bf.slice);
	if (bf.credits > bf.cfg.burst)
		bf.credits = bf.cfg.burst;
	bf.allowance = bf.cfg.burst_rate * bf.cfg.slice_s;
	bf.slice = s;
}

static void bf_sleep(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9) + 1000;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	nanosleep(&ts, NULL);
}

/* --pace smooth: tops the credits up for the time passed, then waits for a credit and for
 * this I/O's turn (1/burst-rate after the last). */
static void bf_take_smooth(void)
{
	for (;;) {
		double now = bf_since_mount();

		bf.credits += bf.cfg.refill * (now - bf.refilled_s);
		if (bf.credits > bf.cfg.burst)
			bf.credits = bf.cfg.burst;
		bf.refilled_s = now;
		if (bf.credits < 1.0) {
			if (!bf.told_empty) {
				bf.told_empty = true;
				fprintf(stderr, "bucketfs: empty after %llu credits, %.2f s after mount\n",
					(unsigned long long)bf.taken, now);
			}
			bf_sleep((1.0 - bf.credits) / bf.cfg.refill);
			continue;
		}
		if (now < bf.next_s) {
			bf_sleep(bf.next_s - now);
			continue;
		}
		bf.credits -= 1.0;
		bf.taken++;
		bf.next_s = (bf.next_s > now - 1.0 / bf.cfg.burst_rate ? bf.next_s : now) +
			    1.0 / bf.cfg.burst_rate;
		return;
	}
}

/* Takes one credit, sleeping to the next slice boundary while there is none. */
static void bf_take(void)
{
	if (bf.cfg.smooth) {
		bf_take_smooth();
		return;
	}
	for (;;) {
		double now = bf_since_mount();

		bf_advance(now);
		if (bf.credits >= 1.0 && bf.allowance >= 1.0) {
			bf.credits -= 1.0;
			bf.allowance -= 1.0;
			bf.taken++;
			return;
		}
		if (bf.credits < 1.0 && !bf.told_empty) {
			bf.told_empty = true;
			fprintf(stderr, "bucketfs: empty after %llu credits, %.2f s after mount\n",
				(unsigned long long)bf.taken, now);
		}
		bf_sleep((double)(bf.slice + 1) * bf.cfg.slice_s - now);
	}
}

static int bf_open_backing(const char *path, int flags, mode_t mode, struct fuse_file_info *fi)
{
	int fd = openat(pt_root_fd, pt_rel(path), flags & ~O_DIRECT, mode);

	if (fd < 0)
		return -errno;
	fi->fh = (uint64_t)fd;
	fi->direct_io = 1; /* every write comes to us: no page cache in between */
	return 0;
}

static int bf_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	return bf_open_backing(path, fi->flags | O_CREAT, mode, fi);
}

static int bf_open(const char *path, struct fuse_file_info *fi)
{
	return bf_open_backing(path, fi->flags, 0, fi);
}

/* An O_DSYNC/O_SYNC write arrives marked in fi->flags and with no FUSE_FSYNC after it: the
 * backing write keeps that promise (see faultfs.c). */
static int bf_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = size };
	int rwf = (fi->flags & O_SYNC) == O_SYNC ? RWF_SYNC : (fi->flags & O_DSYNC) ? RWF_DSYNC : 0;
	ssize_t n;

	(void)path;
	bf_take();
	n = pwritev2((int)fi->fh, &iov, 1, off, rwf);
	return n < 0 ? -errno : (int)n;
}

static int bf_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	(void)path;
	bf_take();
	return (datasync ? fdatasync((int)fi->fh) : fsync((int)fi->fh)) < 0 ? -errno : 0;
}

/* --close-latency: the close's round trip, then the passthrough's flush. */
static int bf_flush(const char *path, struct fuse_file_info *fi)
{
	bf_sleep(bf.cfg.close_s);
	return pt_flush(path, fi);
}

static const struct fuse_operations bf_ops = {
	PT_OPS_PASSTHROUGH,
	.getattr = pt_getattr,   .create = bf_create,     .open = bf_open,
	.read = pt_read,         .write = bf_write,       .fsync = bf_fsync,
	.truncate = pt_truncate, .fallocate = pt_fallocate, .unlink = pt_unlink,
	.fsyncdir = pt_fsyncdir,
};

static void bf_usage(FILE *out)
{
	fprintf(out,
		"Usage: %s --burst N --burst-rate B --refill R [--slice MS] [--pace MODE] BACKING_DIR\n"
		"       MOUNTPOINT\n"
		"Mount MOUNTPOINT as a passthrough of BACKING_DIR whose writes and fsyncs each take\n"
		"one credit from a token bucket: N credits, full at mount, spent at up to B a second,\n"
		"refilled at R a second (gp2: N 5.4 million, B 3000, R 3 per GiB). Runs in the\n"
		"foreground, single-threaded; stops on unmount or SIGTERM/SIGINT.\n"
		"  --slice MS   grants come at slice boundaries, MS milliseconds apart (default 20,\n"
		"               blk-throttle's for a non-rotational queue)\n"
		"  --pace MODE  slices (the default: as above) or smooth (no slices: each I/O\n"
		"               1/B after the last, credits refilled continuously)\n"
		"  --close-latency MS  each close(2) waits MS milliseconds, taking no credit, as a\n"
		"               network file system's close does (default 0)\n"
		"  -o OPTS      FUSE options, passed on\n"
		"  -h, --help   show this help\n"
		"Exit status: 0 unmounted or stopped by a signal, 1 FUSE loop error, 2 usage error,\n"
		"3 setup error (backing dir, mount).\n", pt_prog);
}

/* "PROG: what 'arg'" and the --help hint; returns the usage exit code. */
static int bf_usage_error(const char *what, const char *arg)
{
	return pt_usage_error("%s '%s'", what, arg);
}

/* A positive number, whole text. */
static int bf_parse_pos(const char *arg, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(arg, &end);
	return errno || end == arg || *end || !(*out > 0) || !isfinite(*out) ? -EINVAL : 0;
}

static int bf_parse_args(int argc, char **argv, struct bf_config *cfg, struct fuse_args *fargs)
{
	static const struct option opts[] = {
		{ "burst", required_argument, NULL, 'n' }, { "burst-rate", required_argument, NULL, 'b' },
		{ "refill", required_argument, NULL, 'r' }, { "slice", required_argument, NULL, 'S' },
		{ "pace", required_argument, NULL, 'p' }, { "close-latency", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },         { NULL, 0, NULL, 0 },
	};
	double *dst, ms = 20, close_ms = 0;
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":ho:fs", opts, NULL)) != -1) {
		switch (opt) {
		case 'n': dst = &cfg->burst; break;
		case 'b': dst = &cfg->burst_rate; break;
		case 'r': dst = &cfg->refill; break;
		case 'S': dst = &ms; break;
		case 'c': dst = &close_ms; break;
		case 'p':
			if (strcmp(optarg, "smooth") != 0 && strcmp(optarg, "slices") != 0)
				return bf_usage_error("--pace is smooth or slices, not", optarg);
			cfg->smooth = strcmp(optarg, "smooth") == 0;
			continue;
		case 'o':
			if (pt_args_add(fargs, "-o") || pt_args_add(fargs, optarg))
				return PT_EXIT_SETUP;
			continue;
		case 'f': case 's': continue;
		case 'h': bf_usage(stdout); return -1;
		case ':': return bf_usage_error("option needs an argument:", argv[optind - 1]);
		default: return bf_usage_error("unknown option", argv[optind - 1]);
		}
		if (bf_parse_pos(optarg, dst))
			return bf_usage_error("not a positive number:", optarg);
	}
	if (!(cfg->burst > 0) || !(cfg->burst_rate > 0) || !(cfg->refill > 0))
		return bf_usage_error("need --burst, --burst-rate and --refill, got", "");
	if (argc - optind != 2)
		return bf_usage_error("need exactly BACKING_DIR and MOUNTPOINT, got", "");
	cfg->slice_s = ms / 1e3;
	cfg->close_s = close_ms / 1e3;
	cfg->backing_dir = argv[optind];
	cfg->mountpoint = argv[optind + 1];
	return 0;
}

/* The bucket starts full when the mount shows. */
static void bf_mounted(const char *backing_dir, const char *mountpoint)
{
	(void)backing_dir;
	(void)mountpoint;
	clock_gettime(CLOCK_MONOTONIC, &bf.t0);
	bf.credits = bf.cfg.burst;
	bf.allowance = bf.cfg.burst_rate * bf.cfg.slice_s;
}

static void bf_stopped(void)
{
	fprintf(stderr, "%s: %llu credits taken, %.0f left, %.2f s after mount\n", pt_prog,
		(unsigned long long)bf.taken, bf.credits, bf_since_mount());
}

int main(int argc, char **argv)
{
	static const struct pt_hooks hooks = { .mounted = bf_mounted, .stopped = bf_stopped };
	struct fuse_args fargs = FUSE_ARGS_INIT(0, NULL);
	struct fuse_operations ops = bf_ops;
	int rc;

	rc = pt_args_start(&fargs, argv[0], "bucketfs");
	if (rc == 0)
		rc = bf_parse_args(argc, argv, &bf.cfg, &fargs);
	if (rc == 0 && bf.cfg.close_s > 0)
		ops.flush = bf_flush;
	if (rc == 0)
		rc = pt_serve(&fargs, &ops, bf.cfg.backing_dir, bf.cfg.mountpoint, &hooks);
	else if (rc < 0)
		rc = PT_EXIT_OK; /* --help */
	fuse_opt_free_args(&fargs);
	return rc;
}
