/* words_clean.h — the words `walbench clean` prints for a verdict of
 * advice/clean.h: why a file goes or stays ("process 1234 no longer exists"). */
#ifndef WB_REPORT_WORDS_CLEAN_H
#define WB_REPORT_WORDS_CLEAN_H

#include <stddef.h>

#include "advice/clean.h"

/* Room for any reason below: strerror's longest and a 31-byte program name fit. */
#define WB_CLEAN_REASON_LEN 160

/* Writes v's reason into buf (snprintf's truncation) and returns buf. */
char *wb_clean_reason_words(const struct wb_clean_verdict *v, char *buf, size_t len);

#endif
