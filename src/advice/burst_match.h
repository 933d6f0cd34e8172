/* burst_match.h — which entry of the provider fact table (model/burst_volume.h)
 * the storage under a path is, from the facts walbench gathered: the first
 * device, in the table's order, whose every asked fact holds one of its
 * strings on one disk of the stack (model, vendor) and on the machine (DMI).
 * Pure: no I/O, no sentences. Trap: a match names the kinds the volume may
 * be, and their answers are combined, so "no" means every one of them has
 * no credits, and one "yes" among them keeps the burst a possibility. */
#ifndef WB_ADVICE_BURST_MATCH_H
#define WB_ADVICE_BURST_MATCH_H

#include <stddef.h>

#include "facts/storage.h"
#include "model/burst_volume.h"

/* One kind the matched volume may be, and its provider's baseline at the
 * volume's size. */
struct wb_burst_kind_at {
	size_t kind;               /* index in the table's kinds */
	double baseline;           /* in the kind's unit; NAN without a size or the figures */
};

struct wb_burst_match {
	int device;                /* index in the table's devices; -1 none matched */
	int layer;                 /* the disk layer matched; -1 when only machine facts were asked */
	enum wb_bursts bursts;     /* yes when any kind may burst, else unknown when any is,
				    * else no; unknown when nothing matched */
	double size_gib;           /* the matched disk's size; NAN unknown */
	struct wb_burst_kind_at k[WB_BURST_MAX_DEVICE_KINDS];
	size_t nkinds;
};

/* Matches d against t (NULL: nothing matches) into out. */
void wb_burst_match(const struct wb_device *d, const struct wb_burst_table *t,
		    struct wb_burst_match *out);

/* The provider's baseline for a volume of size_gib: baseline_per_gib times
 * the size, held within baseline_min and baseline_max where given. NAN when
 * the size or the per-GiB figure is unknown. */
double wb_burst_baseline(const struct wb_burst_kind *k, double size_gib);

#endif
