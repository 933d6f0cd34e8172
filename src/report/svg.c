/* svg.c — the HTML report's charts (svg.h). Geometry is in SVG user units,
 * about a pixel each at 100 % zoom; text sizes assume the report's sans-serif
 * font, about 6.2 units per character at font-size 11, which is what the label
 * columns are sized by. */
#include "report/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CHART_W 640.0
#define FONT_W 6.2          /* average advance of a character at font-size 11 */
#define ROW_H 18.0
#define TITLE_H 22.0
#define LEGEND_H 18.0
#define AXIS_H 24.0

/* Okabe & Ito's palette, chosen to stay distinct under the common colour
 * vision deficiencies; the shapes, patterns and dashes below carry the same
 * distinction without colour. */
static const char *const colour[WB_SVG_STYLES] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
};
static const char *const dash[WB_SVG_STYLES] = {
	"", "6,3", "2,2", "8,3,2,3", "1,3", "10,4",
};

void wb_svg_escape(struct wb_textbuf *b, const char *text)
{
	const char *p;

	for (p = text; p && *p; p++) {
		switch (*p) {
		case '&': wb_textbuf_add(b, "&amp;"); break;
		case '<': wb_textbuf_add(b, "&lt;"); break;
		case '>': wb_textbuf_add(b, "&gt;"); break;
		case '"': wb_textbuf_add(b, "&quot;"); break;
		case '\'': wb_textbuf_add(b, "&#39;"); break;
		default: wb_textbuf_add(b, "%c", *p);
		}
	}
}

void wb_svg_number(char *buf, size_t len, double v)
{
	double a = fabs(v);

	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (a >= 1e6)
		snprintf(buf, len, "%.3gM", v / 1e6);
	else if (a >= 1e4)
		snprintf(buf, len, "%.0fk", v / 1e3);
	else if (a >= 1e3)
		snprintf(buf, len, "%.1fk", v / 1e3);
	else if (a >= 10 || a == 0)
		snprintf(buf, len, "%.0f", v);
	else if (a >= 1)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2g", v);
}

/* A duration given in microseconds, as an axis prints it: 50 us, 2 ms, 1 s. */
static void format_us(char *buf, size_t len, double us)
{
	if (us >= 1e6)
		snprintf(buf, len, "%g s", us / 1e6);
	else if (us >= 1e3)
		snprintf(buf, len, "%g ms", us / 1e3);
	else
		snprintf(buf, len, "%g \xc2\xb5s", us);
}

/* A size in bytes as an axis prints it: 512, 8k, 1M. */
static void format_bytes(char *buf, size_t len, double bytes)
{
	if (bytes >= 1048576)
		snprintf(buf, len, "%gM", bytes / 1048576);
	else if (bytes >= 1024)
		snprintf(buf, len, "%gk", bytes / 1024);
	else
		snprintf(buf, len, "%g", bytes);
}

/* The smallest 1, 2 or 5 times a power of ten that splits [0, max] into at
 * most 5 steps, and the axis end it gives. */
static double nice_step(double max, double *end)
{
	double raw, mag, step;

	if (!(max > 0))
		max = 1;
	raw = max / 5;
	mag = pow(10, floor(log10(raw)));
	step = raw <= mag ? mag : raw <= 2 * mag ? 2 * mag : raw <= 5 * mag ? 5 * mag : 10 * mag;
	*end = ceil(max / step) * step;
	return step;
}

static void open_svg(struct wb_html_doc *d, double w, double h, const char *title)
{
	struct wb_textbuf *b = d->out;

	wb_textbuf_add(b, "<svg class=\"chart\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
		       "height=\"%.0f\" role=\"img\" aria-label=\"", w, h, w, h);
	wb_svg_escape(b, title);
	wb_textbuf_add(b, "\" font-family=\"sans-serif\" font-size=\"11\">\n<title>");
	wb_svg_escape(b, title);
	wb_textbuf_add(b, "</title>\n<text x=\"0\" y=\"14\" font-weight=\"bold\" font-size=\"12\">");
	wb_svg_escape(b, title);
	wb_textbuf_add(b, "</text>\n");
}

/* The fill patterns of bar series: solid, then hatches and dots on white, so
 * series differ in grey print too. Returns the first id used. */
static unsigned add_patterns(struct wb_html_doc *d, size_t nstyles)
{
	static const char *const tile[WB_SVG_STYLES] = {
		"",
		"<path d=\"M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2\" stroke=\"%s\" stroke-width=\"1.6\"/>",
		"<circle cx=\"3\" cy=\"3\" r=\"1.5\" fill=\"%s\"/>",
		"<path d=\"M0,0 l6,6 M6,0 l-6,6\" stroke=\"%s\" stroke-width=\"1.2\"/>",
		"<path d=\"M0,3 h6\" stroke=\"%s\" stroke-width=\"1.6\"/>",
		"<path d=\"M3,0 v6\" stroke=\"%s\" stroke-width=\"1.6\"/>",
	};
	struct wb_textbuf *b = d->out;
	unsigned first = d->next_id;
	size_t k;

	wb_textbuf_add(b, "<defs>");
	for (k = 0; k < nstyles && k < WB_SVG_STYLES; k++) {
		wb_textbuf_add(b, "<pattern id=\"wb%u\" patternUnits=\"userSpaceOnUse\" width=\"6\" "
			       "height=\"6\"><rect width=\"6\" height=\"6\" fill=\"%s\"/>",
			       first + (unsigned)k, k == 0 ? colour[0] : "#ffffff");
		if (k > 0)
			wb_textbuf_add(b, tile[k], colour[k]);
		wb_textbuf_add(b, "</pattern>");
	}
	wb_textbuf_add(b, "</defs>\n");
	d->next_id += WB_SVG_STYLES;
	return first;
}

enum swatch { SWATCH_BAR, SWATCH_LINE, SWATCH_MARK };

static void marker(struct wb_textbuf *b, unsigned style, double x, double y);

/* A legend entry: a patterned square for bars, a marker on a dashed line for
 * lines, a marker alone for dot rows; laid out left to right from x at
 * baseline y. Returns the next x. */
static double legend_entry(struct wb_html_doc *d, double x, double y, const char *name,
			   unsigned style, unsigned pattern_base, enum swatch kind)
{
	struct wb_textbuf *b = d->out;
	unsigned k = style % WB_SVG_STYLES;

	if (kind == SWATCH_LINE) {
		wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			       "stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"%s\"/>",
			       x, y - 4, x + 22, y - 4, colour[k], dash[k]);
		marker(b, k, x + 11, y - 4);
	} else if (kind == SWATCH_MARK) {
		marker(b, k, x + 11, y - 4);
	} else {
		wb_textbuf_add(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"10\" "
			       "fill=\"url(#wb%u)\" stroke=\"#333\" stroke-width=\"0.8\"/>",
			       x + 3, y - 9, pattern_base + k);
	}
	wb_textbuf_add(b, "<text x=\"%.1f\" y=\"%.1f\">", x + 27, y);
	wb_svg_escape(b, name);
	wb_textbuf_add(b, "</text>\n");
	return x + 27 + FONT_W * (double)strlen(name) + 14;
}

static double label_width(const char *const *labels, size_t n, size_t stride)
{
	double w = 80;
	size_t i;

	for (i = 0; i < n; i++) {
		const char *l = *(const char *const *)((const char *)labels + i * stride);
		double lw = FONT_W * (double)strlen(l ? l : "") + 10;

		if (lw > w)
			w = lw;
	}
	return w > 270 ? 270 : w;
}

/* A label cut to fit its column (the full text stays in the row's <title>). */
static void clipped_label(struct wb_textbuf *b, const char *label, double width)
{
	size_t max = (size_t)((width - 10) / FONT_W), len = strlen(label);
	char cut[256];

	if (len <= max) {
		wb_svg_escape(b, label);
		return;
	}
	snprintf(cut, sizeof(cut), "%.*s...", (int)(max > 3 ? max - 3 : 0), label);
	wb_svg_escape(b, cut);
}

void wb_svg_bars(struct wb_html_doc *d, const char *title, const char *unit,
		 const struct wb_svg_bar *bars, size_t n, const char *const *styles, size_t nstyles)
{
	struct wb_textbuf *b = d->out;
	double lw = label_width(&bars[0].label, n, sizeof(bars[0])), note_w = 150;
	double plot_w = CHART_W - lw - note_w, top = TITLE_H, max = 0, end, step, t, h, x;
	unsigned base;
	size_t i;

	if (nstyles > 1)
		top += LEGEND_H;
	for (i = 0; i < n; i++) {
		double v = isfinite(bars[i].hi) ? bars[i].hi : bars[i].value;

		if (isfinite(v) && v > max)
			max = v;
	}
	step = nice_step(max, &end);
	h = top + ROW_H * (double)n + AXIS_H;
	open_svg(d, CHART_W, h, title);
	base = add_patterns(d, nstyles > 0 ? nstyles : 1);
	for (i = 0, x = lw; i < nstyles && nstyles > 1; i++)
		if (styles[i] && *styles[i])
			x = legend_entry(d, x, TITLE_H + 12, styles[i], (unsigned)i, base, SWATCH_BAR);
	/* Grid and axis: ticks at each step, labelled with the unit at the end. */
	for (t = 0; t <= end * 1.0001; t += step) {
		char num[32];
		double gx = lw + plot_w * t / end;

		wb_svg_number(num, sizeof(num), t);
		wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			       "stroke=\"#ccc\" stroke-width=\"0.6\"/><text x=\"%.1f\" y=\"%.1f\" "
			       "text-anchor=\"middle\" fill=\"#444\">%s</text>\n",
			       gx, top - 2, gx, top + ROW_H * (double)n, gx,
			       top + ROW_H * (double)n + 13, num);
	}
	wb_textbuf_add(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#444\">",
		       lw + plot_w, h - 1);
	wb_svg_escape(b, unit);
	wb_textbuf_add(b, "</text>\n");
	for (i = 0; i < n; i++) {
		const struct wb_svg_bar *r = &bars[i];
		double y = top + ROW_H * (double)i, w;

		wb_textbuf_add(b, "<g><title>");
		wb_svg_escape(b, r->label);
		wb_textbuf_add(b, ": ");
		wb_svg_escape(b, r->note ? r->note : "");
		wb_textbuf_add(b, "</title><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">",
			       lw - 6, y + 12.5);
		clipped_label(b, r->label, lw);
		wb_textbuf_add(b, "</text>");
		w = isfinite(r->value) && end > 0 ? plot_w * r->value / end : 0;
		if (isfinite(r->value))
			wb_textbuf_add(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				       "fill=\"url(#wb%u)\" stroke=\"#222\" stroke-width=\"0.8\"/>",
				       lw, y + 3, w, ROW_H - 6, base + r->style % WB_SVG_STYLES);
		if (isfinite(r->lo) && isfinite(r->hi) && end > 0) {
			double x1 = lw + plot_w * fmax(r->lo, 0) / end, x2 = lw + plot_w * r->hi / end;

			wb_textbuf_add(b, "<path d=\"M%.1f,%.1f H%.1f M%.1f,%.1f V%.1f M%.1f,%.1f V%.1f\" "
				       "stroke=\"#000\" stroke-width=\"1.3\" fill=\"none\"/>",
				       x1, y + ROW_H / 2, x2, x1, y + 5, y + ROW_H - 5, x2, y + 5,
				       y + ROW_H - 5);
			if (x2 > lw + w)
				w = x2 - lw;
		}
		wb_textbuf_add(b, "<text x=\"%.1f\" y=\"%.1f\"%s>", lw + w + 5, y + 12.5,
			       r->alarm ? " font-weight=\"bold\" fill=\"#b00000\"" : "");
		wb_svg_escape(b, r->note ? r->note : "");
		wb_textbuf_add(b, "</text></g>\n");
	}
	wb_textbuf_add(b, "</svg>\n");
}

/* Marker k centred on (x, y): circle, square, triangle, diamond, cross, plus. */
static void marker(struct wb_textbuf *b, unsigned style, double x, double y)
{
	unsigned k = style % WB_SVG_STYLES;
	const char *c = colour[k];

	switch (k) {
	case 0:
		wb_textbuf_add(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.6\" fill=\"%s\"/>", x, y, c);
		break;
	case 1:
		wb_textbuf_add(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"6.6\" height=\"6.6\" "
			       "fill=\"%s\"/>", x - 3.3, y - 3.3, c);
		break;
	case 2:
		wb_textbuf_add(b, "<path d=\"M%.1f,%.1f l4.2,7.2 h-8.4 z\" fill=\"%s\"/>",
			       x, y - 4.6, c);
		break;
	case 3:
		wb_textbuf_add(b, "<path d=\"M%.1f,%.1f l4.4,4.4 l-4.4,4.4 l-4.4,-4.4 z\" "
			       "fill=\"%s\"/>", x, y - 4.4, c);
		break;
	case 4:
		wb_textbuf_add(b, "<path d=\"M%.1f,%.1f l7,7 M%.1f,%.1f l-7,7\" stroke=\"%s\" "
			       "stroke-width=\"2\"/>", x - 3.5, y - 3.5, x + 3.5, y - 3.5, c);
		break;
	default:
		wb_textbuf_add(b, "<path d=\"M%.1f,%.1f v9 M%.1f,%.1f h9\" stroke=\"%s\" "
			       "stroke-width=\"2.2\"/>", x, y - 4.5, x - 4.5, y, c);
	}
}

void wb_svg_dot_rows(struct wb_html_doc *d, const char *title, const char *unit,
		     const char *const *marks, size_t nmarks, const struct wb_svg_dots *rows,
		     size_t nrows)
{
	struct wb_textbuf *b = d->out;
	double lw = label_width(&rows[0].label, nrows, sizeof(rows[0])), plot_w, top, h, lo = INFINITY,
	       hi = 0, dlo, dhi, e, x;
	size_t i, k;

	for (i = 0; i < nrows; i++)
		for (k = 0; k < nmarks; k++)
			if (isfinite(rows[i].v[k]) && rows[i].v[k] > 0) {
				lo = fmin(lo, rows[i].v[k]);
				hi = fmax(hi, rows[i].v[k]);
			}
	if (!(hi > 0)) {
		lo = 1;
		hi = 10;
	}
	/* Whole decades, so the log axis reads 10 us, 100 us, 1 ms. */
	dlo = floor(log10(lo));
	dhi = ceil(log10(hi));
	if (dhi <= dlo)
		dhi = dlo + 1;
	plot_w = CHART_W - lw - 20;
	top = TITLE_H + LEGEND_H;
	h = top + ROW_H * (double)nrows + AXIS_H;
	open_svg(d, CHART_W, h, title);
	for (k = 0, x = lw; k < nmarks; k++)
		x = legend_entry(d, x, TITLE_H + 12, marks[k], (unsigned)k, 0, SWATCH_MARK);
	for (e = dlo; e <= dhi; e++) {
		char lab[32];
		double gx = lw + plot_w * (e - dlo) / (dhi - dlo);

		if (strcmp(unit, "us") == 0)
			format_us(lab, sizeof(lab), pow(10, e));
		else
			wb_svg_number(lab, sizeof(lab), pow(10, e));
		wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			       "stroke=\"#ccc\" stroke-width=\"0.6\"/><text x=\"%.1f\" y=\"%.1f\" "
			       "text-anchor=\"middle\" fill=\"#444\">%s</text>\n",
			       gx, top - 2, gx, top + ROW_H * (double)nrows, gx,
			       top + ROW_H * (double)nrows + 13, lab);
	}
	for (i = 0; i < nrows; i++) {
		double y = top + ROW_H * (double)i + ROW_H / 2, x0 = -1, x1 = -1;

		wb_textbuf_add(b, "<g><title>");
		wb_svg_escape(b, rows[i].label);
		for (k = 0; k < nmarks; k++) {
			char lab[32];

			if (!(isfinite(rows[i].v[k]) && rows[i].v[k] > 0))
				continue;
			format_us(lab, sizeof(lab), rows[i].v[k]);
			wb_textbuf_add(b, "; %s %s", marks[k], strcmp(unit, "us") == 0 ? lab : "");
		}
		wb_textbuf_add(b, "</title><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">",
			       lw - 6, y + 4);
		clipped_label(b, rows[i].label, lw);
		wb_textbuf_add(b, "</text>");
		/* A thin line from the first mark to the last: the spread at a glance. */
		for (k = 0; k < nmarks; k++) {
			double v = rows[i].v[k];

			if (!(isfinite(v) && v > 0))
				continue;
			x = lw + plot_w * (log10(v) - dlo) / (dhi - dlo);
			x0 = x0 < 0 ? x : fmin(x0, x);
			x1 = fmax(x1, x);
		}
		if (x0 >= 0)
			wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				       "stroke=\"#888\" stroke-width=\"1\"/>", x0, y, x1, y);
		for (k = 0; k < nmarks; k++) {
			double v = rows[i].v[k];

			if (isfinite(v) && v > 0)
				marker(b, (unsigned)k, lw + plot_w * (log10(v) - dlo) / (dhi - dlo), y);
		}
		wb_textbuf_add(b, "</g>\n");
	}
	wb_textbuf_add(b, "</svg>\n");
}

/* Where x lands on the axis, 0..1. */
static double x_pos(double x, double lo, double hi, bool log_x)
{
	if (log_x)
		return hi > lo ? (log2(x) - log2(lo)) / (log2(hi) - log2(lo)) : 0.5;
	return hi > lo ? (x - lo) / (hi - lo) : 0.5;
}

/* The marks: dotted levels labelled at the right, dashed moments labelled at
 * the top; black and grey, told apart by their labels, not by colour. */
static void draw_marks(struct wb_textbuf *b, const struct wb_svg_mark *m, size_t nm,
		       double left, double plot_w, double top, double bottom, double xlo,
		       double xhi, double end)
{
	size_t i;

	for (i = 0; i < nm; i++) {
		double p;

		if (!isfinite(m[i].at))
			continue;
		if (m[i].vertical) {
			p = left + plot_w * x_pos(m[i].at, xlo, xhi, false);
			wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				       "stroke=\"#000\" stroke-width=\"1\" stroke-dasharray=\"6,3\"/>"
				       "<text x=\"%.1f\" y=\"%.1f\" fill=\"#000\">", p, top, p,
				       bottom, p + 3, top + 10);
		} else {
			p = bottom - (bottom - top) * m[i].at / end;
			wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				       "stroke=\"#555\" stroke-width=\"1\" stroke-dasharray=\"1,3\"/>"
				       "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
				       "fill=\"#000\">", left, p, left + plot_w, p, left + plot_w,
				       p - 3);
		}
		wb_svg_escape(b, m[i].label);
		wb_textbuf_add(b, "</text>\n");
	}
}

static void lines_chart(struct wb_html_doc *d, const char *title, const char *x_unit,
			const char *y_unit, bool log_x, bool x_is_bytes,
			const struct wb_svg_series *s, size_t ns, const struct wb_svg_mark *marks,
			size_t nmarks);

void wb_svg_lines(struct wb_html_doc *d, const char *title, const char *x_unit,
		  const char *y_unit, bool log_x, bool x_is_bytes,
		  const struct wb_svg_series *s, size_t ns)
{
	lines_chart(d, title, x_unit, y_unit, log_x, x_is_bytes, s, ns, NULL, 0);
}

void wb_svg_lines_marked(struct wb_html_doc *d, const char *title, const char *x_unit,
			 const char *y_unit, const struct wb_svg_series *s, size_t ns,
			 const struct wb_svg_mark *marks, size_t nmarks)
{
	lines_chart(d, title, x_unit, y_unit, false, false, s, ns, marks, nmarks);
}

static void lines_chart(struct wb_html_doc *d, const char *title, const char *x_unit,
			const char *y_unit, bool log_x, bool x_is_bytes,
			const struct wb_svg_series *s, size_t ns, const struct wb_svg_mark *marks,
			size_t nmarks)
{
	struct wb_textbuf *b = d->out;
	const double left = 56, right = 20;
	double top = TITLE_H + LEGEND_H * (double)((ns + 3) / 4) + 6, bottom = top + 200;
	double plot_w = CHART_W - left - right, xlo = INFINITY, xhi = -INFINITY, ymax = 0, end, step,
	       t, x;
	size_t i, k;

	for (k = 0; k < ns; k++)
		for (i = 0; i < s[k].n; i++) {
			if (!isfinite(s[k].y[i]) || (log_x && !(s[k].x[i] > 0)))
				continue;
			xlo = fmin(xlo, s[k].x[i]);
			xhi = fmax(xhi, s[k].x[i]);
			ymax = fmax(ymax, s[k].y[i]);
		}
	if (!isfinite(xlo)) {
		xlo = log_x ? 1 : 0;
		xhi = log_x ? 2 : 1;
	}
	for (k = 0; k < nmarks; k++) /* a level above every point still shows */
		if (!marks[k].vertical && isfinite(marks[k].at))
			ymax = fmax(ymax, marks[k].at);
	step = nice_step(ymax, &end);
	open_svg(d, CHART_W, bottom + 34, title);
	for (k = 0, x = left; k < ns; k++) {
		double row = TITLE_H + 12 + LEGEND_H * (double)(k / 4);

		if (k % 4 == 0)
			x = left;
		x = legend_entry(d, x, row, s[k].name, (unsigned)k, 0, SWATCH_LINE);
	}
	for (t = 0; t <= end * 1.0001; t += step) {
		char num[32];
		double gy = bottom - (bottom - top) * t / end;

		wb_svg_number(num, sizeof(num), t);
		wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			       "stroke=\"#ccc\" stroke-width=\"0.6\"/><text x=\"%.1f\" y=\"%.1f\" "
			       "text-anchor=\"end\" fill=\"#444\">%s</text>\n",
			       left, gy, left + plot_w, gy, left - 4, gy + 4, num);
	}
	wb_textbuf_add(b, "<text x=\"4\" y=\"%.1f\" fill=\"#444\">", top - 6);
	wb_svg_escape(b, y_unit);
	wb_textbuf_add(b, "</text>\n");
	/* x ticks: each power of two in range for sizes, else about 8 whole steps. */
	if (log_x) {
		double p;

		for (p = pow(2, ceil(log2(xlo))); p <= xhi * 1.0001; p *= 2) {
			char lab[32];
			double gx = left + plot_w * x_pos(p, xlo, xhi, true);

			if (x_is_bytes)
				format_bytes(lab, sizeof(lab), p);
			else
				wb_svg_number(lab, sizeof(lab), p);
			wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				       "stroke=\"#ccc\" stroke-width=\"0.6\"/><text x=\"%.1f\" "
				       "y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n",
				       gx, top, gx, bottom, gx, bottom + 13, lab);
		}
	} else {
		double xs, xend;

		/* whole steps: x counts trials or seconds */
		xs = fmax(1, nice_step((xhi - xlo) * 5.0 / 8.0, &xend));
		for (t = ceil(xlo / xs) * xs; t <= xhi * 1.0001; t += xs) {
			char lab[32];
			double gx = left + plot_w * x_pos(t, xlo, xhi, false);

			snprintf(lab, sizeof(lab), "%g", t);
			wb_textbuf_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				       "stroke=\"#ccc\" stroke-width=\"0.6\"/><text x=\"%.1f\" "
				       "y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n",
				       gx, top, gx, bottom, gx, bottom + 13, lab);
		}
	}
	wb_textbuf_add(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#444\">",
		       left + plot_w, bottom + 28);
	wb_svg_escape(b, x_unit);
	wb_textbuf_add(b, "</text>\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		       "stroke=\"#444\"/>\n", left, bottom, left + plot_w, bottom);
	draw_marks(b, marks, nmarks, left, plot_w, top, bottom, xlo, xhi, end);
	for (k = 0; k < ns; k++) {
		unsigned st = (unsigned)(k % WB_SVG_STYLES);
		bool pen = false;

		wb_textbuf_add(b, "<g><title>");
		wb_svg_escape(b, s[k].name);
		wb_textbuf_add(b, "</title><path fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" "
			       "stroke-dasharray=\"%s\" d=\"", colour[st], dash[st]);
		for (i = 0; i < s[k].n; i++) {
			if (!isfinite(s[k].y[i]) || (log_x && !(s[k].x[i] > 0))) {
				pen = false;
				continue;
			}
			wb_textbuf_add(b, "%s%.1f,%.1f ", pen ? "L" : "M",
				       left + plot_w * x_pos(s[k].x[i], xlo, xhi, log_x),
				       bottom - (bottom - top) * s[k].y[i] / end);
			pen = true;
		}
		wb_textbuf_add(b, "\"/>");
		for (i = 0; i < s[k].n; i++)
			if (isfinite(s[k].y[i]) && !(log_x && !(s[k].x[i] > 0)))
				marker(b, st, left + plot_w * x_pos(s[k].x[i], xlo, xhi, log_x),
				       bottom - (bottom - top) * s[k].y[i] / end);
		wb_textbuf_add(b, "</g>\n");
	}
	wb_textbuf_add(b, "</svg>\n");
}
