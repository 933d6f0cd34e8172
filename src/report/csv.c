/* report_csv.c — CSV serialisation of the results structure (RFC 4180 quoting). */
#include "report/csv.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/atomic_file.h"

struct text {
	char *s;
	size_t len, cap;
	bool failed;
};

static void append(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->failed)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < t->cap - t->len) {
			t->len += (size_t)n;
			return;
		}
		t->cap = t->cap * 2 + (n > 0 ? (size_t)n : 0) + 256;
		char *s = realloc(t->s, t->cap);

		if (!s) {
			t->failed = true;
			return;
		}
		t->s = s;
	}
}

/* Quotes a field when it holds a comma, quote or newline. */
static void append_field(struct text *t, const char *v)
{
	const char *p;

	if (!strpbrk(v, ",\"\n\r")) {
		append(t, "%s,", v);
		return;
	}
	append(t, "\"");
	for (p = v; *p; p++)
		append(t, *p == '"' ? "\"\"" : "%c", *p);
	append(t, "\",");
}

static const char header[] =
	"method,engine,variant,pattern,shape,size,writes_per_op,queue_depth,jobs,committers,"
	"status,reason,ops,elapsed_s,ops_per_sec,ci95_pct,cv_pct,trials,converged,unstable,"
	"mean_us,p50_us,p90_us,p99_us,p999_us,max_us,flushes,segment_switches,"
	"segment_switch_p50_us,segment_switch_max_us,flush_form,"
	"errno_name,failure_call,failure_offset,failure_op_index,failure_file\n";

char *wb_csv_render(const struct wb_results *rs)
{
	struct text t = { .s = NULL, .len = 0, .cap = 0 };
	size_t i;

	t.s = malloc(4096);
	if (!t.s)
		return NULL;
	t.cap = 4096;
	append(&t, "%s", header);
	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];
		const struct wb_test *x = &r->test;

		append_field(&t, wb_method_get(x->method)->name);
		append_field(&t, wb_engine_name(x->engine));
		append_field(&t, x->label);
		append_field(&t, wb_pattern_name(x->pattern));
		append_field(&t, wb_shape_name(x));
		append(&t, "%u,%u,%u,%u,%u,", x->size, x->writes_per_op, x->queue_depth, x->jobs,
		       x->pattern == WB_PATTERN_GROUPCOMMIT ? x->committers : 0);
		append_field(&t, wb_status_name(r->status));
		append_field(&t, r->status == WB_STATUS_OK ? "" : r->reason);
		append(&t, "%llu,%.6f,%.3f,", (unsigned long long)r->ops, r->elapsed_ns / 1e9,
		       wb_result_ops_per_sec(r));
		if (isfinite(r->stats.ci95_pct))
			append(&t, "%.3f,", r->stats.ci95_pct);
		else
			append(&t, ",");
		append(&t, "%.3f,%zu,%s,%s,", r->stats.cv_pct, r->ntrials,
		       r->converged ? "true" : "false", wb_result_unstable(rs, r) ? "true" : "false");
		append(&t, "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%llu,%llu,", wb_result_usecs(r, -1),
		       wb_result_usecs(r, 50), wb_result_usecs(r, 90), wb_result_usecs(r, 99),
		       wb_result_usecs(r, 99.9), wb_result_usecs(r, 100),
		       (unsigned long long)r->flushes, (unsigned long long)r->switches);
		if (r->switch_hist)
			append(&t, "%.3f,%.3f,", wb_hist_percentile(r->switch_hist, 50) / 1e3,
			       wb_hist_percentile(r->switch_hist, 100) / 1e3);
		else
			append(&t, ",,");
		append(&t, "%s,", wb_flush_form_names[x->flush_form]);
		/* Columns are only ever added, at the end: where an error happened. */
		append_field(&t, r->status != WB_STATUS_OK && r->error && strerrorname_np(r->error)
					 ? strerrorname_np(r->error) : "");
		if (r->status == WB_STATUS_ERROR) {
			append_field(&t, r->site.call);
			if (r->site.offset >= 0)
				append(&t, "%lld,", (long long)r->site.offset);
			else
				append(&t, ",");
			if (r->site.op_index >= 0)
				append(&t, "%lld,", (long long)r->site.op_index);
			else
				append(&t, ",");
			append_field(&t, r->site.file);
		} else {
			append(&t, ",,,,");
		}
		if (!t.failed)
			t.len--; /* the last field's comma ends the row: a newline instead */
		append(&t, "\n");
	}
	if (t.failed) {
		free(t.s);
		return NULL;
	}
	return t.s;
}

int wb_csv_write(const char *path, const struct wb_results *rs, const char **why)
{
	char *text = wb_csv_render(rs);
	int ret;

	if (!text) {
		*why = "rendering CSV";
		return -ENOMEM;
	}
	ret = wb_write_file_atomic(path, text, strlen(text), why);
	free(text);
	return ret;
}
