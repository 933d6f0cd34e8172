/* prom.c — see prom.h. One metric family at a time (HELP, TYPE, then a sample
 * per test), as the format asks; label values escaped (\\, ", newline). A
 * sample and its labels are rows of the field tables (fields_cells.h): a
 * test's of tests_fields.c, the recommendation's of recommend_fields.c, a
 * candidate's of placement_fields.c, the server's observation of
 * observed_fields.c, a tier's, the burst's and a shape's bucket of
 * qualify_fields.c. An _info family's sample is a word row: 1, the word its
 * label. */
#include "report/prom.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/atomic_file.h"
#include "report/fields_cells.h"
#include "report/json_parts.h"
#include "report/sentence.h"
#include "report/tests_fields.h"
#include "report/textbuf.h"
#include "report/words.h"

/* Each family, by enum wb_prom_family: a sample's value is its row's, in the
 * file's unit, over div. A test's figure is a sample of a test that ran ok
 * only, and a quantile only where latency was recorded. */
static const struct {
	const char *name, *help;
	double div;
	int digits;              /* significant */
} families[] = {
	[WB_PROM_PARTIAL] = { "walbench_partial",
			      "1 when a signal stopped the run early (signal names it): its figures "
			      "are partial and its verdicts are left out; else 0.", 1, 1 },
	[WB_PROM_OPS] = { "walbench_flush_ops_per_second",
			  "Flushes (commits for group commit) per second, the mean of the trials' "
			  "rates: the centre of walbench_ci95_ratio's interval.", 1, 6 },
	[WB_PROM_LATENCY] = { "walbench_flush_latency_seconds",
			      "Flush latency at a quantile, over every flush of the test.", 1e6, 9 },
	[WB_PROM_CI95] = { "walbench_ci95_ratio",
			   "Half-width of the 95 % interval of the mean of the trials' rates, as a "
			   "fraction of that mean (walbench_flush_ops_per_second).", 100, 6 },
	[WB_PROM_STATUS] = { "walbench_test_status",
			     "1 for the test's status (ok, n/a, error, not run); durability "
			     "failures are errors.", 1, 1 },
	[WB_PROM_RECOMMENDED] = { "walbench_recommended_method_info",
				  "1 for the wal_sync_method walbench recommends here; state is how it "
				  "was reached (switch, tie, keep: proven; undecided: kept for now, "
				  "the budget ran out).", 1, 1 },
	[WB_PROM_PLACEMENT_GAIN] = { "walbench_placement_gain_ratio",
				     "What moving pg_wal to the candidate gains in commits per second "
				     "(the server's where predicted, else group commits), as a fraction "
				     "of staying.", 100, 6 },
	[WB_PROM_PLACEMENT_RECOMMENDED] = { "walbench_placement_recommended",
					    "1 where walbench recommends moving pg_wal to the "
					    "candidate, else 0.", 1, 1 },
	[WB_PROM_SERVER_COMMITS] = { "walbench_server_commits_per_second",
				     "Commits per second the server made over the observation window "
				     "(walbench's own left out).", 1, 6 },
	[WB_PROM_SERVER_WAL_BYTES] = { "walbench_server_wal_bytes_per_second",
				       "WAL bytes per second the server wrote over the window.", 1, 6 },
	[WB_PROM_SERVER_FLUSHES] = { "walbench_server_wal_flushes_per_second",
				     "WAL flushes per second the server made over the window (syncs, or "
				     "writes under open_* methods).", 1, 6 },
	[WB_PROM_SERVER_FLUSH_TIME] = { "walbench_server_wal_flush_seconds",
					"The server's mean WAL flush time over the window "
					"(track_wal_io_timing).", 1e3, 6 },
	[WB_PROM_SERVER_FLUSH_BUSY] = { "walbench_server_wal_flush_busy_ratio",
					"Share of the window the server's WAL spent flushing.", 1, 6 },
	[WB_PROM_SERVER_DATA_PAGES] = { "walbench_server_data_pages_per_second",
					"Data pages per second the server wrote over the window "
					"(checkpointer, bgwriter and backends).", 1, 6 },
	[WB_PROM_QUALIFY_VERDICT] = { "walbench_qualify_verdict_info",
				      "1 for each tier's verdict (pass, fail, inconclusive); chosen is "
				      "the --tier asked.", 1, 1 },
	[WB_PROM_SUSTAINED] = { "walbench_sustained_info",
				"1 for whether the rates were sustained: bucket (a burst-credit bucket "
				"ran dry: judged on its baseline), steady, unknown (may be a burst: "
				"none passes), not judged.", 1, 1 },
	[WB_PROM_BURST] = { "walbench_burst_flushes_per_second",
			    "Flushes per second before the burst-credit bucket ran dry.", 1, 6 },
	[WB_PROM_BASELINE] = { "walbench_baseline_flushes_per_second",
			       "Flushes per second once the burst-credit bucket ran dry: what the "
			       "volume sustains.", 1, 6 },
	[WB_PROM_DROP] = { "walbench_burst_drop_seconds",
			   "Seconds into the run when the burst-credit bucket ran dry.", 1, 6 },
};
_Static_assert(sizeof(families) / sizeof(families[0]) == WB_PROM_COUNT,
	       "a name for each Prometheus family");

static void family(struct wb_textbuf *b, enum wb_prom_family f)
{
	wb_textbuf_add(b, "# HELP %s %s\n# TYPE %s gauge\n", families[f].name, families[f].help,
		       families[f].name);
}

/* A label value as the format wants it. */
static void add_escaped(struct wb_textbuf *b, const char *v)
{
	for (; *v; v++) {
		if (*v == '\\' || *v == '"')
			wb_textbuf_add(b, "\\%c", *v);
		else if (*v == '\n')
			wb_textbuf_add(b, "\\n");
		else
			wb_textbuf_add(b, "%c", *v);
	}
}

/* name="value", opening the label set at the first. */
static void add_label(struct wb_textbuf *b, const char **sep, const char *name, const char *value)
{
	wb_textbuf_add(b, "%s%s=\"", *sep, name);
	add_escaped(b, value);
	wb_textbuf_add(b, "\"");
	*sep = ",";
}

/* The cells of a test that are labels, each at its place. */
struct labels {
	struct wb_field_cell at[WB_PROM_LABELS + 1];
};

static void take_label(const struct wb_field_cell *c, void *ctx)
{
	if (c->f->label && c->f->label <= WB_PROM_LABELS)
		((struct labels *)ctx)->at[c->f->label] = *c;
}

/* One family's samples of one table at base; a figure not known (null in
 * the JSON) is no sample. */
struct samples {
	struct wb_textbuf *b;
	enum wb_prom_family family;
	const struct labels *labels;      /* NULL: none */
	const char *name, *value;         /* one more label (the bucket's shape); NULL: none */
	const struct wb_saved_test *test; /* a test's rows: a figure only where measured */
};

static void add_sample(const struct wb_field_cell *c, void *ctx)
{
	const struct samples *s = ctx;
	const char *word = wb_field_string(c), *sep = "{", *v;
	const struct wb_field_cell *l;
	char num[32];
	unsigned i;

	if (c->f->prom != s->family || !c->shown || (!word && !isfinite(wb_field_number(c))) ||
	    (s->test && !word && (!wb_saved_ok(s->test) || (c->f->quantile && !s->test->has_hist))))
		return;
	wb_textbuf_add(s->b, "%s", families[s->family].name);
	for (i = 1; s->labels && i <= WB_PROM_LABELS; i++) {
		l = &s->labels->at[i];
		if (!l->f || !(l->kept || (l->f->flags & WB_FF_LABEL_KEPT)))
			continue;
		if (l->f->type == WB_F_BOOL) {
			v = wb_field_number(l) ? "true" : "false";
		} else if (!(v = wb_field_string(l))) {
			snprintf(num, sizeof(num), "%.15g", wb_field_number(l));
			v = num;
		}
		add_label(s->b, &sep, wb_field_label_name(l->f), v);
	}
	if (s->name)
		add_label(s->b, &sep, s->name, s->value);
	/* a word is a label of the sample 1 (at its own place among the labels,
	 * else last); a quantile, a label of the figure */
	if ((word && !c->f->label) || c->f->quantile)
		add_label(s->b, &sep, word ? wb_field_label_name(c->f) : "quantile",
			  word ? word : c->f->quantile);
	wb_textbuf_add(s->b, "%s %.*g\n", *sep == ',' ? "}" : "", families[s->family].digits,
		       word ? 1 : wb_field_number(c) / families[s->family].div);
}

/* Each test's samples of the tests' families; none without tests (observe). */
static int add_tests(struct wb_textbuf *b, const struct wb_results *rs)
{
	struct wb_saved_test *t = malloc(sizeof(*t));
	struct labels l;
	struct samples s = { .b = b, .labels = &l, .test = t };
	size_t i;

	if (!t)
		return -1;
	for (s.family = WB_PROM_OPS; rs->n && s.family <= WB_PROM_STATUS; s.family++) {
		family(b, s.family);
		for (i = 0; i < rs->n; i++) {
			wb_saved_test_of(rs, &rs->v[i], t, NULL);
			memset(&l, 0, sizeof(l));
			wb_fields_cells(&wb_test_fields, t, take_label, &l);
			wb_fields_cells(&wb_test_fields, t, add_sample, &s);
		}
	}
	free(t);
	return 0;
}

/* recommend --wal-candidate: each candidate's gain and whether to move
 * there, labelled with its directory. */
static int add_placement(struct wb_textbuf *b, const struct wb_placement *pl)
{
	struct wb_saved_candidate c;
	struct labels l;
	struct samples s = { .b = b, .labels = &l };
	char *reason = malloc(WB_WORDS_CANDIDATE_LEN);
	size_t k;

	if (!reason)
		return -1;
	for (s.family = WB_PROM_PLACEMENT_GAIN; s.family <= WB_PROM_PLACEMENT_RECOMMENDED;
	     s.family++) {
		family(b, s.family);
		for (k = 0; k < pl->n; k++) {
			c = wb_saved_candidate_of(pl, k, reason, WB_WORDS_CANDIDATE_LEN);
			memset(&l, 0, sizeof(l));
			wb_fields_cells(&wb_candidate_fields, &c, take_label, &l);
			wb_fields_cells(&wb_candidate_fields, &c, add_sample, &s);
		}
	}
	free(reason);
	return 0;
}

/* observe, recommend --server: the server's rates over the window, labelled
 * with the server (its connection string, without a password). */
static void add_observed(struct wb_textbuf *b, const struct wb_pg_observed *o)
{
	struct labels l = { 0 };
	struct samples s = { .b = b, .labels = &l };

	wb_fields_cells(&wb_observed_fields, o, take_label, &l);
	for (s.family = WB_PROM_SERVER_COMMITS; s.family <= WB_PROM_SERVER_DATA_PAGES; s.family++) {
		family(b, s.family);
		wb_fields_cells(&wb_observed_fields, o, add_sample, &s);
	}
}

/* The recommended method, labelled with whether it is a change. */
static void add_recommended(const struct wb_saved_recommendation *r, void *ctx)
{
	struct labels l = { 0 };
	struct samples s = { .b = ctx, .labels = &l, .family = WB_PROM_RECOMMENDED };

	family(s.b, s.family);
	wb_fields_cells(&wb_recommendation_fields, r, take_label, &l);
	wb_fields_cells(&wb_recommendation_fields, r, add_sample, &s);
}

/* Each tier's verdict, and whether the rates were sustained. */
static void add_verdicts(const struct wb_saved_qualification *q, void *ctx)
{
	struct labels l;
	struct samples s = { .b = ctx, .labels = &l, .family = WB_PROM_QUALIFY_VERDICT };
	size_t i;

	family(s.b, s.family);
	for (i = 0; i < q->ntiers; i++) {
		memset(&l, 0, sizeof(l));
		wb_fields_cells(&wb_tier_fields, &q->tiers[i], take_label, &l);
		wb_fields_cells(&wb_tier_fields, &q->tiers[i], add_sample, &s);
	}
	s = (struct samples){ .b = ctx, .family = WB_PROM_SUSTAINED };
	family(s.b, s.family);
	wb_fields_cells(&wb_burst_fields, &q->burst, add_sample, &s);
}

/* qualify: each tier's verdict, and whether the rates it read were sustained;
 * where a burst-credit bucket ran dry, its burst, baseline and drop per shape. */
static void add_qualification(struct wb_textbuf *b, const struct wb_qualification *q)
{
	const struct wb_q_burst *u = &q->burst;
	struct samples s = { .b = b, .name = "shape" };
	size_t i;

	if (q->failed)
		return;
	wb_saved_qualification_with(q, add_verdicts, b);
	if (u->state != WB_SUSTAINED_BUCKET)
		return;
	for (s.family = WB_PROM_BURST; s.family <= WB_PROM_DROP; s.family++) {
		family(b, s.family);
		for (i = 0; i < WB_Q_SHAPE_COUNT; i++) {
			s.value = wb_q_shape_names[i];
			if (u->bucket[i].detected)
				wb_fields_cells(&wb_bucket_fields, &u->bucket[i], add_sample, &s);
		}
	}
}

/* Whether a signal stopped the run, first: an alert on a verdict must not read
 * a pass into the few seconds an interrupted run measured. */
static void add_partial(struct wb_textbuf *b, const struct wb_results *rs)
{
	char sig[WB_SENTENCE_SIGNAL_LEN];

	family(b, WB_PROM_PARTIAL);
	if (!rs->interrupted) {
		wb_textbuf_add(b, "%s 0\n", families[WB_PROM_PARTIAL].name);
		return;
	}
	wb_textbuf_add(b, "%s{signal=\"", families[WB_PROM_PARTIAL].name);
	add_escaped(b, wb_sentence_signal(rs->interrupted, sig, sizeof(sig)));
	wb_textbuf_add(b, "\"} 1\n");
}

char *wb_prom_render(const struct wb_results *rs, const struct wb_json_verdicts *v)
{
	const struct wb_recommendation *rec = v ? v->rec : NULL;
	struct wb_textbuf b = { 0 };

	add_partial(&b, rs);
	/* A partial run's verdicts (a tier's pass, a method, a move) are left
	 * out: its figures and the server's rates stay, marked by walbench_partial. */
	if (rs->interrupted)
		rec = NULL;
	if (add_tests(&b, rs)) {
		free(b.s);
		return NULL;
	}
	if (rec && !wb_rec_failed(rec))
		wb_saved_recommendation_with(rec, add_recommended, &b);
	if (rec && rec->placement && !rec->placement->failed && add_placement(&b, rec->placement))
		b.failed = true;
	if (v && v->observed)
		add_observed(&b, v->observed);
	if (v && v->qual && !rs->interrupted)
		add_qualification(&b, v->qual);
	if (b.failed || !b.s) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

int wb_prom_write(const char *path, const struct wb_results *rs,
		  const struct wb_json_verdicts *v, const char **why)
{
	return wb_write_rendered(path, wb_prom_render(rs, v), "rendering the metrics", why);
}
