/* tiers.c — reads qualify's tiers file into struct wb_tiers, refusing anything
 * it does not understand. Trap: the table's strings and arrays have fixed sizes
 * (model/tier.h); a value that does not fit is refused, never cut, because a
 * clipped source or a dropped criterion would change what a verdict claims. */
#include "plan/tiers.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "plan/json_strict.h"
#include "plan/profile.h"

static const char *const file_keys[] = { "tiers", "description" };
static const char *const tier_keys[] = { "name", "description", "criteria" };
static const char *const criterion_keys[] = { "shape", "metric", "threshold", "source" };

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
/* The file's description is for its readers; qualify does not print it. */
static const struct wb_json_keyset file_set = { file_keys, N_OF(file_keys), 1 };
static const struct wb_json_keyset tier_set = { tier_keys, N_OF(tier_keys), N_OF(tier_keys) };
static const struct wb_json_keyset criterion_set = { criterion_keys, N_OF(criterion_keys),
						     N_OF(criterion_keys) };

/* "tiers[15].criteria[7]" and the like. */
#define WHERE_LEN 48

/* A tier's name is typed after --tier and printed in every report format. */
static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_' || c == '.';
}

/* A threshold is flushes/s or milliseconds: a finite number above zero. cJSON
 * reads an out-of-range literal such as 1e999 as infinity. */
static int get_threshold(const struct wb_json_loader *l, const cJSON *obj, const char *where,
			 double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "threshold");

	if (!cJSON_IsNumber(v))
		return wb_json_refuse(l, where, "threshold", "%s is the wrong type; expected a number",
			      wb_json_type_name(v));
	if (!isfinite(v->valuedouble))
		return wb_json_refuse(l, where, "threshold", "not a finite number");
	if (!(v->valuedouble > 0))
		return wb_json_refuse(l, where, "threshold", "%.15g is not above 0", v->valuedouble);
	*out = v->valuedouble;
	return 0;
}

static int load_criterion(const struct wb_json_loader *l, const cJSON *v, const char *where,
			  struct wb_q_criterion *c)
{
	unsigned shape, metric;
	int ret;

	if ((ret = wb_json_check_object(l, v, where, &criterion_set)) ||
	    (ret = wb_json_get_choice(l, v, where, "shape", wb_q_shape_names, WB_Q_SHAPE_COUNT, &shape)) ||
	    (ret = wb_json_get_choice(l, v, where, "metric", wb_q_metric_names, WB_Q_METRIC_COUNT,
			      &metric)) ||
	    (ret = get_threshold(l, v, where, &c->threshold)) ||
	    (ret = wb_json_get_string(l, v, where, "source", c->source, sizeof(c->source))))
		return ret;
	c->shape = (enum wb_q_shape)shape;
	c->metric = (enum wb_q_metric)metric;
	return 0;
}

/* Tier ti's criteria; at is "tiers[ti]". */
static int load_criteria(const struct wb_json_loader *l, const cJSON *tier, const char *at,
			 size_t ti, struct wb_tier *t)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(tier, "criteria");
	char where[WHERE_LEN];
	size_t n, i, j;
	int ret;

	if (!cJSON_IsArray(arr))
		return wb_json_refuse(l, at, "criteria", "%s is the wrong type; expected an array of criteria",
			      wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	/* A tier without criteria would pass every disk. */
	if (n == 0)
		return wb_json_refuse(l, at, "criteria", "empty; a tier holds at least one criterion");
	if (n > WB_TIER_MAX_CRITERIA)
		return wb_json_refuse(l, at, "criteria", "%zu criteria; at most %d (WB_TIER_MAX_CRITERIA)", n,
			      WB_TIER_MAX_CRITERIA);
	for (i = 0; i < n; i++) {
		struct wb_q_criterion *c = &t->c[i];

		snprintf(where, sizeof(where), "tiers[%zu].criteria[%zu]", ti, i);
		ret = load_criterion(l, cJSON_GetArrayItem(arr, (int)i), where, c);
		if (ret)
			return ret;
		/* Two thresholds on one figure: the verdict would hang on the stricter,
		 * and the other's source would be printed for nothing. */
		for (j = 0; j < i; j++)
			if (t->c[j].shape == c->shape && t->c[j].metric == c->metric)
				return wb_json_refuse(l, where, NULL, "%s of %s is already criteria[%zu]",
					      wb_q_metric_names[c->metric],
					      wb_q_shape_names[c->shape], j);
		t->n = i + 1;
	}
	return 0;
}

static int load_tier(const struct wb_json_loader *l, const cJSON *v, size_t ti,
		     struct wb_tiers *out)
{
	struct wb_tier *t = &out->t[ti];
	char where[WHERE_LEN];
	int ret;

	snprintf(where, sizeof(where), "tiers[%zu]", ti);
	/* --tier finds the first of two tiers with one name; the second would never run. */
	if ((ret = wb_json_open_entry(l, v, where, &tier_set, t->name, sizeof(t->name),
				      &(struct wb_json_names){ out->t[0].name, sizeof(out->t[0]),
							       ti, "tiers", name_char,
							       "letters, digits, '-', '_' and '.'" })))
		return ret;
	if ((ret = wb_json_get_string(l, v, where, "description", t->description, sizeof(t->description))))
		return ret;
	return load_criteria(l, v, where, ti, t);
}

/* The document, opened by wb_json_load_table: its tiers. */
static int load_tiers(const struct wb_json_loader *l, const cJSON *doc, void *table)
{
	struct wb_tiers *out = table;
	const cJSON *arr;
	size_t n, i;
	int ret;

	arr = cJSON_GetObjectItemCaseSensitive(doc, "tiers");
	if (!cJSON_IsArray(arr))
		return wb_json_refuse(l, "", "tiers", "%s is the wrong type; expected an array of tiers",
			      wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0)
		return wb_json_refuse(l, "", "tiers", "empty; the file holds at least one tier");
	if (n > WB_TIERS_MAX)
		return wb_json_refuse(l, "", "tiers", "%zu tiers; at most %d (WB_TIERS_MAX)", n, WB_TIERS_MAX);
	for (i = 0; i < n; i++) {
		ret = load_tier(l, cJSON_GetArrayItem(arr, (int)i), i, out);
		if (ret)
			return ret;
		out->n = i + 1;
	}
	return 0;
}

int wb_tiers_load(const char *path_or_null, struct wb_tiers *out, char *err, size_t err_len)
{
	static const struct wb_json_table table = {
		WB_TIERS_DEFAULT, "tiers", "an object with a \"tiers\" array", &file_set, load_tiers
	};

	return wb_json_load_table(&table, path_or_null, out, sizeof(*out), err, err_len);
}
