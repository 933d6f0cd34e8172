/* qualify_text.c — see qualify_text.h; the words are words.h's. */
#include "report/qualify_text.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "model/units.h"
#include "report/run_text.h"
#include "report/sentence.h"
#include "report/words.h"

/* A figure as words.h's wb_words_q_figure gives it. */
static void print_num(double v, bool rate)
{
	char buf[WB_WORDS_Q_FIGURE_LEN];

	fputs(wb_words_q_figure(v, rate, buf, sizeof(buf)), stdout);
}

static void print_criterion(const struct wb_q_outcome *o, const struct wb_q_burst *b)
{
	bool rate = o->crit.metric == WB_Q_FLUSHES_PER_S;
	const char *unit = rate ? "/s" : " ms";
	char why[WB_WORDS_Q_WHY_LEN];

	printf("  %-13s %-6s %-13s ", wb_q_result_name(o->result), wb_q_shape_names[o->crit.shape],
	       wb_q_metric_names[o->crit.metric]);
	if (o->fig.measured) {
		print_num(o->fig.value, rate);
		printf("%s [", unit);
		print_num(o->fig.low, rate);
		printf(", ");
		print_num(o->fig.high, rate);
		printf("]");
	} else {
		printf("not measured");
	}
	printf(" %s ", rate ? ">=" : "<=");
	print_num(o->crit.threshold, rate);
	wb_words_q_why(o, b, why, sizeof(why));
	printf("%s%s%s\n      (%s)\n", unit, *why ? "; " : "", why, o->crit.source);
}

/* The write-size sweep: each point's flushes/s and bytes/s, then the verdict. */
static void print_sweep(const struct wb_stripe_verdict *v, const struct wb_array *a,
			const char *line)
{
	char size[16], chunk[16], stripe[16];
	int p;

	if (v->state == WB_STRIPE_NOT_STRIPED)
		return;
	wb_format_size(a->chunk, chunk, sizeof(chunk));
	wb_format_size(a->stripe, stripe, sizeof(stripe));
	printf("\nWrite-size sweep on %s (%s, chunk %s, full stripe %s), appended and "
	       "fdatasync'd as a commit:\n", a->device, a->level, chunk, stripe);
	for (p = 0; p < WB_SWEEP_COUNT; p++) {
		const struct wb_sweep_figure *f = &v->fig[p];

		if (!f->bytes)
			continue;
		wb_format_size(f->bytes, size, sizeof(size));
		if (!f->measured) {
			printf("  %-8s %-11s not measured\n", size, wb_sweep_point_names[p]);
			continue;
		}
		printf("  %-8s %-11s %8.0f flushes/s [", size, wb_sweep_point_names[p], f->per_s);
		print_num(f->low, true);
		printf(", ");
		print_num(f->high, true);
		printf("] %8.1f MB/s", f->bytes_per_s / 1e6);
		if (p < WB_SWEEP_STRIPE && v->excess[p].known)
			printf("  %+.*f %% [%.*f, %.*f] time vs full stripes",
			       WB_SENTENCE_PCT3(0, v->excess[p].pct, v->excess[p].low_pct,
						v->excess[p].high_pct));
		printf("\n");
	}
	printf("  %s\n", line);
}

void wb_qualify_print_header(const struct wb_config *cfg, const struct wb_schedule *sched,
			     const struct wb_array *array, const struct wb_q_foresight *f)
{
	struct wb_q_foresight_words w;

	printf("Does %s qualify as \"%s\"? PostgreSQL commits and etcd's WAL writes for %.0f s, "
	       "in slices of %.3g s.\n", cfg->target, cfg->tier, cfg->budget_ns / 1e9,
	       sched->trial_ns / 1e9);
	wb_text_print_trial_fit(sched, "slices", "--slice", "--duration");
	if (array)
		printf("On %s (%s), flushes of the chunk, the full stripe and two stripes too, "
		       "beside the 8 kB commit: the write-size sweep.\n", array->device, array->level);
	wb_words_q_foresight(f, cfg->budget_ns, &w);
	if (*w.burst)
		printf("%s\n", w.burst);
	if (*w.trend)
		printf("%s\n", w.trend);
	fflush(stdout);
}

void wb_qualify_print(const struct wb_qualification *q, const struct wb_results *rs)
{
	struct wb_q_words w;
	int wtier = 16; /* the narrowest the tier column is */
	size_t k, i;

	wb_words_qualification(q, &w);
	printf("\n%s\n", w.headline);
	if (q->failed || q->chosen < 0)
		return;
	for (k = 0; k < q->tiers[q->chosen].n; k++)
		print_criterion(&q->tiers[q->chosen].o[k], &q->burst);
	printf("\nOver the run (8 kB commits, %zu slices of %.1f s): %s\n",
	       q->trend.slices, (double)rs->trial_ns / 1e9, w.trend);
	if (*w.burst)
		printf("Burst credits: %s\n", w.burst);
	print_sweep(&q->stripe, &rs->device.array, w.stripe);
	if (*w.volume) {
		char line[800];

		printf("Provider's rule: %s\n", w.volume);
		for (i = 0; i < q->burst.volume.nkinds; i++)
			printf("  %s\n", wb_words_q_kind(&q->burst, i, line, sizeof(line)));
	}
	printf("\nEvery tier, criterion by criterion:\n");
	for (k = 0; k < q->ntiers; k++) /* a tiers file may name one longer than ours */
		wtier = wb_text_widest(wtier, q->tiers[k].name);
	for (k = 0; k < q->ntiers; k++) {
		printf("  %-*s %-13s", wtier, q->tiers[k].name,
		       wb_q_result_name(q->tiers[k].verdict));
		for (i = 0; i < q->tiers[k].n; i++) {
			const struct wb_q_outcome *o = &q->tiers[k].o[i];
			char why[WB_WORDS_Q_WHY_LEN];

			printf("%s%s %s %s", i ? "; " : " ", wb_q_shape_names[o->crit.shape],
			       wb_q_metric_names[o->crit.metric], wb_q_result_name(o->result));
			if (*wb_words_q_why(o, &q->burst, why, sizeof(why)))
				printf(" (%s)", why);
		}
		printf("\n");
	}
	if (q->nfindings)
		printf("\nFindings on the flushes:\n");
	for (k = 0; k < q->nfindings; k++) {
		struct wb_finding_words f;

		wb_words_finding(q, &q->findings[k], &f);
		printf("  [%s] %s: %s\n         %s\n",
		       q->findings[k].severity == WB_FINDING_WARN ? "warn" : "info",
		       wb_finding_name(q->findings[k].code), f.evidence, f.advice);
	}
}
