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
#include "advice/placement_model.h"
#include "advice/recommend.h"
#include "model/units.h"
#include "report/words.h"

static void text(struct wb_html_doc *d, const char *s)
{
	wb_svg_escape(d->out, s);
}

/* <p class="cls">s</p>, nothing when s is empty. */
static void para(struct wb_html_doc *d, const char *cls, const char *s)
{
	if (!*s)
		return;
	wb_textbuf_add(d->out, "<p class=\"%s\">", cls);
	text(d, s);
	wb_textbuf_add(d->out, "</p>\n");
}

/* An array of strings as lines of a <pre>, for pasting. */
static void pre_lines(struct wb_html_doc *d, const char *caption, const struct wb_saved_lines *l)
{
	size_t i;

	if (!l->n)
		return;
	wb_textbuf_add(d->out, "<p class=\"caption\">");
	text(d, caption);
	wb_textbuf_add(d->out, "</p>\n<pre>");
	for (i = 0; i < l->n; i++) {
		if (l->v[i]) {
			text(d, l->v[i]);
			wb_textbuf_add(d->out, "\n");
		}
	}
	wb_textbuf_add(d->out, "</pre>\n");
}

/* "+12.3 % [8.1, 16.0]" from a margin and its interval (NAN: none). */
static void margin(char *buf, size_t len, double pct, struct wb_saved_range ci)
{
	bool both = !isnan(ci.low) && !isnan(ci.high);

	if (!isfinite(pct))
		snprintf(buf, len, "-");
	else if (pct == 0 && both && ci.low == 0 && ci.high == 0)
		snprintf(buf, len, "the default itself");
	else if (both)
		snprintf(buf, len, "%+.1f %% [%.1f, %.1f]", pct, ci.low, ci.high);
	else
		snprintf(buf, len, "%+.1f %%", pct);
}

/* Tests that failed: every one named, with the reason, in red, on top. */
static void failures(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;
	size_t i, bad = 0;

	if (s->partial) {
		wb_textbuf_add(d->out, "<div class=\"alarm\"><strong>Partial results:</strong> a "
				       "signal (");
		text(d, s->interrupted_by);
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
static void decision_row(struct wb_html_doc *d, const char *what, const struct wb_saved_choice *o)
{
	char m[96];

	if (!o->present)
		return;
	margin(m, sizeof(m), o->margin_pct, o->ci95_pct);
	wb_textbuf_add(d->out, "<tr><td>");
	text(d, what);
	wb_textbuf_add(d->out, "</td><td><code>");
	text(d, o->method);
	wb_textbuf_add(d->out, "</code></td><td>");
	text(d, m);
	wb_textbuf_add(d->out, "</td><td>");
	text(d, o->reason);
	wb_textbuf_add(d->out, "</td></tr>\n");
}

/* Undecided: the open method the headline names, on its flush, against the
 * default, as a row of the table beside the parts. */
static void open_row(struct wb_html_doc *d, const struct wb_saved_recommendation *rec)
{
	const struct wb_saved_settle *st = &rec->settle;
	const struct wb_saved_comparison *c = &st->vs_baseline;
	char what[64], flush[WB_WORDS_FLUSH_LEN];

	if (rec->state != WB_SAVED_REC_UNDECIDED || !rec->undecided || !st->known)
		return;
	if (st->flush_known)
		snprintf(what, sizeof(what), "still open (%s)",
			 wb_words_flush(st->shape, st->flush_bytes, flush, sizeof(flush)));
	else
		snprintf(what, sizeof(what), "still open");
	decision_row(d, what, &(struct wb_saved_choice){
		.present = true, .method = st->method, .margin_pct = c->diff_pct,
		.ci95_pct = { c->ci_low_pct, c->ci_high_pct },
		.reason = "what the headline says may still gain most" });
}

#define PLACEMENT_BARS (2 * (2 + 8))

/* The bars of the placement chart, and the text they point to. */
struct placement_bars {
	struct wb_svg_bar bar[PLACEMENT_BARS];
	char label[PLACEMENT_BARS][160], note[PLACEMENT_BARS][64];
	size_t n;
};

/* One bar: the commits per second of a placement row (v), style 0 for one
 * session, 1 for the group of committers. */
static void placement_bar(struct placement_bars *p, const char *label, double v, unsigned style)
{
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
static void placement_chart(struct wb_html_doc *d, const struct wb_saved_placement *pl)
{
	static const char *const series[] = { "one session", "group commit" };
	struct placement_bars p = { .n = 0 };
	char label[160];
	size_t k;

	/* pg_wal on a volume of its own: (a) and (b) are that volume's */
	const char *idle = *pl->wal_now ? "pg_wal's own volume, idle" : "data volume, idle";
	const char *loaded = *pl->wal_now ? "pg_wal's own volume, data under load"
					  : "data volume, under load";

	placement_bar(&p, idle, pl->idle_commit.commits_per_s, 0);
	placement_bar(&p, idle, pl->idle_group.commits_per_s, 1);
	placement_bar(&p, loaded, pl->loaded_commit.commits_per_s, 0);
	placement_bar(&p, loaded, pl->loaded_group.commits_per_s, 1);
	for (k = 0; k < pl->n; k++) {
		snprintf(label, sizeof(label), "%s, data under load", pl->c[k].path);
		placement_bar(&p, label, pl->c[k].commit.commits_per_s, 0);
		placement_bar(&p, label, pl->c[k].group.commits_per_s, 1);
	}
	wb_svg_bars(d, "Commits per second where pg_wal could live", "commits/s", p.bar, p.n,
		    series, 2);
}

static void placement(struct wb_html_doc *d, const struct wb_saved_placement *pl)
{
	size_t k;

	if (!pl->present)
		return;
	wb_textbuf_add(d->out, "<h3>Where pg_wal belongs</h3>\n");
	if (*pl->failure)
		para(d, "alarm", pl->failure);
	/* The verdict's state as a class (undecided in amber), from the file's
	 * state; older files have none and keep the plain headline. */
	if (*pl->headline) {
		wb_html_open_class(d, "p", "headline state-", pl->state);
		text(d, pl->headline);
		wb_textbuf_add(d->out, "</p>\n");
	}
	para(d, "", pl->context);
	if (pl->has_candidates) {
		placement_chart(d, pl);
		wb_textbuf_add(d->out, "<table><tr><th>candidate</th><th>storage</th><th>commit "
				       "gain, 95 %%</th><th>move</th><th>why</th></tr>\n");
		for (k = 0; k < pl->n; k++) {
			const struct wb_saved_candidate *c = &pl->c[k];
			char m[96];

			enum wb_model_clip clip = c->model.known ? wb_model_clip_named(c->model.clip)
							   : WB_CLIP_NONE;

			/* a capped prediction reads as the text's: a bound, not an interval */
			if (clip == WB_CLIP_POINT || clip == WB_CLIP_ALL)
				wb_words_model_gain(clip, c->gain.pct, c->gain.ci95_pct.low,
						    c->gain.ci95_pct.high, m, sizeof(m));
			else
				margin(m, sizeof(m), c->gain.pct, c->gain.ci95_pct);
			wb_textbuf_add(d->out, "<tr><td><code>");
			text(d, c->path);
			wb_textbuf_add(d->out, "</code></td><td>");
			text(d, c->device);
			if (c->same_device)
				wb_textbuf_add(d->out, *pl->wal_now ? " (pg_wal's own disk now)"
								    : " (the data's own disk)");
			wb_textbuf_add(d->out, "</td><td>");
			text(d, m);
			wb_textbuf_add(d->out, "</td><td>%s</td><td>",
				       c->move && c->recommended ? "<strong>yes</strong>" :
				       c->move ? "faster, but not recommended" :
				       c->depends_on_load ? "depends on the load" : "no");
			text(d, c->reason);
			wb_textbuf_add(d->out, "</td></tr>\n");
		}
		wb_textbuf_add(d->out, "</table>\n");
	}
	pre_lines(d, "Steps to move pg_wal:", &pl->steps);
}

/* The state, from the file's state (never its headline): its word and what
 * it proved, and the headline bordered in the state's colour. An undecided
 * file older than states said "not worth a change" of what it never proved:
 * its headline is replaced. */
static void rec_state(struct wb_html_doc *d, const struct wb_saved_recommendation *rec,
		      const char *method, bool partial)
{
	const char *name = wb_rec_state_name((enum wb_rec_state)rec->state);
	char old[WB_WORDS_OLD_UNDECIDED_LEN];

	wb_html_open_class(d, "p", "state state-", name);
	wb_textbuf_add(d->out, "<strong>");
	text(d, wb_words_rec_state_label(rec->state));
	wb_textbuf_add(d->out, "</strong>: ");
	text(d, wb_words_rec_state_meaning(rec->state, partial));
	wb_textbuf_add(d->out, "</p>\n");
	if (!*rec->headline)
		return;
	wb_html_open_class(d, "p", "headline state-", name);
	text(d, rec->state == WB_SAVED_REC_UNDECIDED && rec->state_derived
		? wb_words_rec_old_undecided(method, old, sizeof(old)) : rec->headline);
	wb_textbuf_add(d->out, "</p>\n");
}

static void recommendation(struct wb_html_doc *d, const struct wb_saved_recommendation *rec,
			   const char *method, bool partial)
{
	char label[96];

	/* where pg_wal belongs first, then the method chosen for it: the text's
	 * order (recommend_text.c) */
	placement(d, &rec->placement);
	wb_textbuf_add(d->out, "<h3>Which wal_sync_method</h3>\n");
	if (*rec->failure)
		para(d, "alarm", rec->failure);
	rec_state(d, rec, method, partial);
	para(d, "", rec->reason);
	if (*rec->server.commits_line)
		para(d, "", rec->server.commits_line);
	else if (rec->commit_work.commits_line && *rec->commit_work.commits_line)
		para(d, "", rec->commit_work.commits_line); /* the text's "in commits:" line */
	if (*rec->server.crosscheck_line)
		para(d, "", rec->server.crosscheck_line);
	wb_textbuf_add(d->out, "<table><tr><th>workload</th><th>method</th><th>margin over the "
			       "default, 95 %%</th><th>why</th></tr>\n");
	decision_row(d, "commits (oltp)", &rec->oltp);
	decision_row(d, "bulk flushes", &rec->bulk);
	open_row(d, rec);
	/* The best other method of the part that decides, against the method
	 * chosen: unlabelled, beside a headline's open method on another flush,
	 * one method read as +58 % and -4.7 % in one box. */
	snprintf(label, sizeof(label), "runner-up (%s, against %s)",
		 rec->workload && !strcmp(rec->workload, "bulk") ? "bulk flushes" : "commits",
		 method);
	decision_row(d, label, &rec->runner_up);
	wb_textbuf_add(d->out, "</table>\n");
	if (*rec->commit_delay_reason) {
		wb_textbuf_add(d->out, "<p><strong>commit_delay = %.0f</strong>: ",
			       rec->commit_delay_us);
		text(d, rec->commit_delay_reason);
		wb_textbuf_add(d->out, "</p>\n");
	}
	pre_lines(d, "postgresql.conf:", &rec->config);
	pre_lines(d, "or, on a running server:", &rec->alter_system);
	if (rec->answered && rec->config.n && !rec->alter_system.n) /* schema 28: none to make */
		para(d, "", wb_words_alter_none(rec->server.present, rec->placement.move_to &&
							   *rec->placement.move_to));
}

/* The commit and etcd shapes' rate in each time slice, in the order measured
 * (the shapes take turns, so slice k of each is about as far into the run), so
 * a rate that falls once a cache fills shows as a step down. Where a
 * burst-credit bucket ran dry, its burst and baseline are marked as levels and
 * the drop, before the plateau's first slice, as a moment. */
static void slice_chart(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;
	const struct wb_saved_burst *bu = &s->qual.burst;
	struct wb_svg_series lines[WB_SVG_STYLES];
	struct wb_svg_mark marks[3];
	double xs[512], slice = s->slice_s;
	char axis[96], lab[3][96];
	size_t i, n = 0, nm = 0;

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
	if (*bu->shape && isfinite(bu->plateau_slice)) {
		snprintf(lab[0], sizeof(lab[0]), "%s burst %.0f/s", bu->shape, bu->burst_per_s);
		snprintf(lab[1], sizeof(lab[1]), "%s baseline %.0f/s", bu->shape,
			 bu->baseline_per_s.value);
		snprintf(lab[2], sizeof(lab[2]), "bucket ran dry (%.0f s)", bu->drop_at_s);
		marks[nm++] = (struct wb_svg_mark){ false, bu->burst_per_s, lab[0] };
		marks[nm++] = (struct wb_svg_mark){ false, bu->baseline_per_s.value, lab[1] };
		marks[nm++] = (struct wb_svg_mark){ true, bu->plateau_slice - 0.5, lab[2] };
	}
	if (n)
		wb_svg_lines_marked(d, "Flushes per second in each time slice", axis, "flushes/s",
				    lines, n, marks, nm);
}

/* The provider's rules the results file quotes, each with its page. */
static void provider_rules(struct wb_html_doc *d, const struct wb_saved_burst *bu)
{
	size_t k;

	if (!*bu->volume.line)
		return;
	wb_textbuf_add(d->out, "<p><strong>Provider's rule:</strong> ");
	text(d, bu->volume.line);
	wb_textbuf_add(d->out, "</p>\n<ul class=\"small\">\n");
	for (k = 0; k < bu->volume.nkinds; k++) {
		const struct wb_saved_burst_kind *x = &bu->volume.kinds[k];

		wb_textbuf_add(d->out, "<li><strong>");
		text(d, x->name);
		wb_textbuf_add(d->out, "</strong> (");
		text(d, x->title);
		wb_textbuf_add(d->out, "), bursts: ");
		text(d, x->bursts);
		wb_textbuf_add(d->out, ": ");
		text(d, x->rule);
		if (isfinite(x->baseline))
			wb_textbuf_add(d->out, "; at this size a baseline of %.0f ", x->baseline);
		if (isfinite(x->baseline))
			text(d, x->unit);
		wb_textbuf_add(d->out, " &mdash; %s, ", strcmp(x->basis, "measured") == 0 ?
			       "measured" : "the provider's word, not measured");
		/* a link only to a web page: the file may have been edited by hand */
		if (strncmp(x->source, "https://", 8) == 0) {
			wb_textbuf_add(d->out, "<a href=\"");
			text(d, x->source);
			wb_textbuf_add(d->out, "\">");
			text(d, x->source);
			wb_textbuf_add(d->out, "</a>");
		} else {
			text(d, x->source);
		}
		wb_textbuf_add(d->out, ", read ");
		text(d, x->as_of);
		wb_textbuf_add(d->out, "</li>\n");
	}
	wb_textbuf_add(d->out, "</ul>\n");
}

static void qualification(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_qualification *q = &r->saved->qual;
	size_t k;

	wb_textbuf_add(d->out, "<h3>Does the disk qualify?</h3>\n");
	if (*q->failure)
		para(d, "alarm", q->failure);
	wb_html_open_class(d, "p", "headline verdict-", r->saved->verdict);
	text(d, q->headline);
	wb_textbuf_add(d->out, "</p>\n<table><tr><th>shape</th><th>metric</th><th>measured, "
			       "95 %%</th><th>threshold</th><th>result</th><th>source</th></tr>\n");
	for (k = 0; k < q->ncriteria; k++) {
		const struct wb_saved_criterion *c = &q->criteria[k];
		/* as the text prints them, with the unit and which way the bound goes */
		bool rate = !strcmp(c->metric, wb_q_metric_names[WB_Q_FLUSHES_PER_S]);
		const char *unit = rate ? "/s" : " ms";
		char v[WB_WORDS_Q_FIGURE_LEN], l[WB_WORDS_Q_FIGURE_LEN], h[WB_WORDS_Q_FIGURE_LEN],
		     th[WB_WORDS_Q_FIGURE_LEN];

		wb_words_q_figure(c->fig.value, rate, v, sizeof(v));
		wb_words_q_figure(c->fig.ci95.low, rate, l, sizeof(l));
		wb_words_q_figure(c->fig.ci95.high, rate, h, sizeof(h));
		wb_words_q_figure(c->threshold, rate, th, sizeof(th));
		wb_textbuf_add(d->out, "<tr><td>");
		text(d, c->shape);
		wb_textbuf_add(d->out, "</td><td>");
		text(d, c->metric);
		wb_textbuf_add(d->out, "</td><td>%s%s [%s, %s]</td><td>%s %s%s</td>", v, unit, l, h,
			       rate ? "&ge;" : "&le;", th, unit);
		wb_html_open_class(d, "td", "result-", c->result);
		text(d, c->result);
		if (c->line && *c->line) { /* an inconclusive one's reason, as the text has it */
			wb_textbuf_add(d->out, "<br><span class=\"small\">");
			text(d, c->line);
			wb_textbuf_add(d->out, "</span>");
		}
		wb_textbuf_add(d->out, "</td><td class=\"small\">");
		text(d, c->source);
		wb_textbuf_add(d->out, "</td></tr>\n");
	}
	wb_textbuf_add(d->out, "</table>\n");
	if (q->ntiers > 1) {
		wb_textbuf_add(d->out, "<p>Every tier: ");
		for (k = 0; k < q->ntiers; k++) {
			wb_html_open_class(d, "span", "tier result-", q->tiers[k].verdict);
			text(d, q->tiers[k].tier);
			wb_textbuf_add(d->out, " ");
			text(d, q->tiers[k].verdict);
			wb_textbuf_add(d->out, "</span> ");
		}
		wb_textbuf_add(d->out, "</p>\n");
	}
	if (*q->trend.line) {
		wb_textbuf_add(d->out, "<p><strong>Burst against sustained:</strong> ");
		text(d, q->trend.line);
		wb_textbuf_add(d->out, "</p>\n");
	}
	if (*q->burst.line) {
		wb_textbuf_add(d->out, "<p><strong>Burst credits:</strong> ");
		text(d, q->burst.line);
		wb_textbuf_add(d->out, "</p>\n");
	}
	provider_rules(d, &q->burst);
	slice_chart(d, r);
}

/* "sync overwrite 8kB x16, 2 jobs": a group of tests that differ only in
 * method, as run's text names it. */
static void group_name(const struct wb_saved_group_key *k, char *buf, size_t len)
{
	char size[16];
	size_t n;

	/* A file's size may be anything a double holds (NAN when absent): only a
	 * byte count converts (the fuzzer's NAN was undefined behaviour). */
	if (k->size >= 0.0 && k->size < 18446744073709551616.0)
		wb_format_size((uint64_t)k->size, size, sizeof(size));
	else
		snprintf(size, sizeof(size), "?");
	n = (size_t)snprintf(buf, len, "%s %s %s x%.0f", k->engine, k->pattern, size,
			     k->writes_per_op);
	if (n < len && k->jobs > 1)
		n += (size_t)snprintf(buf + n, len - n, ", %.0f jobs", k->jobs);
	if (n < len && k->groupcommit)
		n += (size_t)snprintf(buf + n, len - n, ", %.0f committers", k->committers);
	if (n < len && k->queue_depth > 1)
		n += (size_t)snprintf(buf + n, len - n, ", depth %.0f", k->queue_depth);
	if (n < len && k->has_label && *k->label)
		snprintf(buf + n, len - n, " [%s]", k->label);
}

/* run --decide: each group's answer against the baseline, why, and for an
 * undecided one what is still open, as the text's "Decision against" lines. */
static void run_decision(struct wb_html_doc *d, const struct wb_saved_decision *x)
{
	char name[160], open[WB_WORDS_SETTLE_LEN];
	size_t g;

	wb_textbuf_add(d->out, "<h3>Decision against <code>");
	text(d, x->baseline);
	wb_textbuf_add(d->out, "</code> (--decide)</h3>\n<p>A switch must gain %.1f %% at "
			       "%.3g %%; a tie fit within &plusmn;%.1f %% at %.3g %%.</p>\n",
		       x->min_gain_pct, 100.0 * x->confidence, x->min_gain_pct,
		       100.0 * x->tie_confidence);
	wb_textbuf_add(d->out, "<table><tr><th>tests</th><th>answer</th><th>method</th>"
			       "<th>why</th></tr>\n");
	for (g = 0; g < x->ngroups; g++) {
		const struct wb_saved_group *o = &x->groups[g];

		group_name(&o->key, name, sizeof(name));
		wb_textbuf_add(d->out, "<tr><td>");
		text(d, name);
		wb_textbuf_add(d->out, "</td>");
		wb_html_open_class(d, "td", "state-", o->state);
		text(d, o->state);
		wb_textbuf_add(d->out, "</td><td><code>");
		text(d, o->method);
		wb_textbuf_add(d->out, "</code></td><td>");
		text(d, o->reason);
		if (o->undecided && o->settle.known) {
			struct wb_saved_settle st = o->settle;

			st.interrupted = x->stopped && !strcmp(x->stopped, "interrupted");
			wb_textbuf_add(d->out, "<br>");
			text(d, wb_words_saved_settle(&st, x->confidence, open, sizeof(open)));
		}
		wb_textbuf_add(d->out, "</td></tr>\n");
	}
	wb_textbuf_add(d->out, "</table>\n");
}

void wb_html_decision(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;

	wb_textbuf_add(d->out, "<section class=\"decision\"><h2>Decision</h2>\n");
	failures(d, r);
	if (s->has_recommendation)
		recommendation(d, &s->rec, s->rec.method, s->partial);
	if (s->has_qualification)
		qualification(d, r);
	if (s->has_decision && !s->has_recommendation)
		run_decision(d, &s->decision);
	else if (!s->has_recommendation && !s->has_qualification) {
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
