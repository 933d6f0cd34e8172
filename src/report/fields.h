/* fields.h — a saved structure described once, as a table of fields: each
 * row a key of the results file, its type, where it lives in the C struct
 * (offsetof), its unit and when it is present. One writer and one reader walk
 * any table (as PostgreSQL's GUC tables serve SHOW, pg_settings and the config
 * parser), so a field added is one row that both halves and the round-trip
 * test cover. Trap: rows are written in table order, which is the file's key
 * order: a row moved is a changed file (the golden tests say so). */
#ifndef WB_REPORT_FIELDS_H
#define WB_REPORT_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "report/results_reader_parts.h"
#include "results/schema.h"

enum wb_field_type {
	WB_F_STRING,    /* char[size]; read back only when it fits */
	WB_F_UINT,      /* unsigned (32 bits) */
	WB_F_U64,       /* uint64_t, a whole number */
	WB_F_DOUBLE,    /* a double, written as it is */
	WB_F_FIGURE,    /* a double; not finite is null (not measured, never 0) */
	WB_F_BOOL,      /* bool; read back true only when true */
	WB_F_SPAN,      /* two uint64_t, begin at offset and end at offset2, written as
			 * end - begin and read back as end (begin 0) */
	WB_F_DOUBLES,   /* double[n] indexed by an enum, an object keyed by keys[] */
	WB_F_OBJECT,    /* a nested table over the same struct (offset 0) or a member;
			 * absent, its rows read as absent */
	WB_F_INLINE,    /* a nested table over a member, its rows in this object */
	WB_F_ARRAY,     /* an array of a nested table: its elements at the pointer at
			 * offset, size bytes each, as many as the size_t at count */
	WB_F_TEXT,      /* const char *; NULL is null; read back as a copy the results
			 * own, "" when absent or not a string */
	WB_F_RANGE,     /* struct wb_saved_range, [low, high]; NAN where not a number */
	WB_F_LINES,     /* struct wb_saved_lines, an array of strings */
	WB_F_CUSTOM,    /* written and read by the row's own functions */
};

/* A row's condition (null_unless, omit_unless): none (0, so that a row
 * leaves it out), or the bool at offset off of the table's struct. */
#define WB_F_ALWAYS 0
#define WB_F_IF(off) ((off) + 1)

struct wb_fields;

struct wb_field {
	enum wb_key key;
	enum wb_field_type type;
	size_t offset;             /* of the member, from the table's struct */
	size_t size;               /* WB_F_STRING: the array's; WB_F_SPAN: offset2, its end;
				    * WB_F_ARRAY: an element's; WB_F_OBJECT: cleared when
				    * it reads as absent (0: never) */
	const char *unit;          /* what a number counts ("s", "ms", "B", "1/s", "share"),
				    * NULL for none; for the documentation and the reader */
	size_t null_unless;        /* WB_F_IF(a bool's offset): false writes null; reading,
				    * it is set when every row naming it was present */
	size_t omit_unless;        /* WB_F_IF(a bool's offset): false writes nothing; reading,
				    * it is set when a row naming it is in the file (unless
				    * a null_unless names it too: those rows decide) */
	unsigned flags;            /* WB_FF_* */
	const struct wb_fields *sub; /* WB_F_OBJECT, WB_F_INLINE, WB_F_ARRAY: its table */
	const enum wb_key *keys;   /* WB_F_DOUBLES: the key of each element */
	unsigned n;                /* WB_F_DOUBLES: how many */
	size_t count;              /* WB_F_ARRAY: the offset of its size_t count */
	/* The line formats (fields_cells.h), each 0 or NULL where the row is none of theirs: */
	unsigned csv;              /* its CSV column, from 1 */
	const char *csv_name;      /* the column's name; NULL: the key */
	int prec;                  /* WB_F_DOUBLE: digits after the point in the CSV */
	unsigned prom;             /* its Prometheus metric family (fields_cells.h), from 1 */
	const char *quantile;      /* that family's quantile label; NULL: none */
	unsigned label;            /* its place among the Prometheus labels of a sample, from 1 */
	const char *label_name;    /* that label's name; NULL: the key */
	/* WB_F_CUSTOM: its value as a word of the line formats (NULL: none). */
	const char *(*word)(const void *base);
	/* WB_F_CUSTOM: adds key to o from base; reads member v (NULL: absent) into base. */
	void (*write)(cJSON *o, enum wb_key key, const void *base);
	int (*read)(struct reader *rd, const cJSON *v, void *base);
};

#define WB_FF_EMPTY_NULL 1u   /* WB_F_STRING, WB_F_TEXT: "" is written as null */
#define WB_FF_DERIVED 2u      /* written, never read: the reader derives it again */
#define WB_FF_REQUIRED 4u     /* absent (or not a number): its object reads as absent */
#define WB_FF_UNREAD 8u       /* written, never read: evidence no reader needs */
#define WB_FF_TRUE_ABSENT 16u /* WB_F_BOOL: read back false only when false (files
			       * from before the key meant true) */
#define WB_FF_STRICT 32u      /* a value of another type refuses the file, naming the
			       * key (results_reader_parts.h's get_*), as absent does
			       * with WB_FF_REQUIRED (null reads as absent where the
			       * row has null_unless); WB_F_DOUBLE is then a rate (a
			       * finite number >= 0, null as absent), WB_F_OBJECT
			       * names its key in a refusal of its rows */
#define WB_FF_LINES 64u       /* a cell of the line formats alone (a Prometheus label
			       * the file has not): neither written nor read */
#define WB_FF_LABEL_KEPT 128u /* its Prometheus label is there even where the JSON
			       * leaves the row out (a test's label="") */

/* The key of a WB_FF_LINES row the file has no key for (its label_name says
 * what it is): never looked up. */
#define WB_F_NO_KEY WB_KEY_COUNT

/* A row: key and type without their prefixes (WB_KEY_, WB_F_), the member's
 * offset, then any other member of struct wb_field. */
#define WB_FIELD(k, t, at, ...) { .key = WB_KEY_##k, .type = WB_F_##t, .offset = at, __VA_ARGS__ }

struct wb_fields {
	const struct wb_field *rows;
	size_t n;
	/* Run after the object was read (NULL: none): 0, a refusal (-EINVAL,
	 * wb_rd_refuse), or 1 to read the object as absent. */
	int (*check)(struct reader *rd, void *base);
};

/* The table of rows[] (an array), with its check (NULL: none). */
#define WB_FIELDS(rows, check) { rows, sizeof(rows) / sizeof(rows[0]), check }

/* Adds key to parent: the object t describes at base. */
void wb_fields_write(cJSON *parent, enum wb_key key, const struct wb_fields *t, const void *base);

/* Adds t's rows to the object o itself. */
void wb_fields_add(cJSON *o, const struct wb_fields *t, const void *base);

/* Adds key to o: an array of the n objects t describes at v, size bytes apart. */
void wb_fields_write_array(cJSON *o, enum wb_key key, const struct wb_fields *t, const void *v,
			   size_t n, size_t size);

/* Reads obj (an object; NULL: every row absent) into base, which the caller
 * zeroed or set to its defaults: 0, -EINVAL with rd->err set, -ENOMEM, or 1
 * when the object reads as absent (a required member missing, or its check
 * said so). */
int wb_fields_read(struct reader *rd, const cJSON *obj, const struct wb_fields *t, void *base);

/* Reads obj's member key, an array, into *v (n elements of size bytes the
 * results own, each read by t; an element not an object reads as all absent):
 * 0, 1 when it is not an array (*v NULL, *n 0), or a refusal or -ENOMEM. */
int wb_fields_read_array(struct reader *rd, const cJSON *obj, enum wb_key key,
			 const struct wb_fields *t, void **v, size_t *n, size_t size);

#endif
