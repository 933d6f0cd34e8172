/* os_advice.h — advisories from the OS facts: transparent huge pages, reserved
 * huge pages for shared_buffers, the dirty-page writeback limits, swappiness,
 * vfs_cache_pressure and the preemption model. A pure function: an unknown fact
 * gives no advisory, never one built on a guessed default.
 * Decisions worth knowing: swappiness and vfs_cache_pressure are never warnings;
 * vfs_cache_pressure is mentioned only when changed from the kernel default, and
 * then only to say "measure"; the huge-pages advisory is a warning when the
 * kernel preempts kernel code (full, lazy, rt), info otherwise. */
#ifndef WB_ADVICE_OS_ADVICE_H
#define WB_ADVICE_OS_ADVICE_H

#include <stddef.h>
#include <stdint.h>

#include "advice/advisory.h"
#include "facts/os.h"

/* At most this many advisories come from one call (one per rule). */
#define WB_OS_ADVISORIES_MAX 9

/* Fills out[0..max) with the advisories the facts call for and returns how
 * many it wrote. shared_buffers_bytes is PostgreSQL's shared_buffers, 0 when not
 * given: the huge-pages count needs it. */
size_t wb_os_advise(const struct wb_os_facts *f, uint64_t shared_buffers_bytes,
		    struct wb_advisory *out, size_t max);

/* Huge pages of hugepage_size that a PostgreSQL server with shared_buffers
 * needs, by the formula WB_PG_SHMEM_* describe in os_advice.c; 0 when
 * hugepage_size is 0. Exposed for tests and reports. */
uint64_t wb_hugepages_needed(uint64_t shared_buffers, uint64_t hugepage_size);

#endif
