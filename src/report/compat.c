/* compat.c — pg_test_fsync (PostgreSQL 15+) output format.
 * The labels, headers and the "%13.3f ops/sec  %6.0f usecs/op" line must not
 * change: they are an interface. A failed line prints "failed: ERRNO" where the
 * rate would be, so no parser can mistake it for a figure. The rate is ops
 * over the test's time (wb_result_ops_per_sec), as pg_test_fsync computes it:
 * no interval stands beside it, so it need not be the trial mean. */
#include "report/compat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "model/test.h"

#define LABEL_FORMAT "        %-30s"
#define NA_FORMAT "%21s\n"
#define OPS_FORMAT "%13.3f ops/sec  %6.0f usecs/op\n"

void wb_compat_print_preamble(uint64_t duration_ns)
{
	double secs = (double)duration_ns / 1e9;

	if (duration_ns % 1000000000ull == 0)
		printf(duration_ns == 1000000000ull ? "%.0f second per test\n"
						    : "%.0f seconds per test\n", secs);
	else
		printf("%g seconds per test\n", secs);
	printf("O_DIRECT supported on this platform for open_datasync and open_sync.\n");
}

static void print_footnote(struct wb_compat_report *rep)
{
	/* pg_test_fsync footnotes n/a* only in the two method-comparison sections. */
	if (rep->fs_warning && (rep->group == WB_COMPAT_ONE_WRITE ||
				rep->group == WB_COMPAT_TWO_WRITES))
		printf("* This file system and its mount options do not support direct\n"
		       "  I/O, e.g. ext4 in journaled mode.\n");
	rep->fs_warning = false;
}

static void print_header(unsigned group)
{
	switch ((enum wb_compat_group)group) {
	case WB_COMPAT_ONE_WRITE:
	case WB_COMPAT_TWO_WRITES:
		printf("\nCompare file sync methods using %s 8kB write%s:\n",
		       group == WB_COMPAT_ONE_WRITE ? "one" : "two",
		       group == WB_COMPAT_ONE_WRITE ? "" : "s");
		printf("(in wal_sync_method preference order, except fdatasync is Linux's default)\n");
		break;
	case WB_COMPAT_OPEN_SYNC:
		printf("\nCompare open_sync with different write sizes:\n");
		printf("(This is designed to compare the cost of writing 16kB in different write\n"
		       "open_sync sizes.)\n");
		break;
	case WB_COMPAT_FD_SYNC:
		printf("\nTest if fsync on non-write file descriptor is honored:\n");
		printf("(If the times are similar, fsync() can sync data written on a different\n"
		       "descriptor.)\n");
		break;
	case WB_COMPAT_NON_SYNC:
		printf("\nNon-sync'ed 8kB writes:\n");
		break;
	}
}

static void compat_before(const struct wb_test *t, void *ctx)
{
	struct wb_compat_report *rep = ctx;

	if ((int)t->group != rep->group) {
		if (rep->group >= 0)
			print_footnote(rep);
		rep->group = (int)t->group;
		print_header(t->group);
	}
	printf(LABEL_FORMAT, t->label);
	fflush(stdout);
}

static void compat_after(const struct wb_result *r, void *ctx)
{
	struct wb_compat_report *rep = ctx;
	char failed[32];

	switch (r->status) {
	case WB_STATUS_OK:
		printf(OPS_FORMAT, wb_result_ops_per_sec(r), wb_result_usecs(r, -1));
		break;
	case WB_STATUS_NA:
		printf(NA_FORMAT, r->direct_refused ? "n/a*" : "n/a");
		rep->fs_warning |= r->direct_refused;
		break;
	case WB_STATUS_ERROR:
		snprintf(failed, sizeof(failed), "failed: %s",
			 strerrorname_np(r->error) ? strerrorname_np(r->error) : "?");
		printf(NA_FORMAT, failed);
		break;
	case WB_STATUS_NOT_RUN:
		printf(NA_FORMAT, "not run");
		break;
	}
	fflush(stdout);
}

const struct wb_result_hooks wb_compat_hooks_template = {
	.before = compat_before,
	.after = compat_after,
};

void wb_compat_finish(struct wb_compat_report *rep)
{
	print_footnote(rep);
}
