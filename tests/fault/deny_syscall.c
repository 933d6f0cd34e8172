/* deny_syscall — run a command under a seccomp filter that makes the named syscalls fail with
 * a chosen errno (e.g. io_uring_setup=EPERM), to test how walbench reports a refused engine.
 * Traps: the filter is inherited by children and survives exec (that is the point); a name that
 * is not a real syscall on this architecture is refused rather than silently filtering nothing;
 * a syscall made by another ABI (32-bit x86 on x86_64) kills the process (libseccomp default). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <seccomp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errno_names.h"

/* Exit codes, as env(1)/timeout(1) use them, so they cannot be mistaken for the command's. */
enum ds_exit {
	DS_EXIT_SETUP = 125,  /* usage error, or the filter could not be built or loaded */
	DS_EXIT_NOEXEC = 127, /* the command could not be executed */
};

/* More rules than any test needs; the cap keeps the duplicate check a plain array. */
#define DS_MAX_RULES 64

/* Syscalls already given a rule: libseccomp silently keeps the first of two conflicting rules,
 * so "io_setup=EIO,io_setup=EPERM" would not do what it says. */
struct ds_seen {
	int nr[DS_MAX_RULES];
	size_t count;
};

static const char *ds_prog = "deny_syscall";

static void ds_usage(FILE *out)
{
	fprintf(out,
		"Usage: %s SYSCALL=ERRNO[,SYSCALL=ERRNO...] -- COMMAND [ARGS...]\n"
		"Run COMMAND with each named syscall failing with its ERRNO (seccomp filter,\n"
		"no_new_privs set; every other syscall is allowed). Example:\n"
		"  %s io_uring_setup=EPERM -- ./walbench engines --dir /tmp\n"
		"ERRNO is one of:\n ",
		ds_prog, ds_prog);
	wb_errno_names_print(out);
	fprintf(out,
		"\n"
		"Exit status: COMMAND's own; 125 usage or filter setup error, 127 COMMAND not run.\n");
}

__attribute__((format(printf, 1, 2)))
static int ds_usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", ds_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry \"%s --help\" for more information.\n", ds_prog);
	return DS_EXIT_SETUP;
}

/* Records nr as used. Returns 0, or an exit code if it was used already or the table is full. */
static int ds_mark_seen(struct ds_seen *seen, int nr, const char *name)
{
	for (size_t i = 0; i < seen->count; i++) {
		if (seen->nr[i] == nr)
			return ds_usage_error("syscall '%s' given twice", name);
	}
	if (seen->count == DS_MAX_RULES)
		return ds_usage_error("more than %d rules", DS_MAX_RULES);
	seen->nr[seen->count++] = nr;
	return 0;
}

/* Adds one "name=ERRNO" rule. Returns 0 or an exit code after saying why. */
static int ds_add_rule(scmp_filter_ctx ctx, struct ds_seen *seen, char *item)
{
	char *eq = strchr(item, '=');
	int syscall_nr;
	int err;
	int rc;

	if (eq == NULL || eq == item || eq[1] == '\0')
		return ds_usage_error("bad rule '%s' (want SYSCALL=ERRNO)", item);
	*eq = '\0';
	err = wb_errno_from_name(eq + 1);
	if (err == 0)
		return ds_usage_error("unknown errno name '%s'", eq + 1);
	syscall_nr = seccomp_syscall_resolve_name(item);
	if (syscall_nr == __NR_SCMP_ERROR)
		return ds_usage_error("unknown syscall '%s'", item);
	/* libseccomp gives names missing on this arch a negative pseudo number; a rule on it
	 * would match nothing and the test would pass for the wrong reason. */
	if (syscall_nr < 0)
		return ds_usage_error("syscall '%s' does not exist on this architecture", item);
	rc = ds_mark_seen(seen, syscall_nr, item);
	if (rc != 0)
		return rc;
	rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO((unsigned)err), syscall_nr, 0);
	if (rc < 0) {
		fprintf(stderr, "%s: seccomp_rule_add %s=%s: %s\n", ds_prog, item, eq + 1,
			strerror(-rc));
		return DS_EXIT_SETUP;
	}
	return 0;
}

/* Adds every rule of the comma-separated spec. Returns 0 or an exit code. */
static int ds_add_rules(scmp_filter_ctx ctx, const char *spec)
{
	struct ds_seen seen = { .count = 0 };
	char *copy = strdup(spec);
	char *save = NULL;
	char *item;
	int rc = 0;

	if (copy == NULL) {
		fprintf(stderr, "%s: out of memory\n", ds_prog);
		return DS_EXIT_SETUP;
	}
	/* strtok_r would skip empty items; "a=EIO,,b=EIO" is more likely a typo than intent. */
	if (copy[0] == '\0' || copy[0] == ',' || strstr(copy, ",,") != NULL ||
	    copy[strlen(copy) - 1] == ',') {
		rc = ds_usage_error("empty rule in '%s'", spec);
		goto out_free;
	}
	for (item = strtok_r(copy, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
		rc = ds_add_rule(ctx, &seen, item);
		if (rc != 0)
			goto out_free;
	}
out_free:
	free(copy);
	return rc;
}

/* Builds and loads the filter; after this the process itself is filtered. */
static int ds_install_filter(const char *spec)
{
	scmp_filter_ctx ctx;
	int rc;

	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL) {
		fprintf(stderr, "%s: seccomp_init failed\n", ds_prog);
		return DS_EXIT_SETUP;
	}
	rc = ds_add_rules(ctx, spec);
	if (rc != 0)
		goto out_release;
	/* Already libseccomp's default; said explicitly because the load needs it when not root. */
	rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1);
	if (rc < 0) {
		fprintf(stderr, "%s: seccomp_attr_set NNP: %s\n", ds_prog, strerror(-rc));
		rc = DS_EXIT_SETUP;
		goto out_release;
	}
	rc = seccomp_load(ctx);
	if (rc < 0) {
		fprintf(stderr, "%s: seccomp_load: %s\n", ds_prog, strerror(-rc));
		rc = DS_EXIT_SETUP;
		goto out_release;
	}
out_release:
	seccomp_release(ctx);
	return rc;
}

static bool ds_is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int main(int argc, char **argv)
{
	int rc;

	if (argc == 2 && ds_is_help(argv[1])) {
		ds_usage(stdout);
		return 0;
	}
	if (argc < 4 || strcmp(argv[2], "--") != 0)
		return ds_usage_error("need SYSCALL=ERRNO[,...] -- COMMAND [ARGS...]");

	rc = ds_install_filter(argv[1]);
	if (rc != 0)
		return rc;

	execvp(argv[3], &argv[3]);
	fprintf(stderr, "%s: exec %s: %s\n", ds_prog, argv[3], strerror(errno));
	return DS_EXIT_NOEXEC;
}
