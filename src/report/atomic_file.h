/* atomic_file.h — writing a report file all at once: a temporary file beside the
 * target, fsynced, then renamed over it, so a reader never sees half a report.
 * A symlink or non-regular file at the target is refused, never followed. */
#ifndef WB_REPORT_ATOMIC_FILE_H
#define WB_REPORT_ATOMIC_FILE_H

#include <stddef.h>

/* Writes len bytes of text to path. 0 or -errno; *why names the failing step. */
int wb_write_file_atomic(const char *path, const char *text, size_t len, const char **why);

/* The same for a rendered report: text is written, then freed; NULL text (its
 * rendering ran out of memory) is -ENOMEM with *why = what ("rendering CSV"). */
int wb_write_rendered(const char *path, char *text, const char *what, const char **why);

#endif
