/* burst_volume.h — the provider fact table qualify quotes beside a measured
 * burst (issue 36): each volume kind a cloud sells, whether it runs on burst
 * credits and the provider's published rule with its source, and how the
 * facts walbench gathers recognise a provider's volume. Loaded from
 * profiles/burst-volumes.json by plan/burst_volumes.c, matched by
 * advice/burst_match.c. Trap: the guest sees the provider, seldom the kind
 * (every EBS volume calls itself "Amazon Elastic Block Store", gp2 and gp3
 * alike), so a device names every kind it may be, not the one it is. */
#ifndef WB_MODEL_BURST_VOLUME_H
#define WB_MODEL_BURST_VOLUME_H

#include <stddef.h>

/* Whether a kind runs on burst credits, in its provider's word. */
enum wb_bursts {
	WB_BURSTS_NO,       /* "no": a provisioned or local rate, no credits to run out */
	WB_BURSTS_YES,      /* "yes": a credit bucket, then a baseline */
	WB_BURSTS_UNKNOWN,  /* "unknown": the provider's pages checked do not say */
	WB_BURSTS_COUNT
};

/* Where a kind's figures come from. */
enum wb_burst_basis {
	WB_BASIS_PROVIDER,  /* "provider": the provider's published word, not measured */
	WB_BASIS_MEASURED,  /* "measured": measured by walbench's authors, with the source saying how */
	WB_BASIS_COUNT
};

/* The facts a device is recognised by (facts/storage.h); each is a substring
 * test, case-sensitive, on the fact as the kernel shows it. */
enum wb_burst_fact {
	WB_FACT_MODEL,       /* "model": a disk's device/model */
	WB_FACT_VENDOR,      /* "vendor": a disk's device/vendor */
	WB_FACT_DMI_VENDOR,  /* "dmi_vendor": /sys/class/dmi/id/sys_vendor */
	WB_FACT_DMI_PRODUCT, /* "dmi_product": /sys/class/dmi/id/product_name */
	WB_FACT_COUNT
};

#define WB_BURST_MAX_KINDS 32
#define WB_BURST_MAX_DEVICES 16
#define WB_BURST_MAX_ALTERNATIVES 4  /* strings one fact may match */
#define WB_BURST_MAX_DEVICE_KINDS 12 /* kinds one device may be */

struct wb_burst_kind {
	char name[24];          /* the provider's own name for it: "gp2", "premium-ssd-p1-p20" */
	char provider[16];      /* "AWS", "Azure", "GCE" */
	char title[80];         /* "EBS General Purpose SSD (gp2)" */
	enum wb_bursts bursts;
	enum wb_burst_basis basis;
	char rule[320];         /* the rule in one line, quoted beside the measurement */
	char source[200];       /* the page it is read from (https://...) */
	char as_of[11];         /* YYYY-MM-DD: when the rule was read there */
	/* Figures for the arithmetic, all NAN when the file gives none: */
	char unit[8];           /* "IOPS" or "MiB/s"; "" without figures */
	double burst;           /* the burst rate while credits last */
	double credits;         /* the bucket, full, in units of I/O */
	double baseline_per_gib; /* the baseline per GiB of volume */
	double baseline_min, baseline_max; /* the baseline's floor and ceiling */
};

struct wb_burst_device {
	char name[32];          /* "aws-ebs" */
	char what[80];          /* "an Amazon EBS volume" */
	/* Every fact given must match one of its strings; a fact given no strings is not asked. */
	char match[WB_FACT_COUNT][WB_BURST_MAX_ALTERNATIVES][64];
	size_t nmatch[WB_FACT_COUNT];
	size_t kinds[WB_BURST_MAX_DEVICE_KINDS]; /* indices in the table's kinds */
	size_t nkinds;
	char source[200];       /* where the provider documents what its guests see */
	char as_of[11];
};

struct wb_burst_table {
	struct wb_burst_kind kinds[WB_BURST_MAX_KINDS];
	size_t nkinds;
	struct wb_burst_device devices[WB_BURST_MAX_DEVICES];
	size_t ndevices;
};

/* The JSON names of the enums above, indexed by them. */
extern const char *const wb_bursts_names[WB_BURSTS_COUNT];
extern const char *const wb_burst_basis_names[WB_BASIS_COUNT];
extern const char *const wb_burst_fact_names[WB_FACT_COUNT];

#endif
