/* errno_names.h — errno name <-> number table shared by the fault-injection test tools.
 * Header-only (static inline) so each tool stays a single translation unit with no library.
 * Trap: only the names in the table are accepted; numbers are refused on purpose, because a
 * test that says "EIO" reads better and cannot silently mean a different errno on another arch. */
#ifndef WB_ERRNO_NAMES_H
#define WB_ERRNO_NAMES_H

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct wb_errno_name {
	const char *name;
	int value;
};

/* The storage faults a WAL writer must survive, plus the ones a seccomp filter or a kernel
 * sysctl produces for io_uring / libaio (EPERM, EAGAIN, EACCES, ENOMEM, EOPNOTSUPP). */
static const struct wb_errno_name wb_errno_names[] = {
	{ "EIO", EIO },
	{ "ENOSPC", ENOSPC },
	{ "EROFS", EROFS },
	{ "EDQUOT", EDQUOT },
	{ "EINVAL", EINVAL },
	{ "ENOSYS", ENOSYS },
	{ "EPERM", EPERM },
	{ "EACCES", EACCES },
	{ "EAGAIN", EAGAIN },
	{ "ENOMEM", ENOMEM },
	{ "EFBIG", EFBIG },
	{ "EINTR", EINTR },
	{ "EBADF", EBADF },
	{ "EBUSY", EBUSY },
	{ "ENODEV", ENODEV },
	{ "ENXIO", ENXIO },
	{ "EOPNOTSUPP", EOPNOTSUPP },
	{ "ETIMEDOUT", ETIMEDOUT },
};

#define WB_ERRNO_NAMES_COUNT (sizeof(wb_errno_names) / sizeof(wb_errno_names[0]))

/* Returns the errno for an exact (case-sensitive) name, or 0 if the name is unknown. */
static inline int wb_errno_from_name(const char *name)
{
	for (size_t i = 0; i < WB_ERRNO_NAMES_COUNT; i++) {
		if (strcmp(wb_errno_names[i].name, name) == 0)
			return wb_errno_names[i].value;
	}
	return 0;
}

/* Returns the table name of an errno, or "E?" so log lines never print NULL. */
static inline const char *wb_errno_to_name(int value)
{
	for (size_t i = 0; i < WB_ERRNO_NAMES_COUNT; i++) {
		if (wb_errno_names[i].value == value)
			return wb_errno_names[i].name;
	}
	return "E?";
}

/* The names, for a --help after "ERRNO is one of:\n ": on lines of at most 78 columns, each
 * after a space, the next line starting with one. */
static inline void wb_errno_names_print(FILE *out)
{
	for (size_t i = 0, col = 1; i < WB_ERRNO_NAMES_COUNT; i++) {
		size_t len = strlen(wb_errno_names[i].name) + 1;

		if (col + len > 78) {
			fprintf(out, "\n ");
			col = 1;
		}
		fprintf(out, " %s", wb_errno_names[i].name);
		col += len;
	}
}

#endif /* WB_ERRNO_NAMES_H */
