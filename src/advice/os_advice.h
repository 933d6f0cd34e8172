/* os_advice.h — advisories from the OS facts: transparent huge pages, reserved
 * huge pages for shared_buffers, the dirty-page writeback limits, swappiness,
 * vfs_cache_pressure and the preemption model. A pure function: an unknown fact
 * gives no advisory, never one built on a guessed default. Each advisory is a
 * code and the figures it read; report/words.h words it.
 * Decisions worth knowing: swappiness and vfs_cache_pressure are never warnings;
 * vfs_cache_pressure is mentioned only when changed from the kernel default, and
 * then only to say "measure"; the huge-pages advisory is a warning when the
 * kernel preempts kernel code (full, lazy, rt), info otherwise, and counts the
 * pages as the server does when a server (15+) said its own count. */
#ifndef WB_ADVICE_OS_ADVICE_H
#define WB_ADVICE_OS_ADVICE_H

#include <stddef.h>
#include <stdint.h>

#include "advice/advisory.h"
#include "facts/os.h"
#include "pgstat/observed.h"

#define WB_KIB ((uint64_t)1024)
#define WB_MIB (WB_KIB * 1024)
#define WB_GIB (WB_MIB * 1024)

/* PostgreSQL's shared memory is shared_buffers plus WAL buffers (by default
 * 1/32 of shared_buffers, capped at one 16 MB segment), buffer descriptors and
 * structures that scale with max_connections. PostgreSQL 15.18 with initdb's
 * defaults (max_connections 100) reports shared_memory_size_in_huge_pages
 * (2 MiB pages) 72, 537, 4200 and 33502 for shared_buffers 128 MB, 1, 8 and
 * 64 GB: about 2.2 % + 27 MiB. The estimate keeps a margin above that, 3 % +
 * 32 MiB (82, 544, 4235, 33768); the advice names the exact command too. */
#define WB_PG_SHMEM_OVERHEAD_PCT 3
#define WB_PG_SHMEM_FIXED_BYTES (32 * WB_MIB)

/* The first major that says its own count: 15 added the runtime-computed
 * shared_memory_size_in_huge_pages (ipci.c, InitializeShmemGUCs: the whole
 * shared memory segment over the huge page size, rounded up; -1 where the
 * server has no huge page size). It counts what the estimate cannot see
 * (max_connections, locks, extensions' shared memory), so it is used in place
 * of the estimate whenever the server gave it. */
#define WB_PG_SHMEM_PAGES_MAJOR 15

/* Background writeback should start well before a checkpoint's worth of dirty
 * data piles up: PostgreSQL's docs (checkpoint_flush_after) name a full page
 * cache as the cause of "stalls when an fsync is issued at the end of a
 * checkpoint, or when the OS writes data back in larger batches". Common DBA
 * guidance puts the background threshold at 64-256 MB and sees stalls past a
 * few hundred MB to 1 GB. The advisory fires above 1 GiB (the top of that
 * range), so a host under ~10 GiB of RAM at the kernel default of 10 % is left
 * alone, and advises 256 MiB, 64 MiB for slow disks. */
#define WB_DIRTY_BACKGROUND_MAX (1 * WB_GIB)
#define WB_DIRTY_BACKGROUND_ADVISED (256 * WB_MIB)
#define WB_DIRTY_BACKGROUND_ADVISED_SLOW (64 * WB_MIB)
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

/* At most this many advisories come from one call (one per rule). */
#define WB_OS_ADVISORIES_MAX 9

/* Fills out[0..max) with the advisories the facts call for and returns how
 * many it wrote. shared_buffers_bytes is PostgreSQL's shared_buffers, 0 when not
 * given; server the running server's settings (--server, --observed), NULL
 * without one: the huge-pages count is the server's own where
 * wb_hugepages_server gives it, else estimated from shared_buffers. */
size_t wb_os_advise(const struct wb_os_facts *f, uint64_t shared_buffers_bytes,
		    const struct wb_pg_settings *server, struct wb_advisory *out, size_t max);

/* Huge pages of hugepage_size that a PostgreSQL server with shared_buffers
 * needs, by the formula WB_PG_SHMEM_* describe above; 0 when
 * hugepage_size is 0. Exposed for tests and reports. */
uint64_t wb_hugepages_needed(uint64_t shared_buffers, uint64_t hugepage_size);

/* The huge pages of hugepage_size the server says it needs
 * (shared_memory_size_in_huge_pages), or 0 where that figure does not answer
 * for this advice: no server, a major before WB_PG_SHMEM_PAGES_MAJOR, no row or
 * -1 (the server could not tell), shared_buffers given that is not the
 * server's (the count is of the server's configuration), or pages of another
 * size (huge_page_size set, or another host's default: the server's
 * shared_memory_size in pages of hugepage_size is more than one page off). */
uint64_t wb_hugepages_server(const struct wb_pg_settings *server, uint64_t shared_buffers,
			     uint64_t hugepage_size);

#endif
