/* pg_catalogue.c — see pg_catalogue.h. The scanner knows only the SQL walbench
 * writes: SELECTs of pg_catalog views and functions, scalar subqueries, sum(), = and [NOT] IN
 * filters, and literals without quotes inside; anything else reads as a column
 * and fails, which is what a new construct should do here. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <cmocka.h>

#include "pg_catalogue.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static const struct pg_view *find_view(const struct pg_fixture *f, const char *name)
{
	for (unsigned i = 0; i < f->nviews; i++)
		if (!strcmp(f->views[i].name, name))
			return &f->views[i];
	return NULL;
}

static bool has_col(const struct pg_view *v, const char *col)
{
	for (unsigned i = 0; i < v->ncols; i++)
		if (!strcmp(v->cols[i], col))
			return true;
	return false;
}

static void add_view(struct pg_fixture *f, char *line)
{
	char *save, *word = strtok_r(line, " ", &save);
	struct pg_view *v = (struct pg_view *)find_view(f, word);

	if (!v) {
		assert_true(f->nviews < ARRAY_LEN(f->views));
		v = &f->views[f->nviews++];
		snprintf(v->name, sizeof(v->name), "%s", word);
	}
	while ((word = strtok_r(NULL, " ", &save))) {
		assert_true(v->ncols < ARRAY_LEN(v->cols));
		snprintf(v->cols[v->ncols++], PG_NAME, "%s", word);
	}
}

static void add_value(struct pg_fixture *f, const char *line)
{
	const char *sp = strchr(line, ' ');
	struct pg_value *d;

	assert_true(f->nvalues < ARRAY_LEN(f->values));
	assert_non_null(sp);
	d = &f->values[f->nvalues++];
	snprintf(d->col, sizeof(d->col), "%.*s", (int)(sp - line), line);
	snprintf(d->text, sizeof(d->text), "%s", sp + 1);
}

static void add_functions(struct pg_fixture *f, char *line)
{
	char *save, *word;

	for (word = strtok_r(line, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
		assert_true(f->nfunctions < ARRAY_LEN(f->functions));
		snprintf(f->functions[f->nfunctions++], PG_NAME, "%s", word);
	}
}

static bool has_function(const struct pg_fixture *f, const char *name)
{
	for (unsigned i = 0; i < f->nfunctions; i++)
		if (!strcmp(f->functions[i], name))
			return true;
	return false;
}

static void add_setting(struct pg_fixture *f, const char *line)
{
	const char *bar1 = strchr(line, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
	const char *eq = bar2 ? strstr(bar2, " = ") : NULL;
	struct pg_setting_row *r;

	assert_true(f->nsettings < ARRAY_LEN(f->settings));
	if (!eq)
		fail_msg("setting %s: want NAME|SETTING|UNIT = WANT", line);
	r = &f->settings[f->nsettings++];
	snprintf(r->name, sizeof(r->name), "%.*s", (int)(bar1 - line), line);
	snprintf(r->setting, sizeof(r->setting), "%.*s", (int)(bar2 - bar1 - 1), bar1 + 1);
	snprintf(r->unit, sizeof(r->unit), "%.*s", (int)(eq - bar2 - 1), bar2 + 1);
	snprintf(r->want, sizeof(r->want), "%s", eq + 3);
}

static void add_cell(struct pg_row *r, const char *line)
{
	const char *eq = strchr(line, '=');

	assert_non_null(eq);
	assert_true(r->n < ARRAY_LEN(r->names));
	snprintf(r->names[r->n], PG_NAME, "%.*s", (int)(eq - line), line);
	snprintf(r->text[r->n++], PG_NAME, "%s", eq + 1);
}

void pg_fixture_load(struct pg_fixture *f, const char *dir, unsigned major)
{
	char path[512], line[512];
	FILE *in;

	memset(f, 0, sizeof(*f));
	f->major = major;
	snprintf(path, sizeof(path), "%s/pg/%u.txt", dir, major);
	in = fopen(path, "r");
	if (!in)
		fail_msg("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), in)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "view ", 5))
			add_view(f, line + 5);
		else if (!strncmp(line, "value ", 6))
			add_value(f, line + 6);
		else if (!strncmp(line, "setting ", 8))
			add_setting(f, line + 8);
		else if (!strncmp(line, "function ", 9))
			add_functions(f, line + 9);
		else if (!strncmp(line, "begin ", 6))
			add_cell(&f->begin, line + 6);
		else if (!strncmp(line, "end ", 4))
			add_cell(&f->end, line + 4);
		else if (line[0] && line[0] != '#')
			fail_msg("%s: cannot read \"%s\"", path, line);
	}
	fclose(in);
}

static void tokenize(const char *s, struct pg_sql *q)
{
	q->n = 0;
	while (*s) {
		struct pg_tok *t = &q->t[q->n];
		size_t len = 1;

		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		assert_true(q->n < ARRAY_LEN(q->t));
		t->kind = PG_PUNCT;
		if (isalnum((unsigned char)*s) || *s == '_') {
			t->kind = PG_IDENT;
			len = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		} else if (*s == '\'') {
			/* walbench's literals hold no quote: no '' escapes to read */
			t->kind = PG_STRING;
			s++;
			len = strcspn(s, "'");
			assert_int_equal(s[len], '\'');
		} else if (!strncmp(s, "::", 2)) {
			len = 2;
		}
		assert_true(len < PG_NAME);
		memcpy(t->text, s, len);
		t->text[len] = '\0';
		s += len + (t->kind == PG_STRING);
		q->n++;
	}
}

static bool is(const struct pg_tok *t, const char *text)
{
	return t->kind != PG_STRING && !strcasecmp(t->text, text);
}

static bool keyword(const struct pg_tok *t)
{
	static const char *const words[] = { "SELECT", "FROM", "WHERE", "AND", "OR", "NOT",
					     "IN", "AS", "epoch", "CASE", "WHEN", "THEN",
					     "ELSE", "END", "IS", "NULL", "GROUP", "BY" };

	for (size_t i = 0; i < ARRAY_LEN(words); i++)
		if (is(t, words[i]))
			return true;
	return false;
}

/* One SELECT being checked: the views of its FROM list by alias. */
struct scope {
	const struct pg_view *view[4];
	char alias[4][PG_NAME];
	unsigned n;
};
struct scan {
	const struct pg_fixture *f;
	const struct pg_sql *q;
	bool literals;             /* check compared strings against the documented values */
	char why[256];             /* the first thing wrong; "" none */
};

#define SCAN_FAIL(sc, ...)                                                                 \
	do {                                                                               \
		snprintf((sc)->why, sizeof((sc)->why), __VA_ARGS__);                       \
		return false;                                                              \
	} while (0)

/* The index of the ')' closing the SELECT whose list starts at from, or q->n. */
static size_t select_end(const struct pg_sql *q, size_t from)
{
	int depth = 0;

	for (size_t i = from; i < q->n; i++) {
		if (is(&q->t[i], "("))
			depth++;
		else if (is(&q->t[i], ")") && depth-- == 0)
			return i;
	}
	return q->n;
}

/* The FROM list of the SELECT spanning [from, end): pg_catalog.VIEW [alias], each a
 * view of this major (schema-qualified, so no search_path can stand in). */
static bool read_from(struct scan *sc, size_t from, size_t end, struct scope *s)
{
	const struct pg_tok *t = sc->q->t;
	int depth = 0;
	size_t i;

	s->n = 0;
	for (i = from; i < end; i++) {
		if (is(&t[i], "("))
			depth++;
		else if (is(&t[i], ")"))
			depth--;
		else if (depth == 0 && is(&t[i], "FROM"))
			break;
	}
	if (i == end)
		SCAN_FAIL(sc, "a SELECT without FROM");
	for (i++; i < end && !is(&t[i], "WHERE");) {
		if (i + 2 >= end || !is(&t[i], "pg_catalog") || !is(&t[i + 1], "."))
			SCAN_FAIL(sc, "FROM %s: not a pg_catalog view", t[i].text);
		if (s->n == ARRAY_LEN(s->view))
			SCAN_FAIL(sc, "too many views");
		s->view[s->n] = find_view(sc->f, t[i + 2].text);
		if (!s->view[s->n])
			SCAN_FAIL(sc, "PostgreSQL %u has no view %s", sc->f->major, t[i + 2].text);
		s->alias[s->n][0] = '\0';
		i += 3;
		if (i < end && t[i].kind == PG_IDENT && !is(&t[i], "WHERE"))
			snprintf(s->alias[s->n], PG_NAME, "%s", t[i++].text);
		s->n++;
		if (i < end && is(&t[i], ","))
			i++;
	}
	return true;
}

static bool documented_value(struct scan *sc, const struct pg_view *v, const char *col,
			     const char *text)
{
	char key[2 * PG_NAME];
	bool any = false;

	snprintf(key, sizeof(key), "%s.%s", v->name, col);
	for (unsigned i = 0; i < sc->f->nvalues; i++) {
		if (strcmp(sc->f->values[i].col, key))
			continue;
		any = true;
		if (!strcmp(sc->f->values[i].text, text))
			return true;
	}
	if (!any)
		SCAN_FAIL(sc, "PostgreSQL %u: no documented values of %s", sc->f->major, key);
	SCAN_FAIL(sc, "PostgreSQL %u: %s is never '%s'", sc->f->major, key, text);
}

/* The strings a column is compared with at t[i]: = 'x', or [NOT] IN ('x', ...). */
static bool check_literals(struct scan *sc, const struct pg_view *v, const char *col, size_t i,
			   size_t end)
{
	const struct pg_tok *t = sc->q->t;

	if (i + 1 < end && is(&t[i], "=") && t[i + 1].kind == PG_STRING)
		return documented_value(sc, v, col, t[i + 1].text);
	if (i < end && is(&t[i], "NOT"))
		i++;
	if (i + 1 >= end || !is(&t[i], "IN") || !is(&t[i + 1], "("))
		return true;
	for (i += 2; i < end && !is(&t[i], ")"); i++)
		if (t[i].kind == PG_STRING && !documented_value(sc, v, col, t[i].text))
			return false;
	return true;
}

/* Every column read in the SELECT spanning [from, end), and in its subqueries,
 * is a documented column of the view it is read from. */
static bool check_select(struct scan *sc, size_t from, size_t end)
{
	const struct pg_tok *t = sc->q->t;
	struct scope s;

	if (!read_from(sc, from, end, &s))
		return false;
	for (size_t i = from; i < end; i++) {
		const struct pg_view *v = NULL;
		const char *col = t[i].text;
		size_t last = i;

		if (is(&t[i], "(") && i + 1 < end && is(&t[i + 1], "SELECT")) {
			size_t e = select_end(sc->q, i + 2);

			if (!check_select(sc, i + 2, e))
				return false;
			i = e;
			continue;
		}
		if (is(&t[i], "FROM") && i + 1 < end && is(&t[i + 1], "pg_catalog")) {
			while (i + 1 < end && !is(&t[i + 1], "WHERE"))
				i++; /* the FROM list, read above */
			continue;
		}
		if (is(&t[i], "pg_catalog") && i + 3 < end && is(&t[i + 1], ".") &&
		    is(&t[i + 3], "(")) {
			if (!has_function(sc->f, t[i + 2].text))
				SCAN_FAIL(sc, "PostgreSQL %u has no function %s", sc->f->major,
					  t[i + 2].text);
			i += 2;
			continue;
		}
		if (t[i].kind != PG_IDENT || keyword(&t[i]) || (i + 1 < end && is(&t[i + 1], "(")) ||
		    isdigit((unsigned char)t[i].text[0]))
			continue; /* a keyword, a function's name or a number */
		if (i > 0 && (is(&t[i - 1], "AS") || is(&t[i - 1], "::")))
			continue; /* an output name or a type */
		if (i + 2 < end && is(&t[i + 1], ".")) {
			for (unsigned k = 0; k < s.n; k++)
				if (!strcmp(s.alias[k], t[i].text))
					v = s.view[k];
			if (!v)
				SCAN_FAIL(sc, "no view is called %s here", t[i].text);
			col = t[i + 2].text;
			last = i + 2;
		} else if (s.n == 1) {
			v = s.view[0];
		} else {
			SCAN_FAIL(sc, "%s: unqualified among %u views", col, s.n);
		}
		if (!has_col(v, col))
			SCAN_FAIL(sc, "PostgreSQL %u: %s has no column %s", sc->f->major, v->name, col);
		if (sc->literals && !check_literals(sc, v, col, last + 1, end))
			return false;
		i = last;
	}
	return true;
}

bool pg_sql_scan(const struct pg_fixture *f, const char *text, bool literals, struct pg_sql *q,
		 char *why, size_t len)
{
	struct scan sc = { .f = f, .q = q, .literals = literals };
	bool ok;

	tokenize(text, q);
	ok = q->n > 0 && is(&q->t[0], "SELECT") && check_select(&sc, 1, q->n);
	snprintf(why, len, "%s", ok ? "" : sc.why[0] ? sc.why : "not a SELECT");
	return ok;
}

unsigned pg_sql_outputs(const struct pg_sql *q, char names[][PG_NAME], unsigned max)
{
	const char *as = NULL;
	size_t start = 1;
	unsigned n = 0;
	int depth = 0;

	for (size_t i = 1; i <= q->n; i++) {
		const struct pg_tok *t = &q->t[i];

		if (i < q->n && !(depth == 0 && (is(t, ",") || is(t, "FROM")))) {
			if (is(t, "("))
				depth++;
			else if (is(t, ")"))
				depth--;
			else if (depth == 0 && is(t, "AS") && i + 1 < q->n)
				as = q->t[i + 1].text;
			continue;
		}
		assert_true(n < max);
		if (!as && i - start == 3 && is(&q->t[start + 1], "."))
			as = q->t[start + 2].text;
		else if (!as && i - start == 1)
			as = q->t[start].text;
		if (!as)
			fail_msg("output column %u has no name", n + 1);
		snprintf(names[n++], PG_NAME, "%s", as);
		as = NULL;
		start = i + 1;
		if (i == q->n || is(t, "FROM"))
			break;
	}
	return n;
}

