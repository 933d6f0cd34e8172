/* slow_member.c — see slow_member.h. */
#include "advice/slow_member.h"

#include <string.h>

#include "results/stats.h"

static bool judged(const struct wb_array_member *m)
{
	return m->io_known && m->run_writes >= WB_SLOW_MEMBER_MIN_WRITES &&
	       m->run_write_ms >= WB_SLOW_MEMBER_MIN_MS;
}

static double mean_ms(const struct wb_array_member *m)
{
	return (double)m->run_write_ms / (double)m->run_writes;
}

bool wb_slow_member_of(const struct wb_array *a, struct wb_slow_member *out)
{
	double others[WB_ARRAY_MAX_MEMBERS];
	unsigned i, n = 0, slowest = 0;
	bool any = false;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < a->n_members && i < WB_ARRAY_MAX_MEMBERS; i++) {
		if (!judged(&a->members[i]))
			continue;
		out->judged++;
		if (!any || mean_ms(&a->members[i]) > mean_ms(&a->members[slowest]))
			slowest = i;
		any = true;
	}
	if (out->judged < 2)
		return false;
	for (i = 0; i < a->n_members && i < WB_ARRAY_MAX_MEMBERS; i++)
		if (i != slowest && judged(&a->members[i]))
			others[n++] = mean_ms(&a->members[i]);
	out->member = slowest;
	out->mean_ms = mean_ms(&a->members[slowest]);
	out->others_ms = wb_median(others, n);
	out->found = out->mean_ms >= WB_SLOW_MEMBER_FACTOR * out->others_ms;
	return out->found;
}
