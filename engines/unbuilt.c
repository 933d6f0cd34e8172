/* unbuilt.c — placeholders for engines compiled out of this build, so that each
 * still exists by name and says why it cannot run. CMake compiles the definition
 * for an engine only when its real source file is left out. */
#include "engine.h"

#ifndef WB_HAVE_LIBURING
const struct wb_engine_ops wb_engine_io_uring_ops = {
	.name = "io_uring",
	.summary = "io_uring submission and completion rings (liburing)",
	.unbuilt_reason = WB_IO_URING_UNBUILT_REASON,
};

const struct wb_engine_ops wb_engine_io_uring_direct_ops = {
	.name = "io_uring_direct",
	.summary = "io_uring on an O_DIRECT descriptor (liburing)",
	.unbuilt_reason = WB_IO_URING_UNBUILT_REASON,
};
#endif

#ifndef WB_HAVE_LIBAIO
const struct wb_engine_ops wb_engine_libaio_ops = {
	.name = "libaio",
	.summary = "Linux native AIO, io_submit(2) on O_DIRECT descriptors (libaio)",
	.unbuilt_reason = WB_LIBAIO_UNBUILT_REASON,
};
#endif
