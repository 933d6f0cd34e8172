/* serve.c — the mount and the command line the test file systems share (serve.h).
 * Trap: the signal handlers go in before the mount. Once the mount is visible a test may
 * signal at once, and a SIGTERM that found the default action would kill us (exit 143, the
 * mount left behind); one that comes before the mount ends the loop as soon as it starts. */
#define FUSE_USE_VERSION 31
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "passthrough.h"

int pt_args_add(struct fuse_args *args, const char *arg)
{
	if (fuse_opt_add_arg(args, arg) != 0) {
		fprintf(stderr, "%s: out of memory\n", pt_prog);
		return PT_EXIT_SETUP;
	}
	return 0;
}

int pt_args_start(struct fuse_args *args, const char *argv0, const char *name)
{
	char opt[128];

	pt_prog = name;
	snprintf(opt, sizeof(opt), "-ofsname=%s,subtype=%s", name, name);
	return pt_args_add(args, argv0) || pt_args_add(args, opt) ? PT_EXIT_SETUP : 0;
}

int pt_usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", pt_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry \"%s --help\" for more information.\n", pt_prog);
	return PT_EXIT_USAGE;
}

/* A shell starts a background job with SIGINT ignored, and libfuse only hooks signals that are
 * at SIG_DFL, so `faultfs ... &` would ignore SIGINT and leave its mount behind. Tests stop us
 * with SIGINT or SIGTERM, so both go back to SIG_DFL first (SIGHUP is left alone for nohup). */
static int default_stop_signals(void)
{
	const int sigs[] = { SIGINT, SIGTERM };

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		if (signal(sigs[i], SIG_DFL) == SIG_ERR) {
			fprintf(stderr, "%s: signal: %s\n", pt_prog, strerror(errno));
			return -errno;
		}
	}
	return 0;
}

/* Mounts, serves until unmount or a signal, unmounts. Returns an exit code. */
static int serve_mount(struct fuse_args *args, const struct fuse_operations *ops,
		       const char *backing_dir, const char *mountpoint,
		       const struct pt_hooks *hooks)
{
	struct fuse_session *se;
	struct fuse *fuse;
	int rc = PT_EXIT_SETUP;
	int loop_rc;

	fuse = fuse_new(args, ops, sizeof(*ops), NULL);
	if (fuse == NULL)
		return PT_EXIT_SETUP; /* libfuse has printed why */
	se = fuse_get_session(fuse);
	if (default_stop_signals() != 0 || fuse_set_signal_handlers(se) != 0)
		goto out_destroy;
	if (fuse_mount(fuse, mountpoint) != 0)
		goto out_handlers;
	if (hooks && hooks->mounted)
		hooks->mounted(backing_dir, mountpoint);
	loop_rc = fuse_loop(fuse);
	/* 0: unmounted; > 0: the signal that stopped us; < 0: -errno from the loop. */
	if (loop_rc < 0) {
		fprintf(stderr, "%s: fuse loop: %s\n", pt_prog, strerror(-loop_rc));
		rc = PT_EXIT_FUSE;
	} else {
		rc = PT_EXIT_OK;
	}
	if (hooks && hooks->stopped)
		hooks->stopped();
	fuse_unmount(fuse);
out_handlers:
	fuse_remove_signal_handlers(se);
out_destroy:
	fuse_destroy(fuse);
	return rc;
}

int pt_serve(struct fuse_args *args, const struct fuse_operations *ops, const char *backing_dir,
	     const char *mountpoint, const struct pt_hooks *hooks)
{
	int rc;

	pt_root_fd = open(backing_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (pt_root_fd < 0) {
		fprintf(stderr, "%s: open %s: %s\n", pt_prog, backing_dir, strerror(errno));
		return PT_EXIT_SETUP;
	}
	rc = serve_mount(args, ops, backing_dir, mountpoint, hooks);
	if (close(pt_root_fd) < 0 && rc == PT_EXIT_OK) {
		fprintf(stderr, "%s: close %s: %s\n", pt_prog, backing_dir, strerror(errno));
		rc = PT_EXIT_SETUP;
	}
	pt_root_fd = -1;
	return rc;
}
