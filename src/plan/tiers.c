/* tiers.c — reads qualify's tiers file into struct wb_tiers, refusing anything
 * it does not understand. Trap: the table's strings and arrays have fixed sizes
 * (model/tier.h); a value that does not fit is refused, never cut, because a
 * clipped source or a dropped criterion would change what a verdict claims. */
#include "plan/tiers.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/profile.h"

/* The keys an object may hold; the first `required` of them it must. */
struct keyset {
	const char *const *keys;
	size_t n;
	size_t required;
};

static const char *const file_keys[] = { "tiers", "description" };
static const char *const tier_keys[] = { "name", "description", "criteria" };
static const char *const criterion_keys[] = { "shape", "metric", "threshold", "source" };

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
/* The file's description is for its readers; qualify does not print it. */
static const struct keyset file_set = { file_keys, N_OF(file_keys), 1 };
static const struct keyset tier_set = { tier_keys, N_OF(tier_keys), N_OF(tier_keys) };
static const struct keyset criterion_set = { criterion_keys, N_OF(criterion_keys),
					     N_OF(criterion_keys) };

/* "tiers[15].criteria[7]" and the like. */
#define WHERE_LEN 48

struct loader {
	const char *path;       /* the file, first in every message */
	char *err;
	size_t err_len;
};

/* Writes "FILE: WHERE.KEY: message" (without the empty parts) and returns -EINVAL. */
static int refuse(const struct loader *l, const char *where, const char *key, const char *fmt,
		  ...) __attribute__((format(printf, 4, 5)));

static int refuse(const struct loader *l, const char *where, const char *key, const char *fmt, ...)
{
	va_list ap;
	int n;

	key = key ? key : "";
	if (*where || *key)
		n = snprintf(l->err, l->err_len, "%s: %s%s%s: ", l->path, where,
			     *where && *key ? "." : "", key);
	else
		n = snprintf(l->err, l->err_len, "%s: ", l->path);
	if (n >= 0 && (size_t)n < l->err_len) {
		va_start(ap, fmt);
		vsnprintf(l->err + n, l->err_len - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/* "a, b, c" from the first n of names. */
static void join(const char *const *names, size_t n, char *buf, size_t len)
{
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", names[i]);
}

static bool has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

/* v is an object holding only the set's keys, each once, and all its required ones. */
static int check_object(const struct loader *l, const cJSON *v, const char *where,
			const struct keyset *set)
{
	const cJSON *k, *prev;
	char list[128];
	size_t i;

	if (!cJSON_IsObject(v))
		return refuse(l, where, NULL, "%s is the wrong type; expected an object", wb_json_type_name(v));
	cJSON_ArrayForEach(k, v) {
		for (i = 0; i < set->n && strcmp(k->string, set->keys[i]); i++)
			;
		if (i == set->n) {
			join(set->keys, set->n, list, sizeof(list));
			return refuse(l, where, k->string, "unknown key; allowed: %s", list);
		}
		/* cJSON keeps both copies of a repeated key but finds only the first. */
		for (prev = v->child; prev != k; prev = prev->next)
			if (strcmp(prev->string, k->string) == 0)
				return refuse(l, where, k->string, "appears twice");
	}
	for (i = 0; i < set->required; i++) {
		if (cJSON_GetObjectItemCaseSensitive(v, set->keys[i]))
			continue;
		join(set->keys, set->required, list, sizeof(list));
		return refuse(l, where, set->keys[i], "missing; required: %s", list);
	}
	return 0;
}

/* Copies the non-empty, one-line string obj.key into dst, refusing what does not fit. */
static int get_string(const struct loader *l, const cJSON *obj, const char *where,
		      const char *key, char *dst, size_t cap)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	size_t len;

	if (!cJSON_IsString(v))
		return refuse(l, where, key, "%s is the wrong type; expected a string", wb_json_type_name(v));
	len = strlen(v->valuestring);
	if (len == 0)
		return refuse(l, where, key, "empty");
	if (len >= cap)
		return refuse(l, where, key, "%zu bytes is too long; at most %zu", len, cap - 1);
	/* Reports print each of these on one line, beside the figure it explains. */
	if (has_control(v->valuestring))
		return refuse(l, where, key, "has a control character; it must print on one line");
	memcpy(dst, v->valuestring, len + 1);
	return 0;
}

/* A tier's name is typed after --tier and printed in every report format. */
static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_' || c == '.';
}

static int get_name(const struct loader *l, const cJSON *obj, const char *where, char *dst,
		    size_t cap)
{
	int ret = get_string(l, obj, where, "name", dst, cap);
	const char *c;

	if (ret)
		return ret;
	for (c = dst; *c; c++) {
		if (name_char(*c))
			continue;
		if (*c >= ' ' && *c < 0x7f)
			return refuse(l, where, "name", "\"%s\" has '%c'; a name is letters, "
				      "digits, '-', '_' and '.'", dst, *c);
		return refuse(l, where, "name", "\"%s\" has byte 0x%02x; a name is letters, "
			      "digits, '-', '_' and '.'", dst, (unsigned char)*c);
	}
	return 0;
}

/* obj.key as the index of its name in names[n]. */
static int get_choice(const struct loader *l, const cJSON *obj, const char *where,
		      const char *key, const char *const *names, size_t n, unsigned *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char list[128];
	size_t i;

	join(names, n, list, sizeof(list));
	if (!cJSON_IsString(v))
		return refuse(l, where, key, "%s is the wrong type; expected one of %s", wb_json_type_name(v),
			      list);
	for (i = 0; i < n; i++) {
		if (strcmp(v->valuestring, names[i]) == 0) {
			*out = (unsigned)i;
			return 0;
		}
	}
	if (has_control(v->valuestring))
		return refuse(l, where, key, "a string with a control character is not one of %s",
			      list);
	return refuse(l, where, key, "\"%.40s\" is not one of %s", v->valuestring, list);
}

/* A threshold is flushes/s or milliseconds: a finite number above zero. cJSON
 * reads an out-of-range literal such as 1e999 as infinity. */
static int get_threshold(const struct loader *l, const cJSON *obj, const char *where,
			 double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "threshold");

	if (!cJSON_IsNumber(v))
		return refuse(l, where, "threshold", "%s is the wrong type; expected a number",
			      wb_json_type_name(v));
	if (!isfinite(v->valuedouble))
		return refuse(l, where, "threshold", "not a finite number");
	if (!(v->valuedouble > 0))
		return refuse(l, where, "threshold", "%.15g is not above 0", v->valuedouble);
	*out = v->valuedouble;
	return 0;
}

static int load_criterion(const struct loader *l, const cJSON *v, const char *where,
			  struct wb_q_criterion *c)
{
	unsigned shape, metric;
	int ret;

	if ((ret = check_object(l, v, where, &criterion_set)) ||
	    (ret = get_choice(l, v, where, "shape", wb_q_shape_names, WB_Q_SHAPE_COUNT, &shape)) ||
	    (ret = get_choice(l, v, where, "metric", wb_q_metric_names, WB_Q_METRIC_COUNT,
			      &metric)) ||
	    (ret = get_threshold(l, v, where, &c->threshold)) ||
	    (ret = get_string(l, v, where, "source", c->source, sizeof(c->source))))
		return ret;
	c->shape = (enum wb_q_shape)shape;
	c->metric = (enum wb_q_metric)metric;
	return 0;
}

/* Tier ti's criteria; at is "tiers[ti]". */
static int load_criteria(const struct loader *l, const cJSON *tier, const char *at, size_t ti,
			 struct wb_tier *t)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(tier, "criteria");
	char where[WHERE_LEN];
	size_t n, i, j;
	int ret;

	if (!cJSON_IsArray(arr))
		return refuse(l, at, "criteria", "%s is the wrong type; expected an array of criteria",
			      wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	/* A tier without criteria would pass every disk. */
	if (n == 0)
		return refuse(l, at, "criteria", "empty; a tier holds at least one criterion");
	if (n > WB_TIER_MAX_CRITERIA)
		return refuse(l, at, "criteria", "%zu criteria; at most %d (WB_TIER_MAX_CRITERIA)", n,
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
				return refuse(l, where, NULL, "%s of %s is already criteria[%zu]",
					      wb_q_metric_names[c->metric],
					      wb_q_shape_names[c->shape], j);
		t->n = i + 1;
	}
	return 0;
}

static int load_tier(const struct loader *l, const cJSON *v, size_t ti, struct wb_tiers *out)
{
	struct wb_tier *t = &out->t[ti];
	char where[WHERE_LEN];
	size_t j;
	int ret;

	snprintf(where, sizeof(where), "tiers[%zu]", ti);
	if ((ret = check_object(l, v, where, &tier_set)) ||
	    (ret = get_name(l, v, where, t->name, sizeof(t->name))))
		return ret;
	/* --tier finds the first of two tiers with one name; the second would never run. */
	for (j = 0; j < ti; j++)
		if (strcmp(out->t[j].name, t->name) == 0)
			return refuse(l, where, "name", "\"%s\" is already the name of tiers[%zu]",
				      t->name, j);
	if ((ret = get_string(l, v, where, "description", t->description, sizeof(t->description))))
		return ret;
	return load_criteria(l, v, where, ti, t);
}

static int load_document(const struct loader *l, const cJSON *doc, struct wb_tiers *out)
{
	const cJSON *d, *arr;
	size_t n, i;
	int ret;

	if (!cJSON_IsObject(doc))
		return refuse(l, "", NULL,
			      "the document is %s; expected an object with a \"tiers\" array",
			      wb_json_type_name(doc));
	if ((ret = check_object(l, doc, "", &file_set)))
		return ret;
	d = cJSON_GetObjectItemCaseSensitive(doc, "description");
	if (d && !cJSON_IsString(d))
		return refuse(l, "", "description", "%s is the wrong type; expected a string",
			      wb_json_type_name(d));
	arr = cJSON_GetObjectItemCaseSensitive(doc, "tiers");
	if (!cJSON_IsArray(arr))
		return refuse(l, "", "tiers", "%s is the wrong type; expected an array of tiers",
			      wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0)
		return refuse(l, "", "tiers", "empty; the file holds at least one tier");
	if (n > WB_TIERS_MAX)
		return refuse(l, "", "tiers", "%zu tiers; at most %d (WB_TIERS_MAX)", n, WB_TIERS_MAX);
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
	char found[4096];
	struct loader l = { path_or_null, err, err_len };
	const char *end = NULL;
	cJSON *doc;
	char *text;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	if (!path_or_null) {
		ret = wb_profile_path(WB_TIERS_DEFAULT, found, sizeof(found));
		if (ret) {
			snprintf(err, err_len, "%s.json: the profiles directory's path is too long",
				 WB_TIERS_DEFAULT);
			return ret;
		}
		l.path = found;
	}
	text = wb_profile_read(l.path, &ret);
	if (!text) {
		snprintf(err, err_len, "%s: cannot read tiers: %s", l.path, strerror(-ret));
		return ret;
	}
	/* Strict to the end: text after the document is a mistake, not a comment. */
	doc = cJSON_ParseWithOpts(text, &end, true);
	if (!doc) {
		char near[21];
		size_t i;

		/* The message is one line: the excerpt's line breaks become spaces. */
		snprintf(near, sizeof(near), "%s", end ? end : "");
		for (i = 0; near[i]; i++)
			if ((unsigned char)near[i] < 0x20)
				near[i] = ' ';
		snprintf(err, err_len, "%s: not valid JSON near \"%s\"", l.path, near);
		free(text);
		return -EINVAL;
	}
	ret = load_document(&l, doc, out);
	if (ret)
		memset(out, 0, sizeof(*out));
	cJSON_Delete(doc);
	free(text);
	return ret;
}
