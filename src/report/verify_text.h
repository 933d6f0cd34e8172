/* verify_text.h — what `walbench verify` prints on stdout: each subcommand's
 * opening line, the end of a write (what to do next), and check's report of
 * the file and its verdict (advice/verify_verdict.h) in the words of words.h.
 * Computes nothing; errors stay with the command that met them. */
#ifndef WB_REPORT_VERIFY_TEXT_H
#define WB_REPORT_VERIFY_TEXT_H

#include <stdint.h>

#include "advice/verify_verdict.h"
#include "model/verify_protocol.h"

/* listen: the port it listens on and the protocol it speaks. */
void wb_verify_print_listening(unsigned port);

/* write: the file at path held an earlier run, now replaced. */
void wb_verify_print_replaced(const char *path);

/* write: what goes where (record size, slots, run, method name), to which
 * listener, and when to cut the power. */
void wb_verify_print_writing(const struct wb_verify_run *run, const char *path,
			     const char *method, const char *to);

/* write, ended: how many records were acknowledged to to, and the check to run
 * on dir after the power cut — or, with the listener on this machine (at), that
 * a power cut now proves nothing. */
void wb_verify_print_written(uint64_t records, const char *to, const char *dir,
			     enum wb_verify_listener_at at);

/* check: the file at path against the run from holds (l's counts). */
void wb_verify_print_checking(const char *path, const struct wb_verify_ledger *l,
			      const char *from);

/* What check found of the file before its slots: gone, a header lost, or
 * another run's (file_run_id); FILE_OK prints nothing. */
enum wb_verify_file_state {
	WB_VERIFY_FILE_OK,
	WB_VERIFY_FILE_GONE,
	WB_VERIFY_FILE_BAD_HEADER,
	WB_VERIFY_FILE_OTHER_RUN,
};

void wb_verify_print_file(enum wb_verify_file_state s, uint64_t file_run_id);

/* The verdict: each listed loss, how many more, the in-flight and newer
 * slots, then whether acknowledged records were lost and, when none was,
 * whether the machine restarted since the write (nothing when none was
 * checked: that is an error the command reports). */
void wb_verify_print_verdict(const struct wb_verify_run *run, const struct wb_verify_verdict *v);

/* check --remove: the file at path, checked, is removed. */
void wb_verify_print_removed(const char *path);

#endif
