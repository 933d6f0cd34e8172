/* results_reader.h — reads a results file of `walbench run --json` back into a
 * struct wb_saved_results (results/saved.h), for compare and later the HTML
 * report. Strict about the types of the keys it reads, silent about keys it does
 * not know (the schema only ever adds keys); every refusal names the file and
 * the key, e.g. "B.json: tests[3].size: expected a whole number, got a string". */
#ifndef WB_RESULTS_READER_H
#define WB_RESULTS_READER_H

#include <stddef.h>

#include "results/saved.h"

/* Reads path into out (zeroed first; free with wb_saved_free even on failure).
 * 0; -errno when the file cannot be read; -EINVAL when it is not JSON or not a
 * results file this walbench can read (schema_version newer than it knows is
 * accepted when its tests read as the newest version it knows). On failure err
 * holds one line starting with the path. */
int wb_saved_read(const char *path, struct wb_saved_results *out, char *err, size_t err_len);

/* The same, and on success the parsed file in *tree, for a reporter that shows
 * more of it than struct wb_saved_results holds (the HTML report); free it with
 * cJSON_Delete. *tree is untouched on failure. */
struct cJSON;
int wb_saved_read_tree(const char *path, struct wb_saved_results *out, struct cJSON **tree,
		       char *err, size_t err_len);

void wb_saved_free(struct wb_saved_results *r);

#endif
