/* fuzz_tiers.c — libFuzzer target: any bytes as `qualify --tiers FILE`; a file
 * that loads must give tiers that qualify can find by name. */
#include <stdint.h>
#include <stdlib.h>

#include "input_file.h"
#include "plan/tiers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct wb_tiers tiers; /* static: the table is large for a stack */
	char err[1024];
	size_t i;

	if (wb_tiers_load(wb_fuzz_input_path(data, size), &tiers, err, sizeof(err)))
		return 0;
	for (i = 0; i < tiers.n; i++)
		if (wb_tier_find(&tiers, tiers.t[i].name) != &tiers.t[i])
			abort(); /* names are unique: each finds itself */
	return 0;
}
