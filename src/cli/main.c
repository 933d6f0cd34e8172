/* main.c — walbench's entry point: dispatch to a subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "plan/options.h"
#include "measure/signal_cleanup.h"
#include "model/version.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "compat", wb_cmd_compat },
	{ "run", wb_cmd_run },
	{ "engines", wb_cmd_engines },
	{ "recommend", wb_cmd_recommend },
	{ "verify", wb_cmd_verify },
	{ "qualify", wb_cmd_qualify },
	{ "compare", wb_cmd_compare },
	{ "report", wb_cmd_report },
	{ "clean", wb_cmd_clean },
	{ "observe", wb_cmd_observe },
};

int main(int argc, char **argv)
{
	unsigned i;

	if (argc < 2) {
		fprintf(stderr, "walbench: no command given\n");
		wb_usage_hint();
		return WB_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		wb_print_help();
		return WB_EXIT_OK;
	}
	if (strcmp(argv[1], "--man") == 0) { /* the manual page, for the build to install */
		wb_print_man();
		return WB_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("walbench %s\n", WB_VERSION);
		return WB_EXIT_OK;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name) == 0) {
			if (wb_cleanup_install()) {
				perror("walbench: sigaction");
				return WB_EXIT_SETUP;
			}
			return commands[i].fn(argc - 1, argv + 1);
		}
	}
	fprintf(stderr, "walbench: unknown command \"%s\"\n", argv[1]);
	wb_usage_hint();
	return WB_EXIT_USAGE;
}
