/* ownfile.c — recognising walbench's own file names; see ownfile.h.
 * Trap: strict on purpose. Anything else in the directory (pg_wal's segments, a
 * user's walbench.old.tmp) must never look like a leftover. */
#include "model/ownfile.h"

#include <limits.h>
#include <string.h>

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A plain decimal of at most max at s: no sign, no leading zero. Its end in *end. */
static bool parse_decimal(const char *s, unsigned long long max, unsigned long long *v,
			  const char **end)
{
	unsigned long long n = 0;

	if (!is_digit(*s) || (*s == '0' && is_digit(s[1])))
		return false;
	for (; is_digit(*s); s++) {
		n = n * 10 + (unsigned long long)(*s - '0');
		if (n > max) /* max <= INT_MAX: n * 10 + 9 never wraps */
			return false;
	}
	*v = n;
	*end = s;
	return true;
}

bool wb_testfile_name_parse(const char *name, pid_t *pid)
{
	const size_t plen = sizeof(WB_TESTFILE_PREFIX) - 1;
	unsigned long long p, n;
	const char *s = name;

	if (strncmp(s, WB_TESTFILE_PREFIX, plen) != 0)
		return false;
	s += plen;
	if (!parse_decimal(s, INT_MAX, &p, &s) || p == 0 || *s++ != '.')
		return false;
	if (!parse_decimal(s, WB_TESTFILE_ATTEMPTS - 1, &n, &s) || strcmp(s, WB_TESTFILE_SUFFIX))
		return false;
	*pid = (pid_t)p;
	return true;
}
