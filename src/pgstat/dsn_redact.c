/* dsn_redact.c — see dsn_redact.h. Parses as libpq does (fe-connect.c's rules for
 * key/value strings and URIs) only as far as telling what is harmless: a
 * keyword libpq knows and does not hide, a host and port. What is kept is
 * kept as written, so the printed string still says which server it was; what
 * cannot be parsed or is not known is dropped rather than guessed at, since it
 * may hold a password. */
#include "pgstat/dsn_redact.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

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

/* The keywords libpq knows (fe-connect.c's PQconninfoOptions, 14 to 18) whose
 * values it shows: everything else, the secrets it marks "*" (password,
 * sslpassword, oauth_client_secret), its debug-only scram keys and a keyword
 * it does not know (a typo may hold a password), is dropped. */
static const char *const shown_keywords[] = {
	"host", "hostaddr", "port", "dbname", "user", "passfile", "channel_binding",
	"connect_timeout", "client_encoding", "options", "application_name",
	"fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval",
	"keepalives_count", "tcp_user_timeout", "replication", "sslmode", "sslnegotiation",
	"sslcompression", "sslcert", "sslkey", "sslkeylogfile", "sslcertmode", "sslrootcert",
	"sslcrl", "sslcrldir", "sslsni", "requirepeer", "require_auth", "min_protocol_version",
	"max_protocol_version", "ssl_min_protocol_version", "ssl_max_protocol_version",
	"gssencmode", "krbsrvname", "gsslib", "gssdelegation", "target_session_attrs",
	"load_balance_hosts", "service", "oauth_issuer", "oauth_client_id", "oauth_scope",
};

static bool in_list(const char *const *list, size_t n, const char *key, size_t klen)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == klen && !strncmp(key, list[i], klen))
			return true;
	return false;
}

static bool is_shown_keyword(const char *key, size_t n)
{
	return in_list(shown_keywords, ARRAY_LEN(shown_keywords), key, n);
}

/* Whether s[0..n) contains needle, ignoring case. */
static bool has_ci(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; i + k <= n; i++)
		if (!strncasecmp(s + i, needle, k))
			return true;
	return false;
}

/* Words that say a secret may be near. */
static const char *const secretish[] = { "pass", "pwd", "secret", "token", "credential" };

/* Whether a value may hold a secret or a connection string's pieces: an '@'
 * (user:password@), "://", or, for a word standing alone (strict), also
 * spaces, quotes, backslashes and secret-ish words. */
static bool doubtful(const char *s, size_t n, bool strict)
{
	if (memchr(s, '@', n) || has_ci(s, n, "://"))
		return true;
	if (!strict)
		return false;
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)s[i]) || s[i] == '\'' || s[i] == '"' || s[i] == '\\')
			return true;
	for (size_t i = 0; i < ARRAY_LEN(secretish); i++)
		if (has_ci(s, n, secretish[i]))
			return true;
	return false;
}

/* Whether a shown keyword's value may hold a pair typed inside it: a
 * misplaced quote makes user='postgres password=x' one value, user's, which
 * libpq then names as the role it could not find; options='-c password=x' is
 * one too. Any '=' drops the value, whatever its keyword: a dbname, user or
 * options with one is dropped with a harmless setting at times
 * (options='-c work_mem=64MB'), but a password printed is not undone. */
static bool pairish(const char *s, size_t n)
{
	return memchr(s, '=', n) != NULL;
}

static size_t uri_prefix(const char *dsn)
{
	if (!strncmp(dsn, "postgresql://", 13))
		return 13;
	return strncmp(dsn, "postgres://", 11) ? 0 : 11;
}

bool wb_pg_dsn_is_conninfo(const char *dsn)
{
	return dsn && (uri_prefix(dsn) || strchr(dsn, '='));
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)tolower((unsigned char)c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Whether a URI parameter's name, percent-decoded as libpq reads it
 * (pass%77ord= is password=), is a keyword shown; one that does not decode
 * is not. */
static bool is_shown_param(const char *name, size_t n)
{
	char key[40];
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)name[i];

		if (c == '%') {
			int hi = i + 2 < n ? hex_digit(name[i + 1]) : -1;
			int lo = hi >= 0 ? hex_digit(name[i + 2]) : -1;

			if (lo < 0 || (hi | lo) == 0)
				return false; /* not percent-encoding, or %00 */
			c = hi * 16 + lo;
			i += 2;
		}
		if (k + 1 == sizeof(key))
			return false; /* longer than any keyword */
		key[k++] = (char)c;
	}
	return is_shown_keyword(key, k);
}

/* Whether a URI's host list (h1:5432,[::1]:5433) is hosts and numeric ports
 * only: a password typed without its user (postgresql://u:pw/db) reads as a
 * port. */
static bool hosts_ok(const char *p, size_t n)
{
	const char *end = p + n;

	while (p < end) {
		if (*p == '[') {
			const char *close = memchr(p, ']', (size_t)(end - p));

			if (!close)
				return false;
			p = close + 1;
		} else {
			while (p < end && *p != ':' && *p != ',')
				p++;
		}
		if (p < end && *p == ':')
			for (p++; p < end && *p != ','; p++)
				if (!isdigit((unsigned char)*p))
					return false;
		if (p < end && *p != ',')
			return false;
		if (p < end)
			p++;
	}
	return true;
}

/* Whether a URI's user is one: a '?', '=' or '&' in it is a parameter typed
 * before an '@' that belongs to a password. */
static bool user_ok(const char *user, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strchr("?=&", user[i]))
			return false;
	return true;
}

/* A URI: the user stays, its password and every parameter libpq hides or does
 * not know go; a host part that does not parse cleanly goes whole. */
static void redact_uri(const char *dsn, char *out, size_t len)
{
	const char *start = dsn + uri_prefix(dsn), *p = start, *host, *q, *slash;
	size_t at = 0, hn;
	bool first = true;

	put(out, len, &at, dsn, (size_t)(start - dsn));
	/* libpq's userinfo runs to the first '@' before any '/'. */
	while (*p && *p != '@' && *p != '/')
		p++;
	host = *p == '@' ? p + 1 : start;
	q = strchr(host, '?');
	hn = q ? (size_t)(q - host) : strlen(host);
	slash = memchr(host, '/', hn);
	/* A second '@' or a port that is no number: a password's '@' or '/' was
	 * not percent-encoded, and where it ends cannot be told. */
	if (memchr(host, '@', hn) || !hosts_ok(host, slash ? (size_t)(slash - host) : hn) ||
	    (host > start && !user_ok(start, strcspn(start, ":@")))) {
		put_str(out, len, &at, WB_PG_NOT_SHOWN);
		return;
	}
	if (host > start) {
		put(out, len, &at, start, strcspn(start, ":@"));
		put_str(out, len, &at, "@");
	}
	put(out, len, &at, host, hn);
	if (!q)
		return;
	for (p = q + 1; *p;) {
		size_t n = strcspn(p, "&");
		const char *eq = memchr(p, '=', n);

		if (eq && is_shown_param(p, (size_t)(eq - p)) && !doubtful(eq + 1, n - (size_t)(eq + 1 - p), false)) {
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
 * escapes in either. Pairs of keywords shown are kept as written. */
static void redact_pairs(const char *dsn, char *out, size_t len)
{
	const char *p = dsn;
	size_t at = 0;

	for (;;) {
		const char *start, *key, *key_end, *val;

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
			/* Not key=value: libpq stops here, and this word may be
			 * the rest of a password ("password=a b") or one an '='
			 * is missing before: it and the rest go. */
			put_str(out, len, &at, at ? " (missing =)" : "(missing =)");
			return;
		}
		p++;
		while (isspace((unsigned char)*p))
			p++;
		val = p;
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
		if (!is_shown_keyword(key, (size_t)(key_end - key)) ||
		    doubtful(val, (size_t)(p - val), false) || pairish(val, (size_t)(p - val)))
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
	else if (uri_prefix(dsn))
		redact_uri(dsn, out, len);
	else if (strchr(dsn, '='))
		redact_pairs(dsn, out, len);
	else /* a plain database name, as libpq reads it */
		snprintf(out, len, "%s", doubtful(dsn, strlen(dsn), true) ? WB_PG_NOT_SHOWN : dsn);
	if (!out[0] && len > 1)
		snprintf(out, len, "%s", WB_PG_NOT_SHOWN);
}

void wb_pg_arg_redact(const char *word, char *out, size_t len)
{
	const char *eq = strchr(word, '=');
	size_t at = 0, name = 2;

	if (!len)
		return;
	out[0] = '\0';
	if (!strncmp(word, "--", 2) && eq) {
		while (word + name < eq && (islower((unsigned char)word[name]) ||
					    isdigit((unsigned char)word[name]) || word[name] == '-'))
			name++;
		if (word + name == eq && name > 2) {
			put(out, len, &at, word, name + 1);
			wb_pg_arg_redact(eq + 1, out + at, len - at);
			return;
		}
	} else if (*word && wb_pg_dsn_is_conninfo(word)) {
		wb_pg_dsn_redact(word, out, len);
		return;
	} else if (!doubtful(word, strlen(word), true)) {
		snprintf(out, len, "%s", word);
		return;
	}
	snprintf(out, len, "%s", WB_PG_NOT_SHOWN);
}

/* Replaces q[0..n) with min(n, 3) stars, so the message never grows; returns
 * how many characters now stand there. */
static size_t blank(char *q, size_t n)
{
	size_t stars = n < 3 ? n : 3;

	memset(q, '*', stars);
	memmove(q + stars, q + n, strlen(q + n) + 1);
	return stars;
}

/* Whether s[0..n) occurs in text. */
static bool occurs(const char *text, const char *s, size_t n)
{
	for (const char *p = text; n && (p = strchr(p, s[0])); p++)
		if (!strncmp(p, s, n))
			return true;
	return false;
}

bool wb_pg_word_is_dsn(const char *word, size_t n)
{
	if (!n)
		return false;
	return memchr(word, '=', n) || memchr(word, '@', n) || has_ci(word, n, "://") ||
	       isspace((unsigned char)word[0]);
}

/* A parse error quotes a piece of the string, which may hold quotes itself:
 * from the first quoted span that is not a lone punctuation mark (libpq's
 * "=" or "]") to the message's last quote, all goes. */
static void scrub_parse_error(char *msg)
{
	for (char *p = msg; (p = strchr(p, '"'));) {
		char *span = p + 1, *last;

		if (span[0] && !isalnum((unsigned char)span[0]) && span[1] == '"') {
			p = span + 2; /* "=" */
			continue;
		}
		last = strrchr(span, '"');
		blank(span, last ? (size_t)(last - span) : strlen(span));
		return;
	}
}

bool wb_pg_word_shown(const char *word)
{
	size_t n = strlen(word);

	return n <= WB_PG_WORD_SHOWN_MAX && !wb_pg_word_is_dsn(word, n) && !doubtful(word, n, true);
}

void wb_pg_message_scrub(char *msg, const char *dsn, bool parse_failed)
{
	char redacted[4096];
	char *p = msg;

	if (parse_failed) {
		scrub_parse_error(msg);
		return;
	}
	wb_pg_dsn_redact(dsn, redacted, sizeof(redacted));
	while ((p = strchr(p, '"'))) {
		char *span = p + 1, *close = strchr(span, '"');
		size_t n = close ? (size_t)(close - span) : strlen(span);

		/* a piece of another connection string, or of dsn that its
		 * redaction does not show */
		if (wb_pg_word_is_dsn(span, n) ||
		    (dsn && occurs(dsn, span, n) && !occurs(redacted, span, n)))
			n = blank(span, n);
		p = span + n;
		if (!*p)
			break;
		p++;
	}
}
