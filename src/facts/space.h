/* space.h — the free space of the file system under a directory, as an
 * unprivileged writer sees it (statvfs f_bavail: PostgreSQL runs as its own
 * user, so root's reserved blocks are no room for its WAL), and whether two
 * paths share one file system. */
#ifndef WB_FACTS_SPACE_H
#define WB_FACTS_SPACE_H

#include <stdbool.h>
#include <stdint.h>

struct wb_space {
	uint64_t free_bytes;  /* f_bavail x f_frsize */
	uint64_t size_bytes;  /* f_blocks x f_frsize: the whole volume */
};

/* Reads the space of the file system holding dir. 0 or -errno. */
int wb_space_probe(const char *dir, struct wb_space *sp);

/* Whether a and b exist and are on one file system (st_dev). */
bool wb_space_same_fs(const char *a, const char *b);

#endif
