/* pg_catalogue.h — for test_pg_queries.c: what one PostgreSQL major documents
 * (its views' columns, values of the columns the queries compare, pg_settings
 * rows) and two snapshot rows, read from fixtures/pg/<major>.txt, and a scanner
 * that checks SQL text against them. Test code: a fixture it cannot read fails
 * the running cmocka test. */
#ifndef WB_TESTS_PG_CATALOGUE_H
#define WB_TESTS_PG_CATALOGUE_H

#include <stdbool.h>
#include <stddef.h>

#define PG_NAME 48

struct pg_view {
	char name[PG_NAME];        /* "pg_stat_wal" */
	char cols[48][PG_NAME];    /* its documented columns */
	unsigned ncols;
};
struct pg_value {
	char col[2 * PG_NAME];     /* "pg_stat_io.object" */
	char text[PG_NAME];        /* "temp relation" */
};
struct pg_setting_row {
	char name[PG_NAME], setting[80], unit[8]; /* unit "" is SQL NULL */
	char want[32];             /* the value walbench should make; "text" none */
};
struct pg_row {                    /* one snapshot row: column names and their text */
	char names[32][PG_NAME], text[32][PG_NAME];
	unsigned n;
};
struct pg_fixture {
	unsigned major;
	struct pg_view views[8];
	unsigned nviews;
	struct pg_value values[24];
	unsigned nvalues;
	struct pg_setting_row settings[32];
	unsigned nsettings;
	char functions[8][PG_NAME]; /* documented functions the queries call qualified */
	unsigned nfunctions;
	struct pg_row begin, end;
};

/* Reads dir/pg/<major>.txt into f. */
void pg_fixture_load(struct pg_fixture *f, const char *dir, unsigned major);

enum pg_kind { PG_IDENT, PG_STRING, PG_PUNCT };
struct pg_tok {
	enum pg_kind kind;
	char text[PG_NAME];
};
struct pg_sql {
	struct pg_tok t[512];
	size_t n;
};

/* Tokenizes text into q and checks it against f: every view it names is a
 * pg_catalog view of f's major, every pg_catalog.FUNCTION( one of its functions, every column it reads or filters on is one of
 * that view's, and (when literals) every string a column is compared with is a
 * documented value of it. false, with the first thing wrong in why, otherwise. */
bool pg_sql_scan(const struct pg_fixture *f, const char *text, bool literals, struct pg_sql *q,
		 char *why, size_t len);

/* The output column names of q's top SELECT: the name after AS, else the bare
 * column; at most max. */
unsigned pg_sql_outputs(const struct pg_sql *q, char names[][PG_NAME], unsigned max);

#endif
