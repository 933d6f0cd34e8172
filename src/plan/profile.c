/* profile.c — loading and applying JSON profiles through the option table.
 * Trap: PATH options keep pointers into the parsed document, so the profile must
 * outlive every configuration it was applied to. */
#include "plan/profile.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan/json_type.h"

#ifndef WB_PROFILES_DIR
#define WB_PROFILES_DIR "profiles"
#endif

/* Read to the end, never seeking: a profile may come from a pipe or a process
 * substitution (--profile <(jq ... base.json)), where fseek fails. A directory
 * is said to be one and a failed read keeps its errno: an EIO would send the
 * user to the kernel log for a mistyped path. */
char *wb_read_file(const char *path, size_t max, size_t *len, int *err)
{
	FILE *f = fopen(path, "re");
	char *buf = NULL, *bigger;
	size_t cap = 0, got;
	struct stat st;

	*len = 0;
	if (!f) {
		*err = -errno;
		return NULL;
	}
	/* fopen opens a directory; only the read would fail, as EISDIR. */
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		*err = -EISDIR;
		goto fail;
	}
	do {
		if (cap - *len < 2) { /* room for a byte and the NUL */
			/* max + 2: a byte past max is read to know the file is longer. */
			size_t want = cap ? (cap > max / 2 ? max + 2 : cap * 2) : 4096;

			if (*len > max) {
				*err = -EFBIG;
				goto fail;
			}
			bigger = realloc(buf, want);
			if (!bigger) {
				*err = -ENOMEM;
				goto fail;
			}
			buf = bigger;
			cap = want;
		}
		errno = 0;
		got = fread(buf + *len, 1, cap - *len - 1, f);
		*len += got;
	} while (got && !ferror(f));
	if (ferror(f)) {
		*err = errno ? -errno : -EIO;
		goto fail;
	}
	if (*len > max) {
		*err = -EFBIG;
		goto fail;
	}
	fclose(f);
	buf[*len] = '\0';
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

static bool is_list_type(enum wb_opt_type t)
{
	return t == WB_OPT_SIZES || t == WB_OPT_UINTS || t == WB_OPT_METHODS ||
	       t == WB_OPT_ENGINES;
}

static const char *expected_types(enum wb_opt_type t)
{
	if (t == WB_OPT_FLAG)
		return "true or false";
	if (t == WB_OPT_PATH || t == WB_OPT_HOSTPORT || t == WB_OPT_CHOICE)
		return "a string";
	if (is_list_type(t))
		return "an array, a string or a number";
	return "a number or a string";
}

/* Renders a scalar as the text the command line would carry. */
static bool scalar_text(const cJSON *v, char *buf, size_t len)
{
	if (cJSON_IsString(v))
		return (size_t)snprintf(buf, len, "%s", v->valuestring) < len;
	if (cJSON_IsNumber(v))
		return (size_t)snprintf(buf, len, "%.15g", v->valuedouble) < len;
	return false;
}

/* The value as option text, or NULL (with a reason) for the wrong JSON type. */
static const char *value_text(const struct wb_option *o, const cJSON *v, char *buf, size_t len)
{
	const cJSON *el;
	size_t used = 0;

	if (o->type == WB_OPT_FLAG)
		return cJSON_IsBool(v) ? (cJSON_IsTrue(v) ? "true" : "false") : NULL;
	if (o->type == WB_OPT_PATH || o->type == WB_OPT_HOSTPORT || o->type == WB_OPT_CHOICE)
		return cJSON_IsString(v) ? v->valuestring : NULL;
	if (cJSON_IsArray(v) && is_list_type(o->type)) {
		buf[0] = '\0';
		cJSON_ArrayForEach(el, v) {
			/* By the element, not by the text so far: ["", "8k"] is ",8k",
			 * refused as the command line's is, not read as ["8k"]. */
			if (el != v->child && used + 1 < len)
				buf[used++] = ',';
			if (!scalar_text(el, buf + used, len - used))
				return NULL;
			used += strlen(buf + used);
		}
		return buf; /* [] is "", an empty list */
	}
	return scalar_text(v, buf, len) ? buf : NULL;
}

static void list_keys(enum wb_command cmd, char *buf, size_t len)
{
	size_t used = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < wb_options_count && used < len; i++) {
		if (!(wb_options[i].commands & WB_CMD_BIT(cmd)) ||
		    strcmp(wb_options[i].name, "profile") == 0)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
					 wb_options[i].name);
	}
}

/* Applies the option keys of one object ("tests" is the top level's own). */
static int apply_object(const struct wb_profile *p, const cJSON *obj, bool top, size_t g,
			enum wb_command cmd, struct wb_config *cfg, char *err, size_t err_len)
{
	char text[1024], why[512], keys[1024], nth[16], where[48];
	const struct wb_option *o;
	const cJSON *v;
	const char *value;
	unsigned k = 0;

	snprintf(where, sizeof(where), " of tests[%zu]", g);
	cJSON_ArrayForEach(v, obj) {
		if (strcmp(v->string, "description") == 0 && cJSON_IsString(v))
			continue;
		if (top && strcmp(v->string, "tests") == 0)
			continue;
		k++;
		o = strcmp(v->string, "profile") ? wb_option_find(v->string, cmd) : NULL;
		if (!o) {
			/* Named by its place: a file's words are never quoted. */
			list_keys(cmd, keys, sizeof(keys));
			snprintf(err, err_len, "%s: the %s key%s is unknown; allowed: description, %s%s",
				 p->path, wb_ordinal(k, nth, sizeof(nth)), top ? "" : where, top ? "tests, " : "",
				 keys);
			return -EINVAL;
		}
		value = value_text(o, v, text, sizeof(text));
		if (!value) {
			snprintf(err, err_len, "%s: key \"%s\": %s is the wrong type; expected %s",
				 p->path, o->name, wb_json_type_name(v), expected_types(o->type));
			return -EINVAL;
		}
		if (wb_option_set(cfg, o, value, why, sizeof(why))) {
			snprintf(err, err_len, "%s: key \"%s\": invalid value: %s", p->path, o->name,
				 why);
			return -EINVAL;
		}
	}
	return 0;
}

static const cJSON *group_object(const struct wb_profile *p, size_t g)
{
	const cJSON *tests = cJSON_GetObjectItemCaseSensitive(p->json, "tests");

	return tests ? cJSON_GetArrayItem(tests, (int)g) : NULL;
}

int wb_profile_apply(const struct wb_profile *p, size_t g, enum wb_command cmd,
		     struct wb_config *cfg, char *err, size_t err_len)
{
	const cJSON *group = group_object(p, g);
	int ret = apply_object(p, p->json, true, g, cmd, cfg, err, err_len);

	if (!ret && group)
		ret = apply_object(p, group, false, g, cmd, cfg, err, err_len);
	return ret;
}

/* Where profiles are: $WALBENCH_PROFILES; the installed directory for an
 * installed binary; else the source tree's (a build run in place), or the
 * installed one when the source tree is gone. */
static const char *profiles_dir(void)
{
	const char *dir = getenv("WALBENCH_PROFILES");
	char exe[PATH_MAX];
	ssize_t n;

	if (dir && *dir)
		return dir;
#ifdef WB_INSTALLED_BINARY
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (strcmp(exe, WB_INSTALLED_BINARY) == 0)
			return WB_INSTALLED_PROFILES_DIR;
	}
	if (access(WB_PROFILES_DIR, F_OK) != 0)
		return WB_INSTALLED_PROFILES_DIR;
#else
	(void)exe;
	(void)n;
#endif
	return WB_PROFILES_DIR;
}

int wb_profile_path(const char *name, char *path, size_t len)
{
	int n;

	if (strchr(name, '/') || (strlen(name) > 5 && !strcmp(name + strlen(name) - 5, ".json")))
		n = snprintf(path, len, "%s", name);
	else
		n = snprintf(path, len, "%s/%s.json", profiles_dir(), name);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* Keys that configure the whole run, not one group of tests: the run reads them
 * once, so a group that sets them differently would be silently ignored. */
static const char *const run_wide_keys[] = {
	"dir", "json", "csv", "budget", "trial-time", "warmup", "min-trials", "ci-target",
	"max-cv", "decide", "min-gain", "seed",
};

static bool same_value(const struct wb_option *opt, const struct wb_config *a,
		       const struct wb_config *b)
{
	const void *x = (const char *)a + opt->offset, *y = (const char *)b + opt->offset;

	if (opt->type == WB_OPT_PATH || opt->type == WB_OPT_HOSTPORT) {
		const char *s = *(const char *const *)x, *t = *(const char *const *)y;

		return s == t || (s && t && strcmp(s, t) == 0);
	}
	return *(const uint64_t *)x == *(const uint64_t *)y;
}

/* Group g against group 0: 0, or -EINVAL naming the first run-wide key that differs. */
static int check_run_wide(const struct wb_profile *p, size_t g, enum wb_command cmd,
			  const struct wb_config *first, const struct wb_config *cfg, char *err,
			  size_t err_len)
{
	unsigned i;

	for (i = 0; i < sizeof(run_wide_keys) / sizeof(run_wide_keys[0]); i++) {
		const struct wb_option *opt = wb_option_find(run_wide_keys[i], cmd);

		if (!opt || same_value(opt, first, cfg))
			continue;
		snprintf(err, err_len, "%s: key \"%s\" in tests[%zu] differs from tests[0]; it applies "
			 "to the whole run: set it once, at the top level", p->path, opt->name, g);
		return -EINVAL;
	}
	return 0;
}

/* Checks the document's shape, then applies every group to a scratch config so a
 * bad value is reported now, not halfway through a run. */
static int validate(struct wb_profile *p, enum wb_command cmd, char *err, size_t err_len)
{
	const cJSON *tests = cJSON_GetObjectItemCaseSensitive(p->json, "tests");
	const cJSON *d = cJSON_GetObjectItemCaseSensitive(p->json, "description");
	const cJSON *el;
	struct wb_config scratch, first;
	size_t g;
	int ret;

	if (!cJSON_IsObject(p->json)) {
		snprintf(err, err_len, "%s: a profile is a JSON object", p->path);
		return -EINVAL;
	}
	if (d && !cJSON_IsString(d)) {
		snprintf(err, err_len, "%s: key \"description\": %s is the wrong type; expected a string",
			 p->path, wb_json_type_name(d));
		return -EINVAL;
	}
	p->description = d ? d->valuestring : NULL;
	if (tests) {
		if (!cJSON_IsArray(tests) || cJSON_GetArraySize(tests) == 0) {
			snprintf(err, err_len, "%s: key \"tests\": expected a non-empty array of objects",
				 p->path);
			return -EINVAL;
		}
		cJSON_ArrayForEach(el, tests) {
			if (!cJSON_IsObject(el)) {
				snprintf(err, err_len, "%s: key \"tests\": %s in the array; expected objects",
					 p->path, wb_json_type_name(el));
				return -EINVAL;
			}
		}
	}
	p->ngroups = tests ? (size_t)cJSON_GetArraySize(tests) : 1;
	for (g = 0; g < p->ngroups; g++) {
		if (wb_config_defaults(&scratch, cmd))
			return -EINVAL;
		ret = wb_profile_apply(p, g, cmd, &scratch, err, err_len);
		if (!ret && g > 0)
			ret = check_run_wide(p, g, cmd, &first, &scratch, err, err_len);
		if (ret)
			return ret;
		if (g == 0)
			first = scratch;
	}
	return 0;
}

const char *wb_json_error_place(const char *text, const char *at, char *buf, size_t len)
{
	size_t line = 1, col = 1;

	if (!at || at < text || at > text + strlen(text)) {
		snprintf(buf, len, "an unknown place");
		return buf;
	}
	for (const char *p = text; p < at; p++, col++)
		if (*p == '\n') {
			line++;
			col = 0;
		}
	snprintf(buf, len, "line %zu, column %zu", line, col);
	return buf;
}

/* JSON's whitespace (RFC 8259), narrower than cJSON's (any byte up to 0x20):
 * a control character or a NUL after the document is junk too. */
static bool json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

cJSON *wb_json_parse(const char *text, size_t len, const char *path, char *err, size_t err_len)
{
	const char *end = NULL, *junk;
	char place[64];
	cJSON *doc;

	/* Not require_null_terminated: cJSON would call the junk a parse error,
	 * and the message could not say the document before it was whole. */
	doc = cJSON_ParseWithOpts(text, &end, false);
	if (!doc) {
		snprintf(err, err_len, "%s: not valid JSON at %s", path,
			 wb_json_error_place(text, end, place, sizeof(place)));
		return NULL;
	}
	for (junk = end; junk < text + len && json_space(*junk); junk++)
		;
	if (junk < text + len) {
		snprintf(err, err_len, "%s: not valid JSON: text after the document at %s", path,
			 wb_json_error_place(text, junk, place, sizeof(place)));
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
}

int wb_profile_load(const char *name_or_path, enum wb_command cmd, struct wb_profile *p,
		    char *err, size_t err_len)
{
	size_t len;
	char *text;
	int ret = 0;

	memset(p, 0, sizeof(*p));
	/* A name too long for p->path is cut, as it always was: the read then fails
	 * naming the cut path. */
	(void)wb_profile_path(name_or_path, p->path, sizeof(p->path));
	text = wb_read_file(p->path, WB_PROFILE_MAX, &len, &ret);
	if (!text) {
		snprintf(err, err_len, "%s: cannot read profile: %s", p->path, strerror(-ret));
		return ret;
	}
	p->json = wb_json_parse(text, len, p->path, err, err_len);
	free(text);
	if (!p->json) /* not a profile at all, as an unreadable file is not */
		return -EBADMSG;
	ret = validate(p, cmd, err, err_len);
	if (ret)
		wb_profile_free(p);
	return ret;
}

void wb_profile_free(struct wb_profile *p)
{
	cJSON_Delete(p->json);
	p->json = NULL;
	p->description = NULL;
}
