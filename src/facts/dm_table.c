/* dm_table.c — see dm_table.h. Pure: the buffer is the kernel's answer, read
 * as untrusted bytes. Traps: each record's next is an offset from the first
 * record (the start of the data area), not from the record itself as on a
 * table load; the last one's next points past the data (aligned), so it is
 * not followed; a record need not be aligned in a buffer a test builds, so
 * records are copied out, never cast in place. A striped line is
 * "STRIPES CHUNK_SECTORS DEV OFFSET ..." (drivers/md/dm-stripe.c). */
#include "facts/dm_table.h"

#include <errno.h>
#include <linux/dm-ioctl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(WB_DM_TYPE_LEN == DM_MAX_TYPE_NAME, "a target type as the kernel sizes it");

/* A decimal word of the line at *p, moving *p past it and the blanks after:
 * false when it is not all digits or does not fit. */
static bool next_number(const char **p, unsigned long long *out)
{
	const char *s = *p;
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*out = strtoull(s, &end, 10);
	if (errno || (*end && *end != ' '))
		return false;
	while (*end == ' ')
		end++;
	*p = end;
	return true;
}

static unsigned count_words(const char *s)
{
	unsigned n = 0;

	while (*s) {
		while (*s == ' ')
			s++;
		if (*s)
			n++;
		while (*s && *s != ' ')
			s++;
	}
	return n;
}

/* A striped target's stripes and chunk (bytes): false when the line is not one. */
static bool parse_striped(const char *line, uint32_t *stripes, uint32_t *chunk)
{
	unsigned long long n, sectors;
	const char *p = line;

	if (!next_number(&p, &n) || !next_number(&p, &sectors) || n == 0 || n > UINT32_MAX ||
	    sectors == 0 || sectors > UINT32_MAX / 512 || count_words(p) != 2 * n)
		return false;
	*stripes = (uint32_t)n;
	*chunk = (uint32_t)(sectors * 512);
	return true;
}

/* Adds type to the "+"-joined list once; cut (never overrun) when long. */
static void add_type(char *list, size_t size, const char *type)
{
	size_t n = strlen(list), k = strlen(type);
	const char *p;

	for (p = list; *p; p += strcspn(p, "+"), p += *p == '+')
		if (strncmp(p, type, k) == 0 && (p[k] == '+' || p[k] == '\0'))
			return;
	if (n + (n > 0) + k + 1 > size)
		return;
	if (n)
		list[n++] = '+';
	memcpy(list + n, type, k + 1);
}

int wb_dm_table_parse(const void *buf, size_t len, struct wb_dm_table *t)
{
	const unsigned char *base = buf;
	struct dm_ioctl io;
	struct dm_target_spec spec;
	struct wb_dm_table out;
	const char *data, *line;
	size_t area, off = 0, room;
	bool striped_seen = false;
	unsigned i;

	if (len < sizeof(io))
		return -EINVAL;
	memcpy(&io, base, sizeof(io));
	if (io.flags & DM_BUFFER_FULL_FLAG)
		return -ENOBUFS;
	if (io.data_start < sizeof(io) || io.data_size > len || io.data_start > io.data_size)
		return -EINVAL;
	memset(&out, 0, sizeof(out));
	data = (const char *)base + io.data_start;
	area = io.data_size - io.data_start;
	for (i = 0; i < io.target_count; i++) {
		uint32_t stripes, chunk;

		if (off > area || area - off < sizeof(spec))
			return -EINVAL;
		memcpy(&spec, data + off, sizeof(spec));
		line = data + off + sizeof(spec);
		room = area - off - sizeof(spec);
		if (!memchr(spec.target_type, '\0', sizeof(spec.target_type)) ||
		    !spec.target_type[0] || !memchr(line, '\0', room))
			return -EINVAL;
		out.n_targets++;
		add_type(out.types, sizeof(out.types), spec.target_type);
		if (!out.type[0])
			memcpy(out.type, spec.target_type, sizeof(out.type));
		else if (strcmp(out.type, spec.target_type) != 0)
			strcpy(out.type, "mixed");
		if (strcmp(spec.target_type, "striped") == 0) {
			if (!parse_striped(line, &stripes, &chunk))
				return -EINVAL;
			/* an LV extended with a different stripe count or chunk:
			 * no one geometry holds along the device */
			if (!striped_seen) {
				out.stripes = stripes;
				out.chunk = chunk;
			} else if (out.stripes != stripes || out.chunk != chunk) {
				out.stripes = 0;
				out.chunk = 0;
			}
			striped_seen = true;
		}
		if (i + 1 < io.target_count) {
			if (spec.next <= off + sizeof(spec))
				return -EINVAL; /* backwards or into this record: no progress */
			off = spec.next;
		}
	}
	*t = out;
	return 0;
}
