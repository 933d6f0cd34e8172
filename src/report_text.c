/* report_text.c — human-readable table of `walbench run` results.
 * Latencies print in microseconds with enough digits for tmpfs (sub-µs) and for
 * spinning disks (tens of ms) alike. */
#include "report_text.h"

#include <stdio.h>

#include "parse.h"

#define ROW_FORMAT "%-18s %-8s %6s %6s %13s %10s %10s %10s %10s %10s\n"

void wb_text_print_header(const char *target)
{
	printf("Testing in %s; each row is one flush (writes, then the method's sync).\n"
	       "Latencies in microseconds per flush.\n\n", target);
	printf(ROW_FORMAT, "method", "engine", "size", "writes", "ops/s", "mean", "p50", "p99",
	       "p99.9", "max");
	fflush(stdout);
}

static void text_after(const struct wb_result *r, void *ctx)
{
	const struct wb_test *t = &r->test;
	char size[16], writes[16], ops[24], mean[16], p50[16], p99[16], p999[16], max[16];

	(void)ctx;
	wb_format_size(t->size, size, sizeof(size));
	snprintf(writes, sizeof(writes), "%u", t->writes_per_op);
	if (r->status != WB_STATUS_OK) {
		printf("%-18s %-8s %6s %6s %s: %s\n", wb_method_get(t->method)->name,
		       wb_engine_name(t->engine), size, writes, wb_status_name(r->status), r->reason);
		fflush(stdout);
		return;
	}
	snprintf(ops, sizeof(ops), "%.1f", wb_result_ops_per_sec(r));
	snprintf(mean, sizeof(mean), "%.1f", wb_result_usecs(r, -1));
	snprintf(p50, sizeof(p50), "%.1f", wb_result_usecs(r, 50));
	snprintf(p99, sizeof(p99), "%.1f", wb_result_usecs(r, 99));
	snprintf(p999, sizeof(p999), "%.1f", wb_result_usecs(r, 99.9));
	snprintf(max, sizeof(max), "%.1f", wb_result_usecs(r, 100));
	printf(ROW_FORMAT, wb_method_get(t->method)->name, wb_engine_name(t->engine), size, writes,
	       ops, mean, p50, p99, p999, max);
	fflush(stdout);
}

const struct wb_session_hooks wb_text_hooks = {
	.after = text_after,
};
