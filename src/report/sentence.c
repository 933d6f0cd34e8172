/* sentence.c — bounded appends for the words (sentence.h). */
#include "report/sentence.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct wb_sentence wb_sentence_at(char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	return (struct wb_sentence){ buf, len, 0 };
}

void wb_sentence_add(struct wb_sentence *s, const char *fmt, ...)
{
	va_list ap;

	if (s->n < 0 || (size_t)s->n >= s->len)
		return;
	va_start(ap, fmt);
	s->n += vsnprintf(s->buf + s->n, s->len - (size_t)s->n, fmt, ap);
	va_end(ap);
}

const char *wb_sentence_method(enum wb_method_id m)
{
	const struct wb_method *x = wb_method_get(m);

	return x ? x->name : "?";
}

char *wb_sentence_signal(int sig, char *buf, size_t len)
{
	const char *abbrev = sigabbrev_np(sig);

	snprintf(buf, len, "SIG%s", abbrev ? abbrev : "?");
	return buf;
}

double wb_sentence_rate_end(double end)
{
	return isfinite(end) && end < 0 ? 0.0 : end;
}
