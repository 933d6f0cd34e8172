/* words_compare.c — compare's words (words_compare.h).
 * Trap: the headline counts what its lead already said once: a lead that is
 * slower is not counted again among "N more slower". */
#include "report/words.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "model/units.h"
#include "report/sentence.h"

void wb_compare_test_name(const struct wb_saved_test *t, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);
	char size[32];

	wb_format_size(t->size, size, sizeof(size));
	wb_sentence_add(&s, "%s/%s %s x%llu", t->method, t->engine, size,
			(unsigned long long)t->writes_per_op);
	if (*t->label)
		wb_sentence_add(&s, " [%s]", t->label);
	if (strcmp(t->pattern, "overwrite"))
		wb_sentence_add(&s, " %s", t->pattern);
	if (t->queue_depth != 1)
		wb_sentence_add(&s, " qd%llu", (unsigned long long)t->queue_depth);
	if (t->jobs != 1)
		wb_sentence_add(&s, " j%llu", (unsigned long long)t->jobs);
	if (t->committers)
		wb_sentence_add(&s, " c%llu", (unsigned long long)t->committers);
	if (strcmp(t->flush_form, "separate"))
		wb_sentence_add(&s, " %s", t->flush_form);
	/* PostgreSQL's defaults (4MiB wal_buffers, 16MiB segments) go unsaid. */
	if (t->wal_buffers && t->wal_buffers != 4u << 20) {
		wb_format_size(t->wal_buffers, size, sizeof(size));
		wb_sentence_add(&s, " wal_buffers %s", size);
	}
	if (*t->fd_mode && strcmp(t->fd_mode, "keep"))
		wb_sentence_add(&s, " %s", t->fd_mode);
	if (strcmp(t->segment, "new") == 0)
		wb_sentence_add(&s, " new segments");
	else if (strcmp(t->segment, "preallocate") == 0)
		wb_sentence_add(&s, " preallocated segments");
	if (t->segment_size && t->segment_size != 16u << 20) {
		wb_format_size(t->segment_size, size, sizeof(size));
		wb_sentence_add(&s, " segment %s", size);
	}
	if (*t->where)
		wb_sentence_add(&s, " on %s", t->where);
	if (t->data_load == 1)
		wb_sentence_add(&s, " under load");
}

static const char *const pair_state_names[] = {
	[WB_PAIR_SLOWER] = "slower",
	[WB_PAIR_FASTER] = "faster",
	[WB_PAIR_TIE] = "tie",
	[WB_PAIR_UNCLEAR] = "unclear",
	[WB_PAIR_NO_INTERVAL] = "no interval",
	[WB_PAIR_FAILED_B] = "FAILED in B",
	[WB_PAIR_FAILED_A] = "failed in A",
	[WB_PAIR_FAILED_BOTH] = "not ok in both",
};
_Static_assert(sizeof(pair_state_names) / sizeof(pair_state_names[0]) == WB_PAIR_FAILED_BOTH + 1,
	       "a word for every pair state");

const char *wb_pair_state_name(enum wb_pair_state s)
{
	return (unsigned)s <= WB_PAIR_FAILED_BOTH ? pair_state_names[s] : "?";
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

const char *wb_compare_unstable_words(const struct wb_compare_pair *p)
{
	if (p->unstable_a && p->unstable_b)
		return "UNSTABLE in both";
	if (p->unstable_a || p->unstable_b)
		return p->unstable_a ? "UNSTABLE in A" : "UNSTABLE in B";
	return "";
}

char *wb_compare_noise_words(const struct wb_compare_pair *p, char *buf, size_t len)
{
	int d;

	*buf = '\0';
	if (!p->has_noise || !(p->noise_low_pct <= 0.0 && p->noise_high_pct >= 0.0))
		return buf;
	d = wb_sentence_pct_digits(1, p->diff_pct, p->noise_low_pct, p->noise_high_pct);
	snprintf(buf, len, "within its trials' spread [%+.*f%%, %+.*f%%]", d, p->noise_low_pct, d,
		 p->noise_high_pct);
	return buf;
}

/* How far the open pair may be from A, and which way: its interval's end past
 * the margin, the slow end first (a slowdown is what a gate is for). */
static const char *open_reach(const struct wb_compare_verdict *v, double *pct)
{
	const struct wb_comparison *c = &v->open->cmp;
	bool slower = c->ci95_low_pct < -v->margin_pct;

	*pct = slower ? -c->ci95_low_pct : c->ci95_high_pct;
	return slower ? "slower" : "faster";
}

char *wb_compare_open_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	const struct wb_compare_pair *p = v->open;
	struct wb_sentence s = wb_sentence_at(buf, len);
	char name[WB_COMPARE_NAME_LEN];
	const char *way;
	double reach;
	int d;

	*buf = '\0';
	if (!p)
		return buf;
	way = open_reach(v, &reach);
	wb_compare_test_name(p->a, name, sizeof(name));
	d = wb_sentence_pct_digits(1, p->diff_pct, p->cmp.ci95_low_pct, p->cmp.ci95_high_pct);
	wb_sentence_add(&s, "unclear: %s %+.*f%% [%+.*f%%, %+.*f%%]: B may be up to %.*f%% %s, "
			"not shown within +-%g%% nor different; more trials would settle it", name,
			d, p->diff_pct, d, p->cmp.ci95_low_pct, d, p->cmp.ci95_high_pct,
			wb_sentence_pct_digits(1, reach, reach, reach), reach, way, v->margin_pct);
	return buf;
}

char *wb_compare_interval_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);
	size_t one = v->runs_a == 1 ? v->runs_a : v->runs_b == 1 ? v->runs_b : 0;

	*buf = '\0';
	if (!v->between_runs) {
		wb_sentence_add(&s, "the change in the mean trial rate with the 95%% CI "
				"of the\ndifference (Welch over each file's trials: the two runs are "
				"not paired); p99 is a point\nfigure, without an interval. One run a "
				"side: the intervals hold each run's own noise,\nnot the variation "
				"between runs, which on a shared or cached disk can be larger;\nmeasure "
				"a side more than once and give its files as A1.json,A2.json to include "
				"it.");
		return buf;
	}
	wb_sentence_add(&s, "the change in the mean trial rate, averaged over each side's "
			"runs, with the\n95%% CI of the difference (Welch over the runs' means: "
			"A %zu run%s, B %zu run%s), which\nholds the variation between runs",
			v->runs_a, v->runs_a == 1 ? "" : "s", v->runs_b, v->runs_b == 1 ? "" : "s");
	if (one)
		wb_sentence_add(&s, "; %s's one run is taken to vary between runs as %s's do",
				v->runs_a == 1 ? "A" : "B", v->runs_a == 1 ? "B" : "A");
	wb_sentence_add(&s, ". p99 is a point figure, the\nruns' mean, without an interval.");
	return buf;
}

static const char *const fact_names[] = {
	[WB_CMP_HOST] = "host",
	[WB_CMP_DEVICE] = "device",
	[WB_CMP_FS] = "fs_type",
	[WB_CMP_MOUNT] = "mount_point",
	[WB_CMP_KERNEL] = "kernel",
};
_Static_assert(sizeof(fact_names) / sizeof(fact_names[0]) == WB_CMP_FACT_COUNT,
	       "a name for every host or storage fact");

const char *wb_compare_fact_name(enum wb_compare_fact f)
{
	return (unsigned)f < WB_CMP_FACT_COUNT ? fact_names[f] : "?";
}

/* A file as the text lists it: "A", "B" with one run a side, else "A1", "B2". */
#define TAG_LEN 24
static const char *file_tag(const struct wb_compare_verdict *v, const struct wb_compare_file *f,
			    char *tag)
{
	size_t runs = f->side == 'A' ? v->runs_a : v->runs_b;

	if (runs <= 1)
		snprintf(tag, TAG_LEN, "%c", f->side);
	else
		snprintf(tag, TAG_LEN, "%c%zu", f->side, f->run + 1);
	return tag;
}

/* The largest of the storage facts that differ, as "another ...". */
static const char *storage_noun(unsigned differs)
{
	if (differs & (1u << WB_CMP_HOST))
		return "another host";
	if (differs & (1u << WB_CMP_DEVICE))
		return "another device";
	if (differs & (1u << WB_CMP_FS))
		return "another file system";
	return "another mount";
}

/* A file's device: "nvme0n1 (ext4)", its model too where two files' models
 * differ under one name ("sda (ext4, Samsung SSD 860)"). */
static void device_words(struct wb_sentence *s, const struct wb_saved_results *r, bool model)
{
	bool fs = *r->fs_type, m = model && r->model && *r->model;

	wb_sentence_add(s, "%s", *r->block_device ? r->block_device : "no block device");
	if (fs || m)
		wb_sentence_add(s, " (%s%s%s)", r->fs_type, fs && m ? ", " : "", m ? r->model : "");
}

char *wb_compare_storage_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	const struct wb_compare_storage *st = &v->storage;
	const struct wb_saved_results *a = st->ref.r, *b = st->other.r;
	char ta[TAG_LEN], tb[TAG_LEN];
	const char *sep = "";
	struct wb_sentence s = wb_sentence_at(buf, len);
	unsigned d = st->other_differs;
	bool model;

	*buf = '\0';
	if (!b)
		return buf;
	file_tag(v, &st->ref, ta);
	file_tag(v, &st->other, tb);
	wb_sentence_add(&s, "%s was measured on %s: ", tb, storage_noun(d));
	/* The largest difference first, unnamed: the sentence's noun names it. */
	if (d & (1u << WB_CMP_HOST)) {
		wb_sentence_add(&s, "%s in %s, %s in %s", a->hostname, ta, b->hostname, tb);
		sep = "; device ";
	}
	if (d & (1u << WB_CMP_DEVICE)) {
		model = strcmp(a->block_device, b->block_device) == 0;
		wb_sentence_add(&s, "%s", sep);
		device_words(&s, a, model);
		wb_sentence_add(&s, " in %s, ", ta);
		device_words(&s, b, model);
		wb_sentence_add(&s, " in %s", tb);
		sep = "; ";
	} else if (d & (1u << WB_CMP_FS)) {
		wb_sentence_add(&s, "%s%s in %s, %s in %s", *sep ? "; file system " : "",
				a->fs_type, ta, b->fs_type, tb);
		sep = "; ";
	}
	if (d & (1u << WB_CMP_MOUNT))
		wb_sentence_add(&s, "%s%s in %s, %s in %s", *sep ? "; mount " : "", a->mount_point,
				ta, b->mount_point, tb);
	wb_sentence_add(&s, ": the table compares two storages, not one disk over time");
	if (st->files > 1)
		wb_sentence_add(&s, " (%zu files differ from %s; the first is named)", st->files, ta);
	return buf;
}

char *wb_compare_kernel_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	const struct wb_compare_storage *st = &v->storage;
	char ta[TAG_LEN], tb[TAG_LEN];

	*buf = '\0';
	if (st->kernel.r)
		snprintf(buf, len, "kernel differs: %s in %s, %s in %s", st->ref.r->kernel,
			 file_tag(v, &st->ref, ta), st->kernel.r->kernel,
			 file_tag(v, &st->kernel, tb));
	return buf;
}

char *wb_compare_headline(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	const struct wb_compare_pair *l = v->lead;
	size_t slower = v->slower, faster = v->faster, bad_b = v->failed_b, bad_both = v->failed_both;
	bool lead_failed = l && (l->state == WB_PAIR_FAILED_B || l->state == WB_PAIR_FAILED_BOTH);
	struct wb_sentence s = wb_sentence_at(buf, len);
	char name[WB_COMPARE_NAME_LEN], tag[TAG_LEN];

	wb_sentence_add(&s, "B against A: ");
	if (!v->npairs) {
		wb_sentence_add(&s, "no test is in both files (%zu only in A, %zu only in B)",
				v->nonly_a, v->nonly_b);
		return buf;
	}
	if (l)
		wb_compare_test_name(l->a, name, sizeof(name));
	if (lead_failed) {
		if (l->state == WB_PAIR_FAILED_B)
			bad_b--;
		else
			bad_both--;
		wb_sentence_add(&s, "%s FAILED in B (%s%s%s)", name, l->b->status,
				*l->b->reason ? ": " : "", l->b->reason);
	} else if (l) {
		int d = wb_sentence_pct_digits(0, l->diff_pct, l->cmp.ci95_low_pct,
					       l->cmp.ci95_high_pct);

		wb_sentence_add(&s, "%s %+.*f %% [%+.*f, %+.*f], significant", name, d,
				l->diff_pct, d, l->cmp.ci95_low_pct, d, l->cmp.ci95_high_pct);
		if (l->unstable_a || l->unstable_b)
			wb_sentence_add(&s, " but %s", wb_compare_unstable_words(l));
		if (l->state == WB_PAIR_SLOWER)
			slower--;
		else
			faster--;
	} else if (v->ties == v->npairs) {
		wb_sentence_add(&s, "all %zu test%s tie", v->npairs, plural(v->npairs));
	} else if (v->open) {
		double reach;
		const char *way = open_reach(v, &reach);
		int d = wb_sentence_pct_digits(0, reach, v->open->cmp.ci95_low_pct,
					       v->open->cmp.ci95_high_pct);

		wb_compare_test_name(v->open->a, name, sizeof(name));
		wb_sentence_add(&s, "undecided: %s may be up to %.*f %% %s in B [%+.*f, %+.*f]",
				name, d, reach, way, d, v->open->cmp.ci95_low_pct, d,
				v->open->cmp.ci95_high_pct);
	} else {
		wb_sentence_add(&s, "no significant change");
	}
	if (l || v->ties != v->npairs)
		wb_sentence_add(&s, "; %zu of %zu test%s tie", v->ties, v->npairs, plural(v->npairs));
	if (v->unclear)
		wb_sentence_add(&s, ", %zu unclear", v->unclear);
	if (slower)
		wb_sentence_add(&s, ", %zu %sslower", slower, l ? "more " : "");
	if (faster)
		wb_sentence_add(&s, ", %zu %sfaster", faster,
				l && l->state == WB_PAIR_FASTER ? "more " : "");
	if (v->no_interval)
		wb_sentence_add(&s, ", %zu without an interval", v->no_interval);
	if (bad_b)
		wb_sentence_add(&s, ", %zu %sfailed in B", bad_b, lead_failed ? "more " : "");
	if (bad_both)
		wb_sentence_add(&s, ", %zu not ok in both", bad_both);
	if (v->failed_a)
		wb_sentence_add(&s, ", %zu not ok in A", v->failed_a);
	if (v->unstable)
		wb_sentence_add(&s, "; %zu measured unstable", v->unstable);
	if (v->nonly_a)
		wb_sentence_add(&s, "; %zu missing in B", v->nonly_a);
	if (v->nonly_b)
		wb_sentence_add(&s, "%s%zu only in B", v->nonly_a ? ", " : "; ", v->nonly_b);
	if (v->storage.other.r)
		wb_sentence_add(&s, " (%s measured on %s)", file_tag(v, &v->storage.other, tag),
				storage_noun(v->storage.other_differs));
	if (v->schema_a != v->schema_b)
		wb_sentence_add(&s, " (schema versions %d and %d)", v->schema_a, v->schema_b);
	return buf;
}

/* Which side, and why, in the test's own words. */
char *wb_compare_failure_words(const struct wb_compare_pair *p, char *buf, size_t len)
{
	const char *loud = p->state == WB_PAIR_FAILED_B || p->regression ? "FAILED in B" : "not ok";
	char name[WB_COMPARE_NAME_LEN];

	wb_compare_test_name(p->a, name, sizeof(name));
	snprintf(buf, len, "%s: %s: A %s%s%s, B %s%s%s%s", loud, name, p->a->status,
		 *p->a->reason ? ": " : "", p->a->reason, p->b->status, *p->b->reason ? ": " : "",
		 p->b->reason,
		 p->b->durability_failure ? " (a DURABILITY failure: a sync failed)" : "");
	return buf;
}

char *wb_compare_missing_words(const struct wb_compare_verdict *v, const struct wb_saved_test *t,
			       char *buf, size_t len)
{
	char name[WB_COMPARE_NAME_LEN];

	wb_compare_test_name(t, name, sizeof(name));
	if (v->gate)
		snprintf(buf, len, "MISSING in B: %s (only in A: not measured in B, which fails "
			 "the gate as a test not run there)", name);
	else
		snprintf(buf, len, "missing in B: %s (only in A: not measured in B)", name);
	return buf;
}

char *wb_compare_unusable_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);

	*buf = '\0';
	if (v->unusable)
		wb_sentence_add(&s, "nothing compared: no test is in both files (%zu only in A, "
				"%zu only in B): were they measured with the same tests?",
				v->nonly_a, v->nonly_b);
	return buf;
}

/* What failed the gate, by kind, each kind counted once. */
static void gate_failed_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);
	const char *sep = "";

	wb_sentence_add(&s, "--fail-on-regression %g%%: FAILED: ", v->gate_pct);
	if (v->gate_slower) {
		wb_sentence_add(&s, "%zu test%s significantly slower by more than %g%%",
				v->gate_slower, plural(v->gate_slower), v->gate_pct);
		sep = ", ";
	}
	if (v->gate_failed) {
		wb_sentence_add(&s, "%s%zu %sfailed in B", sep, v->gate_failed,
				*sep ? "" : v->gate_failed == 1 ? "test " : "tests ");
		sep = ", ";
	}
	if (v->gate_missing)
		wb_sentence_add(&s, "%s%zu %smissing in B (not measured)", sep, v->gate_missing,
				*sep ? "" : v->gate_missing == 1 ? "test " : "tests ");
	/* Still failures (slower past their trials' spread too), but the user
	 * must know. */
	if (v->gate_unstable) {
		if (v->gate_unstable < v->regressions)
			wb_sentence_add(&s, ", %zu of them measured unstable", v->gate_unstable);
		else if (v->regressions == 1)
			wb_sentence_add(&s, ", measured unstable");
		else if (v->regressions == 2)
			wb_sentence_add(&s, ", both measured unstable");
		else
			wb_sentence_add(&s, ", all %zu measured unstable", v->regressions);
		wb_sentence_add(&s, ": rerun with a longer --budget");
	}
	if (v->gate_inconclusive) /* not failures: said apart, after them */
		wb_sentence_add(&s, "; %zu more inconclusive (measured unstable, within %s "
				"trials' spread)", v->gate_inconclusive,
				v->gate_inconclusive == 1 ? "its" : "their");
}

char *wb_compare_gate_words(const struct wb_compare_verdict *v, char *buf, size_t len)
{
	if (!v->gate)
		snprintf(buf, len, "%s", "");
	else if (v->regression)
		gate_failed_words(v, buf, len);
	else if (v->inconclusive)
		snprintf(buf, len,
			 "--fail-on-regression %g%%: INCONCLUSIVE: %zu test%s slower by more than "
			 "%g%%, but measured unstable, within %s trials' spread: not shown a "
			 "regression, nor a pass; rerun with a longer --budget, or measure each "
			 "side more than once (A1.json,A2.json)",
			 v->gate_pct, v->gate_inconclusive, plural(v->gate_inconclusive), v->gate_pct,
			 v->gate_inconclusive == 1 ? "its" : "their");
	else if (v->unclear)
		snprintf(buf, len,
			 "--fail-on-regression %g%%: passed, not proven: no test significantly "
			 "slower by more than %g%%, none failed or missing in B, but %zu unclear "
			 "(may be slower, not shown)",
			 v->gate_pct, v->gate_pct, v->unclear);
	else
		snprintf(buf, len,
			 "--fail-on-regression %g%%: passed: no test significantly slower by more "
			 "than %g%%, none failed or missing in B",
			 v->gate_pct, v->gate_pct);
	return buf;
}
