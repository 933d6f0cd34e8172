/* results_reader.c — a results JSON file back into struct wb_saved_results.
 * Trap: a string that does not fit its fixed-size field is refused, never cut:
 * two long labels cut to the same prefix would match tests that differ. */
#include "report/results_reader.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json.h"

/* Results files are written by walbench; this is far above the largest seen
 * (a qualify profile: a few hundred tests of a few hundred trials each). */
#define MAX_FILE_BYTES (256u << 20)

struct reader {
	const char *path;
	char *err;
	size_t err_len;
	char where[40];          /* "tests[12]": the object being read; "" at the top */
};

static int refuse(struct reader *rd, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "FILE: WHERE.KEY: message", and -EINVAL. */
static int refuse(struct reader *rd, const char *key, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(rd->err, rd->err_len, "%s: %s%s%s: ", rd->path, rd->where,
		     *rd->where && key ? "." : "", key ? key : "");
	if (n >= 0 && (size_t)n < rd->err_len) {
		va_start(ap, fmt);
		vsnprintf(rd->err + n, rd->err_len - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static const char *type_name(const cJSON *v)
{
	if (cJSON_IsString(v))
		return "a string";
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsBool(v))
		return "true/false";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsArray(v))
		return "an array";
	return "an object";
}

/* Reads the whole file; NULL with -errno in *ret. */
static char *slurp(const char *path, int *ret)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, len = 0, got;

	if (!f) {
		*ret = -errno;
		return NULL;
	}
	do {
		if (len + 1 >= cap) {
			char *bigger;

			cap = cap ? cap * 2 : 65536;
			if (cap > MAX_FILE_BYTES) {
				*ret = -EFBIG;
				goto fail;
			}
			bigger = realloc(buf, cap);
			if (!bigger) {
				*ret = -ENOMEM;
				goto fail;
			}
			buf = bigger;
		}
		got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		*ret = -EIO;
		goto fail;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

/* A string key into dst[cap]. Absent: def (NULL: required). */
static int get_string(struct reader *rd, const cJSON *obj, const char *key, char *dst, size_t cap,
		      const char *def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!v) {
		if (!def)
			return refuse(rd, key, "missing");
		snprintf(dst, cap, "%s", def);
		return 0;
	}
	if (!cJSON_IsString(v))
		return refuse(rd, key, "expected a string, got %s", type_name(v));
	if (strlen(v->valuestring) >= cap)
		return refuse(rd, key, "longer than %zu characters", cap - 1);
	memcpy(dst, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

/* A whole number >= 0. Absent: def, or refused when required. */
static int get_uint(struct reader *rd, const cJSON *obj, const char *key, uint64_t *dst,
		    bool required, uint64_t def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!v) {
		if (required)
			return refuse(rd, key, "missing");
		*dst = def;
		return 0;
	}
	if (!cJSON_IsNumber(v))
		return refuse(rd, key, "expected a whole number, got %s", type_name(v));
	if (!(v->valuedouble >= 0) || v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble > 9007199254740992.0)
		return refuse(rd, key, "expected a whole number, got %g", v->valuedouble);
	*dst = (uint64_t)v->valuedouble;
	return 0;
}

/* A finite number >= 0; absent or null leave *present false. */
static int get_rate(struct reader *rd, const cJSON *obj, const char *key, double *dst,
		    bool *present)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*present = false;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsNumber(v))
		return refuse(rd, key, "expected a number, got %s", type_name(v));
	if (!isfinite(v->valuedouble) || v->valuedouble < 0)
		return refuse(rd, key, "expected a number >= 0, got %g", v->valuedouble);
	*dst = v->valuedouble;
	*present = true;
	return 0;
}

static int get_bool(struct reader *rd, const cJSON *obj, const char *key, int *dst)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!v)
		return 0;
	if (!cJSON_IsBool(v))
		return refuse(rd, key, "expected true or false, got %s", type_name(v));
	*dst = cJSON_IsTrue(v);
	return 0;
}

static int read_trials(struct reader *rd, const cJSON *obj, struct wb_saved_test *t)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, "trial_ops_per_sec"), *v;
	size_t i = 0, n;

	if (!arr || cJSON_IsNull(arr))
		return 0;
	if (!cJSON_IsArray(arr))
		return refuse(rd, "trial_ops_per_sec", "expected an array, got %s", type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (!n)
		return 0;
	t->trial_rates = calloc(n, sizeof(*t->trial_rates));
	if (!t->trial_rates)
		return -ENOMEM;
	cJSON_ArrayForEach(v, arr) {
		if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < 0)
			return refuse(rd, "trial_ops_per_sec", "element %zu: expected a number >= 0, "
				      "got %s", i, type_name(v));
		t->trial_rates[i++] = v->valuedouble;
	}
	t->ntrials = n;
	return 0;
}

/* latency_us's figures besides p99; an absent or null one stays NAN. */
static int read_latency(struct reader *rd, const cJSON *lat, struct wb_saved_test *t)
{
	static const struct {
		const char *key;
		size_t offset;
	} keys[] = {
		{ "mean", offsetof(struct wb_saved_test, mean_us) },
		{ "p50", offsetof(struct wb_saved_test, p50_us) },
		{ "p90", offsetof(struct wb_saved_test, p90_us) },
		{ "p999", offsetof(struct wb_saved_test, p999_us) },
		{ "max", offsetof(struct wb_saved_test, max_us) },
	};
	size_t i;
	bool present;
	int ret;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		double *dst = (double *)((char *)t + keys[i].offset);

		if ((ret = get_rate(rd, lat, keys[i].key, dst, &present)))
			return ret;
		if (!present)
			*dst = NAN;
	}
	return 0;
}

/* One element of tests[]: the description that matches it, its status and its
 * figures. Keys an older schema lacks take what that version meant. */
static int read_test(struct reader *rd, const cJSON *obj, struct wb_saved_test *t)
{
	const cJSON *lat;
	int dl = -1, df = 0, ret;
	bool has_rate;

	if (!cJSON_IsObject(obj))
		return refuse(rd, NULL, "expected an object, got %s", type_name(obj));
	if ((ret = get_string(rd, obj, "method", t->method, sizeof(t->method), NULL)) ||
	    (ret = get_string(rd, obj, "engine", t->engine, sizeof(t->engine), NULL)) ||
	    (ret = get_string(rd, obj, "label", t->label, sizeof(t->label), "")) ||
	    (ret = get_uint(rd, obj, "size", &t->size, true, 0)) ||
	    (ret = get_uint(rd, obj, "writes_per_op", &t->writes_per_op, true, 0)) ||
	    (ret = get_string(rd, obj, "pattern", t->pattern, sizeof(t->pattern), "overwrite")) ||
	    (ret = get_uint(rd, obj, "queue_depth", &t->queue_depth, false, 1)) ||
	    (ret = get_uint(rd, obj, "jobs", &t->jobs, false, 1)) ||
	    (ret = get_uint(rd, obj, "committers", &t->committers, false, 0)) ||
	    (ret = get_string(rd, obj, "flush_form", t->flush_form, sizeof(t->flush_form),
			      "separate")) ||
	    (ret = get_uint(rd, obj, "wal_buffers", &t->wal_buffers, false, 0)) ||
	    (ret = get_string(rd, obj, "fd_mode", t->fd_mode, sizeof(t->fd_mode), "keep")) ||
	    (ret = get_string(rd, obj, "segment", t->segment, sizeof(t->segment), "")) ||
	    (ret = get_uint(rd, obj, "segment_size", &t->segment_size, false, 0)) ||
	    (ret = get_string(rd, obj, "where", t->where, sizeof(t->where), "")) ||
	    (ret = get_bool(rd, obj, "data_load", &dl)) ||
	    (ret = get_string(rd, obj, "status", t->status, sizeof(t->status), NULL)) ||
	    (ret = get_string(rd, obj, "reason", t->reason, sizeof(t->reason), "")) ||
	    (ret = get_bool(rd, obj, "durability_failure", &df)))
		return ret;
	t->data_load = dl;
	t->durability_failure = df == 1;
	t->mean_us = t->p50_us = t->p90_us = t->p999_us = t->max_us = NAN;
	if ((ret = get_string(rd, obj, "shape", t->shape, sizeof(t->shape), "")) ||
	    (ret = get_rate(rd, obj, "ci95_pct", &t->ci95_pct, &t->has_ci95)))
		return ret;
	if ((ret = get_rate(rd, obj, "ops_per_sec", &t->ops_per_sec, &has_rate)))
		return ret;
	/* An ok test without its rate is a file this reader does not understand;
	 * compare must not read it as 0 ops/s, a 100 % regression. */
	if (strcmp(t->status, "ok") == 0 && !has_rate)
		return refuse(rd, "ops_per_sec", "missing on a test whose status is ok");
	if ((ret = read_trials(rd, obj, t)))
		return ret;
	lat = cJSON_GetObjectItemCaseSensitive(obj, "latency_us");
	if (lat && !cJSON_IsNull(lat)) {
		size_t len = strlen(rd->where);

		if (!cJSON_IsObject(lat))
			return refuse(rd, "latency_us", "expected an object, got %s", type_name(lat));
		snprintf(rd->where + len, sizeof(rd->where) - len, ".latency_us");
		ret = get_rate(rd, lat, "p99", &t->p99_us, &t->has_p99);
		if (!ret)
			ret = read_latency(rd, lat, t);
		rd->where[len] = '\0';
		if (ret)
			return ret;
	}
	return 0;
}

static int read_host(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *host = cJSON_GetObjectItemCaseSensitive(root, "host"), *dev;
	uint64_t started;
	int ret;

	if (!host || cJSON_IsNull(host))
		return 0;
	if (!cJSON_IsObject(host))
		return refuse(rd, "host", "expected an object, got %s", type_name(host));
	snprintf(rd->where, sizeof(rd->where), "host");
	if ((ret = get_string(rd, host, "hostname", out->hostname, sizeof(out->hostname), "")) ||
	    (ret = get_string(rd, host, "kernel", out->kernel, sizeof(out->kernel), "")))
		return ret;
	/* Whole seconds, as walbench writes them: a number past int64_t is not a
	 * time, and converting it would be undefined behaviour. */
	if ((ret = get_uint(rd, host, "started_unix", &started, false, 0)))
		return ret;
	out->started_unix = (int64_t)started;
	dev = cJSON_GetObjectItemCaseSensitive(host, "device");
	if (dev && !cJSON_IsNull(dev)) {
		if (!cJSON_IsObject(dev))
			return refuse(rd, "device", "expected an object, got %s", type_name(dev));
		snprintf(rd->where, sizeof(rd->where), "host.device");
		if ((ret = get_string(rd, dev, "fs_type", out->fs_type, sizeof(out->fs_type), "")) ||
		    (ret = get_string(rd, dev, "block_device", out->block_device,
				      sizeof(out->block_device), "")))
			return ret;
	}
	rd->where[0] = '\0';
	return 0;
}

/* An optional object key: NULL when absent or null, refused when another type. */
static int get_object(struct reader *rd, const cJSON *obj, const char *key, const cJSON **dst)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*dst = NULL;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsObject(v))
		return refuse(rd, key, "expected an object, got %s", type_name(v));
	*dst = v;
	return 0;
}

/* The answers recommend and qualify add: what a fleet summary compares. */
static int read_verdicts(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *rec, *qual;
	int change = 0, ret;

	if ((ret = get_object(rd, root, "recommendation", &rec)) ||
	    (ret = get_object(rd, root, "qualification", &qual)))
		return ret;
	if (rec) {
		snprintf(rd->where, sizeof(rd->where), "recommendation");
		if ((ret = get_string(rd, rec, "wal_sync_method", out->recommended_method,
				      sizeof(out->recommended_method), "")) ||
		    (ret = get_bool(rd, rec, "change", &change)) ||
		    (ret = get_string(rd, rec, "headline", out->headline, sizeof(out->headline),
				      "")))
			return ret;
		out->has_recommendation = true;
		out->recommendation_change = change == 1;
	}
	if (qual) {
		snprintf(rd->where, sizeof(rd->where), "qualification");
		if ((ret = get_string(rd, qual, "tier", out->tier, sizeof(out->tier), "")) ||
		    (ret = get_string(rd, qual, "verdict", out->verdict, sizeof(out->verdict), "")))
			return ret;
		if (!*out->headline &&
		    (ret = get_string(rd, qual, "headline", out->headline, sizeof(out->headline),
				      "")))
			return ret;
		out->has_qualification = true;
	}
	rd->where[0] = '\0';
	return 0;
}

/* Everything but schema_version, which the caller judges first. */
static int read_body(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *tests, *config, *t;
	size_t i = 0;
	int partial = 0, ret;

	if ((ret = get_string(rd, root, "walbench_version", out->walbench_version,
			      sizeof(out->walbench_version), "")) ||
	    (ret = get_string(rd, root, "command", out->command, sizeof(out->command), "")) ||
	    (ret = get_bool(rd, root, "partial", &partial)) ||
	    (ret = read_host(rd, root, out)) ||
	    (ret = read_verdicts(rd, root, out)))
		return ret;
	out->partial = partial == 1;
	config = cJSON_GetObjectItemCaseSensitive(root, "config");
	if (config && !cJSON_IsNull(config)) {
		if (!cJSON_IsObject(config))
			return refuse(rd, "config", "expected an object, got %s", type_name(config));
		out->config_json = cJSON_PrintUnformatted(config);
		if (!out->config_json)
			return -ENOMEM;
	}
	tests = cJSON_GetObjectItemCaseSensitive(root, "tests");
	if (!tests)
		return refuse(rd, "tests", "missing: not a results file of walbench run");
	if (!cJSON_IsArray(tests))
		return refuse(rd, "tests", "expected an array, got %s", type_name(tests));
	out->ntests = (size_t)cJSON_GetArraySize(tests);
	if (out->ntests) {
		out->tests = calloc(out->ntests, sizeof(*out->tests));
		if (!out->tests) {
			out->ntests = 0;
			return -ENOMEM;
		}
	}
	cJSON_ArrayForEach(t, tests) {
		snprintf(rd->where, sizeof(rd->where), "tests[%zu]", i);
		if ((ret = read_test(rd, t, &out->tests[i])))
			return ret;
		i++;
	}
	rd->where[0] = '\0';
	return 0;
}

int wb_saved_read(const char *path, struct wb_saved_results *out, char *err, size_t err_len)
{
	return wb_saved_read_tree(path, out, NULL, err, err_len);
}

int wb_saved_read_tree(const char *path, struct wb_saved_results *out, struct cJSON **tree,
		       char *err, size_t err_len)
{
	struct reader rd = { .path = path, .err = err, .err_len = err_len };
	const cJSON *ver;
	cJSON *root = NULL;
	uint64_t v;
	char *text, inner[1024];
	int ret = 0;

	memset(out, 0, sizeof(*out));
	snprintf(out->path, sizeof(out->path), "%s", path);
	text = slurp(path, &ret);
	if (!text) {
		snprintf(err, err_len, "%s: cannot read: %s", path, strerror(-ret));
		return ret;
	}
	root = cJSON_Parse(text);
	if (!root) {
		const char *at = cJSON_GetErrorPtr();

		snprintf(err, err_len, "%s: not valid JSON (near byte %td)", path,
			 at && at >= text ? at - text : (ptrdiff_t)0);
		ret = -EINVAL;
		goto out;
	}
	if (!cJSON_IsObject(root)) {
		ret = refuse(&rd, NULL, "expected a JSON object at the top, got %s", type_name(root));
		goto out;
	}
	ver = cJSON_GetObjectItemCaseSensitive(root, "schema_version");
	if (!ver) {
		ret = refuse(&rd, "schema_version", "missing: not a results file of walbench run");
		goto out;
	}
	if ((ret = get_uint(&rd, root, "schema_version", &v, true, 0)))
		goto out;
	if (v < 1 || v > INT32_MAX) {
		ret = refuse(&rd, "schema_version", "%llu is not a schema version",
			     (unsigned long long)v);
		goto out;
	}
	out->schema_version = (int)v;
	if (v <= WB_SCHEMA_VERSION) {
		ret = read_body(&rd, root, out);
		goto out;
	}
	/* Newer than this walbench: keys may have been renamed or given a new
	 * meaning. Its tests are read when every key reads as this version's; a
	 * refusal says both what and why. */
	rd.err = inner;
	rd.err_len = sizeof(inner);
	ret = read_body(&rd, root, out);
	if (ret == -EINVAL)
		snprintf(err, err_len, "%s: schema_version %llu is newer than this walbench reads "
			 "(1 to %d), and its tests do not read as version %d's: %s", path,
			 (unsigned long long)v, WB_SCHEMA_VERSION, WB_SCHEMA_VERSION,
			 inner + strlen(path) + 2);
	else if (ret)
		snprintf(err, err_len, "%s: %s", path, strerror(-ret));
out:
	if (ret == -ENOMEM)
		snprintf(err, err_len, "%s: out of memory", path);
	if (tree && !ret)
		*tree = root;
	else
		cJSON_Delete(root);
	free(text);
	return ret;
}

void wb_saved_free(struct wb_saved_results *r)
{
	size_t i;

	for (i = 0; i < r->ntests; i++)
		free(r->tests[i].trial_rates);
	free(r->tests);
	free(r->config_json);
	r->tests = NULL;
	r->ntests = 0;
	r->config_json = NULL;
}
