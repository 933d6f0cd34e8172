/* fuzz_profile.c — libFuzzer target: any bytes as a `run --profile FILE`, then
 * what run does with a profile that loads: every group applied to a fresh
 * configuration and turned into its tests. */
#include <stdint.h>
#include <stdlib.h>

#include "input_file.h"
#include "plan/options.h"
#include "plan/plan.h"
#include "plan/profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wb_profile prof;
	struct wb_config cfg;
	struct wb_test *tests;
	char err[1024];
	size_t g, n;

	if (wb_profile_load(wb_fuzz_input_path(data, size), WB_CMD_RUN, &prof, err, sizeof(err)))
		return 0;
	for (g = 0; g < prof.ngroups; g++) {
		if (wb_config_defaults(&cfg, WB_CMD_RUN) ||
		    wb_profile_apply(&prof, g, WB_CMD_RUN, &cfg, err, sizeof(err)))
			abort(); /* the loader validated every group: applying one must not fail */
		tests = wb_plan_run(&cfg, &n);
		free(tests);
	}
	wb_profile_free(&prof);
	return 0;
}
