/* html_facts.c — the HTML report's advisories and findings (shown with the
 * decision: they are risks the reader must act on), and the bottom of each
 * file's column (html_parts.h): what walbench found out about the device and
 * the kernel, and how the file was made, so a reader can repeat the run word
 * for word. */
#include "report/html_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void text(struct wb_html_doc *d, const char *s)
{
	wb_svg_escape(d->out, s);
}

/* One advisory or finding: "severity: what (value) — what to do", and why
 * in small print; value NULL when the item has none. */
static void advice_item(struct wb_html_doc *d, const char *severity, const char *what,
			const char *value, const char *to_do, const char *why)
{
	wb_html_open_class(d, "li", "sev-", severity);
	wb_textbuf_add(d->out, "<strong>");
	text(d, severity);
	wb_textbuf_add(d->out, ": ");
	text(d, what);
	wb_textbuf_add(d->out, "</strong>");
	if (value) {
		wb_textbuf_add(d->out, " (");
		text(d, value);
		wb_textbuf_add(d->out, ")");
	}
	wb_textbuf_add(d->out, " &mdash; ");
	text(d, to_do);
	wb_textbuf_add(d->out, "<br><span class=\"small\">");
	text(d, why);
	wb_textbuf_add(d->out, "</span></li>\n");
}

void wb_html_advice(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_results *s = r->saved;
	size_t i;

	if (!s->rec.nadvisories && !s->nfindings)
		return;
	wb_textbuf_add(d->out, "<h3>Advisories and findings: risks in the storage and the OS</h3>\n"
			       "<ul class=\"advice\">\n");
	for (i = 0; i < s->rec.nadvisories; i++) {
		const struct wb_saved_advisory *a = &s->rec.advisories[i];

		advice_item(d, a->severity, a->fact, a->value, a->advice, a->reason);
	}
	for (i = 0; i < s->nfindings; i++) {
		const struct wb_saved_finding *f = &s->findings[i];

		advice_item(d, f->severity, f->name, NULL, f->evidence, f->advice);
	}
	wb_textbuf_add(d->out, "</ul>\n");
}

/* Past this a double no longer holds every whole number. */
#define EXACT_WHOLE 9007199254740992.0

/* x in the fewest digits that read back as x: --trial-time 0.2 is saved as
 * the double nearest 0.2, which %.17g prints 0.20000000000000001. */
static void shortest(struct wb_html_doc *d, double x)
{
	char buf[32];
	int digits;

	for (digits = 1; digits < 17; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	wb_textbuf_add(d->out, "%.*g", digits, x);
}

/* A fact as a table cell: scalars as they are, arrays as compact JSON (the
 * device stack's layers and disks), null as null_word. A whole number is
 * printed whole: a --seed of 4232575366279279 read 4.23257536627928e+15,
 * which cannot be typed back to repeat the run. */
static void cell(struct wb_html_doc *d, const struct wb_saved_fact *f, const char *null_word)
{
	switch (f->kind) {
	case WB_SAVED_FACT_STRING:
		text(d, f->text);
		break;
	case WB_SAVED_FACT_NUMBER:
		if (f->number == floor(f->number) && fabs(f->number) < EXACT_WHOLE)
			wb_textbuf_add(d->out, "%.0f", f->number);
		else
			shortest(d, f->number);
		break;
	case WB_SAVED_FACT_BOOL:
		wb_textbuf_add(d->out, "%s", f->yes ? "true" : "false");
		break;
	case WB_SAVED_FACT_NULL:
		wb_textbuf_add(d->out, "<span class=\"small\">%s</span>", null_word);
		break;
	case WB_SAVED_FACT_JSON:
		wb_textbuf_add(d->out, "<code class=\"small\">");
		text(d, f->text);
		wb_textbuf_add(d->out, "</code>");
		break;
	}
}

/* Every fact as a row: its name, its value (null_word where it has none). */
static void fact_rows(struct wb_html_doc *d, const struct wb_saved_facts *facts,
		      const char *null_word)
{
	size_t i;

	for (i = 0; i < facts->n; i++) {
		wb_textbuf_add(d->out, "<tr><th>");
		text(d, facts->v[i].name);
		wb_textbuf_add(d->out, "</th><td>");
		cell(d, &facts->v[i], null_word);
		wb_textbuf_add(d->out, "</td></tr>\n");
	}
}

/* One word of a command line as a shell would need it typed. */
static void shell_word(struct wb_html_doc *d, const char *w)
{
	const char *p;
	bool plain = *w != '\0';

	for (p = w; *p && plain; p++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			       "_-./,:=@%+", *p) != NULL;
	if (plain) {
		text(d, w);
		return;
	}
	wb_textbuf_add(d->out, "'");
	for (p = w; *p; p++) {
		char one[2] = { *p, '\0' };

		if (*p == '\'')
			wb_textbuf_add(d->out, "'\\''");
		else
			text(d, one);
	}
	wb_textbuf_add(d->out, "'");
}

static void provenance(struct wb_html_doc *d, const struct wb_report_run *r)
{
	const struct wb_saved_lines *words = &r->saved->command_line;
	char when[64] = "unknown";
	size_t i;

	/* The reader's figure, not the tree's: it refused what is not a time. */
	if (r->saved->started_unix > 0) {
		time_t t = (time_t)r->saved->started_unix;
		struct tm tm;

		if (gmtime_r(&t, &tm))
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	}
	wb_textbuf_add(d->out, "<h3>How this was measured</h3>\n");
	if (words->n) {
		wb_textbuf_add(d->out, "<pre>");
		for (i = 0; i < words->n; i++) {
			if (i)
				wb_textbuf_add(d->out, " ");
			if (words->v[i])
				shell_word(d, words->v[i]);
		}
		wb_textbuf_add(d->out, "</pre>\n");
	} else {
		wb_textbuf_add(d->out, "<p>The file does not record its command line (schema "
				       "version %d; walbench writes it from version 6 on). Its "
				       "options, as used:</p>\n", r->saved->schema_version);
	}
	wb_textbuf_add(d->out, "<table>\n<tr><th>file</th><td>");
	text(d, r->saved->path);
	wb_textbuf_add(d->out, "</td></tr>\n<tr><th>walbench</th><td>");
	text(d, r->saved->walbench_version);
	wb_textbuf_add(d->out, " (results schema %d)</td></tr>\n<tr><th>host</th><td>",
		       r->saved->schema_version);
	text(d, r->saved->hostname);
	wb_textbuf_add(d->out, ", ");
	text(d, r->saved->kernel);
	wb_textbuf_add(d->out, "</td></tr>\n<tr><th>started</th><td>%s</td></tr>\n", when);
	wb_textbuf_add(d->out, "<tr><th>tested in</th><td>");
	text(d, r->saved->target);
	wb_textbuf_add(d->out, "</td></tr>\n</table>\n<details><summary>Every option, as "
			       "used</summary><table>\n");
	fact_rows(d, &r->saved->config_facts, "not set"); /* an option not given */
	wb_textbuf_add(d->out, "</table></details>\n");
}

void wb_html_facts(struct wb_html_doc *d, const struct wb_report_run *r)
{
	wb_textbuf_add(d->out, "<section class=\"facts\"><h2>Device, kernel and run</h2>\n");
	wb_textbuf_add(d->out, "<details open><summary>The storage under the test file"
			       "</summary><table class=\"facts\">\n");
	fact_rows(d, &r->saved->device_facts, "unknown");
	wb_textbuf_add(d->out, "</table></details>\n<details><summary>The kernel's settings that "
			       "matter for WAL</summary><table class=\"facts\">\n");
	fact_rows(d, &r->saved->os_facts, "unknown");
	wb_textbuf_add(d->out, "</table></details>\n");
	provenance(d, r);
	wb_textbuf_add(d->out, "</section>\n");
}
