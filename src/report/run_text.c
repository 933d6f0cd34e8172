/* run_text.c — human-readable table and summary of `walbench run`.
 * Latencies print in microseconds with enough digits for tmpfs (sub-µs) and for
 * spinning disks (tens of ms) alike. A rate's "±" is the half-width of its 95 %
 * confidence interval, in percent of the mean of the trial rates: the rate
 * printed is that mean (wb_result_trial_mean), not ops over elapsed time, or
 * the ± would be around another figure; a comparison is a tie only when its CI
 * lies within the margin (wb_words_comparison). */
#include "report/run_text.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "advice/device_advice.h"
#include "facts/array.h"
#include "model/units.h"
#include "report/sentence.h"
#include "report/words.h"
#include "results/stats.h"

/* The name columns take their widths from wb_text_table (each a * here). */
#define ROW_FORMAT "%-*s %-*s %*s %6s %*s %12s %7s %9s %9s %9s %9s %9s%s\n"

static void concurrency_label(const struct wb_test *t, char *buf, unsigned len);

/* The narrowest each name column is: its heading's width as it always was. */
static const struct wb_text_table narrowest = { .method = 18, .engine = 15, .size = 6,
						.conc = 5 };

int wb_text_widest(int w, const char *word)
{
	return (int)strlen(word) > w ? (int)strlen(word) : w;
}

const char *wb_text_pct(double pct, char *buf, size_t len)
{
	if (isfinite(pct))
		snprintf(buf, len, "%.1f%%", pct);
	else
		snprintf(buf, len, "-");
	return buf;
}

void wb_text_table_fit(const struct wb_test *tests, size_t n, struct wb_text_table *t)
{
	char size[16], conc[24];
	size_t i;

	*t = narrowest;
	for (i = 0; i < n; i++) {
		wb_format_size(tests[i].size, size, sizeof(size));
		concurrency_label(&tests[i], conc, sizeof(conc));
		t->method = wb_text_widest(t->method, wb_method_get(tests[i].method)->name);
		t->engine = wb_text_widest(t->engine, wb_engine_name(tests[i].engine));
		t->size = wb_text_widest(t->size, size);
		t->conc = wb_text_widest(t->conc, conc);
	}
}

void wb_text_print_header(const char *target, const char *profile,
			  const struct wb_schedule *sched, size_t ntests,
			  const struct wb_text_table *t)
{
	char budget[32], trial[32];

	wb_format_duration(sched->budget_ns, budget, sizeof(budget));
	wb_format_duration(sched->trial_ns, trial, sizeof(trial));
	printf("Testing in %s%s%s: %zu tests, budget %s, trials of %s interleaved until\n"
	       "each rate's 95%% CI is within +-%.3g%% (at least %u trials).\n",
	       target, profile ? " with profile " : "", profile ? profile : "", ntests, budget,
	       trial, sched->ci_target_pct, sched->min_trials);
	wb_text_print_trial_fit(sched, "trials", "--trial-time", "--budget");
	printf("An op is one flush (writes, then the method's sync), or one commit in group-commit\n"
	       "rows. conc: qdN flushes in flight, jN jobs, cN committers. Latencies in us per op.\n\n");
	printf(ROW_FORMAT, t->method, "method", t->engine, "engine", t->size, "size", "writes",
	       t->conc, "conc", "ops/s", "+-95%", "mean", "p50", "p99", "p99.9", "max", "");
	fflush(stdout);
}

void wb_text_print_trial_fit(const struct wb_schedule *sched, const char *noun,
			     const char *option, const char *budget_option)
{
	char used[32], asked[32], budget[32];

	if (sched->trial_ns >= sched->asked_trial_ns)
		return;
	wb_format_duration(sched->trial_ns, used, sizeof(used));
	wb_format_duration(sched->asked_trial_ns, asked, sizeof(asked));
	wb_format_duration(sched->budget_ns, budget, sizeof(budget));
	/* The value typed is named as typed: it is the one the user must change. */
	printf("%c%s shortened to %s from %s %s %s%s", noun[0] - 'a' + 'A', noun + 1, used,
	       sched->trial_given ? "the" : "the default", option, asked,
	       sched->trial_given ? " given" : "");
	if (sched->budget_ns >= sched->fit_budget_ns) {
		printf(", so that %s %s holds two %s of each test%s.\n", budget_option, budget, noun,
		       sched->warmup_ns ? " after its warm-up" : "");
		return;
	}
	/* At the floor: shorter would measure next to nothing, so the budget
	 * ends before every test has its two (and the later ones may not run). */
	wb_format_duration(sched->fit_budget_ns, asked, sizeof(asked));
	printf(", the shortest %s takes; two %s of each test%s need %s %s.\n", option, noun,
	       sched->warmup_ns ? " after its warm-up" : "", budget_option, asked);
}

/* "qd8", "j4", "qd8j4" or "c16" (committers); "1" when nothing is concurrent. */
static void concurrency_label(const struct wb_test *t, char *buf, unsigned len)
{
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		snprintf(buf, len, "c%u", t->committers);
	else if (t->queue_depth > 1 && t->jobs > 1)
		snprintf(buf, len, "qd%uj%u", t->queue_depth, t->jobs);
	else if (t->queue_depth > 1)
		snprintf(buf, len, "qd%u", t->queue_depth);
	else if (t->jobs > 1)
		snprintf(buf, len, "j%u", t->jobs);
	else
		snprintf(buf, len, "1");
}

/* Trailing notes: the variant, the pattern, group-commit and segment figures. */
static void row_notes(const struct wb_result *r, char *buf, size_t len)
{
	const struct wb_test *t = &r->test;
	struct wb_sentence s = wb_sentence_at(buf, len);

	if (t->label[0])
		wb_sentence_add(&s, "  [%s]", t->label);
	if (t->pattern == WB_PATTERN_APPEND)
		wb_sentence_add(&s, "  append");
	if (t->writes_per_op > 1)
		wb_sentence_add(&s, "  %s", t->flush_form == WB_FLUSH_COALESCED
						 ? "one write per flush" : "separate writes");
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		wb_sentence_add(&s, "  %.1f flushes/s, %.2f commits/flush",
				wb_result_flushes_per_sec(r),
				r->flushes ? (double)r->ops / (double)r->flushes : 0.0);
	if (r->switch_hist)
		wb_sentence_add(&s, "  %llu segment switches, p50 %.0f us, max %.0f us",
				(unsigned long long)r->switches,
				wb_hist_percentile(r->switch_hist, 50) / 1e3,
				wb_hist_percentile(r->switch_hist, 100) / 1e3);
	if (r->ntrials > 1 && !r->converged)
		wb_sentence_add(&s, "  (CI target not reached)");
}

static void text_after(const struct wb_result *r, void *ctx)
{
	const struct wb_text_table *w = ctx;
	const struct wb_test *t = &r->test;
	char size[16], writes[16], conc[24], ops[24], ci[16], mean[16], p50[16], p99[16];
	char p999[16], max[16], notes[200];

	wb_format_size(t->size, size, sizeof(size));
	snprintf(writes, sizeof(writes), "%u", t->writes_per_op);
	concurrency_label(t, conc, sizeof(conc));
	if (r->status != WB_STATUS_OK) {
		printf("%-*s %-*s %*s %6s %*s %s: %s\n", w->method, wb_method_get(t->method)->name,
		       w->engine, wb_engine_name(t->engine), w->size, size, writes, w->conc, conc,
		       wb_status_name(r->status), r->reason);
		fflush(stdout);
		return;
	}
	snprintf(ops, sizeof(ops), "%.1f", wb_result_trial_mean(r));
	wb_text_pct(r->stats.ci95_pct, ci, sizeof(ci));
	snprintf(mean, sizeof(mean), "%.1f", wb_result_usecs(r, -1));
	snprintf(p50, sizeof(p50), "%.1f", wb_result_usecs(r, 50));
	snprintf(p99, sizeof(p99), "%.1f", wb_result_usecs(r, 99));
	snprintf(p999, sizeof(p999), "%.1f", wb_result_usecs(r, 99.9));
	snprintf(max, sizeof(max), "%.1f", wb_result_usecs(r, 100));
	row_notes(r, notes, sizeof(notes));
	printf(ROW_FORMAT, w->method, wb_method_get(t->method)->name, w->engine,
	       wb_engine_name(t->engine), w->size, size, writes, w->conc, conc, ops, ci, mean, p50,
	       p99, p999, max, notes);
	fflush(stdout);
}

struct wb_result_hooks wb_text_hooks(const struct wb_text_table *table)
{
	/* the rows only read it: the cast keeps the hooks' one ctx type */
	return (struct wb_result_hooks){ .after = text_after, .ctx = (void *)table };
}

struct comparison_ctx {
	bool header;       /* the section's line printed */
	double margin_pct; /* rs->min_difference_pct: what the comparisons were judged by */
};

static void print_comparison(const struct wb_result *a, const struct wb_result *b,
			     const struct wb_comparison *c, void *ctx)
{
	struct comparison_ctx *x = ctx;
	bool *header = &x->header;
	char size[16], conc[24], word[WB_WORDS_COMPARISON_LEN];
	int d;

	if (!*header) {
		printf("\nMethod comparisons (same engine, size and concurrency; 95%% CI of the "
		       "difference%s):\n", c->paired ? ", trials paired by round" : "");
		*header = true;
	}
	wb_format_size(a->test.size, size, sizeof(size));
	concurrency_label(&a->test, conc, sizeof(conc));
	d = wb_sentence_pct_digits(1, c->diff_pct, c->ci95_low_pct, c->ci95_high_pct);
	printf("  %s%s%s %s %s x%u conc %s: %s %+.*f%% [%+.*f%%, %+.*f%%] vs %s (fastest): %s\n",
	       wb_engine_name(a->test.engine), a->test.label[0] ? " " : "", a->test.label,
	       wb_pattern_name(a->test.pattern), size, a->test.writes_per_op, conc,
	       wb_method_get(b->test.method)->name, d, c->diff_pct, d, c->ci95_low_pct, d,
	       c->ci95_high_pct,
	       wb_method_get(a->test.method)->name,
	       wb_words_comparison(c, x->margin_pct, word, sizeof(word)));
}

/* Within each group of tests that differ only in method: the fastest against
 * every other, significant, a tie or unclear. */
static void print_comparisons(const struct wb_results *rs)
{
	struct comparison_ctx x = { .margin_pct = rs->min_difference_pct };

	wb_results_each_comparison(rs, print_comparison, &x);
}

/* --decide: each group's answer, why, and how long it took. */
static void print_decisions(const struct wb_results *rs)
{
	const struct wb_decide_params *p = &rs->decide_params;
	size_t g, i;

	if (!rs->decide)
		return;
	printf("\nDecision against %s (a switch must gain %.1f%% at %.3g%%, a tie fit within "
	       "+-%.1f%% at %.3g%%; %u rounds in %.1f s):\n", wb_method_get(p->baseline)->name,
	       p->min_gain_pct, 100.0 * p->conf, p->min_gain_pct, 100.0 * p->equiv_conf,
	       rs->rounds, (double)rs->elapsed_ns / 1e9);
	for (g = 0; g < rs->ndecisions; g++) {
		const struct wb_group_decision *d = &rs->decisions[g];
		const struct wb_test *t = &rs->v[d->first].test;
		char size[16], conc[24], why[WB_WORDS_DECISION_LEN], open[WB_WORDS_SETTLE_LEN];

		wb_format_size(t->size, size, sizeof(size));
		concurrency_label(t, conc, sizeof(conc));
		printf("  %s %s %s x%u conc %s: ", wb_engine_name(t->engine),
		       wb_pattern_name(t->pattern), size, t->writes_per_op, conc);
		wb_words_decision(d, why, sizeof(why));
		switch (d->state) {
		case WB_DECIDE_SWITCH:
			printf("SWITCH to %s", wb_method_get(rs->v[d->leader].test.method)->name);
			break;
		case WB_DECIDE_TIE:
			printf("TIE: keep %s", wb_method_get(p->baseline)->name);
			break;
		case WB_DECIDE_SLOWER:
			printf("KEEP %s", wb_method_get(p->baseline)->name);
			break;
		default:
			printf("UNDECIDED (%s)\n", why);
			if (d->settle.known)
				printf("    %s\n", wb_words_settle(&d->settle, p->min_gain_pct, open,
								sizeof(open)));
			continue;
		}
		printf(" — %s; decided after %.1f s, %u rounds\n", why, d->decided_s, d->rounds);
	}
	for (i = 0; i < rs->n; i++)
		if (rs->v[i].dropped)
			printf("  dropped after %zu trials (significantly behind the leader): %s/%s\n",
			       rs->v[i].ntrials, wb_method_get(rs->v[i].test.method)->name,
			       wb_engine_name(rs->v[i].test.engine));
}

/* The layers under the file system, top first, when there is more than a disk. */
static void print_stack(const struct wb_device *d)
{
	unsigned i;

	if (d->n_layers > 1) {
		printf("  stack:");
		for (i = 0; i < d->n_layers; i++)
			printf("%s %s %s (%s)", i ? " ->" : "",
			       wb_device_layer_kind_name(d->layers[i].kind), d->layers[i].name,
			       d->layers[i].details);
		printf("\n");
	}
	if (d->facts_unverified)
		printf("  unverified: %s\n", d->unverified_reason);
}

/* The array, one line, then a line per member with its disk's facts. */
static void print_array(const struct wb_array *a)
{
	char chunk[16], stripe[16];
	unsigned i;

	if (a->kind == WB_ARRAY_NONE)
		return;
	printf("  array: %s %s%s%s%s, %s%s%s", wb_array_kind_name(a->kind), a->device,
	       a->name[0] ? " \"" : "", a->name, a->name[0] ? "\"" : "", a->level,
	       a->meta_level[0] ? ", metadata " : "", a->meta_level);
	printf(", %u member%s", (unsigned)a->raid_disks, a->raid_disks == 1 ? "" : "s");
	if (a->parity_disks > 0)
		printf(" (%u data + %d parity)", (unsigned)a->data_disks, a->parity_disks);
	else if (a->parity_disks < 0)
		printf(" (parity unknown)");
	if (a->stripe) {
		wb_format_size(a->chunk, chunk, sizeof(chunk));
		wb_format_size(a->stripe, stripe, sizeof(stripe));
		printf(", chunk %s, full stripe %s", chunk, stripe);
	} else if (a->data_disks == 1) {
		printf(", no stripe: each write lands whole");
	} else {
		printf(", stripe unknown");
	}
	printf("\n");
	for (i = 0; i < a->n_members; i++) {
		const struct wb_array_member *m = &a->members[i];

		printf("    member %s", m->name);
		if (m->disk[0] && strcmp(m->disk, m->name))
			printf(" on %s", m->disk);
		printf(": %s, write cache %s, %s, scheduler %s%s%s%s%s\n",
		       m->rotational == 1 ? "rotational" : m->rotational == 0 ? "non-rotational" : "rotational ?",
		       m->write_cache[0] ? m->write_cache : "?", m->fua ? "FUA" : "no FUA",
		       m->scheduler[0] ? m->scheduler : "?", m->model[0] ? ", " : "", m->model,
		       m->state[0] ? ", state " : "", m->state);
	}
	if (a->members_truncated)
		printf("    (more members than shown)\n");
}

/* One line on the storage, then what in it bends the figures. */
static void print_storage(const struct wb_results *rs)
{
	const struct wb_device *d = &rs->device;
	uint32_t smallest = UINT32_MAX;
	char size[16];
	size_t i;

	if (strcmp(d->fs_type, WB_FS_RAW_DEVICE) == 0) /* no file system, nothing mounted */
		printf("\nStorage: raw block device %s", d->source[0] ? d->source : "?");
	else
		printf("\nStorage: %s on %s%s%s%s", d->fs_type[0] ? d->fs_type : "unknown file system",
		       d->source[0] ? d->source : "?", d->mount_point[0] ? " (" : "",
		       d->mount_point, d->mount_point[0] ? ")" : "");
	if (d->block_name[0])
		printf(", device %s%s%s, %s, logical/physical block %u/%u, write cache: %s",
		       d->block_name, d->model[0] ? " " : "", d->model,
		       d->rotational == 1 ? "rotational" : d->rotational == 0 ? "non-rotational" : "?",
		       d->logical_block, d->physical_block, d->write_cache[0] ? d->write_cache : "?");
	if (d->dio_known)
		printf(", O_DIRECT alignment %u", d->dio_offset_align);
	printf("\n");
	print_stack(d);
	print_array(&d->array);
	for (i = 0; i < rs->n; i++)
		if (rs->v[i].test.size < smallest)
			smallest = rs->v[i].test.size;
	if (rs->n && d->physical_block && smallest < d->physical_block) {
		wb_format_size(smallest, size, sizeof(size));
		printf("note: %s writes are smaller than the device's %u-byte physical block: the "
		       "device must read, modify and rewrite a whole block for each\n", size,
		       d->physical_block);
	}
}

/* A device that grants I/O in slices: say so, with what was found, and what
 * walbench did about it. */
static void print_throttle(const struct wb_results *rs)
{
	const struct wb_throttle *t = &rs->throttle;

	if (!t->detected)
		return;
	printf("note: the device THROTTLES: %s waited for the next slice on %.1f%% of flushes "
	       "(%.1f ms on average, against a %.0f us median): about %.1f flushes per slice of "
	       "~%.0f ms, %.0f flushes/s; trials %s %.2f s to span many slices. "
	       "Expect a cloud volume or an I/O limit (cgroup blkio, a hypervisor's IOPS cap), "
	       "and measure at the rate that limit grants.\n", rs->throttle_test,
	       100.0 * t->slow_fraction, t->wait_ms, t->p50_us, t->flushes_per_slice,
	       t->period_ms, t->rate_per_s,
	       rs->throttle_late ? "stayed (found late, once paired)" : "were lengthened to",
	       (double)rs->trial_ns / 1e9);
}

/* Preallocated segments where fallocate was refused: what they were instead,
 * once per run (every such test meets the same file system). */
static void print_preallocate(const struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];

		if (r->test.segment_mode != WB_SEGMENT_PREALLOCATE || !r->fallocate_err)
			continue;
		printf("note: fallocate is not supported here (%s): preallocated segments were "
		       "extended with ftruncate instead, a sparse file, as etcd's WAL does then\n",
		       strerrorname_np(r->fallocate_err) ? strerrorname_np(r->fallocate_err)
							 : strerror(r->fallocate_err));
		return;
	}
}

void wb_text_print_interrupted(const struct wb_results *rs)
{
	char sig[WB_SENTENCE_SIGNAL_LEN];

	if (rs->interrupted)
		printf("\nnote: INTERRUPTED after %u rounds by %s: every figure and verdict of "
		       "this run is partial\n", rs->rounds,
		       wb_sentence_signal(rs->interrupted, sig, sizeof(sig)));
}

void wb_text_print_storage_notes(const struct wb_results *rs, const char *more_time)
{
	double worst = 0.0;
	size_t i, noisy = 0, single = 0, wide = 0;

	print_storage(rs);
	print_throttle(rs);
	print_preallocate(rs);
	/* Unstable is a spread above --max-cv, or an interval wider than the
	 * target: only the first is a noise figure to quote (a test of one trial
	 * has a CV of 0 and no interval at all). */
	for (i = 0; i < rs->n; i++) {
		const struct wb_stats *st = &rs->v[i].stats;

		if (!wb_result_unstable(rs, &rs->v[i]))
			continue;
		if (st->cv_pct > rs->max_cv_pct) {
			noisy++;
			worst = st->cv_pct > worst ? st->cv_pct : worst;
		} else if (st->n < 2) {
			single++;
		} else if (rs->ci_target_pct > 0) {
			wide++;
		}
	}
	if (noisy)
		printf("note: %zu of %zu tests varied from trial to trial by up to %.0f%% (CV): a "
		       "noisy machine or device; the intervals above include that noise\n",
		       noisy, rs->n, worst);
	if (single)
		printf("note: %zu of %zu tests ran one trial, so have no interval: a longer "
		       "%s gives them more\n", single, rs->n, more_time);
	if (wide)
		printf("note: %zu of %zu tests ended with a 95%% interval wider than +-%.0f%%: a "
		       "longer %s narrows it\n", wide, rs->n, rs->ci_target_pct, more_time);
}

/* run has no advisories: of them, it says only the one that voids every figure
 * it printed (recommend lists it among its own, qualify fails on it). */
static void print_in_memory(const struct wb_results *rs)
{
	struct wb_advisory a;
	struct wb_advisory_words w;

	if (!wb_device_advise_in_memory(&rs->device, &a))
		return;
	wb_words_advisory(&a, &w);
	printf("warning: %s; %s\n", w.reason, w.advice);
}

void wb_text_print_summary(const struct wb_results *rs)
{
	size_t i;

	wb_text_print_interrupted(rs);
	print_storage(rs);
	print_in_memory(rs);
	print_throttle(rs);
	print_preallocate(rs);

	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];

		char size[16], conc[24];

		if (!wb_result_unstable(rs, r))
			continue;
		wb_format_size(r->test.size, size, sizeof(size));
		concurrency_label(&r->test, conc, sizeof(conc));
		/* One trial has no spread to call unstable, and no interval at all. */
		if (r->stats.n < 2) {
			printf("note: %s/%s %s x%u conc %s ran one trial, so has no interval: a "
			       "longer --budget (or --duration) gives it more\n",
			       wb_method_get(r->test.method)->name, wb_engine_name(r->test.engine),
			       size, r->test.writes_per_op, conc);
			continue;
		}
		printf("note: %s/%s %s x%u conc %s is UNSTABLE: trials vary by %.1f%% (CV), 95%% CI "
		       "+-%.1f%%, %zu outlier trial(s); do not read it as one number\n",
		       wb_method_get(r->test.method)->name, wb_engine_name(r->test.engine), size,
		       r->test.writes_per_op, conc, r->stats.cv_pct, r->stats.ci95_pct,
		       r->stats.outliers);
	}
	print_comparisons(rs);
	print_decisions(rs);
}

/* A test as the cut names it (run_text.h: enum wb_cut_names). */
static void cut_name(const struct wb_test *t, enum wb_cut_names names, char *buf, size_t len)
{
	char size[16], conc[24], flush[32];

	if (names == WB_CUT_BY_LABEL) {
		snprintf(buf, len, "%s", t->label);
		return;
	}
	if (names == WB_CUT_BY_FLUSH) {
		snprintf(buf, len, "%s %s", wb_method_get(t->method)->name,
			 wb_words_flush(wb_shape_name(t), wb_flush_bytes(t), flush, sizeof(flush)));
		return;
	}
	wb_format_size(t->size, size, sizeof(size));
	concurrency_label(t, conc, sizeof(conc));
	snprintf(buf, len, "%s/%s %s x%u conc %s%s%s%s", wb_method_get(t->method)->name,
		 wb_engine_name(t->engine), size, t->writes_per_op, conc, t->label[0] ? " [" : "",
		 t->label, t->label[0] ? "]" : "");
}

void wb_text_print_cut(const struct wb_results *rs, uint64_t budget_ns, const char *noun,
		       const char *budget_option, enum wb_cut_names names)
{
	char budget[32], name[128];
	double ran = (double)rs->cut_ran_ns / 1e9, drawn = (double)rs->cut_drawn_ns / 1e9;
	size_t i, said = 0, total = 0;
	int d;

	if (!rs->cut)
		return;
	wb_format_duration(budget_ns, budget, sizeof(budget));
	printf("Cut short to end within %s %s:", budget_option, budget);
	if (rs->cut_trial && rs->cut_test < rs->n) {
		/* Digits enough to tell the two apart: "0.27 s of the 0.33 s", not
		 * "0.3 s of the 0.3 s". */
		for (d = 1; d < 3 && round(ran * pow(10, d)) == round(drawn * pow(10, d)); d++)
			;
		cut_name(&rs->v[rs->cut_test].test, names, name, sizeof(name));
		printf(" %s's last %s ran %.*f s of the %.*f s planned%s", name, noun, d, ran, d,
		       drawn, rs->cut_skipped ? ";" : ".\n");
	}
	for (i = 0; i < rs->n && i < 32; i++)
		total += (rs->cut_skipped >> i) & 1u;
	for (i = 0; i < rs->n && i < 32; i++) {
		if (!((rs->cut_skipped >> i) & 1u))
			continue;
		cut_name(&rs->v[i].test, names, name, sizeof(name));
		printf("%s%s", !said ? " " : said + 1 == total ? " and " : ", ", name);
		said++;
	}
	if (total)
		printf(" got no %s in the last round, one fewer than planned.\n", noun);
}
