/* command_line.c — a command's words into its configuration: the options through
 * getopt_long and the option table, then the operands each command takes.
 * Trap: a word that may be (or hold) a connection string's password is never repeated in
 * a message; it is named by its place ("the 3rd argument") instead. */
#include "plan/options.h"

#include <ctype.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "pgstat/dsn_redact.h"

/* Whether a word (an option's value, or a whole word) looks like a connection
 * string or a piece of one (pgstat/dsn_redact.h); of --name=VALUE, VALUE. A word
 * after a bare --server that does is its connection string, not recommend's
 * DIR. */
static bool looks_like_dsn(const char *word)
{
	if (!strncmp(word, "--", 2) && strchr(word, '='))
		word = strchr(word, '=') + 1;
	return wb_pg_word_is_dsn(word, strlen(word));
}

/* Whether a word typed on the command line may be echoed in a message: a
 * short one of the characters options and values are made of. Any other may
 * be (or hold) a connection string's password, and is not repeated. */
static bool echoable(const char *word, size_t n)
{
	char copy[WB_PG_WORD_SHOWN_MAX + 1];

	if (n > WB_PG_WORD_SHOWN_MAX)
		return false;
	memcpy(copy, word, n);
	copy[n] = '\0';
	if (!wb_pg_word_shown(copy))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)word[i]) && !strchr("-_.,/%+:", word[i]))
			return false;
	return true;
}

/* "the 3rd argument": argv[i]'s place on the whole command line (walbench
 * itself the 0th). */
static const char *argument(const struct wb_config *cfg, int i, char *buf, size_t len)
{
	char nth[16];

	snprintf(buf, len, "the %s argument", wb_ordinal((unsigned)i + 1 + cfg->argv_shift, nth,
						    sizeof(nth)));
	return buf;
}

/* What a word stands for, to word_allowed. */
enum word_kind {
	WORD_VALUE,   /* an option's value */
	WORD_OPERAND, /* a file operand (compare's, report's, clean's DIR) */
	WORD_DIR,     /* a directory to test in (DIR, --dir, --data, --wal-candidate): the
		       * command judges it before anything runs (exit 2), naming one that
		       * names nothing beside a connection string by its place
		       * (wb_config_word_shown), as it would be named here */
};

/* Whether argv[i] (value: all of it, or an option's value in it) may be taken
 * where walbench expects no connection string: one that looks like one and
 * names no file is refused, named and never shown; so is an operand that
 * names no file when the command line holds a connection string, since it may
 * be that string's password typed as a word of its own. */
static bool word_allowed(const struct wb_config *cfg, int i, const char *value,
			 enum word_kind kind, bool line_has_dsn)
{
	char arg[48];
	struct stat st;

	if (lstat(value, &st) == 0)
		return true; /* a file's name, whatever it looks like */
	if (wb_pg_word_is_dsn(value, strlen(value)))
		fprintf(stderr, "walbench: %s looks like a connection string and names no file; it "
			"is not shown (it may hold a password). walbench reads a server only through "
			"observe's DSN or --server's\n", argument(cfg, i, arg, sizeof(arg)));
	else if (kind == WORD_OPERAND && line_has_dsn)
		fprintf(stderr, "walbench: %s names no file or directory; it is not shown, since "
			"beside a connection string a word of its own may be its password\n",
			argument(cfg, i, arg, sizeof(arg)));
	else
		return true;
	return false;
}

/* The commands whose one operand is the directory they test in: every one
 * --dir serves (`walbench run /srv/pg_wal` was an unexpected argument, though
 * recommend and qualify took the same word). */
static bool takes_dir(enum wb_command cmd)
{
	return cmd == WB_CMD_RUN || cmd == WB_CMD_ENGINES || cmd == WB_CMD_RECOMMEND ||
	       cmd == WB_CMD_VERIFY || cmd == WB_CMD_QUALIFY;
}

/* What wb_parse_command_line's steps return: PARSE_DONE (0) and PARSE_HELP (-1) and
 * PARSE_USAGE (1, said, the hint still to print) are its own results; PARSE_AGAIN: an
 * operand was taken among the options, so the options go on. */
enum { PARSE_HELP = -1, PARSE_DONE = 0, PARSE_USAGE = 1, PARSE_AGAIN = 2 };

/* getopt_long's tables for one command's options. */
struct getopt_tables {
	struct option longopts[64];
	const struct wb_option *map[64]; /* longopts[k] is map[k]'s, until --help */
	unsigned nmap;
	char shortopts[80];
};

/* What the parse has seen so far. */
struct parse_state {
	const char *operands[2]; /* compare's two files */
	unsigned noperands;
	bool line_has_dsn;       /* a word is (or a value holds) a connection string */
	const char *target_by;   /* what named the directory (DIR, --dir, --data): a second,
				  * other one is refused, never quietly the one measured */
};

/* Whether by may name the directory now: not when another word already named
 * another one (recommend DIR --dir OTHER measured OTHER without a word). */
static bool one_target(const struct wb_config *cfg, struct parse_state *st, const char *by,
		       const char *dir)
{
	if (st->target_by && cfg->target && strcmp(cfg->target, dir)) {
		if (!strcmp(st->target_by, by))
			fprintf(stderr, "walbench: %s%s is given twice, naming two directories: "
				"give one\n", strcmp(by, "DIR") ? "--" : "", by);
		else
			fprintf(stderr, "walbench: %s%s and %s%s name two directories: give one\n",
				strcmp(st->target_by, "DIR") ? "--" : "", st->target_by,
				strcmp(by, "DIR") ? "--" : "", by);
		return false;
	}
	st->target_by = by;
	return true;
}

static void build_tables(struct getopt_tables *t, enum wb_command cmd)
{
	unsigned n = 0, i;

	snprintf(t->shortopts, sizeof(t->shortopts), "+:h");
	for (i = 0; i < wb_options_count && n < 62; i++) {
		const struct wb_option *opt = &wb_options[i];
		size_t len = strlen(t->shortopts);

		if (!(opt->commands & WB_CMD_BIT(cmd)))
			continue;
		t->longopts[n] = (struct option){ opt->name,
						  opt->type == WB_OPT_FLAG  ? no_argument
						  : opt->type == WB_OPT_DSN ? optional_argument
									    : required_argument,
						  NULL, 256 + (int)n };
		t->map[n++] = opt;
		/* A flag's letter takes no value (clean -n, as the man page has it). */
		if (opt->short_name && len + 2 < sizeof(t->shortopts)) {
			t->shortopts[len++] = opt->short_name;
			if (opt->type != WB_OPT_FLAG)
				t->shortopts[len++] = ':';
			t->shortopts[len] = '\0';
		}
	}
	t->nmap = n;
	t->longopts[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	t->longopts[n] = (struct option){ NULL, 0, NULL, 0 };
}

/* getopt_long's answer c as the option it names, or NULL. */
static const struct wb_option *option_of(const struct getopt_tables *t, int c)
{
	const struct wb_option *opt = NULL;
	unsigned i;

	if (c >= 256)
		opt = t->map[c - 256];
	for (i = 0; !opt && i < t->nmap; i++)
		if (t->map[i]->short_name == c)
			opt = t->map[i];
	return opt;
}

/* An unknown option, or one without its value (getopt_long's '?' or ':'). */
static void refuse_option(const struct wb_config *cfg, int c, char **argv)
{
	const char *what = c == ':' ? "missing value for option" : "unknown option";
	const char *word = argv[optind - 1];
	size_t name = strcspn(word, "=");
	char arg[48];

	/* optopt holds a short option's letter; a long one is only in argv, and only its
	 * name is echoed: --server=DSN's value may hold a password. */
	if (optopt > 0 && optopt < 256)
		fprintf(stderr, "walbench: %s -%c\n", what, isalnum(optopt) ? optopt : '?');
	else if (c == '?' && optopt >= 256 && word[name] == '=')
		/* getopt_long names a known flag given "=VALUE" by its table index */
		fprintf(stderr, "walbench: option %.*s takes no value\n", (int)name, word);
	else if (echoable(word, name))
		fprintf(stderr, "walbench: %s %.*s\n", what, (int)name, word);
	else
		fprintf(stderr, "walbench: %s: %s (not shown: it may hold a password)\n", what,
			argument(cfg, optind - 1, arg, sizeof(arg)));
}

/* A value opt refused (why), or an option getopt_long knew and the table not (opt NULL). */
static void refuse_value(const struct wb_config *cfg, const struct wb_option *opt,
			 const char *why, bool line_has_dsn)
{
	char arg[48];

	/* The value and the reason only when harmless, and never beside a connection string
	 * (a password typed as a word of its own): a DSN option's value is never repeated. */
	if (opt && optarg && opt->type != WB_OPT_DSN && !line_has_dsn &&
	    echoable(optarg, strlen(optarg)))
		fprintf(stderr, "walbench: invalid value \"%s\" for --%s: %s\n", optarg, opt->name,
			why);
	else if (opt && opt->type != WB_OPT_DSN)
		fprintf(stderr, "walbench: invalid value for --%s, %s (not shown: it may hold a "
			"password): %s\n", opt->name, argument(cfg, optind - 1, arg, sizeof(arg)), why);
	else
		fprintf(stderr, "walbench: invalid value for --%s (not shown: it may hold a "
			"password)\n", opt ? opt->name : "?");
}

/* The options up to the next operand or the end: PARSE_DONE, PARSE_HELP (printed) or
 * PARSE_USAGE. */
static int take_options(struct wb_config *cfg, const struct getopt_tables *t, int argc,
			char **argv, struct parse_state *st)
{
	char why[512];
	int c, idx;

	while ((c = getopt_long(argc, argv, t->shortopts, t->longopts, &idx)) != -1) {
		const struct wb_option *opt;

		if (c == 'h') {
			wb_print_help();
			return PARSE_HELP;
		}
		if (c == '?' || c == ':') {
			refuse_option(cfg, c, argv);
			return PARSE_USAGE;
		}
		opt = option_of(t, c);
		if (opt && opt->type == WB_OPT_DSN && !optarg && optind < argc &&
		    looks_like_dsn(argv[optind]))
			optarg = argv[optind++];
		/* A directory that must exist is judged as an operand is. */
		if (opt && opt->type != WB_OPT_DSN && optarg &&
		    !word_allowed(cfg, optind - 1, optarg,
				  strcmp(opt->metavar, "DIR") ? WORD_VALUE : WORD_DIR,
				  st->line_has_dsn))
			return PARSE_USAGE;
		if (opt && opt->offset == offsetof(struct wb_config, target) && optarg &&
		    !one_target(cfg, st, opt->name, optarg))
			return PARSE_USAGE;
		if (!opt || wb_option_set(cfg, opt, optarg, why, sizeof(why))) {
			refuse_value(cfg, opt, why, st->line_has_dsn);
			return PARSE_USAGE;
		}
		cfg->given[(opt - wb_options) / 64] |= 1ull << ((opt - wb_options) % 64);
		st->line_has_dsn = st->line_has_dsn || (opt->type == WB_OPT_DSN && optarg && *optarg);
	}
	return PARSE_DONE;
}

/* An operand a command takes among its options (getopt stops at each, "+" keeping the
 * order): compare's two files, report's files, observe's connection string, the
 * directory of recommend, verify, qualify and clean. PARSE_AGAIN when one was taken,
 * PARSE_DONE when none is, or PARSE_USAGE. */
static int take_operand(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv,
			struct parse_state *st)
{
	if (optind >= argc)
		return PARSE_DONE;
	if (cmd == WB_CMD_COMPARE && st->noperands < 2) {
		if (!word_allowed(cfg, optind, argv[optind], WORD_OPERAND, st->line_has_dsn))
			return PARSE_USAGE;
		st->operands[st->noperands++] = argv[optind++];
		return PARSE_AGAIN;
	}
	if (cmd == WB_CMD_REPORT) {
		if (cfg->report_files.n == WB_MAX_REPORT_FILES) {
			fprintf(stderr, "walbench: report takes at most %d results files\n",
				WB_MAX_REPORT_FILES);
			return PARSE_USAGE;
		}
		if (!word_allowed(cfg, optind, argv[optind], WORD_OPERAND, st->line_has_dsn))
			return PARSE_USAGE;
		cfg->report_files.v[cfg->report_files.n++] = argv[optind++];
		return PARSE_AGAIN;
	}
	/* observe's one operand is the server's connection string. */
	if (cmd == WB_CMD_OBSERVE && !cfg->server_dsn) {
		st->line_has_dsn = true; /* a plain database name is one too */
		cfg->server_dsn = argv[optind++];
		return PARSE_AGAIN;
	}
	/* The DIR of the commands that take one, wherever it stands among the
	 * options, once: an optional-valued --server ends where a word is no
	 * connection string, so `recommend --server DSN DIR --observe 10s` must go
	 * on past DIR. */
	if (takes_dir(cmd) && !cfg->target_given) {
		if (!word_allowed(cfg, optind, argv[optind], WORD_DIR, st->line_has_dsn) ||
		    !one_target(cfg, st, "DIR", argv[optind]))
			return PARSE_USAGE;
		cfg->target = argv[optind++];
		cfg->target_given = true;
		return PARSE_AGAIN;
	}
	/* clean removes files: its directory is never a default, always named
	 * ("clean DIR --dry-run"). */
	if (cmd == WB_CMD_CLEAN && !cfg->target) {
		if (!word_allowed(cfg, optind, argv[optind], WORD_OPERAND, st->line_has_dsn))
			return PARSE_USAGE;
		cfg->target = argv[optind++];
		return PARSE_AGAIN;
	}
	return PARSE_DONE;
}

/* After the last option: the operands a command must have, and nothing else.
 * PARSE_DONE or PARSE_USAGE. */
static int finish_operands(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv,
			   const struct parse_state *st)
{
	char arg[48];

	if (cmd == WB_CMD_COMPARE && optind == argc && st->noperands < 2) {
		fprintf(stderr, "walbench: compare needs two results files: walbench compare "
				"A.json B.json\n");
		return PARSE_USAGE;
	}
	if (cmd == WB_CMD_COMPARE) {
		cfg->compare_a = st->operands[0];
		cfg->compare_b = st->operands[1];
	}
	if (cmd == WB_CMD_REPORT && cfg->report_files.n == 0) {
		fprintf(stderr, "walbench: report needs at least one results file: walbench report "
				"FILE.json... [-o report.html]\n");
		return PARSE_USAGE;
	}
	if (cmd == WB_CMD_CLEAN && !cfg->target) {
		fprintf(stderr, "walbench: clean needs a directory: walbench clean DIR [--dry-run]\n");
		return PARSE_USAGE;
	}
	if (optind < argc) {
		if (!word_allowed(cfg, optind, argv[optind], WORD_VALUE, st->line_has_dsn))
			return PARSE_USAGE;
		if (!st->line_has_dsn && echoable(argv[optind], strlen(argv[optind])))
			fprintf(stderr, "walbench: unexpected argument \"%s\"\n", argv[optind]);
		else
			fprintf(stderr, "walbench: %s is unexpected (not shown: %s)\n",
				argument(cfg, optind, arg, sizeof(arg)),
				st->line_has_dsn ? "beside a connection string, a word of its own may "
						   "be its password"
						 : "it may hold a password");
		return PARSE_USAGE;
	}
	return PARSE_DONE;
}

int wb_parse_command_line(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv)
{
	struct getopt_tables t;
	struct parse_state st = { .noperands = 0 };
	int ret;

	build_tables(&t, cmd);
	cfg->argc = argc;
	cfg->argv = argv;
	for (int i = 1; i < argc; i++)
		st.line_has_dsn = st.line_has_dsn || looks_like_dsn(argv[i]);
	optind = 1;
	opterr = 0; /* our messages, one line each */
	do {
		ret = take_options(cfg, &t, argc, argv, &st);
		if (ret == PARSE_DONE)
			ret = take_operand(cfg, cmd, argc, argv, &st);
	} while (ret == PARSE_AGAIN);
	if (ret == PARSE_DONE)
		ret = finish_operands(cfg, cmd, argc, argv, &st);
	cfg->dsn_on_line = st.line_has_dsn;
	if (ret == PARSE_USAGE)
		wb_usage_hint();
	return ret;
}

const char *wb_config_word_shown(const struct wb_config *cfg, const char *word, char *buf,
				 size_t len)
{
	uintptr_t at = (uintptr_t)word;
	char arg[48];
	struct stat st;
	int i;

	if (!cfg->dsn_on_line || lstat(word, &st) == 0)
		return word; /* as word_allowed: a file's name, whatever it looks like */
	/* The word it is, or holds (--dir=DIR, -dDIR): an option's value points into it. */
	for (i = 0; i < cfg->argc; i++)
		if (at >= (uintptr_t)cfg->argv[i] &&
		    at <= (uintptr_t)cfg->argv[i] + strlen(cfg->argv[i]))
			break;
	if (i == cfg->argc)
		return word; /* not typed: a default, or the server's own directory */
	snprintf(buf, len, "(%s, not shown: beside a connection string a word of its own may "
		 "be its password)", argument(cfg, i, arg, sizeof(arg)));
	return buf;
}
