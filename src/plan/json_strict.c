/* json_strict.c — see json_strict.h: the strict reading shared by the tiers
 * and burst-volume tables. Trap: cJSON keeps both copies of a repeated key but
 * finds only the first, so a repeat is looked for by walking the object. */
#include "plan/json_strict.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/options.h"
#include "plan/profile.h"

int wb_json_refuse(const struct wb_json_loader *l, const char *where, const char *key,
		   const char *fmt, ...)
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

void wb_json_join(const char *const *names, size_t n, char *buf, size_t len)
{
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", names[i]);
}

bool wb_json_has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

int wb_json_check_object(const struct wb_json_loader *l, const cJSON *v, const char *where,
			 const struct wb_json_keyset *set)
{
	const cJSON *k, *prev;
	char list[256], nth[16];
	unsigned nkey = 0;
	size_t i;

	if (!cJSON_IsObject(v))
		return wb_json_refuse(l, where, NULL, "%s is the wrong type; expected an object",
				      wb_json_type_name(v));
	cJSON_ArrayForEach(k, v) {
		nkey++;
		for (i = 0; i < set->n && strcmp(k->string, set->keys[i]); i++)
			;
		if (i == set->n) {
			/* Named by its place: a file's words are never quoted. */
			wb_json_join(set->keys, set->n, list, sizeof(list));
			return wb_json_refuse(l, where, NULL, "its %s key is unknown; allowed: %s",
					      wb_ordinal(nkey, nth, sizeof(nth)), list);
		}
		for (prev = v->child; prev != k; prev = prev->next)
			if (strcmp(prev->string, k->string) == 0)
				return wb_json_refuse(l, where, k->string, "appears twice");
	}
	for (i = 0; i < set->required; i++) {
		if (cJSON_GetObjectItemCaseSensitive(v, set->keys[i]))
			continue;
		wb_json_join(set->keys, set->required, list, sizeof(list));
		return wb_json_refuse(l, where, set->keys[i], "missing; required: %s", list);
	}
	return 0;
}

int wb_json_get_string(const struct wb_json_loader *l, const cJSON *obj, const char *where,
		       const char *key, char *dst, size_t cap)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	size_t len;

	if (!cJSON_IsString(v))
		return wb_json_refuse(l, where, key, "%s is the wrong type; expected a string",
				      wb_json_type_name(v));
	len = strlen(v->valuestring);
	if (len == 0)
		return wb_json_refuse(l, where, key, "empty");
	if (len >= cap)
		return wb_json_refuse(l, where, key, "%zu bytes is too long; at most %zu", len,
				      cap - 1);
	/* Reports print each of these on one line, beside the figure it explains. */
	if (wb_json_has_control(v->valuestring))
		return wb_json_refuse(l, where, key,
				      "has a control character; it must print on one line");
	memcpy(dst, v->valuestring, len + 1);
	return 0;
}

int wb_json_get_choice(const struct wb_json_loader *l, const cJSON *obj, const char *where,
		       const char *key, const char *const *names, size_t n, unsigned *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char list[128];
	size_t i;

	wb_json_join(names, n, list, sizeof(list));
	if (!cJSON_IsString(v))
		return wb_json_refuse(l, where, key, "%s is the wrong type; expected one of %s",
				      wb_json_type_name(v), list);
	for (i = 0; i < n; i++) {
		if (strcmp(v->valuestring, names[i]) == 0) {
			*out = (unsigned)i;
			return 0;
		}
	}
	if (wb_json_has_control(v->valuestring))
		return wb_json_refuse(l, where, key,
				      "a string with a control character is not one of %s", list);
	return wb_json_refuse(l, where, key, "not one of %s", list);
}

int wb_json_open_entry(const struct wb_json_loader *l, const cJSON *v, const char *where,
		       const struct wb_json_keyset *set, char *dst, size_t cap,
		       const struct wb_json_names *names)
{
	const char *c;
	char nth[16];
	size_t j;
	int ret;

	if ((ret = wb_json_check_object(l, v, where, set)) ||
	    (ret = wb_json_get_string(l, v, where, "name", dst, cap)))
		return ret;
	for (c = dst; *c; c++) {
		if (names->ok(*c))
			continue;
		return wb_json_refuse(l, where, "name", "its %s character may not be in a name; a "
				      "name is %s", wb_ordinal((unsigned)(c - dst) + 1, nth, sizeof(nth)),
				      names->rule);
	}
	/* Entries are found by name: a second of one name would never be. */
	for (j = 0; j < names->n; j++)
		if (strcmp(names->first + j * names->stride, dst) == 0)
			return wb_json_refuse(l, where, "name", "already the name of %s[%zu]",
					      names->list, j);
	return 0;
}

/* Reads and parses path_or_null, or with NULL the profile named default_name
 * (the path found is written into found and l->path points at it). 0 with
 * *doc to cJSON_Delete; -errno (-EINVAL when it is not JSON, or has text after
 * the document) with err. */
static int load_file(const char *path_or_null, const char *default_name, const char *what,
		     char *found, size_t found_len, struct wb_json_loader *l, cJSON **doc)
{
	size_t len;
	char *text;
	int ret = 0;

	*doc = NULL;
	l->path = path_or_null;
	if (!path_or_null) {
		ret = wb_profile_path(default_name, found, found_len);
		if (ret) {
			snprintf(l->err, l->err_len,
				 "%s.json: the profiles directory's path is too long", default_name);
			return ret;
		}
		l->path = found;
	}
	text = wb_read_file(l->path, WB_PROFILE_MAX, &len, &ret);
	if (!text) {
		snprintf(l->err, l->err_len, "%s: cannot read %s: %s", l->path, what,
			 strerror(-ret));
		return ret;
	}
	*doc = wb_json_parse(text, len, l->path, l->err, l->err_len);
	if (!*doc)
		ret = -EINVAL;
	free(text);
	return ret;
}

/* The document is an object of the table's keys; its description is not printed. */
static int open_document(const struct wb_json_loader *l, const cJSON *doc,
			 const struct wb_json_table *t)
{
	const cJSON *d;
	int ret;

	if (!cJSON_IsObject(doc))
		return wb_json_refuse(l, "", NULL, "the document is %s; expected %s",
				      wb_json_type_name(doc), t->expected);
	if ((ret = wb_json_check_object(l, doc, "", t->keys)))
		return ret;
	d = cJSON_GetObjectItemCaseSensitive(doc, "description");
	if (d && !cJSON_IsString(d))
		return wb_json_refuse(l, "", "description", "%s is the wrong type; expected a string",
				      wb_json_type_name(d));
	return 0;
}

int wb_json_load_table(const struct wb_json_table *t, const char *path_or_null, void *out,
		       size_t out_size, char *err, size_t err_len)
{
	char found[4096];
	struct wb_json_loader l = { path_or_null, err, err_len };
	cJSON *doc;
	int ret;

	memset(out, 0, out_size);
	ret = load_file(path_or_null, t->default_name, t->what, found, sizeof(found), &l, &doc);
	if (ret)
		return ret;
	ret = open_document(&l, doc, t);
	if (!ret)
		ret = t->load(&l, doc, out);
	/* A refusal may come after some entries were filled: none is kept. */
	if (ret)
		memset(out, 0, out_size);
	cJSON_Delete(doc);
	return ret;
}
