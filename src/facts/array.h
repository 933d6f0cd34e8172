/* array.h — the array in a device stack summed up (array.c): which layer
 * spreads writes over members, its level, chunk and full stripe, and each
 * member's disk facts. Pure: it reads only the layers stack.c walked. */
#ifndef WB_FACTS_ARRAY_H
#define WB_FACTS_ARRAY_H

#include <stdint.h>

#include "facts/storage.h"

/* BTRFS_STRIPE_LEN: btrfs writes 64 KiB to each device of a striped profile
 * before the next (fs/btrfs/volumes.h; fixed, not a mount or mkfs option). */
#define WB_BTRFS_STRIPE_LEN 65536u

/* Fills d->array from d->layers: the first array in depth-first order (the
 * topmost on its branch), or kind NONE. stack.c calls it after every walk. */
void wb_array_summarise(struct wb_device *d);

/* The readable name of an array kind: "none", "md", "dm", "btrfs". */
const char *wb_array_kind_name(enum wb_array_kind kind);

#endif
