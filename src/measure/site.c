/* site.c — see site.h. The device is probed on a file itself, not its
 * directory: ext4 reports O_DIRECT alignment for files only. */
#include "measure/site.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "measure/fill.h"
#include "measure/testfile.h"

uint64_t wb_site_file_size(const struct wb_test *tests, size_t n)
{
	uint64_t size = WB_DEFAULT_FILE_SIZE, need;
	size_t i;

	for (i = 0; i < n; i++) {
		need = (uint64_t)tests[i].size * tests[i].writes_per_op *
		       (tests[i].queue_depth ? tests[i].queue_depth : 1);
		/* A preallocated segment is a file of its own, made by the runner. */
		if (tests[i].pattern == WB_PATTERN_APPEND && tests[i].segment_size > need &&
		    tests[i].segment_mode != WB_SEGMENT_PREALLOCATE)
			need = tests[i].segment_size;
		if (need > size)
			size = need;
	}
	return size;
}

/* A WAL segment is zero-filled (wal_init_zero); pg_test_fsync's file is random. */
static bool zero_filled(const struct wb_test *tests, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].pattern == WB_PATTERN_APPEND)
			return true;
	return false;
}

unsigned wb_site_file_count(const struct wb_test *tests, size_t n)
{
	unsigned files = 1;
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].jobs > files)
			files = tests[i].jobs;
	return files;
}

/* The facts a result set carries: when, where, on what machine and storage. */
static void describe(struct wb_results *rs, const char *path)
{
	snprintf(rs->target, sizeof(rs->target), "%s", path);
	rs->started_unix = (int64_t)time(NULL);
	wb_host_probe(&rs->host);
	wb_os_probe(&rs->os, "/proc", "/sys");
	wb_device_probe(path, &rs->device, "/sys", "/proc");
}

/* Creates and fills files [0, count); on failure removes what it made and says
 * why in *pf. With rs, the first file describes the run's host and storage. */
static enum wb_session_status create_files(const char *target, char (*paths)[PATH_MAX],
					   unsigned count, uint64_t size, bool zeros,
					   struct wb_results *rs, struct wb_prep_failure *pf)
{
	enum wb_session_status status;
	const char *why, *call;
	uint64_t at;
	unsigned i;
	int fd, ret;

	for (i = 0; i < count; i++) {
		fd = wb_testfile_create(target, paths[i], PATH_MAX, &why);
		if (fd < 0) {
			fprintf(stderr, "walbench: %s: %s (%s)\n", target ? target : ".", why,
				strerror(-fd));
			*pf = (struct wb_prep_failure){ .call = "create", .err = -fd, .offset = -1 };
			snprintf(pf->path, sizeof(pf->path), "%s", target ? target : ".");
			snprintf(pf->why, sizeof(pf->why), "%s", why);
			status = WB_SESSION_SETUP_FAILED;
			goto out_remove;
		}
		if (i == 0 && rs)
			describe(rs, paths[0]);
		at = UINT64_MAX;
		ret = wb_testfile_fill(fd, size, zeros, &call, &at);
		if (close(fd) && !ret) {
			ret = -errno;
			call = "close";
		}
		if (ret) {
			fprintf(stderr, "walbench: preparing %s failed: %s: %s\n", paths[i], call,
				strerror(-ret));
			*pf = (struct wb_prep_failure){ .call = call, .err = -ret,
						     .offset = at == UINT64_MAX ? -1 : (int64_t)at };
			snprintf(pf->path, sizeof(pf->path), "%s", paths[i]);
			status = ret == -ENOMEM ? WB_SESSION_SETUP_FAILED : WB_SESSION_IO_FAILED;
			i++;
			goto out_remove;
		}
	}
	return WB_SESSION_OK;
out_remove:
	while (i--)
		(void)wb_testfile_remove(paths[i]);
	return status;
}

/* A raw device as the site's one file: claimed with O_EXCL (which fails while
 * anything mounts or holds it, and keeps it so for the run), then the region
 * the tests use written from offset 0 and synced, as a file's would be. */
static enum wb_session_status claim_device(struct wb_site_files *sf, const char *dev,
					   uint64_t size, bool zeros, struct wb_results *rs,
					   struct wb_prep_failure *pf)
{
	const char *call = "open (O_EXCL)";
	uint64_t at = UINT64_MAX;
	int fd, ret = 0;

	sf->claim_fd = open(dev, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (sf->claim_fd < 0) {
		ret = -errno;
		goto fail;
	}
	snprintf(sf->paths[0], PATH_MAX, "%s", dev);
	sf->list[0] = sf->paths[0];
	sf->made = 1;
	describe(rs, dev);
	call = "open";
	fd = open(dev, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto fail;
	}
	ret = wb_testfile_fill(fd, size, zeros, &call, &at);
	if (close(fd) && !ret) {
		ret = -errno;
		call = "close";
	}
	if (!ret)
		return WB_SESSION_OK;
fail:
	fprintf(stderr, "walbench: %s: %s: %s\n", dev, call, strerror(-ret));
	*pf = (struct wb_prep_failure){ .call = call, .err = -ret,
				     .offset = at == UINT64_MAX ? -1 : (int64_t)at };
	snprintf(pf->path, sizeof(pf->path), "%s", dev);
	return ret == -EBUSY || ret == -ENOMEM ? WB_SESSION_SETUP_FAILED : WB_SESSION_IO_FAILED;
}

enum wb_session_status wb_site_create(struct wb_site_files *sf, const char *dir, unsigned k,
				      bool raw, unsigned nfiles, const struct wb_test *tests,
				      size_t n, struct wb_results *rs,
				      struct wb_prep_failure *pf)
{
	enum wb_session_status status;
	unsigned f;

	sf->paths = calloc(nfiles, PATH_MAX);
	sf->list = calloc(nfiles, sizeof(*sf->list));
	if (!sf->paths || !sf->list) {
		fprintf(stderr, "walbench: out of memory\n");
		*pf = (struct wb_prep_failure){ .call = "malloc", .err = ENOMEM, .offset = -1 };
		return WB_SESSION_SETUP_FAILED;
	}
	if (raw)
		return claim_device(sf, dir, wb_site_file_size(tests, n), zero_filled(tests, n), rs, pf);
	status = create_files(dir, sf->paths, nfiles, wb_site_file_size(tests, n),
			      zero_filled(tests, n), k == 0 ? rs : NULL, pf);
	if (status != WB_SESSION_OK)
		return status;
	sf->made = nfiles;
	for (f = 0; f < nfiles; f++)
		sf->list[f] = sf->paths[f];
	if (rs->sites) {
		snprintf(rs->sites[k].path, sizeof(rs->sites[k].path), "%s", dir);
		if (k == 0)
			rs->sites[0].device = rs->device;
		else
			wb_device_probe(sf->paths[0], &rs->sites[k].device, "/sys", "/proc");
	}
	return WB_SESSION_OK;
}

enum wb_session_status wb_site_remove(struct wb_site_files *sf, enum wb_session_status status)
{
	unsigned f;
	int ret;

	if (sf->claim_fd >= 0) { /* a device is never unlinked: only its claim ends */
		(void)close(sf->claim_fd);
		sf->claim_fd = -1;
		sf->made = 0;
		return status;
	}
	for (f = 0; f < sf->made; f++) {
		ret = wb_testfile_remove(sf->paths[f]);
		if (ret && status == WB_SESSION_OK)
			status = WB_SESSION_IO_FAILED;
	}
	sf->made = 0;
	return status;
}

void wb_site_free(struct wb_site_files *sf)
{
	free(sf->paths);
	free(sf->list);
	sf->paths = NULL;
	sf->list = NULL;
}
