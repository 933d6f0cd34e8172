/* os_advice.c — the OS advisory rules, one function each, in the order they are
 * reported. Every threshold below says where it comes from.
 * Trap: a dirty *_ratio is a share of *available* memory (free + reclaimable),
 * which the facts do not have; MemTotal stands in, so the figure shown is the
 * most the limit can be, and the value string says "of MemTotal". */
#include "advice/os_advice.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define KIB ((uint64_t)1024)
#define MIB (KIB * 1024)
#define GIB (MIB * 1024)
#define TIB (GIB * 1024)
/* Room for any fmt_size() output: "16777216.0 TiB" is the longest. */
#define SIZE_STR 16

/* PostgreSQL's shared memory is shared_buffers plus WAL buffers (by default
 * 1/32 of shared_buffers, capped at one 16 MB segment), buffer descriptors and
 * structures that scale with max_connections. PostgreSQL 15.18 with initdb's
 * defaults (max_connections 100) reports shared_memory_size_in_huge_pages
 * (2 MiB pages) 72, 537, 4200 and 33502 for shared_buffers 128 MB, 1, 8 and
 * 64 GB: about 2.2 % + 27 MiB. The estimate keeps a margin above that, 3 % +
 * 32 MiB (82, 544, 4235, 33768); the advice names the exact command too. */
#define WB_PG_SHMEM_OVERHEAD_PCT 3
#define WB_PG_SHMEM_FIXED_BYTES (32 * MIB)

/* Background writeback should start well before a checkpoint's worth of dirty
 * data piles up: PostgreSQL's docs (checkpoint_flush_after) name a full page
 * cache as the cause of "stalls when an fsync is issued at the end of a
 * checkpoint, or when the OS writes data back in larger batches". Common DBA
 * guidance puts the background threshold at 64-256 MB and sees stalls past a
 * few hundred MB to 1 GB. The advisory fires above 1 GiB (the top of that
 * range), so a host under ~10 GiB of RAM at the kernel default of 10 % is left
 * alone, and advises 256 MiB, 64 MiB for slow disks. */
#define WB_DIRTY_BACKGROUND_MAX (1 * GIB)
#define WB_DIRTY_BACKGROUND_ADVISED (256 * MIB)
#define WB_DIRTY_BACKGROUND_ADVISED_SLOW (64 * MIB)
/* The foreground limit: the kernel's defaults (20 % / 10 %) keep it at twice the
 * background threshold, so the advisory fires at twice the background one and
 * both fire together on a default host. Advised at 4 x the background advice,
 * room for a burst before writers are throttled. */
#define WB_DIRTY_LIMIT_MAX (2 * WB_DIRTY_BACKGROUND_MAX)
#define WB_DIRTY_LIMIT_ADVISED (4 * WB_DIRTY_BACKGROUND_ADVISED)
/* The kernel default (Documentation/admin-guide/sysctl/vm.rst): 30 s. */
#define WB_DIRTY_EXPIRE_DEFAULT_CS 3000
/* Common guidance for a dedicated database host: 1-10 (0 is avoided: it lets
 * the OOM killer act before anything is swapped). */
#define WB_SWAPPINESS_DB_MAX 10
/* The kernel default (vm.rst). */
#define WB_VFS_CACHE_PRESSURE_DEFAULT 100

/* "1.5 TiB", "2.4 GiB", "256 MiB", "512 KiB", "100 B". */
static void fmt_size(char *buf, size_t size, uint64_t bytes)
{
	if (bytes >= TIB)
		snprintf(buf, size, "%.1f TiB", (double)bytes / (double)TIB);
	else if (bytes >= GIB)
		snprintf(buf, size, "%.1f GiB", (double)bytes / (double)GIB);
	else if (bytes >= MIB)
		snprintf(buf, size, "%.0f MiB", (double)bytes / (double)MIB);
	else if (bytes >= KIB)
		snprintf(buf, size, "%.0f KiB", (double)bytes / (double)KIB);
	else
		snprintf(buf, size, "%" PRIu64 " B", bytes);
}

static bool known_nonzero(const struct wb_os_num *n)
{
	return n->known && n->value > 0;
}

/* The kernel can preempt a task in kernel code (a page fault) at any point. */
static bool preempts_kernel_code(enum wb_preempt p)
{
	return p == WB_PREEMPT_FULL || p == WB_PREEMPT_LAZY || p == WB_PREEMPT_RT;
}

uint64_t wb_hugepages_needed(uint64_t shared_buffers, uint64_t hugepage_size)
{
	uint64_t shmem;

	if (hugepage_size == 0)
		return 0;
	shmem = shared_buffers / 100 * (100 + WB_PG_SHMEM_OVERHEAD_PCT) +
		shared_buffers % 100 * (100 + WB_PG_SHMEM_OVERHEAD_PCT) / 100 +
		WB_PG_SHMEM_FIXED_BYTES;
	return (shmem + hugepage_size - 1) / hugepage_size;
}

static void advise_preempt(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .fact = "kernel preemption model", .severity = WB_SEVERITY_INFO };

	if (f->preempt == WB_PREEMPT_UNKNOWN)
		return;
	snprintf(a.value, sizeof(a.value), "%s", wb_preempt_name(f->preempt));
	if (preempts_kernel_code(f->preempt)) {
		snprintf(a.advice, sizeof(a.advice),
			 "reserve huge pages for shared_buffers (huge_pages = on)");
		snprintf(a.reason, sizeof(a.reason),
			 "Read from the %s. A backend can be preempted inside a page fault while "
			 "it holds a buffer spinlock; on Linux 7.0 with PREEMPT_LAZY that halved "
			 "pgbench throughput with 4 kB pages, and huge pages restored it.",
			 f->preempt_source);
	} else if (f->preempt == WB_PREEMPT_DYNAMIC) {
		snprintf(a.advice, sizeof(a.advice),
			 "read /sys/kernel/debug/sched/preempt as root to see the model in use");
		snprintf(a.reason, sizeof(a.reason),
			 "Read from the %s: the model is chosen at boot and can change at run "
			 "time; with full or lazy, PostgreSQL without huge pages loses throughput "
			 "on many cores.", f->preempt_source);
	} else {
		snprintf(a.advice, sizeof(a.advice), "nothing to change");
		snprintf(a.reason, sizeof(a.reason),
			 "Read from the %s. Reported because the model changes how PostgreSQL's "
			 "spinlocks behave under page faults; this one does not preempt a task "
			 "inside one.", f->preempt_source);
	}
	wb_advisory_push(l, &a);
}

/* A transparent-huge-page setting known to stall a database host. */
struct thp_rule {
	const char *fact;            /* the file under /sys/kernel/mm/ */
	size_t offset;               /* of its value in struct wb_os_facts */
	const char *advice;
	const char *reason;          /* with the source of the rule */
};

static const struct thp_rule thp_rules[] = {
	/* PostgreSQL's docs (huge_pages): transparent huge pages "are known to
	 * cause performance degradation with PostgreSQL ... their use is
	 * discouraged". */
	{ "transparent_hugepage/enabled", offsetof(struct wb_os_facts, thp_enabled),
	  "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled (or never), "
	  "and transparent_hugepage=madvise on the kernel command line",
	  "PostgreSQL's docs discourage transparent huge pages: with always, faults and "
	  "khugepaged stall on compaction, and commits see latency spikes. Reserved huge "
	  "pages (huge_pages = on) give the TLB gain without them." },
	/* The kernel's admin-guide/mm/transhuge.rst: defrag=always makes a fault
	 * that wants a huge page reclaim and compact synchronously. */
	{ "transparent_hugepage/defrag", offsetof(struct wb_os_facts, thp_defrag),
	  "echo defer+madvise > /sys/kernel/mm/transparent_hugepage/defrag (or madvise, never)",
	  "With defrag=always a page fault that wants a huge page reclaims and compacts "
	  "memory synchronously (kernel transhuge docs): stalls of milliseconds on a "
	  "fragmented host, in whichever backend faulted." },
};

static void advise_thp(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	for (size_t i = 0; i < sizeof(thp_rules) / sizeof(thp_rules[0]); i++) {
		const struct thp_rule *r = &thp_rules[i];
		const char *value = (const char *)f + r->offset;
		struct wb_advisory a = { .severity = WB_SEVERITY_WARN };

		if (strcmp(value, "always") != 0)
			continue;
		snprintf(a.fact, sizeof(a.fact), "%s", r->fact);
		snprintf(a.value, sizeof(a.value), "%s", value);
		snprintf(a.advice, sizeof(a.advice), "%s", r->advice);
		snprintf(a.reason, sizeof(a.reason), "%s", r->reason);
		wb_advisory_push(l, &a);
	}
}

static void advise_hugepages(const struct wb_os_facts *f, uint64_t shared_buffers,
			     struct wb_advisory_list *l)
{
	struct wb_advisory a = { .fact = "HugePages_Total", .severity = WB_SEVERITY_INFO };
	bool preemptible = preempts_kernel_code(f->preempt);
	char sb[SIZE_STR], page[SIZE_STR];
	uint64_t need;

	if (!f->hugepages_total.known || !known_nonzero(&f->hugepage_size_bytes))
		return;
	if (preemptible)
		a.severity = WB_SEVERITY_WARN;
	fmt_size(page, sizeof(page), f->hugepage_size_bytes.value);

	if (shared_buffers == 0) {
		/* Without shared_buffers no count can be given; worth saying only
		 * where the measured regression applies and none are reserved. */
		if (!preemptible || f->hugepages_total.value > 0)
			return;
		snprintf(a.value, sizeof(a.value), "0 reserved");
		snprintf(a.advice, sizeof(a.advice),
			 "reserve huge pages for shared_buffers (vm.nr_hugepages) and set "
			 "huge_pages = on; postgres -C shared_memory_size_in_huge_pages gives the count");
		snprintf(a.reason, sizeof(a.reason),
			 "The kernel preempts kernel code (%s): on Linux 7.0 with PREEMPT_LAZY, "
			 "an AWS pgbench run on 96 vCPUs measured PostgreSQL's throughput halved "
			 "with 4 kB pages and restored with huge pages. Give shared_buffers for "
			 "the count.", wb_preempt_name(f->preempt));
		wb_advisory_push(l, &a);
		return;
	}

	need = wb_hugepages_needed(shared_buffers, f->hugepage_size_bytes.value);
	if (f->hugepages_total.value >= need)
		return;
	fmt_size(sb, sizeof(sb), shared_buffers);
	snprintf(a.value, sizeof(a.value), "%" PRIu64 " reserved, %" PRIu64 " needed",
		 f->hugepages_total.value, need);
	snprintf(a.advice, sizeof(a.advice),
		 "set vm.nr_hugepages = %" PRIu64 " and huge_pages = on (PostgreSQL 15+: "
		 "postgres -C shared_memory_size_in_huge_pages gives the exact count)", need);
	snprintf(a.reason, sizeof(a.reason),
		 "ceil((%s x 1.%02d + %d MiB) / %s) = %" PRIu64 " pages. On Linux 7.0 with "
		 "PREEMPT_LAZY an AWS pgbench run measured PostgreSQL's throughput halved with "
		 "4 kB pages, restored with huge pages%s.",
		 sb, WB_PG_SHMEM_OVERHEAD_PCT, (int)(WB_PG_SHMEM_FIXED_BYTES / MIB), page, need,
		 preemptible ? "; this kernel preempts the same way" : "");
	wb_advisory_push(l, &a);
}

/* One writeback limit: the *_bytes sysctl when set, else *_ratio of MemTotal.
 * Fills fact and value and returns the limit in bytes; 0 when not known. */
static uint64_t dirty_limit(const struct wb_os_facts *f, const struct wb_os_num *bytes,
			    const struct wb_os_num *ratio, const char *bytes_name,
			    const char *ratio_name, struct wb_advisory *a)
{
	char lim[SIZE_STR], mem[SIZE_STR];
	unsigned pct;
	uint64_t v;

	if (known_nonzero(bytes)) {
		fmt_size(lim, sizeof(lim), bytes->value);
		snprintf(a->fact, sizeof(a->fact), "%s", bytes_name);
		snprintf(a->value, sizeof(a->value), "%" PRIu64 " (%s)", bytes->value, lim);
		return bytes->value;
	}
	if (!known_nonzero(ratio) || !known_nonzero(&f->mem_total_bytes))
		return 0;
	pct = ratio->value > 100 ? 100 : (unsigned)ratio->value; /* the kernel's range */
	v = f->mem_total_bytes.value / 100 * pct;
	fmt_size(lim, sizeof(lim), v);
	fmt_size(mem, sizeof(mem), f->mem_total_bytes.value);
	snprintf(a->fact, sizeof(a->fact), "%s", ratio_name);
	snprintf(a->value, sizeof(a->value), "%u %% of %s MemTotal = %s", pct, mem, lim);
	return v;
}

static void advise_dirty(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .severity = WB_SEVERITY_WARN };
	char lim[SIZE_STR];
	uint64_t v;

	v = dirty_limit(f, &f->dirty_background_bytes, &f->dirty_background_ratio,
			"vm.dirty_background_bytes", "vm.dirty_background_ratio", &a);
	if (v > WB_DIRTY_BACKGROUND_MAX) {
		fmt_size(lim, sizeof(lim), v);
		snprintf(a.advice, sizeof(a.advice),
			 "set vm.dirty_background_bytes = %" PRIu64 " (%" PRIu64 " MiB; %" PRIu64
			 " MiB on slow disks); setting it zeroes dirty_background_ratio",
			 WB_DIRTY_BACKGROUND_ADVISED, WB_DIRTY_BACKGROUND_ADVISED / MIB,
			 WB_DIRTY_BACKGROUND_ADVISED_SLOW / MIB);
		snprintf(a.reason, sizeof(a.reason),
			 "Up to %s of dirty page cache builds before background writeback starts; "
			 "a checkpoint's writes then reach the disk in one burst that queues ahead "
			 "of WAL flushes and stalls commits. Guidance: 64-256 MB, past ~1 GB stalls.",
			 lim);
		wb_advisory_push(l, &a);
	}

	a = (struct wb_advisory){ .severity = WB_SEVERITY_WARN };
	v = dirty_limit(f, &f->dirty_bytes, &f->dirty_ratio, "vm.dirty_bytes", "vm.dirty_ratio",
			&a);
	if (v > WB_DIRTY_LIMIT_MAX) {
		fmt_size(lim, sizeof(lim), v);
		snprintf(a.advice, sizeof(a.advice),
			 "set vm.dirty_bytes = %" PRIu64 " (%" PRIu64 " MiB), 4 x "
			 "dirty_background_bytes; setting it zeroes dirty_ratio",
			 WB_DIRTY_LIMIT_ADVISED, WB_DIRTY_LIMIT_ADVISED / MIB);
		snprintf(a.reason, sizeof(a.reason),
			 "Writers are throttled only once %s is dirty; an fsync of a data file at "
			 "checkpoint may have that much to write, and WAL flushes wait behind it "
			 "in the device queue.", lim);
		wb_advisory_push(l, &a);
	}

	if (f->dirty_expire_centisecs.known &&
	    f->dirty_expire_centisecs.value > WB_DIRTY_EXPIRE_DEFAULT_CS) {
		a = (struct wb_advisory){ .fact = "vm.dirty_expire_centisecs",
					  .severity = WB_SEVERITY_INFO };
		snprintf(a.value, sizeof(a.value), "%" PRIu64, f->dirty_expire_centisecs.value);
		snprintf(a.advice, sizeof(a.advice),
			 "set vm.dirty_expire_centisecs = %d (the kernel default) or lower",
			 WB_DIRTY_EXPIRE_DEFAULT_CS);
		snprintf(a.reason, sizeof(a.reason),
			 "Dirty data waits %" PRIu64 " s before it is due for writeback, above the "
			 "kernel's 30 s default (laptop-mode tools raise it); more piles up to be "
			 "written in one burst at checkpoint.",
			 f->dirty_expire_centisecs.value / 100);
		wb_advisory_push(l, &a);
	}
}

static void advise_swappiness(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .fact = "vm.swappiness", .severity = WB_SEVERITY_INFO };

	if (!f->swappiness.known || f->swappiness.value <= WB_SWAPPINESS_DB_MAX)
		return;
	snprintf(a.value, sizeof(a.value), "%" PRIu64, f->swappiness.value);
	snprintf(a.advice, sizeof(a.advice),
		 "on a dedicated database host, set vm.swappiness = 1 to %d",
		 WB_SWAPPINESS_DB_MAX);
	snprintf(a.reason, sizeof(a.reason),
		 "Common DBA guidance: at higher values the kernel swaps out idle backends and "
		 "shared memory to keep page cache, and a query that touches them waits on "
		 "swap-in. Not 0, which lets the OOM killer act before anything is swapped.");
	wb_advisory_push(l, &a);
}

static void advise_vfs_cache_pressure(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .fact = "vm.vfs_cache_pressure", .severity = WB_SEVERITY_INFO };

	/* At the default there is nothing to say: no value is known to be better. */
	if (!f->vfs_cache_pressure.known ||
	    f->vfs_cache_pressure.value == WB_VFS_CACHE_PRESSURE_DEFAULT)
		return;
	snprintf(a.value, sizeof(a.value), "%" PRIu64 " (default %d)",
		 f->vfs_cache_pressure.value, WB_VFS_CACHE_PRESSURE_DEFAULT);
	snprintf(a.advice, sizeof(a.advice),
		 "keep it only if a measurement of your workload shows a gain over %d",
		 WB_VFS_CACHE_PRESSURE_DEFAULT);
	snprintf(a.reason, sizeof(a.reason),
		 "A published PostgreSQL OLAP experiment (pg_expecto) found non-linear effects "
		 "of 50, 100 and 150: no value is better everywhere, so measure before and after "
		 "a change.");
	wb_advisory_push(l, &a);
}

size_t wb_os_advise(const struct wb_os_facts *f, uint64_t shared_buffers_bytes,
		    struct wb_advisory *out, size_t max)
{
	struct wb_advisory_list l = { .v = out, .max = max };

	advise_thp(f, &l);
	advise_hugepages(f, shared_buffers_bytes, &l);
	advise_dirty(f, &l);
	advise_swappiness(f, &l);
	advise_vfs_cache_pressure(f, &l);
	advise_preempt(f, &l);
	return l.n;
}
