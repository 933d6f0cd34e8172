/* exit_codes.h — walbench's documented exit statuses (README "Exit codes"). */
#ifndef WB_EXIT_CODES_H
#define WB_EXIT_CODES_H

enum wb_exit {
	WB_EXIT_OK = 0,
	WB_EXIT_USAGE = 1,   /* bad command line or profile */
	WB_EXIT_SETUP = 2,   /* could not set up (refused path, nothing runnable) */
	WB_EXIT_IO = 3,      /* an I/O error or a durability (sync) failure */
	WB_EXIT_SIGNAL = 128 /* plus the signal number, after removing test files */
};

#endif
