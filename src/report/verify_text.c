/* verify_text.c — see verify_text.h; the verdict's words are words.h's. */
#include "report/verify_text.h"

#include <inttypes.h>
#include <stdio.h>

#include "model/units.h"
#include "report/words.h"

void wb_verify_print_listening(unsigned port)
{
	printf("walbench verify: listening on port %u (protocol %d); stop with Ctrl-C\n", port,
	       WB_VERIFY_PROTO_VERSION);
	fflush(stdout);
}

void wb_verify_print_replaced(const char *path)
{
	printf("Replaced the previous verify file %s.\n", path);
}

void wb_verify_print_writing(const struct wb_verify_run *run, const char *path,
			     const char *method, const char *to)
{
	char size[32];

	wb_format_size(run->record_size, size, sizeof(size));
	printf("Writing %s records to %s (%u slots, run %016" PRIx64 ") with %s; each is reported\n"
	       "to %s only after it is durable. Cut the power while this runs, or after it ends.\n",
	       size, path, run->slots, run->run_id, method, to);
	fflush(stdout);
}

void wb_verify_print_written(uint64_t records, const char *to, const char *dir,
			     enum wb_verify_listener_at at)
{
	char line[WB_WORDS_VERIFY_LEN];

	printf("%" PRIu64 " records written and acknowledged to %s.\n", records, to);
	/* Cutting the power now would take the listener down too: no advice to do so. */
	if (at != WB_VERIFY_LISTENER_ELSEWHERE) {
		printf("Warning: %s.\n", wb_words_verify_listener_here(at, to, line, sizeof(line)));
		return;
	}
	printf("Now cut the power of this machine (not a clean shutdown); after the reboot run\n"
	       "  walbench verify check --from %s %s\n", to, dir);
}

void wb_verify_print_checking(const char *path, const struct wb_verify_ledger *l,
			      const char *from)
{
	printf("Checking %s against run %016" PRIx64 " held by %s (%" PRIu64
	       " writes acknowledged, the last of %" PRIu64 " announced):\n", path, l->run.run_id,
	       from, l->done_count, l->last_about);
}

void wb_verify_print_file(enum wb_verify_file_state s, uint64_t file_run_id)
{
	switch (s) {
	case WB_VERIFY_FILE_OK:
		break;
	case WB_VERIFY_FILE_GONE:
		/* Reached only for the directory the run was written to (wb_verify_tie); a file
		 * system not mounted after the reboot is the one way that is not a loss. */
		printf("  the file is gone from the directory the run was written to: every "
		       "acknowledged record is lost\n"
		       "  (unless the file system that held it is not mounted now: mount it and "
		       "check again)\n");
		break;
	case WB_VERIFY_FILE_BAD_HEADER:
		printf("  the file's header is lost or corrupt (it was durable before the "
		       "first record)\n");
		break;
	case WB_VERIFY_FILE_OTHER_RUN:
		printf("  the file belongs to run %016" PRIx64 ", not the listener's: another "
		       "writer ran since\n", file_run_id);
		break;
	}
}

void wb_verify_print_verdict(const struct wb_verify_run *run, const struct wb_verify_verdict *v)
{
	char line[WB_WORDS_VERIFY_LEN];
	size_t i;

	for (i = 0; i < v->n_losses; i++)
		printf("  %s\n", wb_words_verify_loss(run, &v->losses[i], line, sizeof(line)));
	if (v->lost > v->n_losses)
		printf("  ... and %" PRIu64 " more\n", v->lost - v->n_losses);
	if (v->in_flight)
		printf("%" PRIu64 " records were in flight (announced, never acknowledged): %" PRIu64
		       " of them reached the file. They prove nothing either way.\n", v->in_flight,
		       v->in_flight_landed);
	if (v->newer)
		printf("%" PRIu64 " slots hold a newer announced record than the acknowledged one "
		       "(written, its acknowledgement lost with the power): fine.\n", v->newer);
	if (v->lost || v->checked)
		printf("%s\n", wb_words_verify_verdict(v, line, sizeof(line)));
}

void wb_verify_print_removed(const char *path)
{
	printf("Removed %s.\n", path);
}
