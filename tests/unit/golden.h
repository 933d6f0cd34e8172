/* golden.h — golden files for the unit tests that pin what a writer makes
 * (test_observed.c, test_placement_json.c, test_recommend_recorded.c, ...):
 * the text is compared with the file byte for byte, and read back;
 * WB_GOLDEN_WRITE=1 in the environment writes the file first (for a new key:
 * review the diff). */
#ifndef WB_TESTS_GOLDEN_H
#define WB_TESTS_GOLDEN_H

/* The whole file; NULL (errno set) when it cannot be read. Free it. */
char *golden_slurp(const char *path);

/* Fails the test, naming what and showing text, when text differs from the
 * golden file at path (its last newline aside). */
void golden_check(const char *path, const char *what, const char *text);

/* root printed as the results file prints it (cJSON_Print), deleted, and
 * golden-checked against path; returns the text (free it), which a round trip
 * reads back. */
struct cJSON;
char *golden_check_json(const char *path, const char *what, struct cJSON *root);

/* doc, a results file's parts (deleted), with a schema_version and no tests,
 * read into out (report/results_reader.h; a refusal fails the test). */
struct wb_saved_results;
void golden_read_doc(const char *name, struct cJSON *doc, struct wb_saved_results *out);

/* doc, a results file's parts (deleted), with a schema_version and no tests,
 * read back (report/results_reader.h; a refusal fails the test) and written
 * again by write into an object: fails the test when that, printed, is not
 * want. */
void golden_round_trip(const char *name, struct cJSON *doc, const char *want,
		       void (*write)(struct cJSON *got, const struct wb_saved_results *saved));

#endif
