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
	{ "recommend", "Which wal_sync_method to set on DIR for the workload, in one of five "
		       "states, the headline's first word: switch (set it), tie (every other "
		       "method proven within \\-\\-min\\-gain, or slower: the default stays), "
		       "keep (every other proven slower), undecided (the budget ran out: the "
		       "default stays for now, and the headline names the open method, its 95 % "
		       "interval, the confidence a switch needs (99.5 %) and the \\-\\-budget "
		       "that would settle it) or failed; "
		       "commit_delay; advisories on the device and the kernel; "
		       "with \\-\\-wal\\-candidate, whether pg_wal belongs on another volume, measured "
		       "under a checkpoint\\-like load: move, depends, keep, or undecided while a "
		       "candidate's interval still reaches \\-\\-min\\-gain." },
	{ "observe", "What the running PostgreSQL server says of itself, read-only over libpq "
		     "(a role with pg_monitor is enough): its version and WAL settings, and "
		     "over \\-\\-observe its commits, WAL bytes, writes and flushes, its own "
		     "mean flush time (with track_wal_io_timing), the data pages it wrote and "
		     "whether a checkpoint fell inside, and where its data directory and "
		     "pg_wal are on this host. \\fBrecommend \\-\\-server\\fR decides from the "
		     "same observation." },
	{ "verify", "Whether acknowledged flushes survive a power cut: \\fBverify listen\\fR on a "
		    "second machine, \\fBverify write \\-\\-to HOST:PORT DIR\\fR on the machine "
		    "under test, cut its power, then \\fBverify check \\-\\-from HOST:PORT DIR\\fR." },
	{ "qualify", "A verdict on DIR's disk (or a raw block device with \\-\\-destroy\\-data) "
		     "against a tier of profiles/tiers.json: commit and etcd flush rate and p99, "
		     "sustained against burst, and findings on flushes that cannot be durable. "
		     "etcd's shape is written as etcd's WAL writes: 2300\\-byte appends, each "
		     "followed by fdatasync, into segments fallocated whole (mode 0) and never "
		     "written before, a new one when full (64 MB as etcd's; 22 MiB, the file of "
		     "the fio check etcd's documentation quotes, under a \\-\\-duration below "
		     "60 s); where fallocate is refused, extended with ftruncate as etcd does. "
		     "On a raw device, its first 22 MiB, written over. A rate that steps down to "
		     "a plateau (burst credits running out) is judged on the plateau; on a "
		     "hypervisor's disk, a time\\-sliced throttle or a file system with no block "
		     "device (NFS, virtiofs, FUSE, a cloud file service), a run under 35 minutes "
		     "that saw no drop passes no rate criterion (sustained rate unknown), unless "
		     "profiles/burst\\-volumes.json, the providers' published burst rules, "
		     "says every kind the disk may be has no burst credits; a recognised "
		     "volume's rules are quoted with their sources. What a run cannot show "
		     "is said before it measures, not refused: too short a \\-\\-duration "
		     "for the trend (4 slices of the commit shape) names the least that gives "
		     "it, and such storage under 35 minutes, that no rate can pass. An "
		     "inconclusive criterion says why on its row. The \\-\\-duration is "
		     "kept: the last slice is cut to end on it. An array "
		     "(md, dm striped or raid, btrfs over several devices) is named with its "
		     "level, members and full stripe; with a chunk and a full stripe of at most "
		     "4 MiB, flushes of the chunk, the stripe and two stripes run beside the "
		     "commit (the write\\-size sweep, each as flushes/s and bytes/s), and a "
		     "flush of 8 kB or of a chunk that takes 20 % more time than the "
		     "full\\-stripe flushes predict for its size (paired by slice, a 95 % "
		     "interval) is a partial\\-stripe penalty: pg_wal belongs on a mirror (or, "
		     "with no parity, the file system on the chunk); with every interval below "
		     "20 %, nothing needs doing; otherwise it is unclear until a longer run. "
		     "A commit rate that fell by more than 20 % and more than its noise, where "
		     "no bucket could be judged, is not judged and passes no rate criterion; "
		     "parity RAID whose members are cached (a loop device without direct I/O, "
		     "memory, a volatile write cache) is unclear, never cleared. "
		     "A member whose writes took twice the others' time in the run is "
		     "named." },
	{ "compare", "Results file B against A, test by test, with a 95 % interval of the change: "
		     "slower or faster when significant, tie only when the interval lies within "
		     "+\\-the gate's threshold (5 % without one), unclear when it holds 0 but "
		     "reaches further (more trials would settle it); a pair with a side its file "
		     "calls unstable is marked UNSTABLE, and still gated; a side may be several "
		     "runs, A1.json,A2.json, whose means the interval is then over, so that it "
		     "holds the variation between runs that one run's trials cannot show; "
		     "files measured on other storage (another host, device, file system or "
		     "mount than A's first file) are said before the table, as is another "
		     "kernel (information: the same disk after an upgrade is what compare is "
		     "for), neither changing the gate or the exit status; "
		     "\\-\\-fail\\-on\\-regression gates a CI job." },
	{ "report", "Results files (of run, recommend or qualify) as one self\\-contained HTML "
		    "file with charts, several files side by side, each decision labelled with "
		    "its state; with \\-\\-summary, a fleet's outliers and disagreeing "
		    "recommendations, as text and JSON (an undecided recommendation is counted "
		    "apart, never as a vote for the default it keeps; a host of several files "
		    "is one member of each median, at the median of its files' figures)." },
	{ "clean", "Removes from DIR the files a walbench killed by SIGKILL or the OOM killer "
		   "left behind: walbench.PID.N.tmp, regular, yours, unlocked, and PID no running "
		   "walbench. Prints each file removed; \\-\\-dry\\-run lists what would go "
		   "and what stays, and why. Never follows a symlink, never recurses, never "
		   "removes verify's walbench\\-verify.dat." },
};

/* What a command takes besides its options, printed above them: the operands and
 * what --json writes, which no single option's help can say. Plain text (roff()
 * escapes it). */
static const char *const operands[WB_CMD_COUNT] = {
	[WB_CMD_COMPAT] = "compat [-f FILE|DIR] [-s TIME]. A FILE that exists, a symlink to a file, "
			  "or a device is refused (exit 2) and left untouched; a directory gets a "
			  "uniquely named file. A failed call ends its line with failed: ERRNO, the "
			  "rest still run, and the exit status is 3.",
	[WB_CMD_RUN] = "run [DIR] [options]. DIR, or --dir, is where the test files go "
		       "(default: the current directory). Every combination of the listed methods, engines, sizes, "
		       "writes per flush and concurrency is one test. With --json, every "
		       "test and trial (docs/results-schema.md).",
	[WB_CMD_ENGINES] = "engines [DIR]. Each combination is probed on DIR with one "
			   "real flush through the code that measures.",
	[WB_CMD_RECOMMEND] = "recommend [--data] DIR [options]. DIR is where pg_wal lives or "
			     "will live, and must exist (default: the current directory); it may "
			     "stand before, among or after the options, as qualify's and verify's "
			     "DIR may. With --json, the results and a recommendation object.",
	[WB_CMD_VERIFY] = "verify listen | write --to HOST:PORT [DIR] | check --from "
			  "HOST:PORT [DIR]. DIR (or --dir) holds walbench-verify.dat "
			  "(default: the current directory), which write keeps as the evidence for "
			  "check, and replaces only when it is a previous verify file. A listener "
			  "holds one run at a time: the next write to it, from any host, replaces "
			  "the run it held, and the first host's check is judged against the "
			  "other's run (exit 2, or, where both wrote to the same path, its records "
			  "read as lost, exit 3); give each machine under test its own listener "
			  "(another --port), or check before the next write. On memory (tmpfs such as /dev/shm, a RAM "
			  "disk) write warns: a power cut there proves nothing. The file keeps "
			  "the boot id of the write (/proc/sys/kernel/random/boot_id), and check "
			  "says whether the machine restarted since: in the same boot no power was "
			  "cut, and nothing lost proves nothing about a power cut. write warns when "
			  "--to reaches this machine (a loopback address or one of its own): "
			  "such a listener dies in the power cut with its acknowledgements.",
	[WB_CMD_QUALIFY] = "qualify DIR [--tier NAME] [--duration TIME], or qualify "
			   "/dev/X --destroy-data for a raw block device (its first 22 MiB "
			   "are written over; refused when it is smaller). With --json, the "
			   "results and a qualification object.",
	[WB_CMD_COMPARE] = "compare A.json B.json [options]. Results files of run, recommend or "
			   "qualify (--json); B is judged against A. A side may be several runs "
			   "of the same tests, comma-separated (A1.json,A2.json; at most 32).",
	[WB_CMD_REPORT] = "report FILE.json... [options]. Results files of run, recommend or "
			  "qualify, at most 256, each read before anything is written.",
	[WB_CMD_CLEAN] = "clean DIR [--dry-run]. Only DIR's own entries named "
			 "walbench.PID.N.tmp are looked at.",
	[WB_CMD_OBSERVE] = "observe [DSN] [--observe TIME] [--json FILE]. DSN is a libpq "
			   "connection string or URI (host=/run/postgresql port=5432 user=monitor, "
			   "postgresql://monitor@db1/postgres) or a plain database name (mydb); "
			   "without it, the PG* environment and ~/.pgpass, as psql. A connection "
			   "is given up after connect_timeout=10 unless the DSN or "
			   "PGCONNECT_TIMEOUT says otherwise; the second snapshot connects again, "
			   "so no connection idles through the window. Every query is a SELECT of "
			   "the statistics views in a READ ONLY transaction, with "
			   "application_name=walbench. A password never reaches an output or a "
			   "file: every word walbench echoes from its command line, its "
			   "environment or a file it reads is redacted, only the keywords libpq "
			   "knows and shows are kept, and what cannot be parsed is dropped (shown "
			   "as (not shown)); a word that looks like a connection string anywhere "
			   "else is refused and named by its place (the 2nd argument), never "
			   "shown. Not protected: a password on the command line is visible in "
			   "/proc/PID/cmdline and ps while walbench runs, and in the shell's "
			   "history, as for psql; give it in PGPASSWORD, ~/.pgpass or a service "
			   "file instead. With --json, "
			   "an observed object (docs/results-schema.md), which recommend --observed "
			   "reads.",
};

/* The exit statuses, documented here once (the README's table is a summary and
 * --help points here): the codes every command shares, then the commands whose
 * status is a verdict. Plain text. */
static const char *const exit_status[][2] = {
	{ "0", "success (some tests may be n/a)" },
	{ "1", "usage error: an unknown option, a malformed value or one outside its range, a "
	       "bad profile key, or profile groups that disagree on a run-wide key; one line on "
	       "stderr, then: " WB_USAGE_HINT },
	{ "2", "unusable input, checked before anything is measured, with one line naming it: a "
	       "directory that does not exist (beside recommend --server's connection string, "
	       "named by its place, since it may be a password typed apart: DIR (the 4th "
	       "argument, not shown: ...): no such directory; before the server is reached), "
	       "is not a directory, or is under /proc, /sys or /dev "
	       "(/dev/shm is allowed); a --json, --csv or --prom whose directory "
	       "does not exist or is not writable, or that already exists (a file, a symlink, "
	       "anything), or two of them naming one file; a test file refused or "
	       "not creatable; a --profile or --tiers file that cannot be read (no such file "
	       "or name, a directory, not JSON: a bad key in one that can is exit 1); a block "
	       "device in use; a run that would leave a running "
	       "server's WAL volume less free than twice max_wal_size or 10% of it (unless "
	       "--allow-low-space); or nothing could run; after measuring, a report file that "
	       "appeared at its name meanwhile (left as it was, the report not written)" },
	{ "3", "an I/O error or durability failure: a write, sync or close failed (the results "
	       "files are still written, the failure in them)" },
	{ "4", "compare --fail-on-regression inconclusive (see compare below)" },
	{ "128+N", "stopped by signal N (130 for SIGINT, 141 for SIGPIPE: stdout's reader went "
		   "away), after removing the test files; run, recommend and qualify stop after the "
		   "current trial at the first signal and print and write what they measured (with "
		   "--json marked \"partial\": true, \"interrupted_by\"; with --prom "
		   "walbench_partial 1 and no verdict; an answer still open says \"interrupted "
		   "after N s\", not \"budget spent\"); a second signal stops them at once" },
	{ "qualify", "0 the tier passed, 1 it failed or was inconclusive, 2 bad input and usage "
		     "errors too (so a gate never reads a typo as a verdict), 3 as above" },
	{ "compare", "0 no regression (always without --fail-on-regression; an unclear pair is "
		     "none shown, and the gate line says \"passed, not proven\"), 1 "
		     "--fail-on-regression tripped (a test significantly slower past it, failed "
		     "in B, or in A and missing in B), 4 --fail-on-regression inconclusive: "
		     "nothing failed, but a test slower past it was measured unstable and its "
		     "slowdown lies within its trials' spread (rerun: a longer --budget, or "
		     "several runs a side), 2 a file missing, unreadable or not a "
		     "results file, two files without a test in common (nothing was compared, "
		     "gate or not: one line, no report), and usage errors too" },
	{ "report", "0 the report or summary written, outliers or not; 1 --fail-on-outlier "
		    "tripped (a host is an outlier or had a failed test; disagreeing answers alone "
		    "do not), after the summary and a last line saying so; 2 a results file "
		    "missing, unreadable or malformed (nothing is written), an unusable "
		    "--output or --json (one that exists: the results file read, too), "
		    "--fail-on-outlier without --summary, "
		    "and usage errors too" },
	{ "verify", "check: 0 no acknowledged record was lost (also when the machine has not "
		    "restarted since the write: no power was cut, and the verdict line says that "
		    "this proves nothing about a power cut), 3 one was (a durability failure: "
		    "judged only in the directory the listener's run was written to, so a file "
		    "gone from it counts, one missing from any other directory never does), 2 DIR "
		    "missing or not a directory (before the listener is asked), the listener holds "
		    "no run, its run was written to another directory or already checked and "
		    "removed by --remove, nothing was acknowledged, or the listener or the file "
		    "cannot be reached; write: 3 a write or flush failed (the record is not "
		    "acknowledged; stderr says DURABILITY FAILURE), 2 the listener was lost or the "
		    "file refused; listen runs until stopped (128+N)" },
	{ "observe", "0 observed; 2 a bad connection string, a refused connection or failed "
		     "authentication (libpq's message, the connection string without its "
		     "password), a server older than PostgreSQL 14, or a build without libpq; "
		     "a missing privilege is not an error: the output names the grant" },
	{ "clean", "0 done (also when something was kept), 1 usage error (no DIR), 2 DIR missing "
		   "or not a directory, 3 a file could not be removed" },
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
	       "them, on signals too; a report (\\-\\-json, \\-\\-csv, \\-\\-prom, \\-\\-output) "
	       "is a new file too, written beside its name and renamed to it only while nothing "
	       "holds the name (renameat2 RENAME_NOREPLACE): walbench never replaces a file.\n");
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
			if (!any) {
				printf(".SH OPTIONS OF %s\n", name);
				if (operands[c]) {
					printf(".PP\n");
					roff(operands[c]);
					printf("\n");
				}
			}
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
	printf(".SH EXIT STATUS\n");
	for (k = 0; k < sizeof(exit_status) / sizeof(exit_status[0]); k++) {
		printf(".TP\n%s\n", exit_status[k][0]);
		roff(exit_status[k][1]);
		printf("\n");
	}
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
	printf(".SH SEE ALSO\n.BR pg_test_fsync (1),\n.BR fio (1),\n.BR pgbench (1);\n"
	       "in the source tree, docs/usage.md (each command in depth), docs/design.md (how it "
	       "measures and decides) and docs/results\\-schema.md (the results files)\n");
}
