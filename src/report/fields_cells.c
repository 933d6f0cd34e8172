/* fields_cells.c — see fields_cells.h: the walk of a table's rows in order,
 * into the objects the JSON nests, and each cell's value. */
#include "report/fields_cells.h"

#include <math.h>
#include <stdint.h>

static bool holds(const void *base, size_t cond)
{
	return !base || cond == WB_F_ALWAYS || *(const bool *)((const char *)base + cond - 1);
}

static void walk(const struct wb_fields *t, const void *base, bool shown,
		 void (*fn)(const struct wb_field_cell *c, void *ctx), void *ctx)
{
	const struct wb_field *f;
	const void *sub;
	size_t i;

	for (i = 0; i < t->n; i++) {
		f = &t->rows[i];
		if (f->type == WB_F_OBJECT || f->type == WB_F_INLINE) {
			sub = base ? (const char *)base + f->offset : NULL;
			walk(f->sub, sub, shown && (f->type == WB_F_INLINE ||
						    (holds(base, f->omit_unless) &&
						     holds(base, f->null_unless))), fn, ctx);
			continue;
		}
		fn(&(struct wb_field_cell){ f, base, shown && holds(base, f->null_unless),
					    holds(base, f->omit_unless) }, ctx);
	}
}

void wb_fields_cells(const struct wb_fields *t, const void *base,
		     void (*fn)(const struct wb_field_cell *c, void *ctx), void *ctx)
{
	walk(t, base, true, fn, ctx);
}

double wb_field_number(const struct wb_field_cell *c)
{
	const char *p = (const char *)c->base + c->f->offset;

	switch (c->f->type) {
	case WB_F_UINT:
		return *(const unsigned *)p;
	case WB_F_U64:
		return (double)*(const uint64_t *)p;
	case WB_F_DOUBLE:
	case WB_F_FIGURE:
		return *(const double *)p;
	case WB_F_BOOL:
		return *(const bool *)p;
	default:
		return NAN;
	}
}

const char *wb_field_string(const struct wb_field_cell *c)
{
	const char *p = (const char *)c->base + c->f->offset;

	if (c->f->type == WB_F_STRING)
		return p;
	if (c->f->type == WB_F_TEXT)
		return *(const char *const *)p ? *(const char *const *)p : "";
	if (c->f->type == WB_F_CUSTOM && c->f->word)
		return c->f->word(c->base);
	return NULL;
}

const char *wb_field_csv_name(const struct wb_field *f)
{
	return f->csv_name ? f->csv_name : wb_key(f->key);
}

const char *wb_field_label_name(const struct wb_field *f)
{
	return f->label_name ? f->label_name : wb_key(f->key);
}
