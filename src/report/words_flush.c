/* words_flush.c — what a flush is, as recommend's Evidence table names it in
 * its flush column: "commit 8kB", "bulk 1MiB" (words.h). One spelling, so a
 * sentence that names a flush points at the row it came from. */
#include "report/words.h"

#include <stdio.h>

#include "model/units.h"

char *wb_words_flush(const char *shape, uint64_t bytes, char *buf, size_t len)
{
	char size[16];

	wb_format_size(bytes, size, sizeof(size));
	snprintf(buf, len, "%s %s", shape, size);
	return buf;
}
