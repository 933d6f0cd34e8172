/* html_decision.c — the top of each file's column in the HTML report
 * (html_parts.h): failures and early stops first, then the answer the command
 * gave — recommend's wal_sync_method with its interval, the lines to paste and
 * where pg_wal belongs; qualify's verdict, criterion by criterion, with the
 * rate in each time slice. It prints what the file says; it decides nothing. */
#include "report/html_parts.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "advice/compare.h"

static void text(struct wb_svg_doc *d, const char *s)
{
	wb_svg_escape(d->out, s);
}

/* <p class="cls">s</p>, nothing when s is empty. */
static void para(struct wb_svg_doc *d, const char *cls, const char *s)
{
	if (!*s)
		return;
	wb_textbuf_add(d->out, "<p class=\"%s\">", cls);
	text(d, s);
	wb_textbuf_add(d->out, "</p>\n");
}

/* An array of strings as lines of a <pre>, for pasting. */
static void pre_lines(struct wb_svg_doc *d, const char *caption, const cJSON *arr)
{
	const cJSON *v;

	if (!cJSON_IsArray(arr) || !cJSON_GetArraySize(arr))
		return;
	wb_textbuf_add(d->out, "<p class=\"caption\">");
	text(d, caption);
	wb_textbuf_add(d->out, "</p>\n<pre>");
	cJSON_ArrayForEach(v, arr) {
		if (cJSON_IsString(v)) {
			text(d, v->valuestring);
			wb_textbuf_add(d->out, "\n");
		}
	}
	wb_textbuf_add(d->out, "</pre>\n");
}

/* "+12.3 % [8.1, 16.0]" from a margin and a two-element interval. */
static void margin(char *buf, size_t len, double pct, const cJSON *ci)
{
	const cJSON *lo = cJSON_GetArrayItem(ci, 0), *hi = cJSON_GetArrayItem(ci, 1);

	if (!isfinite(pct))
		snprintf(buf, len, "-");
	else if (pct == 0 && cJSON_IsNumber(lo) && cJSON_IsNumber(hi) && lo->valuedouble == 0 &&
		 hi->valuedouble == 0)
		snprintf(buf, len, "the default itself");
	else if (cJSON_IsNumber(lo) && cJSON_IsNumber(hi))
		snprintf(buf, len, "%+.1f %% [%.1f, %.1f]", pct, lo->valuedouble, hi->valuedouble);
	else
		snprintf(buf, len, "%+.1f %%", pct);
}

/* Tests that failed: every one named, with the reason, in red, on top. */
static void failures(struct wb_svg_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;
	size_t i, bad = 0;

	if (s->partial) {
		wb_textbuf_add(d->out, "<div class=\"alarm\"><strong>Partial results:</strong> a "
				       "signal (");
		text(d, wb_html_str(r->tree, "interrupted_by"));
		wb_textbuf_add(d->out, ") stopped the run early; what follows is what it measured "
				       "until then.</div>\n");
	}
	bad = wb_html_failed_tests(s);
	if (!bad)
		return;
	wb_textbuf_add(d->out, "<div class=\"alarm\"><strong>%zu test%s failed.</strong> A failed "
			       "flush is a data-integrity event: the storage lost or may have lost "
			       "data it had acknowledged.<ul>\n", bad, bad == 1 ? "" : "s");
	for (i = 0; i < s->ntests; i++) {
		const struct wb_saved_test *t = &s->tests[i];
		char name[256], note[400];

		if (!wb_saved_failed(t))
			continue;
		wb_compare_test_name(t, name, sizeof(name));
		wb_html_rate_note(t, note, sizeof(note));
		wb_textbuf_add(d->out, "<li><strong>");
		text(d, name);
		wb_textbuf_add(d->out, "</strong>: ");
		text(d, note);
		wb_textbuf_add(d->out, "</li>\n");
	}
	wb_textbuf_add(d->out, "</ul></div>\n");
}

/* One decision of recommend's (the overall one, oltp, bulk) as a table row. */
static void decision_row(struct wb_svg_doc *d, const char *what, const cJSON *o)
{
	char m[96];

	if (!cJSON_IsObject(o))
		return;
	margin(m, sizeof(m), wb_html_num(o, "margin_pct"), cJSON_GetObjectItem(o, "ci95_pct"));
	wb_textbuf_add(d->out, "<tr><td>");
	text(d, what);
	wb_textbuf_add(d->out, "</td><td><code>");
	text(d, *wb_html_str(o, "wal_sync_method") ? wb_html_str(o, "wal_sync_method") :
						    wb_html_str(o, "method"));
	wb_textbuf_add(d->out, "</code></td><td>");
	text(d, m);
	wb_textbuf_add(d->out, "</td><td>");
	text(d, wb_html_str(o, "reason"));
	wb_textbuf_add(d->out, "</td></tr>\n");
}

#define PLACEMENT_BARS (2 * (2 + 8))

/* The bars of the placement chart, and the text they point to. */
struct placement_bars {
	struct wb_svg_bar bar[PLACEMENT_BARS];
	char label[PLACEMENT_BARS][160], note[PLACEMENT_BARS][64];
	size_t n;
};

/* One bar: the commits per second of a placement row (o), style 0 for one
 * session, 1 for the group of committers. */
static void placement_bar(struct placement_bars *p, const char *label, const cJSON *o,
			  unsigned style)
{
	double v = wb_html_num(o, "commits_per_s");
	size_t n = p->n;

	if (n == PLACEMENT_BARS)
		return;
	snprintf(p->label[n], sizeof(p->label[n]), "%s", label);
	wb_svg_number(p->note[n], sizeof(p->note[n]), v);
	strncat(p->note[n], "/s", sizeof(p->note[n]) - strlen(p->note[n]) - 1);
	p->bar[n] = (struct wb_svg_bar){ .label = p->label[n], .value = v, .lo = NAN, .hi = NAN,
					 .style = style, .note = p->note[n] };
	p->n++;
}

/* (a) the data volume idle, (b) under the load, (c) each candidate under the
 * same load: single sessions and the group of committers as two series. */
static void placement_chart(struct wb_svg_doc *d, const cJSON *base, const cJSON *cands)
{
	static const char *const series[] = { "one session", "group commit" };
	struct placement_bars p = { .n = 0 };
	const cJSON *c;
	char label[160];

	placement_bar(&p, "data volume, idle", cJSON_GetObjectItem(base, "idle_commit"), 0);
	placement_bar(&p, "data volume, idle", cJSON_GetObjectItem(base, "idle_group"), 1);
	placement_bar(&p, "data volume, under load", cJSON_GetObjectItem(base, "loaded_commit"), 0);
	placement_bar(&p, "data volume, under load", cJSON_GetObjectItem(base, "loaded_group"), 1);
	cJSON_ArrayForEach(c, cands) {
		snprintf(label, sizeof(label), "%s, data under load", wb_html_str(c, "path"));
		placement_bar(&p, label, cJSON_GetObjectItem(c, "commit"), 0);
		placement_bar(&p, label, cJSON_GetObjectItem(c, "group"), 1);
	}
	wb_svg_bars(d, "Commits per second where pg_wal could live", "commits/s", p.bar, p.n,
		    series, 2);
}

static void placement(struct wb_svg_doc *d, const cJSON *rec)
{
	const cJSON *base = cJSON_GetObjectItem(rec, "placement_baseline");
	const cJSON *cands = cJSON_GetObjectItem(rec, "placement"), *c;

	if (!cJSON_IsObject(base))
		return;
	wb_textbuf_add(d->out, "<h3>Where pg_wal belongs</h3>\n");
	if (*wb_html_str(base, "failure"))
		para(d, "alarm", wb_html_str(base, "failure"));
	para(d, "headline", wb_html_str(base, "headline"));
	para(d, "", wb_html_str(base, "context"));
	if (cJSON_IsArray(cands)) {
		placement_chart(d, base, cands);
		wb_textbuf_add(d->out, "<table><tr><th>candidate</th><th>storage</th><th>commit "
				       "gain, 95 %%</th><th>move</th><th>why</th></tr>\n");
		cJSON_ArrayForEach(c, cands) {
			char m[96];
			bool move = cJSON_IsTrue(cJSON_GetObjectItem(c, "move"));
			bool rec_ok = !cJSON_IsFalse(cJSON_GetObjectItem(c, "recommended"));

			margin(m, sizeof(m), wb_html_num(c, "gain_pct"),
			       cJSON_GetObjectItem(c, "ci95_pct"));
			wb_textbuf_add(d->out, "<tr><td><code>");
			text(d, wb_html_str(c, "path"));
			wb_textbuf_add(d->out, "</code></td><td>");
			text(d, wb_html_str(c, "device"));
			if (cJSON_IsTrue(cJSON_GetObjectItem(c, "same_device")))
				wb_textbuf_add(d->out, " (the data's own disk)");
			wb_textbuf_add(d->out, "</td><td>");
			text(d, m);
			wb_textbuf_add(d->out, "</td><td>%s</td><td>",
				       move && rec_ok ? "<strong>yes</strong>" :
				       move ? "faster, but not recommended" :
				       cJSON_IsTrue(cJSON_GetObjectItem(c, "depends_on_load")) ?
				       "depends on the load" : "no");
			text(d, wb_html_str(c, "reason"));
			wb_textbuf_add(d->out, "</td></tr>\n");
		}
		wb_textbuf_add(d->out, "</table>\n");
	}
	pre_lines(d, "Steps to move pg_wal:", cJSON_GetObjectItem(base, "steps"));
}

static void recommendation(struct wb_svg_doc *d, const cJSON *rec)
{
	wb_textbuf_add(d->out, "<h3>Which wal_sync_method</h3>\n");
	if (*wb_html_str(rec, "failure"))
		para(d, "alarm", wb_html_str(rec, "failure"));
	para(d, "headline", wb_html_str(rec, "headline"));
	para(d, "", wb_html_str(rec, "reason"));
	wb_textbuf_add(d->out, "<table><tr><th>workload</th><th>method</th><th>margin over the "
			       "default, 95 %%</th><th>why</th></tr>\n");
	decision_row(d, "commits (oltp)", cJSON_GetObjectItem(rec, "oltp"));
	decision_row(d, "bulk flushes", cJSON_GetObjectItem(rec, "bulk"));
	decision_row(d, "runner-up", cJSON_GetObjectItem(rec, "runner_up"));
	wb_textbuf_add(d->out, "</table>\n");
	if (*wb_html_str(rec, "commit_delay_reason")) {
		wb_textbuf_add(d->out, "<p><strong>commit_delay = %.0f</strong>: ",
			       wb_html_num(rec, "commit_delay_us"));
		text(d, wb_html_str(rec, "commit_delay_reason"));
		wb_textbuf_add(d->out, "</p>\n");
	}
	pre_lines(d, "postgresql.conf:", cJSON_GetObjectItem(rec, "config"));
	pre_lines(d, "or, on a running server:", cJSON_GetObjectItem(rec, "alter_system"));
	placement(d, rec);
}

/* The commit and etcd shapes' rate in each time slice, in the order measured
 * (the shapes take turns, so slice k of each is about as far into the run), so
 * a rate that falls once a cache fills shows as a step down. */
static void slice_chart(struct wb_svg_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;
	struct wb_svg_series lines[WB_SVG_STYLES];
	double xs[512], slice = wb_html_num(cJSON_GetObjectItem(r->tree, "config"), "slice");
	char axis[96];
	size_t i, n = 0;

	for (i = 0; i < 512; i++)
		xs[i] = (double)(i + 1);
	for (i = 0; i < s->ntests && n < WB_SVG_STYLES; i++) {
		const struct wb_saved_test *t = &s->tests[i];

		/* the unsynced write is the reference, far off this scale */
		if (t->ntrials < 2 || strcmp(t->method, "none") == 0)
			continue;
		lines[n] = (struct wb_svg_series){ .name = *t->label ? t->label : t->method,
						   .x = xs, .y = t->trial_rates,
						   .n = t->ntrials < 512 ? t->ntrials : 512 };
		n++;
	}
	if (isfinite(slice) && slice > 0)
		snprintf(axis, sizeof(axis), "time slice of %g s, in the order measured", slice);
	else
		snprintf(axis, sizeof(axis), "time slice, in the order measured");
	if (n)
		wb_svg_lines(d, "Flushes per second in each time slice", axis, "flushes/s", false,
			     false, lines, n);
}

static void qualification(struct wb_svg_doc *d, const struct wb_report_run *r, const cJSON *q)
{
	const cJSON *c, *tiers = cJSON_GetObjectItem(q, "tiers"), *trend;

	wb_textbuf_add(d->out, "<h3>Does the disk qualify?</h3>\n");
	if (*wb_html_str(q, "failure"))
		para(d, "alarm", wb_html_str(q, "failure"));
	wb_html_open_class(d, "p", "headline verdict-", wb_html_str(q, "verdict"));
	text(d, wb_html_str(q, "headline"));
	wb_textbuf_add(d->out, "</p>\n<table><tr><th>shape</th><th>metric</th><th>measured, "
			       "95 %%</th><th>threshold</th><th>result</th><th>source</th></tr>\n");
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(q, "criteria")) {
		const cJSON *ci = cJSON_GetObjectItem(c, "ci95");
		const cJSON *lo = cJSON_GetArrayItem(ci, 0), *hi = cJSON_GetArrayItem(ci, 1);
		char v[32], l[32], h[32], th[32];

		wb_svg_number(v, sizeof(v), wb_html_num(c, "value"));
		wb_svg_number(l, sizeof(l), cJSON_IsNumber(lo) ? lo->valuedouble : NAN);
		wb_svg_number(h, sizeof(h), cJSON_IsNumber(hi) ? hi->valuedouble : NAN);
		wb_svg_number(th, sizeof(th), wb_html_num(c, "threshold"));
		wb_textbuf_add(d->out, "<tr><td>");
		text(d, wb_html_str(c, "shape"));
		wb_textbuf_add(d->out, "</td><td>");
		text(d, wb_html_str(c, "metric"));
		wb_textbuf_add(d->out, "</td><td>%s [%s, %s]</td><td>%s</td>", v, l, h, th);
		wb_html_open_class(d, "td", "result-", wb_html_str(c, "result"));
		text(d, wb_html_str(c, "result"));
		wb_textbuf_add(d->out, "</td><td class=\"small\">");
		text(d, wb_html_str(c, "source"));
		wb_textbuf_add(d->out, "</td></tr>\n");
	}
	wb_textbuf_add(d->out, "</table>\n");
	if (cJSON_GetArraySize(tiers) > 1) {
		wb_textbuf_add(d->out, "<p>Every tier: ");
		cJSON_ArrayForEach(c, tiers) {
			wb_html_open_class(d, "span", "tier result-", wb_html_str(c, "verdict"));
			text(d, wb_html_str(c, "tier"));
			wb_textbuf_add(d->out, " ");
			text(d, wb_html_str(c, "verdict"));
			wb_textbuf_add(d->out, "</span> ");
		}
		wb_textbuf_add(d->out, "</p>\n");
	}
	trend = cJSON_GetObjectItem(q, "trend");
	if (*wb_html_str(trend, "line")) {
		wb_textbuf_add(d->out, "<p><strong>Burst against sustained:</strong> ");
		text(d, wb_html_str(trend, "line"));
		wb_textbuf_add(d->out, "</p>\n");
	}
	slice_chart(d, r);
}

void wb_html_decision(struct wb_svg_doc *d, const struct wb_report_run *r)
{
	const cJSON *rec = cJSON_GetObjectItem(r->tree, "recommendation");
	const cJSON *q = cJSON_GetObjectItem(r->tree, "qualification");

	wb_textbuf_add(d->out, "<section class=\"decision\"><h2>Decision</h2>\n");
	failures(d, r);
	if (cJSON_IsObject(rec))
		recommendation(d, rec);
	if (cJSON_IsObject(q))
		qualification(d, r, q);
	if (!cJSON_IsObject(rec) && !cJSON_IsObject(q)) {
		wb_textbuf_add(d->out, "<p>This file holds measurements only (it was written by "
				       "<code>walbench ");
		text(d, *r->saved->command ? r->saved->command : "run");
		wb_textbuf_add(d->out, "</code>, which decides nothing); <code>walbench "
				       "recommend</code> and <code>walbench qualify</code> add a "
				       "decision.</p>\n");
	}
	wb_html_advice(d, r);
	wb_textbuf_add(d->out, "</section>\n");
}
