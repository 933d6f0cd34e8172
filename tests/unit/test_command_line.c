/* test_command_line.c — where a command's words may stand: recommend's, qualify's and
 * verify's DIR anywhere among the options, and what a bare --server takes as its
 * connection string and what as DIR. One row per documented form; DIR is the
 * fixtures directory, which exists, and no server is reached (parsing only). */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "plan/options.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif
#define DIR WB_FIXTURES_DIR
#define KV "host=/nonexistent port=5457 dbname=postgres user=postgres"
#define URI "postgresql://monitor@db1/postgres"
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

struct parse_row {
	enum wb_command cmd;
	const char *words[8];  /* argv from the command word (verify: its subcommand) */
	const char *target;    /* the directory parsed */
	const char *dsn;       /* recommend: --server's (NULL: not given; "": the PG* environment) */
	unsigned candidates;   /* recommend: --wal-candidate's count */
};

/* Parses row's words; fails the test unless they parse to row's target and DSN. */
static void parses(const struct parse_row *row)
{
	static struct wb_config cfg;
	char *argv[ARRAY_LEN(row->words) + 1];
	int n;

	for (n = 0; n < (int)ARRAY_LEN(row->words) && row->words[n]; n++)
		argv[n] = (char *)row->words[n];
	argv[n] = NULL;
	assert_int_equal(wb_config_defaults(&cfg, row->cmd), 0);
	if (wb_parse_command_line(&cfg, row->cmd, n, argv))
		fail_msg("%s %s %s ...: refused", argv[0], n > 1 ? argv[1] : "",
			 n > 2 ? argv[2] : "");
	assert_string_equal(cfg.target, row->target);
	if (row->cmd != WB_CMD_RECOMMEND)
		return;
	if (!row->dsn)
		assert_null(cfg.server_dsn);
	else
		assert_string_equal(cfg.server_dsn ? cfg.server_dsn : "(none)", row->dsn);
	assert_int_equal(cfg.wal_candidates.n, row->candidates);
}

/* The forms docs/usage.md and --help give, and DIR before, between and after
 * the options: an optional-valued --server must not end the options. */
static void test_dir_among_options(void **state)
{
	static const struct parse_row rows[] = {
		{ WB_CMD_RECOMMEND,
		  { "recommend", "--server", KV, DIR, "--observe", "10s", "--budget", "5s" },
		  DIR, KV, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server=" KV, DIR, "--observe", "10s" },
		  DIR, KV, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", URI, DIR }, DIR, URI, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", URI, DIR, "--quiet" }, DIR, URI, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", DIR, "--server", KV, "--observe", "10s" },
		  DIR, KV, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--observe", "10s", "--server", KV, DIR },
		  DIR, KV, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", KV, "--dir", DIR, "--observe", "10s" },
		  DIR, KV, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--budget", "5s", DIR, "--quiet" }, DIR, NULL, 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--data", DIR, "--budget", "5s" }, DIR, NULL, 0 },
		{ WB_CMD_QUALIFY, { "qualify", "--tier", "oltp", DIR, "--duration", "10s" },
		  DIR, NULL, 0 },
		{ WB_CMD_QUALIFY, { "qualify", DIR, "--tier", "oltp" }, DIR, NULL, 0 },
		{ WB_CMD_VERIFY, { "write", "--to", "127.0.0.1:7000", DIR, "--method", "fsync" },
		  DIR, NULL, 0 },
		{ WB_CMD_VERIFY, { "write", DIR, "--to", "127.0.0.1:7000" }, DIR, NULL, 0 },
	};

	(void)state;
	for (size_t r = 0; r < ARRAY_LEN(rows); r++)
		parses(&rows[r]);
}

/* After a bare --server, a word that looks like a connection string (an '=',
 * "://", an '@', a leading space) is its DSN; any other word is DIR, and the
 * PG* environment names the server. */
static void test_bare_server(void **state)
{
	static const struct parse_row rows[] = {
		{ WB_CMD_RECOMMEND, { "recommend", "--server" }, ".", "", 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", DIR }, DIR, "", 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", DIR, "--observe", "10s" }, DIR, "", 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", "--wal-candidate", DIR }, ".", "", 1 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", "--observe", "10s", DIR }, DIR, "", 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server", "dbname=mydb", DIR },
		  DIR, "dbname=mydb", 0 },
		{ WB_CMD_RECOMMEND, { "recommend", "--server=mydb", DIR }, DIR, "mydb", 0 },
	};

	(void)state;
	for (size_t r = 0; r < ARRAY_LEN(rows); r++)
		parses(&rows[r]);
}

/* One DIR: a second operand is still a usage error, wherever it stands. */
static void test_one_dir(void **state)
{
	static struct wb_config cfg;
	char *two[] = { "recommend", DIR, "--budget", "5s", DIR, NULL };
	char *after_server[] = { "recommend", "--server", KV, DIR, DIR, NULL };

	(void)state;
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	assert_int_equal(wb_parse_command_line(&cfg, WB_CMD_RECOMMEND, 5, two), 1);
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	assert_int_equal(wb_parse_command_line(&cfg, WB_CMD_RECOMMEND, 5, after_server), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dir_among_options),
		cmocka_unit_test(test_bare_server),
		cmocka_unit_test(test_one_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
