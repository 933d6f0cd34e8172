/* html_parts.h — the sections of the HTML report, each drawn from one results
 * file (struct wb_report_run), shared by html.c, which lays them out. Each
 * writes HTML into d->out; none reads anything but the run it is given, and
 * that only through struct wb_saved_results (results/saved.h). */
#ifndef WB_REPORT_HTML_PARTS_H
#define WB_REPORT_HTML_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/html.h"
#include "report/svg.h"
#include "report/words.h"

/* The answer: recommend's method and placement, qualify's verdict, and any
 * failure or early stop, loudly, before anything else. */
void wb_html_decision(struct wb_html_doc *d, const struct wb_report_run *r);

/* Per test group (the tests that differ only by method): ops/s with 95 %
 * whiskers, latency percentiles, the rate of each trial in turn; the write-size
 * curve where sizes were swept. */
void wb_html_tests(struct wb_html_doc *d, const struct wb_report_run *r);

/* What the server said of itself, when the file observed one (html_observed.c). */
void wb_html_observed(struct wb_html_doc *d, const struct wb_report_run *r);

/* recommend's advisories and qualify's findings, each with its evidence and
 * what to do: the risks in the device and the OS, shown with the decision. */
void wb_html_advice(struct wb_html_doc *d, const struct wb_report_run *r);

/* The device and OS facts, and how the file was made (the command line,
 * versions, when). */
void wb_html_facts(struct wb_html_doc *d, const struct wb_report_run *r);

/* <TAG class="PREFIXword"> where word comes from a results file: only its
 * letters, digits and '-' are written, so a file cannot break out of the
 * attribute (the stylesheet knows pass, fail, warn, ...). */
void wb_html_open_class(struct wb_html_doc *d, const char *tag, const char *prefix,
			const char *word);

/* The <h3> over a group's charts: what the tests do, in words ("Commits: one
 * write of 8 kB per flush, sync engine"; unsynced, every test of the group
 * method none: "Unsynced writes (a reference, no flush): one write of 8kB
 * each"), then the compact name. The size is left out where it is the
 * chart's x axis. */
void wb_html_group_heading(struct wb_html_doc *d, const struct wb_saved_test *t, bool with_size,
			   bool unsynced);

/* True when t is the unsynced reference: method none, writes and no flush. */
bool wb_html_unsynced(const struct wb_saved_test *t);

/* What one op of a group is, in its charts' words: a flush, or, where every
 * test of the group is unsynced, a write (or an op of several writes). */
struct wb_html_op {
	const char *per_second; /* a rate chart's title opens so: "Flushes per second" */
	const char *unit;       /* its axis: "ops/s", "writes/s" */
	const char *one;        /* one op, in a latency chart's title: "flush", "write" */
};
struct wb_html_op wb_html_op_of(bool unsynced, uint64_t writes_per_op);

/* True when two tests differ at most by method (and by size, when sizes_too). */
bool wb_html_same_group(const struct wb_saved_test *a, const struct wb_saved_test *b,
			bool sizes_too);

/* A test's figure as a bar's note: "15.6k/s ±6.3 %", or the status and reason. */
void wb_html_rate_note(const struct wb_saved_test *t, char *buf, size_t len);

/* One test as a bar labelled label in series style: its mean trial rate and
 * that mean's 95 % interval, its note (written to note), loud when it failed. */
void wb_html_bar(const struct wb_saved_test *t, const char *label, unsigned style, char *note,
		 size_t note_len, struct wb_svg_bar *bar);

/* How many of the file's tests failed (wb_saved_failed). */
size_t wb_html_failed_tests(const struct wb_saved_results *s);

#endif
