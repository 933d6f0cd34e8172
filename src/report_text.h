/* report_text.h — the `walbench run` table: one row per test, streamed. */
#ifndef WB_REPORT_TEXT_H
#define WB_REPORT_TEXT_H

#include "session.h"

void wb_text_print_header(const char *target);
extern const struct wb_session_hooks wb_text_hooks;

#endif
