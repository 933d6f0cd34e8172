/* burst_match.c — see burst_match.h. A device's facts are substring tests:
 * the kernel pads and truncates model strings ("Amazon Elastic Block Store"
 * may end in spaces, SCSI models are 16 bytes), so equality would miss. */
#include "advice/burst_match.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The fact holds one of the device's strings for it, or the device asks none. */
static bool fact_holds(const struct wb_burst_device *dev, enum wb_burst_fact f,
		       const char *fact)
{
	size_t i;

	if (!dev->nmatch[f])
		return true;
	for (i = 0; i < dev->nmatch[f]; i++)
		if (strstr(fact, dev->match[f][i]))
			return true;
	return false;
}

static bool asks_disk(const struct wb_burst_device *dev)
{
	return dev->nmatch[WB_FACT_MODEL] || dev->nmatch[WB_FACT_VENDOR];
}

/* The disk layer dev matches on: -1 when it asks nothing of a disk, -2 none. */
static int disk_of(const struct wb_device *d, const struct wb_burst_device *dev)
{
	unsigned i;

	if (!asks_disk(dev))
		return -1;
	for (i = 0; i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (l->kind == WB_LAYER_DISK && fact_holds(dev, WB_FACT_MODEL, l->model) &&
		    fact_holds(dev, WB_FACT_VENDOR, l->vendor))
			return (int)i;
	}
	return -2;
}

double wb_burst_baseline(const struct wb_burst_kind *k, double size_gib)
{
	double b;

	if (!isfinite(size_gib) || !isfinite(k->baseline_per_gib))
		return NAN;
	b = k->baseline_per_gib * size_gib;
	if (isfinite(k->baseline_min) && b < k->baseline_min)
		b = k->baseline_min;
	if (isfinite(k->baseline_max) && b > k->baseline_max)
		b = k->baseline_max;
	return b;
}

/* Every kind's answer, combined as burst_match.h says. */
static enum wb_bursts combined(const struct wb_burst_table *t, const struct wb_burst_device *dev)
{
	bool unknown = false;
	size_t i;

	for (i = 0; i < dev->nkinds; i++) {
		if (t->kinds[dev->kinds[i]].bursts == WB_BURSTS_YES)
			return WB_BURSTS_YES;
		unknown = unknown || t->kinds[dev->kinds[i]].bursts == WB_BURSTS_UNKNOWN;
	}
	return unknown ? WB_BURSTS_UNKNOWN : WB_BURSTS_NO;
}

void wb_burst_match(const struct wb_device *d, const struct wb_burst_table *t,
		    struct wb_burst_match *out)
{
	const struct wb_burst_device *dev;
	size_t i, k;
	int layer = -2;

	*out = (struct wb_burst_match){ .device = -1, .layer = -1, .bursts = WB_BURSTS_UNKNOWN,
					.size_gib = NAN };
	for (i = 0; t && i < t->ndevices; i++) {
		dev = &t->devices[i];
		if (!fact_holds(dev, WB_FACT_DMI_VENDOR, d->dmi_vendor) ||
		    !fact_holds(dev, WB_FACT_DMI_PRODUCT, d->dmi_product))
			continue;
		if ((layer = disk_of(d, dev)) != -2)
			break;
	}
	if (!t || i == t->ndevices)
		return;
	dev = &t->devices[i]; /* the loop's, said again: an optimiser cannot see it is set */
	out->device = (int)i;
	out->layer = layer;
	out->bursts = combined(t, dev);
	if (layer >= 0 && d->layers[layer].size_bytes)
		out->size_gib = (double)d->layers[layer].size_bytes / (double)(1ull << 30);
	for (k = 0; k < dev->nkinds; k++)
		out->k[k] = (struct wb_burst_kind_at){
			.kind = dev->kinds[k],
			.baseline = wb_burst_baseline(&t->kinds[dev->kinds[k]], out->size_gib),
		};
	out->nkinds = dev->nkinds;
}
