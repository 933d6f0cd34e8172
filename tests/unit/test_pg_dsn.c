/* test_pg_dsn.c — what may be printed of a libpq connection string: key/value
 * strings with the password plain, quoted with escapes and spaces, or with
 * spaces around '=', and the other secrets libpq hides (sslpassword,
 * oauth_client_secret); URIs with a user:password@ and a password= parameter,
 * with a user only and with no userinfo; the empty string; an unterminated
 * quote or a word without '=' (the rest is dropped, whatever it holds); and
 * buffers too small for the result. Each case names its secrets: none may survive, and what is not a
 * secret must stay as written. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "pgstat/pg_dsn.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

struct dsn_case {
	const char *dsn;
	const char *want;          /* the redacted string, exactly */
	const char *secrets[4];    /* substrings that must not survive */
};

static void check(const struct dsn_case *c)
{
	char out[512];

	wb_pg_dsn_redact(c->dsn, out, sizeof(out));
	for (size_t k = 0; k < ARRAY_LEN(c->secrets) && c->secrets[k]; k++)
		if (strstr(out, c->secrets[k]))
			fail_msg("\"%s\" left \"%s\" in \"%s\"", c->dsn, c->secrets[k], out);
	assert_string_equal(out, c->want);
}

static void check_all(const struct dsn_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++)
		check(&cases[i]);
}

static void test_key_value(void **state)
{
	static const struct dsn_case cases[] = {
		{ "host=db.example port=5432 password=plain dbname=app",
		  "host=db.example port=5432 dbname=app", { "plain" } },
		{ "password=plain host=h", "host=h", { "plain" } },
		{ "host=h user=u password=plain", "host=h user=u", { "plain" } },
		/* quoted, a backslash-escaped quote and spaces inside */
		{ "host=h password='quoted with \\' escape and spaces' user=u", "host=h user=u",
		  { "quoted", "escape", "spaces", "'" } },
		{ "password='' host=h", "host=h", { "''" } },
		/* a backslash escapes a space in an unquoted value too */
		{ "host=h password=sec\\ ret dbname=d", "host=h dbname=d", { "sec", "ret" } },
		{ "password=a\\\\\\ b host=h", "host=h", { "a", "b" } },
		{ "application_name=my\\ app host=h", "application_name=my\\ app host=h", { NULL } },
		/* spaces around '=' */
		{ "host=h password = xyzzy user=bob", "host=h user=bob", { "xyzzy" } },
		{ "host=h password =xyzzy", "host=h", { "xyzzy" } },
		{ "host=h\tpassword=\txyzzy\nuser=bob", "host=h user=bob", { "xyzzy" } },
		/* the other secrets libpq hides: the SSL key's password, the OAuth
		 * client's secret (18) */
		{ "host=h sslpassword=keypass sslkey=/etc/k.pem", "host=h sslkey=/etc/k.pem",
		  { "keypass" } },
		{ "host=h oauth_client_id=walbench oauth_client_secret='s3 cr3t'",
		  "host=h oauth_client_id=walbench", { "s3", "cr3t" } },
		/* twice: both go */
		{ "password=one host=h password=two", "host=h", { "one", "two" } },
		/* other values stay as written, quotes and all */
		{ "host=h application_name='my app' sslmode=require",
		  "host=h application_name='my app' sslmode=require", { NULL } },
		{ "passfile=/home/u/.pgpass host=h", "passfile=/home/u/.pgpass host=h", { NULL } },
	};

	(void)state;
	check_all(cases, ARRAY_LEN(cases));
}

static void test_uri(void **state)
{
	static const struct dsn_case cases[] = {
		{ "postgresql://user:secret@host:5432/db?sslmode=require&password=other",
		  "postgresql://user@host:5432/db?sslmode=require", { "secret", "other" } },
		{ "postgresql://user:secret@host/db?password=other&sslmode=require",
		  "postgresql://user@host/db?sslmode=require", { "secret", "other" } },
		{ "postgresql://user:secret@host", "postgresql://user@host", { "secret" } },
		{ "postgresql://:secret@host/db", "postgresql://@host/db", { "secret" } },
		{ "postgres://user@host/db", "postgres://user@host/db", { NULL } },
		{ "postgresql://host/db", "postgresql://host/db", { NULL } },
		{ "postgresql://[::1]:5433/db?password=p1&application_name=x",
		  "postgresql://[::1]:5433/db?application_name=x", { "p1" } },
		{ "postgresql://h1:5432,h2:5433/db?target_session_attrs=read-write",
		  "postgresql://h1:5432,h2:5433/db?target_session_attrs=read-write", { NULL } },
		{ "postgresql://host/db?password=only", "postgresql://host/db", { "only" } },
		{ "postgresql://u@host/db?sslpassword=keypass&sslmode=verify-full",
		  "postgresql://u@host/db?sslmode=verify-full", { "keypass" } },
		{ "postgresql://host/db?oauth_client_secret=s3cret", "postgresql://host/db", { "s3cret" } },
		/* libpq percent-decodes a parameter's name: these are password= */
		{ "postgresql://host/db?pass%77ord=s3cret&sslmode=require",
		  "postgresql://host/db?sslmode=require", { "s3cret" } },
		{ "postgresql://host/db?%70%61%73sword=s3cret", "postgresql://host/db", { "s3cret" } },
		/* one that does not decode goes too: libpq refuses it, and it may be
		 * a mistyped one; other encoded names are kept as written */
		{ "postgresql://host/db?pass%7word=s3cret&application%5Fname=x",
		  "postgresql://host/db?application%5Fname=x", { "s3cret" } },
		{ "postgresql://", "postgresql://", { NULL } },
	};

	(void)state;
	check_all(cases, ARRAY_LEN(cases));
}

static void test_empty(void **state)
{
	static const struct dsn_case cases[] = {
		{ "", "(PG* environment)", { NULL } },
	};
	char out[64];

	(void)state;
	check_all(cases, ARRAY_LEN(cases));
	wb_pg_dsn_redact(NULL, out, sizeof(out));
	assert_string_equal(out, "(PG* environment)");
}

/* libpq refuses an unterminated quote or a word without '='; what follows may
 * be anything, a password among it, so it is dropped. */
static void test_unterminated(void **state)
{
	static const struct dsn_case cases[] = {
		{ "host=h password='abc def", "host=h (unterminated quote)", { "abc", "def" } },
		{ "host=h application_name='x password=secret sslmode=require",
		  "host=h (unterminated quote)", { "secret", "sslmode", "x" } },
		{ "password='abc", "(unterminated quote)", { "abc" } },
		{ "host=h password='abc\\'", "host=h (unterminated quote)", { "abc" } },
		/* a word without '=' stops libpq too, and the '=' may be missing
		 * before a password */
		{ "host=h password s3cret", "host=h password (missing =)", { "s3cret" } },
		{ "host=h password: s3cret port=5432", "host=h password: (missing =)",
		  { "s3cret", "5432" } },
		{ "mydb", "mydb", { NULL } },
	};

	(void)state;
	check_all(cases, ARRAY_LEN(cases));
}

/* Any buffer: the result is cut, terminated, never overrun, and a prefix of the
 * whole result (so no more secret than it). */
static void test_small_buffer(void **state)
{
	static const char *const dsns[] = {
		"host=db.example password='s3 cret' port=5432 dbname=app",
		"postgresql://user:s3cret@db.example:5432/app?password=s3cret&sslmode=require",
		"",
	};

	(void)state;
	for (size_t d = 0; d < ARRAY_LEN(dsns); d++) {
		char whole[256], out[256];
		size_t n;

		wb_pg_dsn_redact(dsns[d], whole, sizeof(whole));
		n = strlen(whole);
		for (size_t len = 1; len <= n + 2; len++) {
			memset(out, 'X', sizeof(out));
			wb_pg_dsn_redact(dsns[d], out, len);
			assert_int_equal(strlen(out), len - 1 < n ? len - 1 : n);
			assert_memory_equal(out, whole, strlen(out));
			assert_int_equal(out[len], 'X');
			assert_null(strstr(out, "s3"));
		}
		/* no room at all: nothing written */
		memset(out, 'X', sizeof(out));
		wb_pg_dsn_redact(dsns[d], out, 0);
		assert_int_equal(out[0], 'X');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_value),
		cmocka_unit_test(test_uri),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_unterminated),
		cmocka_unit_test(test_small_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
