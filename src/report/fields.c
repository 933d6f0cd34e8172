/* fields.c — see fields.h: the one writer and the one reader of a table of
 * fields. The reader is lenient as the report's "shown" getters are (a value
 * of the wrong type reads as absent); a row that must refuse a file does so
 * in its custom reader or its table's check. */
#include "report/fields.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>


_Static_assert(sizeof(unsigned) == sizeof(uint32_t), "WB_F_UINT reads 32 bits");

/* The bool a condition names (not WB_F_ALWAYS). */
static bool *flag_at(void *base, size_t cond)
{
	return (bool *)((char *)base + cond - 1);
}

static bool holds(const void *base, size_t cond)
{
	return cond == WB_F_ALWAYS || *(const bool *)((const char *)base + cond - 1);
}

void wb_fields_write_array(cJSON *o, enum wb_key key, const struct wb_fields *t, const void *v,
			   size_t n, size_t size)
{
	cJSON *arr = cJSON_AddArrayToObject(o, wb_key(key)), *x;
	size_t i;

	for (i = 0; arr && i < n; i++) {
		if (!(x = cJSON_CreateObject()))
			break;
		wb_fields_add(x, t, (const char *)v + i * size);
		cJSON_AddItemToArray(arr, x);
	}
}

/* [low, high]; a bound not finite is written as cJSON writes it: null. */
static void write_range(cJSON *o, enum wb_key key, const struct wb_saved_range *r)
{
	cJSON *arr = cJSON_AddArrayToObject(o, wb_key(key));

	if (arr) {
		cJSON_AddItemToArray(arr, cJSON_CreateNumber(r->low));
		cJSON_AddItemToArray(arr, cJSON_CreateNumber(r->high));
	}
}

static void write_lines(cJSON *o, enum wb_key key, const struct wb_saved_lines *l)
{
	cJSON *arr = cJSON_AddArrayToObject(o, wb_key(key));
	size_t i;

	for (i = 0; arr && i < l->n; i++)
		cJSON_AddItemToArray(arr, l->v[i] ? cJSON_CreateString(l->v[i])
						  : cJSON_CreateNull());
}

static void write_row(cJSON *o, const struct wb_field *f, const void *base)
{
	const char *p = (const char *)base + f->offset, *k, *t;
	cJSON *x;
	unsigned i;

	/* A line-format row may have no key (WB_F_NO_KEY): look it up only
	 * for a row the file has. */
	if ((f->flags & WB_FF_LINES) || !holds(base, f->omit_unless))
		return;
	k = wb_key(f->key);
	if (!holds(base, f->null_unless)) {
		cJSON_AddNullToObject(o, k);
		return;
	}
	switch (f->type) {
	case WB_F_STRING:
		if ((f->flags & WB_FF_EMPTY_NULL) && !*p)
			cJSON_AddNullToObject(o, k);
		else
			cJSON_AddStringToObject(o, k, p);
		break;
	case WB_F_UINT:
		cJSON_AddNumberToObject(o, k, *(const unsigned *)p);
		break;
	case WB_F_U64:
		cJSON_AddNumberToObject(o, k, (double)*(const uint64_t *)p);
		break;
	case WB_F_DOUBLE:
		cJSON_AddNumberToObject(o, k, *(const double *)p);
		break;
	case WB_F_FIGURE:
		if (isfinite(*(const double *)p))
			cJSON_AddNumberToObject(o, k, *(const double *)p);
		else
			cJSON_AddNullToObject(o, k);
		break;
	case WB_F_BOOL:
		cJSON_AddBoolToObject(o, k, *(const bool *)p);
		break;
	case WB_F_SPAN:
		cJSON_AddNumberToObject(o, k, (double)(*(const uint64_t *)((const char *)base + f->size) -
						       *(const uint64_t *)p));
		break;
	case WB_F_DOUBLES:
		x = cJSON_AddObjectToObject(o, k);
		for (i = 0; x && i < f->n; i++)
			cJSON_AddNumberToObject(x, wb_key(f->keys[i]), ((const double *)p)[i]);
		break;
	case WB_F_OBJECT:
		wb_fields_write(o, f->key, f->sub, p);
		break;
	case WB_F_INLINE:
		wb_fields_add(o, f->sub, p);
		break;
	case WB_F_ARRAY:
		wb_fields_write_array(o, f->key, f->sub, *(const void *const *)p,
				      *(const size_t *)((const char *)base + f->count), f->size);
		break;
	case WB_F_TEXT:
		t = *(const char *const *)p;
		if (!t || ((f->flags & WB_FF_EMPTY_NULL) && !*t))
			cJSON_AddNullToObject(o, k);
		else
			cJSON_AddStringToObject(o, k, t);
		break;
	case WB_F_RANGE:
		write_range(o, f->key, (const struct wb_saved_range *)p);
		break;
	case WB_F_LINES:
		write_lines(o, f->key, (const struct wb_saved_lines *)p);
		break;
	case WB_F_CUSTOM:
		f->write(o, f->key, base);
		break;
	}
}

void wb_fields_add(cJSON *o, const struct wb_fields *t, const void *base)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		write_row(o, &t->rows[i], base);
}

void wb_fields_write(cJSON *parent, enum wb_key key, const struct wb_fields *t, const void *base)
{
	cJSON *o = cJSON_AddObjectToObject(parent, wb_key(key));

	if (o)
		wb_fields_add(o, t, base);
}

int wb_fields_read_array(struct reader *rd, const cJSON *obj, enum wb_key key,
			 const struct wb_fields *t, void **v, size_t *n, size_t size)
{
	const cJSON *arr = wb_rd_show_array(obj, key, n), *e;
	size_t i = 0;
	int ret;

	*v = NULL;
	if (!arr)
		return 1;
	if (!*n)
		return 0;
	if (!(*v = wb_rd_keep_array(rd, *n, size)))
		return -ENOMEM;
	cJSON_ArrayForEach(e, arr)
		if ((ret = wb_fields_read(rd, e, t, (char *)*v + size * i++)) < 0)
			return ret;
	return 0;
}

/* One row's value v, obj's member: 0 read, 1 absent (or of another type), or a
 * refusal. */
static int read_row(struct reader *rd, const cJSON *obj, const cJSON *v, const struct wb_field *f,
		    void *base)
{
	char *p = (char *)base + f->offset;
	double d = cJSON_IsNumber(v) ? v->valuedouble : NAN;
	unsigned i;
	int ret;

	switch (f->type) {
	case WB_F_STRING:
		if (!cJSON_IsString(v))
			return 1;
		snprintf(p, f->size, "%s", v->valuestring);
		return 0;
	case WB_F_UINT:
		if (!(d >= 0 && d <= UINT32_MAX))
			return 1;
		*(unsigned *)p = (unsigned)d;
		return 0;
	case WB_F_U64:
		if (!(d >= 0 && d < 0x1p64))
			return 1;
		*(uint64_t *)p = (uint64_t)d;
		return 0;
	case WB_F_DOUBLE:
	case WB_F_FIGURE:
		*(double *)p = d; /* absent: NAN, never 0 */
		return isfinite(d) ? 0 : 1;
	case WB_F_BOOL:
		*(bool *)p = (f->flags & WB_FF_TRUE_ABSENT) ? !cJSON_IsFalse(v) : cJSON_IsTrue(v);
		return cJSON_IsBool(v) ? 0 : 1;
	case WB_F_SPAN:
		if (!(d >= 0 && d < 0x1p64))
			return 1;
		*(uint64_t *)((char *)base + f->size) = (uint64_t)d;
		return 0;
	case WB_F_DOUBLES:
		if (!cJSON_IsObject(v))
			return 1;
		for (i = 0; i < f->n; i++)
			((double *)p)[i] = cJSON_IsNumber(wb_rd_member(v, f->keys[i]))
						   ? wb_rd_member(v, f->keys[i])->valuedouble : NAN;
		return 0;
	case WB_F_OBJECT:
		ret = wb_fields_read(rd, cJSON_IsObject(v) ? v : NULL, f->sub, p);
		if (ret == 1 && f->size)
			memset(p, 0, f->size);
		return ret < 0 ? ret : cJSON_IsObject(v) ? ret : 1;
	case WB_F_INLINE:
		return wb_fields_read(rd, obj, f->sub, p);
	case WB_F_ARRAY:
		return wb_fields_read_array(rd, obj, f->key, f->sub, (void **)p,
					    (size_t *)((char *)base + f->count), f->size);
	case WB_F_TEXT:
		if (wb_rd_show_string(rd, obj, f->key, (const char **)p))
			return -ENOMEM;
		return cJSON_IsString(v) ? 0 : 1;
	case WB_F_RANGE:
		*(struct wb_saved_range *)p = wb_rd_show_range(obj, f->key);
		return cJSON_IsArray(v) ? 0 : 1;
	case WB_F_LINES:
		if (wb_rd_show_lines(rd, obj, f->key, (struct wb_saved_lines *)p))
			return -ENOMEM;
		return cJSON_IsArray(v) ? 0 : 1;
	case WB_F_CUSTOM:
		return f->read(rd, v, base);
	}
	return 1;
}

/* A WB_FF_STRICT row (fields.h): 0 read, 1 absent (or null where the getter
 * takes it so), or a refusal. */
static int read_strict(struct reader *rd, const cJSON *obj, const cJSON *v,
		       const struct wb_field *f, void *base)
{
	char *p = (char *)base + f->offset;
	const cJSON *sub;
	size_t len;
	bool present;
	int b = 0, ret;

	if (!v)
		return (f->flags & WB_FF_REQUIRED) ? wb_rd_refuse(rd, wb_key(f->key), "missing") : 1;
	if (cJSON_IsNull(v) && f->null_unless != WB_F_ALWAYS)
		return 1; /* written so where its condition fails */
	switch (f->type) {
	case WB_F_STRING:
		return wb_rd_get_string(rd, obj, f->key, p, f->size, "");
	case WB_F_U64:
		return wb_rd_get_uint(rd, obj, f->key, (uint64_t *)p, true, 0);
	case WB_F_DOUBLE:
		ret = wb_rd_get_rate(rd, obj, f->key, (double *)p, &present);
		return ret ? ret : present ? 0 : 1;
	case WB_F_BOOL:
		if ((ret = wb_rd_get_bool(rd, obj, f->key, &b)))
			return ret;
		*(bool *)p = b;
		return 0;
	case WB_F_OBJECT:
		if ((ret = wb_rd_get_object(rd, obj, f->key, &sub)) || !sub)
			return ret ? ret : 1;
		len = strlen(rd->where);
		snprintf(rd->where + len, sizeof(rd->where) - len, ".%s", wb_key(f->key));
		ret = wb_fields_read(rd, sub, f->sub, p);
		rd->where[len] = '\0';
		return ret;
	default:
		return read_row(rd, obj, v, f, base);
	}
}

int wb_fields_read(struct reader *rd, const cJSON *obj, const struct wb_fields *t, void *base)
{
	size_t i;
	int ret;

	/* Rows left out held when one of them is there; a condition for null
	 * holds when every row it guards was there. */
	for (i = 0; i < t->n; i++)
		if (t->rows[i].omit_unless != WB_F_ALWAYS)
			*flag_at(base, t->rows[i].omit_unless) = false;
	for (i = 0; i < t->n; i++)
		if (t->rows[i].omit_unless != WB_F_ALWAYS && !(t->rows[i].flags & WB_FF_LINES) &&
		    wb_rd_member(obj, t->rows[i].key))
			*flag_at(base, t->rows[i].omit_unless) = true;
	for (i = 0; i < t->n; i++)
		if (t->rows[i].null_unless != WB_F_ALWAYS && !(t->rows[i].flags & WB_FF_DERIVED))
			*flag_at(base, t->rows[i].null_unless) = true;
	for (i = 0; i < t->n; i++) {
		const struct wb_field *f = &t->rows[i];

		if (f->flags & (WB_FF_DERIVED | WB_FF_UNREAD | WB_FF_LINES))
			continue;
		ret = (f->flags & WB_FF_STRICT) ? read_strict(rd, obj, wb_rd_member(obj, f->key), f, base)
						 : read_row(rd, obj, wb_rd_member(obj, f->key), f, base);
		if (ret < 0)
			return ret;
		if (ret == 1 && (f->flags & WB_FF_REQUIRED))
			return 1;
		if (ret == 1 && f->null_unless != WB_F_ALWAYS)
			*flag_at(base, f->null_unless) = false;
	}
	return t->check ? t->check(rd, base) : 0;
}
