/* session.c — file lifecycle and loud failure reporting around the runner. */
#include "session.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exit_codes.h"
#include "parse.h"
#include "runner.h"
#include "testfile.h"

static void report_failure(const struct wb_result *r, const char *path)
{
	const struct wb_test *t = &r->test;
	char size[32];

	wb_format_size(t->size, size, sizeof(size));
	fprintf(stderr, "walbench: %s/%s %s x%u failed on %s: %s\n",
		wb_method_get(t->method)->name, wb_engine_name(t->engine), size, t->writes_per_op,
		path, r->reason);
	if (r->durability_failure)
		fprintf(stderr,
			"walbench: DURABILITY FAILURE: the system reported that written data may not "
			"be on stable storage. Do not put a database on this storage until this is "
			"explained (check dmesg and the device).\n");
}

/* Big enough for every flush in flight: queue depth x writes x size. */
static uint64_t file_size_for(const struct wb_test *tests, size_t n)
{
	uint64_t size = WB_DEFAULT_FILE_SIZE, need;
	size_t i;

	for (i = 0; i < n; i++) {
		need = (uint64_t)tests[i].size * tests[i].writes_per_op *
		       (tests[i].queue_depth ? tests[i].queue_depth : 1);
		if (need > size)
			size = need;
	}
	return size;
}

static unsigned files_for(const struct wb_test *tests, size_t n)
{
	unsigned files = 1;
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].jobs > files)
			files = tests[i].jobs;
	return files;
}

/* Creates and fills files [0, count); on failure removes what it made. */
static int create_files(const char *target, char (*paths)[PATH_MAX], unsigned count,
			uint64_t size, struct wb_results *rs)
{
	const char *why, *call;
	unsigned i;
	int fd, ret;

	for (i = 0; i < count; i++) {
		fd = wb_testfile_create(target, paths[i], PATH_MAX, &why);
		if (fd < 0) {
			fprintf(stderr, "walbench: %s: %s (%s)\n", target ? target : ".", why,
				strerror(-fd));
			ret = WB_EXIT_SETUP;
			goto out_remove;
		}
		if (i == 0)
			wb_results_describe(rs, paths[0]);
		ret = wb_testfile_fill(fd, size, &call);
		if (close(fd) && !ret) {
			ret = -errno;
			call = "close";
		}
		if (ret) {
			fprintf(stderr, "walbench: preparing %s failed: %s: %s\n", paths[i], call,
				strerror(-ret));
			ret = ret == -ENOMEM ? WB_EXIT_SETUP : WB_EXIT_IO;
			i++;
			goto out_remove;
		}
	}
	return WB_EXIT_OK;
out_remove:
	while (i--)
		(void)wb_testfile_remove(paths[i]);
	return ret;
}

static size_t buffer_size_for(const struct wb_test *tests, size_t n)
{
	size_t size = WB_BUF_ALIGN, i;

	for (i = 0; i < n; i++)
		if (tests[i].size > size)
			size = tests[i].size;
	return size;
}

int wb_session_run(const char *target, const struct wb_test *tests, size_t n,
		   const struct wb_session_hooks *hooks, struct wb_results *rs)
{
	unsigned nfiles = files_for(tests, n), f;
	char (*paths)[PATH_MAX] = calloc(nfiles, PATH_MAX);
	const char **path_list = calloc(nfiles, sizeof(*path_list));
	size_t buf_len = buffer_size_for(tests, n), i;
	void *buf = NULL;
	int ret, status;

	if (!paths || !path_list) {
		fprintf(stderr, "walbench: out of memory\n");
		status = WB_EXIT_SETUP;
		goto out_free;
	}
	status = create_files(target, paths, nfiles, file_size_for(tests, n), rs);
	if (status != WB_EXIT_OK)
		goto out_free;
	for (f = 0; f < nfiles; f++)
		path_list[f] = paths[f];
	if (posix_memalign(&buf, WB_BUF_ALIGN, buf_len)) {
		fprintf(stderr, "walbench: out of memory for a %zu-byte buffer\n", buf_len);
		status = WB_EXIT_SETUP;
		goto out_remove;
	}
	wb_fill_random(buf, buf_len, (uint64_t)time(NULL));
	for (i = 0; i < n; i++) {
		struct wb_result *r = wb_results_add(rs, &tests[i]);

		if (!r) {
			fprintf(stderr, "walbench: out of memory for results\n");
			status = WB_EXIT_SETUP;
			break;
		}
		if (hooks && hooks->before)
			hooks->before(&tests[i], hooks->ctx);
		(void)wb_run_test(r, path_list, buf);
		if (hooks && hooks->after)
			hooks->after(r, hooks->ctx);
		if (r->status == WB_STATUS_ERROR) {
			report_failure(r, paths[0]);
			status = WB_EXIT_IO;
		}
	}
out_remove:
	for (f = 0; f < nfiles; f++) {
		ret = wb_testfile_remove(paths[f]);
		if (ret && status == WB_EXIT_OK) {
			fprintf(stderr, "walbench: removing %s failed: %s\n", paths[f], strerror(-ret));
			status = WB_EXIT_IO;
		}
	}
out_free:
	free(buf);
	free(paths);
	free(path_list);
	return status;
}
