/* burst_volumes.c — reads the provider fact table into struct wb_burst_table,
 * refusing anything it does not understand (plan/json_strict.h). Traps: a
 * kind's figures are optional, but a figure without its unit, or a burst
 * figure on a kind that does not burst, is refused: qualify does arithmetic
 * with them. A device's kinds are names, resolved here to indices, so a typo
 * is the file's error and not a silent "no match". */
#include "plan/burst_volumes.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plan/json_strict.h"
#include "plan/profile.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const file_keys[] = { "kinds", "devices", "description" };
static const char *const kind_keys[] = { "name", "provider", "title", "bursts", "basis", "rule",
					 "source", "as_of", "unit", "burst", "credits",
					 "baseline_per_gib", "baseline_min", "baseline_max" };
static const char *const device_keys[] = { "name", "what", "match", "kinds", "source", "as_of" };
static const char *const units[] = { "IOPS", "MiB/s" };

/* The description is for the file's readers; qualify prints the rules. */
static const struct wb_json_keyset file_set = { file_keys, N_OF(file_keys), 2 };
static const struct wb_json_keyset kind_set = { kind_keys, N_OF(kind_keys), 8 };
static const struct wb_json_keyset device_set = { device_keys, N_OF(device_keys),
						  N_OF(device_keys) };
static const struct wb_json_keyset match_set = { wb_burst_fact_names, WB_FACT_COUNT, 0 };

/* "devices[15]" for an entry, then "devices[15].match.dmi_product[3]" and the like. */
#define AT_LEN 24
#define WHERE_LEN (AT_LEN + 40)

/* A name is what the JSON and the reports call the entry: one word. */
static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

#define NAME_RULE "lower-case letters, digits, '-' and '.'"

/* A rule is quoted with its page: a web address the reader can open. */
static int get_source(const struct wb_json_loader *l, const cJSON *obj, const char *where,
		      char *dst, size_t cap)
{
	int ret = wb_json_get_string(l, obj, where, "source", dst, cap);

	if (ret)
		return ret;
	if (strncmp(dst, "https://", 8) != 0 || !dst[8])
		return wb_json_refuse(l, where, "source", "\"%.40s\" is not an https:// address",
				      dst);
	return 0;
}

/* YYYY-MM-DD: when the rule was read at its source. */
static int get_date(const struct wb_json_loader *l, const cJSON *obj, const char *where,
		    char *dst, size_t cap)
{
	int ret = wb_json_get_string(l, obj, where, "as_of", dst, cap);
	unsigned y, m, d;
	char end;

	if (ret)
		return ret;
	if (strlen(dst) != 10 || dst[4] != '-' || dst[7] != '-' ||
	    sscanf(dst, "%4u-%2u-%2u%c", &y, &m, &d, &end) != 3 || y < 2000 || m < 1 || m > 12 ||
	    d < 1 || d > 31)
		return wb_json_refuse(l, where, "as_of", "\"%s\" is not a date YYYY-MM-DD", dst);
	return 0;
}

/* An optional figure: absent is NAN, present is a finite number above 0. */
static int get_figure(const struct wb_json_loader *l, const cJSON *obj, const char *where,
		      const char *key, double *out, bool *any)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NAN;
	if (!v)
		return 0;
	if (!cJSON_IsNumber(v))
		return wb_json_refuse(l, where, key, "%s is the wrong type; expected a number",
				      wb_json_type_name(v));
	if (!isfinite(v->valuedouble))
		return wb_json_refuse(l, where, key, "not a finite number");
	if (!(v->valuedouble > 0))
		return wb_json_refuse(l, where, key, "%.15g is not above 0", v->valuedouble);
	*out = v->valuedouble;
	*any = true;
	return 0;
}

static int load_figures(const struct wb_json_loader *l, const cJSON *v, const char *where,
			struct wb_burst_kind *k)
{
	bool any = false;
	unsigned unit;
	int ret;

	if ((ret = get_figure(l, v, where, "burst", &k->burst, &any)) ||
	    (ret = get_figure(l, v, where, "credits", &k->credits, &any)) ||
	    (ret = get_figure(l, v, where, "baseline_per_gib", &k->baseline_per_gib, &any)) ||
	    (ret = get_figure(l, v, where, "baseline_min", &k->baseline_min, &any)) ||
	    (ret = get_figure(l, v, where, "baseline_max", &k->baseline_max, &any)))
		return ret;
	if (!cJSON_GetObjectItemCaseSensitive(v, "unit")) {
		if (any)
			return wb_json_refuse(l, where, "unit", "missing; figures need their unit");
		return 0;
	}
	if (!any)
		return wb_json_refuse(l, where, "unit", "given without a figure to measure");
	if ((ret = wb_json_get_choice(l, v, where, "unit", units, N_OF(units), &unit)))
		return ret;
	snprintf(k->unit, sizeof(k->unit), "%s", units[unit]);
	if (k->baseline_min > k->baseline_max)
		return wb_json_refuse(l, where, "baseline_min", "%.15g is above baseline_max %.15g",
				      k->baseline_min, k->baseline_max);
	/* Credits and a burst rate on a kind without credits would be quoted as a rule. */
	if (k->bursts == WB_BURSTS_NO && (isfinite(k->burst) || isfinite(k->credits)))
		return wb_json_refuse(l, where, isfinite(k->burst) ? "burst" : "credits",
				      "given on a kind that does not burst");
	return 0;
}

static int load_kind(const struct wb_json_loader *l, const cJSON *v, size_t i,
		     struct wb_burst_table *out)
{
	struct wb_burst_kind *k = &out->kinds[i];
	char where[AT_LEN];
	unsigned bursts, basis;
	int ret;

	snprintf(where, sizeof(where), "kinds[%zu]", i);
	if ((ret = wb_json_open_entry(l, v, where, &kind_set, k->name, sizeof(k->name),
				      &(struct wb_json_names){ out->kinds[0].name, sizeof(out->kinds[0]),
							       i, "kinds", name_char, NAME_RULE })))
		return ret;
	if ((ret = wb_json_get_string(l, v, where, "provider", k->provider,
				      sizeof(k->provider))) ||
	    (ret = wb_json_get_string(l, v, where, "title", k->title, sizeof(k->title))) ||
	    (ret = wb_json_get_choice(l, v, where, "bursts", wb_bursts_names, WB_BURSTS_COUNT,
				      &bursts)) ||
	    (ret = wb_json_get_choice(l, v, where, "basis", wb_burst_basis_names, WB_BASIS_COUNT,
				      &basis)) ||
	    (ret = wb_json_get_string(l, v, where, "rule", k->rule, sizeof(k->rule))) ||
	    (ret = get_source(l, v, where, k->source, sizeof(k->source))) ||
	    (ret = get_date(l, v, where, k->as_of, sizeof(k->as_of))))
		return ret;
	k->bursts = (enum wb_bursts)bursts;
	k->basis = (enum wb_burst_basis)basis;
	return load_figures(l, v, where, k);
}

/* device.match.FACT: one to WB_BURST_MAX_ALTERNATIVES non-empty strings. */
static int load_alternatives(const struct wb_json_loader *l, const cJSON *arr, const char *at,
			     enum wb_burst_fact f, struct wb_burst_device *d)
{
	char where[WHERE_LEN + 24]; /* at is load_match's where */
	const cJSON *s;
	size_t n;

	if (!cJSON_IsArray(arr))
		return wb_json_refuse(l, at, wb_burst_fact_names[f],
				      "%s is the wrong type; expected an array of strings",
				      wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0 || n > WB_BURST_MAX_ALTERNATIVES)
		return wb_json_refuse(l, at, wb_burst_fact_names[f],
				      "%zu strings; from 1 to %d (WB_BURST_MAX_ALTERNATIVES)", n,
				      WB_BURST_MAX_ALTERNATIVES);
	d->nmatch[f] = 0;
	cJSON_ArrayForEach(s, arr) {
		snprintf(where, sizeof(where), "%s.%s[%zu]", at, wb_burst_fact_names[f],
			 d->nmatch[f]);
		if (!cJSON_IsString(s))
			return wb_json_refuse(l, where, NULL, "%s is the wrong type; expected a string",
					      wb_json_type_name(s));
		if (!*s->valuestring || strlen(s->valuestring) >= sizeof(d->match[f][0]))
			return wb_json_refuse(l, where, NULL, "%zu bytes; from 1 to %zu",
					      strlen(s->valuestring), sizeof(d->match[f][0]) - 1);
		if (wb_json_has_control(s->valuestring))
			return wb_json_refuse(l, where, NULL, "has a control character");
		memcpy(d->match[f][d->nmatch[f]++], s->valuestring, strlen(s->valuestring) + 1);
	}
	return 0;
}

static int load_match(const struct wb_json_loader *l, const cJSON *dev, const char *at,
		      struct wb_burst_device *d)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(dev, "match");
	char where[WHERE_LEN];
	size_t f, asked = 0;
	int ret;

	snprintf(where, sizeof(where), "%s.match", at);
	if ((ret = wb_json_check_object(l, m, where, &match_set)))
		return ret;
	for (f = 0; f < WB_FACT_COUNT; f++) {
		const cJSON *arr = cJSON_GetObjectItemCaseSensitive(m, wb_burst_fact_names[f]);

		if (!arr)
			continue;
		if ((ret = load_alternatives(l, arr, where, (enum wb_burst_fact)f, d)))
			return ret;
		asked++;
	}
	/* A device that asks nothing would match every disk. */
	if (!asked)
		return wb_json_refuse(l, where, NULL, "empty; name at least one of model, vendor, "
				      "dmi_vendor, dmi_product");
	return 0;
}

/* device.kinds: the names of kinds, resolved to their indices. */
static int load_device_kinds(const struct wb_json_loader *l, const cJSON *dev, const char *at,
			     const struct wb_burst_table *t, struct wb_burst_device *d)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(dev, "kinds"), *s;
	char where[WHERE_LEN];
	size_t n, k, j;

	if (!cJSON_IsArray(arr))
		return wb_json_refuse(l, at, "kinds", "%s is the wrong type; expected an array of "
				      "kind names", wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0 || n > WB_BURST_MAX_DEVICE_KINDS)
		return wb_json_refuse(l, at, "kinds", "%zu kinds; from 1 to %d "
				      "(WB_BURST_MAX_DEVICE_KINDS)", n, WB_BURST_MAX_DEVICE_KINDS);
	cJSON_ArrayForEach(s, arr) {
		snprintf(where, sizeof(where), "%s.kinds[%zu]", at, d->nkinds);
		if (!cJSON_IsString(s))
			return wb_json_refuse(l, where, NULL, "%s is the wrong type; expected a kind's "
					      "name", wb_json_type_name(s));
		for (k = 0; k < t->nkinds && strcmp(t->kinds[k].name, s->valuestring); k++)
			;
		if (k == t->nkinds)
			return wb_json_refuse(l, where, NULL, "\"%.40s\" is not the name of any of "
					      "kinds[]", s->valuestring);
		for (j = 0; j < d->nkinds; j++)
			if (d->kinds[j] == k)
				return wb_json_refuse(l, where, NULL, "\"%s\" is already kinds[%zu]",
						      s->valuestring, j);
		d->kinds[d->nkinds++] = k;
	}
	return 0;
}

static int load_device(const struct wb_json_loader *l, const cJSON *v, size_t i,
		       struct wb_burst_table *out)
{
	struct wb_burst_device *d = &out->devices[i];
	char where[AT_LEN];
	int ret;

	snprintf(where, sizeof(where), "devices[%zu]", i);
	if ((ret = wb_json_open_entry(l, v, where, &device_set, d->name, sizeof(d->name),
				      &(struct wb_json_names){ out->devices[0].name,
							       sizeof(out->devices[0]), i, "devices",
							       name_char, NAME_RULE })))
		return ret;
	if ((ret = wb_json_get_string(l, v, where, "what", d->what, sizeof(d->what))) ||
	    (ret = load_match(l, v, where, d)) ||
	    (ret = load_device_kinds(l, v, where, out, d)) ||
	    (ret = get_source(l, v, where, d->source, sizeof(d->source))) ||
	    (ret = get_date(l, v, where, d->as_of, sizeof(d->as_of))))
		return ret;
	return 0;
}

/* doc.key: an array of 1 to max entries, each loaded by load(). */
static int load_list(const struct wb_json_loader *l, const cJSON *doc, const char *key,
		     size_t max, struct wb_burst_table *out, size_t *count,
		     int (*load)(const struct wb_json_loader *, const cJSON *, size_t,
				 struct wb_burst_table *))
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(doc, key);
	size_t n, i;
	int ret;

	if (!cJSON_IsArray(arr))
		return wb_json_refuse(l, "", key, "%s is the wrong type; expected an array",
				      wb_json_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (n == 0 || n > max)
		return wb_json_refuse(l, "", key, "%zu entries; from 1 to %zu", n, max);
	for (i = 0; i < n; i++) {
		if ((ret = load(l, cJSON_GetArrayItem(arr, (int)i), i, out)))
			return ret;
		*count = i + 1;
	}
	return 0;
}

/* The document, opened by wb_json_load_table: its kinds, then its devices. */
static int load_table(const struct wb_json_loader *l, const cJSON *doc, void *table)
{
	struct wb_burst_table *out = table;
	int ret;

	/* kinds first: devices name them. */
	if ((ret = load_list(l, doc, "kinds", WB_BURST_MAX_KINDS, out, &out->nkinds, load_kind)))
		return ret;
	return load_list(l, doc, "devices", WB_BURST_MAX_DEVICES, out, &out->ndevices,
			 load_device);
}

int wb_burst_volumes_load(const char *path_or_null, struct wb_burst_table *out, char *err,
			  size_t err_len)
{
	static const struct wb_json_table table = {
		WB_BURST_VOLUMES_DEFAULT, "burst volumes",
		"an object with \"kinds\" and \"devices\"", &file_set, load_table
	};

	return wb_json_load_table(&table, path_or_null, out, sizeof(*out), err, err_len);
}
