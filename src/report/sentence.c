/* sentence.c — bounded appends for the words (sentence.h). */
#include "report/sentence.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Past this a figure is as good as 100 %: no one reads a seventh decimal. */
#define PCT_MAX_DIGITS 6

/* Decimals, from digits, until v no longer prints as 100 as printf rounds it
 * (99.96 at one decimal is "100.0"). */
static int pct_digits(int digits, double v)
{
	char buf[48];

	if (!isfinite(v) || fabs(v) == 100.0)
		return digits;
	for (; digits < PCT_MAX_DIGITS; digits++) {
		snprintf(buf, sizeof(buf), "%.*f", digits, fabs(v));
		if (strtod(buf, NULL) != 100.0)
			break;
	}
	return digits;
}

int wb_sentence_pct_digits(int digits, double pct, double low, double high)
{
	digits = pct_digits(digits, pct);
	digits = pct_digits(digits, low);
	return pct_digits(digits, high);
}
