/* html_fields.c — what every part of the HTML report needs (html_parts.h): a
 * word from the file made safe to put in a class attribute. */
#include "report/html_parts.h"

void wb_html_open_class(struct wb_html_doc *d, const char *tag, const char *prefix,
			const char *word)
{
	const char *p;

	wb_textbuf_add(d->out, "<%s class=\"%s", tag, prefix);
	for (p = word; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')
			wb_textbuf_add(d->out, "%c", *p);
	wb_textbuf_add(d->out, "\">");
}
