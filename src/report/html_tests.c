/* html_tests.c — the HTML report's measurements (html_parts.h): per group of
 * tests that differ only by method, a bar chart of ops/s (writes/s where the
 * group is the unsynced reference, method none: no flush to count) with the 95 %
 * interval (the bar is the mean trial rate, the interval's centre: ci95_pct
 * is a percentage of it, not of ops over elapsed time), the latency
 * percentiles on a log axis and the rate of every trial in the order they
 * ran, so an unstable device shows as a ragged line; and where write sizes
 * were swept, ops/s and MB/s against size. */
#include "report/html_parts.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/compare.h"
#include "model/method.h"
#include "model/units.h"

/* A test's name without its method: what a group of bars is about. */
static void group_name(const struct wb_saved_test *t, char *buf, size_t len)
{
	char name[256];
	const char *slash;

	wb_compare_test_name(t, name, sizeof(name));
	slash = strchr(name, '/');
	snprintf(buf, len, "%s", slash ? slash + 1 : name);
}

bool wb_html_same_group(const struct wb_saved_test *a, const struct wb_saved_test *b,
			bool sizes_too)
{
	struct wb_saved_test x = *a, y = *b;

	x.method[0] = y.method[0] = '\0';
	if (sizes_too)
		x.size = y.size = 0;
	return wb_compare_same_test(&x, &y);
}

bool wb_html_unsynced(const struct wb_saved_test *t)
{
	return wb_method_find(t->method) == WB_METHOD_NONE;
}

struct wb_html_op wb_html_op_of(bool unsynced, uint64_t writes_per_op)
{
	/* An unsynced op of several writes is no write, and none of them a
	 * flush: the op stays the unit, named for what it is. */
	if (unsynced && writes_per_op > 1)
		return (struct wb_html_op){ "Ops (writes, no flush) per second", "ops/s", "op" };
	if (unsynced)
		return (struct wb_html_op){ "Writes per second", "writes/s", "write" };
	return (struct wb_html_op){ "Flushes per second", "ops/s", "flush" };
}

void wb_html_group_heading(struct wb_html_doc *d, const struct wb_saved_test *t, bool with_size,
			   bool unsynced)
{
	char size[32], compact[256];

	wb_format_size(t->size, size, sizeof(size));
	wb_textbuf_add(d->out, "<h3>");
	/* method none is the run's yardstick, what a write costs with no
	 * durability: called a commit, its rate read as flushes it never did. */
	if (unsynced && t->writes_per_op == 1)
		wb_textbuf_add(d->out, "Unsynced writes (a reference, no flush): one write%s%s each",
			       with_size ? " of " : "", with_size ? size : "");
	else if (unsynced)
		wb_textbuf_add(d->out, "Unsynced writes (a reference, no flush): %llu writes%s%s "
			       "per op", (unsigned long long)t->writes_per_op,
			       with_size ? " of " : "", with_size ? size : "");
	else if (t->committers)
		wb_textbuf_add(d->out, "Group commit: %llu sessions share each flush",
			       (unsigned long long)t->committers);
	else if (t->writes_per_op == 1)
		wb_textbuf_add(d->out, "Commits: one write%s%s per flush", with_size ? " of " : "",
			       with_size ? size : "");
	else if (t->writes_per_op < WB_BULK_MIN_WRITES)
		wb_textbuf_add(d->out, "Commits: %llu writes%s%s per flush",
			       (unsigned long long)t->writes_per_op, with_size ? " of " : "",
			       with_size ? size : "");
	else
		wb_textbuf_add(d->out, "Bulk flushes: %llu writes%s%s per flush",
			       (unsigned long long)t->writes_per_op, with_size ? " of " : "",
			       with_size ? size : "");
	wb_textbuf_add(d->out, ", %s engine", t->engine);
	if (*t->label) {
		wb_textbuf_add(d->out, ", ");
		wb_svg_escape(d->out, t->label);
	}
	group_name(t, compact, sizeof(compact));
	wb_textbuf_add(d->out, " <span class=\"small\">(");
	wb_svg_escape(d->out, compact);
	wb_textbuf_add(d->out, ")</span></h3>\n");
}

void wb_html_rate_note(const struct wb_saved_test *t, char *buf, size_t len)
{
	char num[32];

	if (wb_saved_ok(t)) {
		wb_svg_number(num, sizeof(num), wb_saved_rate(t));
		if (t->has_ci95)
			snprintf(buf, len, "%s/s \xc2\xb1%.1f %%", num, t->ci95_pct);
		else
			snprintf(buf, len, "%s/s (one trial: no interval)", num);
	} else if (t->durability_failure) {
		snprintf(buf, len, "DURABILITY FAILURE: %s", t->reason);
	} else if (strcmp(t->status, "error") == 0) {
		snprintf(buf, len, "FAILED: %s", t->reason);
	} else {
		snprintf(buf, len, "%s%s%s", t->status, *t->reason ? ": " : "", t->reason);
	}
}

void wb_html_bar(const struct wb_saved_test *t, const char *label, unsigned style, char *note,
		 size_t note_len, struct wb_svg_bar *bar)
{
	bool ok = wb_saved_ok(t);
	double rate = wb_saved_rate(t);

	wb_html_rate_note(t, note, note_len);
	*bar = (struct wb_svg_bar){
		.label = label,
		.value = ok ? rate : NAN,
		.lo = ok && t->has_ci95 ? rate * (1 - t->ci95_pct / 100) : NAN,
		.hi = ok && t->has_ci95 ? rate * (1 + t->ci95_pct / 100) : NAN,
		.style = style,
		.note = note,
		.alarm = wb_saved_failed(t),
	};
}

#define NOTE_LEN 160

/* One group's three charts; members are indices into r's tests. */
static void group_charts(struct wb_html_doc *d, const struct wb_saved_results *s,
			 const size_t *members, size_t n)
{
	static const char *const marks[] = { "p50", "p90", "p99", "p99.9", "max" };
	struct wb_svg_bar *bars = calloc(n, sizeof(*bars));
	struct wb_svg_dots *dots = calloc(n, sizeof(*dots));
	struct wb_svg_series *lines = calloc(n, sizeof(*lines));
	char (*notes)[NOTE_LEN] = calloc(n, NOTE_LEN);
	double **xs = calloc(n, sizeof(*xs));
	size_t i, k, ndots = 0, nlines = 0;
	bool unsynced = true;
	struct wb_html_op op;
	char title[160];

	if (!bars || !dots || !lines || !notes || !xs) {
		d->out->failed = true;
		goto out;
	}
	for (i = 0; i < n; i++)
		unsynced = unsynced && wb_html_unsynced(&s->tests[members[i]]);
	op = wb_html_op_of(unsynced, s->tests[members[0]].writes_per_op);
	wb_html_group_heading(d, &s->tests[members[0]], true, unsynced);
	wb_textbuf_add(d->out, "<div class=\"charts\">\n");
	for (i = 0; i < n; i++) {
		const struct wb_saved_test *t = &s->tests[members[i]];

		wb_html_bar(t, t->method, 0, notes[i], NOTE_LEN, &bars[i]);
		if (wb_saved_ok(t)) {
			dots[ndots] = (struct wb_svg_dots){ .label = t->method,
				.v = { t->p50_us, t->p90_us, t->has_p99 ? t->p99_us : NAN, t->p999_us,
				       t->max_us, NAN } };
			ndots++;
		}
		if (t->ntrials >= 2) {
			xs[nlines] = malloc(t->ntrials * sizeof(double));
			if (!xs[nlines]) {
				d->out->failed = true;
				goto out;
			}
			for (k = 0; k < t->ntrials; k++)
				xs[nlines][k] = (double)(k + 1);
			lines[nlines] = (struct wb_svg_series){ .name = t->method, .x = xs[nlines],
								.y = t->trial_rates, .n = t->ntrials };
			nlines++;
		}
	}
	snprintf(title, sizeof(title), "%s, with the 95 %% interval", op.per_second);
	wb_svg_bars(d, title, op.unit, bars, n, NULL, 0);
	snprintf(title, sizeof(title), "Latency of one %s (log scale)", op.one);
	if (ndots)
		wb_svg_dot_rows(d, title, "us", marks, sizeof(marks) / sizeof(marks[0]), dots,
				ndots);
	if (nlines)
		wb_svg_lines(d, "Rate of each trial, in the order they ran (a ragged line is an "
				"unstable device)", "trial", op.unit, false, false, lines, nlines);
	wb_textbuf_add(d->out, "</div>\n");
out:
	for (i = 0; xs && i < nlines; i++)
		free(xs[i]);
	free(xs);
	free(notes);
	free(lines);
	free(dots);
	free(bars);
}

/* Where sizes were swept (the same test at two or more sizes): each method's
 * ops/s and MB/s against the write size. Marks the sweep's tests in swept[]. */
static void size_curve(struct wb_html_doc *d, const struct wb_saved_results *s, size_t first,
		       bool *swept)
{
	struct wb_svg_series series[WB_SVG_STYLES * 2], mbps[WB_SVG_STYLES * 2];
	double xv[WB_SVG_STYLES * 2][32], yv[WB_SVG_STYLES * 2][32], mv[WB_SVG_STYLES * 2][32];
	uint64_t sizes[32];
	size_t i, k, nsizes = 0, ns = 0;
	bool unsynced = true;
	struct wb_html_op op;
	char title[400];

	for (i = first; i < s->ntests; i++) {
		const struct wb_saved_test *t = &s->tests[i];

		if (!wb_html_same_group(&s->tests[first], t, true))
			continue;
		for (k = 0; k < nsizes && sizes[k] != t->size; k++)
			;
		if (k == nsizes && nsizes < 32)
			sizes[nsizes++] = t->size;
	}
	if (nsizes < 2)
		return;
	/* One series per method, its points in order of size. */
	for (i = first; i < s->ntests; i++) {
		const struct wb_saved_test *t = &s->tests[i];
		size_t m;

		if (!wb_html_same_group(&s->tests[first], t, true))
			continue;
		swept[i] = true;
		unsynced = unsynced && wb_html_unsynced(t);
		for (m = 0; m < ns && strcmp(series[m].name, t->method) != 0; m++)
			;
		if (m == ns) {
			if (ns == WB_SVG_STYLES * 2)
				continue;
			series[ns] = (struct wb_svg_series){ .name = s->tests[i].method, .x = xv[ns],
							     .y = yv[ns], .n = 0 };
			ns++;
		}
		if (series[m].n < 32) {
			size_t at = series[m].n, j;

			/* insertion by size keeps the line monotone in x */
			while (at > 0 && xv[m][at - 1] > (double)t->size)
				at--;
			for (j = series[m].n; j > at; j--) {
				xv[m][j] = xv[m][j - 1];
				yv[m][j] = yv[m][j - 1];
			}
			xv[m][at] = (double)t->size;
			yv[m][at] = wb_saved_ok(t) ? wb_saved_rate(t) : NAN; /* as its bar */
			series[m].n++;
		}
	}
	for (k = 0; k < ns; k++) {
		mbps[k] = series[k];
		mbps[k].y = mv[k];
		for (i = 0; i < series[k].n; i++)
			mv[k][i] = yv[k][i] * xv[k][i] * (double)s->tests[first].writes_per_op / 1e6;
	}
	wb_textbuf_add(d->out, "<p class=\"caption\"><strong>Write size swept</strong></p>\n");
	op = wb_html_op_of(unsynced, s->tests[first].writes_per_op);
	wb_html_group_heading(d, &s->tests[first], false, unsynced);
	wb_textbuf_add(d->out, "<div class=\"charts\">\n");
	snprintf(title, sizeof(title), "%s against the write size", op.per_second);
	wb_svg_lines(d, title, "bytes per write (log scale)", op.unit, true, true, series, ns);
	wb_svg_lines(d, "Megabytes per second against the write size",
		     "bytes per write (log scale)", "MB/s", true, true, mbps, ns);
	wb_textbuf_add(d->out, "</div>\n");
}

size_t wb_html_failed_tests(const struct wb_saved_results *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->ntests; i++)
		n += wb_saved_failed(&s->tests[i]);
	return n;
}

void wb_html_tests(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;
	bool *done = calloc(s->ntests ? s->ntests : 1, sizeof(*done));
	bool *swept = calloc(s->ntests ? s->ntests : 1, sizeof(*swept));
	size_t *members = calloc(s->ntests ? s->ntests : 1, sizeof(*members));
	size_t i, j, n;

	if (!done || !swept || !members) {
		d->out->failed = true;
		goto out;
	}
	wb_textbuf_add(d->out, "<section class=\"tests\"><h2>Measurements</h2>\n");
	if (!s->ntests)
		wb_textbuf_add(d->out, "<p>This file holds no tests.</p>\n");
	/* A sweep's curves first: they are the summary of the groups that follow. */
	for (i = 0; i < s->ntests; i++)
		if (!swept[i])
			size_curve(d, s, i, swept);
	for (i = 0; i < s->ntests; i++) {
		if (done[i])
			continue;
		for (j = i, n = 0; j < s->ntests; j++)
			if (!done[j] && wb_html_same_group(&s->tests[i], &s->tests[j], false)) {
				members[n++] = j;
				done[j] = true;
			}
		group_charts(d, s, members, n);
	}
	wb_textbuf_add(d->out, "</section>\n");
out:
	free(members);
	free(swept);
	free(done);
}
