/* table_fixture.h — the one loader of the plan's JSON tables (qualify's tiers,
 * the burst-volume facts) for the unit tests that read them: a fixture by its
 * name, from the table's own folder of tests/unit/fixtures, or the file
 * shipped in profiles/. The table's type picks its loader and folder.
 * tests/CMakeLists.txt gives its tests WB_FIXTURES_DIR and WB_PROFILES_DIR. */
#ifndef WB_TESTS_TABLE_FIXTURE_H
#define WB_TESTS_TABLE_FIXTURE_H

#include <stddef.h>

#include "model/burst_volume.h"
#include "model/tier.h"

/* One table: its fixtures' folder, its shipped file and its reader. */
struct table_kind {
	const char *dir;             /* under tests/unit/fixtures */
	const char *shipped;         /* under profiles/ */
	int (*load)(const char *path, void *out, char *err, size_t len);
};

extern const struct table_kind table_tiers, table_burst;

/* Loads the fixture name, or with name NULL the shipped file, into out and
 * returns the reader's answer, its message in err; with err NULL, a table that
 * does not load fails the test with the reader's line. */
int table_load(const struct table_kind *k, const char *name, void *out, char *err, size_t len);

/* The kind of out: a struct wb_tiers or a struct wb_burst_table. */
#define TABLE_KIND(out)                                                                     \
	_Generic((out), struct wb_tiers *: &table_tiers, struct wb_burst_table *: &table_burst)

/* fixtures/tiers/NAME or fixtures/burst/NAME into out: the reader's answer. */
#define fixture_load(name, out, err, len) table_load(TABLE_KIND(out), name, out, err, len)
/* The same, failing the test unless it loads. */
#define fixture_must_load(name, out) table_load(TABLE_KIND(out), name, out, NULL, 0)
/* profiles/tiers.json or burst-volumes.json into out, failing the test unless it loads. */
#define shipped_load(out) table_load(TABLE_KIND(out), NULL, out, NULL, 0)

#endif
