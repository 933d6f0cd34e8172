/* test.c — the names of the test vocabulary's choices, in one place so the
 * option table, the reports and the JSON spell them alike. */
#include "model/test.h"

#include <string.h>

const char *const wb_pattern_names[] = { "overwrite", "append", "groupcommit", NULL };
const char *const wb_segment_mode_names[] = { "recycle", "new", "preallocate", NULL };
const char *const wb_wal_level_names[] = { "minimal", "replica", "logical", NULL };
const char *const wb_fd_mode_names[] = { "keep", "sync_then_close", "close_then_sync", NULL };
const char *const wb_flush_form_names[] = { "separate", "coalesced", NULL };
const char *const wb_workload_names[] = { "oltp", "bulk", "mixed", NULL };
_Static_assert(sizeof(wb_workload_names) / sizeof(wb_workload_names[0]) == WB_WORKLOAD_COUNT + 1,
	       "wb_workload_names must name every enum wb_workload");
_Static_assert(sizeof(wb_flush_form_names) / sizeof(wb_flush_form_names[0]) ==
		       WB_FLUSH_FORM_COUNT + 1,
	       "wb_flush_form_names must name every enum wb_flush_form");
_Static_assert(sizeof(wb_pattern_names) / sizeof(wb_pattern_names[0]) == WB_PATTERN_COUNT + 1,
	       "wb_pattern_names must name every enum wb_pattern");
_Static_assert(sizeof(wb_segment_mode_names) / sizeof(wb_segment_mode_names[0]) ==
		       WB_SEGMENT_COUNT + 1,
	       "wb_segment_mode_names must name every enum wb_segment_mode");
_Static_assert(sizeof(wb_fd_mode_names) / sizeof(wb_fd_mode_names[0]) == WB_FD_COUNT + 1,
	       "wb_fd_mode_names must name every enum wb_fd_mode");

bool wb_test_same_but_method(const struct wb_test *a, const struct wb_test *b)
{
	return a->engine == b->engine && a->size == b->size &&
	       a->writes_per_op == b->writes_per_op && a->queue_depth == b->queue_depth &&
	       a->jobs == b->jobs && a->committers == b->committers && a->pattern == b->pattern &&
	       a->site == b->site && a->data_load == b->data_load && strcmp(a->label, b->label) == 0;
}

bool wb_test_is_bulk(const struct wb_test *t)
{
	return t->writes_per_op >= WB_BULK_MIN_WRITES;
}

const char *wb_shape_name(const struct wb_test *t)
{
	return wb_test_is_bulk(t) ? "bulk" : "commit";
}

uint64_t wb_flush_bytes(const struct wb_test *t)
{
	return (uint64_t)t->writes_per_op * t->size;
}

const char *wb_pattern_name(enum wb_pattern p)
{
	return p < WB_PATTERN_COUNT ? wb_pattern_names[p] : "?";
}
