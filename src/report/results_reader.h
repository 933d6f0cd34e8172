/* results_reader.h — the reader half of the results file (results/schema.h
 * names its keys): a file of `walbench run/recommend/qualify --json` back into
 * a struct wb_saved_results (results/saved.h), for compare, the HTML report
 * and the fleet summary, which read nothing else of it. Strict about the types
 * of the keys they match or decide on, silent about keys it does not know (the
 * schema only ever adds keys); every refusal names the file and the key, e.g.
 * "B.json: tests[3].size: expected a whole number, got a string". What the
 * HTML report only displays reads as absent when it has the wrong type. */
#ifndef WB_REPORT_RESULTS_READER_H
#define WB_REPORT_RESULTS_READER_H

#include <stddef.h>

#include "results/saved.h"

/* Reads path into out (zeroed first; free with wb_saved_free even on failure).
 * 0; -errno when the file cannot be read; -EINVAL when it is not JSON or not a
 * results file this walbench can read (schema_version newer than it knows is
 * accepted when its tests read as the newest version it knows). On failure err
 * holds one line starting with the path. */
int wb_saved_read(const char *path, struct wb_saved_results *out, char *err, size_t err_len);

/* The same for a file's text already in memory; path only names it in
 * messages. */
int wb_saved_parse(const char *text, const char *path, struct wb_saved_results *out, char *err,
		   size_t err_len);

void wb_saved_free(struct wb_saved_results *r);

#endif
