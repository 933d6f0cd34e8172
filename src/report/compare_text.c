/* compare_text.c — compare's text report. The summary line comes first because a
 * CI log shows the first line; the table after it says where the summary's
 * figures come from, and its header line says what kind of interval they are. */
#include "report/compare_text.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "report/sentence.h"
#include "report/words.h"

/* Where each file was measured: a kernel upgrade shows here first. */
static void print_source(FILE *out, const char *tag, const struct wb_saved_results *r)
{
	char when[32] = "";
	time_t t = (time_t)r->started_unix;
	struct tm tm;

	if (r->started_unix && gmtime_r(&t, &tm))
		strftime(when, sizeof(when), ", %Y-%m-%d %H:%M UTC", &tm);
	fprintf(out, "%s: %s (%s%s%s%s%s%s%s, schema %d)\n", tag, r->path,
		*r->hostname ? r->hostname : "host unknown", *r->kernel ? ", " : "", r->kernel,
		*r->fs_type ? ", " : "", r->fs_type, *r->block_device ? " on " : "",
		r->block_device, r->schema_version);
	if (*when)
		fprintf(out, "   started%s\n", when + 1);
}

/* A side's rate over its runs, or the status of the run that failed it. */
static void print_rate(FILE *out, const struct wb_saved_test *t, double rate)
{
	if (wb_saved_ok(t))
		fprintf(out, " %11.1f", rate);
	else
		fprintf(out, " %11s", t->status);
}

/* Each file of a side: "A" alone, "A1", "A2", ... for several runs. */
static void print_sources(FILE *out, const char *tag, const struct wb_compare_side *s)
{
	char name[24];
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (s->n > 1)
			snprintf(name, sizeof(name), "%s%zu", tag, i + 1);
		print_source(out, s->n > 1 ? name : tag, &s->runs[i]);
	}
}

static void print_pair(FILE *out, const struct wb_compare_pair *p, int width)
{
	char ci[48] = "", change[24] = "", p99[56] = "", name[WB_COMPARE_NAME_LEN], noise[64];
	int d = wb_sentence_pct_digits(1, p->diff_pct, p->has_ci ? p->cmp.ci95_low_pct : 0,
				       p->has_ci ? p->cmp.ci95_high_pct : 0);

	if (p->has_ci)
		snprintf(ci, sizeof(ci), "[%+.*f%%, %+.*f%%]", d, p->cmp.ci95_low_pct, d,
			 p->cmp.ci95_high_pct);
	else if (p->state == WB_PAIR_NO_INTERVAL)
		snprintf(ci, sizeof(ci), "(< 2 trials)");
	if (p->state <= WB_PAIR_NO_INTERVAL && isfinite(p->diff_pct))
		snprintf(change, sizeof(change), "%+.*f%%", d, p->diff_pct);
	if (p->has_p99)
		snprintf(p99, sizeof(p99), "%10.1f %10.1f %+9.*f%%", p->p99_a_us, p->p99_b_us,
			 wb_sentence_pct_digits(1, p->p99_diff_pct, 0, 0), p->p99_diff_pct);
	wb_compare_test_name(p->a, name, sizeof(name));
	fprintf(out, "%-*s", width, name);
	print_rate(out, p->a, p->rate_a);
	print_rate(out, p->b, p->rate_b);
	if (*p99)
		fprintf(out, " %8s %-20s %-14s %s", change, ci, wb_pair_state_name(p->state), p99);
	else /* no trailing blanks: a diff of two reports shows only what changed */
		fprintf(out, " %8s %-20s %s", change, ci, wb_pair_state_name(p->state));
	if (p->unstable_a || p->unstable_b) /* last, so the columns stay put */
		fprintf(out, "  %s", wb_compare_unstable_words(p));
	if (*wb_compare_noise_words(p, noise, sizeof(noise)))
		fprintf(out, ", %s", noise);
	fputc('\n', out);
}

void wb_compare_print(FILE *out, const struct wb_compare_side *a,
		      const struct wb_compare_side *b, const struct wb_compare_verdict *v)
{
	char line[WB_COMPARE_FAILURE_LEN]; /* a name, the headline, a failure, the gate */
	char where[WB_COMPARE_STORAGE_LEN];
	int width = 24;
	size_t i;

	fprintf(out, "%s\n\n", wb_compare_headline(v, line, WB_COMPARE_HEADLINE_LEN));
	print_sources(out, "A", a);
	print_sources(out, "B", b);
	if (v->schema_a != v->schema_b)
		fprintf(out, "The files' schema versions differ (%d, %d); their tests were read by "
			"the keys both have.\n", v->schema_a, v->schema_b);
	/* Before the table: its changes are of two storages, not of one disk
	 * over time, and a reader must know that before reading them. */
	if (*wb_compare_storage_words(v, where, sizeof(where)))
		fprintf(out, "%s.\n", where);
	if (*wb_compare_kernel_words(v, where, sizeof(where)))
		fprintf(out, "%s.\n", where);
	/* As wide as the longest name: a cap let a long label push its row's
	 * figures out from under their headings. */
	for (i = 0; i < v->npairs; i++) {
		wb_compare_test_name(v->pairs[i].a, line, WB_COMPARE_NAME_LEN);
		if ((int)strlen(line) > width)
			width = (int)strlen(line);
	}
	if (v->npairs) {
		fprintf(out, "\nB against A, test by test: %s\n\n",
			wb_compare_interval_words(v, line, sizeof(line)));
		fprintf(out, "%-*s %11s %11s %8s %-20s %-14s %10s %10s %10s\n", width, "test",
			"A ops/s", "B ops/s", "change", "95% CI", "verdict", "A p99 us", "B p99 us",
			"p99 chg");
	}
	for (i = 0; i < v->npairs; i++)
		print_pair(out, &v->pairs[i], width);
	if (v->open)
		fprintf(out, "\n%s\n", wb_compare_open_words(v, line, sizeof(line)));
	if (v->failed_b + v->failed_a + v->failed_both)
		fputc('\n', out);
	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state >= WB_PAIR_FAILED_B)
			fprintf(out, "%s\n", wb_compare_failure_words(&v->pairs[i], line,
									sizeof(line)));
	if (v->nonly_a || v->nonly_b)
		fputc('\n', out);
	for (i = 0; i < v->nonly_a; i++)
		fprintf(out, "%s\n", wb_compare_missing_words(v, v->only_a[i], line, sizeof(line)));
	for (i = 0; i < v->nonly_b; i++) {
		wb_compare_test_name(v->only_b[i], line, WB_COMPARE_NAME_LEN);
		fprintf(out, "only in B: %s\n", line);
	}
	if (v->gate)
		fprintf(out, "\n%s\n", wb_compare_gate_words(v, line, WB_COMPARE_GATE_LEN));
}
