/* html_observed.c — the HTML report's view of the server a file observed
 * (observe, recommend --server): the same lines the terminal showed, so the
 * two never disagree, under the decision they led to. */
#include "report/html_parts.h"

#include <stdlib.h>

#include "report/observed_text.h"
#include "report/textbuf.h"

void wb_html_observed(struct wb_html_doc *d, const struct wb_report_run *r)
{
	struct wb_textbuf t = { 0 };

	if (!r->saved->observed)
		return;
	wb_observed_text(r->saved->observed, &t);
	wb_textbuf_add(d->out, "<h3>What the server said</h3>\n<pre class=\"observed\">");
	if (t.s)
		wb_svg_escape(d->out, t.s);
	wb_textbuf_add(d->out, "</pre>\n");
	free(t.s);
}
