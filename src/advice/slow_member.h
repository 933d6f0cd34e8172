/* slow_member.h — the member of an array whose writes took much longer than
 * the others' during a run (issue 35), from each member's own write count and
 * write time (facts/devstat.h, read before and after). Pure.
 * Trap: a member that wrote little is not judged (btrfs raid1 over three
 * devices may leave one out of every data chunk), and an array of fewer than
 * two judged members has no "others" to be slow against. */
#ifndef WB_ADVICE_SLOW_MEMBER_H
#define WB_ADVICE_SLOW_MEMBER_H

#include <stdbool.h>

#include "facts/storage.h"

/* Slow: a member's mean write time at least this many times the others'
 * (their median). Members of one array take the same share of writes, of the
 * same sizes (striping spreads them, mirroring repeats them), so healthy ones
 * agree within tens of percent; a disk remapping sectors, retrying, or of a
 * slower model shows as twice and more (the `iostat -x` await a RAID's
 * operator compares member against member). */
#define WB_SLOW_MEMBER_FACTOR 2.0

/* A member is judged once it completed this many writes in the run: fewer, and
 * one slow write (a metadata flush) is its mean. */
#define WB_SLOW_MEMBER_MIN_WRITES 100u

/* ... and its writes took this long in all: the stat file counts whole
 * milliseconds, so below 100 ms the mean is off by more than 1 %. */
#define WB_SLOW_MEMBER_MIN_MS 100u

struct wb_slow_member {
	bool found;                /* a member is slow */
	unsigned member;           /* its index in the array's members */
	double mean_ms;            /* its mean write time */
	double others_ms;          /* the median of the other judged members' */
	unsigned judged;           /* members with enough writes to judge */
};

/* The slowest judged member of a, when it is WB_SLOW_MEMBER_FACTOR times the
 * others' median; found false otherwise (fewer than two judged). True when
 * some member was slow. */
bool wb_slow_member_of(const struct wb_array *a, struct wb_slow_member *out);

#endif
