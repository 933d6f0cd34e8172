/* test_dsn_redact.c — what may be printed of a libpq connection string: key/value
 * strings with the password plain, quoted with escapes and spaces, or with
 * spaces around '=', and the other secrets libpq hides (sslpassword,
 * oauth_client_secret); URIs with a user:password@ and a password= parameter,
 * with a user only and with no userinfo; the empty string; an unterminated
 * quote or a word without '=' (the rest is dropped, whatever it holds);
 * buffers too small for the result; a table of hostile inputs through every
 * redactor (the string's, a command-line word's, a message's scrub); and the
 * scrub by position (a password equal to the port stays unseen). Each case names its secrets: none may survive, and what is not a
 * secret must stay as written. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "pgstat/dsn_redact.h"

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
		/* an unencoded '@' or '/' in the password: where it ends cannot be
		 * told, so the host part goes whole */
		{ "postgresql://u:s3@cret@h/db", "postgresql://(not shown)", { "s3", "cret" } },
		{ "postgresql://u:s3/cret@h/db", "postgresql://(not shown)", { "s3", "cret" } },
		{ "postgresql://u:s3cret/db", "postgresql://(not shown)", { "s3cret" } },
		{ "postgresql://h?password=s3cret@x/db", "postgresql://(not shown)", { "s3cret" } },
		/* parameters libpq does not know, or without '=', go */
		{ "postgresql://h/db?password=ab&cd&sslmode=require",
		  "postgresql://h/db?sslmode=require", { "ab", "cd" } },
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
		{ "host=h password s3cret", "host=h (missing =)", { "s3cret" } },
		{ "host=h password: s3cret port=5432", "host=h (missing =)", { "s3cret", "5432" } },
		/* "password=a b": libpq's password is a, and b its missing-'=' word */
		{ "host=h password=s3 cret", "host=h (missing =)", { "s3", "cret" } },
		/* without '=' it is a plain database name to libpq; kept when
		 * harmless, else dropped whole */
		{ "mydb", "mydb", { NULL } },
		{ "my_db-2.x", "my_db-2.x", { NULL } },
		{ "postgres:/u:s3cret@h/db", "(not shown)", { "s3cret" } },
		{ " postgresql://u:s3cret@h/db", "(not shown)", { "s3cret" } },
		{ "jdbc:postgresql://u:s3cret@h/db", "(not shown)", { "s3cret" } },
		/* keywords libpq does not know go with their values */
		{ "host=h Password=s3cret pwd=s3cret2 user=u", "host=h user=u", { "s3cret" } },
		{ "jdbc:postgresql://u:s3cret@h/db?sslmode=require", "(not shown)", { "s3cret" } },
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

/* A secret "leaks" when it is in out; one of 1 to 3 characters only as a
 * whole token (a password "b" cannot be kept from every b), and one of stars
 * never from a scrubbed message, whose blanks are stars. */
static bool leaks(const char *out, const char *secret, bool scrubbed)
{
	size_t n = strlen(secret);

	if (scrubbed && strspn(secret, "*") == n)
		return false;
	if (n > 3)
		return strstr(out, secret) != NULL;
	for (const char *p = out; (p = strstr(p, secret)); p++)
		if ((p == out || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
			return true;
	return false;
}

/* Every redactor's answer for one hostile input: the connection string's
 * redaction, the command-line word's, and libpq's two kinds of message scrubbed:
 * a parse error quoting the input whole and each secret alone (what libpq
 * quotes of a string it cannot parse is pieces of it), and a server's refusal
 * quoting the input as the database name it was taken for (a plain name, or a
 * dbname holding one). */
static void expect_none(const char *what, const char *in, const char *out,
			const char *const *secrets, size_t nsecrets, bool scrubbed)
{
	for (size_t k = 0; k < nsecrets; k++)
		if (leaks(out, secrets[k], scrubbed))
			fail_msg("%s \"%s\" left \"%s\" in \"%s\"", what, in, secrets[k], out);
}

static void check_hostile(const char *in, const char *const *secrets, size_t nsecrets)
{
	char out[4096], msg[4096];
	size_t at;

	wb_pg_dsn_redact(in, out, sizeof(out));
	expect_none("redact", in, out, secrets, nsecrets, false);
	wb_pg_arg_redact(in, out, sizeof(out));
	expect_none("arg", in, out, secrets, nsecrets, false);
	at = (size_t)snprintf(msg, sizeof(msg), "missing \"=\" after \"%s\" in connection "
			      "info string", in);
	for (size_t k = 0; k < nsecrets && at < sizeof(msg); k++)
		at += (size_t)snprintf(msg + at, sizeof(msg) - at, "; \"%s\"", secrets[k]);
	wb_pg_message_scrub(msg, in, true);
	expect_none("parse error", in, msg, secrets, nsecrets, true);
	if (wb_pg_dsn_is_conninfo(in))
		return; /* parsed, or refused as above: never quoted whole */
	snprintf(msg, sizeof(msg), "FATAL:  database \"%s\" does not exist", in);
	wb_pg_message_scrub(msg, in, false);
	expect_none("refusal", in, msg, secrets, nsecrets, true);
}

struct hostile {
	const char *in;
	const char *secrets[3]; /* what must not survive */
};

static void test_hostile(void **state)
{
	static const struct hostile cases[] = {
		{ "host=h password='Qu0ted with \\' Esc4pe' user=u", { "Qu0ted", "Esc4pe" } },
		{ "host=h password = Sp4ced user=u", { "Sp4ced" } },
		{ "host = h password\t=\tTab5paced", { "Tab5paced" } },
		{ "host=h password Miss1ng", { "Miss1ng" } },
		{ "host=h password=Sesa Mex9", { "Sesa", "Mex9" } },
		{ "host=h password=\"Dbl4 Quot9\"", { "Dbl4", "Quot9" } },
		{ "host=h password='Unterm5 ecret", { "Unterm5", "ecret" } },
		{ "host=h password=Escx\\ Aped9 user=u", { "Escx", "Aped9" } },
		{ "postgresql://u:P4ss@w0rd@h/db", { "P4ss", "w0rd" } },
		{ "postgresql://u:Sl4sh/Pw9d@h/db", { "Sl4sh", "Pw9d" } },
		{ "postgresql://u:Port5ecret/db", { "Port5ecret" } },
		{ "postgresql://h?password=Qm4rk@x/db", { "Qm4rk" } },
		{ "postgresql://u:Pct%2Fsecret9@h/db", { "Pct%2Fsecret9" } },
		{ "postgresql://h/db?pass%77ord=Enc0ded", { "Enc0ded" } },
		{ "postgresql://h/db?%70assword=Enc0ded2&sslmode=require", { "Enc0ded2" } },
		{ "jdbc:postgresql://u:Jdbc5ecret@h/db", { "Jdbc5ecret" } },
		{ "jdbc:postgresql://u:Jdbc6ecret@h/db?sslmode=require", { "Jdbc6ecret" } },
		{ " postgres://u:Lead1ng@h/db", { "Lead1ng" } },
		{ " postgresql://u:Lead2ng@h/db?sslmode=require", { "Lead2ng" } },
		{ "postgres:/u:S1ngle@h/db", { "S1ngle" } },
		{ "--server=postgresql://u:Opt5ecret@h/db", { "Opt5ecret" } },
		{ "--server=host=h password=Opt6ecret", { "Opt6ecret" } },
		{ "--server= postgres:/u:Opt7ecret@h", { "Opt7ecret" } },
		{ "postgresql://u:Sep7ecret@h", { "Sep7ecret" } }, /* --server URI: its second word */
		{ "host=h password=*", { "*" } },
		{ "host=h password=** user=u", { "**" } },
		{ "host=h password=*** user=u", { "***" } },
		{ "password=x9 host=h", { "x9" } },
		{ "host=h password= user=u", { NULL } },
		{ "host=h sslpassword=Ssl5ecret sslkey=/k.pem", { "Ssl5ecret" } },
		{ "host=h oauth_client_secret=Oauth5ecret", { "Oauth5ecret" } },
		{ "postgresql://u@h/db?sslpassword=Kp5ecret&application_name=x", { "Kp5ecret" } },
		{ "postgresql://u:Multi5ecret@h1:5432,h2:5433/db", { "Multi5ecret" } },
		{ "host=h1,h2 port=1,2 password=Multi6ecret", { "Multi6ecret" } },
		{ "postgresql://h/db?password=Twice1x&password=Twice2x", { "Twice1x", "Twice2x" } },
		{ "password=One1x host=h password=Two2x", { "One1x", "Two2x" } },
		{ "host=h Password=Caps5ecret", { "Caps5ecret" } },
		{ "host=h pwd=Typo5ecret", { "Typo5ecret" } },
		{ "dbname=postgresql://u:Nested5@h/db", { "Nested5" } },
		{ "service=x password=Svc5ecret", { "Svc5ecret" } },
		{ "password Sesame5x", { "Sesame5x" } },
		/* a quote misplaced: the pair is typed inside a shown keyword's value */
		{ "host=/s port=1 user='postgres password=W0rdX'", { "W0rdX" } },
		{ "host=h options='-c password=Opt8ecret'", { "Opt8ecret" } },
		{ "host=h application_name='app password=App5ecret'", { "App5ecret" } },
	};
	const char *long_secret[1];
	char dsn[3000], pw[2600];

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		size_t n = 0;

		while (n < ARRAY_LEN(cases[i].secrets) && cases[i].secrets[n])
			n++;
		check_hostile(cases[i].in, cases[i].secrets, n);
	}
	/* a very long one: longer than any buffer on the way */
	memset(pw, 'L', sizeof(pw) - 1);
	pw[sizeof(pw) - 1] = '\0';
	memcpy(pw, "Long", 4);
	long_secret[0] = pw;
	snprintf(dsn, sizeof(dsn), "host=h password=%s", pw);
	check_hostile(dsn, long_secret, 1);
	snprintf(dsn, sizeof(dsn), "postgresql://u:%s@h/db", pw);
	check_hostile(dsn, long_secret, 1);
}

/* Command-line words: harmless ones stay as typed. */
static void test_arg(void **state)
{
	static const char *const cases[][2] = {
		{ "--budget=50s", "--budget=50s" },
		{ "50s", "50s" },
		{ "/srv/pg/wal", "/srv/pg/wal" },
		{ "--server", "--server" },
		{ "mydb", "mydb" },
		{ "--server=host=h password=x user=u", "--server=host=h user=u" },
		{ "--server=postgresql://u:x@h/db", "--server=postgresql://u@h/db" },
		{ "host=h password=x", "host=h" },
		{ "--Server=postgresql://u:x@h/db", "(not shown)" },
		{ "u:pw@h", "(not shown)" },
		{ "--password", "(not shown)" },
		{ "", "" },
	};
	char out[256];

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		wb_pg_arg_redact(cases[i][0], out, sizeof(out));
		assert_string_equal(out, cases[i][1]);
	}
}

/* The scrub works by position, on what libpq quotes, never by a secret's
 * text: a password equal to the port or to a word of libpq's own leaves the
 * message whole (blanking its text everywhere showed where it stood); what a
 * parse error quotes goes, a lone '=' excepted; a database name its
 * redaction drops goes from a refusal, one it shows stays; the message never
 * grows. */
static void test_scrub(void **state)
{
	static const struct {
		const char *dsn, *msg, *want;
		bool parse_failed;
	} cases[] = {
		{ "host=/tmp port=5432 user=u password=5432",
		  "connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: FATAL:  password "
		  "authentication failed for user \"u\"",
		  "connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: FATAL:  password "
		  "authentication failed for user \"u\"", false },
		{ "host=/tmp user=u password=authentication",
		  "FATAL:  password authentication failed for user \"u\"",
		  "FATAL:  password authentication failed for user \"u\"", false },
		{ "host=/tmp user=secret password=secret",
		  "FATAL:  password authentication failed for user \"secret\"",
		  "FATAL:  password authentication failed for user \"secret\"", false },
		{ "mydb", "FATAL:  database \"mydb\" does not exist",
		  "FATAL:  database \"mydb\" does not exist", false },
		{ "host=h dbname='password=Nest5'", "FATAL:  database \"password=Nest5\" does not exist",
		  "FATAL:  database \"***\" does not exist", false },
		{ "", "FATAL:  database \"postgresql://u:Env5@h/db\" does not exist",
		  "FATAL:  database \"***\" does not exist", false },
		{ "host=h password Sesame5",
		  "missing \"=\" after \"Sesame5\" in connection info string",
		  "missing \"=\" after \"***\" in connection info string", true },
		{ "postgresql://u:p@[::1/db", "end of string reached when looking for matching \"]\" "
		  "in IPv6 host address in URI: \"postgresql://u:p@[::1/db\"",
		  "end of string reached when looking for matching \"]\" in IPv6 host address in "
		  "URI: \"***\"", true },
		{ "host=h password='x", "unterminated quoted string in connection info string",
		  "unterminated quoted string in connection info string", true },
		{ "host=h password=a\"b c\"d",
		  "missing \"=\" after \"c\"d\" in connection info string",
		  "missing \"=\" after \"***\" in connection info string", true },
	};
	char msg[512];

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		snprintf(msg, sizeof(msg), "%s", cases[i].msg);
		wb_pg_message_scrub(msg, cases[i].dsn, cases[i].parse_failed);
		assert_string_equal(msg, cases[i].want);
	}
	snprintf(msg, sizeof(msg), "FATAL:  role \"u\" does not exist");
	wb_pg_message_scrub(msg, NULL, false);
	assert_string_equal(msg, "FATAL:  role \"u\" does not exist");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_value),
		cmocka_unit_test(test_uri),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_unterminated),
		cmocka_unit_test(test_small_buffer),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_arg),
		cmocka_unit_test(test_scrub),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
