/* test_secrets.c — no secret walbench is given where it expects no connection
 * string reaches stderr, stdout, the JSON, the CSV, the Prometheus file or the
 * HTML, whatever entry point it comes through. Tables, so the next entry point
 * is one row: every option of every command that takes a word (generated from
 * the option table itself, as --opt WORD and --opt=WORD), every operand's
 * position and the stray word beside a connection string (a table), every
 * file reader given a .pgpass, a service file or a profile holding a password
 * (a table of fixtures in tests/unit/fixtures/secrets), and a results file
 * whose command line, configuration and observation hold one, read and
 * written again as JSON, CSV, Prometheus and HTML. stderr is caught in a
 * memfd; nothing is written to disk. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "capture.h"
#include "plan/options.h"
#include "plan/profile.h"
#include "plan/tiers.h"
#include "report/csv.h"
#include "report/html.h"
#include "report/json.h"
#include "report/prom.h"
#include "report/results_reader.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif
#define DIR WB_FIXTURES_DIR "/secrets"
#define SECRET "Sesame5Qx"
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* The hostile words: a connection string, a URI, a password alone. */
static const char *const hostile[] = {
	"host=db.example user=u password=" SECRET,
	"postgresql://u:" SECRET "@db.example/app",
	"password=" SECRET,
	" postgres://u:" SECRET "@db.example",
};

static struct capture err;

/* stderr into a memfd until caught() reads it back. */
static void catch_stderr(void)
{
	capture_start(&err, stderr, STDERR_FILENO);
}

static char *caught(void)
{
	static char text[16384];

	return capture_end(&err, text, sizeof(text));
}

static void no_secret(const char *what, const char *where, const char *text)
{
	if (text && strstr(text, SECRET))
		fail_msg("%s: the secret reached %s: %s", what, where, text);
}

/* Parses argv as cmd's command line: refused, and the secret not in stderr. */
static void refused(enum wb_command cmd, const char *const *words, int n)
{
	static struct wb_config cfg;
	char *argv[8], what[512];
	int ret, at = 0;

	for (int i = 0; i < n; i++) {
		argv[i] = (char *)words[i];
		at += snprintf(what + at, sizeof(what) - (size_t)at, "%s%s", i ? " " : "", words[i]);
	}
	argv[n] = NULL;
	assert_int_equal(wb_config_defaults(&cfg, cmd), 0);
	catch_stderr();
	ret = wb_parse_command_line(&cfg, cmd, n, argv);
	no_secret(what, "stderr", caught());
	if (ret != 1)
		fail_msg("%s: parsed (%d); a hostile word must be refused", what, ret);
}

/* Every option that takes a word, of every command, from the option table:
 * --opt WORD and --opt=WORD. A DSN option takes one, and is not a row. */
static void test_every_option(void **state)
{
	char eq[512];

	(void)state;
	for (int cmd = 0; cmd < WB_CMD_COUNT; cmd++)
		for (unsigned i = 0; i < wb_options_count; i++) {
			const struct wb_option *o = &wb_options[i];
			char name[64];

			if (!(o->commands & WB_CMD_BIT(cmd)) || o->type == WB_OPT_FLAG ||
			    o->type == WB_OPT_DSN)
				continue;
			snprintf(name, sizeof(name), "--%s", o->name);
			for (size_t h = 0; h < ARRAY_LEN(hostile); h++) {
				const char *spaced[] = { wb_command_name(cmd), name, hostile[h] };
				const char *joined[] = { wb_command_name(cmd), eq };

				snprintf(eq, sizeof(eq), "%s=%s", name, hostile[h]);
				refused(cmd, spaced, 3);
				refused(cmd, joined, 2);
			}
		}
}

/* Each position an operand may take, and the word of its own beside a
 * connection string (a password typed apart from it). */
struct position_row {
	enum wb_command cmd;
	const char *words[6]; /* "@" is the hostile word */
};

static void test_every_position(void **state)
{
	static const struct position_row rows[] = {
		{ WB_CMD_RECOMMEND, { "recommend", "@" } },
		{ WB_CMD_RECOMMEND, { "recommend", "--budget", "5s", "@" } },
		{ WB_CMD_RECOMMEND, { "recommend", "@", "--budget", "5s" } },
		{ WB_CMD_QUALIFY, { "qualify", "@" } },
		{ WB_CMD_VERIFY, { "verify", "@" } },
		{ WB_CMD_CLEAN, { "clean", "@" } },
		{ WB_CMD_CLEAN, { "clean", "@", "--dry-run" } },
		{ WB_CMD_REPORT, { "report", "@" } },
		{ WB_CMD_REPORT, { "report", DIR "/hand.json", "@" } },
		{ WB_CMD_COMPARE, { "compare", "@", DIR "/hand.json" } },
		{ WB_CMD_COMPARE, { "compare", DIR "/hand.json", "@" } },
		{ WB_CMD_RUN, { "run", "@" } },
		{ WB_CMD_RUN, { "run", "--budget", "5s", "@" } },
		{ WB_CMD_COMPAT, { "compat", "@" } },
		{ WB_CMD_ENGINES, { "engines", "@" } },
		{ WB_CMD_OBSERVE, { "observe", "host=db.example user=u", "@" } },
		{ WB_CMD_OBSERVE, { "observe", "host=db.example user=u", "--observe", "@" } },
		{ WB_CMD_OBSERVE, { "observe", "mydb", "@" } },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", "host=db.example user=u", "@", "@" } },
	};
	static const char *const alone[] = { SECRET, "pass " SECRET };

	(void)state;
	for (size_t r = 0; r < ARRAY_LEN(rows); r++) {
		const char *const *words = rows[r].words;
		bool beside_dsn = rows[r].cmd == WB_CMD_OBSERVE || !strcmp(words[1], "--server") ||
				  !strncmp(words[1], "--server=", 9);
		/* Beside a connection string even a plain word is refused unseen;
		 * elsewhere only what looks like a connection string is. */
		size_t nh = beside_dsn ? ARRAY_LEN(alone) : ARRAY_LEN(hostile);

		for (size_t h = 0; h < nh; h++) {
			const char *argv[6];
			int n = 0;

			for (; n < 6 && words[n]; n++)
				argv[n] = strcmp(words[n], "@") ? words[n]
					  : beside_dsn ? alone[h] : hostile[h];
			refused(rows[r].cmd, argv, n);
		}
	}
}

/* A directory to test in beside a connection string that names nothing: parsed,
 * since the command refuses it (exit 2, as a missing DIR without a server), and
 * named there by its place, never shown. */
static void test_dir_beside_dsn(void **state)
{
	static const struct position_row rows[] = {
		{ WB_CMD_RECOMMEND, { "recommend", "--server", "host=db.example user=u", "@" } },
		{ WB_CMD_RECOMMEND, { "recommend", "@", "--server", "host=db.example user=u" } },
		{ WB_CMD_RECOMMEND, { "recommend", "--server=host=db.example", "--data", "@" } },
		{ WB_CMD_RECOMMEND, { "recommend", "--server=host=db.example", "--dir=@" } },
	};
	static const char *const alone[] = { SECRET, "pass " SECRET };
	static struct wb_config cfg;

	(void)state;
	for (size_t r = 0; r < ARRAY_LEN(rows); r++)
		for (size_t h = 0; h < ARRAY_LEN(alone); h++) {
			char *argv[6], eq[64], shown[160];
			const char *named;
			int n = 0;

			snprintf(eq, sizeof(eq), "--dir=%s", alone[h]);
			for (; n < 6 && rows[r].words[n]; n++)
				argv[n] = !strcmp(rows[r].words[n], "@") ? (char *)alone[h]
					  : !strcmp(rows[r].words[n], "--dir=@") ? eq
					  : (char *)rows[r].words[n];
			assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
			catch_stderr();
			assert_int_equal(wb_parse_command_line(&cfg, WB_CMD_RECOMMEND, n, argv), 0);
			no_secret(argv[1], "stderr", caught());
			named = wb_config_word_shown(&cfg, cfg.target, shown, sizeof(shown));
			no_secret(argv[1], "the directory's name", named);
			if (!strstr(named, " argument, not shown"))
				fail_msg("row %zu: named %s", r, named);
		}
}

/* Files that are not what they are given as, and profiles holding a secret:
 * each reader refuses without quoting them. */
enum reader { PROFILE, TIERS, RESULTS };
struct file_row {
	enum reader reader;
	const char *file;
};

static void test_every_reader(void **state)
{
	static const struct file_row rows[] = {
		{ PROFILE, DIR "/pgpass" }, { PROFILE, DIR "/service.conf" },
		{ PROFILE, DIR "/unknown_key.json" }, { PROFILE, DIR "/bad_value.json" },
		{ TIERS, DIR "/pgpass" }, { TIERS, DIR "/service.conf" },
		{ RESULTS, DIR "/pgpass" }, { RESULTS, DIR "/service.conf" },
	};
	static struct wb_saved_results saved;
	static struct wb_profile p;
	static struct wb_tiers t;
	char err[2048];

	(void)state;
	for (size_t r = 0; r < ARRAY_LEN(rows); r++) {
		int ret = -1;

		err[0] = '\0';
		switch (rows[r].reader) {
		case PROFILE:
			ret = wb_profile_load(rows[r].file, WB_CMD_RUN, &p, err, sizeof(err));
			break;
		case TIERS:
			ret = wb_tiers_load(rows[r].file, &t, err, sizeof(err));
			break;
		case RESULTS:
			ret = wb_saved_read(rows[r].file, &saved, err, sizeof(err));
			wb_saved_free(&saved);
			break;
		}
		assert_int_not_equal(ret, 0);
		no_secret(rows[r].file, "the reader's error", err);
	}
}

/* A results file another tool wrote or a hand edited, with a password in its
 * command line and configuration: read, its HTML has none; a command line
 * with a DSN where one is taken, written as JSON, CSV and Prometheus: none; an
 * observation whose connection string holds one, as another tool would write
 * it, read back (recommend --observed) and made HTML: none. */
static void test_outputs(void **state)
{
	static struct wb_saved_results saved;
	static struct wb_pg_observed o;
	static struct wb_config cfg;
	struct wb_results rs = { 0 };
	struct wb_report_run run;
	char *argv[] = { "recommend", "--server=host=db.example password=" SECRET, "--json",
			 "out.json", NULL };
	char err[1024], *text;

	(void)state;
	assert_int_equal(wb_saved_read(DIR "/hand.json", &saved, err, sizeof(err)), 0);
	run = (struct wb_report_run){ .saved = &saved, .label = "hand" };
	text = wb_html_render(&run, 1);
	assert_non_null(text);
	assert_non_null(strstr(text, "db.example")); /* what may be shown is */
	no_secret("hand.json", "the HTML", text);
	free(text);
	no_secret("hand.json", "config", saved.config_json);
	wb_saved_free(&saved);

	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	assert_int_equal(wb_parse_command_line(&cfg, WB_CMD_RECOMMEND, 4, argv), 0);
	text = wb_json_render(&rs, &cfg, WB_CMD_RECOMMEND, NULL);
	assert_non_null(text);
	no_secret("recommend --server=DSN", "the JSON", text);
	free(text);
	/* an observation as another tool wrote it, read back as --observed */
	snprintf(o.dsn, sizeof(o.dsn), "host=db.example user=u password=%s", SECRET);
	o.set.have = 1u << WB_PGS_SERVER_VERSION_NUM;
	snprintf(o.set.text[WB_PGS_SERVER_VERSION_NUM], WB_PG_TEXT, "150010");
	o.set.value[WB_PGS_SERVER_VERSION_NUM] = 150010;
	o.set.version_num = 150010;
	o.set.major = 15;
	o.end.at_s = 10;
	text = wb_json_render(&rs, &cfg, WB_CMD_OBSERVE,
			      &(struct wb_json_verdicts){ .observed = &o });
	assert_non_null(text);
	if (wb_saved_parse(text, "observed.json", &saved, err, sizeof(err)))
		fail_msg("%s", err);
	assert_non_null(saved.observed);
	assert_string_equal(saved.observed->dsn, "host=db.example user=u");
	run = (struct wb_report_run){ .saved = &saved, .label = "observed" };
	free(text);
	text = wb_html_render(&run, 1);
	no_secret("--observed", "the HTML", text);
	free(text);
	wb_saved_free(&saved);
	text = wb_csv_render(&rs);
	no_secret("recommend", "the CSV", text);
	free(text);
	text = wb_prom_render(&rs, NULL);
	no_secret("recommend", "the Prometheus file", text);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_option),
		cmocka_unit_test(test_every_position),
		cmocka_unit_test(test_dir_beside_dsn),
		cmocka_unit_test(test_every_reader),
		cmocka_unit_test(test_outputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
