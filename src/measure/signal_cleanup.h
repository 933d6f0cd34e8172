/* signal_cleanup.h — every file walbench creates is registered here, and a handler for
 * SIGINT/SIGTERM/SIGHUP/SIGPIPE unlinks them all before exiting with 128 + the
 * signal number. Creation and registration must happen with the signals blocked, so a
 * signal between the two never leaves a file behind. */
#ifndef WB_MEASURE_SIGNAL_CLEANUP_H
#define WB_MEASURE_SIGNAL_CLEANUP_H

#include <signal.h>
#include <stdbool.h>

#include "model/test.h"

/* Files registered at once: every job's file and segments at the most jobs, so
 * a run the options accept never finds the registry full part-way through. */
#define WB_CLEANUP_MAX (WB_MAX_JOBS * WB_FILES_PER_JOB + 8)

/* Installs the handlers; call once before creating any file. 0 or -errno. */
int wb_cleanup_install(void);

/* Blocks the cleanup signals (old receives the previous mask), and restores it. */
void wb_cleanup_block(sigset_t *old);
void wb_cleanup_restore(const sigset_t *old);

/* Registers path for removal on a signal, with lock_fd (the descriptor holding
 * its flock, or -1), which wb_cleanup_forget closes. 0, or -ENFILE when the table
 * is full (lock_fd is then the caller's to close). */
int wb_cleanup_register(const char *path, int lock_fd);

/* Commands that can report a partial run turn this on: the first signal then
 * only sets the stop request (the session stops after its current trial and
 * the command reports, removes its files and exits 128 + the signal); a second
 * signal still removes everything and exits at once. */
void wb_cleanup_graceful(bool on);

/* The signal that asked the run to stop, or 0. */
int wb_cleanup_stop_requested(void);

/* Forgets path (it was removed in the ordinary way) and closes its lock descriptor. */
void wb_cleanup_forget(const char *path);

#endif
