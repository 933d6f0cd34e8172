/* signal_cleanup.c — removes every registered test file when SIGINT, SIGTERM, SIGHUP
 * or SIGPIPE (the reader of `walbench compat | head` went away) arrives, then exits with 128 + the signal number — or, for commands that
 * report partial results, first asks the run to stop after its trial.
 * Trap: the signal handler may only use async-signal-safe calls (unlink, write,
 * _exit); the registry is a fixed array whose slots are published by a flag
 * written last, so the handler never sees a half-written path. */
#include "measure/signal_cleanup.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char registered_path[WB_CLEANUP_MAX][PATH_MAX];
static volatile sig_atomic_t registered[WB_CLEANUP_MAX];
/* The descriptor holding each file's flock (testfile.h); exit releases them, so
 * the handler leaves them alone. */
static int registered_lock[WB_CLEANUP_MAX];
/* Job threads create segments concurrently: two must not take one slot. The
 * handler never takes it; it reads only the published flags. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

/* With graceful stops on, the first signal only asks the run to stop after
 * its current trial (stop_sig), so what was measured is still reported and
 * written; a second one, or any signal without graceful stops, removes the
 * files and exits at once. */
static volatile sig_atomic_t graceful, stop_sig;

/* Says only what is true: a command that made no test file (report, compare,
 * verify listen) was interrupted, nothing more; one whose file could not be
 * removed says so, for `walbench clean`. */
static void remove_all_and_exit(int sig)
{
	static const char none[] = "\nwalbench: interrupted\n";
	static const char removed[] = "\nwalbench: interrupted; test files removed\n";
	static const char left[] = "\nwalbench: interrupted; a test file could not be removed: "
				   "`walbench clean` removes it\n";
	unsigned i, n = 0, failed = 0;

	for (i = 0; i < WB_CLEANUP_MAX; i++)
		if (registered[i]) {
			n++;
			if (unlink(registered_path[i]) && errno != ENOENT)
				failed++;
		}
	if (failed)
		(void)!write(STDERR_FILENO, left, sizeof(left) - 1);
	else if (n)
		(void)!write(STDERR_FILENO, removed, sizeof(removed) - 1);
	else
		(void)!write(STDERR_FILENO, none, sizeof(none) - 1);
	_exit(128 + sig);
}

static void on_signal(int sig)
{
	static const char msg[] = "\nwalbench: interrupted: finishing the current trial and "
				  "reporting what was measured; interrupt again to stop at once\n";

	if (graceful && !stop_sig) {
		stop_sig = sig;
		(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
		return;
	}
	remove_all_and_exit(sig);
}

void wb_cleanup_graceful(bool on)
{
	graceful = on;
}

int wb_cleanup_stop_requested(void)
{
	return stop_sig;
}

int wb_cleanup_install(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	struct sigaction sa;
	unsigned i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART; /* a graceful stop must not fail the I/O it interrupted */
	sigfillset(&sa.sa_mask); /* one handler at a time: a second signal must not cut it short */
	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (sigaction(signals[i], &sa, NULL))
			return -errno;
	return 0;
}

/* Registration runs with the cleanup signals blocked so a slot is never seen
 * half-filled. */
void wb_cleanup_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

int wb_cleanup_register(const char *path, int lock_fd)
{
	sigset_t old;
	unsigned i;
	int ret = -ENFILE;

	wb_cleanup_block(&old);
	pthread_mutex_lock(&registry_lock);
	for (i = 0; i < WB_CLEANUP_MAX; i++) {
		if (!registered[i]) {
			snprintf(registered_path[i], PATH_MAX, "%s", path);
			registered_lock[i] = lock_fd;
			registered[i] = 1;
			ret = 0;
			break;
		}
	}
	pthread_mutex_unlock(&registry_lock);
	wb_cleanup_restore(&old);
	return ret;
}

void wb_cleanup_forget(const char *path)
{
	sigset_t old;
	unsigned i;

	wb_cleanup_block(&old);
	pthread_mutex_lock(&registry_lock);
	for (i = 0; i < WB_CLEANUP_MAX; i++) {
		if (registered[i] && strcmp(registered_path[i], path) == 0) {
			registered[i] = 0;
			if (registered_lock[i] >= 0)
				(void)close(registered_lock[i]);
			registered_lock[i] = -1;
		}
	}
	pthread_mutex_unlock(&registry_lock);
	wb_cleanup_restore(&old);
}

void wb_cleanup_restore(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}
