/* cmd_engines.c — `walbench engines`: every engine x method, available or why not.
 * Availability is probed, not assumed: each combination runs one real flush on a
 * file in the directory (a zero-length test through the same runner), so O_DIRECT
 * refused by ramfs or io_uring blocked by seccomp shows up as it would in a run. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "plan/options.h"
#include "measure/session.h"

#define PROBE_SIZE 4096

int wb_cmd_engines(int argc, char **argv)
{
	struct wb_test tests[WB_ENGINE_COUNT * WB_METHOD_COUNT];
	struct wb_results rs = { 0 };
	struct wb_config cfg;
	unsigned e, m;
	size_t n = 0, i;
	int status;

	if (!wb_cli_configure(&cfg, WB_CMD_ENGINES, argc, argv, &status))
		return status;
	if (!wb_input_dir_ok(&cfg, wb_input_dir_word(&cfg), cfg.target))
		return WB_EXIT_SETUP;
	for (e = 0; e < WB_ENGINE_COUNT; e++)
		for (m = 0; m < WB_METHOD_COUNT; m++)
			tests[n++] = (struct wb_test){
				.method = (enum wb_method_id)m, .engine = (enum wb_engine_id)e,
				.size = PROBE_SIZE, .writes_per_op = 1, .queue_depth = 1,
				.jobs = 1, .committers = 1, .duration_ns = 0,
			};
	status = wb_exit_for_session(wb_session_run(cfg.target, tests, n, NULL, NULL, &rs));
	if (rs.n)
		printf("Engines and methods on %s (%s), probed with one %d-byte flush each:\n\n",
		       cfg.target, rs.device.fs_type, PROBE_SIZE);
	for (e = 0; e < WB_ENGINE_COUNT && rs.n; e++) {
		const struct wb_engine_ops *ops = wb_engine_get((enum wb_engine_id)e);

		printf("%s: %s\n", ops->name, ops->summary);
		for (i = 0; i < rs.n; i++) {
			const struct wb_result *r = &rs.v[i];

			if (r->test.engine != (enum wb_engine_id)e)
				continue;
			printf("  %-20s %s%s%s\n", wb_method_get(r->test.method)->name,
			       r->status == WB_STATUS_OK ? "available" : wb_status_name(r->status),
			       r->status == WB_STATUS_OK ? "" : ": ", r->reason);
		}
	}
	wb_results_free(&rs);
	return status;
}
