/* registry.c — the const engine table, indexed by enum wb_engine_id.
 * Explicit on purpose: constructor-based self-registration is dropped by the linker
 * when engines live in a static library. */
#include "engine.h"

#include <string.h>

extern const struct wb_engine_ops wb_engine_sync_ops;
extern const struct wb_engine_ops wb_engine_direct_ops;
extern const struct wb_engine_ops wb_engine_io_uring_ops;
extern const struct wb_engine_ops wb_engine_io_uring_direct_ops;
extern const struct wb_engine_ops wb_engine_libaio_ops;

static const struct wb_engine_ops *const engine_table[] = {
	[WB_ENGINE_SYNC] = &wb_engine_sync_ops,
	[WB_ENGINE_DIRECT] = &wb_engine_direct_ops,
	[WB_ENGINE_IO_URING] = &wb_engine_io_uring_ops,
	[WB_ENGINE_IO_URING_DIRECT] = &wb_engine_io_uring_direct_ops,
	[WB_ENGINE_LIBAIO] = &wb_engine_libaio_ops,
};

_Static_assert(sizeof(engine_table) / sizeof(engine_table[0]) == WB_ENGINE_COUNT,
	       "engine_table must have one entry per enum wb_engine_id");

const struct wb_engine_ops *wb_engine_get(enum wb_engine_id id)
{
	return id < WB_ENGINE_COUNT ? engine_table[id] : NULL;
}

const char *wb_engine_name(enum wb_engine_id id)
{
	return id < WB_ENGINE_COUNT ? engine_table[id]->name : "?";
}

enum wb_engine_id wb_engine_find(const char *name)
{
	unsigned i;

	for (i = 0; i < WB_ENGINE_COUNT; i++)
		if (strcmp(engine_table[i]->name, name) == 0)
			return (enum wb_engine_id)i;
	return WB_ENGINE_COUNT;
}
