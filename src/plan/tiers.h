/* tiers.h — loading qualify's tiers (model/tier.h) from JSON: the shipped
 * profiles/tiers.json or a file of the user's. Nothing that does not fit the
 * table is accepted, so a loaded tier means exactly what its file says.
 *
 * The file is an object {"tiers": [TIER, ...]} with an optional free-text
 * "description"; a TIER is {"name", "description", "criteria": [CRITERION, ...]};
 * a CRITERION is {"shape", "metric", "threshold", "source"}, all required. */
#ifndef WB_PLAN_TIERS_H
#define WB_PLAN_TIERS_H

#include <stddef.h>

#include "model/tier.h"

/* The file the shipped tiers live in, found as profiles are (plan/profile.h). */
#define WB_TIERS_DEFAULT "tiers"

/* Loads path_or_null, or with NULL the default tiers.json ($WALBENCH_PROFILES,
 * then the source tree's profiles/), into out. 0; -ENOENT (or the read's
 * -errno) when the file cannot be read; -EINVAL when it is not valid, with one
 * line in err naming the file and the JSON path ("tiers[2].criteria[0].metric");
 * -ENOMEM. On any error out holds no tiers. */
int wb_tiers_load(const char *path_or_null, struct wb_tiers *out, char *err, size_t err_len);

#endif
