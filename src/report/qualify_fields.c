/* qualify_fields.c — "qualification" (the chosen tier's verdict criterion by
 * criterion, every tier's, the burst-against-sustained trend, the burst
 * credits, the write-size sweep on a striped array) and "findings" (qualify's
 * plausibility findings, beside it) as tables of fields over results/saved.h's
 * struct wb_saved_qualification and wb_saved_finding, walked by fields.h's one
 * writer and one reader. The writer first fills those structs from the verdict
 * (advice/qualify.h) and its words (words.h); the HTML report reads what the
 * reader fills. Trap: burst has shape, burst_per_s and drop_at_s in two rows
 * each, one for a bucket that ran dry and one for a drop not judged: never
 * both, and both read into the same members. Every shape's bucket is a table
 * too (wb_bucket_fields), for the Prometheus samples alone. */
#include "report/fields.h"
#include "report/fields_cells.h"
#include "report/json_parts.h"
#include "report/sentence.h"
#include "report/words.h"

#include <math.h>
#include <stdio.h>

#define FG(m) offsetof(struct wb_saved_figure, m)
#define CR(m) offsetof(struct wb_saved_criterion, m)
#define TI(m) offsetof(struct wb_saved_tier, m)
#define TR(m) offsetof(struct wb_saved_trend, m)
#define KI(m) offsetof(struct wb_saved_burst_kind, m)
#define VO(m) offsetof(struct wb_saved_volume, m)
#define BU(m) offsetof(struct wb_saved_burst, m)
#define SW(m) offsetof(struct wb_saved_sweep_point, m)
#define ST(m) offsetof(struct wb_saved_stripe, m)
#define QU(m) offsetof(struct wb_saved_qualification, m)
#define BK(m) offsetof(struct wb_bucket, m)
#define FI(m) offsetof(struct wb_saved_finding, m)
#define ARR(k, at, n, elem, table, ...) \
	{ .key = WB_KEY_##k, .type = WB_F_ARRAY, .offset = at, .count = n, \
	  .size = sizeof(elem), .sub = &table, __VA_ARGS__ }

/* A figure: value, [low, high] and the half-width in percent, or nulls. */
static const struct wb_field figure_rows[] = {
	WB_FIELD(VALUE, DOUBLE, FG(value), .null_unless = WB_F_IF(FG(measured))),
	WB_FIELD(CI95, RANGE, FG(ci95), .null_unless = WB_F_IF(FG(measured))),
	WB_FIELD(CI95_PCT, FIGURE, FG(ci95_pct), .unit = "%", .omit_unless = WB_F_IF(FG(measured))),
};
static const struct wb_fields figure_table = WB_FIELDS(figure_rows, NULL);

static const struct wb_field criterion_rows[] = {
	WB_FIELD(SHAPE, TEXT, CR(shape)),
	WB_FIELD(METRIC, TEXT, CR(metric)),
	WB_FIELD(VALUE, INLINE, CR(fig), .sub = &figure_table),
	WB_FIELD(THRESHOLD, DOUBLE, CR(threshold)),
	WB_FIELD(RESULT, TEXT, CR(result)),
	WB_FIELD(WHY, TEXT, CR(why), .null_unless = WB_F_IF(CR(has_why))),
	WB_FIELD(LINE, TEXT, CR(line), .null_unless = WB_F_IF(CR(has_why))),
	WB_FIELD(SOURCE, TEXT, CR(source)),
};
static const struct wb_fields criterion_table = WB_FIELDS(criterion_rows, NULL);

/* A tier's verdict; in the Prometheus file, an info sample labelled with the
 * tier, its verdict and whether it is the one asked. */
static const struct wb_field tier_rows[] = {
	WB_FIELD(TIER, TEXT, TI(tier), .label = 1),
	WB_FIELD(VERDICT, TEXT, TI(verdict), .prom = WB_PROM_QUALIFY_VERDICT, .label = 2),
	ARR(CRITERIA, TI(criteria), TI(ncriteria), struct wb_saved_criterion, criterion_table),
	{ .key = WB_F_NO_KEY, .type = WB_F_BOOL, .offset = TI(chosen), .flags = WB_FF_LINES,
	  .label = 3, .label_name = "chosen" },
};
const struct wb_fields wb_tier_fields = WB_FIELDS(tier_rows, NULL);

/* Unknown (too few slices), its figures are null: a 0 would read as measured
 * and flat, and fell false as measured and steady. */
#define TREND_KNOWN .null_unless = WB_F_IF(TR(known))

static const struct wb_field trend_rows[] = {
	WB_FIELD(KNOWN, BOOL, TR(known)),
	WB_FIELD(BURST_PER_S, DOUBLE, TR(burst_per_s), .unit = "1/s", TREND_KNOWN),
	WB_FIELD(SUSTAINED_PER_S, DOUBLE, TR(sustained_per_s), .unit = "1/s", TREND_KNOWN),
	WB_FIELD(FELL, BOOL, TR(fell), TREND_KNOWN),
	WB_FIELD(FELL_AFTER_S, DOUBLE, TR(fell_after_s), .unit = "s",
		 .omit_unless = WB_F_IF(TR(fell))),
	WB_FIELD(LINE, TEXT, TR(line)),
};
static const struct wb_fields trend_table = WB_FIELDS(trend_rows, NULL);

static const struct wb_field kind_rows[] = {
	WB_FIELD(NAME, TEXT, KI(name)),
	WB_FIELD(PROVIDER, TEXT, KI(provider)),
	WB_FIELD(TITLE, TEXT, KI(title)),
	WB_FIELD(BURSTS, TEXT, KI(bursts)),
	WB_FIELD(BASIS, TEXT, KI(basis)),
	WB_FIELD(RULE, TEXT, KI(rule)),
	WB_FIELD(SOURCE, TEXT, KI(source)),
	WB_FIELD(AS_OF, TEXT, KI(as_of)),
	WB_FIELD(UNIT, TEXT, KI(unit)),
	WB_FIELD(BASELINE, FIGURE, KI(baseline)),
};
static const struct wb_fields kind_table = WB_FIELDS(kind_rows, NULL);

/* The provider's volume the storage is, the kinds it may be with each rule,
 * and the baseline each rule gives at the disk's size. */
static const struct wb_field volume_rows[] = {
	WB_FIELD(DEVICE, TEXT, VO(device)),
	WB_FIELD(WHAT, TEXT, VO(what)),
	WB_FIELD(BURSTS, TEXT, VO(bursts)),
	WB_FIELD(RULED_OUT, BOOL, VO(ruled_out)),
	WB_FIELD(SIZE_GIB, FIGURE, VO(size_gib), .unit = "GiB"),
	ARR(KINDS, VO(kinds), VO(nkinds), struct wb_saved_burst_kind, kind_table),
	WB_FIELD(LINE, TEXT, VO(line)),
};
static const struct wb_fields volume_table = WB_FIELDS(volume_rows, NULL);

#define DROPPED .omit_unless = WB_F_IF(BU(dropped))
#define DETECTED .omit_unless = WB_F_IF(BU(detected))

/* Whether the rates are sustained, the bucket's figures when one ran dry,
 * the commit trend's when it dropped unjudged, the suspects when neither. */
static const struct wb_field burst_rows[] = {
	WB_FIELD(SUSTAINED, TEXT, BU(sustained), .prom = WB_PROM_SUSTAINED, .label_name = "state"),
	WB_FIELD(DETECTED, BOOL, BU(detected)),
	WB_FIELD(SUSPECTS, LINES, BU(suspects)),
	WB_FIELD(RUN_S, DOUBLE, BU(run_s), .unit = "s"),
	WB_FIELD(DROPPED, BOOL, BU(dropped)),
	WB_FIELD(NOT_JUDGED, TEXT, BU(not_judged), DROPPED),
	WB_FIELD(SHAPE, TEXT, BU(shape), DROPPED),
	WB_FIELD(BURST_PER_S, DOUBLE, BU(burst_per_s), .unit = "1/s", DROPPED),
	WB_FIELD(SUSTAINED_PER_S, DOUBLE, BU(sustained_per_s), .unit = "1/s", DROPPED),
	WB_FIELD(DROP_AT_S, DOUBLE, BU(drop_at_s), .unit = "s", DROPPED),
	WB_FIELD(SLICES, DOUBLE, BU(slices), DROPPED),
	WB_FIELD(BASELINE_PER_S, OBJECT, BU(baseline_per_s), .unit = "1/s", .sub = &figure_table,
		 DETECTED),
	WB_FIELD(SHAPE, TEXT, BU(shape), DETECTED),
	WB_FIELD(BURST_PER_S, DOUBLE, BU(burst_per_s), .unit = "1/s", DETECTED),
	WB_FIELD(DROP_AT_S, DOUBLE, BU(drop_at_s), .unit = "s", DETECTED),
	WB_FIELD(PLATEAU_SLICE, DOUBLE, BU(plateau_slice), DETECTED),
	WB_FIELD(HELD_FLUSHES, DOUBLE, BU(held_flushes), DETECTED),
	WB_FIELD(VOLUME, OBJECT, BU(volume), .sub = &volume_table,
		 .null_unless = WB_F_IF(BU(volume.present))),
	WB_FIELD(LINE, TEXT, BU(line)),
};
const struct wb_fields wb_burst_fields = WB_FIELDS(burst_rows, NULL);

/* A shape's bucket as the Prometheus samples have it, every shape whose
 * bucket ran dry (fields_cells.h). */
static const struct wb_field bucket_rows[] = {
	WB_FIELD(BURST_PER_S, DOUBLE, BK(burst_per_s), .unit = "1/s", .prom = WB_PROM_BURST),
	WB_FIELD(BASELINE_PER_S, DOUBLE, BK(baseline_per_s), .unit = "1/s",
		 .prom = WB_PROM_BASELINE),
	WB_FIELD(DROP_AT_S, DOUBLE, BK(drop_at_s), .unit = "s", .prom = WB_PROM_DROP),
};
const struct wb_fields wb_bucket_fields = WB_FIELDS(bucket_rows, NULL);

#define EXCESS .omit_unless = WB_F_IF(SW(excess_known))

/* One write size: flushes/s and bytes/s, and a sub-stripe point's time
 * against what the full-stripe line predicts. */
static const struct wb_field sweep_rows[] = {
	WB_FIELD(POINT, TEXT, SW(point)),
	WB_FIELD(BYTES, DOUBLE, SW(bytes), .unit = "B"),
	WB_FIELD(MEASURED, BOOL, SW(measured)),
	WB_FIELD(FLUSHES_PER_S, OBJECT, SW(flushes_per_s), .unit = "1/s", .sub = &figure_table),
	WB_FIELD(BYTES_PER_S, DOUBLE, SW(bytes_per_s), .unit = "B/s",
		 .null_unless = WB_F_IF(SW(measured))),
	WB_FIELD(EXCESS_PCT, DOUBLE, SW(excess_pct), .unit = "%", EXCESS),
	WB_FIELD(EXCESS_CI95, RANGE, SW(excess_ci95), .unit = "%", EXCESS),
	WB_FIELD(SIGNIFICANT, BOOL, SW(significant), EXCESS),
	WB_FIELD(PAIRS, DOUBLE, SW(pairs), EXCESS),
};
static const struct wb_fields sweep_table = WB_FIELDS(sweep_rows, NULL);

static const struct wb_field stripe_rows[] = {
	WB_FIELD(STATE, TEXT, ST(state)),
	WB_FIELD(REMEDY, TEXT, ST(remedy)),
	WB_FIELD(CHUNK_BYTES, DOUBLE, ST(chunk_bytes), .unit = "B"),
	WB_FIELD(STRIPE_BYTES, DOUBLE, ST(stripe_bytes), .unit = "B"),
	WB_FIELD(MARGIN_PCT, DOUBLE, ST(margin_pct), .unit = "%"),
	WB_FIELD(CACHED, LINES, ST(cached)),
	ARR(SWEEP, ST(sweep), ST(nsweep), struct wb_saved_sweep_point, sweep_table),
	WB_FIELD(LINE, TEXT, ST(line)),
};
static const struct wb_fields stripe_table = WB_FIELDS(stripe_rows, NULL);

#define CHOSEN .omit_unless = WB_F_IF(QU(chosen))

static const struct wb_field qualification_rows[] = {
	WB_FIELD(HEADLINE, TEXT, QU(headline)),
	WB_FIELD(TIER, TEXT, QU(tier), CHOSEN),
	WB_FIELD(VERDICT, TEXT, QU(verdict), .omit_unless = WB_F_IF(QU(has_verdict))),
	WB_FIELD(FAILURE, TEXT, QU(failure), .omit_unless = WB_F_IF(QU(failed))),
	ARR(CRITERIA, QU(criteria), QU(ncriteria), struct wb_saved_criterion, criterion_table,
	    CHOSEN),
	ARR(TIERS, QU(tiers), QU(ntiers), struct wb_saved_tier, wb_tier_fields),
	WB_FIELD(TREND, OBJECT, QU(trend), .sub = &trend_table),
	WB_FIELD(BURST, OBJECT, QU(burst), .sub = &wb_burst_fields),
	WB_FIELD(STRIPE, OBJECT, QU(stripe), .sub = &stripe_table,
		 .omit_unless = WB_F_IF(QU(has_stripe))),
};
static const struct wb_fields qualification_table = WB_FIELDS(qualification_rows, NULL);

/* findings[]: what looked wrong, the evidence, the advice. */
static const struct wb_field finding_rows[] = {
	WB_FIELD(NAME, TEXT, FI(name)),
	WB_FIELD(SEVERITY, TEXT, FI(severity)),
	WB_FIELD(EVIDENCE, TEXT, FI(evidence)),
	WB_FIELD(ADVICE, TEXT, FI(advice)),
};
static const struct wb_fields finding_table = WB_FIELDS(finding_rows, NULL);

/* A rate (or a p99, never below 0 either) with its interval, the low end at
 * 0 at least (wb_sentence_rate_end); its half-width in percent, of the
 * interval as computed, where both ends are. */
static struct wb_saved_figure saved_figure(bool measured, double value, double low, double high)
{
	bool pct = value > 0 && isfinite(low) && isfinite(high);

	return (struct wb_saved_figure){ measured, value, { wb_sentence_rate_end(low), high },
					 pct ? 100.0 * (high - low) / 2 / value : NAN };
}

/* A tier's verdict; crit holds its criteria, why their reasons' words. */
static struct wb_saved_tier saved_tier(const struct wb_q_tier_verdict *t,
				       const struct wb_q_burst *b, struct wb_saved_criterion *crit,
				       char (*why)[WB_WORDS_Q_WHY_LEN])
{
	size_t k;

	for (k = 0; k < t->n; k++) {
		const struct wb_q_outcome *c = &t->o[k];

		wb_words_q_why(c, b, why[k], sizeof(why[k]));
		crit[k] = (struct wb_saved_criterion){
			.why = wb_q_why_name(c->result == WB_Q_INCONCLUSIVE ? c->why : WB_Q_WHY_NONE),
			.line = why[k], .has_why = *why[k] != '\0',
			.shape = wb_q_shape_names[c->crit.shape],
			.metric = wb_q_metric_names[c->crit.metric],
			.result = wb_q_result_name(c->result), .source = c->crit.source,
			.fig = saved_figure(c->fig.measured, c->fig.value, c->fig.low, c->fig.high),
			.threshold = c->crit.threshold,
		};
	}
	return (struct wb_saved_tier){ .tier = t->name, .verdict = wb_q_result_name(t->verdict),
				       .criteria = crit, .ncriteria = t->n };
}

/* The volume the provider table says the storage is; kinds holds its kinds. */
static struct wb_saved_volume saved_volume(const struct wb_q_burst *b, const char *line,
					   struct wb_saved_burst_kind *kinds)
{
	const struct wb_burst_match *m = &b->volume;
	size_t i;

	if (!b->table || m->device < 0)
		return (struct wb_saved_volume){ .present = false };
	for (i = 0; i < m->nkinds; i++) {
		const struct wb_burst_kind *kd = &b->table->kinds[m->k[i].kind];

		kinds[i] = (struct wb_saved_burst_kind){
			kd->name, kd->provider, kd->title, wb_bursts_names[kd->bursts],
			wb_burst_basis_names[kd->basis], kd->rule, kd->source, kd->as_of, kd->unit,
			m->k[i].baseline };
	}
	return (struct wb_saved_volume){
		.present = true, .device = b->table->devices[m->device].name,
		.what = b->table->devices[m->device].what, .bursts = wb_bursts_names[m->bursts],
		.line = line, .ruled_out = b->ruled_out, .size_gib = m->size_gib,
		.kinds = kinds, .nkinds = m->nkinds };
}

/* Whether the rates are sustained (advice/qualify.c rule 6); suspects and
 * kinds hold what it names. */
static struct wb_saved_burst saved_burst(const struct wb_q_burst *b, const struct wb_q_words *w,
					 const char **suspects, struct wb_saved_burst_kind *kinds)
{
	static const struct { unsigned bit; const char *name; } suspect[] = {
		{ WB_SUSPECT_THROTTLED, "throttled" }, { WB_SUSPECT_VIRTUAL, "virtual-disk" },
		{ WB_SUSPECT_NO_BLOCK_DEVICE, "no-block-device" },
		{ WB_SUSPECT_FEW_SLICES, "few-slices" },
	};
	const struct wb_bucket *k = b->shape >= 0 ? &b->bucket[b->shape] : NULL;
	struct wb_saved_burst s = {
		.sustained = wb_sustained_name(b->state), .line = w->burst, .detected = k != NULL,
		.suspects = { suspects, 0 }, .run_s = b->run_s, .dropped = b->dropped,
		.volume = saved_volume(b, w->volume, kinds),
	};
	size_t i;

	for (i = 0; i < sizeof(suspect) / sizeof(suspect[0]); i++)
		if (b->suspects & suspect[i].bit)
			suspects[s.suspects.n++] = suspect[i].name;
	if (b->dropped) { /* the commit trend's figures, and why no bucket judged them */
		s.not_judged = wb_not_judged_name(b->not_judged);
		s.shape = wb_q_shape_names[WB_Q_SHAPE_COMMIT];
		s.burst_per_s = b->trend.burst_per_s;
		s.sustained_per_s = b->trend.sustained_per_s;
		s.drop_at_s = b->trend.fell_after_s;
		s.slices = (double)b->slices;
	}
	if (k) {
		s.baseline_per_s = saved_figure(true, k->baseline_per_s, k->baseline_low,
						k->baseline_high);
		s.shape = wb_q_shape_names[b->shape];
		s.burst_per_s = k->burst_per_s;
		s.drop_at_s = k->drop_at_s;
		s.plateau_slice = (double)k->first_plateau + 1; /* from 1, for the HTML chart */
		s.held_flushes = k->held;
	}
	return s;
}

/* The write-size sweep's verdict (advice/stripe_penalty.h); cached and sweep
 * hold what it names. */
static struct wb_saved_stripe saved_stripe(const struct wb_stripe_verdict *v,
					   const struct wb_array *a, const char *line,
					   const char **cached, struct wb_saved_sweep_point *sweep)
{
	struct wb_saved_stripe s = {
		.state = wb_stripe_state_name(v->state), .remedy = wb_stripe_remedy_name(v->remedy),
		.line = line, .chunk_bytes = a->chunk, .stripe_bytes = (double)a->stripe,
		.margin_pct = v->margin_pct, .cached = { cached, 0 }, .sweep = sweep,
	};
	int k;

	/* the caches in front of a parity array's members: why it reads unclear */
	for (k = 0; k < 3; k++)
		if (v->cached & (1u << k))
			cached[s.cached.n++] = wb_member_cache_name((enum wb_member_cache)(1u << k));
	for (k = 0; v->state != WB_STRIPE_NOT_STRIPED && k < WB_SWEEP_COUNT; k++) {
		const struct wb_sweep_figure *f = &v->fig[k];
		bool excess = k < WB_SWEEP_STRIPE && v->excess[k].known;

		if (!f->bytes)
			continue;
		sweep[s.nsweep++] = (struct wb_saved_sweep_point){
			.point = wb_sweep_point_names[k], .bytes = (double)f->bytes,
			.measured = f->measured,
			.flushes_per_s = saved_figure(f->measured, f->per_s, f->low, f->high),
			.bytes_per_s = f->bytes_per_s, .excess_known = excess,
			.excess_pct = excess ? v->excess[k].pct : 0,
			.excess_ci95 = { excess ? v->excess[k].low_pct : 0,
					 excess ? v->excess[k].high_pct : 0 },
			.significant = excess && v->excess[k].significant,
			.pairs = excess ? (double)v->excess[k].pairs : 0 };
	}
	return s;
}

/* What the writer's saved struct points into while it is written. */
struct q_saving {
	struct wb_q_words w;
	struct wb_finding_words fw[WB_Q_MAX_FINDINGS];
	struct wb_saved_finding f[WB_Q_MAX_FINDINGS];
	struct wb_saved_criterion crit[WB_TIERS_MAX][WB_TIER_MAX_CRITERIA];
	char why[WB_TIERS_MAX][WB_TIER_MAX_CRITERIA][WB_WORDS_Q_WHY_LEN];
	struct wb_saved_tier tiers[WB_TIERS_MAX];
	struct wb_saved_burst_kind kinds[WB_BURST_MAX_DEVICE_KINDS];
	struct wb_saved_sweep_point sweep[WB_SWEEP_COUNT];
	const char *suspects[4], *cached[3];
	struct wb_saved_qualification s;
};

/* The verdict q, its findings (b->f, q->nfindings of them) and their words
 * as the file has them, in b->s pointing into b. */
static void saved_qualification(const struct wb_qualification *q, struct q_saving *b)
{
	struct wb_saved_qualification *s = &b->s;
	size_t k;

	wb_words_qualification(q, &b->w);
	for (k = 0; !q->failed && k < q->ntiers; k++) {
		b->tiers[k] = saved_tier(&q->tiers[k], &q->burst, b->crit[k], b->why[k]);
		b->tiers[k].chosen = (int)k == q->chosen;
	}
	*s = (struct wb_saved_qualification){
		.headline = b->w.headline, .chosen = !q->failed && q->chosen >= 0,
		.has_verdict = q->failed || q->chosen >= 0, .failed = q->failed,
		.verdict = "error", .failure = b->w.failure, .tiers = b->tiers,
		.ntiers = q->failed ? 0 : q->ntiers, .trend = {
			.known = q->trend.known, .fell = q->trend.fell,
			.burst_per_s = q->trend.burst_per_s,
			.sustained_per_s = q->trend.sustained_per_s,
			.fell_after_s = q->trend.fell_after_s, .line = b->w.trend },
		.burst = saved_burst(&q->burst, &b->w, b->suspects, b->kinds),
		.has_stripe = q->rs && !q->failed,
	};
	if (s->chosen) {
		s->tier = b->tiers[q->chosen].tier;
		s->verdict = b->tiers[q->chosen].verdict;
		s->criteria = b->tiers[q->chosen].criteria;
		s->ncriteria = b->tiers[q->chosen].ncriteria;
	}
	if (s->has_stripe)
		s->stripe = saved_stripe(&q->stripe, &q->rs->device.array, b->w.stripe, b->cached,
					 b->sweep);
	for (k = 0; k < q->nfindings; k++) {
		wb_words_finding(q, &q->findings[k], &b->fw[k]);
		b->f[k] = (struct wb_saved_finding){
			wb_finding_name(q->findings[k].code),
			q->findings[k].severity == WB_FINDING_WARN ? "warn" : "info",
			b->fw[k].evidence, b->fw[k].advice };
	}
}

/* "qualification": the chosen tier's verdict, every tier's, the trend, the
 * burst credits and the sweep; "findings": the plausibility findings (top
 * level, beside it). */
void wb_json_add_qualification(cJSON *root, const struct wb_qualification *q)
{
	struct q_saving b;

	saved_qualification(q, &b);
	wb_json_add_saved_qualification(root, &b.s, b.f, q->nfindings);
}

void wb_saved_qualification_with(const struct wb_qualification *q,
				 void (*fn)(const struct wb_saved_qualification *s, void *ctx),
				 void *ctx)
{
	struct q_saving b;

	saved_qualification(q, &b);
	fn(&b.s, ctx);
}

void wb_json_add_saved_qualification(cJSON *root, const struct wb_saved_qualification *s,
				     const struct wb_saved_finding *f, size_t n)
{
	wb_fields_write(root, WB_KEY_QUALIFICATION, &qualification_table, s);
	wb_fields_write_array(root, WB_KEY_FINDINGS, &finding_table, f, n, sizeof(*f));
}

/* qualification: the tier and verdict a fleet summary compares, checked, and
 * its headline where the recommendation gave none; the findings at root. */
int wb_rd_qualification(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *qual;
	int ret;

	if ((ret = wb_rd_get_object(rd, root, WB_KEY_QUALIFICATION, &qual)))
		return ret;
	if (qual) {
		snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_QUALIFICATION));
		if ((ret = wb_rd_get_string(rd, qual, WB_KEY_TIER, out->tier, sizeof(out->tier), "")) ||
		    (ret = wb_rd_get_string(rd, qual, WB_KEY_VERDICT, out->verdict,
					    sizeof(out->verdict), "")) ||
		    (!*out->headline &&
		     (ret = wb_rd_get_string(rd, qual, WB_KEY_HEADLINE, out->headline,
					     sizeof(out->headline), ""))))
			return ret;
		out->has_qualification = true;
		rd->where[0] = '\0';
		if ((ret = wb_fields_read(rd, qual, &qualification_table, &out->qual)) < 0)
			return ret;
	}
	ret = wb_fields_read_array(rd, root, WB_KEY_FINDINGS, &finding_table,
				   (void **)&out->findings, &out->nfindings, sizeof(*out->findings));
	return ret < 0 ? ret : 0;
}
