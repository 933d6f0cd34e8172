/* burst_volume.c — the names of the burst-volume table's enums. */
#include "model/burst_volume.h"

const char *const wb_bursts_names[WB_BURSTS_COUNT] = {
	[WB_BURSTS_NO] = "no",
	[WB_BURSTS_YES] = "yes",
	[WB_BURSTS_UNKNOWN] = "unknown",
};

const char *const wb_burst_basis_names[WB_BASIS_COUNT] = {
	[WB_BASIS_PROVIDER] = "provider",
	[WB_BASIS_MEASURED] = "measured",
};

const char *const wb_burst_fact_names[WB_FACT_COUNT] = {
	[WB_FACT_MODEL] = "model",
	[WB_FACT_VENDOR] = "vendor",
	[WB_FACT_DMI_VENDOR] = "dmi_vendor",
	[WB_FACT_DMI_PRODUCT] = "dmi_product",
};
