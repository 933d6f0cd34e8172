/* html.h — `walbench report`: results files as one self-contained HTML file
 * (inline CSS and SVG; no script, font or image from anywhere else), decision
 * first, then per test group the charts, then the facts and the command line.
 * Several files are laid out side by side, one column per file. */
#ifndef WB_REPORT_HTML_H
#define WB_REPORT_HTML_H

#include <stddef.h>

#include "results/saved.h"

/* One results file: what the reader made of it, and the name its column gets. */
struct wb_report_run {
	const struct wb_saved_results *saved;
	const char *label;
};

/* The document, for the caller to free(); NULL when out of memory. */
char *wb_html_render(const struct wb_report_run *runs, size_t n);

/* Renders and writes it atomically (report/atomic_file.h). 0 or -errno; *why
 * names the failing step. */
int wb_html_write(const char *path, const struct wb_report_run *runs, size_t n, const char **why);

#endif
