/* svg.h — walbench's own small SVG writer for the HTML report: horizontal bars
 * with interval whiskers, percentile dot rows on a log axis, and line charts.
 * Every chart tells its series apart by shape, fill pattern or dash as well as
 * by colour (Okabe–Ito), so it reads in black-and-white print and for
 * colour-blind readers. The output is inline SVG, well-formed XML, with no
 * reference to anything outside the document. */
#ifndef WB_REPORT_SVG_H
#define WB_REPORT_SVG_H

#include <stdbool.h>
#include <stddef.h>

#include "report/textbuf.h"

/* Series a chart can tell apart; more wrap around (and say so in the legend). */
#define WB_SVG_STYLES 6

/* The HTML page being written: its text, and the counter its charts number
 * their ids through — ids inside each SVG (patterns, clip paths) must be unique
 * in the whole page. Every section of the report and every chart writes here. */
struct wb_html_doc {
	struct wb_textbuf *out;
	unsigned next_id;
};

/* One bar: a rate with its 95 % interval. */
struct wb_svg_bar {
	const char *label;       /* at the left of the row */
	double value;            /* NAN: no bar (the test failed); note says why */
	double lo, hi;           /* the interval's ends; NAN: none */
	unsigned style;          /* series: fill pattern and colour */
	const char *note;        /* at the right of the bar: the figure, or "FAILED: ..." */
	bool alarm;              /* the note is a failure: drawn bold */
};

/* Rows of bars on a linear axis from 0. styles names each series for the
 * legend (nstyles 0: one series, no legend; a NULL name: not in the legend,
 * so a series keeps its style in every chart though absent from some). */
void wb_svg_bars(struct wb_html_doc *d, const char *title, const char *unit,
		 const struct wb_svg_bar *bars, size_t n, const char *const *styles, size_t nstyles);

/* A row of marks on a log axis: latency percentiles of one test. */
#define WB_SVG_MAX_MARKS 6
struct wb_svg_dots {
	const char *label;
	double v[WB_SVG_MAX_MARKS]; /* NAN or <= 0: no mark */
};

/* marks names each column of v (p50, p90, ...), drawn with its own shape. */
void wb_svg_dot_rows(struct wb_html_doc *d, const char *title, const char *unit,
		     const char *const *marks, size_t nmarks, const struct wb_svg_dots *rows,
		     size_t nrows);

/* One line: points (x[i], y[i]); a NAN y leaves a gap. */
struct wb_svg_series {
	const char *name;
	const double *x, *y;
	size_t n;
};

/* Lines with a marker per point; log_x for sizes (powers of two read evenly),
 * x_is_bytes labels the x axis as sizes. y starts at 0. */
void wb_svg_lines(struct wb_html_doc *d, const char *title, const char *x_unit,
		  const char *y_unit, bool log_x, bool x_is_bytes,
		  const struct wb_svg_series *s, size_t ns);

/* A mark on a line chart: a level (a dotted line across at y = at) or a
 * moment (a dashed line down at x = at), labelled. */
struct wb_svg_mark {
	bool vertical;
	double at;
	const char *label;
};

/* wb_svg_lines on a linear x axis, with marks drawn over the grid and under
 * the lines: qualify's plateau (the burst, the drop, the baseline). */
void wb_svg_lines_marked(struct wb_html_doc *d, const char *title, const char *x_unit,
			 const char *y_unit, const struct wb_svg_series *s, size_t ns,
			 const struct wb_svg_mark *marks, size_t nmarks);

/* Text made safe for XML and HTML (&, <, >, ", '). */
void wb_svg_escape(struct wb_textbuf *b, const char *text);

/* A figure the way charts print it: 12.3k, 1.2M, 950, 0.12. */
void wb_svg_number(char *buf, size_t len, double v);

#endif
