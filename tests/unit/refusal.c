/* refusal.c — the shared checks of a loader's refusal (refusal.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "refusal.h"

void refusal_check(const char *file, int got, int want_ret, const char *err, const char *want)
{
	assert_int_equal(got, want_ret);
	if (!strstr(err, want))
		fail_msg("%s: got \"%s\", want it to contain \"%s\"", file, err, want);
	assert_non_null(strstr(err, file)); /* the message names the file */
	assert_null(strchr(err, '\n'));    /* and is one line */
}
