/* verify_file.h — the verify file of `walbench verify`: created once, kept across the power
 * cut, never registered for removal; one durable record write by a method; the slots read
 * back by the checker.
 * Trap: unlike every other file walbench writes, the verify file must SURVIVE the run —
 * it is the evidence checked after the reboot — so it is not registered with signal_cleanup.h. */
#ifndef WB_MEASURE_VERIFY_FILE_H
#define WB_MEASURE_VERIFY_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "model/method.h"
#include "model/verify_protocol.h"

/* Creates DIR/walbench-verify.dat for run with O_CREAT|O_EXCL|O_NOFOLLOW, opened as method
 * needs (O_DSYNC, O_SYNC), writes its header block (with this boot's boot_id, "" when
 * unknown) and makes it and its directory entry durable. An existing file is replaced only when it is a previous verify file (a valid
 * header; *replaced set); anything else is refused. The descriptor, or -errno with *why
 * naming the step ("fsync of the header"); -EIO-class results are durability failures. */
int wb_verify_file_create(const char *dir, const struct wb_verify_run *run, const char *boot_id,
			  enum wb_method_id method, char *path, size_t path_len, bool *replaced,
			  const char **why);

/* Writes record seq and makes it durable by method. 0 or -errno; *call names the
 * call that failed ("pwrite", "fdatasync", "write (O_DSYNC)"). */
int wb_verify_write_record(int fd, const struct wb_verify_run *run, enum wb_method_id method,
			   uint64_t seq, void *buf, const char **call);

/* DIR's identity for the listener (wb_verify_dir_id of this machine and DIR's canonical
 * path), the same from the writer and from the check after the reboot. 0 or -errno
 * (realpath's, or the machine's identity unreadable). */
int wb_verify_dir_identity(const char *dir, uint64_t *dir_id);

/* Opens DIR/walbench-verify.dat for reading (O_NOFOLLOW). fd or -errno. */
int wb_verify_file_open(const char *dir, char *path, size_t path_len);

/* Reads slot's bytes into buf (run->record_size); returns the bytes read (fewer at
 * the end of the file) or -errno. */
ssize_t wb_verify_read_slot(int fd, const struct wb_verify_run *run, uint64_t slot, void *buf);

#endif
