/* textbuf.c — see textbuf.h. */
#include "report/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void wb_textbuf_add(struct wb_textbuf *t, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	while (!t->failed) {
		va_start(ap, fmt);
		n = t->s ? vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap) : -2;
		va_end(ap);
		if (n >= 0 && (size_t)n < t->cap - t->len) {
			t->len += (size_t)n;
			return;
		}
		if (n == -1) {
			t->failed = true;
			return;
		}
		t->cap = t->cap * 2 + (n > 0 ? (size_t)n : 0) + 256;
		s = realloc(t->s, t->cap);
		if (!s) {
			t->failed = true;
			return;
		}
		t->s = s;
	}
}
