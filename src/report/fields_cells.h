/* fields_cells.h — a table of fields (fields.h) as the cells of the line
 * formats: the CSV's columns and the Prometheus samples walk the same rows
 * the JSON writer and reader walk, each row naming its column or metric
 * family. A cell has no value (an empty CSV cell, no sample) where the JSON
 * has null or leaves out the object around it; a row the JSON itself leaves
 * out is still a column, its value as saved (committers 0 outside group
 * commit), as the CSV always had every column. A row may name its place
 * among a Prometheus sample's labels too: a label is left out where the JSON
 * leaves its row out (unless WB_FF_LABEL_KEPT). */
#ifndef WB_REPORT_FIELDS_CELLS_H
#define WB_REPORT_FIELDS_CELLS_H

#include <stdbool.h>

#include "advice/placement.h"
#include "report/fields.h"

/* The Prometheus families (a row's .prom), in the file's order; prom.c
 * names and explains each. */
enum wb_prom_family {
	WB_PROM_NONE,
	WB_PROM_PARTIAL,         /* walbench_partial: first, the signal that stopped the run */
	WB_PROM_OPS,             /* walbench_flush_ops_per_second */
	WB_PROM_LATENCY,         /* walbench_flush_latency_seconds, a quantile each */
	WB_PROM_CI95,            /* walbench_ci95_ratio */
	WB_PROM_STATUS,          /* walbench_test_status: its status as a label */
	WB_PROM_RECOMMENDED,     /* walbench_recommended_method_info */
	WB_PROM_PLACEMENT_GAIN,  /* walbench_placement_gain_ratio, a --wal-candidate each */
	WB_PROM_PLACEMENT_RECOMMENDED, /* walbench_placement_recommended */
	WB_PROM_SERVER_COMMITS,  /* walbench_server_commits_per_second: the observation's */
	WB_PROM_SERVER_WAL_BYTES, /* walbench_server_wal_bytes_per_second */
	WB_PROM_SERVER_FLUSHES,  /* walbench_server_wal_flushes_per_second */
	WB_PROM_SERVER_FLUSH_TIME, /* walbench_server_wal_flush_seconds */
	WB_PROM_SERVER_FLUSH_BUSY, /* walbench_server_wal_flush_busy_ratio */
	WB_PROM_SERVER_DATA_PAGES, /* walbench_server_data_pages_per_second */
	WB_PROM_QUALIFY_VERDICT, /* walbench_qualify_verdict_info */
	WB_PROM_SUSTAINED,       /* walbench_sustained_info */
	WB_PROM_BURST,           /* walbench_burst_flushes_per_second, a shape each */
	WB_PROM_BASELINE,        /* walbench_baseline_flushes_per_second */
	WB_PROM_DROP,            /* walbench_burst_drop_seconds */
	WB_PROM_COUNT
};

/* qualify_fields.c: a shape's burst-credit bucket (results/bucket.h), the
 * samples qualify's Prometheus file has of each shape whose bucket ran dry
 * (the JSON saves the shown shape's alone, in its own rows). */
extern const struct wb_fields wb_bucket_fields;

/* placement_fields.c: one --wal-candidate (results/saved.h), and candidate k
 * of pl as the file has it (reason, len bytes, holds its words). */
extern const struct wb_fields wb_candidate_fields;
struct wb_saved_candidate wb_saved_candidate_of(const struct wb_placement *pl, size_t k,
						char *reason, size_t len);

/* observed_fields.c: the server's observation (pgstat/observed.h). */
extern const struct wb_fields wb_observed_fields;

/* recommend_fields.c: calls fn with rec as the file saves it, for the line
 * formats (the recommendation's table is json_parts.h's). */
struct wb_recommendation;
struct wb_saved_recommendation;
void wb_saved_recommendation_with(const struct wb_recommendation *rec,
				  void (*fn)(const struct wb_saved_recommendation *s, void *ctx),
				  void *ctx);

/* qualify_fields.c: one tier's verdict (results/saved.h) and whether the
 * rates were sustained (its burst object); fn called with q as the file saves
 * it. */
extern const struct wb_fields wb_tier_fields, wb_burst_fields;
struct wb_qualification;
struct wb_saved_qualification;
void wb_saved_qualification_with(const struct wb_qualification *q,
				 void (*fn)(const struct wb_saved_qualification *s, void *ctx),
				 void *ctx);

/* The most labels a sample's rows name (a row's .label, from 1). */
#define WB_PROM_LABELS 10

struct wb_field_cell {
	const struct wb_field *f;
	const void *base;        /* the struct f's offset is from; NULL for the header */
	bool shown;              /* it has a value */
	bool kept;               /* the JSON has its row (its omit_unless holds) */
};

/* Calls fn with each row of t at base, nested tables' rows in their place
 * (base NULL: the rows alone, for a header). */
void wb_fields_cells(const struct wb_fields *t, const void *base,
		     void (*fn)(const struct wb_field_cell *c, void *ctx), void *ctx);

/* A number row's value (a bool is 0 or 1); NAN for another type. */
double wb_field_number(const struct wb_field_cell *c);

/* A string row's value ("" for a NULL text), a custom row's word; NULL for
 * another type. */
const char *wb_field_string(const struct wb_field_cell *c);

/* The CSV column's name. */
const char *wb_field_csv_name(const struct wb_field *f);

/* The Prometheus label's name. */
const char *wb_field_label_name(const struct wb_field *f);

#endif
