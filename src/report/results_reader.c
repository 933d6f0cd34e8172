/* results_reader.c — the reader half of the results file (results/schema.h
 * names its keys, report/json.c writes them): the file, its schema version and
 * its tests into struct wb_saved_results; the host and the verdicts are read
 * by results_reader_host.c and results_reader_verdicts.c. */
#include "report/results_reader.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/results_reader_parts.h"

/* Results files are written by walbench; this is far above the largest seen
 * (a qualify profile: a few hundred tests of a few hundred trials each). */
#define MAX_FILE_BYTES (256u << 20)

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

static int read_trials(struct reader *rd, const cJSON *obj, struct wb_saved_test *t)
{
	const cJSON *arr = wb_rd_member(obj, WB_KEY_TRIAL_OPS_PER_SEC), *v;
	size_t i = 0, n;

	if (!arr || cJSON_IsNull(arr))
		return 0;
	if (!cJSON_IsArray(arr))
		return wb_rd_refuse(rd, wb_key(WB_KEY_TRIAL_OPS_PER_SEC), "expected an array, got %s",
				    wb_rd_type_name(arr));
	n = (size_t)cJSON_GetArraySize(arr);
	if (!n)
		return 0;
	t->trial_rates = calloc(n, sizeof(*t->trial_rates));
	if (!t->trial_rates)
		return -ENOMEM;
	cJSON_ArrayForEach(v, arr) {
		if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < 0)
			return wb_rd_refuse(rd, wb_key(WB_KEY_TRIAL_OPS_PER_SEC),
					    "element %zu: expected a number >= 0, got %s", i,
					    wb_rd_type_name(v));
		t->trial_rates[i++] = v->valuedouble;
	}
	t->ntrials = n;
	return 0;
}

/* latency_us's figures besides p99; an absent or null one stays NAN. */
static int read_latency(struct reader *rd, const cJSON *lat, struct wb_saved_test *t)
{
	static const struct {
		enum wb_key key;
		size_t offset;
	} keys[] = {
		{ WB_KEY_MEAN, offsetof(struct wb_saved_test, mean_us) },
		{ WB_KEY_P50, offsetof(struct wb_saved_test, p50_us) },
		{ WB_KEY_P90, offsetof(struct wb_saved_test, p90_us) },
		{ WB_KEY_P999, offsetof(struct wb_saved_test, p999_us) },
		{ WB_KEY_MAX, offsetof(struct wb_saved_test, max_us) },
	};
	size_t i;
	bool present;
	int ret;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		double *dst = (double *)((char *)t + keys[i].offset);

		if ((ret = wb_rd_get_rate(rd, lat, keys[i].key, dst, &present)))
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
		return wb_rd_refuse(rd, NULL, "expected an object, got %s", wb_rd_type_name(obj));
	if ((ret = wb_rd_get_string(rd, obj, WB_KEY_METHOD, t->method, sizeof(t->method), NULL)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_ENGINE, t->engine, sizeof(t->engine), NULL)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_LABEL, t->label, sizeof(t->label), "")) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_SIZE, &t->size, true, 0)) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_WRITES_PER_OP, &t->writes_per_op, true, 0)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_PATTERN, t->pattern, sizeof(t->pattern),
				    "overwrite")) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_QUEUE_DEPTH, &t->queue_depth, false, 1)) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_JOBS, &t->jobs, false, 1)) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_COMMITTERS, &t->committers, false, 0)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_FLUSH_FORM, t->flush_form,
				    sizeof(t->flush_form), "separate")) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_WAL_BUFFERS, &t->wal_buffers, false, 0)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_FD_MODE, t->fd_mode, sizeof(t->fd_mode),
				    "keep")) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_SEGMENT, t->segment, sizeof(t->segment), "")) ||
	    (ret = wb_rd_get_uint(rd, obj, WB_KEY_SEGMENT_SIZE, &t->segment_size, false, 0)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_PREALLOCATED_BY, t->preallocated_by,
				    sizeof(t->preallocated_by), "")) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_FALLOCATE_ERROR, t->fallocate_error,
				    sizeof(t->fallocate_error), "")) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_WHERE, t->where, sizeof(t->where), "")) ||
	    (ret = wb_rd_get_bool(rd, obj, WB_KEY_DATA_LOAD, &dl)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_STATUS, t->status, sizeof(t->status), NULL)) ||
	    (ret = wb_rd_get_string(rd, obj, WB_KEY_REASON, t->reason, sizeof(t->reason), "")) ||
	    (ret = wb_rd_get_bool(rd, obj, WB_KEY_DURABILITY_FAILURE, &df)))
		return ret;
	t->data_load = dl;
	t->durability_failure = df == 1;
	t->mean_us = t->p50_us = t->p90_us = t->p999_us = t->max_us = NAN;
	if ((ret = wb_rd_get_string(rd, obj, WB_KEY_SHAPE, t->shape, sizeof(t->shape), "")) ||
	    (ret = wb_rd_get_rate(rd, obj, WB_KEY_CI95_PCT, &t->ci95_pct, &t->has_ci95)))
		return ret;
	if ((ret = wb_rd_get_rate(rd, obj, WB_KEY_OPS_PER_SEC, &t->ops_per_sec, &has_rate)))
		return ret;
	/* An ok test without its rate is a file this reader does not understand;
	 * compare must not read it as 0 ops/s, a 100 % regression. */
	if (strcmp(t->status, "ok") == 0 && !has_rate)
		return wb_rd_refuse(rd, wb_key(WB_KEY_OPS_PER_SEC),
				    "missing on a test whose status is ok");
	if ((ret = read_trials(rd, obj, t)))
		return ret;
	lat = wb_rd_member(obj, WB_KEY_LATENCY_US);
	if (lat && !cJSON_IsNull(lat)) {
		size_t len = strlen(rd->where);

		if (!cJSON_IsObject(lat))
			return wb_rd_refuse(rd, wb_key(WB_KEY_LATENCY_US), "expected an object, got %s",
					    wb_rd_type_name(lat));
		snprintf(rd->where + len, sizeof(rd->where) - len, ".%s", wb_key(WB_KEY_LATENCY_US));
		ret = wb_rd_get_rate(rd, lat, WB_KEY_P99, &t->p99_us, &t->has_p99);
		if (!ret)
			ret = read_latency(rd, lat, t);
		rd->where[len] = '\0';
		if (ret)
			return ret;
	}
	return 0;
}

/* Everything but schema_version, which the caller judges first. */
static int read_body(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *tests, *config, *t;
	size_t i = 0;
	int partial = 0, ret;

	if ((ret = wb_rd_get_string(rd, root, WB_KEY_WALBENCH_VERSION, out->walbench_version,
				    sizeof(out->walbench_version), "")) ||
	    (ret = wb_rd_get_string(rd, root, WB_KEY_COMMAND, out->command, sizeof(out->command),
				    "")) ||
	    (ret = wb_rd_get_bool(rd, root, WB_KEY_PARTIAL, &partial)) ||
	    (ret = wb_rd_host(rd, root, out)) ||
	    (ret = wb_rd_verdicts(rd, root, out)) ||
	    (ret = wb_rd_observed(rd, root, out)) ||
	    (ret = wb_rd_shown_facts(rd, root, out)))
		return ret;
	out->partial = partial == 1;
	if ((ret = wb_rd_get_object(rd, root, WB_KEY_CONFIG, &config)))
		return ret;
	if (config) {
		out->config_json = cJSON_PrintUnformatted(config);
		if (!out->config_json)
			return -ENOMEM;
	}
	tests = wb_rd_member(root, WB_KEY_TESTS);
	/* observe measures nothing: its file is the observation alone. */
	if (!tests && out->observed && !strcmp(out->command, "observe"))
		return 0;
	if (!tests)
		return wb_rd_refuse(rd, wb_key(WB_KEY_TESTS),
				    "missing: not a results file of walbench run");
	if (!cJSON_IsArray(tests))
		return wb_rd_refuse(rd, wb_key(WB_KEY_TESTS), "expected an array, got %s",
				    wb_rd_type_name(tests));
	out->ntests = (size_t)cJSON_GetArraySize(tests);
	if (out->ntests) {
		out->tests = calloc(out->ntests, sizeof(*out->tests));
		if (!out->tests) {
			out->ntests = 0;
			return -ENOMEM;
		}
	}
	cJSON_ArrayForEach(t, tests) {
		snprintf(rd->where, sizeof(rd->where), "%s[%zu]", wb_key(WB_KEY_TESTS), i);
		if ((ret = read_test(rd, t, &out->tests[i])))
			return ret;
		i++;
	}
	rd->where[0] = '\0';
	return 0;
}

/* schema_version, judged before the rest: a newer file is read when its
 * keys read as this version's, and a refusal then says both what and why. */
static int read_root(struct reader *rd, const cJSON *root, char *err, size_t err_len)
{
	char inner[1024];
	uint64_t v;
	int ret;

	if (!cJSON_IsObject(root))
		return wb_rd_refuse(rd, NULL, "expected a JSON object at the top, got %s",
				    wb_rd_type_name(root));
	if (!wb_rd_member(root, WB_KEY_SCHEMA_VERSION))
		return wb_rd_refuse(rd, wb_key(WB_KEY_SCHEMA_VERSION),
				    "missing: not a results file of walbench run");
	if ((ret = wb_rd_get_uint(rd, root, WB_KEY_SCHEMA_VERSION, &v, true, 0)))
		return ret;
	if (v < 1 || v > INT32_MAX)
		return wb_rd_refuse(rd, wb_key(WB_KEY_SCHEMA_VERSION), "%llu is not a schema version",
				    (unsigned long long)v);
	rd->out->schema_version = (int)v;
	if (v <= WB_SCHEMA_VERSION)
		return read_body(rd, root, rd->out);
	/* Newer than this walbench: keys may have been renamed or given a new
	 * meaning. */
	rd->err = inner;
	rd->err_len = sizeof(inner);
	ret = read_body(rd, root, rd->out);
	if (ret == -EINVAL)
		snprintf(err, err_len, "%s: %s %llu is newer than this walbench reads "
			 "(1 to %d), and its tests do not read as version %d's: %s", rd->path,
			 wb_key(WB_KEY_SCHEMA_VERSION), (unsigned long long)v, WB_SCHEMA_VERSION, WB_SCHEMA_VERSION,
			 inner + strlen(rd->path) + 2);
	else if (ret)
		snprintf(err, err_len, "%s: %s", rd->path, strerror(-ret));
	return ret;
}

int wb_saved_parse(const char *text, const char *path, struct wb_saved_results *out, char *err,
		   size_t err_len)
{
	struct reader rd = { .path = path, .err = err, .err_len = err_len, .out = out };
	cJSON *root;
	int ret;

	memset(out, 0, sizeof(*out));
	snprintf(out->path, sizeof(out->path), "%s", path);
	root = cJSON_Parse(text);
	if (!root) {
		const char *at = cJSON_GetErrorPtr();

		snprintf(err, err_len, "%s: not valid JSON (near byte %td)", path,
			 at && at >= text ? at - text : (ptrdiff_t)0);
		return -EINVAL;
	}
	wb_rd_redact_words(root);
	ret = read_root(&rd, root, err, err_len);
	if (ret == -ENOMEM)
		snprintf(err, err_len, "%s: out of memory", path);
	cJSON_Delete(root);
	return ret;
}

int wb_saved_read(const char *path, struct wb_saved_results *out, char *err, size_t err_len)
{
	char *text;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	snprintf(out->path, sizeof(out->path), "%s", path);
	text = slurp(path, &ret);
	if (!text) {
		snprintf(err, err_len, "%s: cannot read: %s", path, strerror(-ret));
		return ret;
	}
	ret = wb_saved_parse(text, path, out, err, err_len);
	free(text);
	return ret;
}

void wb_saved_free(struct wb_saved_results *r)
{
	size_t i;

	for (i = 0; i < r->ntests; i++)
		free(r->tests[i].trial_rates);
	for (i = 0; i < r->nowned; i++)
		free(r->owned[i]);
	free(r->owned);
	free(r->tests);
	free(r->config_json);
	r->owned = NULL;
	r->nowned = r->owned_cap = 0;
	r->tests = NULL;
	r->ntests = 0;
	r->config_json = NULL;
}
