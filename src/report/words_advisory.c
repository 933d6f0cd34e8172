/* words_advisory.c — an advisory's words (words.h): the fact as the user would
 * look it up, the value read with the figure used, what to do, and why, citing
 * where each threshold comes from (the thresholds are in advice/os_advice.h). */
#include "report/words.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "advice/os_advice.h"
#include "model/units.h"

#define TIB (WB_GIB * 1024)
/* Room for any size_str() output: "16777216.0 TiB" is the longest. */
#define SIZE_STR 16

/* "1.5 TiB", "2.4 GiB", "256 MiB", "512 KiB", "100 B". */
static const char *size_str(char *buf, size_t size, uint64_t bytes)
{
	if (bytes >= TIB)
		snprintf(buf, size, "%.1f TiB", (double)bytes / (double)TIB);
	else if (bytes >= WB_GIB)
		snprintf(buf, size, "%.1f GiB", (double)bytes / (double)WB_GIB);
	else if (bytes >= WB_MIB)
		snprintf(buf, size, "%.0f MiB", (double)bytes / (double)WB_MIB);
	else if (bytes >= WB_KIB)
		snprintf(buf, size, "%.0f KiB", (double)bytes / (double)WB_KIB);
	else
		snprintf(buf, size, "%" PRIu64 " B", bytes);
	return buf;
}

/* A writeback limit's fact and value: the *_bytes sysctl, or *_ratio of MemTotal. */
static void dirty_fact(const struct wb_advisory *a, const char *bytes_name,
		       const char *ratio_name, struct wb_advisory_words *w)
{
	char lim[SIZE_STR], mem[SIZE_STR];

	size_str(lim, sizeof(lim), a->limit_bytes);
	if (!a->by_ratio) {
		snprintf(w->fact, sizeof(w->fact), "%s", bytes_name);
		snprintf(w->value, sizeof(w->value), "%" PRIu64 " (%s)", a->limit_bytes, lim);
		return;
	}
	snprintf(w->fact, sizeof(w->fact), "%s", ratio_name);
	snprintf(w->value, sizeof(w->value), "%u %% of %s MemTotal = %s", a->ratio_pct,
		 size_str(mem, sizeof(mem), a->mem_total), lim);
}

static void thp(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	snprintf(w->value, sizeof(w->value), "always");
	if (a->code == WB_ADV_THP_ENABLED) {
		/* PostgreSQL's docs (huge_pages): transparent huge pages "are known to
		 * cause performance degradation with PostgreSQL ... their use is
		 * discouraged". */
		snprintf(w->fact, sizeof(w->fact), "transparent_hugepage/enabled");
		snprintf(w->advice, sizeof(w->advice), "echo madvise > "
			 "/sys/kernel/mm/transparent_hugepage/enabled (or never), and "
			 "transparent_hugepage=madvise on the kernel command line");
		snprintf(w->reason, sizeof(w->reason), "PostgreSQL's docs discourage transparent "
			 "huge pages: with always, faults and khugepaged stall on compaction, and "
			 "commits see latency spikes. Reserved huge pages (huge_pages = on) give the "
			 "TLB gain without them.");
		return;
	}
	/* The kernel's admin-guide/mm/transhuge.rst: defrag=always makes a fault
	 * that wants a huge page reclaim and compact synchronously. */
	snprintf(w->fact, sizeof(w->fact), "transparent_hugepage/defrag");
	snprintf(w->advice, sizeof(w->advice), "echo defer+madvise > "
		 "/sys/kernel/mm/transparent_hugepage/defrag (or madvise, never)");
	snprintf(w->reason, sizeof(w->reason), "With defrag=always a page fault that wants a "
		 "huge page reclaims and compacts memory synchronously (kernel transhuge docs): "
		 "stalls of milliseconds on a fragmented host, in whichever backend faulted.");
}

static void hugepages(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	char sb[SIZE_STR], page[SIZE_STR];

	snprintf(w->fact, sizeof(w->fact), "HugePages_Total");
	if (a->code == WB_ADV_HUGEPAGES_UNSIZED) {
		snprintf(w->value, sizeof(w->value), "0 reserved");
		snprintf(w->advice, sizeof(w->advice), "reserve huge pages for shared_buffers "
			 "(vm.nr_hugepages) and set huge_pages = on; postgres -C "
			 "shared_memory_size_in_huge_pages gives the count");
		snprintf(w->reason, sizeof(w->reason), "The kernel preempts kernel code (%s): on "
			 "Linux 7.0 with PREEMPT_LAZY, an AWS pgbench run on 96 vCPUs measured "
			 "PostgreSQL's throughput halved with 4 kB pages and restored with huge "
			 "pages. Give shared_buffers for the count.", wb_preempt_name(a->preempt));
		return;
	}
	size_str(page, sizeof(page), a->page_size);
	if (a->from_server) {
		/* The server's own count (ipci.c, InitializeShmemGUCs): every
		 * structure in its shared memory, so nothing to estimate. */
		char shm[SIZE_STR + 16] = "";

		if (a->shmem_bytes)
			snprintf(shm, sizeof(shm), " (%s)", size_str(sb, sizeof(sb), a->shmem_bytes));
		snprintf(w->value, sizeof(w->value), "%" PRIu64 " reserved, the server needs %" PRIu64,
			 a->value, a->needed);
		snprintf(w->advice, sizeof(w->advice), "set vm.nr_hugepages = %" PRIu64 " and "
			 "huge_pages = on (the server's shared_memory_size_in_huge_pages)",
			 a->needed);
		snprintf(w->reason, sizeof(w->reason), "The server needs %" PRIu64 " pages of %s, its "
			 "own count of its whole shared memory%s, not only shared_buffers. On Linux "
			 "7.0 with PREEMPT_LAZY an AWS pgbench run measured PostgreSQL's throughput "
			 "halved with 4 kB pages, restored with huge pages%s.", a->needed, page, shm,
			 a->preemptible ? "; this kernel preempts the same way" : "");
		return;
	}
	snprintf(w->value, sizeof(w->value), "%" PRIu64 " reserved, about %" PRIu64 " needed",
		 a->value, a->needed);
	snprintf(w->advice, sizeof(w->advice), "set vm.nr_hugepages = %" PRIu64 " and huge_pages "
		 "= on (PostgreSQL 15+: postgres -C shared_memory_size_in_huge_pages gives the "
		 "exact count)", a->needed);
	snprintf(w->reason, sizeof(w->reason), "About %" PRIu64 ", estimated from shared_buffers: "
		 "ceil((%s x 1.%02d + %d MiB) / %s) pages. On Linux 7.0 with PREEMPT_LAZY an AWS "
		 "pgbench run measured PostgreSQL's throughput halved with 4 kB pages, restored "
		 "with huge pages%s.", a->needed, size_str(sb, sizeof(sb), a->shared_buffers),
		 WB_PG_SHMEM_OVERHEAD_PCT, (int)(WB_PG_SHMEM_FIXED_BYTES / WB_MIB), page,
		 a->preemptible ? "; this kernel preempts the same way" : "");
}

static void dirty(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	char lim[SIZE_STR];

	size_str(lim, sizeof(lim), a->limit_bytes);
	if (a->code == WB_ADV_DIRTY_BACKGROUND) {
		dirty_fact(a, "vm.dirty_background_bytes", "vm.dirty_background_ratio", w);
		snprintf(w->advice, sizeof(w->advice), "set vm.dirty_background_bytes = %" PRIu64
			 " (%" PRIu64 " MiB; %" PRIu64 " MiB on slow disks); setting it zeroes "
			 "dirty_background_ratio", WB_DIRTY_BACKGROUND_ADVISED,
			 WB_DIRTY_BACKGROUND_ADVISED / WB_MIB, WB_DIRTY_BACKGROUND_ADVISED_SLOW / WB_MIB);
		snprintf(w->reason, sizeof(w->reason), "Up to %s of dirty page cache builds before "
			 "background writeback starts; a checkpoint's writes then reach the disk in "
			 "one burst that queues ahead of WAL flushes and stalls commits. Guidance: "
			 "64-256 MB, past ~1 GB stalls.", lim);
	} else if (a->code == WB_ADV_DIRTY_LIMIT) {
		dirty_fact(a, "vm.dirty_bytes", "vm.dirty_ratio", w);
		snprintf(w->advice, sizeof(w->advice), "set vm.dirty_bytes = %" PRIu64 " (%" PRIu64
			 " MiB), 4 x dirty_background_bytes; setting it zeroes dirty_ratio",
			 WB_DIRTY_LIMIT_ADVISED, WB_DIRTY_LIMIT_ADVISED / WB_MIB);
		snprintf(w->reason, sizeof(w->reason), "Writers are throttled only once %s is dirty; "
			 "an fsync of a data file at checkpoint may have that much to write, and WAL "
			 "flushes wait behind it in the device queue.", lim);
	} else {
		snprintf(w->fact, sizeof(w->fact), "vm.dirty_expire_centisecs");
		snprintf(w->value, sizeof(w->value), "%" PRIu64, a->value);
		snprintf(w->advice, sizeof(w->advice), "set vm.dirty_expire_centisecs = %d (the "
			 "kernel default) or lower", WB_DIRTY_EXPIRE_DEFAULT_CS);
		snprintf(w->reason, sizeof(w->reason), "Dirty data waits %" PRIu64 " s before it is "
			 "due for writeback, above the kernel's 30 s default (laptop-mode tools raise "
			 "it); more piles up to be written in one burst at checkpoint.",
			 a->value / 100);
	}
}

static void vm(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	if (a->code == WB_ADV_SWAPPINESS) {
		snprintf(w->fact, sizeof(w->fact), "vm.swappiness");
		snprintf(w->value, sizeof(w->value), "%" PRIu64, a->value);
		snprintf(w->advice, sizeof(w->advice), "on a dedicated database host, set "
			 "vm.swappiness = 1 to %d", WB_SWAPPINESS_DB_MAX);
		snprintf(w->reason, sizeof(w->reason), "Common DBA guidance: at higher values the "
			 "kernel swaps out idle backends and shared memory to keep page cache, and a "
			 "query that touches them waits on swap-in. Not 0, which lets the OOM killer "
			 "act before anything is swapped.");
		return;
	}
	snprintf(w->fact, sizeof(w->fact), "vm.vfs_cache_pressure");
	snprintf(w->value, sizeof(w->value), "%" PRIu64 " (default %d)", a->value,
		 WB_VFS_CACHE_PRESSURE_DEFAULT);
	snprintf(w->advice, sizeof(w->advice), "keep it only if a measurement of your workload "
		 "shows a gain over %d", WB_VFS_CACHE_PRESSURE_DEFAULT);
	snprintf(w->reason, sizeof(w->reason), "A published PostgreSQL OLAP experiment "
		 "(pg_expecto) found non-linear effects of 50, 100 and 150: no value is better "
		 "everywhere, so measure before and after a change.");
}

static void preempt(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	snprintf(w->fact, sizeof(w->fact), "kernel preemption model");
	snprintf(w->value, sizeof(w->value), "%s", wb_preempt_name(a->preempt));
	if (a->code == WB_ADV_PREEMPT_KERNEL) {
		snprintf(w->advice, sizeof(w->advice), "reserve huge pages for shared_buffers "
			 "(huge_pages = on)");
		snprintf(w->reason, sizeof(w->reason), "Read from the %s. A backend can be "
			 "preempted inside a page fault while it holds a buffer spinlock; on Linux "
			 "7.0 with PREEMPT_LAZY that halved pgbench throughput with 4 kB pages, and "
			 "huge pages restored it.", a->source);
	} else if (a->code == WB_ADV_PREEMPT_DYNAMIC) {
		snprintf(w->advice, sizeof(w->advice), "read /sys/kernel/debug/sched/preempt as "
			 "root to see the model in use");
		snprintf(w->reason, sizeof(w->reason), "Read from the %s: the model is chosen at "
			 "boot and can change at run time; with full or lazy, PostgreSQL without huge "
			 "pages loses throughput on many cores.", a->source);
	} else {
		snprintf(w->advice, sizeof(w->advice), "nothing to change");
		snprintf(w->reason, sizeof(w->reason), "Read from the %s. Reported because the model "
			 "changes how PostgreSQL's spinlocks behave under page faults; this one does "
			 "not preempt a task inside one.", a->source);
	}
}

static void volatile_cache(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	snprintf(w->fact, sizeof(w->fact), "%.40s queue/write_cache", a->source);
	snprintf(w->value, sizeof(w->value), "%s%s", a->setting,
		 a->unverified ? " (unverified: virtual disk)" : "");
	snprintf(w->advice, sizeof(w->advice), "make sure flushes reach stable media: a battery- "
		 "or capacitor-backed cache, or a power-loss check");
	snprintf(w->reason, sizeof(w->reason), "the device acknowledges writes from a volatile "
		 "cache; committed transactions survive a power cut only if every fsync makes it "
		 "empty that cache (consumer SSDs and RAID controllers with a dead battery have "
		 "lied about it), and fast flush rates here do not prove it does");
}

static void parity_array(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	char stripe[SIZE_STR];

	wb_format_size(a->value, stripe, sizeof(stripe)); /* exact: 1536kB, not "2 MiB" */
	snprintf(w->fact, sizeof(w->fact), "%.40s level", a->source);
	snprintf(w->value, sizeof(w->value), "%.31s, full stripe %s", a->setting, stripe);
	snprintf(w->advice, sizeof(w->advice), "put pg_wal on a mirror (raid1 or raid10), or "
		 "measure what an 8 kB flush costs here beside a full-stripe one");
	snprintf(w->reason, sizeof(w->reason), "the WAL is written 8 kB at a time and each "
		 "commit waits for it; on parity RAID a write under the full stripe is a "
		 "partial-stripe write, which reads and rewrites the parity (a read-modify-write), "
		 "the classic reason pg_wal goes on a mirror");
}

static void in_memory(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	/* "tmpfs" alone, or the file system on what is memory: "ext4 on zram0" */
	snprintf(w->fact, sizeof(w->fact), "memory-backed storage");
	if (!*a->setting || strcmp(a->setting, a->source) == 0)
		snprintf(w->value, sizeof(w->value), "%s", a->source);
	else
		snprintf(w->value, sizeof(w->value), "%.28s on %.28s", a->setting, a->source);
	snprintf(w->advice, sizeof(w->advice), "point walbench at a directory on the volume "
		 "pg_wal will live on");
	snprintf(w->reason, sizeof(w->reason), "%.40s is memory: nothing on it survives a "
		 "power cut or a reboot, flushed or not, so it cannot hold a database's WAL; its "
		 "flush rates measure RAM, not a disk, and the method that wins here says nothing "
		 "about the disk pg_wal will live on", a->source);
}

void wb_words_advisory(const struct wb_advisory *a, struct wb_advisory_words *w)
{
	memset(w, 0, sizeof(*w));
	switch (a->code) {
	case WB_ADV_THP_ENABLED:
	case WB_ADV_THP_DEFRAG:
		thp(a, w);
		break;
	case WB_ADV_HUGEPAGES_UNSIZED:
	case WB_ADV_HUGEPAGES_SHORT:
		hugepages(a, w);
		break;
	case WB_ADV_DIRTY_BACKGROUND:
	case WB_ADV_DIRTY_LIMIT:
	case WB_ADV_DIRTY_EXPIRE:
		dirty(a, w);
		break;
	case WB_ADV_SWAPPINESS:
	case WB_ADV_VFS_CACHE_PRESSURE:
		vm(a, w);
		break;
	case WB_ADV_PREEMPT_KERNEL:
	case WB_ADV_PREEMPT_DYNAMIC:
	case WB_ADV_PREEMPT_QUIET:
		preempt(a, w);
		break;
	case WB_ADV_VOLATILE_CACHE:
		volatile_cache(a, w);
		break;
	case WB_ADV_PARITY_ARRAY:
		parity_array(a, w);
		break;
	case WB_ADV_IN_MEMORY:
		in_memory(a, w);
		break;
	case WB_ADV_COUNT:
		break;
	}
}
