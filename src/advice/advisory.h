/* advisory.h — one piece of advice about a setting outside walbench's control
 * (a sysctl, a PostgreSQL setting, the device's cache): which rule fired, the
 * figures it read, how serious. report/words.h words it as {fact, value,
 * advice, reason}, for the text and the JSON. */
#ifndef WB_ADVICE_ADVISORY_H
#define WB_ADVICE_ADVISORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "facts/os.h"

enum wb_severity {
	WB_SEVERITY_INFO,            /* worth knowing; the setting is common and often fine */
	WB_SEVERITY_WARN,            /* known to cost latency or throughput on a database host */
	WB_SEVERITY_COUNT
};

/* Which rule fired (os_advice.c, device_advice.c). */
enum wb_advisory_code {
	WB_ADV_THP_ENABLED,          /* transparent_hugepage/enabled = always */
	WB_ADV_THP_DEFRAG,           /* transparent_hugepage/defrag = always */
	WB_ADV_HUGEPAGES_UNSIZED,    /* none reserved, on a kernel that preempts kernel code,
				      * and no shared_buffers to count them from */
	WB_ADV_HUGEPAGES_SHORT,      /* fewer reserved (value) than the server needs (needed):
				      * its own count, or estimated from shared_buffers */
	WB_ADV_DIRTY_BACKGROUND,     /* background writeback starts past limit_bytes */
	WB_ADV_DIRTY_LIMIT,          /* writers are throttled only past limit_bytes */
	WB_ADV_DIRTY_EXPIRE,         /* dirty data waits value centiseconds, above the default */
	WB_ADV_SWAPPINESS,           /* value, above a database host's */
	WB_ADV_VFS_CACHE_PRESSURE,   /* value, changed from the kernel default */
	WB_ADV_PREEMPT_KERNEL,       /* the kernel preempts kernel code: reserve huge pages */
	WB_ADV_PREEMPT_DYNAMIC,      /* chosen at boot, the model in use not readable */
	WB_ADV_PREEMPT_QUIET,        /* a model that does not preempt inside a page fault */
	WB_ADV_VOLATILE_CACHE,       /* the device acknowledges writes from a volatile cache */
	WB_ADV_PARITY_ARRAY,         /* parity RAID (source, setting: the level) whose full stripe
				      * (value, bytes) is larger than a WAL page */
	WB_ADV_IN_MEMORY,            /* the storage is memory (source: what is; setting: the
				      * file system measured): nothing survives a power cut */
	WB_ADV_COUNT
};

struct wb_advisory {
	enum wb_advisory_code code;
	enum wb_severity severity;
	uint64_t value;              /* the figure read: the sysctl, or the pages reserved */
	uint64_t needed;             /* HUGEPAGES_SHORT: the pages the server needs */
	bool from_server;            /* HUGEPAGES_SHORT: needed is the server's own count
				      * (shared_memory_size_in_huge_pages), not the estimate */
	uint64_t shmem_bytes;        /* HUGEPAGES_SHORT from_server: the server's
				      * shared_memory_size, bytes; 0 when not shown */
	uint64_t shared_buffers;     /* HUGEPAGES_SHORT: bytes, as given (0 from_server
				      * without it) */
	uint64_t page_size;          /* HUGEPAGES_SHORT: the huge page size, bytes */
	bool by_ratio;               /* DIRTY_*: the *_ratio of MemTotal, not *_bytes, is set */
	unsigned ratio_pct;          /* DIRTY_* by ratio: the ratio, capped at 100 */
	uint64_t mem_total;          /* DIRTY_* by ratio: MemTotal, bytes */
	uint64_t limit_bytes;        /* DIRTY_*: the limit in bytes (value, or ratio x MemTotal) */
	enum wb_preempt preempt;     /* PREEMPT_*, HUGEPAGES_*: the preemption model */
	bool preemptible;            /* HUGEPAGES_SHORT: the kernel preempts kernel code */
	bool unverified;             /* VOLATILE_CACHE: a virtual disk's word for it */
	char source[64];             /* PREEMPT_*: where the model was read; VOLATILE_CACHE:
				      * the disk's name; PARITY_ARRAY: the array's kind and device
				      * ("md md2", "btrfs 5f0e6e1a"); IN_MEMORY: what is memory
				      * ("tmpfs", "zram0": wb_device_memory) */
	char setting[32];            /* VOLATILE_CACHE: queue/write_cache as read; PARITY_ARRAY:
				      * the level; IN_MEMORY: the file system measured */
};

/* "info", "warn". */
const char *wb_severity_name(enum wb_severity s);

/* Collects advisories into a caller's array of max; what does not fit is
 * counted in dropped, never written past the end. */
struct wb_advisory_list {
	struct wb_advisory *v;
	size_t max;
	size_t n;                    /* entries written */
	size_t dropped;              /* entries that did not fit */
};

void wb_advisory_push(struct wb_advisory_list *l, const struct wb_advisory *a);

#endif
