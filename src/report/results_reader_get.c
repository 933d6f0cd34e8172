/* results_reader_get.c — the reader's getters (results_reader_parts.h): one
 * key of one object by its enum, checked or shown, and the copies the saved
 * results own. Trap: a string that does not fit its fixed-size field is
 * refused, never cut: two long labels cut to the same prefix would match tests
 * that differ. */
#include "report/results_reader_parts.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgstat/dsn_redact.h"

int wb_rd_refuse(struct reader *rd, const char *key, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* "path: where.key: what", or "path: what" of the file as a whole (it was
	 * "path: : what") */
	n = snprintf(rd->err, rd->err_len, "%s: %s%s%s%s", rd->path, rd->where,
		     *rd->where && key ? "." : "", key ? key : "", *rd->where || key ? ": " : "");
	if (n >= 0 && (size_t)n < rd->err_len) {
		va_start(ap, fmt);
		vsnprintf(rd->err + n, rd->err_len - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

const cJSON *wb_rd_member(const cJSON *obj, enum wb_key k)
{
	return cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, wb_key(k)) : NULL;
}

int wb_rd_get_string(struct reader *rd, const cJSON *obj, enum wb_key k, char *dst, size_t cap,
		     const char *def)
{
	const cJSON *v = wb_rd_member(obj, k);

	if (!v) {
		if (!def)
			return wb_rd_refuse(rd, wb_key(k), "missing");
		snprintf(dst, cap, "%s", def);
		return 0;
	}
	if (!cJSON_IsString(v))
		return wb_rd_refuse(rd, wb_key(k), "expected a string, got %s", wb_json_type_name(v));
	if (strlen(v->valuestring) >= cap)
		return wb_rd_refuse(rd, wb_key(k), "longer than %zu characters", cap - 1);
	memcpy(dst, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

int wb_rd_get_uint(struct reader *rd, const cJSON *obj, enum wb_key k, uint64_t *dst,
		   bool required, uint64_t def)
{
	const cJSON *v = wb_rd_member(obj, k);

	if (!v) {
		if (required)
			return wb_rd_refuse(rd, wb_key(k), "missing");
		*dst = def;
		return 0;
	}
	if (!cJSON_IsNumber(v))
		return wb_rd_refuse(rd, wb_key(k), "expected a whole number, got %s",
				    wb_json_type_name(v));
	if (!(v->valuedouble >= 0) || v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble > 9007199254740992.0)
		return wb_rd_refuse(rd, wb_key(k), "expected a whole number, got %g", v->valuedouble);
	*dst = (uint64_t)v->valuedouble;
	return 0;
}

int wb_rd_get_rate(struct reader *rd, const cJSON *obj, enum wb_key k, double *dst,
		   bool *present)
{
	const cJSON *v = wb_rd_member(obj, k);

	*present = false;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsNumber(v))
		return wb_rd_refuse(rd, wb_key(k), "expected a number, got %s", wb_json_type_name(v));
	if (!isfinite(v->valuedouble) || v->valuedouble < 0)
		return wb_rd_refuse(rd, wb_key(k), "expected a number >= 0, got %g", v->valuedouble);
	*dst = v->valuedouble;
	*present = true;
	return 0;
}

int wb_rd_get_bool(struct reader *rd, const cJSON *obj, enum wb_key k, int *dst)
{
	const cJSON *v = wb_rd_member(obj, k);

	if (!v)
		return 0;
	if (!cJSON_IsBool(v))
		return wb_rd_refuse(rd, wb_key(k), "expected true or false, got %s",
				    wb_json_type_name(v));
	*dst = cJSON_IsTrue(v);
	return 0;
}

int wb_rd_get_object(struct reader *rd, const cJSON *obj, enum wb_key k, const cJSON **dst)
{
	const cJSON *v = wb_rd_member(obj, k);

	*dst = NULL;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsObject(v))
		return wb_rd_refuse(rd, wb_key(k), "expected an object, got %s", wb_json_type_name(v));
	*dst = v;
	return 0;
}

/* Takes p into the results' list of allocations; frees it when the list
 * cannot grow. */
static void *own(struct wb_saved_results *out, void *p)
{
	if (!p)
		return NULL;
	if (out->nowned == out->owned_cap) {
		size_t cap = out->owned_cap ? out->owned_cap * 2 : 64;
		void **bigger = realloc(out->owned, cap * sizeof(*bigger));

		if (!bigger) {
			free(p);
			return NULL;
		}
		out->owned = bigger;
		out->owned_cap = cap;
	}
	out->owned[out->nowned++] = p;
	return p;
}

const char *wb_rd_keep_string(struct reader *rd, const char *s)
{
	return own(rd->out, strdup(s));
}

void *wb_rd_keep_array(struct reader *rd, size_t n, size_t size)
{
	return own(rd->out, calloc(n ? n : 1, size));
}

int wb_rd_show_string(struct reader *rd, const cJSON *obj, enum wb_key k, const char **dst)
{
	const cJSON *v = wb_rd_member(obj, k);

	*dst = wb_rd_keep_string(rd, cJSON_IsString(v) ? v->valuestring : "");
	return *dst ? 0 : -ENOMEM;
}

double wb_rd_show_number(const cJSON *obj, enum wb_key k)
{
	const cJSON *v = wb_rd_member(obj, k);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

struct wb_saved_range wb_rd_show_range(const cJSON *obj, enum wb_key k)
{
	const cJSON *arr = wb_rd_member(obj, k);
	const cJSON *lo = cJSON_IsArray(arr) ? cJSON_GetArrayItem(arr, 0) : NULL;
	const cJSON *hi = cJSON_IsArray(arr) ? cJSON_GetArrayItem(arr, 1) : NULL;

	return (struct wb_saved_range){ cJSON_IsNumber(lo) ? lo->valuedouble : NAN,
					cJSON_IsNumber(hi) ? hi->valuedouble : NAN };
}

const cJSON *wb_rd_show_array(const cJSON *obj, enum wb_key k, size_t *n)
{
	const cJSON *arr = wb_rd_member(obj, k);

	*n = cJSON_IsArray(arr) ? (size_t)cJSON_GetArraySize(arr) : 0;
	return cJSON_IsArray(arr) ? arr : NULL;
}

int wb_rd_show_lines(struct reader *rd, const cJSON *obj, enum wb_key k,
		     struct wb_saved_lines *dst)
{
	const cJSON *arr = wb_rd_show_array(obj, k, &dst->n), *v;
	size_t i = 0;

	dst->v = NULL;
	if (!dst->n)
		return 0;
	if (!(dst->v = wb_rd_keep_array(rd, dst->n, sizeof(*dst->v))))
		return -ENOMEM;
	cJSON_ArrayForEach(v, arr) {
		if (cJSON_IsString(v) && !(dst->v[i] = wb_rd_keep_string(rd, v->valuestring)))
			return -ENOMEM;
		i++;
	}
	return 0;
}

/* Replaces item, a string in parent, by its redaction. */
static void redact_item(cJSON *parent, cJSON *item, bool dsn)
{
	char out[4096];
	cJSON *now;

	if (!cJSON_IsString(item))
		return;
	/* What walbench writes for the PG* environment: no connection string. */
	if (dsn && !strcmp(item->valuestring, "(PG* environment)"))
		return;
	if (dsn)
		wb_pg_dsn_redact(item->valuestring, out, sizeof(out));
	else
		wb_pg_arg_redact(item->valuestring, out, sizeof(out));
	if (!strcmp(out, item->valuestring) || !(now = cJSON_CreateString(out)))
		return;
	/* A member keeps its key (ReplaceItemViaPointer would drop it). */
	if (item->string)
		cJSON_ReplaceItemInObjectCaseSensitive(parent, item->string, now);
	else
		cJSON_ReplaceItemViaPointer(parent, item, now);
}

/* See results_reader_parts.h. */
void wb_rd_redact_words(cJSON *root)
{
	cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, wb_key(WB_KEY_COMMAND_LINE));
	cJSON *conf = cJSON_GetObjectItemCaseSensitive(root, wb_key(WB_KEY_CONFIG));
	cJSON *obs = cJSON_GetObjectItemCaseSensitive(root, wb_key(WB_KEY_OBSERVED));
	cJSON *v, *next;

	for (v = cJSON_IsArray(arr) ? arr->child : NULL; v; v = next) {
		next = v->next;
		redact_item(arr, v, false);
	}
	for (v = cJSON_IsObject(conf) ? conf->child : NULL; v; v = next) {
		next = v->next;
		redact_item(conf, v, false);
	}
	if (cJSON_IsObject(obs))
		redact_item(obs, cJSON_GetObjectItemCaseSensitive(obs, wb_key(WB_KEY_DSN)), true);
}
