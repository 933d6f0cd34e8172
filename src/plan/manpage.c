/* manpage.c — walbench(1), rendered from the same option table as --help, so
 * the manual can never list an option the program does not take, nor miss one.
 * `walbench --man` prints it; the build writes it to walbench.1. */
#include "plan/options.h"

#include <stdio.h>
#include <string.h>

#include "model/version.h"

/* Text as roff wants it: a backslash doubled, a leading dot or quote guarded,
 * and hyphens in option names as \- so they copy and paste as minus signs. */
static void roff(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else
			putchar(*s);
	}
}

static const char *const sections[][2] = {
	{ "compat", "pg_test_fsync's tests, in its output format: every wal_sync_method with one and "
		    "two 8 kB writes, open_sync in 1 to 16 writes, fsync on a non-write descriptor, "
		    "and plain writes." },
	{ "run", "Any method \\(mu engine \\(mu size \\(mu writes \\(mu access pattern \\(mu "
		 "concurrency, as interleaved trials until each rate's 95 % interval is narrow "
		 "enough or the budget is spent; latency percentiles; comparisons between methods; "
		 "JSON, CSV and Prometheus output." },
	{ "engines", "Which engine \\(mu method combinations work on a directory, or why not." },
	{ "recommend", "Which wal_sync_method to set on DIR for the workload, or that they tie and "
		       "the default stays; commit_delay; advisories on the device and the kernel; "
		       "with \\-\\-wal\\-candidate, whether pg_wal belongs on another volume, measured "
		       "under a checkpoint\\-like load." },
	{ "verify", "Whether acknowledged flushes survive a power cut: \\fBverify listen\\fR on a "
		    "second machine, \\fBverify write \\-\\-to HOST:PORT DIR\\fR on the machine "
		    "under test, cut its power, then \\fBverify check \\-\\-from HOST:PORT DIR\\fR." },
	{ "qualify", "A verdict on DIR's disk (or a raw block device with \\-\\-destroy\\-data) "
		     "against a tier of profiles/tiers.json: commit and etcd flush rate and p99, "
		     "sustained against burst, and findings on flushes that cannot be durable." },
	{ "compare", "Results file B against A, test by test, with a 95 % interval of the change; "
		     "\\-\\-fail\\-on\\-regression gates a CI job." },
	{ "report", "Results files (of run, recommend or qualify) as one self\\-contained HTML "
		    "file with charts, several files side by side; with \\-\\-summary, a fleet's "
		    "outliers and disagreeing recommendations, as text and JSON." },
	{ "clean", "Removes from DIR the files a walbench killed by SIGKILL or the OOM killer "
		   "left behind: walbench.PID.N.tmp, regular, yours, unlocked, and PID no running "
		   "walbench. Prints each file removed; \\-\\-dry\\-run lists what would go "
		   "and what stays, and why. Never follows a symlink, never recurses, never "
		   "removes verify's walbench\\-verify.dat." },
};

void wb_print_man(void)
{
	unsigned c, i, k;

	printf(".TH WALBENCH 1 \"\" \"walbench %s\" \"User Commands\"\n", WB_VERSION);
	printf(".SH NAME\nwalbench \\- what each PostgreSQL wal_sync_method costs on a disk, "
	       "and what to set\n");
	printf(".SH SYNOPSIS\n.B walbench\n.I command\n[\\fIoptions\\fR]\n");
	printf(".SH DESCRIPTION\nwalbench measures WAL flushes as PostgreSQL issues them "
	       "(each wal_sync_method, opened as the server opens it, through pluggable I/O "
	       "engines), with confidence intervals, and decides: which wal_sync_method to "
	       "set, where pg_wal belongs, whether a disk qualifies, and whether its flushes can "
	       "be trusted. It only ever writes files it creates (O_EXCL|O_NOFOLLOW) and removes "
	       "them, on signals too.\n");
	printf(".SH COMMANDS\n");
	for (k = 0; k < sizeof(sections) / sizeof(sections[0]); k++)
		printf(".TP\n.B %s\n%s\n", sections[k][0], sections[k][1]);
	for (c = 0; c < WB_CMD_COUNT; c++) {
		const char *name = wb_command_name((enum wb_command)c);
		bool any = false;

		for (i = 0; i < wb_options_count; i++) {
			const struct wb_option *o = &wb_options[i];

			if (!(o->commands & WB_CMD_BIT(c)))
				continue;
			if (!any)
				printf(".SH OPTIONS OF %s\n", name);
			any = true;
			printf(".TP\n");
			if (o->short_name)
				printf("\\fB\\-%c\\fR, ", o->short_name);
			printf("\\fB\\-\\-");
			roff(o->name);
			printf("\\fR");
			if (o->metavar && *o->metavar) {
				printf(" \\fI");
				roff(o->metavar);
				printf("\\fR");
			}
			printf("\n");
			roff(o->help);
			printf("\n");
		}
	}
	printf(".SH GENERAL OPTIONS\n.TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nevery command and "
	       "option, and exit\n.TP\n\\fB\\-V\\fR, \\fB\\-\\-version\\fR\nthe version, and "
	       "exit\n.TP\n\\fB\\-\\-man\\fR\nthis manual page in roff, and exit\n");
	printf(".SH EXIT STATUS\n.TP\n0\nsuccess; \\fBqualify\\fR: the tier passed; "
	       "\\fBcompare\\fR: no regression; \\fBreport\\fR: written\n.TP\n1\nusage error (a bad option or value); "
	       "\\fBqualify\\fR: the tier failed or was inconclusive; \\fBcompare\\fR: "
	       "\\-\\-fail\\-on\\-regression tripped (these two, and \\fBreport\\fR, take 2 for usage errors)\n.TP\n2\n"
	       "unusable input (a missing directory, an unwritable report file, a block device "
	       "in use) or nothing could run\n.TP\n3\nan I/O error or durability failure: a "
	       "write, sync or close failed; \\fBclean\\fR: a file could not be removed\n"
	       ".TP\n128+N\nstopped by signal N, after removing "
	       "the test files; \\fBrun\\fR, \\fBrecommend\\fR and \\fBqualify\\fR first "
	       "report what they measured (marked partial)\n");
	printf(".SH ENVIRONMENT\n.TP\n.B WALBENCH_PROFILES\nthe directory of profiles and "
	       "tiers.json, before the installed one\n.TP\n.B WALBENCH_CLOCK\n"
	       "\\fBmonotonic\\fR to time with clock_gettime instead of the TSC\n");
	printf(".SH EXAMPLES\n.nf\nwalbench recommend /var/lib/postgresql \\-\\-json rec.json\n"
	       "walbench recommend \\-\\-data /srv/pgdata \\-\\-wal\\-candidate /srv/walssd\n"
	       "walbench qualify /srv/newdisk \\-\\-tier oltp\\-primary && echo qualified\n"
	       "walbench run \\-\\-dir /srv/pg_wal \\-\\-method all \\-\\-size 8k,16k \\-\\-json a.json\n"
	       "walbench compare a.json b.json \\-\\-fail\\-on\\-regression 10\n"
	       "walbench report rec.json \\-o rec.html\n"
	       "walbench report \\-\\-summary fleet/*.json\n"
	       "walbench clean /srv/pg_wal \\-\\-dry\\-run\n.fi\n");
	printf(".SH SEE ALSO\n.BR pg_test_fsync (1),\n.BR fio (1),\n.BR pgbench (1)\n");
}
