/* sentence.h — a sentence written piece by piece into a caller's fixed buffer,
 * for the words_*.c files: each append stops at the end of the buffer, as one
 * snprintf chain would, so a long fleet's headline is cut, never overrun. */
#ifndef WB_REPORT_SENTENCE_H
#define WB_REPORT_SENTENCE_H

#include <stddef.h>

#include "model/method.h"

struct wb_sentence {
	char *buf;
	size_t len;
	int n;                   /* bytes written so far, as snprintf counts them; < 0 failed */
};

/* Starts an empty sentence in buf[0..len). */
struct wb_sentence wb_sentence_at(char *buf, size_t len);

void wb_sentence_add(struct wb_sentence *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A method's name as the sentences print it ("fdatasync"); "?" for no method,
 * so a sentence about a failure that has none still reads. */
const char *wb_sentence_method(enum wb_method_id m);

/* An end of a rate's interval as every report shows and saves it: a rate is
 * never below 0, so an end that the t interval puts below 0 (two trials, a
 * wide spread) is 0; an end not known (infinite, NaN) is left as it is. */
double wb_sentence_rate_end(double end);

/* The decimals a percentage change and its interval print with: digits, or
 * more where one of them would round to 100 % or to 0 without being it, or
 * where the two ends of an interval with width would print the same, so a
 * loss of 99.8 % never reads "-100 % [-100, -100]", a total one, an interval
 * of [-1.6, -0.2] never "[-2, -0]", nor [-30.4, -29.6] "[-30, -30]". Every
 * figure is then printed with the one count: "%+.*f %% [%+.*f, %+.*f]". */
int wb_sentence_pct_digits(int digits, double pct, double low, double high);

/* The three as a "%+.*f %% [%.*f, %.*f]" takes them, each after the one count
 * of decimals wb_sentence_pct_digits gives them (each argument is read three
 * times: no side effects). */
#define WB_SENTENCE_PCT3(digits, pct, low, high)                                   \
	wb_sentence_pct_digits(digits, pct, low, high), (pct),                     \
	wb_sentence_pct_digits(digits, pct, low, high), (low),                     \
	wb_sentence_pct_digits(digits, pct, low, high), (high)

/* A signal's name as every report spells it ("SIGINT"), written into buf. */
#define WB_SENTENCE_SIGNAL_LEN 24
char *wb_sentence_signal(int sig, char *buf, size_t len);

#endif
