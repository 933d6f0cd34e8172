/* report_text.c — human-readable table of `walbench run` results.
 * Latencies print in microseconds with enough digits for tmpfs (sub-µs) and for
 * spinning disks (tens of ms) alike. */
#include "report_text.h"

#include <stdio.h>

#include "parse.h"

#define ROW_FORMAT "%-18s %-15s %6s %6s %5s %13s %10s %10s %10s %10s %10s%s\n"

void wb_text_print_header(const char *target)
{
	printf("Testing in %s; each op is one flush (writes, then the method's sync), or\n"
	       "one commit in group-commit rows. conc: qdN flushes in flight, jN jobs,\n"
	       "cN committers. Latencies in microseconds per op.\n\n", target);
	printf(ROW_FORMAT, "method", "engine", "size", "writes", "conc", "ops/s", "mean", "p50",
	       "p99", "p99.9", "max", "");
	fflush(stdout);
}

/* "qd8", "j4", "qd8j4" or "c16" (committers); "1" when nothing is concurrent. */
static void concurrency_label(const struct wb_test *t, char *buf, unsigned len)
{
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		snprintf(buf, len, "c%u", t->committers);
	else if (t->queue_depth > 1 && t->jobs > 1)
		snprintf(buf, len, "qd%uj%u", t->queue_depth, t->jobs);
	else if (t->queue_depth > 1)
		snprintf(buf, len, "qd%u", t->queue_depth);
	else if (t->jobs > 1)
		snprintf(buf, len, "j%u", t->jobs);
	else
		snprintf(buf, len, "1");
}

static void text_after(const struct wb_result *r, void *ctx)
{
	const struct wb_test *t = &r->test;
	char size[16], writes[16], conc[24], ops[24], mean[16], p50[16], p99[16], p999[16], max[16];
	char extra[96] = "";

	(void)ctx;
	wb_format_size(t->size, size, sizeof(size));
	snprintf(writes, sizeof(writes), "%u", t->writes_per_op);
	concurrency_label(t, conc, sizeof(conc));
	if (r->status != WB_STATUS_OK) {
		printf("%-18s %-15s %6s %6s %5s %s: %s\n", wb_method_get(t->method)->name,
		       wb_engine_name(t->engine), size, writes, conc, wb_status_name(r->status),
		       r->reason);
		fflush(stdout);
		return;
	}
	snprintf(ops, sizeof(ops), "%.1f", wb_result_ops_per_sec(r));
	snprintf(mean, sizeof(mean), "%.1f", wb_result_usecs(r, -1));
	snprintf(p50, sizeof(p50), "%.1f", wb_result_usecs(r, 50));
	snprintf(p99, sizeof(p99), "%.1f", wb_result_usecs(r, 99));
	snprintf(p999, sizeof(p999), "%.1f", wb_result_usecs(r, 99.9));
	snprintf(max, sizeof(max), "%.1f", wb_result_usecs(r, 100));
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		snprintf(extra, sizeof(extra), "  %.1f flushes/s, %.2f commits/flush",
			 wb_result_flushes_per_sec(r),
			 r->flushes ? (double)r->ops / (double)r->flushes : 0.0);
	printf(ROW_FORMAT, wb_method_get(t->method)->name, wb_engine_name(t->engine), size, writes,
	       conc, ops, mean, p50, p99, p999, max, extra);
	fflush(stdout);
}

const struct wb_session_hooks wb_text_hooks = {
	.after = text_after,
};
