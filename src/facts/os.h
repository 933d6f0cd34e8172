/* os.h — facts about the kernel's memory and scheduling settings that shape a
 * database's latency: the kernel release and preemption model, transparent and
 * reserved huge pages, the dirty-page writeback limits, swappiness. Read from
 * /proc and /sys; every fact carries whether it was read, and one that cannot be
 * read stays unknown — the advice never guesses a default in its place. */
#ifndef WB_FACTS_OS_H
#define WB_FACTS_OS_H

#include <stdbool.h>
#include <stdint.h>

/* One number read from a file; value is 0 when !known. */
struct wb_os_num {
	uint64_t value;
	bool known;
};

/* The kernel's preemption model. The kernel's version string says how it was
 * built; with PREEMPT_DYNAMIC the model is chosen at boot (preempt=) and can be
 * changed at run time, which only debugfs sched/preempt shows. */
enum wb_preempt {
	WB_PREEMPT_UNKNOWN,          /* nothing readable said */
	WB_PREEMPT_NONE,             /* no preemption of kernel code */
	WB_PREEMPT_VOLUNTARY,        /* preemption at explicit points only */
	WB_PREEMPT_FULL,             /* kernel code preemptible almost anywhere */
	WB_PREEMPT_LAZY,             /* full, but defers preempting a task until a tick */
	WB_PREEMPT_RT,               /* the real-time kernel */
	WB_PREEMPT_NONE_OR_VOLUNTARY, /* built without preemption: none or voluntary, not which */
	WB_PREEMPT_DYNAMIC,          /* PREEMPT_DYNAMIC, the model in use not readable */
	WB_PREEMPT_COUNT
};

struct wb_os_facts {
	char kernel_release[64];     /* e.g. "6.1.0-18-amd64"; "" unknown */
	unsigned kernel_major;       /* 6 of "6.1.0-18-amd64"; 0 unknown */
	unsigned kernel_minor;       /* 1 of "6.1.0-18-amd64" */

	enum wb_preempt preempt;     /* the preemption model */
	char preempt_source[48];     /* where it was read, e.g. "sched/preempt (debugfs)" */

	/* Transparent huge pages: the active choice, the bracketed one in
	 * transparent_hugepage/{enabled,defrag}; "" unknown. */
	char thp_enabled[16];        /* "always", "madvise", "never" */
	char thp_defrag[24];         /* "always", "defer", "defer+madvise", "madvise", "never" */

	/* meminfo. */
	struct wb_os_num mem_total_bytes;      /* MemTotal */
	struct wb_os_num hugepage_size_bytes;  /* Hugepagesize: the default huge page */
	struct wb_os_num hugepages_total;      /* HugePages_Total: pages reserved */
	struct wb_os_num hugepages_free;       /* HugePages_Free: reserved, not yet mapped */

	/* vm sysctls, as the kernel reports them. Writing a *_bytes zeroes its
	 * *_ratio and the other way round, so the non-zero one of a pair is in force. */
	struct wb_os_num dirty_ratio;               /* % of available memory */
	struct wb_os_num dirty_background_ratio;    /* % of available memory */
	struct wb_os_num dirty_bytes;               /* 0 = dirty_ratio in force */
	struct wb_os_num dirty_background_bytes;    /* 0 = dirty_background_ratio in force */
	struct wb_os_num dirty_expire_centisecs;    /* age at which dirty data is written back */
	struct wb_os_num swappiness;                /* 0..200 */
	struct wb_os_num vfs_cache_pressure;        /* reclaim of dentries/inodes vs page cache */
};

/* Fills f from proc_root (normally "/proc") and sys_root (normally "/sys");
 * tests point them at fixture trees. Never fails as a whole. When proc_root is
 * exactly "/proc", uname(2) stands in for an unreadable kernel release and
 * version string; a fixture tree is never mixed with the real host. */
void wb_os_probe(struct wb_os_facts *f, const char *proc_root, const char *sys_root);

/* "unknown", "none", "voluntary", "full", "lazy", "rt", "none or voluntary",
 * "dynamic (model in use not readable)". */
const char *wb_preempt_name(enum wb_preempt p);

/* Exposed for tests: the model named by debugfs sched/preempt text, e.g.
 * "none voluntary (full) lazy" -> FULL; UNKNOWN when nothing is in parentheses. */
enum wb_preempt wb_preempt_from_debugfs(const char *text);

/* Exposed for tests: the model a kernel version string says it was built with
 * ("#1 SMP PREEMPT_DYNAMIC Debian ..."), matched as whole words. */
enum wb_preempt wb_preempt_from_version(const char *version);

#endif
