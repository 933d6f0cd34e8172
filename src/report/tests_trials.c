/* tests_trials.c — a test's per-trial arrays (trial_ops_per_sec,
 * trial_round), the custom rows of tests_fields.c's table. Trap: they are
 * written as raw text, not cJSON nodes, to keep a long run's memory flat. */
#include "report/tests_fields.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/textbuf.h"

/* One number as cJSON prints it: the shorter of 15 or 17 significant digits
 * that reads back as the same double; null for what JSON cannot hold. */
static void add_number(struct wb_textbuf *t, const char *sep, double v)
{
	char buf[32];

	if (!isfinite(v)) {
		wb_textbuf_add(t, "%snull", sep);
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	wb_textbuf_add(t, "%s%s", sep, buf);
}

/* A per-trial array (of d, or else of u) as one raw JSON value, written as
 * cJSON writes an array. A long run has thousands of trials, and a cJSON node
 * per number (about 80 bytes, all held until the file is printed) was most of
 * what made a run's peak RSS grow with its length (contrib/bench/rss.sh). */
static void add_trial_array(cJSON *o, enum wb_key key, const double *d, const uint32_t *u,
			    size_t n)
{
	struct wb_textbuf t = { 0 };
	size_t i;

	wb_textbuf_add(&t, "[");
	for (i = 0; i < n; i++) {
		if (u)
			wb_textbuf_add(&t, "%s%" PRIu32, i ? ", " : "", u[i]);
		else
			add_number(&t, i ? ", " : "", d[i]);
	}
	wb_textbuf_add(&t, "]");
	if (!t.failed)
		cJSON_AddRawToObject(o, wb_key(key), t.s);
	free(t.s);
}

void wb_write_trial_rates(cJSON *o, enum wb_key key, const void *base)
{
	const struct wb_saved_test *t = base;

	add_trial_array(o, key, t->trial_rates, NULL, t->ntrials);
}

void wb_write_trial_rounds(cJSON *o, enum wb_key key, const void *base)
{
	const struct wb_saved_test *t = base;

	add_trial_array(o, key, NULL, t->trial_rounds, t->nrounds);
}

/* trial_ops_per_sec, strictly: compare's paired statistics run on it. */
int wb_read_trial_rates(struct reader *rd, const cJSON *arr, void *base)
{
	struct wb_saved_test *t = base;
	const cJSON *v;
	size_t i = 0, n;

	if (!arr || cJSON_IsNull(arr))
		return 1;
	if (!cJSON_IsArray(arr))
		return wb_rd_refuse(rd, wb_key(WB_KEY_TRIAL_OPS_PER_SEC), "expected an array, got %s",
				    wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (!n)
		return 0;
	/* not the results' own: wb_saved_free frees it */
	t->trial_rates = calloc(n, sizeof(*t->trial_rates));
	if (!t->trial_rates)
		return -ENOMEM;
	cJSON_ArrayForEach(v, arr) {
		if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < 0)
			return wb_rd_refuse(rd, wb_key(WB_KEY_TRIAL_OPS_PER_SEC),
					    "element %zu: expected a number >= 0, got %s", i,
					    wb_json_type_name(v));
		t->trial_rates[i++] = v->valuedouble;
	}
	t->ntrials = n;
	return 0;
}

/* trial_round, as shown: an element not a round reads as 0. */
int wb_read_trial_rounds(struct reader *rd, const cJSON *arr, void *base)
{
	struct wb_saved_test *t = base;
	const cJSON *v;
	size_t i = 0;

	if (!cJSON_IsArray(arr))
		return 1;
	t->nrounds = (size_t)cJSON_GetArraySize(arr);
	if (t->nrounds && !(t->trial_rounds = wb_rd_keep_array(rd, t->nrounds, sizeof(uint32_t))))
		return -ENOMEM;
	cJSON_ArrayForEach(v, arr) {
		if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= UINT32_MAX)
			t->trial_rounds[i] = (uint32_t)v->valuedouble;
		i++;
	}
	return 0;
}
