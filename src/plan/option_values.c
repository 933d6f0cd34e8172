/* option_values.c — a value given to an option, judged and stored by the option's type
 * (a duration, a size, a list, a choice...), whether it comes from the command line, a
 * profile or the option's default; each refusal says why in one line, naming the allowed
 * values or range.
 * Trap: a refused value is never quoted here (a list's bad member is named by its place,
 * "the 2nd value"): the caller decides whether a value may be shown, since a profile's
 * values are a file's contents and a command line's word may hold a password. */
#include "plan/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/hostport.h"
#include "model/method.h"
#include "model/units.h"

const char *wb_ordinal(unsigned n, char *buf, size_t len)
{
	static const char *const ends[] = { "th", "st", "nd", "rd" };
	unsigned last = n % 10;

	snprintf(buf, len, "%u%s", n, (n % 100) / 10 == 1 || last > 3 ? "th" : ends[last]);
	return buf;
}

/* "the 2nd value" of a comma list, or "the value" when it holds one: what a
 * list's error names instead of quoting the value (a profile's values are a
 * file's contents, never quoted). */
static const char *which_value(const char *value, unsigned k, const char *noun, char *buf,
			       size_t len)
{
	char nth[16];

	if (strchr(value, ','))
		snprintf(buf, len, "the %s %s", wb_ordinal(k, nth, sizeof(nth)), noun);
	else
		snprintf(buf, len, "the %s", noun);
	return buf;
}

/* The next item of a comma list, cut from *rest, or NULL past the last. Unlike
 * strtok, an empty item is returned (""), so that "8k,", ",8k" or "a,,b" is
 * refused instead of read as a shorter list. */
static char *next_item(char **rest)
{
	return strsep(rest, ",");
}

/* An empty item, or a repeated one (a test run twice, or a name said twice),
 * is a mistake: refused, naming the item and the one it repeats by place. */
static int refuse_item(const char *value, unsigned k, unsigned repeats, const char *noun,
		       const char *why_more, char *why, unsigned why_len)
{
	char what[32], nth[16];

	if (!repeats)
		snprintf(why, why_len, "%s is empty", which_value(value, k, noun, what, sizeof(what)));
	else
		snprintf(why, why_len, "%s repeats the %s%s",
			 which_value(value, k, noun, what, sizeof(what)),
			 wb_ordinal(repeats, nth, sizeof(nth)), why_more);
	return -EINVAL;
}

/* Comma-separated names against a lookup; "all" means every name all_mask allows. */
static int set_name_list(const char *value, uint32_t *mask, uint32_t all_mask, unsigned count,
			 const char *(*name_of)(unsigned), char *why, unsigned why_len)
{
	char *copy = strdup(value), *rest = copy, *tok;
	unsigned first[32] = { 0 }; /* the item that named each bit, for a repeat */
	uint32_t out = 0, bits;
	unsigned i, k, all_k = 0;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (k = 1; *value && (tok = next_item(&rest)); k++) {
		if (!*tok) {
			ret = refuse_item(value, k, 0, "name", "", why, why_len);
			goto out;
		}
		for (i = 0; i < count; i++)
			if (strcmp(tok, name_of(i)) == 0)
				break;
		if (strcmp(tok, "all") == 0) {
			bits = all_mask;
		} else if (i == count) {
			char what[32];
			int len = snprintf(why, why_len, "%s is unknown; allowed: all",
					   which_value(value, k, "name", what, sizeof(what)));

			for (i = 0; i < count && len > 0 && (unsigned)len < why_len; i++)
				len += snprintf(why + len, why_len - (unsigned)len, ", %s", name_of(i));
			ret = -EINVAL;
			goto out;
		} else {
			bits = 1u << i;
		}
		if (bits & out) {
			unsigned j = k;

			for (i = 0; i < count; i++)
				if ((bits & out & (1u << i)) && first[i] < j)
					j = first[i];
			ret = refuse_item(value, k, j, "name",
					  bits == all_mask || j == all_k ? " (all names it)" : "",
					  why, why_len);
			goto out;
		}
		for (i = 0; i < count; i++)
			if (bits & (1u << i))
				first[i] = k;
		if (bits == all_mask)
			all_k = k;
		out |= bits;
	}
	if (!out) {
		snprintf(why, why_len, "empty list");
		ret = -EINVAL;
		goto out;
	}
	*mask = out;
out:
	free(copy);
	return ret;
}

static const char *method_name_of(unsigned i)
{
	return wb_method_get((enum wb_method_id)i)->name;
}

static const char *engine_name_of(unsigned i)
{
	return wb_engine_name((enum wb_engine_id)i);
}

static int set_list(struct wb_list *list, const struct wb_option *opt, const char *value,
		    char *why, unsigned why_len)
{
	char *copy = strdup(value), *rest = copy, *tok, what[32];
	struct wb_list out = { .n = 0 };
	unsigned j;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	while (*value && (tok = next_item(&rest))) {
		if (!*tok) {
			ret = refuse_item(value, out.n + 1, 0, "value", "", why, why_len);
			goto out;
		}
		if (out.n == WB_MAX_LIST) {
			snprintf(why, why_len, "at most %d values", WB_MAX_LIST);
			ret = -ERANGE;
			goto out;
		}
		if (opt->type == WB_OPT_SIZES) {
			ret = wb_parse_size(tok, opt->min, opt->max, &out.v[out.n]);
			if (ret)
				snprintf(why, why_len,
					 "%s is not a size from 512 to 1MiB (e.g. 4k, 8k, 16KiB)",
					 which_value(value, out.n + 1, "value", what, sizeof(what)));
		} else {
			ret = wb_parse_uint(tok, opt->min, opt->max, &out.v[out.n]);
			if (ret)
				snprintf(why, why_len, "%s is not a whole number from %llu to %llu",
					 which_value(value, out.n + 1, "value", what, sizeof(what)),
					 (unsigned long long)opt->min, (unsigned long long)opt->max);
		}
		if (ret)
			goto out;
		/* 8k and 8192 are one test: it would run twice. */
		for (j = 0; j < out.n && out.v[j] != out.v[out.n]; j++)
			;
		if (j < out.n) {
			ret = refuse_item(value, out.n + 1, j + 1, "value", "", why, why_len);
			goto out;
		}
		out.n++;
	}
	if (!out.n) {
		snprintf(why, why_len, "empty list");
		ret = -EINVAL;
		goto out;
	}
	*list = out;
out:
	free(copy);
	return ret;
}

/* --wal-candidate: each use adds one directory. */
static int add_path(struct wb_paths *paths, const char *value, char *why, unsigned why_len)
{
	if (!value || !*value) {
		snprintf(why, why_len, "empty path");
		return -EINVAL;
	}
	if (paths->n == WB_MAX_CANDIDATES) {
		snprintf(why, why_len, "at most %d directories", WB_MAX_CANDIDATES);
		return -ERANGE;
	}
	paths->v[paths->n++] = value;
	return 0;
}

/* "2000/s" (a pace, opt->min .. opt->max writes per second) or "30%" (0.01 ..
 * 100 % of the measured capacity). */
static int set_load(struct wb_load_opt *load, const struct wb_option *opt, const char *value,
		    char *why, unsigned why_len)
{
	size_t len = strlen(value);
	char num[32];

	if (len > 2 && len < sizeof(num) && strcmp(value + len - 2, "/s") == 0) {
		memcpy(num, value, len - 2);
		num[len - 2] = '\0';
		if (!wb_parse_uint(num, opt->min, opt->max, &load->per_s)) {
			load->pct_bp = 0;
			return 0;
		}
	} else if (len > 1 && value[len - 1] == '%' &&
		   !wb_parse_percent(value, 1, 10000, &load->pct_bp)) {
		load->per_s = 0;
		return 0;
	}
	snprintf(why, why_len, "not a rate (writes per second, e.g. 2000/s, %llu .. %llu) or a "
		 "share of capacity (e.g. 30%%, 0.01%% .. 100%%)", (unsigned long long)opt->min,
		 (unsigned long long)opt->max);
	return -EINVAL;
}

/* A listener's address: its form judged now, so a wrapped or signed port never reaches
 * a connection; whether the host resolves is the connection's to say. */
static int set_hostport(const char **slot, const char *value, char *why, unsigned why_len)
{
	char host[WB_HOST_MAX];
	uint16_t port;

	if (!value || wb_hostport_parse(value, host, sizeof(host), &port)) {
		snprintf(why, why_len, "not HOST:PORT with PORT a whole number from 1 to 65535 "
			 "([v6addr]:PORT for IPv6)");
		return -EINVAL;
	}
	*slot = value;
	return 0;
}

static int set_choice(uint64_t *slot, const struct wb_option *opt, const char *value, char *why,
		      unsigned why_len)
{
	unsigned i;
	int len;

	for (i = 0; opt->choices[i]; i++) {
		if (strcmp(value, opt->choices[i]) == 0) {
			*slot = i;
			return 0;
		}
	}
	len = snprintf(why, why_len, "allowed: %s", opt->choices[0]);
	for (i = 1; opt->choices[i] && len > 0 && (unsigned)len < why_len; i++)
		len += snprintf(why + len, why_len - (unsigned)len, ", %s", opt->choices[i]);
	return -EINVAL;
}

/* A duration error's examples: the first three of these the option accepts
 * (each parsed against its range, so no example is one it refuses), or its
 * least value when none is. */
static const char *duration_examples(const struct wb_option *opt, char *buf, size_t len)
{
	static const char *const candidates[] = { "500ms", "5s", "1m", "10m", "1h", "24h" };
	size_t at = 0, shown = 0;
	uint64_t ns;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]) && shown < 3; i++) {
		if (wb_parse_duration(candidates[i], opt->min, opt->max, &ns))
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s", shown ? ", " : "", candidates[i]);
		shown++;
	}
	if (!shown)
		wb_format_duration(opt->min, buf, (unsigned)len);
	return buf;
}

/* The number types: one value within the option's range, and the range named when it is
 * not. */
static int set_number(uint64_t *slot, const struct wb_option *opt, const char *value, char *why,
		      unsigned why_len)
{
	char lo[32], hi[32], eg[64];
	int ret;

	switch (opt->type) {
	case WB_OPT_DURATION:
		ret = wb_parse_duration(value, opt->min, opt->max, slot);
		if (ret) {
			wb_format_duration(opt->min, lo, sizeof(lo));
			wb_format_duration(opt->max, hi, sizeof(hi));
			snprintf(why, why_len, "not a duration from %s to %s (e.g. %s)", lo, hi,
				 duration_examples(opt, eg, sizeof(eg)));
		}
		return ret;
	case WB_OPT_SIZE:
		ret = wb_parse_size(value, opt->min, opt->max, slot);
		if (ret) {
			wb_format_size(opt->min, lo, sizeof(lo));
			wb_format_size(opt->max, hi, sizeof(hi));
			snprintf(why, why_len, "not a size from %s to %s", lo, hi);
		}
		return ret;
	case WB_OPT_UINT:
		ret = wb_parse_uint(value, opt->min, opt->max, slot);
		if (ret)
			snprintf(why, why_len, "not a whole number from %llu to %llu",
				 (unsigned long long)opt->min, (unsigned long long)opt->max);
		return ret;
	case WB_OPT_PG_MAJOR:
		/* 1 to 9 name no major walbench models: refused, never read as "none". */
		ret = wb_parse_uint(value, opt->min, opt->max, slot);
		if (!ret && *slot && *slot < WB_PG_OLDEST_MAJOR)
			ret = -ERANGE;
		if (ret)
			snprintf(why, why_len, "not %sa PostgreSQL major from %u to %llu",
				 opt->min ? "" : "0 or ", WB_PG_OLDEST_MAJOR,
				 (unsigned long long)opt->max);
		return ret;
	case WB_OPT_PERCENT:
		ret = wb_parse_percent(value, opt->min, opt->max, slot);
		if (ret)
			snprintf(why, why_len, "not a percentage from %g to %g", opt->min / 100.0,
				 opt->max / 100.0);
		return ret;
	default:
		return -EINVAL;
	}
}

int wb_option_set(struct wb_config *cfg, const struct wb_option *opt, const char *value,
		  char *why, unsigned why_len)
{
	uint32_t all_methods = ((1u << WB_METHOD_COUNT) - 1) & ~(1u << WB_METHOD_NONE);
	void *slot = (char *)cfg + opt->offset;

	switch (opt->type) {
	case WB_OPT_PATH:
		if (!value || !*value) {
			snprintf(why, why_len, "empty path");
			return -EINVAL;
		}
		*(const char **)slot = value;
		return 0;
	case WB_OPT_DURATION:
	case WB_OPT_SIZE:
	case WB_OPT_UINT:
	case WB_OPT_PG_MAJOR:
	case WB_OPT_PERCENT:
		return set_number(slot, opt, value, why, why_len);
	case WB_OPT_SIZES:
	case WB_OPT_UINTS:
		return set_list(slot, opt, value, why, why_len);
	case WB_OPT_METHODS:
		return set_name_list(value, slot, all_methods, WB_METHOD_COUNT, method_name_of, why,
				     why_len);
	case WB_OPT_ENGINES:
		return set_name_list(value, slot, (1u << WB_ENGINE_COUNT) - 1, WB_ENGINE_COUNT,
				     engine_name_of, why, why_len);
	case WB_OPT_FLAG:
		if (value && strcmp(value, "true") && strcmp(value, "false")) {
			snprintf(why, why_len, "allowed: true, false");
			return -EINVAL;
		}
		*(bool *)slot = !value || strcmp(value, "true") == 0;
		return 0;
	case WB_OPT_CHOICE:
		return set_choice(slot, opt, value, why, why_len);
	case WB_OPT_PATHS:
		return add_path(slot, value, why, why_len);
	case WB_OPT_LOAD:
		return set_load(slot, opt, value, why, why_len);
	case WB_OPT_DSN:
		*(const char **)slot = value ? value : "";
		return 0;
	case WB_OPT_HOSTPORT:
		return set_hostport(slot, value, why, why_len);
	}
	return -EINVAL;
}

int wb_config_defaults(struct wb_config *cfg, enum wb_command cmd)
{
	char why[256];
	unsigned i;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	for (i = 0; i < wb_options_count; i++) {
		const struct wb_option *opt = &wb_options[i];

		if (!(opt->commands & WB_CMD_BIT(cmd)) || !opt->def)
			continue;
		ret = wb_option_set(cfg, opt, opt->def, why, sizeof(why));
		if (ret)
			return ret;
	}
	return 0;
}
