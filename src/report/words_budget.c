/* words_budget.c — a budget as --budget takes it (words.h): "2m", "90s".
 * Apart from words_settle.c because the settle as saved (settle_fields.c)
 * holds it, and words_settle.c words from that: one file calling the other
 * both ways would be a circle. */
#include "report/words.h"

#include <math.h>
#include <stdio.h>

char *wb_words_budget(double s, char *buf, size_t len)
{
	if (s >= 60.0 && fmod(s, 60.0) == 0.0)
		snprintf(buf, len, "%.0fm", s / 60.0);
	else
		snprintf(buf, len, "%.0fs", s);
	return buf;
}
