/* json_parts.h — what the writer's files (report/json*.c) share: each writes
 * one part of the results file, every key spelled by results/schema.h. The
 * parts add to the object they are given and never print; json.c lays them
 * out in the file's order and prints once. Trap: cJSON's add calls fail
 * silently when out of memory, so each part checks the objects it makes and
 * skips what it cannot add, and json.c refuses a file missing a test. */
#ifndef WB_REPORT_JSON_PARTS_H
#define WB_REPORT_JSON_PARTS_H

#include <cjson/cJSON.h>

#include "report/json.h"
#include "report/words.h"
#include "results/schema.h"

struct wb_fields;

/* A key of the results file, spelled once in results/schema.c. */
#define K(name) wb_key(WB_KEY_##name)

/* json_config.c: "command" and "command_line"; "config", every option of cmd. */
void wb_json_add_command_line(cJSON *root, const struct wb_config *cfg, enum wb_command cmd);
void wb_json_add_config(cJSON *root, const struct wb_config *cfg, enum wb_command cmd);

/* json_host.c: "host", and the device facts of one directory (also each
 * placement candidate's "storage"). */
void wb_json_add_host(cJSON *root, const struct wb_results *rs);
void wb_json_add_device(cJSON *parent, const struct wb_device *d);

/* tests_fields.c: one test as an object (NULL when out of memory); "tests",
 * n tests from what they read back as (results/saved.h). */
cJSON *wb_json_test(const struct wb_results *rs, const struct wb_result *r);
struct wb_saved_test;
void wb_json_add_saved_tests(cJSON *o, const struct wb_saved_test *t, size_t n);

/* schedule_fields.c: an adaptive run's "comparisons" and "schedule"; --decide's
 * "decision". */
void wb_json_add_adaptive(cJSON *root, const struct wb_results *rs);
void wb_json_add_decision(cJSON *root, const struct wb_results *rs);
/* The same, of a decision as a results file has it (its round trip). */
void wb_json_add_saved_decision(cJSON *root, const struct wb_saved_decision *d);
/* settle_fields.c: "settle", what an undecided answer still needs (null when
 * not known: wb_settle_fields, a row of the recommendation's table and of
 * --decide's groups), min_gain_pct the gain its open method is held to, and
 * a comparison's fields (a table walked inline). */
struct wb_saved_settle wb_saved_settle_of(const struct wb_settle *st, double min_gain_pct,
					  char *budget, size_t len);
extern const struct wb_fields wb_settle_fields, wb_comparison_fields;
struct wb_saved_comparison wb_saved_comparison_of(const struct wb_comparison *c);

/* recommend_fields.c, placement_fields.c, qualify_fields.c: the verdicts; the
 * recommendation's and the placement's tables (results/saved.h), and the
 * placement as saved, pointing into b while it is written. */
void wb_json_add_recommendation(cJSON *root, const struct wb_recommendation *rec);
extern const struct wb_fields wb_recommendation_fields, wb_placement_fields;
struct wb_placement_saving {
	struct wb_placement_words w;
	char reason[WB_MAX_SITES - 1][WB_WORDS_CANDIDATE_LEN];
	struct wb_saved_candidate c[WB_MAX_SITES - 1];
	const char *steps[WB_PLACEMENT_MAX_STEPS];
};
void wb_saved_placement_of(const struct wb_placement *pl, struct wb_placement_saving *b,
			   struct wb_saved_placement *s);
void wb_json_add_qualification(cJSON *root, const struct wb_qualification *q);
/* qualify_fields.c: the same keys from what they read back as (results/saved.h). */
struct wb_saved_qualification;
struct wb_saved_finding;
void wb_json_add_saved_qualification(cJSON *root, const struct wb_saved_qualification *s,
				     const struct wb_saved_finding *f, size_t n);

/* json_observed.c: "observed", what the server said. */
struct wb_pg_observed;
void wb_json_add_observed(cJSON *root, const struct wb_pg_observed *ob);

#endif
