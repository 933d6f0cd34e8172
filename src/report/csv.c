/* csv.c — CSV serialisation of the results structure (RFC 4180 quoting): a
 * row per test, its columns the rows of the tests' table (tests_fields.h)
 * that name one, each in the column it names. Columns are only ever added,
 * at the end. */
#include "report/csv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/atomic_file.h"
#include "report/fields_cells.h"
#include "report/tests_fields.h"
#include "report/textbuf.h"

/* Quotes a field when it holds a comma, quote or newline. */
static void append_field(struct wb_textbuf *t, const char *v)
{
	const char *p;

	if (!strpbrk(v, ",\"\n\r")) {
		wb_textbuf_add(t, "%s,", v);
		return;
	}
	wb_textbuf_add(t, "\"");
	for (p = v; *p; p++)
		wb_textbuf_add(t, *p == '"' ? "\"\"" : "%c", *p);
	wb_textbuf_add(t, "\",");
}

/* One row: each test field that is a column, in its column's place. */
struct row {
	struct wb_field_cell cells[WB_TEST_CSV_COLUMNS + 1];
};

static void take_cell(const struct wb_field_cell *c, void *ctx)
{
	/* a column past the last is none: the header says which there are */
	if (c->f->csv && c->f->csv <= WB_TEST_CSV_COLUMNS)
		((struct row *)ctx)->cells[c->f->csv] = *c;
}

/* A cell as its column shows it: empty without a value, a number with the
 * row's decimals (whole when none). */
static void append_cell(struct wb_textbuf *t, const struct wb_field_cell *c)
{
	double v;

	if (!c->f) { /* a column no row names: never, the goldens say */
		wb_textbuf_add(t, ",");
		return;
	}
	if (!c->base || !c->shown) {
		wb_textbuf_add(t, "%s,", c->base ? "" : wb_field_csv_name(c->f));
		return;
	}
	if (wb_field_string(c)) {
		append_field(t, wb_field_string(c));
		return;
	}
	v = wb_field_number(c);
	if (c->f->type == WB_F_BOOL)
		wb_textbuf_add(t, "%s,", v ? "true" : "false");
	else
		wb_textbuf_add(t, "%.*f,", c->f->prec, v);
}

/* The header (t NULL) or t's row; every column a row of the table names. */
static void append_row(struct wb_textbuf *b, const struct wb_saved_test *t)
{
	struct row r = { 0 };
	unsigned col;

	wb_fields_cells(&wb_test_fields, t, take_cell, &r);
	for (col = 1; col <= WB_TEST_CSV_COLUMNS; col++)
		append_cell(b, &r.cells[col]);
	if (!b->failed)
		b->len--; /* the last field's comma ends the row: a newline instead */
	wb_textbuf_add(b, "\n");
}

char *wb_csv_render(const struct wb_results *rs)
{
	struct wb_textbuf b = { 0 };
	struct wb_saved_test *t = malloc(sizeof(*t));
	size_t i;

	if (!t)
		return NULL;
	append_row(&b, NULL);
	for (i = 0; i < rs->n; i++) {
		wb_saved_test_of(rs, &rs->v[i], t, NULL);
		append_row(&b, t);
	}
	free(t);
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

int wb_csv_write(const char *path, const struct wb_results *rs, const char **why)
{
	return wb_write_rendered(path, wb_csv_render(rs), "rendering CSV", why);
}
