/* dm_table.c — see dm_table.h. Pure: the buffer is the kernel's answer, read
 * as untrusted bytes. Traps: each record's next is an offset from the first
 * record (the start of the data area), not from the record itself as on a
 * table load; the last one's next points past the data (aligned), so it is
 * not followed; a record need not be aligned in a buffer a test builds, so
 * records are copied out, never cast in place. A striped line is
 * "STRIPES CHUNK_SECTORS DEV OFFSET ..." (drivers/md/dm-stripe.c); a raid line
 * is "TYPE #PARAMS CHUNK_SECTORS [OPTIONS] #DEVS META DATA ..." (the kernel's
 * Documentation/admin-guide/device-mapper/dm-raid.rst), #PARAMS counting the
 * chunk and every option word, each option a key and one value but sync,
 * nosync and raid10_use_near_sets, a missing device "- -". */
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

/* The next word of *p into w (size bytes), moving *p past it and the blanks
 * after: false when there is none or it does not fit. */
static bool next_word(const char **p, char *w, size_t size)
{
	size_t n = strcspn(*p, " ");

	if (n == 0 || n >= size)
		return false;
	memcpy(w, *p, n);
	w[n] = '\0';
	*p += n;
	while (**p == ' ')
		(*p)++;
	return true;
}

/* A whole word as a decimal number. */
static bool word_number(const char *w, unsigned long long *out)
{
	return next_number(&w, out) && *w == '\0';
}

/* A raid target's geometry, as md would say it. */
struct raid_shape {
	char level[8];
	uint32_t devs, chunk, layout;
};

enum raid10_format { NEAR, FAR, OFFSET };

/* A raid10 format's name, as a type's suffix or raid10_format's value:
 * false when it is none. */
static bool raid10_format_of(const char *name, enum raid10_format *f)
{
	static const char *const names[] = { [NEAR] = "near", [FAR] = "far", [OFFSET] = "offset" };
	unsigned i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0) {
			*f = (enum raid10_format)i;
			return true;
		}
	return false;
}

/* The first n bytes of type are name, whole. */
static bool prefix_is(const char *type, size_t n, const char *name)
{
	return strlen(name) == n && strncmp(type, name, n) == 0;
}

/* md's level of a dm-raid type into level ("raid5_ls": raid5; "" for a type
 * not known here), and a raid10 type's format ("raid10_far"; near else). */
static void raid_level_of(const char *type, char *level, size_t size, enum raid10_format *f)
{
	static const char *const levels[] = { "raid0", "raid1", "raid4", "raid5", "raid6", "raid10" };
	size_t n = strcspn(type, "_"), i;
	const char *suffix = type[n] ? type + n + 1 : NULL;
	bool rotation, known = false;

	*f = NEAR;
	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		known = known || prefix_is(type, n, levels[i]);
	/* raid5 and raid6 name their parity rotation after the level ("_ls",
	 * "_n_6"), raid10 its format; raid0, raid1 and raid4 have no suffix */
	rotation = prefix_is(type, n, "raid5") || prefix_is(type, n, "raid6");
	if (suffix && !rotation)
		known = known && prefix_is(type, n, "raid10") && raid10_format_of(suffix, f);
	level[0] = '\0';
	if (known && n < size) {
		memcpy(level, type, n);
		level[n] = '\0';
	}
}

/* An option of a raid line with no value. */
static bool raid_flag(const char *key)
{
	return strcmp(key, "sync") == 0 || strcmp(key, "nosync") == 0 ||
	       strcmp(key, "raid10_use_near_sets") == 0;
}

/* A raid target's level, devices, chunk (bytes) and raid10 layout: false
 * when the line is not one. */
static bool parse_raid(const char *line, struct raid_shape *out)
{
	char type[WB_DM_TYPE_LEN], key[32], val[32];
	unsigned long long nparams, sectors, copies = 2, devs;
	enum raid10_format f;
	const char *p = line;

	memset(out, 0, sizeof(*out)); /* compared whole with another target's */
	if (!next_word(&p, type, sizeof(type)) || !next_number(&p, &nparams) || nparams == 0 ||
	    !next_number(&p, &sectors) || sectors > UINT32_MAX / 512)
		return false;
	raid_level_of(type, out->level, sizeof(out->level), &f);
	for (nparams--; nparams > 0; nparams--) {
		if (!next_word(&p, key, sizeof(key)))
			return false;
		if (raid_flag(key))
			continue;
		if (--nparams == 0 || !next_word(&p, val, sizeof(val)))
			return false; /* a key without its value */
		if (strcmp(key, "raid10_copies") == 0 &&
		    (!word_number(val, &copies) || copies < 2 || copies > 0xff))
			return false;
		if (strcmp(key, "raid10_format") == 0 && !raid10_format_of(val, &f))
			return false;
	}
	if (!next_number(&p, &devs) || devs == 0 || devs > UINT32_MAX / 2 ||
	    count_words(p) != 2 * devs)
		return false;
	out->devs = (uint32_t)devs;
	out->chunk = (uint32_t)(sectors * 512);
	if (strcmp(out->level, "raid10") == 0) /* md's raid10 layout bits (md/layout) */
		out->layout = f == NEAR ? (uint32_t)copies | 1u << 8
			    : (uint32_t)copies << 8 | 1u | (f == OFFSET ? 1u << 16 : 0);
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
	bool striped_seen = false, raid_seen = false;
	struct raid_shape raid, r;
	unsigned i;

	if (len < sizeof(io))
		return -EINVAL;
	memcpy(&io, base, sizeof(io));
	if (io.flags & DM_BUFFER_FULL_FLAG)
		return -ENOBUFS;
	if (io.data_start < sizeof(io) || io.data_size > len || io.data_start > io.data_size)
		return -EINVAL;
	memset(&out, 0, sizeof(out));
	memset(&raid, 0, sizeof(raid));
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
		} else if (strcmp(spec.target_type, "raid") == 0) {
			if (!parse_raid(line, &r))
				return -EINVAL;
			/* raid segments of two shapes: no one geometry */
			if (!raid_seen)
				raid = r;
			else if (memcmp(&raid, &r, sizeof(r)) != 0)
				memset(&raid, 0, sizeof(raid));
			raid_seen = true;
		}
		if (i + 1 < io.target_count) {
			if (spec.next <= off + sizeof(spec))
				return -EINVAL; /* backwards or into this record: no progress */
			off = spec.next;
		}
	}
	memcpy(out.raid_level, raid.level, sizeof(out.raid_level));
	out.raid_devs = raid.devs;
	out.raid_layout = raid.layout;
	if (!striped_seen)
		out.chunk = raid.chunk;
	*t = out;
	return 0;
}
