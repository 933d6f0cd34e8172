/* lyingfs — a FUSE passthrough of BACKING_DIR at MOUNTPOINT with a volatile write cache, to
 * test `walbench verify` without a power switch. Every write lands in an in-memory page cache
 * (reads see it). In --mode honest, fsync/fdatasync (and O_DSYNC/O_SYNC writes) write the
 * file's cached pages to the backing file and sync it before returning, as a disk that obeys
 * flushes. In --mode lying they return success and write nothing: a cache that lies. SIGUSR1
 * is the power cut: the cache is dropped unwritten and the mount shows what reached the
 * backing directory. A clean unmount writes the cache back, as a clean shutdown would.
 * Traps:
 *  - The power cut is taken before the next request is served (a signal handler may not free
 *    memory); `stat MOUNTPOINT` after the signal forces it, and it is logged to stderr
 *    ("lyingfs: power cut: ...") so a test can wait for it.
 *  - The cache is per inode, not per open file: a close keeps the pages dirty, as the page
 *    cache would. Metadata (create, unlink, rename, truncate) is never cached.
 *  - Runs single-threaded (-s): the cache has no locks. */
#define FUSE_USE_VERSION 31
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

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
#include <unistd.h>

#include "passthrough.h"
#include "serve.h"

#define LF_PAGE 4096

/* One cached inode: its dirty pages and the size the program sees. */
struct lf_file {
	dev_t dev;
	ino_t ino;
	int fd;                  /* our own read-write descriptor of the backing file */
	unsigned char **page;    /* page[i]: the cached page i, or NULL (read the backing file) */
	size_t npage;            /* entries in page[] */
	off_t size;              /* the file's size including cached writes */
	struct lf_file *next;
};

static struct {
	bool lying;              /* --mode lying: flushes return success, write nothing */
	const char *mode;        /* as given, for the mounted line */
	bool trace;
	struct lf_file *files;
	uint64_t cuts;           /* power cuts taken */
} lf;

static volatile sig_atomic_t lf_power_cut; /* set by SIGUSR1, taken before the next request */

/* ---- the cache --------------------------------------------------------------------------- */

static struct lf_file *lf_find(dev_t dev, ino_t ino)
{
	struct lf_file *f;

	for (f = lf.files; f; f = f->next)
		if (f->dev == dev && f->ino == ino)
			return f;
	return NULL;
}

static void lf_free(struct lf_file *f)
{
	size_t i;

	for (i = 0; i < f->npage; i++)
		free(f->page[i]);
	free(f->page);
	if (f->fd >= 0)
		(void)close(f->fd);
	free(f);
}

static void lf_forget(struct lf_file *gone)
{
	struct lf_file **pp;

	for (pp = &lf.files; *pp; pp = &(*pp)->next) {
		if (*pp == gone) {
			*pp = gone->next;
			lf_free(gone);
			return;
		}
	}
}

/* The cache entry of the file open as fd, created on first use. NULL with errno. */
static struct lf_file *lf_get(int fd)
{
	char self[64];
	struct lf_file *f;
	struct stat st;

	if (fstat(fd, &st) < 0)
		return NULL;
	f = lf_find(st.st_dev, st.st_ino);
	if (f)
		return f;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	/* The program's descriptor may be read-only or closed before the flush: keep our own. */
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	f->fd = open(self, O_RDWR | O_CLOEXEC);
	if (f->fd < 0) {
		free(f);
		return NULL;
	}
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	f->size = st.st_size;
	f->next = lf.files;
	lf.files = f;
	return f;
}

static size_t lf_dirty_pages(const struct lf_file *f)
{
	size_t i, n = 0;

	for (i = 0; i < f->npage; i++)
		n += f->page[i] != NULL;
	return n;
}

/* The power cut: every cached page is gone, nothing of it written. */
static void lf_take_power_cut(void)
{
	size_t pages = 0, files = 0;
	struct lf_file *f;

	if (!lf_power_cut)
		return;
	lf_power_cut = 0;
	while ((f = lf.files)) {
		pages += lf_dirty_pages(f);
		files++;
		lf.files = f->next;
		lf_free(f);
	}
	lf.cuts++;
	fprintf(stderr, "lyingfs: power cut %llu: dropped %zu unwritten pages of %zu files\n",
		(unsigned long long)lf.cuts, pages, files);
}

/* Page i of f, made present (read from the backing file, zeros past its end). */
static unsigned char *lf_page(struct lf_file *f, size_t i)
{
	ssize_t n;

	if (i >= f->npage) {
		size_t cap = f->npage ? f->npage : 64;
		unsigned char **p;

		while (cap <= i)
			cap *= 2;
		p = realloc(f->page, cap * sizeof(*p));
		if (!p)
			return NULL;
		memset(p + f->npage, 0, (cap - f->npage) * sizeof(*p));
		f->page = p;
		f->npage = cap;
	}
	if (f->page[i])
		return f->page[i];
	f->page[i] = calloc(1, LF_PAGE);
	if (!f->page[i])
		return NULL;
	n = pread(f->fd, f->page[i], LF_PAGE, (off_t)(i * LF_PAGE));
	if (n < 0) {
		free(f->page[i]);
		f->page[i] = NULL;
		return NULL;
	}
	return f->page[i];
}

/* Writes f's cached pages to the backing file and syncs it: what an honest flush does.
 * 0 or -errno; pages stay cached (dirty) when their write fails. */
static int lf_write_back(struct lf_file *f, int datasync)
{
	size_t i, len;
	off_t at;

	for (i = 0; i < f->npage; i++) {
		if (!f->page[i])
			continue;
		at = (off_t)(i * LF_PAGE);
		if (at >= f->size) {
			free(f->page[i]);
			f->page[i] = NULL;
			continue;
		}
		len = f->size - at < LF_PAGE ? (size_t)(f->size - at) : LF_PAGE;
		if (pwrite(f->fd, f->page[i], len, at) != (ssize_t)len)
			return errno ? -errno : -EIO;
		free(f->page[i]);
		f->page[i] = NULL;
	}
	if ((datasync ? fdatasync(f->fd) : fsync(f->fd)) < 0)
		return -errno;
	return 0;
}

/* ---- file operations --------------------------------------------------------------------- */

static int lf_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct lf_file *f;
	int rc;

	lf_take_power_cut();
	rc = pt_getattr(path, st, fi);
	if (rc == 0 && (f = lf_find(st->st_dev, st->st_ino)) && f->size > st->st_size)
		st->st_size = f->size;
	return rc;
}

static int lf_open_backing(const char *path, int flags, mode_t mode, struct fuse_file_info *fi)
{
	int fd;

	lf_take_power_cut();
	/* O_DIRECT cannot take libfuse's unaligned buffers; O_*SYNC is our job, per write. */
	fd = openat(pt_root_fd, pt_rel(path), flags & ~(O_DIRECT | O_SYNC | O_DSYNC), mode);
	if (fd < 0)
		return -errno;
	fi->fh = (uint64_t)fd;
	fi->direct_io = 1; /* no kernel page cache: our cache is the only one */
	fi->keep_cache = 0;
	return 0;
}

static int lf_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	return lf_open_backing(path, fi->flags | O_CREAT, mode, fi);
}

static int lf_open(const char *path, struct fuse_file_info *fi)
{
	return lf_open_backing(path, fi->flags, 0, fi);
}

static int lf_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	struct lf_file *f;
	struct stat st;
	size_t done, n, i, in;
	ssize_t got;

	(void)path;
	lf_take_power_cut();
	if (fstat((int)fi->fh, &st) < 0)
		return -errno;
	f = lf_find(st.st_dev, st.st_ino);
	if (!f) {
		got = pread((int)fi->fh, buf, size, off);
		return got < 0 ? -errno : (int)got;
	}
	if (off >= f->size)
		return 0;
	n = (size_t)(f->size - off) < size ? (size_t)(f->size - off) : size;
	memset(buf, 0, n);
	got = pread((int)fi->fh, buf, n, off);
	if (got < 0)
		return -errno;
	for (done = 0; done < n; done += in) {
		i = (size_t)(off + (off_t)done) / LF_PAGE;
		in = LF_PAGE - (size_t)(off + (off_t)done) % LF_PAGE;
		if (in > n - done)
			in = n - done;
		if (i < f->npage && f->page[i])
			memcpy(buf + done, f->page[i] + (off + (off_t)done) % LF_PAGE, in);
	}
	return (int)n;
}

static int lf_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	bool sync_write = (fi->flags & O_DSYNC) != 0; /* O_SYNC includes the O_DSYNC bit */
	struct lf_file *f;
	unsigned char *p;
	size_t done, in, i;

	(void)path;
	lf_take_power_cut();
	f = lf_get((int)fi->fh);
	if (!f)
		return errno ? -errno : -ENOMEM;
	for (done = 0; done < size; done += in) {
		i = (size_t)(off + (off_t)done) / LF_PAGE;
		in = LF_PAGE - (size_t)(off + (off_t)done) % LF_PAGE;
		if (in > size - done)
			in = size - done;
		p = lf_page(f, i);
		if (!p)
			return errno ? -errno : -ENOMEM;
		memcpy(p + (off + (off_t)done) % LF_PAGE, buf + done, in);
	}
	if (off + (off_t)size > f->size)
		f->size = off + (off_t)size;
	if (lf.trace)
		fprintf(stderr, "lyingfs: trace write off=%lld size=%zu%s\n", (long long)off, size,
			sync_write ? " sync" : "");
	/* A synchronous write is a write and a flush in one: honest writes through. */
	if (sync_write && !lf.lying) {
		int rc = lf_write_back(f, (fi->flags & O_SYNC) != O_SYNC);

		if (rc)
			return rc;
	}
	return (int)size;
}

static int lf_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	struct lf_file *f;
	struct stat st;

	(void)path;
	lf_take_power_cut();
	if (lf.trace)
		fprintf(stderr, "lyingfs: trace fsync datasync=%d%s\n", datasync,
			lf.lying ? " (ignored: lying)" : "");
	if (lf.lying)
		return 0; /* the lie: "durable", and nothing was written */
	if (fstat((int)fi->fh, &st) < 0)
		return -errno;
	f = lf_find(st.st_dev, st.st_ino);
	if (!f)
		return (datasync ? fdatasync((int)fi->fh) : fsync((int)fi->fh)) < 0 ? -errno : 0;
	return lf_write_back(f, datasync);
}

/* Metadata is honest: the size changes on the backing file now, and cached pages past it go. */
static int lf_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	int fd = fi ? (int)fi->fh : openat(pt_root_fd, pt_rel(path), O_WRONLY | O_NOFOLLOW);
	struct lf_file *f;
	struct stat st;
	size_t i;
	int rc;

	lf_take_power_cut();
	if (fd < 0)
		return -errno;
	rc = ftruncate(fd, size) < 0 ? -errno : 0;
	if (rc == 0 && fstat(fd, &st) == 0 && (f = lf_find(st.st_dev, st.st_ino))) {
		for (i = 0; i < f->npage; i++) {
			if (f->page[i] && (off_t)(i * LF_PAGE) >= size) {
				free(f->page[i]);
				f->page[i] = NULL;
			} else if (f->page[i] && (off_t)((i + 1) * LF_PAGE) > size) {
				memset(f->page[i] + size % LF_PAGE, 0, LF_PAGE - size % LF_PAGE);
			}
		}
		f->size = size;
	}
	if (!fi && close(fd) < 0 && rc == 0)
		rc = -errno;
	return rc;
}

static int lf_unlink(const char *path)
{
	struct lf_file *f;
	struct stat st;

	lf_take_power_cut();
	if (fstatat(pt_root_fd, pt_rel(path), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    (f = lf_find(st.st_dev, st.st_ino)) && st.st_nlink <= 1)
		lf_forget(f);
	return pt_unlink(path);
}

static int lf_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi)
{
	lf_take_power_cut();
	return pt_fsyncdir(path, datasync, fi);
}

/* A clean unmount is a clean shutdown: the cache is written back, whatever the mode. */
static void lf_destroy(void *data)
{
	struct lf_file *f;

	(void)data;
	lf_take_power_cut();
	while ((f = lf.files)) {
		if (lf_write_back(f, 0))
			fprintf(stderr, "lyingfs: write-back at unmount failed: %s\n",
				strerror(errno));
		lf.files = f->next;
		lf_free(f);
	}
}

static const struct fuse_operations lf_ops = {
	PT_OPS_PASSTHROUGH,
	.destroy = lf_destroy,
	.getattr = lf_getattr,
	.create = lf_create,
	.open = lf_open,
	.read = lf_read,
	.write = lf_write,
	.fsync = lf_fsync, /* must exist: a missing fsync op reads as success to the kernel */
	.truncate = lf_truncate,
	.unlink = lf_unlink,
	.fsyncdir = lf_fsyncdir,
};

/* ---- command line and serving ------------------------------------------------------------ */

static void lf_on_usr1(int sig)
{
	(void)sig;
	lf_power_cut = 1;
}

static void lf_usage(FILE *out)
{
	fprintf(out,
		"Usage: %s --mode lying|honest [--trace] [-o OPTS] BACKING_DIR MOUNTPOINT\n"
		"Mount MOUNTPOINT as a passthrough of BACKING_DIR behind a volatile write cache.\n"
		"  --mode honest   fsync/fdatasync and O_DSYNC/O_SYNC writes write the cache through\n"
		"                  and sync the backing file before returning\n"
		"  --mode lying    they return success and write nothing\n"
		"  --trace         log every write and fsync to stderr\n"
		"SIGUSR1 cuts the power: the cache is dropped unwritten (logged, before the next\n"
		"request). A clean unmount writes the cache back. Stops on unmount or SIGTERM/SIGINT.\n"
		"Exit status: 0 unmounted or stopped, 1 FUSE loop error, 2 usage, 3 setup.\n",
		pt_prog);
}

static void lf_mounted(const char *backing_dir, const char *mountpoint)
{
	fprintf(stderr, "lyingfs: mounted %s on %s, mode %s\n", backing_dir, mountpoint, lf.mode);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "mode", required_argument, NULL, 'm' }, { "trace", no_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	static const struct pt_hooks hooks = { .mounted = lf_mounted };
	struct fuse_args fargs = FUSE_ARGS_INIT(0, NULL);
	struct sigaction sa = { .sa_handler = lf_on_usr1 };
	int opt, rc;

	rc = pt_args_start(&fargs, argv[0], "lyingfs");
	if (rc)
		goto out_free;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1) {
		switch (opt) {
		case 'm':
			lf.mode = optarg;
			break;
		case 't':
			lf.trace = true;
			break;
		case 'o':
			if ((rc = pt_args_add(&fargs, "-o")) || (rc = pt_args_add(&fargs, optarg)))
				goto out_free;
			break;
		case 'h':
			lf_usage(stdout);
			goto out_free;
		default:
			rc = pt_usage_error("bad option %s", argv[optind - 1]);
			goto out_free;
		}
	}
	if (!lf.mode || (strcmp(lf.mode, "lying") && strcmp(lf.mode, "honest"))) {
		rc = pt_usage_error("--mode must be lying or honest");
		goto out_free;
	}
	if (argc - optind != 2) {
		rc = pt_usage_error("need exactly BACKING_DIR and MOUNTPOINT");
		goto out_free;
	}
	lf.lying = strcmp(lf.mode, "lying") == 0;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) < 0) {
		fprintf(stderr, "%s: sigaction: %s\n", pt_prog, strerror(errno));
		rc = PT_EXIT_SETUP;
		goto out_free;
	}
	rc = pt_serve(&fargs, &lf_ops, argv[optind], argv[optind + 1], &hooks);
out_free:
	fuse_opt_free_args(&fargs);
	return rc;
}
