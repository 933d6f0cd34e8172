/* verify_protocol.h — `walbench verify`'s vocabulary: the file it writes (a header block, then
 * numbered, checksummed records in slots), the listener's ledger of what was announced and
 * acknowledged, and the text protocol between them (docs/verify-protocol.md). Pure: no I/O.
 * Trap: a record's place is its slot, (seq - 1) % slots, and a slot is rewritten when the
 * writer wraps, so a slot may legitimately hold a record NEWER than the last acknowledged
 * one (announced, written, its "done" lost with the power) — never an older one. */
#ifndef WB_MODEL_VERIFY_PROTOCOL_H
#define WB_MODEL_VERIFY_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WB_VERIFY_PROTO_VERSION 2       /* the hello line's number; bump on any change */
#define WB_VERIFY_FORMAT_VERSION 2      /* the file's layout; 2 added the header's boot id */
#define WB_VERIFY_BOOT_ID_LEN 36        /* the writer's boot id in the header: a UUID in text
					 * (facts/host.h's WB_HOST_BOOT_ID_LEN) */
#define WB_VERIFY_FILE_NAME "walbench-verify.dat"
#define WB_VERIFY_MIN_RECORD 512        /* a sector: the smallest write a disk tears at */
#define WB_VERIFY_MAX_RECORD (1u << 20)
#define WB_VERIFY_MAX_SLOTS (1u << 24)  /* the listener keeps 16 bytes per slot */
#define WB_VERIFY_LINE_MAX 256          /* longest protocol line, newline included */

/* Offsets in a record (and in the header block, which uses seq 0 and the header magic). */
#define WB_VERIFY_REC_MAGIC 0x52564257u /* "WBVR" little-endian */
#define WB_VERIFY_HDR_MAGIC 0x48564257u /* "WBVH" */

/* What one run is: the listener holds it, the file's header repeats it (but dir_id). */
struct wb_verify_run {
	uint64_t run_id;      /* random per `verify write`; every record carries it */
	uint32_t record_size; /* bytes per record, and of the header block */
	uint32_t slots;       /* records in the file; seq wraps around them */
	uint32_t method;      /* enum wb_method_id the writer used (informational) */
	uint64_t dir_id;      /* wb_verify_dir_id of the directory written to; on the wire
			       * only: a file that is gone cannot say where it was */
};

/* The file offset of a slot: the header block is slot -1. */
static inline uint64_t wb_verify_offset(const struct wb_verify_run *run, uint64_t slot)
{
	return (slot + 1) * (uint64_t)run->record_size;
}

static inline uint64_t wb_verify_slot_of(const struct wb_verify_run *run, uint64_t seq)
{
	return (seq - 1) % run->slots;
}

/* FNV-1a 64 over len bytes, continuing from h (start with WB_FNV64_INIT). */
#define WB_FNV64_INIT 0xcbf29ce484222325ull
uint64_t wb_fnv1a64(uint64_t h, const void *data, size_t len);

/* A directory's identity on the wire: FNV-1a 64 of its machine's identity
 * (facts/host.h: wb_host_machine_id), a 0 byte, and its canonical path (realpath(3): no
 * symlink, no "." or "..", no trailing slash), so "check ." and "check /srv/pg_wal" are
 * the same directory, "/srv/pg_wl" is another, and so is /srv/pg_wal on another machine
 * writing through the same listener (by path alone, its run read as this one's, and
 * every record of this machine's file as lost). Never 0. */
uint64_t wb_verify_dir_id(const char *machine, const char *canonical_path);

/* Fills buf (run->record_size bytes) with record seq (>= 1) of run: header fields,
 * a payload derived from run_id and seq (two records never share bytes, so a torn
 * mix of them fails the checksum), and the checksum over everything before it. */
void wb_verify_record_encode(const struct wb_verify_run *run, uint64_t seq, void *buf);

/* The header block (run->record_size bytes) describing run, written by the boot boot_id
 * (WB_VERIFY_BOOT_ID_LEN characters, or "" when it could not be read), so that the check
 * can tell whether the machine restarted since. */
void wb_verify_header_encode(const struct wb_verify_run *run, const char *boot_id, void *buf);

/* What a slot of the file held. */
enum wb_verify_found {
	WB_VERIFY_FOUND_RECORD,    /* a valid record of this run: *seq says which */
	WB_VERIFY_FOUND_ZERO,      /* all zero: never written (or written and lost) */
	WB_VERIFY_FOUND_SHORT,     /* beyond the end of the file */
	WB_VERIFY_FOUND_CORRUPT,   /* neither zero nor a record with a good checksum */
	WB_VERIFY_FOUND_OTHER_RUN, /* a valid record of another run */
	WB_VERIFY_FOUND_WRONG_SLOT, /* a valid record of this run, but of another slot */
};

/* Judges len bytes read at slot's offset (len < record_size: the file ended). */
enum wb_verify_found wb_verify_record_decode(const struct wb_verify_run *run, uint64_t slot,
					     const void *buf, size_t len, uint64_t *seq);

/* Reads a header block: 0 and *run filled, and boot_id (NULL, or WB_VERIFY_BOOT_ID_LEN + 1
 * bytes) with the writer's boot id, "" when the header has none (format 1, or the writer
 * could not read it); -EINVAL when it is not a valid header. */
int wb_verify_header_decode(const void *buf, size_t len, struct wb_verify_run *run,
			    char *boot_id);

/* ---- the listener's ledger -------------------------------------------------------------- */

struct wb_verify_slot {
	uint64_t acked; /* highest seq whose "done" arrived; 0: none */
	uint64_t about; /* highest seq announced ("about to write"); >= acked */
};

struct wb_verify_ledger {
	bool active;               /* a run has begun */
	bool removed;              /* a checker found nothing lost and removed the file */
	struct wb_verify_run run;
	struct wb_verify_slot *slot; /* run.slots entries */
	uint64_t last_about;       /* highest seq announced; announcements must increase */
	uint64_t done_count;       /* "done" messages accepted (acknowledged writes) */
};

/* Starts a new run, dropping any previous one. 0, -EINVAL (bad sizes) or -ENOMEM. */
int wb_verify_ledger_begin(struct wb_verify_ledger *l, const struct wb_verify_run *run);
/* Records "about to write seq": seq must be exactly last_about + 1. 0 or -EINVAL. */
int wb_verify_ledger_about(struct wb_verify_ledger *l, uint64_t seq);
/* Records "seq is durable": it must have been announced and be the newest for its
 * slot. 0 or -EINVAL. */
int wb_verify_ledger_done(struct wb_verify_ledger *l, uint64_t seq);
/* Records that a check of run_id found nothing lost and removes the file, so that a later
 * check is told so instead of finding the file gone. 0, or -EINVAL when run_id is not
 * the run held. */
int wb_verify_ledger_remove(struct wb_verify_ledger *l, uint64_t run_id);
void wb_verify_ledger_free(struct wb_verify_ledger *l);

/* ---- protocol lines --------------------------------------------------------------------- */

enum wb_verify_msg_kind {
	WB_VMSG_HELLO, /* HELLO walbench-verify VERSION (both ways) */
	WB_VMSG_BEGIN, /* BEGIN RUN_ID RECORD_SIZE SLOTS METHOD DIR_ID */
	WB_VMSG_ABOUT, /* ABOUT SEQ */
	WB_VMSG_DONE,  /* DONE SEQ */
	WB_VMSG_END,   /* END: the writer stops cleanly */
	WB_VMSG_CHECK, /* CHECK: send the ledger */
	WB_VMSG_REMOVE, /* REMOVE RUN_ID: checked, nothing lost, the file is being removed */
	WB_VMSG_OK,    /* OK [SEQ] */
	WB_VMSG_ERR,   /* ERR free text */
	WB_VMSG_RUN,   /* RUN RUN_ID RECORD_SIZE SLOTS METHOD DIR_ID LAST_SEQ DONE_COUNT
			* REMOVED */
	WB_VMSG_SLOT,  /* SLOT SLOT ACKED ABOUT */
	WB_VMSG_NORUN, /* NORUN: the listener holds no run */
	WB_VMSG_DONE_LIST, /* ENDLIST COUNT: the last line of a CHECK answer */
};

struct wb_verify_msg {
	enum wb_verify_msg_kind kind;
	uint64_t a, b, c;          /* the numbers, in the order above (REMOVE: a = RUN_ID) */
	struct wb_verify_run run;  /* BEGIN, RUN */
	char text[WB_VERIFY_LINE_MAX]; /* ERR's text */
};

/* Parses one line (without its newline). 0, or -EINVAL for anything not in the
 * protocol, including numbers out of range and trailing junk. */
int wb_verify_msg_parse(const char *line, struct wb_verify_msg *m);

/* Formats m as one line with its newline into buf. The length, or -ENOSPC. */
int wb_verify_msg_format(const struct wb_verify_msg *m, char *buf, size_t len);

#endif
