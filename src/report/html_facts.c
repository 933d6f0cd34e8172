/* html_facts.c — the HTML report's advisories and findings (shown with the
 * decision: they are risks the reader must act on), and the bottom of each
 * file's column (html_parts.h): what walbench found out about the device and
 * the kernel, and how the file was made, so a reader can repeat the run word
 * for word. */
#include "report/html_parts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static void text(struct wb_svg_doc *d, const char *s)
{
	wb_svg_escape(d->out, s);
}

/* One advisory or finding: "severity: what (value) — what to do", and why
 * in small print; value_key NULL when the item has none. */
static void advice_item(struct wb_svg_doc *d, const cJSON *a, const char *what_key,
			const char *value_key, const char *do_key, const char *why_key)
{
	wb_html_open_class(d, "li", "sev-", wb_html_str(a, "severity"));
	wb_textbuf_add(d->out, "<strong>");
	text(d, wb_html_str(a, "severity"));
	wb_textbuf_add(d->out, ": ");
	text(d, wb_html_str(a, what_key));
	wb_textbuf_add(d->out, "</strong>");
	if (value_key) {
		wb_textbuf_add(d->out, " (");
		text(d, wb_html_str(a, value_key));
		wb_textbuf_add(d->out, ")");
	}
	wb_textbuf_add(d->out, " &mdash; ");
	text(d, wb_html_str(a, do_key));
	wb_textbuf_add(d->out, "<br><span class=\"small\">");
	text(d, wb_html_str(a, why_key));
	wb_textbuf_add(d->out, "</span></li>\n");
}

void wb_html_advice(struct wb_svg_doc *d, const struct wb_report_run *r)
{
	const cJSON *advisories = cJSON_GetObjectItem(cJSON_GetObjectItem(r->tree, "recommendation"),
						      "advisories");
	const cJSON *findings = cJSON_GetObjectItem(r->tree, "findings"), *a;

	if (!cJSON_GetArraySize(advisories) && !cJSON_GetArraySize(findings))
		return;
	wb_textbuf_add(d->out, "<h3>Advisories and findings: risks in the storage and the OS</h3>\n"
			       "<ul class=\"advice\">\n");
	cJSON_ArrayForEach(a, advisories)
		advice_item(d, a, "fact", "value", "advice", "reason");
	cJSON_ArrayForEach(a, findings)
		advice_item(d, a, "name", NULL, "evidence", "advice");
	wb_textbuf_add(d->out, "</ul>\n");
}

/* A JSON value as a table cell: scalars as they are, arrays and objects as
 * compact JSON (the device stack's layers and disks). */
static void cell(struct wb_svg_doc *d, const cJSON *v)
{
	char *json;

	if (cJSON_IsString(v)) {
		text(d, v->valuestring);
	} else if (cJSON_IsNumber(v)) {
		wb_textbuf_add(d->out, "%.15g", v->valuedouble);
	} else if (cJSON_IsBool(v)) {
		wb_textbuf_add(d->out, "%s", cJSON_IsTrue(v) ? "true" : "false");
	} else if (cJSON_IsNull(v)) {
		wb_textbuf_add(d->out, "<span class=\"small\">unknown</span>");
	} else if ((json = cJSON_PrintUnformatted(v))) {
		wb_textbuf_add(d->out, "<code class=\"small\">");
		text(d, json);
		wb_textbuf_add(d->out, "</code>");
		cJSON_free(json);
	} else {
		d->out->failed = true;
	}
}

/* Every member of obj as a row; an object member (os.vm) as its own rows. */
static void fact_rows(struct wb_svg_doc *d, const char *prefix, const cJSON *obj)
{
	const cJSON *v;

	cJSON_ArrayForEach(v, obj) {
		if (cJSON_IsObject(v)) {
			char sub[128];

			snprintf(sub, sizeof(sub), "%s%s.", prefix, v->string);
			fact_rows(d, sub, v);
			continue;
		}
		wb_textbuf_add(d->out, "<tr><th>");
		text(d, prefix);
		text(d, v->string ? v->string : "");
		wb_textbuf_add(d->out, "</th><td>");
		cell(d, v);
		wb_textbuf_add(d->out, "</td></tr>\n");
	}
}

/* One word of a command line as a shell would need it typed. */
static void shell_word(struct wb_svg_doc *d, const char *w)
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

static void provenance(struct wb_svg_doc *d, const struct wb_report_run *r)
{
	const cJSON *words = cJSON_GetObjectItem(r->tree, "command_line"), *w;
	const cJSON *host = cJSON_GetObjectItem(r->tree, "host");
	char when[64] = "unknown";

	/* The reader's figure, not the tree's: it refused what is not a time. */
	if (r->saved->started_unix > 0) {
		time_t t = (time_t)r->saved->started_unix;
		struct tm tm;

		if (gmtime_r(&t, &tm))
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	}
	wb_textbuf_add(d->out, "<h3>How this was measured</h3>\n");
	if (cJSON_GetArraySize(words)) {
		wb_textbuf_add(d->out, "<pre>");
		cJSON_ArrayForEach(w, words) {
			if (w != words->child)
				wb_textbuf_add(d->out, " ");
			if (cJSON_IsString(w))
				shell_word(d, w->valuestring);
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
	text(d, wb_html_str(host, "target"));
	wb_textbuf_add(d->out, "</td></tr>\n</table>\n<details><summary>Every option, as "
			       "used</summary><table>\n");
	fact_rows(d, "", cJSON_GetObjectItem(r->tree, "config"));
	wb_textbuf_add(d->out, "</table></details>\n");
}

void wb_html_facts(struct wb_svg_doc *d, const struct wb_report_run *r)
{
	const cJSON *host = cJSON_GetObjectItem(r->tree, "host");

	wb_textbuf_add(d->out, "<section class=\"facts\"><h2>Device, kernel and run</h2>\n");
	wb_textbuf_add(d->out, "<details open><summary>The storage under the test file"
			       "</summary><table class=\"facts\">\n");
	fact_rows(d, "", cJSON_GetObjectItem(host, "device"));
	wb_textbuf_add(d->out, "</table></details>\n<details><summary>The kernel's settings that "
			       "matter for WAL</summary><table class=\"facts\">\n");
	fact_rows(d, "", cJSON_GetObjectItem(host, "os"));
	wb_textbuf_add(d->out, "</table></details>\n");
	provenance(d, r);
	wb_textbuf_add(d->out, "</section>\n");
}
