/* ownfile.h — the names of the files walbench makes in a directory, shared by the
 * code that creates them (measure/testfile.c) and `walbench clean`, which must
 * recognise those names and nothing else. Pure: no I/O. */
#ifndef WB_MODEL_OWNFILE_H
#define WB_MODEL_OWNFILE_H

#include <stdbool.h>
#include <sys/types.h>

/* walbench.PID.N.tmp: every file walbench makes in a directory (test files,
 * segments, the data load's file) by process PID, N its attempt at a free name,
 * 0 .. WB_TESTFILE_ATTEMPTS - 1. verify's file (model/verify_protocol.h) is not one: it is
 * kept on purpose. */
#define WB_TESTFILE_PREFIX   "walbench."
#define WB_TESTFILE_SUFFIX   ".tmp"
/* More names than a run ever holds in one directory at once (--jobs' most, 64,
 * times three files a job at a segment switch: 192, model/test.h), with room for
 * leftovers of an earlier process that had this PID. At 100, 64 jobs switching
 * segments ran out of names: "segment switch: create: File exists". */
#define WB_TESTFILE_ATTEMPTS 1000

/* Whether name (a directory entry, no slash) is one walbench makes: PID and N in
 * plain decimal (no sign, no leading zero), PID 1 .. INT_MAX, N below
 * WB_TESTFILE_ATTEMPTS. Sets *pid when it is. */
bool wb_testfile_name_parse(const char *name, pid_t *pid);

#endif
