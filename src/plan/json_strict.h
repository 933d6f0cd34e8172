/* json_strict.h — what the readers of walbench's own JSON tables (qualify's
 * tiers, the burst-volume facts) share: the file found, read and parsed and
 * its document opened in one call, every message naming the file and the JSON
 * path, an object holding only the keys its table allows, and a string that
 * would not print on one line, or does not fit its field, refused, never cut.
 * Trap: a refusal writes err and returns -EINVAL, leaving the output
 * half-filled; wb_json_load_table clears it. */
#ifndef WB_PLAN_JSON_STRICT_H
#define WB_PLAN_JSON_STRICT_H

#include <stdbool.h>
#include <stddef.h>

#include "plan/json_type.h"

struct cJSON;

/* The file being read and where its one-line message goes. */
struct wb_json_loader {
	const char *path;        /* the file, first in every message */
	char *err;
	size_t err_len;
};

/* The keys an object may hold; the first `required` of them it must. */
struct wb_json_keyset {
	const char *const *keys;
	size_t n;
	size_t required;
};

/* Writes "FILE: WHERE.KEY: message" (without the empty parts) and returns -EINVAL. */
int wb_json_refuse(const struct wb_json_loader *l, const char *where, const char *key,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* "a, b, c" from the first n of names, cut at len. */
void wb_json_join(const char *const *names, size_t n, char *buf, size_t len);

/* A control character: the text would not print on one line. */
bool wb_json_has_control(const char *s);

/* v is an object holding only the set's keys, each once, and all its required ones. */
int wb_json_check_object(const struct wb_json_loader *l, const struct cJSON *v,
			 const char *where, const struct wb_json_keyset *set);

/* Copies the non-empty, one-line string obj.key into dst, refusing what does not fit. */
int wb_json_get_string(const struct wb_json_loader *l, const struct cJSON *obj,
		       const char *where, const char *key, char *dst, size_t cap);

/* obj.key as the index of its name in names[n]. */
int wb_json_get_choice(const struct wb_json_loader *l, const struct cJSON *obj,
		       const char *where, const char *key, const char *const *names, size_t n,
		       unsigned *out);

/* The names of a list's entries, for wb_json_open_entry: the first entry's
 * name and the bytes from one entry's to the next's, the entries before this
 * one, the list's JSON name ("tiers") and which characters a name may hold. */
struct wb_json_names {
	const char *first;
	size_t stride;
	size_t n;
	const char *list;
	bool (*ok)(char c);
	const char *rule;        /* the characters ok allows, for the message */
};

/* An entry of a list keyed by its "name": v is an object of set's keys, its
 * name (into dst) is made of names->ok characters, and no earlier entry has it. */
int wb_json_open_entry(const struct wb_json_loader *l, const struct cJSON *v, const char *where,
		       const struct wb_json_keyset *set, char *dst, size_t cap,
		       const struct wb_json_names *names);

/* One of the tables: a JSON object of keys' keys, the first keys->required of
 * them required, with an optional free-text "description" (for the file's
 * readers), whose entries load() reads into out. */
struct wb_json_table {
	const char *default_name;        /* the shipped file, found as profiles are ("tiers") */
	const char *what;                /* in "cannot read tiers" */
	const char *expected;            /* what the document must be, in the message */
	const struct wb_json_keyset *keys;
	int (*load)(const struct wb_json_loader *l, const struct cJSON *doc, void *out);
};

/* Reads path_or_null, or with NULL the table's default file (found as
 * plan/profile.h finds profiles), into out (out_size bytes, cleared first and
 * again on any error). 0; -ENOENT (or the read's -errno) when the file cannot
 * be read; -EINVAL when it is not valid; -ENOMEM: each with one line in err
 * naming the file. */
int wb_json_load_table(const struct wb_json_table *t, const char *path_or_null, void *out,
		       size_t out_size, char *err, size_t err_len);

#endif
