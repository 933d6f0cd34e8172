/* advisory.h — one piece of advice about a setting outside walbench's control
 * (a sysctl, a PostgreSQL setting), naming the fact it came from, the value it
 * saw, what to do and why. Reports print a list of these and put them in JSON
 * as {fact, value, advice, reason, severity}. */
#ifndef WB_ADVICE_ADVISORY_H
#define WB_ADVICE_ADVISORY_H

#include <stddef.h>

enum wb_severity {
	WB_SEVERITY_INFO,            /* worth knowing; the setting is common and often fine */
	WB_SEVERITY_WARN,            /* known to cost latency or throughput on a database host */
	WB_SEVERITY_COUNT
};

struct wb_advisory {
	char fact[64];               /* the fact, as the user would look it up: "vm.swappiness" */
	char value[64];              /* what was read, with the figure used: "10 % of 31.3 GiB = 3.1 GiB" */
	char advice[160];            /* what to do: "set vm.swappiness = 1 to 10" */
	char reason[320];            /* why, citing the source of the threshold */
	enum wb_severity severity;
};

/* "info", "warn". */
const char *wb_severity_name(enum wb_severity s);

/* Collects advisories into a caller's array of max; what does not fit is
 * counted in dropped, never written past the end. */
struct wb_advisory_list {
	struct wb_advisory *v;
	size_t max;
	size_t n;                    /* entries written */
	size_t dropped;              /* entries that did not fit */
};

void wb_advisory_push(struct wb_advisory_list *l, const struct wb_advisory *a);

#endif
