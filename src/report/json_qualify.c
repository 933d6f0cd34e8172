/* json_qualify.c — "qualification" (the chosen tier's verdict criterion by
 * criterion, every tier's, the burst-against-sustained trend, the burst credits,
 * the write-size sweep on a striped array) and "findings" (qualify's
 * plausibility findings). */
#include "report/json_parts.h"
#include "report/words.h"

#include <math.h>

/* A figure with its interval; an unbounded end is null. */
static void add_figure(cJSON *o, const struct wb_q_figure *f)
{
	cJSON *arr;

	if (!f->measured) {
		cJSON_AddNullToObject(o, K(VALUE));
		cJSON_AddNullToObject(o, K(CI95));
		return;
	}
	cJSON_AddNumberToObject(o, K(VALUE), f->value);
	arr = cJSON_AddArrayToObject(o, K(CI95));
	if (!arr)
		return;
	cJSON_AddItemToArray(arr, isfinite(f->low) ? cJSON_CreateNumber(f->low) : cJSON_CreateNull());
	cJSON_AddItemToArray(arr, isfinite(f->high) ? cJSON_CreateNumber(f->high)
						    : cJSON_CreateNull());
	if (f->value > 0 && isfinite(f->low) && isfinite(f->high))
		cJSON_AddNumberToObject(o, K(CI95_PCT), 100.0 * (f->high - f->low) / 2 / f->value);
	else
		cJSON_AddNullToObject(o, K(CI95_PCT));
}

static void add_tier_verdict(cJSON *o, const struct wb_q_tier_verdict *t)
{
	cJSON *arr, *x;
	size_t k;

	cJSON_AddStringToObject(o, K(TIER), t->name);
	cJSON_AddStringToObject(o, K(VERDICT), wb_q_result_name(t->verdict));
	arr = cJSON_AddArrayToObject(o, K(CRITERIA));
	for (k = 0; arr && k < t->n; k++) {
		const struct wb_q_outcome *c = &t->o[k];

		if (!(x = cJSON_CreateObject()))
			return;
		cJSON_AddStringToObject(x, K(SHAPE), wb_q_shape_names[c->crit.shape]);
		cJSON_AddStringToObject(x, K(METRIC), wb_q_metric_names[c->crit.metric]);
		add_figure(x, &c->fig);
		cJSON_AddNumberToObject(x, K(THRESHOLD), c->crit.threshold);
		cJSON_AddStringToObject(x, K(RESULT), wb_q_result_name(c->result));
		cJSON_AddStringToObject(x, K(SOURCE), c->crit.source);
		cJSON_AddItemToArray(arr, x);
	}
}

/* qualify's plausibility findings: what looked wrong, the evidence, advice. */
static void add_findings(cJSON *root, const struct wb_qualification *q)
{
	struct wb_finding_words fw;
	cJSON *arr, *x;
	size_t k;

	arr = cJSON_AddArrayToObject(root, K(FINDINGS));
	for (k = 0; arr && k < q->nfindings; k++)
		if ((x = cJSON_CreateObject())) {
			wb_words_finding(q, &q->findings[k], &fw);
			cJSON_AddStringToObject(x, K(NAME), wb_finding_name(q->findings[k].code));
			cJSON_AddStringToObject(x, K(SEVERITY), q->findings[k].severity ==
						WB_FINDING_WARN ? "warn" : "info");
			cJSON_AddStringToObject(x, K(EVIDENCE), fw.evidence);
			cJSON_AddStringToObject(x, K(ADVICE), fw.advice);
			cJSON_AddItemToArray(arr, x);
		}
}

/* "volume": the provider's volume the fact table says the storage is, the
 * kinds it may be with each rule, its source and date, and the baseline the
 * rule gives at the disk's size (null when it gives none). */
static void add_volume(cJSON *o, const struct wb_q_burst *b, const char *line)
{
	const struct wb_burst_match *m = &b->volume;
	cJSON *x, *arr, *k;
	size_t i;

	if (!b->table || m->device < 0) {
		cJSON_AddNullToObject(o, K(VOLUME));
		return;
	}
	if (!(x = cJSON_AddObjectToObject(o, K(VOLUME))))
		return;
	cJSON_AddStringToObject(x, K(DEVICE), b->table->devices[m->device].name);
	cJSON_AddStringToObject(x, K(WHAT), b->table->devices[m->device].what);
	cJSON_AddStringToObject(x, K(BURSTS), wb_bursts_names[m->bursts]);
	cJSON_AddBoolToObject(x, K(RULED_OUT), b->ruled_out);
	if (isfinite(m->size_gib))
		cJSON_AddNumberToObject(x, K(SIZE_GIB), m->size_gib);
	else
		cJSON_AddNullToObject(x, K(SIZE_GIB));
	arr = cJSON_AddArrayToObject(x, K(KINDS));
	for (i = 0; arr && i < m->nkinds; i++) {
		const struct wb_burst_kind *kd = &b->table->kinds[m->k[i].kind];

		if (!(k = cJSON_CreateObject()))
			return;
		cJSON_AddStringToObject(k, K(NAME), kd->name);
		cJSON_AddStringToObject(k, K(PROVIDER), kd->provider);
		cJSON_AddStringToObject(k, K(TITLE), kd->title);
		cJSON_AddStringToObject(k, K(BURSTS), wb_bursts_names[kd->bursts]);
		cJSON_AddStringToObject(k, K(BASIS), wb_burst_basis_names[kd->basis]);
		cJSON_AddStringToObject(k, K(RULE), kd->rule);
		cJSON_AddStringToObject(k, K(SOURCE), kd->source);
		cJSON_AddStringToObject(k, K(AS_OF), kd->as_of);
		cJSON_AddStringToObject(k, K(UNIT), kd->unit);
		if (isfinite(m->k[i].baseline))
			cJSON_AddNumberToObject(k, K(BASELINE), m->k[i].baseline);
		else
			cJSON_AddNullToObject(k, K(BASELINE));
		cJSON_AddItemToArray(arr, k);
	}
	cJSON_AddStringToObject(x, K(LINE), line);
}

/* "burst": whether the rates are sustained (advice/qualify.c rule 6), the
 * bucket's figures when one ran dry, and the suspects when none did. */
static void add_burst(cJSON *o, const struct wb_q_burst *b, const struct wb_q_words *w)
{
	static const struct { unsigned bit; const char *name; } suspects[] = {
		{ WB_SUSPECT_THROTTLED, "throttled" }, { WB_SUSPECT_VIRTUAL, "virtual-disk" },
		{ WB_SUSPECT_NO_BLOCK_DEVICE, "no-block-device" },
	};
	const struct wb_bucket *k = b->shape >= 0 ? &b->bucket[b->shape] : NULL;
	cJSON *x = cJSON_AddObjectToObject(o, K(BURST)), *arr;
	size_t i;

	if (!x)
		return;
	cJSON_AddStringToObject(x, K(SUSTAINED), wb_sustained_name(b->state));
	cJSON_AddBoolToObject(x, K(DETECTED), k != NULL);
	arr = cJSON_AddArrayToObject(x, K(SUSPECTS));
	for (i = 0; arr && i < sizeof(suspects) / sizeof(suspects[0]); i++)
		if (b->suspects & suspects[i].bit)
			cJSON_AddItemToArray(arr, cJSON_CreateString(suspects[i].name));
	cJSON_AddNumberToObject(x, K(RUN_S), b->run_s);
	cJSON_AddBoolToObject(x, K(DROPPED), b->dropped);
	if (b->dropped) { /* the commit trend's figures, and why no bucket judged them */
		cJSON_AddStringToObject(x, K(NOT_JUDGED), wb_not_judged_name(b->not_judged));
		cJSON_AddStringToObject(x, K(SHAPE), wb_q_shape_names[WB_Q_SHAPE_COMMIT]);
		cJSON_AddNumberToObject(x, K(BURST_PER_S), b->trend.burst_per_s);
		cJSON_AddNumberToObject(x, K(SUSTAINED_PER_S), b->trend.sustained_per_s);
		cJSON_AddNumberToObject(x, K(DROP_AT_S), b->trend.fell_after_s);
		cJSON_AddNumberToObject(x, K(SLICES), (double)b->slices);
	}
	if (k) {
		struct wb_q_figure f = { .measured = true, .value = k->baseline_per_s,
					 .low = k->baseline_low, .high = k->baseline_high };
		cJSON *base = cJSON_AddObjectToObject(x, K(BASELINE_PER_S));

		cJSON_AddStringToObject(x, K(SHAPE), wb_q_shape_names[b->shape]);
		cJSON_AddNumberToObject(x, K(BURST_PER_S), k->burst_per_s);
		if (base)
			add_figure(base, &f);
		cJSON_AddNumberToObject(x, K(DROP_AT_S), k->drop_at_s);
		/* the plateau's first slice, counted from 1, for the HTML chart */
		cJSON_AddNumberToObject(x, K(PLATEAU_SLICE), (double)k->first_plateau + 1);
		cJSON_AddNumberToObject(x, K(HELD_FLUSHES), k->held);
	}
	add_volume(x, b, w->volume);
	cJSON_AddStringToObject(x, K(LINE), w->burst);
}

/* "stripe": the write-size sweep's verdict (advice/stripe_penalty.h), each
 * point as flushes/s and bytes/s, the sub-stripe points with how much more
 * time they took than the full-stripe line predicts. */
static void add_stripe(cJSON *o, const struct wb_stripe_verdict *v, const struct wb_array *a,
		       const char *line)
{
	cJSON *x = cJSON_AddObjectToObject(o, K(STRIPE)), *arr, *p, *ci;
	int k;

	if (!x)
		return;
	cJSON_AddStringToObject(x, K(STATE), wb_stripe_state_name(v->state));
	cJSON_AddStringToObject(x, K(REMEDY), wb_stripe_remedy_name(v->remedy));
	cJSON_AddNumberToObject(x, K(CHUNK_BYTES), a->chunk);
	cJSON_AddNumberToObject(x, K(STRIPE_BYTES), (double)a->stripe);
	cJSON_AddNumberToObject(x, K(MARGIN_PCT), v->margin_pct);
	/* the caches in front of a parity array's members: why it reads unclear */
	arr = cJSON_AddArrayToObject(x, K(CACHED));
	for (k = 0; arr && k < 3; k++)
		if (v->cached & (1u << k))
			cJSON_AddItemToArray(arr, cJSON_CreateString(
				wb_member_cache_name((enum wb_member_cache)(1u << k))));
	arr = cJSON_AddArrayToObject(x, K(SWEEP));
	for (k = 0; arr && v->state != WB_STRIPE_NOT_STRIPED && k < WB_SWEEP_COUNT; k++) {
		const struct wb_sweep_figure *f = &v->fig[k];
		struct wb_q_figure q = { .measured = f->measured, .value = f->per_s,
					 .low = f->low, .high = f->high };

		if (!f->bytes || !(p = cJSON_CreateObject()))
			continue;
		cJSON_AddStringToObject(p, K(POINT), wb_sweep_point_names[k]);
		cJSON_AddNumberToObject(p, K(BYTES), (double)f->bytes);
		cJSON_AddBoolToObject(p, K(MEASURED), f->measured);
		if ((ci = cJSON_AddObjectToObject(p, K(FLUSHES_PER_S))))
			add_figure(ci, &q);
		if (f->measured)
			cJSON_AddNumberToObject(p, K(BYTES_PER_S), f->bytes_per_s);
		else
			cJSON_AddNullToObject(p, K(BYTES_PER_S));
		if (k < WB_SWEEP_STRIPE && v->excess[k].known) {
			cJSON_AddNumberToObject(p, K(EXCESS_PCT), v->excess[k].pct);
			if ((ci = cJSON_AddArrayToObject(p, K(EXCESS_CI95)))) {
				cJSON_AddItemToArray(ci, cJSON_CreateNumber(v->excess[k].low_pct));
				cJSON_AddItemToArray(ci, cJSON_CreateNumber(v->excess[k].high_pct));
			}
			cJSON_AddBoolToObject(p, K(SIGNIFICANT), v->excess[k].significant);
			cJSON_AddNumberToObject(p, K(PAIRS), (double)v->excess[k].pairs);
		}
		cJSON_AddItemToArray(arr, p);
	}
	cJSON_AddStringToObject(x, K(LINE), line);
}

/* "qualification": the chosen tier's verdict, every tier's, and the trend;
 * "findings": the plausibility findings (top level, beside it). */
void wb_json_add_qualification(cJSON *root, const struct wb_qualification *q)
{
	cJSON *o = cJSON_AddObjectToObject(root, K(QUALIFICATION)), *arr, *x;
	struct wb_q_words w;
	size_t k;

	if (!o)
		return;
	wb_words_qualification(q, &w);
	cJSON_AddStringToObject(o, K(HEADLINE), w.headline);
	if (q->failed) {
		cJSON_AddStringToObject(o, K(VERDICT), "error");
		cJSON_AddStringToObject(o, K(FAILURE), w.failure);
	} else if (q->chosen >= 0) {
		add_tier_verdict(o, &q->tiers[q->chosen]);
	}
	arr = cJSON_AddArrayToObject(o, K(TIERS));
	for (k = 0; arr && !q->failed && k < q->ntiers; k++)
		if ((x = cJSON_CreateObject())) {
			add_tier_verdict(x, &q->tiers[k]);
			cJSON_AddItemToArray(arr, x);
		}
	if ((x = cJSON_AddObjectToObject(o, K(TREND)))) {
		cJSON_AddBoolToObject(x, K(KNOWN), q->trend.known);
		cJSON_AddNumberToObject(x, K(BURST_PER_S), q->trend.burst_per_s);
		cJSON_AddNumberToObject(x, K(SUSTAINED_PER_S), q->trend.sustained_per_s);
		cJSON_AddBoolToObject(x, K(FELL), q->trend.fell);
		if (q->trend.fell)
			cJSON_AddNumberToObject(x, K(FELL_AFTER_S), q->trend.fell_after_s);
		cJSON_AddStringToObject(x, K(LINE), w.trend);
	}
	add_burst(o, &q->burst, &w);
	if (q->rs && !q->failed)
		add_stripe(o, &q->stripe, &q->rs->device.array, w.stripe);
	add_findings(root, q);
}
