/* pg_dsn.c — see pg_dsn.h. Parses as libpq does (fe-connect.c's rules for
 * key/value strings and URIs) only as far as finding the password: what is not
 * a password is kept as written, so the printed string still says which
 * server it was. Where the text cannot be parsed (an unterminated quote, a
 * word without '='), the rest is dropped rather than guessed at, since it may
 * hold a password. */
#include "pgstat/pg_dsn.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Appends n bytes of s to out (length len, used *at), always terminated. */
static void put(char *out, size_t len, size_t *at, const char *s, size_t n)
{
	while (n-- && *at + 1 < len)
		out[(*at)++] = *s++;
	out[*at] = '\0';
}

static void put_str(char *out, size_t len, size_t *at, const char *s)
{
	put(out, len, at, s, strlen(s));
}

/* The keywords whose values are secrets, those libpq marks "*" (shown as
 * asterisks): the password, the SSL client key's (13 and later) and the OAuth
 * client's (18 and later). */
static const char *const secret_keywords[] = { "password", "sslpassword", "oauth_client_secret" };

static bool is_secret(const char *key, size_t n)
{
	for (size_t i = 0; i < sizeof(secret_keywords) / sizeof(secret_keywords[0]); i++)
		if (strlen(secret_keywords[i]) == n && !strncmp(key, secret_keywords[i], n))
			return true;
	return false;
}

static bool is_uri(const char *dsn)
{
	return !strncmp(dsn, "postgresql://", 13) || !strncmp(dsn, "postgres://", 11);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)tolower((unsigned char)c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Whether a URI parameter's name is a secret keyword. libpq percent-decodes
 * the name first, so pass%77ord= is password=; a name that does not decode
 * (libpq refuses the URI then) counts as one too, since it may be a mistyped
 * secret. */
static bool is_secret_param(const char *name, size_t n)
{
	char key[32];
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)name[i];

		if (c == '%') {
			int hi = i + 2 < n ? hex_digit(name[i + 1]) : -1;
			int lo = hi >= 0 ? hex_digit(name[i + 2]) : -1;

			if (lo < 0 || (hi | lo) == 0)
				return true; /* not percent-encoding, or %00 */
			c = hi * 16 + lo;
			i += 2;
		}
		if (k + 1 == sizeof(key))
			return false; /* longer than any keyword */
		key[k++] = (char)c;
	}
	return is_secret(key, k);
}

/* A URI: the password of user:password@ and any secret parameter go. */
static void redact_uri(const char *dsn, char *out, size_t len)
{
	const char *p = strstr(dsn, "://") + 3, *auth = p, *q;
	size_t at = 0;

	put(out, len, &at, dsn, (size_t)(p - dsn));
	/* libpq's userinfo runs to the first '@' before any '/'. */
	while (*p && *p != '@' && *p != '/')
		p++;
	if (*p == '@') {
		const char *colon = memchr(auth, ':', (size_t)(p - auth));

		put(out, len, &at, auth, (size_t)((colon ? colon : p) - auth));
		auth = p; /* from the '@' on */
	}
	q = strchr(auth, '?');
	put(out, len, &at, auth, (size_t)((q ? q : auth + strlen(auth)) - auth));
	if (!q)
		return;
	/* The parameters, without the secret ones. */
	bool first = true;
	for (p = q + 1; *p;) {
		const char *end = strchr(p, '&');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *eq = memchr(p, '=', n);

		if (!(eq && is_secret_param(p, (size_t)(eq - p))) && n > 0) {
			put_str(out, len, &at, first ? "?" : "&");
			put(out, len, &at, p, n);
			first = false;
		}
		p += n;
		if (*p == '&')
			p++;
	}
}

/* key = value pairs; a value is a word or single-quoted, with backslash
 * escapes in either. The secret pairs go; the others are kept as written. */
static void redact_pairs(const char *dsn, char *out, size_t len)
{
	const char *p = dsn;
	size_t at = 0;

	for (;;) {
		const char *start, *key, *key_end;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			return;
		start = key = p;
		while (*p && *p != '=' && !isspace((unsigned char)*p))
			p++;
		key_end = p;
		while (isspace((unsigned char)*p))
			p++;
		if (*p != '=') {
			/* Not key=value: libpq stops here (its message names this
			 * word). What follows may be the value an '=' is missing
			 * before, "password s3cret", so it goes as after an
			 * unterminated quote. */
			put_str(out, len, &at, at ? " " : "");
			put(out, len, &at, start, (size_t)(key_end - start));
			if (*p)
				put_str(out, len, &at, " (missing =)");
			return;
		}
		p++;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\'') {
			for (p++; *p && *p != '\''; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p) {
				put_str(out, len, &at, at ? " (unterminated quote)" : "(unterminated quote)");
				return;
			}
			p++;
		} else {
			/* libpq's backslash escapes the next character here too:
			 * password=a\ b is one value, "a b". */
			while (*p && !isspace((unsigned char)*p))
				p += *p == '\\' && p[1] ? 2 : 1;
		}
		if (is_secret(key, (size_t)(key_end - key)))
			continue;
		put_str(out, len, &at, at ? " " : "");
		put(out, len, &at, start, (size_t)(p - start));
	}
}

void wb_pg_dsn_redact(const char *dsn, char *out, size_t len)
{
	if (!len)
		return;
	out[0] = '\0';
	if (!dsn || !*dsn)
		snprintf(out, len, "(PG* environment)");
	else if (is_uri(dsn))
		redact_uri(dsn, out, len);
	else
		redact_pairs(dsn, out, len);
}
