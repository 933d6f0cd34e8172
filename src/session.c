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

static uint64_t file_size_for(const struct wb_test *tests, size_t n)
{
	uint64_t size = WB_DEFAULT_FILE_SIZE;
	size_t i;

	for (i = 0; i < n; i++)
		if ((uint64_t)tests[i].size * tests[i].writes_per_op > size)
			size = (uint64_t)tests[i].size * tests[i].writes_per_op;
	return size;
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
	char path[PATH_MAX];
	const char *why, *call;
	size_t buf_len = buffer_size_for(tests, n), i;
	void *buf = NULL;
	int fd, ret, status = WB_EXIT_OK;

	fd = wb_testfile_create(target, path, sizeof(path), &why);
	if (fd < 0) {
		fprintf(stderr, "walbench: %s: %s (%s)\n", target ? target : ".", why, strerror(-fd));
		return WB_EXIT_SETUP;
	}
	wb_results_describe(rs, path);
	ret = wb_testfile_fill(fd, file_size_for(tests, n), &call);
	if (close(fd) && !ret) {
		ret = -errno;
		call = "close";
	}
	if (ret) {
		fprintf(stderr, "walbench: preparing %s failed: %s: %s\n", path, call, strerror(-ret));
		status = ret == -ENOMEM ? WB_EXIT_SETUP : WB_EXIT_IO;
		goto out_remove;
	}
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
		(void)wb_run_test(r, path, buf);
		if (hooks && hooks->after)
			hooks->after(r, hooks->ctx);
		if (r->status == WB_STATUS_ERROR) {
			report_failure(r, path);
			status = WB_EXIT_IO;
		}
	}
out_remove:
	free(buf);
	ret = wb_testfile_remove(path);
	if (ret && status == WB_EXIT_OK) {
		fprintf(stderr, "walbench: removing %s failed: %s\n", path, strerror(-ret));
		status = WB_EXIT_IO;
	}
	return status;
}
