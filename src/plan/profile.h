/* profile.h — workload profiles (profiles/NAME.json), validated by the option
 * table: a key unknown to it, a value of the wrong JSON type or out of range is the
 * same error it would be on the command line, naming the file and the key.
 *
 * A profile is an object of option keys (applied to every test group) and an
 * optional "tests" array of objects (one test group each, with its own keys on
 * top); "description" is free text. Without "tests" the profile is one group. */
#ifndef WB_PLAN_PROFILE_H
#define WB_PLAN_PROFILE_H

#include <stddef.h>
#include "plan/options.h"

struct wb_profile {
	char path[4096];        /* the file read */
	char *description;
	void *json;             /* the parsed document (cJSON), owned */
	size_t ngroups;         /* 1 when there is no "tests" array */
};

/* Finds NAME (profiles/NAME.json in $WALBENCH_PROFILES, then the source tree's
 * profiles/) or reads PATH (anything with a '/' or ending in .json). Validates
 * every key against cmd's options. 0, or -errno with a one-line message in err:
 * -EINVAL for a profile read whose keys or values are bad (a usage error, as
 * the same option on the command line is); any other (-ENOENT, -EISDIR, -EFBIG,
 * -EBADMSG for a file that is not one JSON document) for one that could not be
 * read as a profile at all: unusable input, as a tiers file that cannot be. */
int wb_profile_load(const char *name_or_path, enum wb_command cmd, struct wb_profile *p,
		    char *err, size_t err_len);

/* Applies the top-level keys, then group g's keys, to cfg. 0 or -EINVAL with err. */
int wb_profile_apply(const struct wb_profile *p, size_t g, enum wb_command cmd,
		     struct wb_config *cfg, char *err, size_t err_len);

void wb_profile_free(struct wb_profile *p);

/* Where wb_profile_load looks for NAME, written into path: NAME itself when it
 * has a '/' or ends in .json, else NAME.json in $WALBENCH_PROFILES or the
 * source tree's profiles/. Shared with plan/tiers.c, which finds tiers.json
 * the same way. 0, or -ENAMETOOLONG when it did not fit in len. */
int wb_profile_path(const char *name, char *path, size_t len);

/* The most a profile, tiers.json or the burst-volume table may hold: each is a
 * few kB. */
#define WB_PROFILE_MAX (1u << 20)

/* The whole of the file path (at most max bytes), NUL-terminated, for the
 * caller to free(), its length in *len (a NUL byte inside it is the file's, and
 * counts); NULL with -errno in *err: -EISDIR for a directory, -EFBIG past max,
 * a failed read's own errno. */
char *wb_read_file(const char *path, size_t max, size_t *len, int *err);

/* Where cJSON stopped in text (at; NULL: unknown), as "line L, column C",
 * into buf: an error names the place, never the text there, since a file
 * given for a profile or tiers may be a .pgpass or a service file. */
const char *wb_json_error_place(const char *text, const char *at, char *buf, size_t len);

struct cJSON;

/* text[0..len) (with a NUL at text[len]), the whole of the file path, as one
 * JSON document followed by nothing but JSON's whitespace: a document with
 * junk after it is refused, not read as its first value. NULL when it is not
 * one, with "PATH: not valid JSON at line L, column C" in err, or "...: text
 * after the document at ..." naming where the junk begins; the caller
 * cJSON_Deletes what it gets. Every reader of a JSON file parses through this. */
struct cJSON *wb_json_parse(const char *text, size_t len, const char *path, char *err,
			    size_t err_len);

#endif
