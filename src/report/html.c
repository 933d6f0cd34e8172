/* html.c — the HTML report's document (html.h): the page, its stylesheet, and
 * the layout. One file: its decision, measurements and facts in one column.
 * Several (hosts of a fleet, runs before and after a change): an overview with
 * one column per file, the tests they share drawn together with one bar per
 * file, then each file's own column side by side. Nothing in the page loads
 * from anywhere: the CSS is inline, the charts are inline SVG, there is no
 * script, so it opens offline and archives as one file. */
#include "report/html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/compare.h"
#include "model/version.h"
#include "report/atomic_file.h"
#include "report/html_parts.h"

/* The narrowest a file's column is: its charts (640 units wide) scale down
 * to it and stay readable. The columns wrap onto more rows instead of
 * running past the page: a grid of columns at least a chart's full width,
 * scrolled sideways, hid the third of three at 1400 px, and its scroll bar
 * sat at the bottom of pages of charts. */
#define COLUMN_MIN_PX 560

static const char stylesheet[] =
	"body{font-family:sans-serif;font-size:14px;line-height:1.4;margin:1.5em;color:#111;}\n"
	"h1{font-size:1.6em;margin:0 0 .2em}h2{font-size:1.3em;border-bottom:2px solid #333;"
	"margin-top:1.6em}h3{font-size:1.05em;margin:1.2em 0 .4em}\n"
	".columns{display:grid;gap:2em}\n"
	".run{min-width:0;overflow-wrap:anywhere}\n"
	".runlabel{background:#eee;padding:.3em .5em;border:none;margin-top:0}\n"
	".headline{font-size:1.2em;font-weight:bold;border-left:6px solid #0072B2;"
	"padding:.3em .6em;background:#f3f7fb}\n"
	".verdict-pass{border-color:#009E73}.verdict-fail{border-color:#b00000}"
	".verdict-inconclusive{border-color:#E69F00}\n"
	".state-switch{border-color:#009E73}.state-tie,.state-keep{border-color:#0072B2}"
	".state-undecided{border-color:#E69F00}.state-failed{border-color:#b00000}\n"
	".state-move{border-color:#009E73}.state-depends{border-color:#E69F00}"
	".state-keep-ram{border-color:#0072B2}\n"
	".state{border-left:6px solid #999;padding:.2em .6em}.state strong{text-transform:"
	"uppercase;letter-spacing:.05em}\n"
	".alarm{border:2px solid #b00000;background:#fff0f0;padding:.5em .8em;margin:.6em 0}\n"
	".result-pass{color:#006b4f;font-weight:bold}.result-fail{color:#b00000;"
	"font-weight:bold}.result-inconclusive{color:#8a5a00;font-weight:bold}\n"
	".tier{border:1px solid #999;border-radius:3px;padding:0 .3em;margin-right:.3em}\n"
	/* a table wider than its column scrolls inside its own box */
	"table{border-collapse:collapse;margin:.5em 0;display:block;max-width:100%;"
	"overflow-x:auto}td,th{border:1px solid #bbb;"
	"padding:.2em .45em;vertical-align:top;text-align:left}th{background:#f4f4f4}\n"
	"table.facts th{font-weight:normal;font-family:monospace}\n"
	"pre{background:#f6f6f6;border:1px solid #ccc;padding:.5em;white-space:pre-wrap}\n"
	".small{font-size:.85em;color:#444}.caption{margin-bottom:0}\n"
	".charts svg.chart{display:block;max-width:100%;height:auto;margin:.4em 0 1em}\n"
	"svg.chart{max-width:100%;height:auto}\n"
	"ul.advice li{margin-bottom:.4em}.sev-warn strong,.sev-risk strong{color:#8a3b00}\n"
	"@media print{body{margin:0;font-size:11px}.columns{display:block}"
	".run{page-break-before:always}details{display:block}"
	".headline{background:none}}\n";

/* "fdatasync - db1" rows, one style (pattern, colour) per file. */
static void shared_group(struct wb_html_doc *d, const struct wb_report_run *runs, size_t n,
			 const struct wb_saved_test *const *uniq, size_t nuniq)
{
	struct wb_svg_bar *bars = calloc(nuniq * n, sizeof(*bars));
	char (*labels)[160] = calloc(nuniq * n, 160);
	char (*notes)[160] = calloc(nuniq * n, 160);
	const char **styles = calloc(n, sizeof(*styles));
	size_t u, i, k, nb = 0;
	bool unsynced = true;
	struct wb_html_op op;
	char title[160];

	if (!bars || !labels || !notes || !styles) {
		d->out->failed = true;
		goto out;
	}
	for (u = 0; u < nuniq; u++)
		for (i = 0; i < n; i++)
			for (k = 0; k < runs[i].saved->ntests; k++) {
				const struct wb_saved_test *t = &runs[i].saved->tests[k];

				if (!wb_compare_same_test(t, uniq[u]))
					continue;
				snprintf(labels[nb], 160, "%s \xc2\xb7 %s", t->method, runs[i].label);
				wb_html_bar(t, labels[nb], (unsigned)i, notes[nb], 160, &bars[nb]);
				styles[i] = runs[i].label;
				nb++;
				break;
			}
	for (u = 0; u < nuniq; u++)
		unsynced = unsynced && wb_html_unsynced(uniq[u]);
	op = wb_html_op_of(unsynced, uniq[0]->writes_per_op);
	wb_html_group_heading(d, uniq[0], true, unsynced);
	wb_textbuf_add(d->out, "<div class=\"charts\">\n");
	snprintf(title, sizeof(title), "%s, each file's own 95 %% interval", op.per_second);
	wb_svg_bars(d, title, op.unit, bars, nb, styles, n);
	wb_textbuf_add(d->out, "</div>\n");
out:
	free(styles);
	free(notes);
	free(labels);
	free(bars);
}

/* Several files: the tests they share, one bar per file. */
static void side_by_side(struct wb_html_doc *d, const struct wb_report_run *runs, size_t n)
{
	const struct wb_saved_test **uniq, **group;
	size_t *seen, total = 0, nuniq = 0, i, k, u, v;
	bool *done;

	for (i = 0; i < n; i++)
		total += runs[i].saved->ntests;
	uniq = calloc(total + 1, sizeof(*uniq));
	group = calloc(total + 1, sizeof(*group));
	seen = calloc(total + 1, sizeof(*seen));
	done = calloc(total + 1, sizeof(*done));
	if (!uniq || !group || !seen || !done) {
		d->out->failed = true;
		goto out;
	}
	/* Each distinct test once, in the order the files first name it, with the
	 * number of files that hold it. */
	for (i = 0; i < n; i++)
		for (k = 0; k < runs[i].saved->ntests; k++) {
			const struct wb_saved_test *t = &runs[i].saved->tests[k];

			for (u = 0; u < nuniq && !wb_compare_same_test(uniq[u], t); u++)
				;
			if (u == nuniq)
				uniq[nuniq++] = t;
			seen[u]++;
		}
	wb_textbuf_add(d->out, "<section class=\"shared\"><h2>The tests the files share</h2>\n");
	for (u = 0, k = 0; u < nuniq; u++)
		k += seen[u] >= 2;
	if (!k)
		wb_textbuf_add(d->out, "<p>No test was run the same way in two of these files "
				       "(the same method, engine, size, pattern and concurrency); "
				       "each file's own figures are in its column below.</p>\n");
	for (u = 0; u < nuniq; u++) {
		size_t ng = 0;

		if (done[u] || seen[u] < 2)
			continue;
		for (v = u; v < nuniq; v++)
			if (!done[v] && seen[v] >= 2 && wb_html_same_group(uniq[u], uniq[v], false)) {
				group[ng++] = uniq[v];
				done[v] = true;
			}
		shared_group(d, runs, n, group, ng);
	}
	wb_textbuf_add(d->out, "</section>\n");
out:
	free(done);
	free(seen);
	free(group);
	free(uniq);
}

/* One row of the overview: a heading, then one cell per file. */
static void overview(struct wb_html_doc *d, const struct wb_report_run *runs, size_t n)
{
	size_t i;

	wb_textbuf_add(d->out, "<section class=\"overview\"><h2>Overview</h2>\n<table>\n<tr><th>"
			       "</th>");
	for (i = 0; i < n; i++) {
		wb_textbuf_add(d->out, "<th>");
		wb_svg_escape(d->out, runs[i].label);
		wb_textbuf_add(d->out, "</th>");
	}
	wb_textbuf_add(d->out, "</tr>\n<tr><th>answer</th>");
	for (i = 0; i < n; i++) {
		const struct wb_saved_results *s = runs[i].saved;

		wb_textbuf_add(d->out, "<td>");
		wb_svg_escape(d->out, *s->headline ? s->headline : "measurements only");
		wb_textbuf_add(d->out, "</td>");
	}
	wb_textbuf_add(d->out, "</tr>\n<tr><th>failures</th>");
	for (i = 0; i < n; i++) {
		const struct wb_saved_results *s = runs[i].saved;
		size_t bad = wb_html_failed_tests(s);

		if (bad || s->partial)
			wb_textbuf_add(d->out, "<td class=\"result-fail\">%zu failed%s</td>", bad,
				       s->partial ? ", partial" : "");
		else
			wb_textbuf_add(d->out, "<td>none</td>");
	}
	wb_textbuf_add(d->out, "</tr>\n<tr><th>command</th>");
	for (i = 0; i < n; i++) {
		wb_textbuf_add(d->out, "<td>");
		wb_svg_escape(d->out, *runs[i].saved->command ? runs[i].saved->command : "?");
		wb_textbuf_add(d->out, "</td>");
	}
	wb_textbuf_add(d->out, "</tr>\n<tr><th>storage</th>");
	for (i = 0; i < n; i++) {
		wb_textbuf_add(d->out, "<td>");
		wb_svg_escape(d->out, runs[i].saved->fs_type);
		wb_textbuf_add(d->out, " on ");
		wb_svg_escape(d->out, *runs[i].saved->block_device ? runs[i].saved->block_device :
								     "no block device");
		wb_textbuf_add(d->out, "</td>");
	}
	wb_textbuf_add(d->out, "</tr>\n<tr><th>kernel</th>");
	for (i = 0; i < n; i++) {
		wb_textbuf_add(d->out, "<td>");
		wb_svg_escape(d->out, runs[i].saved->kernel);
		wb_textbuf_add(d->out, "</td>");
	}
	wb_textbuf_add(d->out, "</tr>\n</table>\n</section>\n");
}

char *wb_html_render(const struct wb_report_run *runs, size_t n)
{
	struct wb_textbuf b = { 0 };
	struct wb_html_doc d = { .out = &b };
	size_t i;

	wb_textbuf_add(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			   "<meta name=\"generator\" content=\"walbench %s\">\n<title>walbench "
			   "report: ", WB_VERSION);
	for (i = 0; i < n; i++) {
		wb_svg_escape(&b, runs[i].label);
		wb_textbuf_add(&b, i + 1 < n ? ", " : "");
	}
	wb_textbuf_add(&b, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>walbench report"
			   "</h1>\n<p class=\"small\">", stylesheet);
	for (i = 0; i < n; i++) {
		wb_svg_escape(&b, runs[i].saved->path);
		wb_textbuf_add(&b, i + 1 < n ? " &middot; " : "");
	}
	wb_textbuf_add(&b, " &mdash; drawn by walbench %s. Bars are the mean rate of the trials; "
			   "whiskers its 95 %% interval. Series differ by pattern, shape and dash "
			   "as well as colour.</p>\n", WB_VERSION);
	if (n > 1) {
		overview(&d, runs, n);
		side_by_side(&d, runs, n);
	}
	wb_textbuf_add(&b, "<div class=\"columns\" style=\"grid-template-columns:repeat(auto-fit,"
			   "minmax(min(%dpx,100%%),1fr))\">\n", COLUMN_MIN_PX);
	for (i = 0; i < n; i++) {
		wb_textbuf_add(&b, "<div class=\"run\">\n");
		if (n > 1) {
			wb_textbuf_add(&b, "<h2 class=\"runlabel\">");
			wb_svg_escape(&b, runs[i].label);
			wb_textbuf_add(&b, "</h2>\n");
		}
		wb_html_decision(&d, &runs[i]);
		wb_html_observed(&d, &runs[i]);
		wb_html_tests(&d, &runs[i]);
		wb_html_facts(&d, &runs[i]);
		wb_textbuf_add(&b, "</div>\n");
	}
	wb_textbuf_add(&b, "</div>\n</body>\n</html>\n");
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

int wb_html_write(const char *path, const struct wb_report_run *runs, size_t n, const char **why)
{
	return wb_write_rendered(path, wb_html_render(runs, n), "rendering the report", why);
}
