/* result_fixture.c — see result_fixture.h. */
#include "result_fixture.h"

#include <string.h>

void result_describe(struct wb_result *r, enum wb_method_id m, enum wb_engine_id e)
{
	memset(r, 0, sizeof(*r));
	r->test.method = m;
	r->test.engine = e;
	r->test.size = 8192;
	r->test.writes_per_op = 1;
	r->test.queue_depth = 1;
	r->test.jobs = 1;
}
