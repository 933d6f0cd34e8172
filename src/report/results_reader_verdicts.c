/* results_reader_verdicts.c — the reader's part for the answers recommend and
 * qualify add: what a fleet summary compares (checked), and what the HTML
 * report shows of them as they are — the method and its margins, the tier's
 * criteria, the advisories and findings; where pg_wal belongs is
 * placement_fields.c's. */
#include "report/results_reader_parts.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "advice/recommend.h"

/* saved.h's states are recommend.h's, read by its names. */
_Static_assert((int)WB_SAVED_REC_FAILED == (int)WB_REC_FAILED &&
	       (int)WB_SAVED_REC_SWITCH == (int)WB_REC_SWITCH &&
	       (int)WB_SAVED_REC_TIE == (int)WB_REC_TIE &&
	       (int)WB_SAVED_REC_KEEP == (int)WB_REC_KEEP &&
	       (int)WB_SAVED_REC_UNDECIDED == (int)WB_REC_UNDECIDED,
	       "saved.h's enum wb_saved_rec_state follows recommend.h's enum wb_rec_state");

/* recommendation.oltp, .bulk, .runner_up. */
static int choice(struct reader *rd, const cJSON *o, struct wb_saved_choice *c)
{
	const cJSON *m = wb_rd_member(o, WB_KEY_WAL_SYNC_METHOD);
	int ret;

	c->present = cJSON_IsObject(o);
	c->margin_pct = wb_rd_show_number(o, WB_KEY_MARGIN_PCT);
	c->ci95_pct = wb_rd_show_range(o, WB_KEY_CI95_PCT);
	if ((ret = wb_rd_show_string(rd, o, cJSON_IsString(m) && *m->valuestring ?
				     WB_KEY_WAL_SYNC_METHOD : WB_KEY_METHOD, &c->method)) ||
	    (ret = wb_rd_show_string(rd, o, WB_KEY_REASON, &c->reason)))
		return ret;
	return 0;
}

static int advisories(struct reader *rd, const cJSON *rec, struct wb_saved_recommendation *r)
{
	const cJSON *arr = wb_rd_show_array(rec, WB_KEY_ADVISORIES, &r->nadvisories), *a;
	struct wb_saved_advisory *x;
	int ret;

	if (!r->nadvisories)
		return 0;
	if (!(x = r->advisories = wb_rd_keep_array(rd, r->nadvisories, sizeof(*x))))
		return -ENOMEM;
	cJSON_ArrayForEach(a, arr) {
		if ((ret = wb_rd_show_string(rd, a, WB_KEY_SEVERITY, &x->severity)) ||
		    (ret = wb_rd_show_string(rd, a, WB_KEY_FACT, &x->fact)) ||
		    (ret = wb_rd_show_string(rd, a, WB_KEY_VALUE, &x->value)) ||
		    (ret = wb_rd_show_string(rd, a, WB_KEY_ADVICE, &x->advice)) ||
		    (ret = wb_rd_show_string(rd, a, WB_KEY_REASON, &x->reason)))
			return ret;
		x++;
	}
	return 0;
}

/* recommendation.state; a file without one (schema 6 and older) has it
 * derived from what that version wrote (saved.h says how). A state this
 * version does not know is refused: guessing it would word a finding the file
 * never made. */
static int rec_state(struct reader *rd, const cJSON *rec, struct wb_saved_recommendation *r)
{
	const cJSON *st = wb_rd_member(rec, WB_KEY_STATE), *m, *f;
	int s;

	if (cJSON_IsString(st)) {
		for (s = WB_REC_FAILED; s <= WB_REC_UNDECIDED; s++)
			if (strcmp(st->valuestring, wb_rec_state_name((enum wb_rec_state)s)) == 0) {
				r->state = (enum wb_saved_rec_state)s;
				return 0;
			}
		return wb_rd_refuse(rd, wb_key(WB_KEY_STATE), "not a state this walbench knows "
				    "(the file's words are not quoted)");
	}
	if (st && !cJSON_IsNull(st))
		return wb_rd_refuse(rd, wb_key(WB_KEY_STATE), "expected a string, got %s",
				    wb_rd_type_name(st));
	r->state_derived = true;
	m = wb_rd_member(rec, WB_KEY_WAL_SYNC_METHOD);
	f = wb_rd_member(rec, WB_KEY_FAILURE);
	if (!cJSON_IsString(m) || !*m->valuestring || (cJSON_IsString(f) && *f->valuestring))
		r->state = WB_SAVED_REC_FAILED;
	else if (wb_rd_show_true(rec, WB_KEY_CHANGE))
		r->state = WB_SAVED_REC_SWITCH;
	else if (cJSON_IsFalse(wb_rd_member(rec, WB_KEY_DECIDED)))
		r->state = WB_SAVED_REC_UNDECIDED;
	else
		r->state = WB_SAVED_REC_TIE;
	return 0;
}

static int shown_recommendation(struct reader *rd, const cJSON *rec,
				struct wb_saved_recommendation *r)
{
	const cJSON *settle = wb_rd_member(rec, WB_KEY_SETTLE);
	int ret;

	r->settle_more_s = wb_rd_show_number(settle, WB_KEY_MORE_S);
	if ((ret = rec_state(rd, rec, r)) ||
	    (ret = wb_rd_show_string(rd, settle, WB_KEY_BUDGET, &r->settle_budget)))
		return ret;
	r->commit_delay_us = wb_rd_show_number(rec, WB_KEY_COMMIT_DELAY_US);
	if ((ret = wb_rd_show_string(rd, rec, WB_KEY_FAILURE, &r->failure)) ||
	    (ret = wb_rd_show_string(rd, rec, WB_KEY_HEADLINE, &r->headline)) ||
	    (ret = wb_rd_show_string(rd, rec, WB_KEY_REASON, &r->reason)) ||
	    (ret = wb_rd_show_string(rd, rec, WB_KEY_COMMIT_DELAY_REASON,
				     &r->commit_delay_reason)) ||
	    (ret = wb_rd_show_string(rd, wb_rd_member(rec, WB_KEY_SERVER), WB_KEY_COMMITS_LINE,
				     &r->commits_line)) ||
	    (ret = wb_rd_show_string(rd, wb_rd_member(rec, WB_KEY_SERVER), WB_KEY_CROSSCHECK_LINE,
				     &r->crosscheck_line)) ||
	    (ret = choice(rd, wb_rd_member(rec, WB_KEY_OLTP), &r->oltp)) ||
	    (ret = choice(rd, wb_rd_member(rec, WB_KEY_BULK), &r->bulk)) ||
	    (ret = choice(rd, wb_rd_member(rec, WB_KEY_RUNNER_UP), &r->runner_up)) ||
	    (ret = wb_rd_show_lines(rd, rec, WB_KEY_CONFIG, &r->config)) ||
	    (ret = wb_rd_show_lines(rd, rec, WB_KEY_ALTER_SYSTEM, &r->alter_system)) ||
	    (ret = advisories(rd, rec, r)) ||
	    (ret = wb_rd_placement(rd, rec, &r->placement)))
		return ret;
	return 0;
}

static int criteria(struct reader *rd, const cJSON *q, struct wb_saved_qualification *s)
{
	const cJSON *arr = wb_rd_show_array(q, WB_KEY_CRITERIA, &s->ncriteria), *c;
	struct wb_saved_criterion *x;
	int ret;

	if (!s->ncriteria)
		return 0;
	if (!(x = s->criteria = wb_rd_keep_array(rd, s->ncriteria, sizeof(*x))))
		return -ENOMEM;
	cJSON_ArrayForEach(c, arr) {
		x->value = wb_rd_show_number(c, WB_KEY_VALUE);
		x->threshold = wb_rd_show_number(c, WB_KEY_THRESHOLD);
		x->ci95 = wb_rd_show_range(c, WB_KEY_CI95);
		if ((ret = wb_rd_show_string(rd, c, WB_KEY_SHAPE, &x->shape)) ||
		    (ret = wb_rd_show_string(rd, c, WB_KEY_METRIC, &x->metric)) ||
		    (ret = wb_rd_show_string(rd, c, WB_KEY_RESULT, &x->result)) ||
		    (ret = wb_rd_show_string(rd, c, WB_KEY_SOURCE, &x->source)))
			return ret;
		x++;
	}
	return 0;
}

/* qualification.burst: the bucket's figures and the provider's rules quoted. */
static int shown_burst(struct reader *rd, const cJSON *b, struct wb_saved_burst *s)
{
	const cJSON *v = wb_rd_member(b, WB_KEY_VOLUME), *arr, *k;
	struct wb_saved_burst_kind *x;
	int ret;

	s->burst_per_s = wb_rd_show_number(b, WB_KEY_BURST_PER_S);
	s->baseline_per_s = wb_rd_show_number(wb_rd_member(b, WB_KEY_BASELINE_PER_S), WB_KEY_VALUE);
	s->drop_at_s = wb_rd_show_number(b, WB_KEY_DROP_AT_S);
	s->plateau_slice = wb_rd_show_number(b, WB_KEY_PLATEAU_SLICE);
	if ((ret = wb_rd_show_string(rd, b, WB_KEY_SUSTAINED, &s->sustained)) ||
	    (ret = wb_rd_show_string(rd, b, WB_KEY_LINE, &s->line)) ||
	    (ret = wb_rd_show_string(rd, b, WB_KEY_SHAPE, &s->shape)) ||
	    (ret = wb_rd_show_string(rd, v, WB_KEY_LINE, &s->volume_line)))
		return ret;
	arr = wb_rd_show_array(v, WB_KEY_KINDS, &s->nkinds);
	if (!s->nkinds)
		return 0;
	if (!(x = s->kinds = wb_rd_keep_array(rd, s->nkinds, sizeof(*x))))
		return -ENOMEM;
	cJSON_ArrayForEach(k, arr) {
		x->baseline = wb_rd_show_number(k, WB_KEY_BASELINE);
		if ((ret = wb_rd_show_string(rd, k, WB_KEY_NAME, &x->name)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_TITLE, &x->title)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_BURSTS, &x->bursts)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_BASIS, &x->basis)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_RULE, &x->rule)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_SOURCE, &x->source)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_AS_OF, &x->as_of)) ||
		    (ret = wb_rd_show_string(rd, k, WB_KEY_UNIT, &x->unit)))
			return ret;
		x++;
	}
	return 0;
}

static int shown_qualification(struct reader *rd, const cJSON *q,
			       struct wb_saved_qualification *s)
{
	const cJSON *arr = wb_rd_show_array(q, WB_KEY_TIERS, &s->ntiers), *c;
	struct wb_saved_tier *x;
	int ret;

	if ((ret = wb_rd_show_string(rd, q, WB_KEY_FAILURE, &s->failure)) ||
	    (ret = wb_rd_show_string(rd, q, WB_KEY_HEADLINE, &s->headline)) ||
	    (ret = wb_rd_show_string(rd, wb_rd_member(q, WB_KEY_TREND), WB_KEY_LINE,
				     &s->trend_line)) ||
	    (ret = criteria(rd, q, s)) ||
	    (ret = shown_burst(rd, wb_rd_member(q, WB_KEY_BURST), &s->burst)))
		return ret;
	if (!s->ntiers)
		return 0;
	if (!(x = s->tiers = wb_rd_keep_array(rd, s->ntiers, sizeof(*x))))
		return -ENOMEM;
	cJSON_ArrayForEach(c, arr) {
		if ((ret = wb_rd_show_string(rd, c, WB_KEY_TIER, &x->tier)) ||
		    (ret = wb_rd_show_string(rd, c, WB_KEY_VERDICT, &x->verdict)))
			return ret;
		x++;
	}
	return 0;
}

static int findings(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *arr = wb_rd_show_array(root, WB_KEY_FINDINGS, &out->nfindings), *f;
	struct wb_saved_finding *x;
	int ret;

	if (!out->nfindings)
		return 0;
	if (!(x = out->findings = wb_rd_keep_array(rd, out->nfindings, sizeof(*x))))
		return -ENOMEM;
	cJSON_ArrayForEach(f, arr) {
		if ((ret = wb_rd_show_string(rd, f, WB_KEY_NAME, &x->name)) ||
		    (ret = wb_rd_show_string(rd, f, WB_KEY_SEVERITY, &x->severity)) ||
		    (ret = wb_rd_show_string(rd, f, WB_KEY_EVIDENCE, &x->evidence)) ||
		    (ret = wb_rd_show_string(rd, f, WB_KEY_ADVICE, &x->advice)))
			return ret;
		x++;
	}
	return 0;
}

int wb_rd_verdicts(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *rec, *qual;
	int change = 0, ret;

	if ((ret = wb_rd_get_object(rd, root, WB_KEY_RECOMMENDATION, &rec)) ||
	    (ret = wb_rd_get_object(rd, root, WB_KEY_QUALIFICATION, &qual)))
		return ret;
	if (rec) {
		snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_RECOMMENDATION));
		/* A failed recommendation writes its method as null: none. */
		out->recommended_method[0] = '\0';
		if ((!cJSON_IsNull(wb_rd_member(rec, WB_KEY_WAL_SYNC_METHOD)) &&
		     (ret = wb_rd_get_string(rd, rec, WB_KEY_WAL_SYNC_METHOD, out->recommended_method,
					     sizeof(out->recommended_method), ""))) ||
		    (ret = wb_rd_get_bool(rd, rec, WB_KEY_CHANGE, &change)) ||
		    (ret = wb_rd_get_string(rd, rec, WB_KEY_HEADLINE, out->headline,
					    sizeof(out->headline), "")) ||
		    (ret = shown_recommendation(rd, rec, &out->rec)))
			return ret;
		out->has_recommendation = true;
		out->recommendation_change = change == 1;
	}
	if (qual) {
		snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_QUALIFICATION));
		if ((ret = wb_rd_get_string(rd, qual, WB_KEY_TIER, out->tier, sizeof(out->tier), "")) ||
		    (ret = wb_rd_get_string(rd, qual, WB_KEY_VERDICT, out->verdict,
					    sizeof(out->verdict), "")))
			return ret;
		if (!*out->headline &&
		    (ret = wb_rd_get_string(rd, qual, WB_KEY_HEADLINE, out->headline,
					    sizeof(out->headline), "")))
			return ret;
		if ((ret = shown_qualification(rd, qual, &out->qual)))
			return ret;
		out->has_qualification = true;
	}
	rd->where[0] = '\0';
	return findings(rd, root, out);
}
