/* observed_text.h — an observation of the server as text, decision-free: what
 * it runs, what it did over the window, and what could not be read. */
#ifndef WB_REPORT_OBSERVED_TEXT_H
#define WB_REPORT_OBSERVED_TEXT_H

#include "pgstat/observed.h"

struct wb_textbuf;

/* o as lines of text into b (the HTML report shows the same). */
void wb_observed_text(const struct wb_pg_observed *o, struct wb_textbuf *b);

/* Prints o to stdout. */
void wb_observed_print(const struct wb_pg_observed *o);

#endif
