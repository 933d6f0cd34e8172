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

/* Past this a figure is as good as 100 %, or as 0: no one reads a seventh
 * decimal. */
#define PCT_MAX_DIGITS 6

/* v as printf rounds it at digits decimals, read back ("99.96" at one decimal
 * is 100.0, "0.4" at none is 0). */
static double printed(int digits, double v)
{
	char buf[48];

	snprintf(buf, sizeof(buf), "%.*f", digits, fabs(v));
	return strtod(buf, NULL);
}

/* Decimals, from digits, until v prints neither as 100 nor as 0 without
 * being it. */
static int pct_digits(int digits, double v)
{
	if (!isfinite(v))
		return digits;
	while (digits < PCT_MAX_DIGITS &&
	       ((fabs(v) != 100.0 && printed(digits, v) == 100.0) ||
		(v != 0.0 && printed(digits, v) == 0.0)))
		digits++;
	return digits;
}

int wb_sentence_pct_digits(int digits, double pct, double low, double high)
{
	digits = pct_digits(digits, pct);
	digits = pct_digits(digits, low);
	digits = pct_digits(digits, high);
	/* an interval with width prints two ends (-2.3 and -1.8 at none are
	 * [-2, -2]) */
	while (digits < PCT_MAX_DIGITS && isfinite(low) && isfinite(high) && low != high &&
	       copysign(printed(digits, low), low) == copysign(printed(digits, high), high))
		digits++;
	return digits;
}
