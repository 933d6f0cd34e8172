/* fill.h — the bytes test files and write buffers hold. */
#ifndef WB_MEASURE_FILL_H
#define WB_MEASURE_FILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes bytes from offset 0 and fsyncs, so later tests overwrite allocated
 * blocks: pseudo-random data as pg_test_fsync prepares its file, or zeros as
 * PostgreSQL's wal_init_zero prepares a WAL segment. 0 or -errno; *call names the
 * failing call ("write", "fsync") and *at (when not NULL) the offset of a failed
 * write. */
int wb_testfile_fill(int fd, uint64_t bytes, bool zeros, const char **call, uint64_t *at);

/* Fills buf with non-repeating bytes (compressing devices must not shortcut it). */
void wb_fill_random(void *buf, size_t len, uint64_t seed);

#endif
