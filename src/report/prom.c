/* prom.c — see prom.h. One metric family at a time (HELP, TYPE, then a sample
 * per test), as the format asks; label values escaped (\\, ", newline). */
#include "report/prom.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/atomic_file.h"
#include "report/fields_cells.h"
#include "report/tests_fields.h"
#include "report/textbuf.h"

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

/* The labels that name a test and where it ran. */
static void add_labels(struct wb_textbuf *b, const struct wb_results *rs, const struct wb_result *r)
{
	const struct wb_test *t = &r->test;
	const char *device = rs->sites ? rs->sites[t->site].device.block_name : rs->device.block_name;

	wb_textbuf_add(b, "{method=\"%s\",engine=\"%s\",size=\"%u\",writes=\"%u\",pattern=\"%s\","
	    "concurrency=\"%u\",label=\"", wb_method_get(t->method)->name, wb_engine_name(t->engine),
	    t->size, t->writes_per_op, wb_pattern_name(t->pattern),
	    t->pattern == WB_PATTERN_GROUPCOMMIT ? t->committers : t->queue_depth * t->jobs);
	add_escaped(b, t->label);
	wb_textbuf_add(b, "\",device=\"");
	add_escaped(b, device[0] ? device : rs->device.fs_type);
	if (rs->sites) {
		wb_textbuf_add(b, "\",where=\"");
		add_escaped(b, rs->sites[t->site].path);
		wb_textbuf_add(b, "\",data_load=\"%s", t->data_load ? "true" : "false");
	}
	wb_textbuf_add(b, "\"}"); /* a caller adding a label takes the brace back off */
}

static void family(struct wb_textbuf *b, const char *name, const char *type, const char *help)
{
	wb_textbuf_add(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A burst-credit bucket's figures, one family each, a sample per shape. */
static const struct {
	const char *name, *help;
	size_t offset; /* of the double in struct wb_bucket */
} bucket_families[] = {
	{ "walbench_burst_flushes_per_second",
	  "Flushes per second before the burst-credit bucket ran dry.",
	  offsetof(struct wb_bucket, burst_per_s) },
	{ "walbench_baseline_flushes_per_second",
	  "Flushes per second once the burst-credit bucket ran dry: what the volume sustains.",
	  offsetof(struct wb_bucket, baseline_per_s) },
	{ "walbench_burst_drop_seconds", "Seconds into the run when the burst-credit bucket ran dry.",
	  offsetof(struct wb_bucket, drop_at_s) },
};

/* qualify: each tier's verdict, and whether the rates it read were sustained;
 * where a burst-credit bucket ran dry, its burst, baseline and drop per shape. */
static void add_qualification(struct wb_textbuf *b, const struct wb_qualification *q)
{
	const struct wb_q_burst *u = &q->burst;
	size_t i, f;

	if (q->failed)
		return;
	family(b, "walbench_qualify_verdict_info", "gauge",
	       "1 for each tier's verdict (pass, fail, inconclusive); chosen is the --tier asked.");
	for (i = 0; i < q->ntiers; i++) {
		wb_textbuf_add(b, "walbench_qualify_verdict_info{tier=\"");
		add_escaped(b, q->tiers[i].name);
		wb_textbuf_add(b, "\",verdict=\"%s\",chosen=\"%s\"} 1\n",
			       wb_q_result_name(q->tiers[i].verdict),
			       (int)i == q->chosen ? "true" : "false");
	}
	family(b, "walbench_sustained_info", "gauge",
	       "1 for whether the rates were sustained: bucket (a burst-credit bucket ran dry: "
	       "judged on its baseline), steady, unknown (may be a burst: none passes), not judged.");
	wb_textbuf_add(b, "walbench_sustained_info{state=\"%s\"} 1\n", wb_sustained_name(u->state));
	if (u->state != WB_SUSTAINED_BUCKET)
		return;
	for (f = 0; f < sizeof(bucket_families) / sizeof(bucket_families[0]); f++) {
		family(b, bucket_families[f].name, "gauge", bucket_families[f].help);
		for (i = 0; i < WB_Q_SHAPE_COUNT; i++)
			if (u->bucket[i].detected)
				wb_textbuf_add(b, "%s{shape=\"%s\"} %.6g\n", bucket_families[f].name,
					       wb_q_shape_names[i],
					       *(const double *)((const char *)&u->bucket[i] +
								 bucket_families[f].offset));
	}
}

/* The families of a test's samples, by enum wb_test_metric: each sample is a
 * row of the tests' table that names the family (tests_fields.h), its value
 * in the file's unit over div. A figure is a sample of a test that ran ok
 * only, and a quantile only where latency was recorded. */
static const struct {
	const char *name, *help;
	double div;
	int digits;              /* significant */
} test_families[] = {
	[WB_TEST_METRIC_OPS] = { "walbench_flush_ops_per_second",
				 "Flushes (commits for group commit) per second, mean of the trials.",
				 1, 6 },
	[WB_TEST_METRIC_LATENCY] = { "walbench_flush_latency_seconds",
				     "Flush latency at a quantile, over every flush of the test.",
				     1e6, 9 },
	[WB_TEST_METRIC_CI95] = { "walbench_ci95_ratio",
				  "Half-width of the 95 % interval of the rate, as a fraction of it.",
				  100, 6 },
	[WB_TEST_METRIC_STATUS] = { "walbench_test_status",
				    "1 for the test's status (ok, n/a, error, not run); durability "
				    "failures are errors.", 1, 0 },
};
_Static_assert(sizeof(test_families) / sizeof(test_families[0]) == WB_TEST_METRIC_COUNT,
	       "a family for each test metric");

/* One test's samples of one family. */
struct samples {
	struct wb_textbuf *b;
	const struct wb_results *rs;
	const struct wb_result *r;
	const struct wb_saved_test *t;
	enum wb_test_metric family;
};

static void add_sample(const struct wb_field_cell *c, void *ctx)
{
	const struct samples *s = ctx;
	const char *word = wb_field_string(c);

	if (c->f->prom != s->family || !c->shown ||
	    (!word && (!wb_saved_ok(s->t) || (c->f->quantile && !s->t->has_hist))))
		return;
	wb_textbuf_add(s->b, "%s", test_families[s->family].name);
	add_labels(s->b, s->rs, s->r);
	/* a word is a label of the sample 1; a quantile, a label of the figure */
	if (word || c->f->quantile) {
		s->b->len--; /* reopen the label set */
		wb_textbuf_add(s->b, ",%s=\"", word ? wb_key(c->f->key) : "quantile");
		add_escaped(s->b, word ? word : c->f->quantile);
		wb_textbuf_add(s->b, "\"}");
	}
	if (word)
		wb_textbuf_add(s->b, " 1\n");
	else
		wb_textbuf_add(s->b, " %.*g\n", test_families[s->family].digits,
			       wb_field_number(c) / test_families[s->family].div);
}

char *wb_prom_render(const struct wb_results *rs, const struct wb_json_verdicts *v)
{
	const struct wb_recommendation *rec = v ? v->rec : NULL;
	struct wb_textbuf b = { 0 };
	struct wb_saved_test *t = malloc(sizeof(*t));
	struct samples s = { .b = &b, .rs = rs, .t = t };
	size_t i;

	if (!t)
		return NULL;
	for (s.family = WB_TEST_METRIC_OPS; s.family < WB_TEST_METRIC_COUNT; s.family++) {
		family(&b, test_families[s.family].name, "gauge", test_families[s.family].help);
		for (i = 0; i < rs->n; i++) {
			s.r = &rs->v[i];
			wb_saved_test_of(rs, s.r, t, NULL);
			wb_fields_cells(&wb_test_fields, t, add_sample, &s);
		}
	}
	free(t);
	if (rec && !wb_rec_failed(rec)) {
		family(&b, "walbench_recommended_method_info", "gauge",
		       "1 for the wal_sync_method walbench recommends here.");
		wb_textbuf_add(&b, "walbench_recommended_method_info{method=\"%s\",change=\"%s\"} 1\n",
		    wb_method_get(rec->method)->name, wb_rec_change(rec) ? "true" : "false");
	}
	if (v && v->qual)
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
