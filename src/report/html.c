/* html.c — the HTML report (html.h). Not written yet. */
#include "report/html.h"

#include <errno.h>
#include <stdlib.h>

char *wb_html_render(const struct wb_report_run *runs, size_t n)
{
	(void)runs;
	(void)n;
	return NULL;
}

int wb_html_write(const char *path, const struct wb_report_run *runs, size_t n, const char **why)
{
	(void)path;
	(void)runs;
	(void)n;
	*why = "the HTML report is not built yet";
	return -ENOSYS;
}
