/* compare_text.h — walbench compare's reports: the text (summary line first, then one
 * row per matched test, then what did not match) and the JSON file. Both only
 * print the verdict of advice/compare.h, in the words of report/words_compare.h;
 * neither judges anything. */
#ifndef WB_REPORT_COMPARE_TEXT_H
#define WB_REPORT_COMPARE_TEXT_H

#include <stdio.h>

#include "advice/compare.h"
#include "results/saved.h"

void wb_compare_print(FILE *out, const struct wb_compare_side *a,
		      const struct wb_compare_side *b, const struct wb_compare_verdict *v);

/* The comparison as JSON text, for the caller to free(); NULL when out of memory. */
char *wb_compare_json_render(const struct wb_compare_side *a, const struct wb_compare_side *b,
			     const struct wb_compare_verdict *v);

/* Writes it to path atomically (report/atomic_file.h). 0 or -errno; *why names
 * the failing step. */
int wb_compare_json_write(const char *path, const struct wb_compare_side *a,
			  const struct wb_compare_side *b, const struct wb_compare_verdict *v,
			  const char **why);

#endif
