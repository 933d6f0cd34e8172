/* serve.h — what the test file systems' main()s share (faultfs, lyingfs, bucketfs), all but
 * their own options: the exit codes, the FUSE arguments every mount starts with, the usage
 * error, and the mount served in the foreground until unmount or a signal. */
#ifndef WB_FAULT_SERVE_H
#define WB_FAULT_SERVE_H

#include <fuse.h>

/* Exit codes, documented in each --help. */
enum pt_exit {
	PT_EXIT_OK = 0,    /* unmounted, or stopped by SIGTERM/SIGINT/SIGHUP */
	PT_EXIT_FUSE = 1,  /* the FUSE loop failed */
	PT_EXIT_USAGE = 2, /* bad command line */
	PT_EXIT_SETUP = 3, /* backing dir unusable, out of memory, or mount failed */
};

/* Names the program (pt_prog) and starts args with argv0 and -ofsname=NAME,subtype=NAME, so
 * the mounts show as "NAME ... fuse.NAME" in /proc/mounts. 0 or PT_EXIT_SETUP, said. */
int pt_args_start(struct fuse_args *args, const char *argv0, const char *name);
/* Passes one argument on to FUSE ("-d", or "-o" and then its OPTS). 0 or PT_EXIT_SETUP
 * (out of memory, said). */
int pt_args_add(struct fuse_args *args, const char *arg);

/* "PROG: message" and the --help hint on stderr; returns PT_EXIT_USAGE. */
int pt_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* What a file system does around its loop; either may be NULL. */
struct pt_hooks {
	void (*mounted)(const char *backing_dir, const char *mountpoint); /* start a clock, log */
	void (*stopped)(void); /* the loop ended, the mount is still there: log a summary */
};

/* Opens backing_dir as pt_root_fd, mounts ops at mountpoint, serves single-threaded until
 * unmount or SIGTERM/SIGINT/SIGHUP, unmounts and closes. Returns an exit code, said. */
int pt_serve(struct fuse_args *args, const struct fuse_operations *ops, const char *backing_dir,
	     const char *mountpoint, const struct pt_hooks *hooks);

#endif
