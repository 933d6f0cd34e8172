/* help.c — `walbench --help`: each command in a line, then each command's options from
 * the option table (options.c). The man page has its own generator (manpage.c). */
#include "plan/options.h"

#include <stdio.h>

static const char *const command_help[WB_CMD_COUNT] = {
	[WB_CMD_COMPAT] = "the pg_test_fsync tests, same output format, done right",
	[WB_CMD_RUN] = "any method x engine x size combination, with latency percentiles",
	[WB_CMD_ENGINES] = "which engine x method combinations work on a directory, or why not",
	[WB_CMD_RECOMMEND] = "which wal_sync_method to set on DIR (or that they tie), and why",
	[WB_CMD_VERIFY] = "listen | write --to HOST:PORT DIR | check --from HOST:PORT DIR: do\n"
			  "             acknowledged flushes survive a power cut? (needs a second machine)",
	[WB_CMD_QUALIFY] = "does DIR's disk meet a tier (commit and etcd flush rate and p99,\n"
			   "             sustained), and are its flushes plausible?",
	[WB_CMD_COMPARE] = "A.json B.json: results of two runs (before and after a change),\n"
			   "             test by test, with the 95% CI of each change (a side may\n"
			   "             be several runs, A1.json,A2.json)",
	[WB_CMD_REPORT] = "FILE.json...: one self-contained HTML report with charts (several\n"
			  "             files side by side), or --summary: a fleet's outliers",
	[WB_CMD_CLEAN] = "DIR: remove the files a walbench killed by SIGKILL or the OOM killer\n"
			 "             left in DIR (walbench.PID.N.tmp of a process that is gone)",
	[WB_CMD_OBSERVE] = "[DSN]: read the running PostgreSQL (read-only): its settings, and its\n"
			   "             commits, WAL writes, flushes and data pages a second",
};

void wb_usage_hint(void)
{
	fputs(WB_USAGE_HINT "\n", stderr);
}

void wb_print_help(void)
{
	unsigned c, i;

	printf("walbench measures what each PostgreSQL wal_sync_method costs on a disk.\n\n"
	       "Usage:\n  walbench COMMAND [OPTIONS]\n\nCommands:\n");
	for (c = 0; c < WB_CMD_COUNT; c++)
		printf("  %-10s %s\n", wb_command_name((enum wb_command)c), command_help[c]);
	for (c = 0; c < WB_CMD_COUNT; c++) {
		printf("\nOptions of %s:\n", wb_command_name((enum wb_command)c));
		for (i = 0; i < wb_options_count; i++) {
			const struct wb_option *o = &wb_options[i];
			char left[64];

			if (!(o->commands & WB_CMD_BIT(c)))
				continue;
			if (o->short_name)
				snprintf(left, sizeof(left), "-%c, --%s %s", o->short_name, o->name,
					 o->metavar);
			else
				snprintf(left, sizeof(left), "    --%s %s", o->name, o->metavar);
			printf("  %-28s %s\n", left, o->help);
		}
	}
	printf("\nGeneral:\n  -h, --help                   show this help and exit\n"
	       "  -V, --version                show the version and exit\n"
	       "      --man                    print the manual page (roff) and exit\n"
	       "\nExit status: see EXIT STATUS in \"man walbench\" (or walbench --man), which\n"
	       "gives every command's.\n");
}
