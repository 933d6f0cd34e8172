/* device_advice.c — see device_advice.h. */
#include "advice/device_advice.h"

#include <string.h>

/* Copies an identifier read from sysfs, cut to fit and terminated. */
static void copy_name(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

void wb_device_advise(const struct wb_device *d, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .code = WB_ADV_VOLATILE_CACHE, .severity = WB_SEVERITY_WARN };

	if (!wb_device_volatile_cache(d))
		return;
	/* A virtual disk's write_cache is the hypervisor's word for it. */
	if (d->facts_unverified)
		a.severity = WB_SEVERITY_INFO;
	a.unverified = d->facts_unverified;
	copy_name(a.source, sizeof(a.source), d->block_name);
	copy_name(a.setting, sizeof(a.setting), d->write_cache);
	wb_advisory_push(l, &a);
}
