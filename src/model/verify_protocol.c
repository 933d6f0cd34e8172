/* verify_protocol.c — verify's record format, ledger and protocol lines (see verify_protocol.h and
 * docs/verify-protocol.md). Numbers in the file are little-endian whatever the host,
 * so a file written on one machine can be checked by another build. */
#include "model/verify_protocol.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/method.h"

/* Field offsets in a record or header block; the checksum is the block's last 8 bytes. */
enum {
	OFF_MAGIC = 0,    /* u32 */
	OFF_FORMAT = 4,   /* u16, then u16 zero */
	OFF_RUN = 8,      /* u64 */
	OFF_SEQ = 16,     /* u64; 0 in the header */
	OFF_SLOT = 24,    /* u64; 0 in the header */
	OFF_SIZE = 32,    /* u32 record size */
	OFF_SLOTS = 36,   /* u32 */
	OFF_METHOD = 40,  /* u32, then u32 zero */
	OFF_PAYLOAD = 48,
	OFF_BOOT_ID = 48, /* header of format 2: the writer's boot id over the payload's start */
};
#define CHECKSUM_LEN 8

static void put_le(unsigned char *p, uint64_t v, unsigned bytes)
{
	unsigned i;

	for (i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, unsigned bytes)
{
	uint64_t v = 0;
	unsigned i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

uint64_t wb_fnv1a64(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t wb_verify_dir_id(const char *machine, const char *canonical_path)
{
	uint64_t h = wb_fnv1a64(WB_FNV64_INIT, machine, strlen(machine) + 1); /* with its 0 */

	h = wb_fnv1a64(h, canonical_path, strlen(canonical_path));

	return h ? h : 1; /* 0 would read as "no directory" */
}

/* splitmix64: a payload stream unique to (run, seq), cheap and reproducible. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The block's checksum over everything before it: the last thing written into a block. */
static void seal_block(unsigned char *p, uint32_t size)
{
	put_le(p + size - CHECKSUM_LEN, wb_fnv1a64(WB_FNV64_INIT, p, size - CHECKSUM_LEN), 8);
}

static void encode_block(const struct wb_verify_run *run, uint32_t magic, uint64_t seq,
			 uint64_t slot, unsigned char *p)
{
	uint32_t size = run->record_size;
	uint64_t state = run->run_id ^ (seq * 0xd6e8feb86659fd93ull), word;
	uint32_t off;

	memset(p, 0, OFF_PAYLOAD);
	put_le(p + OFF_MAGIC, magic, 4);
	put_le(p + OFF_FORMAT, WB_VERIFY_FORMAT_VERSION, 2);
	put_le(p + OFF_RUN, run->run_id, 8);
	put_le(p + OFF_SEQ, seq, 8);
	put_le(p + OFF_SLOT, slot, 8);
	put_le(p + OFF_SIZE, size, 4);
	put_le(p + OFF_SLOTS, run->slots, 4);
	put_le(p + OFF_METHOD, run->method, 4);
	for (off = OFF_PAYLOAD; off < size - CHECKSUM_LEN; off += 8) {
		word = splitmix64(&state);
		put_le(p + off, word, 8);
	}
}

void wb_verify_record_encode(const struct wb_verify_run *run, uint64_t seq, void *buf)
{
	encode_block(run, WB_VERIFY_REC_MAGIC, seq, wb_verify_slot_of(run, seq), buf);
	seal_block(buf, run->record_size);
}

void wb_verify_header_encode(const struct wb_verify_run *run, const char *boot_id, void *buf)
{
	unsigned char *p = buf;
	size_t n = strnlen(boot_id, WB_VERIFY_BOOT_ID_LEN);

	encode_block(run, WB_VERIFY_HDR_MAGIC, 0, 0, p);
	/* Zeros where there is no boot id: the check then says it cannot tell a restart. */
	memset(p + OFF_BOOT_ID, 0, WB_VERIFY_BOOT_ID_LEN);
	if (n == WB_VERIFY_BOOT_ID_LEN)
		memcpy(p + OFF_BOOT_ID, boot_id, n);
	seal_block(p, run->record_size);
}

static bool checksum_ok(const unsigned char *p, uint32_t size)
{
	return get_le(p + size - CHECKSUM_LEN, 8) ==
	       wb_fnv1a64(WB_FNV64_INIT, p, size - CHECKSUM_LEN);
}

static bool all_zero(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

enum wb_verify_found wb_verify_record_decode(const struct wb_verify_run *run, uint64_t slot,
					     const void *buf, size_t len, uint64_t *seq)
{
	const unsigned char *p = buf;
	uint32_t size = run->record_size;

	*seq = 0;
	if (len < size)
		return WB_VERIFY_FOUND_SHORT;
	if (all_zero(p, size))
		return WB_VERIFY_FOUND_ZERO;
	/* A valid checksum over a record whose own size field differs cannot be trusted
	 * either: the checksum covers only what this run's size says. */
	if (get_le(p + OFF_MAGIC, 4) != WB_VERIFY_REC_MAGIC || get_le(p + OFF_SIZE, 4) != size ||
	    !checksum_ok(p, size))
		return WB_VERIFY_FOUND_CORRUPT;
	if (get_le(p + OFF_RUN, 8) != run->run_id)
		return WB_VERIFY_FOUND_OTHER_RUN;
	*seq = get_le(p + OFF_SEQ, 8);
	if (*seq == 0 || get_le(p + OFF_SLOT, 8) != slot || wb_verify_slot_of(run, *seq) != slot)
		return WB_VERIFY_FOUND_WRONG_SLOT;
	return WB_VERIFY_FOUND_RECORD;
}

static bool run_valid(const struct wb_verify_run *run)
{
	return run->record_size >= WB_VERIFY_MIN_RECORD && run->record_size <= WB_VERIFY_MAX_RECORD &&
	       run->record_size % 8 == 0 && run->slots >= 1 && run->slots <= WB_VERIFY_MAX_SLOTS &&
	       run->method < WB_METHOD_COUNT;
}

/* A header's boot id field: 36 zero bytes (none) or a UUID's characters. */
static bool boot_id_field_ok(const unsigned char *p)
{
	unsigned i;

	if (all_zero(p, WB_VERIFY_BOOT_ID_LEN))
		return true;
	for (i = 0; i < WB_VERIFY_BOOT_ID_LEN; i++)
		if (!(p[i] == '-' || (p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
			return false;
	return true;
}

int wb_verify_header_decode(const void *buf, size_t len, struct wb_verify_run *run,
			    char *boot_id)
{
	const unsigned char *p = buf;
	struct wb_verify_run r;
	uint64_t format;

	/* Format 1, before the boot id, still reads: its run is checked, its restart unknown. */
	if (len < OFF_BOOT_ID + WB_VERIFY_BOOT_ID_LEN + CHECKSUM_LEN ||
	    get_le(p + OFF_MAGIC, 4) != WB_VERIFY_HDR_MAGIC)
		return -EINVAL;
	format = get_le(p + OFF_FORMAT, 2);
	if (format != 1 && format != WB_VERIFY_FORMAT_VERSION)
		return -EINVAL;
	r = (struct wb_verify_run){
		.run_id = get_le(p + OFF_RUN, 8),
		.record_size = (uint32_t)get_le(p + OFF_SIZE, 4),
		.slots = (uint32_t)get_le(p + OFF_SLOTS, 4),
		.method = (uint32_t)get_le(p + OFF_METHOD, 4),
	};
	if (!run_valid(&r) || len < r.record_size || !checksum_ok(p, r.record_size))
		return -EINVAL;
	if (format >= 2 && !boot_id_field_ok(p + OFF_BOOT_ID))
		return -EINVAL;
	*run = r;
	if (boot_id) {
		boot_id[0] = '\0';
		if (format >= 2 && !all_zero(p + OFF_BOOT_ID, WB_VERIFY_BOOT_ID_LEN)) {
			memcpy(boot_id, p + OFF_BOOT_ID, WB_VERIFY_BOOT_ID_LEN);
			boot_id[WB_VERIFY_BOOT_ID_LEN] = '\0';
		}
	}
	return 0;
}

/* ---- ledger ------------------------------------------------------------------------------ */

int wb_verify_ledger_begin(struct wb_verify_ledger *l, const struct wb_verify_run *run)
{
	struct wb_verify_slot *s;

	if (!run_valid(run))
		return -EINVAL;
	s = calloc(run->slots, sizeof(*s));
	if (!s)
		return -ENOMEM;
	wb_verify_ledger_free(l);
	*l = (struct wb_verify_ledger){ .active = true, .run = *run, .slot = s };
	return 0;
}

int wb_verify_ledger_about(struct wb_verify_ledger *l, uint64_t seq)
{
	if (!l->active || seq != l->last_about + 1)
		return -EINVAL;
	l->slot[wb_verify_slot_of(&l->run, seq)].about = seq;
	l->last_about = seq;
	return 0;
}

int wb_verify_ledger_done(struct wb_verify_ledger *l, uint64_t seq)
{
	struct wb_verify_slot *s;

	if (!l->active || seq == 0 || seq > l->last_about)
		return -EINVAL;
	s = &l->slot[wb_verify_slot_of(&l->run, seq)];
	/* Only the slot's newest announcement can be acknowledged: an older one was
	 * overwritten by the announced one and its "done" says nothing about the disk. */
	if (seq != s->about || seq <= s->acked)
		return -EINVAL;
	s->acked = seq;
	l->done_count++;
	return 0;
}

int wb_verify_ledger_remove(struct wb_verify_ledger *l, uint64_t run_id)
{
	if (!l->active || l->run.run_id != run_id)
		return -EINVAL;
	l->removed = true;
	return 0;
}

void wb_verify_ledger_free(struct wb_verify_ledger *l)
{
	free(l->slot);
	*l = (struct wb_verify_ledger){ .active = false };
}

/* ---- protocol lines ---------------------------------------------------------------------- */

static const struct {
	const char *word;
	unsigned numbers; /* decimal numbers after the word (BEGIN/RUN: after the run) */
	bool has_run;     /* the first fields are a run: RUN_ID RECORD_SIZE SLOTS METHOD DIR_ID,
			   * the ids in hex */
	bool hex;         /* the one number is a run id, in hex */
} msg_shape[] = {
	[WB_VMSG_HELLO] = { "HELLO", 1, false, false },
	[WB_VMSG_BEGIN] = { "BEGIN", 0, true, false },
	[WB_VMSG_ABOUT] = { "ABOUT", 1, false, false },
	[WB_VMSG_DONE] = { "DONE", 1, false, false },
	[WB_VMSG_END] = { "END", 0, false, false },
	[WB_VMSG_CHECK] = { "CHECK", 0, false, false },
	[WB_VMSG_REMOVE] = { "REMOVE", 1, false, true },
	[WB_VMSG_OK] = { "OK", 1, false, false },
	[WB_VMSG_ERR] = { "ERR", 0, false, false },
	[WB_VMSG_RUN] = { "RUN", 3, true, false },
	[WB_VMSG_SLOT] = { "SLOT", 3, false, false },
	[WB_VMSG_NORUN] = { "NORUN", 0, false, false },
	[WB_VMSG_DONE_LIST] = { "ENDLIST", 1, false, false },
};
#define MSG_KINDS (sizeof(msg_shape) / sizeof(msg_shape[0]))
_Static_assert(MSG_KINDS == WB_VMSG_DONE_LIST + 1, "msg_shape must cover every message kind");

#define HELLO_NAME "walbench-verify"

/* One space, then a number in base 10 or 16 with no sign and no leading blanks. */
static int take_number(const char **p, int base, uint64_t max, uint64_t *out)
{
	const char *s = *p;
	unsigned long long v;
	char *end;

	if (*s != ' ')
		return -EINVAL;
	s++;
	if (!((*s >= '0' && *s <= '9') || (base == 16 && ((*s >= 'a' && *s <= 'f')))))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno || v > max || (*end != ' ' && *end != '\0'))
		return -EINVAL;
	*out = v;
	*p = end;
	return 0;
}

int wb_verify_msg_parse(const char *line, struct wb_verify_msg *m)
{
	uint64_t nums[3] = { 0 }, v;
	const char *p;
	unsigned k, i;
	size_t wlen;

	memset(m, 0, sizeof(*m));
	for (k = 0; k < MSG_KINDS; k++) {
		wlen = strlen(msg_shape[k].word);
		if (strncmp(line, msg_shape[k].word, wlen) == 0 &&
		    (line[wlen] == ' ' || line[wlen] == '\0'))
			break;
	}
	if (k == MSG_KINDS)
		return -EINVAL;
	m->kind = (enum wb_verify_msg_kind)k;
	p = line + wlen;
	if (k == WB_VMSG_ERR) {
		if (*p == ' ')
			p++;
		snprintf(m->text, sizeof(m->text), "%s", p);
		return 0;
	}
	if (k == WB_VMSG_HELLO) {
		if (strncmp(p, " " HELLO_NAME, strlen(HELLO_NAME) + 1) != 0)
			return -EINVAL;
		p += strlen(HELLO_NAME) + 1;
	}
	if (msg_shape[k].has_run) {
		if (take_number(&p, 16, UINT64_MAX, &m->run.run_id) ||
		    take_number(&p, 10, WB_VERIFY_MAX_RECORD, &v))
			return -EINVAL;
		m->run.record_size = (uint32_t)v;
		if (take_number(&p, 10, WB_VERIFY_MAX_SLOTS, &v))
			return -EINVAL;
		m->run.slots = (uint32_t)v;
		if (take_number(&p, 10, WB_METHOD_COUNT - 1, &v))
			return -EINVAL;
		m->run.method = (uint32_t)v;
		if (take_number(&p, 16, UINT64_MAX, &m->run.dir_id) || !run_valid(&m->run))
			return -EINVAL;
	}
	/* OK's number is optional: a bare OK answers BEGIN, END and HELLO-less commands. */
	for (i = 0; i < msg_shape[k].numbers; i++) {
		if (k == WB_VMSG_OK && *p == '\0')
			break;
		if (take_number(&p, msg_shape[k].hex ? 16 : 10, UINT64_MAX, &nums[i]))
			return -EINVAL;
	}
	if (*p != '\0')
		return -EINVAL;
	m->a = nums[0];
	m->b = nums[1];
	m->c = nums[2];
	return 0;
}

int wb_verify_msg_format(const struct wb_verify_msg *m, char *buf, size_t len)
{
	const char *w = msg_shape[m->kind].word;
	const struct wb_verify_run *r = &m->run;
	int n;

	switch (m->kind) {
	case WB_VMSG_HELLO:
		n = snprintf(buf, len, "%s %s %" PRIu64 "\n", w, HELLO_NAME, m->a);
		break;
	case WB_VMSG_BEGIN:
		n = snprintf(buf, len, "%s %016" PRIx64 " %u %u %u %016" PRIx64 "\n", w, r->run_id,
			     r->record_size, r->slots, r->method, r->dir_id);
		break;
	case WB_VMSG_RUN:
		n = snprintf(buf, len, "%s %016" PRIx64 " %u %u %u %016" PRIx64 " %" PRIu64
			     " %" PRIu64 " %" PRIu64 "\n", w, r->run_id, r->record_size, r->slots,
			     r->method, r->dir_id, m->a, m->b, m->c);
		break;
	case WB_VMSG_REMOVE:
		n = snprintf(buf, len, "%s %016" PRIx64 "\n", w, m->a);
		break;
	case WB_VMSG_ABOUT:
	case WB_VMSG_DONE:
	case WB_VMSG_DONE_LIST:
		n = snprintf(buf, len, "%s %" PRIu64 "\n", w, m->a);
		break;
	case WB_VMSG_OK:
		n = m->a ? snprintf(buf, len, "%s %" PRIu64 "\n", w, m->a)
			 : snprintf(buf, len, "%s\n", w);
		break;
	case WB_VMSG_SLOT:
		n = snprintf(buf, len, "%s %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", w, m->a, m->b,
			     m->c);
		break;
	case WB_VMSG_ERR:
		n = snprintf(buf, len, "%s %s\n", w, m->text);
		break;
	default:
		n = snprintf(buf, len, "%s\n", w);
		break;
	}
	return n < 0 || (size_t)n >= len ? -ENOSPC : n;
}
