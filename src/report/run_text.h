/* run_text.h — the `walbench run` table: one row per test with its rate, the
 * rate's 95 % confidence interval and latency percentiles, then which
 * differences between methods are real and which are ties. */
#ifndef WB_REPORT_RUN_TEXT_H
#define WB_REPORT_RUN_TEXT_H

#include "model/schedule.h"
#include "results/results.h"

/* The table's widths of the columns that hold names (a method, an engine, a
 * size, a concurrency), fitted to the planned tests: the rows are printed as
 * each test ends, so they are fitted before the first, and no row pushes its
 * figures out from under their headings. */
struct wb_text_table {
	int method, engine, size, conc;
};

/* w, or word's width where it is wider: a text column fitted to what it holds
 * (run's, recommend's and qualify's tables). */
int wb_text_widest(int w, const char *word);

/* A percentage as a table's column prints it ("4.5%"), or "-" where it has no
 * finite value: one trial's interval is infinite (a run interrupted after its
 * first round), and "inf%" is no figure. Returns buf. */
const char *wb_text_pct(double pct, char *buf, size_t len);

/* Fits t to tests[0..n): each column as wide as its heading or its widest word. */
void wb_text_table_fit(const struct wb_test *tests, size_t n, struct wb_text_table *t);

void wb_text_print_header(const char *target, const char *profile,
			  const struct wb_schedule *sched, size_t ntests,
			  const struct wb_text_table *table);

/* The hooks that print each test's row as it ends, in table's widths. */
struct wb_result_hooks wb_text_hooks(const struct wb_text_table *table);

/* When the budget could not hold the trial length asked, the line that says
 * so under a header: what it was shortened to, from which value (the one
 * typed, or the default) and why. noun: "trials" or "slices"; option and
 * budget_option: the command's ("--trial-time", "--budget"). */
void wb_text_print_trial_fit(const struct wb_schedule *sched, const char *noun,
			     const char *option, const char *budget_option);
/* After the table: unstable tests, and method comparisons within each group of
 * otherwise identical tests. */
void wb_text_print_summary(const struct wb_results *rs);

/* The storage, a throttle if found, and one line on unstable tests: what a
 * recommendation needs beside its own evidence; more_time is the command's
 * option that gives its tests more time ("--budget", "--duration"). */
void wb_text_print_storage_notes(const struct wb_results *rs, const char *more_time);

/* A run a signal stopped early says so before anything else it concludes:
 * run's summary prints it first, recommend and qualify before their
 * headline. Nothing when the run was not interrupted. */
void wb_text_print_interrupted(const struct wb_results *rs);

/* A run whose budget was kept by cutting its last round short (a clipped
 * schedule, model/schedule.h) says which test got less time than planned: the
 * trial cut and how long it ran of the length drawn, and the tests that got
 * no trial in that round. noun: "slice" or "trial"; budget_option:
 * "--duration" or "--budget"; names: as the command's own table names its
 * tests. Nothing when nothing was cut. */
enum wb_cut_names {
	WB_CUT_BY_LABEL, /* qualify: the shape, "commit" */
	WB_CUT_BY_TEST,  /* run: "fdatasync/sync 8kB x1 conc 1", a variant's label after it */
	WB_CUT_BY_FLUSH, /* recommend: the method and what it flushes, "fsync bulk 128kB" */
};
void wb_text_print_cut(const struct wb_results *rs, uint64_t budget_ns, const char *noun,
		       const char *budget_option, enum wb_cut_names names);

#endif
