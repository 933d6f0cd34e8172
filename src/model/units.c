/* units.c — strict number, size and duration parsing, and their formatting
 * (see units.h for the rules). */
#include "model/units.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct unit {
	const char *name;
	double scale;
};

static const struct unit size_units[] = {
	{ "", 1 }, { "b", 1 }, { "B", 1 },
	{ "k", 1024.0 }, { "K", 1024.0 }, { "kB", 1024.0 }, { "KB", 1024.0 }, { "KiB", 1024.0 },
	{ "m", 1048576.0 }, { "M", 1048576.0 }, { "MB", 1048576.0 }, { "MiB", 1048576.0 },
	{ "g", 1073741824.0 }, { "G", 1073741824.0 }, { "GB", 1073741824.0 }, { "GiB", 1073741824.0 },
};

static const struct unit percent_units[] = { { "", 100 }, { "%", 100 } };

static const struct unit duration_units[] = {
	{ "", 1e9 }, { "s", 1e9 }, { "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 },
	{ "m", 60e9 }, { "min", 60e9 }, { "h", 3600e9 },
};

/* Digits, optionally one '.', nothing else: strtod alone would accept "1e3", "inf",
 * hex and leading blanks. */
static int split_number(const char *s, bool allow_fraction, const char **unit)
{
	const char *p = s;
	bool digits = false, dot = false;

	for (; *p; p++) {
		if (isdigit((unsigned char)*p)) {
			digits = true;
		} else if (*p == '.' && allow_fraction && !dot) {
			dot = true;
		} else {
			break;
		}
	}
	if (!digits)
		return -EINVAL;
	*unit = p;
	return 0;
}

static int scaled_value(const char *s, const struct unit *units, unsigned nunits,
			bool allow_fraction, uint64_t min, uint64_t max, uint64_t *out)
{
	const char *unit;
	double value;
	unsigned i;
	int ret;

	if (!s)
		return -EINVAL;
	ret = split_number(s, allow_fraction, &unit);
	if (ret)
		return ret;
	for (i = 0; i < nunits; i++)
		if (strcmp(unit, units[i].name) == 0)
			break;
	if (i == nunits)
		return -EINVAL;
	errno = 0;
	value = strtod(s, NULL) * units[i].scale;
	if (errno || !isfinite(value) || value >= 18446744073709551616.0)
		return -ERANGE;
	value = floor(value + 0.5);
	if (value < (double)min || value > (double)max)
		return -ERANGE;
	*out = (uint64_t)value;
	return 0;
}

int wb_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (!s || !isdigit((unsigned char)s[0]))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end != '\0')
		return -EINVAL;
	if (errno == ERANGE || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int wb_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	/* Sizes are whole bytes; a fraction would hide a typo ("1.5k" is not a WAL size). */
	return scaled_value(s, size_units, sizeof(size_units) / sizeof(size_units[0]),
			    false, min, max, out);
}

int wb_parse_duration(const char *s, uint64_t min_ns, uint64_t max_ns, uint64_t *out_ns)
{
	return scaled_value(s, duration_units, sizeof(duration_units) / sizeof(duration_units[0]),
			    true, min_ns, max_ns, out_ns);
}

int wb_parse_percent(const char *s, uint64_t min_bp, uint64_t max_bp, uint64_t *out_bp)
{
	return scaled_value(s, percent_units, sizeof(percent_units) / sizeof(percent_units[0]),
			    true, min_bp, max_bp, out_bp);
}

void wb_format_size(uint64_t bytes, char *buf, unsigned len)
{
	if (bytes >= 1048576 && bytes % 1048576 == 0)
		snprintf(buf, len, "%lluMiB", (unsigned long long)(bytes / 1048576));
	else if (bytes >= 1048576) /* etcd's 64,000,000-byte segment read "62500kB" */
		snprintf(buf, len, "%.1fMiB", (double)bytes / 1048576.0);
	else if (bytes >= 1024 && bytes % 1024 == 0)
		snprintf(buf, len, "%llukB", (unsigned long long)(bytes / 1024));
	else
		snprintf(buf, len, "%lluB", (unsigned long long)bytes);
}

void wb_format_count(double v, char *buf, unsigned len)
{
	char digits[32], grouped[48];
	size_t n, i, o = 0;

	if (!isfinite(v) || fabs(v) >= 1e18) {
		snprintf(buf, len, "n/a");
		return;
	}
	if (fabs(v) < 100.0) {
		snprintf(buf, len, "%.1f", v);
		return;
	}
	n = (size_t)snprintf(digits, sizeof(digits), "%llu", (unsigned long long)(fabs(v) + 0.5));
	if (v < 0)
		grouped[o++] = '-';
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			grouped[o++] = ',';
		grouped[o++] = digits[i];
	}
	grouped[o] = '\0';
	snprintf(buf, len, "%s", grouped);
}

void wb_format_duration(uint64_t ns, char *buf, unsigned len)
{
	static const struct {
		const char *name;
		uint64_t ns;
	} units[] = {
		{ "h", 3600000000000ull }, { "m", 60000000000ull }, { "s", 1000000000ull },
		{ "ms", 1000000ull }, { "us", 1000ull }, { "ns", 1 },
	};
	unsigned i;

	if (ns == 0) {
		snprintf(buf, len, "0");
		return;
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (ns % units[i].ns == 0) {
			snprintf(buf, len, "%llu%s", (unsigned long long)(ns / units[i].ns), units[i].name);
			return;
		}
	}
}
