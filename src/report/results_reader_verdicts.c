/* results_reader_verdicts.c — the reader's part for the answers recommend and
 * qualify add: what a fleet summary compares (checked), and what the HTML
 * report shows of them as they are — the method and its margins and the
 * advisories; where pg_wal belongs is placement_fields.c's, the tier's
 * verdict and the findings qualify_fields.c's. */
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
		out->has_qualification = true;
	}
	rd->where[0] = '\0';
	return wb_rd_qualification(rd, root, qual, out);
}
