/* atomic_file.h — writing a report file all at once: a temporary file beside the
 * target, fsynced, then renamed over it, so a reader never sees half a report.
 * A symlink or non-regular file at the target is refused, never followed. */
#ifndef WB_ATOMIC_FILE_H
#define WB_ATOMIC_FILE_H

#include <stddef.h>

/* Writes len bytes of text to path. 0 or -errno; *why names the failing step. */
int wb_write_file_atomic(const char *path, const char *text, size_t len, const char **why);

/* Writes what a renderer returned, a malloc'd NUL-terminated text (NULL: it
 * ran out of memory), to path, and frees it. 0 or -errno, as above. */
int wb_write_rendered_atomic(const char *path, char *text, const char **why);

#endif
