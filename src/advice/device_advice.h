/* device_advice.h — advisories from the storage facts: storage that is memory,
 * parity RAID whose full stripe is larger than a WAL write, a volatile write
 * cache (not on memory), and facts a virtual disk reports that cannot be
 * trusted. Pure. */
#ifndef WB_ADVICE_DEVICE_ADVICE_H
#define WB_ADVICE_DEVICE_ADVICE_H

#include "advice/advisory.h"
#include "facts/device.h"

/* Adds the advisories d calls for to l, memory first. */
void wb_device_advise(const struct wb_device *d, struct wb_advisory_list *l);

/* The warning that d is memory (wb_device_in_ram), in a: true when it is.
 * run prints it alone, under its storage facts, as it has no advisories. */
bool wb_device_advise_in_memory(const struct wb_device *d, struct wb_advisory *a);

#endif
