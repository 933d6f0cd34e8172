/* compare_json.c — compare's JSON file: both files' origins, the headline, the
 * gate and one object per matched pair, with the same figures the text prints.
 * Figures that do not exist are null, never 0: a missing interval is not an
 * interval of zero width. */
#include "report/compare_text.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/version.h"
#include "report/atomic_file.h"
#include "report/words.h"
#include "results/schema.h"

static void add_num_or_null(cJSON *o, const char *key, bool have, double v)
{
	if (have && isfinite(v))
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

static cJSON *source(const struct wb_saved_results *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "path", r->path);
	cJSON_AddNumberToObject(o, "schema_version", r->schema_version);
	cJSON_AddStringToObject(o, "walbench_version", r->walbench_version);
	cJSON_AddStringToObject(o, "hostname", r->hostname);
	cJSON_AddStringToObject(o, "kernel", r->kernel);
	cJSON_AddStringToObject(o, "fs_type", r->fs_type);
	cJSON_AddStringToObject(o, "block_device", r->block_device);
	cJSON_AddStringToObject(o, "mount_point", r->mount_point ? r->mount_point : "");
	add_num_or_null(o, "started_unix", r->started_unix != 0, (double)r->started_unix);
	cJSON_AddNumberToObject(o, "tests", (double)r->ntests);
	return o;
}

/* The keys a test is matched by, as results files spell them. */
static cJSON *description(const struct wb_saved_test *t)
{
	cJSON *o = cJSON_CreateObject();
	char name[WB_COMPARE_NAME_LEN];

	wb_compare_test_name(t, name, sizeof(name));
	cJSON_AddStringToObject(o, "name", name);
	cJSON_AddStringToObject(o, "method", t->method);
	cJSON_AddStringToObject(o, "engine", t->engine);
	if (*t->label)
		cJSON_AddStringToObject(o, "label", t->label);
	cJSON_AddNumberToObject(o, "size", (double)t->size);
	cJSON_AddNumberToObject(o, "writes_per_op", (double)t->writes_per_op);
	cJSON_AddStringToObject(o, "pattern", t->pattern);
	cJSON_AddNumberToObject(o, "queue_depth", (double)t->queue_depth);
	cJSON_AddNumberToObject(o, "jobs", (double)t->jobs);
	if (t->committers)
		cJSON_AddNumberToObject(o, "committers", (double)t->committers);
	cJSON_AddStringToObject(o, "flush_form", t->flush_form);
	if (t->wal_buffers)
		cJSON_AddNumberToObject(o, "wal_buffers", (double)t->wal_buffers);
	cJSON_AddStringToObject(o, "fd_mode", t->fd_mode);
	if (*t->segment) {
		cJSON_AddStringToObject(o, "segment", t->segment);
		cJSON_AddNumberToObject(o, "segment_size", (double)t->segment_size);
	}
	if (*t->where)
		cJSON_AddStringToObject(o, "where", t->where);
	if (t->data_load >= 0)
		cJSON_AddBoolToObject(o, "data_load", t->data_load == 1);
	return o;
}

/* One side of a pair: what its file said. */
/* A pair's side: the first file's test, or the run that failed it (its
 * ops_per_sec: ops over elapsed time, as the file has it); the rate the pair's
 * difference is of (the mean trial rate, over the side's runs), p99 and runs. */
static cJSON *side(const struct wb_compare_pair *p, bool a)
{
	const struct wb_saved_test *t = a ? p->a : p->b;
	cJSON *o = cJSON_CreateObject();
	bool ok = wb_saved_ok(t);

	cJSON_AddStringToObject(o, "status", t->status);
	if (*t->reason)
		cJSON_AddStringToObject(o, "reason", t->reason);
	if (!ok)
		cJSON_AddBoolToObject(o, "durability_failure", t->durability_failure);
	add_num_or_null(o, "ops_per_sec", ok, t->ops_per_sec);
	add_num_or_null(o, wb_key(WB_KEY_TRIAL_MEAN_OPS_PER_SEC), ok, a ? p->rate_a : p->rate_b);
	cJSON_AddNumberToObject(o, "runs", (double)(a ? p->runs_a : p->runs_b));
	cJSON_AddNumberToObject(o, "trials", (double)t->ntrials);
	cJSON_AddBoolToObject(o, "unstable", ok && (a ? p->unstable_a : p->unstable_b));
	add_num_or_null(o, "p99_us", p->has_p99, a ? p->p99_a_us : p->p99_b_us);
	return o;
}

static cJSON *pair(const struct wb_compare_pair *p)
{
	cJSON *o = description(p->a), *ci;
	bool figures = p->state <= WB_PAIR_NO_INTERVAL;

	cJSON_AddStringToObject(o, "state", wb_pair_state_name(p->state));
	cJSON_AddItemToObject(o, "a", side(p, true));
	cJSON_AddItemToObject(o, "b", side(p, false));
	cJSON_AddBoolToObject(o, "between_runs", p->between_runs);
	add_num_or_null(o, "diff_pct", figures, p->diff_pct);
	if (p->has_ci) {
		ci = cJSON_AddArrayToObject(o, "ci95_pct");
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->cmp.ci95_low_pct));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->cmp.ci95_high_pct));
	} else {
		cJSON_AddNullToObject(o, "ci95_pct");
	}
	cJSON_AddBoolToObject(o, "significant", p->has_ci && p->cmp.significant);
	add_num_or_null(o, "p99_diff_pct", p->has_p99, p->p99_diff_pct);
	cJSON_AddBoolToObject(o, "regression", p->regression);
	cJSON_AddBoolToObject(o, "unstable", p->unstable_a || p->unstable_b);
	return o;
}

static cJSON *sources(const struct wb_compare_side *s)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; arr && i < s->n; i++)
		cJSON_AddItemToArray(arr, source(&s->runs[i]));
	return arr;
}

/* What differs between the files' hosts and storage: differs[] (every fact
 * that differs in some file against A's first), other_storage (a fact but the
 * kernel), and the text's lines. */
static void storage(cJSON *root, const struct wb_compare_verdict *v)
{
	char line[WB_COMPARE_STORAGE_LEN];
	cJSON *arr = cJSON_AddArrayToObject(root, "differs");
	unsigned f;

	for (f = 0; arr && f < WB_CMP_FACT_COUNT; f++)
		if (v->storage.differs & (1u << f))
			cJSON_AddItemToArray(arr, cJSON_CreateString(
							  wb_compare_fact_name((enum wb_compare_fact)f)));
	cJSON_AddBoolToObject(root, "other_storage", v->storage.other.r != NULL);
	arr = cJSON_AddArrayToObject(root, "differs_lines");
	if (arr && *wb_compare_storage_words(v, line, sizeof(line)))
		cJSON_AddItemToArray(arr, cJSON_CreateString(line));
	if (arr && *wb_compare_kernel_words(v, line, sizeof(line)))
		cJSON_AddItemToArray(arr, cJSON_CreateString(line));
}

char *wb_compare_json_render(const struct wb_compare_side *a, const struct wb_compare_side *b,
			     const struct wb_compare_verdict *v)
{
	cJSON *root = cJSON_CreateObject(), *arr, *gate, *sum;
	char headline[WB_COMPARE_HEADLINE_LEN], *text;
	size_t i;

	if (!root)
		return NULL;
	cJSON_AddStringToObject(root, "walbench_version", WB_VERSION);
	cJSON_AddStringToObject(root, "kind", "compare");
	cJSON_AddItemToObject(root, "a", source(a->runs));
	cJSON_AddItemToObject(root, "b", source(b->runs));
	cJSON_AddItemToObject(root, "a_runs", sources(a));
	cJSON_AddItemToObject(root, "b_runs", sources(b));
	cJSON_AddBoolToObject(root, "between_runs", v->between_runs);
	storage(root, v);
	cJSON_AddStringToObject(root, "headline", wb_compare_headline(v, headline, sizeof(headline)));
	if (v->gate) {
		gate = cJSON_AddObjectToObject(root, "gate");
		cJSON_AddNumberToObject(gate, "fail_on_regression_pct", v->gate_pct);
		cJSON_AddBoolToObject(gate, "failed", v->regression);
		cJSON_AddNumberToObject(gate, "slower", (double)v->gate_slower);
		cJSON_AddNumberToObject(gate, "failed_in_b", (double)v->gate_failed);
		cJSON_AddNumberToObject(gate, "missing_in_b", (double)v->gate_missing);
		cJSON_AddNumberToObject(gate, "unstable", (double)v->gate_unstable);
	} else {
		cJSON_AddNullToObject(root, "gate");
	}
	cJSON_AddNumberToObject(root, "regressions", (double)v->regressions);
	cJSON_AddNumberToObject(root, "tie_within_pct", v->margin_pct);
	sum = cJSON_AddObjectToObject(root, "counts");
	cJSON_AddNumberToObject(sum, "matched", (double)v->npairs);
	cJSON_AddNumberToObject(sum, "slower", (double)v->slower);
	cJSON_AddNumberToObject(sum, "faster", (double)v->faster);
	cJSON_AddNumberToObject(sum, "tie", (double)v->ties);
	cJSON_AddNumberToObject(sum, "unclear", (double)v->unclear);
	cJSON_AddNumberToObject(sum, "no_interval", (double)v->no_interval);
	cJSON_AddNumberToObject(sum, "unstable", (double)v->unstable);
	cJSON_AddNumberToObject(sum, "failed_in_b", (double)v->failed_b);
	cJSON_AddNumberToObject(sum, "failed_in_a", (double)v->failed_a);
	cJSON_AddNumberToObject(sum, "not_ok_in_both", (double)v->failed_both);
	cJSON_AddNumberToObject(sum, "only_in_a", (double)v->nonly_a);
	cJSON_AddNumberToObject(sum, "missing_in_b", (double)v->nonly_a);
	cJSON_AddNumberToObject(sum, "only_in_b", (double)v->nonly_b);
	arr = cJSON_AddArrayToObject(root, "pairs");
	for (i = 0; i < v->npairs; i++)
		cJSON_AddItemToArray(arr, pair(&v->pairs[i]));
	arr = cJSON_AddArrayToObject(root, "only_in_a");
	for (i = 0; i < v->nonly_a; i++) { /* missing in B: fails a gate, as one not run */
		cJSON *d = description(v->only_a[i]);

		cJSON_AddBoolToObject(d, "missing_in_b", true);
		cJSON_AddBoolToObject(d, "regression", true);
		cJSON_AddItemToArray(arr, d);
	}
	arr = cJSON_AddArrayToObject(root, "only_in_b");
	for (i = 0; i < v->nonly_b; i++)
		cJSON_AddItemToArray(arr, description(v->only_b[i]));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	return text;
}

int wb_compare_json_write(const char *path, const struct wb_compare_side *a,
			  const struct wb_compare_side *b, const struct wb_compare_verdict *v,
			  const char **why)
{
	return wb_write_rendered(path, wb_compare_json_render(a, b, v), "rendering the JSON", why);
}
