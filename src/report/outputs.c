/* outputs.c — see outputs.h. The writers are json.c, csv.c and prom.c; this
 * file only decides which run and says how one failed. */
#include "report/outputs.h"

#include <stdio.h>
#include <string.h>

#include "report/csv.h"
#include "report/prom.h"

/* Prints a failed write (ret is -errno) and keeps the first failure. */
static void note_failure(const char *path, const char *why, int ret, int *first)
{
	fprintf(stderr, "walbench: %s: %s: %s\n", path, why, strerror(-ret));
	if (!*first)
		*first = ret;
}

int wb_outputs_write(const struct wb_config *cfg, enum wb_command cmd,
		     const struct wb_results *rs, const struct wb_json_verdicts *v)
{
	const char *why;
	int ret, first = 0;

	if (cfg->json_path && (ret = wb_json_write(cfg->json_path, rs, cfg, cmd, v, &why)))
		note_failure(cfg->json_path, why, ret, &first);
	if (cfg->csv_path && (ret = wb_csv_write(cfg->csv_path, rs, &why)))
		note_failure(cfg->csv_path, why, ret, &first);
	if (cfg->prom_path && (ret = wb_prom_write(cfg->prom_path, rs, v, &why)))
		note_failure(cfg->prom_path, why, ret, &first);
	return first;
}
