/* options.c — the option table and everything driven by it: getopt_long's table,
 * --help, defaults and strict value parsing. */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "parse.h"

#define ALL_CMDS (WB_CMD_BIT(WB_CMD_COMPAT) | WB_CMD_BIT(WB_CMD_RUN) | WB_CMD_BIT(WB_CMD_ENGINES))
#define NS_PER_S 1000000000ull

/* Where PATH, DURATION and UINT options store their value. */
struct option_slot {
	const char *name;
	size_t offset;
};

static const struct option_slot slots[] = {
	{ "filename", offsetof(struct wb_config, target) },
	{ "dir", offsetof(struct wb_config, target) },
	{ "secs-per-test", offsetof(struct wb_config, duration_ns) },
	{ "duration", offsetof(struct wb_config, duration_ns) },
	{ "writes", offsetof(struct wb_config, writes_per_op) },
	{ "json", offsetof(struct wb_config, json_path) },
};

const struct wb_option wb_options[] = {
	{ "filename", 'f', WB_OPT_PATH, ".", 0, 0, "FILE|DIR",
	  "new file to test, or directory to create one in (default: current directory)",
	  WB_CMD_BIT(WB_CMD_COMPAT) },
	{ "secs-per-test", 's', WB_OPT_DURATION, "5s", NS_PER_S / 100, 86400 * NS_PER_S, "TIME",
	  "time per test: 5, 500ms, 2s (default 5s, as pg_test_fsync)",
	  WB_CMD_BIT(WB_CMD_COMPAT) },
	{ "dir", 'd', WB_OPT_PATH, ".", 0, 0, "DIR",
	  "directory to test in (put it on the file system of pg_wal); default: current directory",
	  WB_CMD_BIT(WB_CMD_RUN) | WB_CMD_BIT(WB_CMD_ENGINES) },
	{ "method", 'm', WB_OPT_METHODS, "all", 0, 0, "LIST",
	  "methods, comma separated, or all: open_datasync,fdatasync,fsync,fsync_writethrough,"
	  "open_sync,pwritev2_dsync (and none, a no-sync baseline not in all)",
	  WB_CMD_BIT(WB_CMD_RUN) },
	{ "engine", 'e', WB_OPT_ENGINES, "sync", 0, 0, "LIST",
	  "engines, comma separated, or all: sync,direct,io_uring,io_uring_direct,libaio",
	  WB_CMD_BIT(WB_CMD_RUN) },
	{ "size", 'b', WB_OPT_SIZES, "8k", 512, 1 << 20, "LIST",
	  "bytes per write, comma separated: 512 .. 1MiB, suffixes k, KiB, M (default 8k)",
	  WB_CMD_BIT(WB_CMD_RUN) },
	{ "writes", 'w', WB_OPT_UINT, "1", 1, 1024, "N",
	  "consecutive writes per flush, at increasing offsets (default 1)",
	  WB_CMD_BIT(WB_CMD_RUN) },
	{ "duration", 't', WB_OPT_DURATION, "2s", NS_PER_S / 100, 86400 * NS_PER_S, "TIME",
	  "time per test: 500ms, 2s, 1m (default 2s)",
	  WB_CMD_BIT(WB_CMD_RUN) },
	{ "json", 'j', WB_OPT_PATH, NULL, 0, 0, "FILE",
	  "also write the results as JSON to a new FILE",
	  WB_CMD_BIT(WB_CMD_RUN) },
};

const unsigned wb_options_count = sizeof(wb_options) / sizeof(wb_options[0]);

static void *slot_of(struct wb_config *cfg, const struct wb_option *opt)
{
	unsigned i;

	for (i = 0; i < sizeof(slots) / sizeof(slots[0]); i++)
		if (strcmp(slots[i].name, opt->name) == 0)
			return (char *)cfg + slots[i].offset;
	return NULL;
}

/* Comma-separated names against a lookup; "all" means every name all_mask allows. */
static int set_name_list(const char *value, uint32_t *mask, uint32_t all_mask, unsigned count,
			 const char *(*name_of)(unsigned), char *why, unsigned why_len)
{
	char *copy = strdup(value), *tok, *save = NULL;
	uint32_t out = 0;
	unsigned i;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "all") == 0) {
			out |= all_mask;
			continue;
		}
		for (i = 0; i < count; i++)
			if (strcmp(tok, name_of(i)) == 0)
				break;
		if (i == count) {
			int len = snprintf(why, why_len, "unknown name \"%s\"; allowed: all", tok);

			for (i = 0; i < count && len > 0 && (unsigned)len < why_len; i++)
				len += snprintf(why + len, why_len - (unsigned)len, ", %s", name_of(i));
			ret = -EINVAL;
			goto out;
		}
		out |= 1u << i;
	}
	if (!out) {
		snprintf(why, why_len, "empty list");
		ret = -EINVAL;
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

static int set_sizes(struct wb_config *cfg, const struct wb_option *opt, const char *value,
		     char *why, unsigned why_len)
{
	char *copy = strdup(value), *tok, *save = NULL;
	unsigned n = 0;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n == WB_MAX_SIZES) {
			snprintf(why, why_len, "at most %d sizes", WB_MAX_SIZES);
			ret = -ERANGE;
			goto out;
		}
		ret = wb_parse_size(tok, opt->min, opt->max, &cfg->sizes[n]);
		if (ret) {
			snprintf(why, why_len, "\"%s\" is not a size from 512 to 1MiB (e.g. 4k, 8k, 16KiB)",
				 tok);
			goto out;
		}
		n++;
	}
	if (!n) {
		snprintf(why, why_len, "empty list");
		ret = -EINVAL;
		goto out;
	}
	cfg->nsizes = n;
out:
	free(copy);
	return ret;
}

int wb_option_set(struct wb_config *cfg, const struct wb_option *opt, const char *value,
		  char *why, unsigned why_len)
{
	uint32_t all_methods = ((1u << WB_METHOD_COUNT) - 1) & ~(1u << WB_METHOD_NONE);
	void *slot = slot_of(cfg, opt);
	int ret;

	switch (opt->type) {
	case WB_OPT_PATH:
		if (!value || !*value) {
			snprintf(why, why_len, "empty path");
			return -EINVAL;
		}
		*(const char **)slot = value;
		return 0;
	case WB_OPT_DURATION:
		ret = wb_parse_duration(value, opt->min, opt->max, (uint64_t *)slot);
		if (ret)
			snprintf(why, why_len, "not a duration from 10ms to 24h (e.g. 500ms, 5s, 1m)");
		return ret;
	case WB_OPT_UINT:
		ret = wb_parse_uint(value, opt->min, opt->max, (uint64_t *)slot);
		if (ret)
			snprintf(why, why_len, "not a whole number from %llu to %llu",
				 (unsigned long long)opt->min, (unsigned long long)opt->max);
		return ret;
	case WB_OPT_SIZES:
		return set_sizes(cfg, opt, value, why, why_len);
	case WB_OPT_METHODS:
		return set_name_list(value, &cfg->methods, all_methods, WB_METHOD_COUNT,
				     method_name_of, why, why_len);
	case WB_OPT_ENGINES:
		return set_name_list(value, &cfg->engines, (1u << WB_ENGINE_COUNT) - 1,
				     WB_ENGINE_COUNT, engine_name_of, why, why_len);
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

const struct wb_option *wb_option_find(const char *name, enum wb_command cmd)
{
	unsigned i;

	for (i = 0; i < wb_options_count; i++)
		if ((wb_options[i].commands & WB_CMD_BIT(cmd)) && strcmp(wb_options[i].name, name) == 0)
			return &wb_options[i];
	return NULL;
}

static void usage_hint(void)
{
	fprintf(stderr, "Try \"walbench --help\" for more information.\n");
}

int wb_parse_command_line(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv)
{
	struct option longopts[32];
	const struct wb_option *map[32];
	char shortopts[80] = "+:h", why[512];
	unsigned n = 0, i;
	int c, idx;

	for (i = 0; i < wb_options_count && n < 30; i++) {
		const struct wb_option *opt = &wb_options[i];
		size_t len = strlen(shortopts);

		if (!(opt->commands & WB_CMD_BIT(cmd)))
			continue;
		longopts[n] = (struct option){ opt->name, required_argument, NULL, 256 + (int)n };
		map[n++] = opt;
		if (opt->short_name && len + 2 < sizeof(shortopts)) {
			shortopts[len] = opt->short_name;
			shortopts[len + 1] = ':';
			shortopts[len + 2] = '\0';
		}
	}
	longopts[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };

	optind = 1;
	opterr = 0; /* our messages, one line each */
	while ((c = getopt_long(argc, argv, shortopts, longopts, &idx)) != -1) {
		const struct wb_option *opt = NULL;

		if (c == 'h') {
			wb_print_help();
			return -1;
		}
		if (c == '?' || c == ':') {
			const char *what = c == ':' ? "missing value for option" : "unknown option";

			/* optopt holds a short option's letter; a long one is only in argv. */
			if (optopt > 0 && optopt < 256)
				fprintf(stderr, "walbench: %s -%c\n", what, optopt);
			else
				fprintf(stderr, "walbench: %s %s\n", what, argv[optind - 1]);
			usage_hint();
			return 1;
		}
		if (c >= 256)
			opt = map[c - 256];
		for (i = 0; !opt && i < n - 1; i++)
			if (map[i]->short_name == c)
				opt = map[i];
		if (!opt || wb_option_set(cfg, opt, optarg, why, sizeof(why))) {
			fprintf(stderr, "walbench: invalid value \"%s\" for --%s: %s\n", optarg,
				opt ? opt->name : "?", opt ? why : "unknown option");
			usage_hint();
			return 1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "walbench: unexpected argument \"%s\"\n", argv[optind]);
		usage_hint();
		return 1;
	}
	return 0;
}

static const char *const command_help[WB_CMD_COUNT] = {
	[WB_CMD_COMPAT] = "compat   the pg_test_fsync tests, same output format, done right",
	[WB_CMD_RUN] = "run      any method x engine x size combination, with latency percentiles",
	[WB_CMD_ENGINES] = "engines  which engine x method combinations work on a directory, or why not",
};

void wb_print_help(void)
{
	unsigned c, i;

	printf("walbench measures what each PostgreSQL wal_sync_method costs on a disk.\n\n"
	       "Usage:\n  walbench COMMAND [OPTIONS]\n\nCommands:\n");
	for (c = 0; c < WB_CMD_COUNT; c++)
		printf("  %s\n", command_help[c]);
	for (c = 0; c < WB_CMD_COUNT; c++) {
		printf("\nOptions of %.7s:\n", command_help[c]);
		for (i = 0; i < wb_options_count; i++) {
			const struct wb_option *o = &wb_options[i];
			char left[64];

			if (!(o->commands & WB_CMD_BIT(c)))
				continue;
			if (o->short_name)
				snprintf(left, sizeof(left), "-%c, --%s %s", o->short_name, o->name,
					 o->metavar);
			else
				snprintf(left, sizeof(left), "    --%s %s", o->name, o->metavar);
			printf("  %-28s %s\n", left, o->help);
		}
	}
	printf("\nGeneral:\n  -h, --help                   show this help and exit\n"
	       "  -V, --version                show the version and exit\n"
	       "\nExit status: 0 success, 1 usage error, 2 setup failure or nothing could run,\n"
	       "3 I/O error or durability failure (a sync failed), 128+N killed by signal N\n"
	       "(test files are removed first).\n");
}
