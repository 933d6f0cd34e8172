/* atomic_file.h — writing a report file all at once: a temporary file beside the
 * target, fsynced, then renamed into place, so a reader never sees half a report
 * (where the file system can neither rename without replacing nor hard-link, the
 * report is written to a new file made with O_EXCL instead: see atomic_file.c).
 * Only a new name is ever taken: a file of any kind already at the target, or one
 * that appears there while walbench measures, is refused and left as it was. */
#ifndef WB_REPORT_ATOMIC_FILE_H
#define WB_REPORT_ATOMIC_FILE_H

#include <stddef.h>

/* Writes len bytes of text to path, which must not exist (-EEXIST otherwise, with
 * nothing written). 0 or -errno; *why names the failing step. The temporary file
 * is gone on every return. */
int wb_write_file_atomic(const char *path, const char *text, size_t len, const char **why);

/* The same for a rendered report: text is written, then freed; NULL text (its
 * rendering ran out of memory) is -ENOMEM with *why = what ("rendering CSV"). */
int wb_write_rendered(const char *path, char *text, const char *what, const char **why);

#endif
