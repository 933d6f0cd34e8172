/* golden.h — golden files for the unit tests that pin what a writer makes
 * (test_observed.c, test_placement_json.c): the text is compared with the
 * file byte for byte; WB_GOLDEN_WRITE=1 in the environment writes the file
 * first (for a new key: review the diff). */
#ifndef WB_TESTS_GOLDEN_H
#define WB_TESTS_GOLDEN_H

/* The whole file; NULL (errno set) when it cannot be read. Free it. */
char *golden_slurp(const char *path);

/* Fails the test, naming what and showing text, when text differs from the
 * golden file at path (its last newline aside). */
void golden_check(const char *path, const char *what, const char *text);

/* golden_check on the object root printed as cJSON prints it; root is
 * deleted. */
struct cJSON;
void golden_check_json(const char *path, const char *what, struct cJSON *root);

#endif
