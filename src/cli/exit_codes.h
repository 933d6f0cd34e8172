/* exit_codes.h — walbench's exit statuses. They are documented once, in the man page's
 * EXIT STATUS (src/plan/manpage.c); the README's "Exit codes" table is its summary. */
#ifndef WB_CLI_EXIT_CODES_H
#define WB_CLI_EXIT_CODES_H

#include "measure/session.h"

enum wb_exit {
	WB_EXIT_OK = 0,
	WB_EXIT_USAGE = 1,   /* bad command line or profile */
	WB_EXIT_GATE = 1,    /* compare, report --summary, qualify: the gate asked for failed; their
			      * usage errors are WB_EXIT_SETUP, so a typo never reads as a verdict */
	WB_EXIT_SETUP = 2,   /* could not set up (refused path, nothing runnable) */
	WB_EXIT_IO = 3,      /* an I/O error or a durability (sync) failure */
	WB_EXIT_INCONCLUSIVE = 4, /* compare --fail-on-regression: no regression shown, but a
				   * slowdown past it on a side measured unstable lies within
				   * its trials' spread: neither a pass nor a failure; rerun */
	WB_EXIT_SIGNAL = 128 /* plus the signal number, after removing test files */
};

/* The exit status for how a measuring session ended. */
static inline enum wb_exit wb_exit_for_session(enum wb_session_status s)
{
	switch (s) {
	case WB_SESSION_OK:
		return WB_EXIT_OK;
	case WB_SESSION_SETUP_FAILED:
		return WB_EXIT_SETUP;
	case WB_SESSION_IO_FAILED:
		break;
	}
	return WB_EXIT_IO;
}

#endif
