/* burst_volumes.h — loading the provider fact table (model/burst_volume.h)
 * from JSON: the shipped profiles/burst-volumes.json or a file of the user's.
 * Nothing that does not fit the table is accepted: a quoted rule must mean
 * exactly what its file says, with its source and date.
 *
 * The file is {"kinds": [KIND, ...], "devices": [DEVICE, ...]} with an optional
 * free-text "description". A KIND is {"name", "provider", "title", "bursts"
 * ("yes" | "no" | "unknown"), "basis" ("provider" | "measured"), "rule",
 * "source" (https://...), "as_of" (YYYY-MM-DD)} and, for the arithmetic,
 * optionally "unit" ("IOPS" | "MiB/s") with any of "burst", "credits",
 * "baseline_per_gib", "baseline_min", "baseline_max". A DEVICE is {"name",
 * "what", "match": {FACT: [STRING, ...], ...}, "kinds": [KIND NAME, ...],
 * "source", "as_of"}, FACT one of model, vendor, dmi_vendor, dmi_product. */
#ifndef WB_PLAN_BURST_VOLUMES_H
#define WB_PLAN_BURST_VOLUMES_H

#include <stddef.h>

#include "model/burst_volume.h"

/* The file the shipped table lives in, found as profiles are (plan/profile.h). */
#define WB_BURST_VOLUMES_DEFAULT "burst-volumes"

/* Loads path_or_null, or with NULL the default burst-volumes.json, into out.
 * 0; -ENOENT (or the read's -errno) when the file cannot be read; -EINVAL when
 * it is not valid, with one line in err naming the file and the JSON path
 * ("kinds[2].baseline_min"); -ENOMEM. On any error out holds nothing. */
int wb_burst_volumes_load(const char *path_or_null, struct wb_burst_table *out, char *err,
			  size_t err_len);

#endif
