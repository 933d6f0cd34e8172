/* sysfs.h — small readers shared by the facts files (not for other stages):
 * bounded string copies and one-line sysfs/proc attributes. Every reader returns
 * 0 or -errno and leaves its output alone on failure, so a missing attribute
 * simply stays unknown. */
#ifndef WB_FACTS_SYSFS_H
#define WB_FACTS_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A copy that always terminates; text longer than the field is cut. */
void wb_facts_copy(char *dst, size_t size, const char *src);

/* Reads a whole file whose size stat cannot tell (proc files say 0); the caller
 * frees *text. */
int wb_facts_read_file(const char *path, char **text);

/* Reads the one-line attribute dir/name into buf, trailing whitespace cut. */
int wb_facts_read_attr(const char *dir, const char *name, char *buf, size_t size);

/* The same, as an unsigned decimal that fits 32 bits. */
int wb_facts_read_u32(const char *dir, const char *name, uint32_t *out);

/* The same, as an unsigned decimal that fits 64 bits (sizes in sectors). */
int wb_facts_read_u64(const char *dir, const char *name, uint64_t *out);

/* True when dir/name exists (a file, a directory or a link that resolves). */
bool wb_facts_exists(const char *dir, const char *name);

/* The last component of the symlink dir/name's target ("sd" for
 * device/driver -> ../../bus/scsi/drivers/sd). The target need not exist. */
int wb_facts_link_name(const char *dir, const char *name, char *buf, size_t size);


#endif
