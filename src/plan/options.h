/* options.h — the one option table behind the command line, --help and the echo
 * of the effective configuration into JSON. Profiles (JSON) are validated through
 * the same setters, so a value is judged the same way wherever it comes from.
 * The table and its lookups are options.c; a value judged and stored,
 * option_values.c; the command line, command_line.c; --help, help.c. */
#ifndef WB_PLAN_OPTIONS_H
#define WB_PLAN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/test.h"

#define WB_MAX_LIST 32
/* The most options the table may hold (wb_options_count is checked against it). */
#define WB_MAX_OPTIONS 128

/* A comma-separated list of numbers (sizes, queue depths, job counts). */
struct wb_list {
	uint64_t v[WB_MAX_LIST];
	unsigned n;
};

/* --wal-candidate, given once per directory. */
#define WB_MAX_CANDIDATES 8
struct wb_paths {
	const char *v[WB_MAX_CANDIDATES];
	unsigned n;
};

/* --data-load: a pace in writes per second, or a share of the data volume's
 * measured random-write capacity (exactly one is set). */
struct wb_load_opt {
	uint64_t per_s;
	uint64_t pct_bp;          /* basis points */
};

/* report's results files: one per host or run. */
#define WB_MAX_REPORT_FILES 256
struct wb_files {
	const char *v[WB_MAX_REPORT_FILES];
	unsigned n;
};

enum wb_command {
	WB_CMD_COMPAT, WB_CMD_RUN, WB_CMD_ENGINES, WB_CMD_RECOMMEND, WB_CMD_VERIFY, WB_CMD_QUALIFY,
	WB_CMD_COMPARE, /* two results files; not compat, the pg_test_fsync drop-in */
	WB_CMD_REPORT,  /* results files into an HTML report, or a fleet summary */
	WB_CMD_CLEAN,   /* remove the files a killed walbench left in a directory */
	WB_CMD_OBSERVE, /* read the running server's settings and rates, nothing else */
	WB_CMD_COUNT
};
#define WB_CMD_BIT(c) (1u << (c))

struct wb_config {
	const char *target;      /* file or directory to test in */
	uint64_t duration_ns;    /* per test: compat's fixed time; run's cap (0 = share the budget) */
	uint32_t methods;        /* bit per enum wb_method_id */
	uint32_t engines;        /* bit per enum wb_engine_id */
	struct wb_list sizes;     /* bytes per write */
	struct wb_list writes;    /* writes per flush: 1 is a commit, more a bulk flush */
	struct wb_list qds;       /* flushes in flight per job (async engines) */
	struct wb_list jobs;      /* independent writer threads, one file each */
	struct wb_list committers; /* group commit: threads sharing one WAL file */
	uint64_t pattern;         /* enum wb_pattern */
	bool fixed_buffers;       /* io_uring: registered buffer */
	bool fixed_files;         /* io_uring: registered file */
	bool sqpoll;              /* io_uring: kernel submission polling thread */
	uint64_t segment_size;    /* append: bytes per WAL segment */
	uint64_t segment_mode;    /* enum wb_segment_mode */
	uint64_t fd_mode;         /* enum wb_fd_mode */
	uint64_t flush_form;      /* enum wb_flush_form, for rows not shaped by --pg-version */
	uint64_t wal_buffers;     /* coalesced flushes split where this ring wraps (0: never) */
	uint64_t pg_version;      /* 0: not modelled; else PostgreSQL's major version */
	uint64_t wal_level;       /* enum wb_wal_level */
	bool debug_io_direct;     /* PostgreSQL >= 16: debug_io_direct includes wal */
	uint64_t budget_ns;       /* whole run, adaptive mode */
	uint64_t trial_ns;        /* one trial */
	uint64_t warmup_ns;       /* discarded before a test's first trial */
	uint64_t min_trials;
	uint64_t ci_target_bp;    /* stop a test when its CI half-width is this small (basis points) */
	uint64_t max_cv_bp;       /* trials varying more than this make a test "unstable" */
	uint64_t decide;          /* 0: off; else 1 + the baseline's enum wb_method_id */
	uint64_t min_gain_bp;     /* --decide: a switch must gain this much (basis points) */
	uint64_t commit_work_ns;  /* recommend without a server: a commit's cost besides its flush */
	uint64_t seed;            /* of the rounds' random order; 0 picks one from the clock */
	uint64_t workload;        /* recommend: enum wb_workload */
	uint64_t shared_buffers;  /* recommend: the server's shared_buffers, bytes (0: not given) */
	struct wb_paths wal_candidates; /* recommend: directories pg_wal could move to */
	const char *wal_now;     /* recommend --wal-candidate (--waldir, or found by
				  * --server): pg_wal's own volume, when it is not in
				  * target (the data directory): the placement's baseline
				  * rows run there, the data load in target; NULL: pg_wal
				  * is in target */
	const char *server_dsn;   /* observe's operand, recommend --server: the server's
				   * connection string ("": the PG* environment); NULL: none */
	const char *observed_path; /* recommend --observed: a saved observation instead */
	uint64_t observe_ns;      /* observe, recommend --server: the window between snapshots */
	/* recommend: what the server runs, set from its observation (not options).
	 * baseline: 1 + the enum wb_method_id the decision is against (0: the
	 * default, fdatasync); the pages of a commit's flush (0: one) and of each
	 * bulk flush size (nbulk 0: the 16 and 128 page guesses). */
	uint64_t baseline;
	uint32_t commit_pages;
	uint32_t bulk_pages[2];
	unsigned nbulk;
	/* The flush gain the sequential decision asks of a switch (percent; 0:
	 * --min-gain itself): with a server's flush share known beforehand, the
	 * flush gain that is --min-gain in commits, so the run stops on the
	 * question that decides. */
	double flush_min_gain_pct;
	struct wb_load_opt data_load;   /* recommend with candidates: the data volume's load */
	uint64_t data_load_size;  /* recommend with candidates: the load's file, bytes */
	const char *json_path;
	const char *csv_path;
	const char *prom_path;    /* Prometheus textfile-collector output */
	const char *profile;      /* command line only: profile name or path */
	const char *tier;         /* qualify: the tier whose verdict sets the exit status */
	const char *tiers_path;   /* qualify: tiers file (NULL: profiles/tiers.json) */
	bool destroy_data;        /* run, qualify: a raw block device may be written over */
	bool allow_low_space;     /* write on a live server's WAL volume short of the margin */
	bool quiet;               /* no progress line on a terminal */
	const char *verify_to;    /* verify write: the listener, HOST:PORT */
	const char *verify_from;  /* verify check: the listener, HOST:PORT */
	uint64_t verify_port;     /* verify listen: TCP port (0: any free one, printed) */
	uint64_t verify_method;   /* verify write: enum wb_method_id */
	uint64_t verify_records;  /* verify write: records to write (0: until --duration or a signal) */
	uint64_t record_size;     /* verify write: bytes per record */
	uint64_t file_size;       /* verify write: file size; records wrap around it */
	bool verify_remove;       /* verify check: remove the file after a clean comparison */
	const char *compare_a;    /* compare: the results file compared against (before) */
	const char *compare_b;    /* compare: the results file judged (after) */
	uint64_t fail_regression_bp; /* compare: the gate, basis points; WB_GATE_OFF when not given */
	struct wb_files report_files; /* report: the results files, in the order given */
	const char *output_path;  /* report: the HTML file to write */
	bool summary;             /* report: print the fleet summary instead of writing HTML */
	bool fail_on_outlier;     /* report --summary: exit 1 when a host is an outlier or failed */
	bool dry_run;             /* clean: say what would go and what stays, remove nothing */
	/* Which options the command line gave (bit per index of wb_options), so a
	 * server's setting never overrides what the user typed; and whether the
	 * DIR operand was given. */
	uint64_t given[(WB_MAX_OPTIONS + 63) / 64];
	bool target_given;
	bool dsn_on_line;         /* a word is (or a value holds) a connection string: a word
				   * beside it that names nothing may be its password */
	int argc;                 /* the command line from the command word on, as given, */
	char **argv;              /* echoed into the JSON so a report can show how it was made */
	unsigned argv_shift;      /* words before argv[0] but walbench's own (verify's command
				   * word): a refused word is named by its place on the whole
				   * command line */
};

/* compare without --fail-on-regression: no gate (0 is a gate: any significant slowdown). */
#define WB_GATE_OFF UINT64_MAX

enum wb_opt_type {
	WB_OPT_PATH,     /* free text */
	WB_OPT_DURATION, /* "500ms", "5s", bare seconds */
	WB_OPT_UINT,
	WB_OPT_SIZE,     /* one size with a suffix */
	WB_OPT_SIZES,    /* comma list of sizes with suffixes, into a struct wb_list */
	WB_OPT_UINTS,    /* comma list of whole numbers, into a struct wb_list */
	WB_OPT_METHODS,  /* comma list of method names, or "all" */
	WB_OPT_ENGINES,  /* comma list of engine names, or "all" */
	WB_OPT_FLAG,     /* no value on the command line; true/false in profiles */
	WB_OPT_CHOICE,   /* one name of choices[], stored as its index */
	WB_OPT_PERCENT,  /* "3", "2.5%": basis points */
	WB_OPT_PATHS,    /* a path, given once per value, into a struct wb_paths */
	WB_OPT_LOAD,     /* "2000/s" or "30%", into a struct wb_load_opt */
	WB_OPT_DSN,      /* an optional connection string: --server=DSN, or --server
			  * followed by a word that is one (key=value, or a URI); bare, "" */
	WB_OPT_HOSTPORT, /* "HOST:PORT" or "[v6addr]:PORT", judged, kept as given */
	WB_OPT_PG_MAJOR, /* a PostgreSQL major walbench models (WB_PG_OLDEST_MAJOR and up)
			  * within min..max, as a whole number; with min 0, 0 too (none) */
};

struct wb_option {
	const char *name;        /* long name, and the key in profiles and JSON */
	char short_name;         /* 0 if none */
	enum wb_opt_type type;
	const char *def;         /* default, parsed by the same setter */
	uint64_t min, max;       /* range for numbers, sizes (bytes), durations (ns) */
	const char *metavar;
	const char *help;
	unsigned commands;       /* WB_CMD_BIT()s it applies to */
	size_t offset;           /* where in struct wb_config the value goes */
	const char *const *choices; /* WB_OPT_CHOICE: NULL-terminated names */
};

extern const struct wb_option wb_options[];
extern const unsigned wb_options_count;

/* Applies each option's default for cmd (option_values.c). */
int wb_config_defaults(struct wb_config *cfg, enum wb_command cmd);

/* Parses and stores one value (option_values.c). 0, or -EINVAL/-ERANGE with a
 * one-line reason in why (naming the allowed values or range). */
int wb_option_set(struct wb_config *cfg, const struct wb_option *opt, const char *value,
		  char *why, unsigned why_len);

/* Whether the command line gave the option of this long name. */
bool wb_option_given(const struct wb_config *cfg, const char *name);

/* The option with this long name applicable to cmd, or NULL. */
const struct wb_option *wb_option_find(const char *name, enum wb_command cmd);

/* Parses argv after the command word (command_line.c). Prints a one-line error
 * and the hint on failure. Returns 0, 1 for a usage error, or -1 when --help was printed.
 * A word that looks like a connection string (pgstat/dsn_redact.h) anywhere but
 * where one is taken (observe's DSN, --server's) and that names no file is
 * refused here, named by its place ("the 2nd argument"), never echoed; so is
 * an operand that names no file when the command line holds a connection
 * string (a password typed as a word of its own), and a word walbench does not
 * expect there. No later message can repeat such a word. A directory to test
 * in (DIR, --dir, --data, --wal-candidate) that names nothing is the command's
 * to refuse (exit 2, as without a connection string), by wb_config_word_shown. */
int wb_parse_command_line(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv);

/* word (a word of cfg's command line, or a value in one) as a message may show
 * it: itself, or, when it names nothing beside a connection string, its place:
 * "(the 4th argument, not shown: ...)" in buf. A word not typed is itself. */
const char *wb_config_word_shown(const struct wb_config *cfg, const char *word, char *buf,
				 size_t len);

/* walbench --help (help.c). */
void wb_print_help(void);

/* The line after every usage error's own, spelled here once for every command
 * and stage that reports one (the man page's EXIT STATUS quotes it too). */
#define WB_USAGE_HINT "Try \"walbench --help\" for more information."

/* Prints WB_USAGE_HINT, a line of its own on stderr (help.c). */
void wb_usage_hint(void);

/* n as an ordinal, into buf: 1st, 2nd, 3rd, 4th, 11th, 22nd. What names a
 * word walbench does not repeat (an argument, a key of a file) by its place. */
const char *wb_ordinal(unsigned n, char *buf, size_t len);

/* The command's name as typed ("run"). */
const char *wb_command_name(enum wb_command cmd);

/* walbench(1) in roff, from the option table (manpage.c). */
void wb_print_man(void);

#endif
