/* os_advice.c — the OS advisory rules, one function each, in the order they are
 * reported. Every threshold (os_advice.h) says where it comes from.
 * Trap: a dirty *_ratio is a share of *available* memory (free + reclaimable),
 * which the facts do not have; MemTotal stands in, so the figure is the most
 * the limit can be (the words say "of MemTotal"). */
#include "advice/os_advice.h"

#include <stddef.h>
#include <stdbool.h>
#include <string.h>

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

/* A count or size the server gave: a whole number from 1 below 2^53 (a saved
 * observation may hold anything), else 0, as for a row not shown. */
static uint64_t server_figure(const struct wb_pg_settings *s, enum wb_pg_setting k)
{
	double v = s->value[k];

	if (!(s->have & (1u << k)) || !(v >= 1 && v < 0x1p53))
		return 0;
	return (uint64_t)v;
}

uint64_t wb_hugepages_server(const struct wb_pg_settings *server, uint64_t shared_buffers,
			     uint64_t hugepage_size)
{
	uint64_t pages, given, shmem, in_pages, slack;

	if (!server || server->major < WB_PG_SHMEM_PAGES_MAJOR || hugepage_size == 0)
		return 0;
	/* -1 (no huge page size where the server runs) reads as 0: not told */
	pages = server_figure(server, WB_PGS_SHARED_MEMORY_SIZE_IN_HUGE_PAGES);
	given = server_figure(server, WB_PGS_SHARED_BUFFERS);
	if (pages == 0 || (shared_buffers && given && shared_buffers != given))
		return 0;
	shmem = server_figure(server, WB_PGS_SHARED_MEMORY_SIZE);
	if (shmem == 0)
		return pages;
	/* The server rounds its size up to MB and its pages up (15-16 always
	 * add one: size / page + 1), so the same page size agrees within one
	 * page plus the MB's share of one; a count of other pages does not. */
	in_pages = shmem / hugepage_size + (shmem % hugepage_size != 0);
	slack = 1 + (WB_MIB + hugepage_size - 1) / hugepage_size;
	if (pages + slack < in_pages || pages > in_pages + slack)
		return 0;
	return pages;
}

static void advise_preempt(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .severity = WB_SEVERITY_INFO, .preempt = f->preempt };
	size_t n = strnlen(f->preempt_source, sizeof(f->preempt_source));

	if (f->preempt == WB_PREEMPT_UNKNOWN)
		return;
	a.code = preempts_kernel_code(f->preempt) ? WB_ADV_PREEMPT_KERNEL
		 : f->preempt == WB_PREEMPT_DYNAMIC ? WB_ADV_PREEMPT_DYNAMIC : WB_ADV_PREEMPT_QUIET;
	if (n >= sizeof(a.source))
		n = sizeof(a.source) - 1;
	memcpy(a.source, f->preempt_source, n);
	wb_advisory_push(l, &a);
}

/* A transparent-huge-page setting known to stall a database host when it is
 * "always" (the words name the sources: PostgreSQL's docs, the kernel's). */
struct thp_rule {
	enum wb_advisory_code code;
	size_t offset;               /* of its value in struct wb_os_facts */
};

static const struct thp_rule thp_rules[] = {
	{ WB_ADV_THP_ENABLED, offsetof(struct wb_os_facts, thp_enabled) },
	{ WB_ADV_THP_DEFRAG, offsetof(struct wb_os_facts, thp_defrag) },
};

static void advise_thp(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	for (size_t i = 0; i < sizeof(thp_rules) / sizeof(thp_rules[0]); i++) {
		const struct thp_rule *r = &thp_rules[i];
		const char *value = (const char *)f + r->offset;
		struct wb_advisory a = { .code = r->code, .severity = WB_SEVERITY_WARN };

		if (strcmp(value, "always") != 0)
			continue;
		wb_advisory_push(l, &a);
	}
}

static void advise_hugepages(const struct wb_os_facts *f, uint64_t shared_buffers,
			     const struct wb_pg_settings *server, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .severity = WB_SEVERITY_INFO, .preempt = f->preempt };
	bool preemptible = preempts_kernel_code(f->preempt);

	if (!f->hugepages_total.known || !known_nonzero(&f->hugepage_size_bytes))
		return;
	if (preemptible)
		a.severity = WB_SEVERITY_WARN;
	a.preemptible = preemptible;
	a.value = f->hugepages_total.value;
	a.page_size = f->hugepage_size_bytes.value;

	/* The server's own count first: the estimate sees shared_buffers only. */
	a.needed = wb_hugepages_server(server, shared_buffers, a.page_size);
	if (a.needed) {
		a.from_server = true;
		a.shmem_bytes = server_figure(server, WB_PGS_SHARED_MEMORY_SIZE);
	} else if (shared_buffers) {
		a.needed = wb_hugepages_needed(shared_buffers, a.page_size);
	} else {
		/* Without shared_buffers no count can be given; worth saying only
		 * where the measured regression applies and none are reserved. */
		if (!preemptible || f->hugepages_total.value > 0)
			return;
		a.code = WB_ADV_HUGEPAGES_UNSIZED;
		wb_advisory_push(l, &a);
		return;
	}
	if (f->hugepages_total.value >= a.needed)
		return;
	a.code = WB_ADV_HUGEPAGES_SHORT;
	a.shared_buffers = shared_buffers;
	wb_advisory_push(l, &a);
}

/* One writeback limit: the *_bytes sysctl when set, else *_ratio of MemTotal.
 * Fills its figures into a and returns the limit in bytes; 0 when not known. */
static uint64_t dirty_limit(const struct wb_os_facts *f, const struct wb_os_num *bytes,
			    const struct wb_os_num *ratio, struct wb_advisory *a)
{
	if (known_nonzero(bytes)) {
		a->value = a->limit_bytes = bytes->value;
		return bytes->value;
	}
	if (!known_nonzero(ratio) || !known_nonzero(&f->mem_total_bytes))
		return 0;
	a->by_ratio = true;
	a->ratio_pct = ratio->value > 100 ? 100 : (unsigned)ratio->value; /* the kernel's range */
	a->value = ratio->value;
	a->mem_total = f->mem_total_bytes.value;
	a->limit_bytes = f->mem_total_bytes.value / 100 * a->ratio_pct;
	return a->limit_bytes;
}

static void advise_dirty(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .code = WB_ADV_DIRTY_BACKGROUND, .severity = WB_SEVERITY_WARN };

	if (dirty_limit(f, &f->dirty_background_bytes, &f->dirty_background_ratio, &a) >
	    WB_DIRTY_BACKGROUND_MAX)
		wb_advisory_push(l, &a);

	a = (struct wb_advisory){ .code = WB_ADV_DIRTY_LIMIT, .severity = WB_SEVERITY_WARN };
	if (dirty_limit(f, &f->dirty_bytes, &f->dirty_ratio, &a) > WB_DIRTY_LIMIT_MAX)
		wb_advisory_push(l, &a);

	if (f->dirty_expire_centisecs.known &&
	    f->dirty_expire_centisecs.value > WB_DIRTY_EXPIRE_DEFAULT_CS) {
		a = (struct wb_advisory){ .code = WB_ADV_DIRTY_EXPIRE, .severity = WB_SEVERITY_INFO,
					  .value = f->dirty_expire_centisecs.value };
		wb_advisory_push(l, &a);
	}
}

static void advise_swappiness(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .code = WB_ADV_SWAPPINESS, .severity = WB_SEVERITY_INFO,
				 .value = f->swappiness.value };

	if (!f->swappiness.known || f->swappiness.value <= WB_SWAPPINESS_DB_MAX)
		return;
	wb_advisory_push(l, &a);
}

static void advise_vfs_cache_pressure(const struct wb_os_facts *f, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .code = WB_ADV_VFS_CACHE_PRESSURE, .severity = WB_SEVERITY_INFO,
				 .value = f->vfs_cache_pressure.value };

	/* At the default there is nothing to say: no value is known to be better. */
	if (!f->vfs_cache_pressure.known ||
	    f->vfs_cache_pressure.value == WB_VFS_CACHE_PRESSURE_DEFAULT)
		return;
	wb_advisory_push(l, &a);
}

size_t wb_os_advise(const struct wb_os_facts *f, uint64_t shared_buffers_bytes,
		    const struct wb_pg_settings *server, struct wb_advisory *out, size_t max)
{
	struct wb_advisory_list l = { .v = out, .max = max };

	advise_thp(f, &l);
	advise_hugepages(f, shared_buffers_bytes, server, &l);
	advise_dirty(f, &l);
	advise_swappiness(f, &l);
	advise_vfs_cache_pressure(f, &l);
	advise_preempt(f, &l);
	return l.n;
}
