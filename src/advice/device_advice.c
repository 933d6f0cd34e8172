/* device_advice.c — see device_advice.h. */
#include "advice/device_advice.h"

#include <stdio.h>

void wb_device_advise(const struct wb_device *d, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .severity = WB_SEVERITY_WARN };

	if (!wb_device_volatile_cache(d))
		return;
	/* A virtual disk's write_cache is the hypervisor's word for it. */
	if (d->facts_unverified)
		a.severity = WB_SEVERITY_INFO;
	snprintf(a.fact, sizeof(a.fact), "%.40s queue/write_cache", d->block_name);
	snprintf(a.value, sizeof(a.value), "%s%s", d->write_cache,
		 d->facts_unverified ? " (unverified: virtual disk)" : "");
	snprintf(a.advice, sizeof(a.advice), "make sure flushes reach stable media: a "
		 "battery- or capacitor-backed cache, or a power-loss check");
	snprintf(a.reason, sizeof(a.reason), "the device acknowledges writes from a volatile "
		 "cache; committed transactions survive a power cut only if every fsync makes "
		 "it empty that cache (consumer SSDs and RAID controllers with a dead battery "
		 "have lied about it), and fast flush rates here do not prove it does");
	wb_advisory_push(l, &a);
}
