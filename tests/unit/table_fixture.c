/* table_fixture.c — the unit tests' loader of the plan's tables (table_fixture.h).
 * The readers take their own struct; the thunks below give them one type. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "plan/burst_volumes.h"
#include "plan/tiers.h"

#include "table_fixture.h"

static int load_tiers(const char *path, void *out, char *err, size_t len)
{
	return wb_tiers_load(path, out, err, len);
}

static int load_burst(const char *path, void *out, char *err, size_t len)
{
	return wb_burst_volumes_load(path, out, err, len);
}

const struct table_kind table_tiers = { "tiers", "tiers.json", load_tiers };
const struct table_kind table_burst = { "burst", "burst-volumes.json", load_burst };

int table_load(const struct table_kind *k, const char *name, void *out, char *err, size_t len)
{
	char path[512], own[1024];
	int n, ret;

	if (name)
		n = snprintf(path, sizeof(path), "%s/%s/%s", WB_FIXTURES_DIR, k->dir, name);
	else
		n = snprintf(path, sizeof(path), "%s/%s", WB_PROFILES_DIR, k->shipped);
	if (n < 0 || (size_t)n >= sizeof(path))
		fail_msg("%s: the table's path is too long", name ? name : k->shipped);
	if (err)
		return k->load(path, out, err, len);
	ret = k->load(path, out, own, sizeof(own));
	if (ret)
		fail_msg("%s", own);
	return ret;
}
