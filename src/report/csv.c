/* csv.c — CSV serialisation of the results structure (RFC 4180 quoting). */
#include "report/csv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/atomic_file.h"
#include "report/textbuf.h"

/* Quotes a field when it holds a comma, quote or newline. */
static void append_field(struct wb_textbuf *t, const char *v)
{
	const char *p;

	if (!strpbrk(v, ",\"\n\r")) {
		wb_textbuf_add(t, "%s,", v);
		return;
	}
	wb_textbuf_add(t, "\"");
	for (p = v; *p; p++)
		wb_textbuf_add(t, *p == '"' ? "\"\"" : "%c", *p);
	wb_textbuf_add(t, "\",");
}

static const char header[] =
	"method,engine,variant,pattern,shape,size,writes_per_op,queue_depth,jobs,committers,"
	"status,reason,ops,elapsed_s,ops_per_sec,ci95_pct,cv_pct,trials,converged,unstable,"
	"mean_us,p50_us,p90_us,p99_us,p999_us,max_us,flushes,segment_switches,"
	"segment_switch_p50_us,segment_switch_max_us,flush_form,"
	"errno_name,failure_call,failure_offset,failure_op_index,failure_file\n";

char *wb_csv_render(const struct wb_results *rs)
{
	struct wb_textbuf t = { 0 };
	size_t i;

	t.s = malloc(4096);
	if (!t.s)
		return NULL;
	t.cap = 4096;
	wb_textbuf_add(&t, "%s", header);
	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];
		const struct wb_test *x = &r->test;

		append_field(&t, wb_method_get(x->method)->name);
		append_field(&t, wb_engine_name(x->engine));
		append_field(&t, x->label);
		append_field(&t, wb_pattern_name(x->pattern));
		append_field(&t, wb_shape_name(x));
		wb_textbuf_add(&t, "%u,%u,%u,%u,%u,", x->size, x->writes_per_op, x->queue_depth, x->jobs,
		       x->pattern == WB_PATTERN_GROUPCOMMIT ? x->committers : 0);
		append_field(&t, wb_status_name(r->status));
		append_field(&t, r->status == WB_STATUS_OK ? "" : r->reason);
		wb_textbuf_add(&t, "%llu,%.6f,%.3f,", (unsigned long long)r->ops, r->elapsed_ns / 1e9,
		       wb_result_ops_per_sec(r));
		if (isfinite(r->stats.ci95_pct))
			wb_textbuf_add(&t, "%.3f,", r->stats.ci95_pct);
		else
			wb_textbuf_add(&t, ",");
		wb_textbuf_add(&t, "%.3f,%zu,%s,%s,", r->stats.cv_pct, r->ntrials,
		       r->converged ? "true" : "false", wb_result_unstable(rs, r) ? "true" : "false");
		wb_textbuf_add(&t, "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%llu,%llu,", wb_result_usecs(r, -1),
		       wb_result_usecs(r, 50), wb_result_usecs(r, 90), wb_result_usecs(r, 99),
		       wb_result_usecs(r, 99.9), wb_result_usecs(r, 100),
		       (unsigned long long)r->flushes, (unsigned long long)r->switches);
		if (r->switch_hist)
			wb_textbuf_add(&t, "%.3f,%.3f,", wb_hist_percentile(r->switch_hist, 50) / 1e3,
			       wb_hist_percentile(r->switch_hist, 100) / 1e3);
		else
			wb_textbuf_add(&t, ",,");
		wb_textbuf_add(&t, "%s,", wb_flush_form_names[x->flush_form]);
		/* Columns are only ever added, at the end: where an error happened. */
		append_field(&t, r->status != WB_STATUS_OK && r->error && strerrorname_np(r->error)
					 ? strerrorname_np(r->error) : "");
		if (r->status == WB_STATUS_ERROR) {
			append_field(&t, r->site.call);
			if (r->site.offset >= 0)
				wb_textbuf_add(&t, "%lld,", (long long)r->site.offset);
			else
				wb_textbuf_add(&t, ",");
			if (r->site.op_index >= 0)
				wb_textbuf_add(&t, "%lld,", (long long)r->site.op_index);
			else
				wb_textbuf_add(&t, ",");
			append_field(&t, r->site.file);
		} else {
			wb_textbuf_add(&t, ",,,,");
		}
		if (!t.failed)
			t.len--; /* the last field's comma ends the row: a newline instead */
		wb_textbuf_add(&t, "\n");
	}
	if (t.failed) {
		free(t.s);
		return NULL;
	}
	return t.s;
}

int wb_csv_write(const char *path, const struct wb_results *rs, const char **why)
{
	return wb_write_rendered(path, wb_csv_render(rs), "rendering CSV", why);
}
