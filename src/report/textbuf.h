/* textbuf.h — a growing string for reports rendered whole before they are
 * written atomically (CSV, Prometheus). An allocation failure leaves it failed,
 * and every later append does nothing, so a renderer checks once at the end. */
#ifndef WB_REPORT_TEXTBUF_H
#define WB_REPORT_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

struct wb_textbuf {
	char *s;                 /* NUL-terminated once anything was added; owned */
	size_t len, cap;
	bool failed;
};

void wb_textbuf_add(struct wb_textbuf *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
