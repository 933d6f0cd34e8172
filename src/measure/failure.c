/* failure.c — see failure.h. */
#include "measure/failure.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "measure/flush.h"
#include "model/units.h"

void wb_say_durability_failure(void)
{
	fprintf(stderr, "walbench: DURABILITY FAILURE: the system reported that written data may "
		"not be on stable storage. Do not put a database on this storage until this is "
		"explained (check dmesg and the device).\n");
}

void wb_report_failure(const struct wb_result *r, const char *path)
{
	if (r->site.file[0])
		path = r->site.file;
	const struct wb_test *t = &r->test;
	char size[32];

	wb_format_size(t->size, size, sizeof(size));
	fprintf(stderr, "walbench: %s/%s %s x%u failed on %s: %s\n",
		wb_method_get(t->method)->name, wb_engine_name(t->engine), size, t->writes_per_op,
		path, r->reason);
	if (r->durability_failure)
		wb_say_durability_failure();
}

void wb_fail_all(const struct wb_test *tests, size_t n, const struct wb_prep_failure *pf,
		 const struct wb_result_hooks *hooks, struct wb_results *rs)
{
	const char *name = strerrorname_np(pf->err), *na;
	bool lost = pf->load ? pf->load->durability_failure
			     : strcmp(pf->call, "fsync") == 0 || strcmp(pf->call, "close") == 0;
	size_t i;

	for (i = 0; i < n; i++) {
		struct wb_result *r = wb_results_add(rs, &tests[i]);

		if (!r)
			return; /* the stderr line above still told */
		na = wb_method_engine_reason(tests[i].method, tests[i].engine);
		r->durability_failure = lost && !na;
		if (na)
			wb_set_status(r, WB_STATUS_NA, ENOTSUP, "%s", na);
		else if (pf->load)
			wb_set_status(r, WB_STATUS_ERROR, pf->err, "%s", pf->load->reason);
		else if (pf->why[0])
			wb_set_status(r, WB_STATUS_ERROR, pf->err, "create: %s while creating the test "
				      "file: %s", name ? name : "?", pf->why);
		else
			wb_set_status(r, WB_STATUS_ERROR, pf->err, "%s: %s while preparing the test "
				      "file", pf->call, name ? name : "?");
		if (!na)
			wb_result_set_site(r, pf->call, pf->offset, -1, pf->path);
		if (hooks && hooks->before)
			hooks->before(&r->test, hooks->ctx);
		if (hooks && hooks->after)
			hooks->after(r, hooks->ctx);
	}
	if (lost && !pf->load) /* open_load said it already */
		wb_say_durability_failure();
}

void wb_fail_out_of_memory(struct wb_result *r, const char *while_doing)
{
	wb_set_status(r, WB_STATUS_ERROR, ENOMEM, "out of memory %s", while_doing);
	wb_result_set_site(r, "malloc", -1, -1, NULL);
}
