/* advisory.c — the advisory list and severity names. */
#include "advice/advisory.h"

static const char *const severity_names[WB_SEVERITY_COUNT] = {
	[WB_SEVERITY_INFO] = "info",
	[WB_SEVERITY_WARN] = "warn",
};
_Static_assert(sizeof(severity_names) / sizeof(severity_names[0]) == WB_SEVERITY_COUNT,
	       "severity_names must name every enum wb_severity");

const char *wb_severity_name(enum wb_severity s)
{
	return (unsigned)s < WB_SEVERITY_COUNT ? severity_names[s] : "unknown";
}

void wb_advisory_push(struct wb_advisory_list *l, const struct wb_advisory *a)
{
	if (l->n < l->max)
		l->v[l->n++] = *a;
	else
		l->dropped++;
}
