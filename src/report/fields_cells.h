/* fields_cells.h — a table of fields (fields.h) as the cells of the line
 * formats: the CSV's columns and the Prometheus samples walk the same rows
 * the JSON writer and reader walk, each row naming its column or metric
 * family. A cell has no value (an empty CSV cell, no sample) where the JSON
 * has null or leaves out the object around it; a row the JSON itself leaves
 * out is still a column, its value as saved (committers 0 outside group
 * commit), as the CSV always had every column. */
#ifndef WB_REPORT_FIELDS_CELLS_H
#define WB_REPORT_FIELDS_CELLS_H

#include <stdbool.h>

#include "report/fields.h"

struct wb_field_cell {
	const struct wb_field *f;
	const void *base;        /* the struct f's offset is from; NULL for the header */
	bool shown;              /* it has a value */
};

/* Calls fn with each row of t at base, nested tables' rows in their place
 * (base NULL: the rows alone, for a header). */
void wb_fields_cells(const struct wb_fields *t, const void *base,
		     void (*fn)(const struct wb_field_cell *c, void *ctx), void *ctx);

/* A number row's value (a bool is 0 or 1); NAN for another type. */
double wb_field_number(const struct wb_field_cell *c);

/* A string row's value ("" for a NULL text); NULL for another type. */
const char *wb_field_string(const struct wb_field_cell *c);

/* The CSV column's name. */
const char *wb_field_csv_name(const struct wb_field *f);

#endif
