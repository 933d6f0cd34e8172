/* tmpfile-ab.c — does a flush cost the same on an O_TMPFILE inode (nlink 0, on the
 * file system's orphan list) as on a named, linked file? PostgreSQL's WAL segments
 * are named files, so walbench may only measure on O_TMPFILE where it is proven equal.
 * Runs each test on both kinds of file, interleaved (the order alternates each round),
 * and prints each round's rates and the ratio tmpfile / named per test. With DEV
 * (the block device under DIR, used by nothing else: a loop device), it also counts
 * what each flush sent to the device (writes, KiB, cache flushes, from
 * /sys/block/DEV/stat): counts do not drown in a shared machine's noise as rates do.
 * Usage: tmpfile-ab DIR SECS ROUNDS [DEV]. Built and run by tmpfile-vs-named.sh. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FILE_SIZE (16u << 20) /* a WAL segment */
#define BLOCK 8192u           /* one WAL page */

enum test { T_FDATASYNC, T_FSYNC, T_ODSYNC, T_APPEND, T_COUNT };
static const char *const test_name[T_COUNT] = { "fdatasync", "fsync", "open_datasync",
						"append+fdatasync" };
enum kind { K_NAMED, K_TMPFILE, K_COUNT };

static char block[BLOCK] __attribute__((aligned(4096)));
static const char *dev; /* NULL: no device counts */

static void die(const char *what)
{
	fprintf(stderr, "tmpfile-ab: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* What the device has done so far: write requests, sectors written, flushes. */
struct dev_stat {
	unsigned long long writes, sectors, flushes;
};

static void dev_read(struct dev_stat *st)
{
	unsigned long long f[17] = { 0 };
	char path[256];
	FILE *fp;
	int i;

	memset(st, 0, sizeof(*st));
	if (!dev)
		return;
	snprintf(path, sizeof(path), "/sys/block/%s/stat", dev);
	if (!(fp = fopen(path, "r")))
		die(path);
	for (i = 0; i < 17 && fscanf(fp, "%llu", &f[i]) == 1; i++)
		;
	fclose(fp);
	st->writes = f[4];
	st->sectors = f[6];
	st->flushes = f[15]; /* absent before Linux 5.5: reads as 0 */
}

/* Per flush of the last measure: writes, KiB, flushes sent to the device. */
static double per_op[3];

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A new 16 MiB file, written (zeros for the append test, as wal_init_zero does; else
 * random, as pg_test_fsync's) and fsynced, so no test allocates blocks. path gets its
 * name (named) or its /proc/self/fd link (tmpfile), for a second descriptor. */
static int make_file(const char *dir, enum kind k, int zeros, char *path, size_t len)
{
	static char chunk[1 << 20];
	unsigned i;
	int fd;

	if (k == K_NAMED) {
		snprintf(path, len, "%s/tmpfile-ab.%ld.named", dir, (long)getpid());
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	} else {
		fd = open(dir, O_RDWR | O_TMPFILE | O_CLOEXEC, 0600);
		snprintf(path, len, "/proc/self/fd/%d", fd);
	}
	if (fd < 0)
		die(k == K_NAMED ? "open" : "open O_TMPFILE");
	for (i = 0; i < sizeof(chunk); i++)
		chunk[i] = zeros ? 0 : (char)rand();
	for (i = 0; i < FILE_SIZE / sizeof(chunk); i++)
		if (write(fd, chunk, sizeof(chunk)) != (ssize_t)sizeof(chunk))
			die("write");
	if (fsync(fd))
		die("fsync");
	if (k == K_NAMED) { /* the name durable too, as PostgreSQL's segment is */
		int dfd = open(dir, O_RDONLY | O_DIRECTORY);

		if (dfd < 0 || fsync(dfd) || close(dfd))
			die("fsync dir");
	}
	return fd;
}

/* Flushes per second of test t for secs on a fresh file of kind k. */
static double measure(const char *dir, enum test t, enum kind k, double secs)
{
	char path[4096];
	int fd = make_file(dir, k, t == T_APPEND, path, sizeof(path)), wfd = fd;
	double start, end;
	unsigned long ops = 0;
	struct dev_stat before, after;
	off_t off = 0;

	if (t == T_ODSYNC && (wfd = open(path, O_WRONLY | O_DSYNC | O_CLOEXEC)) < 0)
		die("reopen O_DSYNC");
	dev_read(&before);
	start = now_s();
	do {
		if (pwrite(wfd, block, BLOCK, off) != (ssize_t)BLOCK)
			die("pwrite");
		if ((t == T_FDATASYNC || t == T_APPEND) && fdatasync(wfd))
			die("fdatasync");
		if (t == T_FSYNC && fsync(wfd))
			die("fsync");
		if (t == T_APPEND && (off += BLOCK) >= FILE_SIZE)
			off = 0;
		ops++;
	} while ((ops & 15) || (end = now_s()) - start < secs);
	dev_read(&after);
	per_op[0] = (double)(after.writes - before.writes) / (double)ops;
	per_op[1] = (double)(after.sectors - before.sectors) / 2.0 / (double)ops;
	per_op[2] = (double)(after.flushes - before.flushes) / (double)ops;
	if (wfd != fd)
		close(wfd);
	if (close(fd))
		die("close");
	if (k == K_NAMED && unlink(path))
		die("unlink");
	return (double)ops / (end - start);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	double secs, rate[T_COUNT][K_COUNT][64], ratio[64], io[T_COUNT][K_COUNT][3] = { { { 0 } } };
	unsigned rounds, r, t, i;
	int first;

	if (argc < 4 || argc > 5 || (secs = atof(argv[2])) <= 0 ||
	    (rounds = (unsigned)atoi(argv[3])) < 1 || rounds > 64) {
		fprintf(stderr, "usage: tmpfile-ab DIR SECS ROUNDS (1..64) [DEV]\n");
		return 2;
	}
	dev = argc == 5 && argv[4][0] ? argv[4] : NULL;
	srand(1);
	for (i = 0; i < BLOCK; i++)
		block[i] = (char)rand();
	for (r = 0; r < rounds; r++) {
		for (t = 0; t < T_COUNT; t++) {
			first = (int)((r + t) & 1); /* alternate who goes first */
			for (i = 0; i < 2; i++) {
				enum kind k = (enum kind)(i ? !first : first);
				unsigned j;

				rate[t][k][r] = measure(argv[1], t, k, secs);
				for (j = 0; j < 3; j++) /* the mean over rounds */
					io[t][k][j] += per_op[j] / rounds;
			}
			printf("round %u %-17s named %10.0f/s  tmpfile %10.0f/s  ratio %.3f\n", r + 1,
			       test_name[t], rate[t][K_NAMED][r], rate[t][K_TMPFILE][r],
			       rate[t][K_TMPFILE][r] / rate[t][K_NAMED][r]);
			fflush(stdout);
		}
	}
	printf("summary %s (%u rounds of %.1f s): tmpfile/named ratio median [min, max]\n", argv[1],
	       rounds, secs);
	for (t = 0; t < T_COUNT; t++) {
		double nm[64], tm[64];

		for (r = 0; r < rounds; r++) {
			ratio[r] = rate[t][K_TMPFILE][r] / rate[t][K_NAMED][r];
			nm[r] = rate[t][K_NAMED][r];
			tm[r] = rate[t][K_TMPFILE][r];
		}
		qsort(ratio, rounds, sizeof(double), cmp_double);
		qsort(nm, rounds, sizeof(double), cmp_double);
		qsort(tm, rounds, sizeof(double), cmp_double);
		printf("  %-17s named %10.0f/s  tmpfile %10.0f/s  ratio %.3f [%.3f, %.3f]\n",
		       test_name[t], nm[rounds / 2], tm[rounds / 2], ratio[rounds / 2], ratio[0],
		       ratio[rounds - 1]);
	}
	if (!dev)
		return 0;
	printf("per flush on %s (mean of the rounds): writes, KiB written, cache flushes\n", dev);
	for (t = 0; t < T_COUNT; t++)
		printf("  %-17s named %5.2f %7.1f %5.2f   tmpfile %5.2f %7.1f %5.2f\n", test_name[t],
		       io[t][K_NAMED][0], io[t][K_NAMED][1], io[t][K_NAMED][2], io[t][K_TMPFILE][0],
		       io[t][K_TMPFILE][1], io[t][K_TMPFILE][2]);
	return 0;
}
