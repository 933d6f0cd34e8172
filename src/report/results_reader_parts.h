/* results_reader_parts.h — what the reader's files (results_reader*.c) share:
 * the state of one read, its refusal, and the getters that look a key up by
 * its enum (results/schema.h), never by a string. Two kinds of getter: strict
 * ones (get_*) refuse a key of the wrong type with the file and the key named;
 * shown ones (show_*) read what the HTML report only displays, where a wrong
 * type reads as absent, as the report always showed it. */
#ifndef WB_REPORT_RESULTS_READER_PARTS_H
#define WB_REPORT_RESULTS_READER_PARTS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plan/json_type.h"
#include "results/saved.h"
#include "results/schema.h"

struct reader {
	const char *path;
	char *err;
	size_t err_len;
	char where[40];          /* "tests[12]": the object being read; "" at the top */
	struct wb_saved_results *out; /* owns what show_* copies */
};

/* "FILE: WHERE.KEY: message", and -EINVAL; key NULL for the object itself. */
int wb_rd_refuse(struct reader *rd, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The member k of obj; NULL when absent or obj is not an object. */
const cJSON *wb_rd_member(const cJSON *obj, enum wb_key k);

/* Strict: a string into dst[cap], absent: def (NULL: required). */
int wb_rd_get_string(struct reader *rd, const cJSON *obj, enum wb_key k, char *dst, size_t cap,
		     const char *def);
/* Strict: a whole number >= 0; absent: def, or refused when required. */
int wb_rd_get_uint(struct reader *rd, const cJSON *obj, enum wb_key k, uint64_t *dst,
		   bool required, uint64_t def);
/* Strict: a finite number >= 0; absent or null leave *present false. */
int wb_rd_get_rate(struct reader *rd, const cJSON *obj, enum wb_key k, double *dst,
		   bool *present);
/* Strict: true or false into *dst (1/0); absent leaves it. */
int wb_rd_get_bool(struct reader *rd, const cJSON *obj, enum wb_key k, int *dst);
/* Strict: an optional object; *dst NULL when absent or null. */
int wb_rd_get_object(struct reader *rd, const cJSON *obj, enum wb_key k, const cJSON **dst);

/* A copy of s the results own; NULL when out of memory (rd->out->failed). */
const char *wb_rd_keep_string(struct reader *rd, const char *s);

/* A results file may have been written by another tool or edited by hand:
 * what walbench echoes of the words it was made with (the command line, the
 * configuration's strings, the observed server's connection string) passes
 * the same redaction (pgstat/dsn_redact.h) as when walbench writes it, in root
 * itself, before anything reads it. */
void wb_rd_redact_words(cJSON *root);
/* n zeroed elements of size each the results own; NULL when out of memory. */
void *wb_rd_keep_array(struct reader *rd, size_t n, size_t size);

/* Shown: a string member, "" when absent or not a string. 0 or -ENOMEM. */
int wb_rd_show_string(struct reader *rd, const cJSON *obj, enum wb_key k, const char **dst);
/* Shown: a number member, NAN when absent or not a number. */
double wb_rd_show_number(const cJSON *obj, enum wb_key k);
/* Shown: a two-number array, NAN where an element is not a number. */
struct wb_saved_range wb_rd_show_range(const cJSON *obj, enum wb_key k);
/* Shown: an array of strings (NULL where an element is not one). 0 or -ENOMEM. */
int wb_rd_show_lines(struct reader *rd, const cJSON *obj, enum wb_key k,
		     struct wb_saved_lines *dst);
/* Shown: the elements of an array member (NULL when not an array) and how many. */
const cJSON *wb_rd_show_array(const cJSON *obj, enum wb_key k, size_t *n);

/* The parts of the file beyond its tests (results_reader_host.c); 0,
 * -EINVAL with rd->err set, or -ENOMEM. */
int wb_rd_host(struct reader *rd, const cJSON *root, struct wb_saved_results *out);
int wb_rd_shown_facts(struct reader *rd, const cJSON *root, struct wb_saved_results *out);
int wb_rd_observed(struct reader *rd, const cJSON *root, struct wb_saved_results *out);
/* recommendation (recommend_fields.c), then qualification and the findings at
 * root (qualify_fields.c): each into out when the file has it. */
int wb_rd_recommendation(struct reader *rd, const cJSON *root, struct wb_saved_results *out);

/* decision (run --decide, schedule_fields.c): into out->decision, has_decision
 * set, when present and not null. */
int wb_rd_decision(struct reader *rd, const cJSON *root, struct wb_saved_results *out);
/* schedule (an adaptive run, schedule_fields.c): its trial_s, the slice run,
 * into out->slice_s when present and the file has a config.slice (read before
 * it: qualify's), the slice asked. */
int wb_rd_schedule(struct reader *rd, const cJSON *root, struct wb_saved_results *out);
/* tests, an array, into out->tests (tests_fields.c). */
int wb_rd_tests(struct reader *rd, const cJSON *tests, struct wb_saved_results *out);
int wb_rd_qualification(struct reader *rd, const cJSON *root, struct wb_saved_results *out);

#endif
