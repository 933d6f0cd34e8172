/* compare_json.c — compare's JSON file: both files' origins, the headline, the
 * gate and one object per matched pair, with the same figures the text prints.
 * Figures that do not exist are null, never 0: a missing interval is not an
 * interval of zero width. Every key is spelled by results/schema.h. */
#include "report/compare_text.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/version.h"
#include "report/atomic_file.h"
#include "report/json_parts.h"
#include "report/words.h"

static void add_num_or_null(cJSON *o, enum wb_key key, bool have, double v)
{
	if (have && isfinite(v))
		cJSON_AddNumberToObject(o, wb_key(key), v);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

static cJSON *source(const struct wb_saved_results *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, K(PATH), r->path);
	cJSON_AddNumberToObject(o, K(SCHEMA_VERSION), r->schema_version);
	cJSON_AddStringToObject(o, K(WALBENCH_VERSION), r->walbench_version);
	cJSON_AddStringToObject(o, K(HOSTNAME), r->hostname);
	cJSON_AddStringToObject(o, K(KERNEL), r->kernel);
	cJSON_AddStringToObject(o, K(FS_TYPE), r->fs_type);
	cJSON_AddStringToObject(o, K(BLOCK_DEVICE), r->block_device);
	cJSON_AddStringToObject(o, K(MOUNT_POINT), r->mount_point ? r->mount_point : "");
	add_num_or_null(o, WB_KEY_STARTED_UNIX, r->started_unix != 0, (double)r->started_unix);
	cJSON_AddNumberToObject(o, K(TESTS), (double)r->ntests);
	return o;
}

/* The keys a test is matched by, as results files spell them. */
static cJSON *description(const struct wb_saved_test *t)
{
	cJSON *o = cJSON_CreateObject();
	char name[WB_COMPARE_NAME_LEN];

	wb_compare_test_name(t, name, sizeof(name));
	cJSON_AddStringToObject(o, K(NAME), name);
	cJSON_AddStringToObject(o, K(METHOD), t->method);
	cJSON_AddStringToObject(o, K(ENGINE), t->engine);
	if (*t->label)
		cJSON_AddStringToObject(o, K(LABEL), t->label);
	cJSON_AddNumberToObject(o, K(SIZE), (double)t->size);
	cJSON_AddNumberToObject(o, K(WRITES_PER_OP), (double)t->writes_per_op);
	cJSON_AddStringToObject(o, K(PATTERN), t->pattern);
	cJSON_AddNumberToObject(o, K(QUEUE_DEPTH), (double)t->queue_depth);
	cJSON_AddNumberToObject(o, K(JOBS), (double)t->jobs);
	if (t->committers)
		cJSON_AddNumberToObject(o, K(COMMITTERS), (double)t->committers);
	cJSON_AddStringToObject(o, K(FLUSH_FORM), t->flush_form);
	if (t->wal_buffers)
		cJSON_AddNumberToObject(o, K(WAL_BUFFERS), (double)t->wal_buffers);
	cJSON_AddStringToObject(o, K(FD_MODE), t->fd_mode);
	if (*t->segment) {
		cJSON_AddStringToObject(o, K(SEGMENT), t->segment);
		cJSON_AddNumberToObject(o, K(SEGMENT_SIZE), (double)t->segment_size);
	}
	if (*t->where)
		cJSON_AddStringToObject(o, K(WHERE), t->where);
	if (t->data_load >= 0)
		cJSON_AddBoolToObject(o, K(DATA_LOAD), t->data_load == 1);
	return o;
}

/* A pair's side: the first file's test, or the run that failed it (its
 * ops_per_sec: ops over elapsed time, as the file has it); the rate the pair's
 * difference is of (the mean trial rate, over the side's runs), p99 and runs. */
static cJSON *side(const struct wb_compare_pair *p, bool a)
{
	const struct wb_saved_test *t = a ? p->a : p->b;
	cJSON *o = cJSON_CreateObject();
	bool ok = wb_saved_ok(t);

	cJSON_AddStringToObject(o, K(STATUS), t->status);
	if (*t->reason)
		cJSON_AddStringToObject(o, K(REASON), t->reason);
	if (!ok)
		cJSON_AddBoolToObject(o, K(DURABILITY_FAILURE), t->durability_failure);
	add_num_or_null(o, WB_KEY_OPS_PER_SEC, ok, t->ops_per_sec);
	add_num_or_null(o, WB_KEY_TRIAL_MEAN_OPS_PER_SEC, ok, a ? p->rate_a : p->rate_b);
	cJSON_AddNumberToObject(o, K(RUNS), (double)(a ? p->runs_a : p->runs_b));
	cJSON_AddNumberToObject(o, K(TRIALS), (double)t->ntrials);
	cJSON_AddBoolToObject(o, K(UNSTABLE), ok && (a ? p->unstable_a : p->unstable_b));
	add_num_or_null(o, WB_KEY_P99_US, p->has_p99, a ? p->p99_a_us : p->p99_b_us);
	return o;
}

static cJSON *pair(const struct wb_compare_pair *p)
{
	cJSON *o = description(p->a), *ci;
	bool figures = p->state <= WB_PAIR_NO_INTERVAL;

	cJSON_AddStringToObject(o, K(STATE), wb_pair_state_name(p->state));
	cJSON_AddItemToObject(o, K(A), side(p, true));
	cJSON_AddItemToObject(o, K(B), side(p, false));
	cJSON_AddBoolToObject(o, K(BETWEEN_RUNS), p->between_runs);
	add_num_or_null(o, WB_KEY_DIFF_PCT, figures, p->diff_pct);
	if (p->has_ci) {
		ci = cJSON_AddArrayToObject(o, K(CI95_PCT));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->cmp.ci95_low_pct));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->cmp.ci95_high_pct));
	} else {
		cJSON_AddNullToObject(o, K(CI95_PCT));
	}
	cJSON_AddBoolToObject(o, K(SIGNIFICANT), p->has_ci && p->cmp.significant);
	add_num_or_null(o, WB_KEY_P99_DIFF_PCT, p->has_p99, p->p99_diff_pct);
	cJSON_AddBoolToObject(o, K(REGRESSION), p->regression);
	cJSON_AddBoolToObject(o, K(UNSTABLE), p->unstable_a || p->unstable_b);
	cJSON_AddBoolToObject(o, K(INCONCLUSIVE), p->inconclusive);
	if (p->has_noise && isfinite(p->noise_low_pct) && isfinite(p->noise_high_pct)) {
		ci = cJSON_AddArrayToObject(o, K(NOISE_PCT));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->noise_low_pct));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(p->noise_high_pct));
	} else {
		cJSON_AddNullToObject(o, K(NOISE_PCT));
	}
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
	cJSON *arr = cJSON_AddArrayToObject(root, K(DIFFERS));
	unsigned f;

	for (f = 0; arr && f < WB_CMP_FACT_COUNT; f++)
		if (v->storage.differs & (1u << f))
			cJSON_AddItemToArray(arr, cJSON_CreateString(
							  wb_compare_fact_name((enum wb_compare_fact)f)));
	cJSON_AddBoolToObject(root, K(OTHER_STORAGE), v->storage.other.r != NULL);
	arr = cJSON_AddArrayToObject(root, K(DIFFERS_LINES));
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
	cJSON_AddStringToObject(root, K(WALBENCH_VERSION), WB_VERSION);
	cJSON_AddStringToObject(root, K(KIND), "compare");
	cJSON_AddItemToObject(root, K(A), source(a->runs));
	cJSON_AddItemToObject(root, K(B), source(b->runs));
	cJSON_AddItemToObject(root, K(A_RUNS), sources(a));
	cJSON_AddItemToObject(root, K(B_RUNS), sources(b));
	cJSON_AddBoolToObject(root, K(BETWEEN_RUNS), v->between_runs);
	storage(root, v);
	cJSON_AddStringToObject(root, K(HEADLINE), wb_compare_headline(v, headline, sizeof(headline)));
	if (v->gate) {
		gate = cJSON_AddObjectToObject(root, K(GATE));
		cJSON_AddNumberToObject(gate, K(FAIL_ON_REGRESSION_PCT), v->gate_pct);
		cJSON_AddBoolToObject(gate, K(FAILED), v->regression);
		cJSON_AddNumberToObject(gate, K(SLOWER), (double)v->gate_slower);
		cJSON_AddNumberToObject(gate, K(FAILED_IN_B), (double)v->gate_failed);
		cJSON_AddNumberToObject(gate, K(MISSING_IN_B), (double)v->gate_missing);
		cJSON_AddNumberToObject(gate, K(UNSTABLE), (double)v->gate_unstable);
		cJSON_AddNumberToObject(gate, K(INCONCLUSIVE), (double)v->gate_inconclusive);
	} else {
		cJSON_AddNullToObject(root, K(GATE));
	}
	cJSON_AddNumberToObject(root, K(REGRESSIONS), (double)v->regressions);
	cJSON_AddNumberToObject(root, K(TIE_WITHIN_PCT), v->margin_pct);
	sum = cJSON_AddObjectToObject(root, K(COUNTS));
	cJSON_AddNumberToObject(sum, K(MATCHED), (double)v->npairs);
	cJSON_AddNumberToObject(sum, K(SLOWER), (double)v->slower);
	cJSON_AddNumberToObject(sum, K(FASTER), (double)v->faster);
	cJSON_AddNumberToObject(sum, K(TIE), (double)v->ties);
	cJSON_AddNumberToObject(sum, K(UNCLEAR), (double)v->unclear);
	cJSON_AddNumberToObject(sum, K(NO_INTERVAL), (double)v->no_interval);
	cJSON_AddNumberToObject(sum, K(UNSTABLE), (double)v->unstable);
	cJSON_AddNumberToObject(sum, K(FAILED_IN_B), (double)v->failed_b);
	cJSON_AddNumberToObject(sum, K(FAILED_IN_A), (double)v->failed_a);
	cJSON_AddNumberToObject(sum, K(NOT_OK_IN_BOTH), (double)v->failed_both);
	cJSON_AddNumberToObject(sum, K(ONLY_IN_A), (double)v->nonly_a);
	cJSON_AddNumberToObject(sum, K(MISSING_IN_B), (double)v->nonly_a);
	cJSON_AddNumberToObject(sum, K(ONLY_IN_B), (double)v->nonly_b);
	arr = cJSON_AddArrayToObject(root, K(PAIRS));
	for (i = 0; i < v->npairs; i++)
		cJSON_AddItemToArray(arr, pair(&v->pairs[i]));
	arr = cJSON_AddArrayToObject(root, K(ONLY_IN_A));
	for (i = 0; i < v->nonly_a; i++) { /* missing in B: fails a gate, as one not run */
		cJSON *d = description(v->only_a[i]);

		cJSON_AddBoolToObject(d, K(MISSING_IN_B), true);
		cJSON_AddBoolToObject(d, K(REGRESSION), true);
		cJSON_AddItemToArray(arr, d);
	}
	arr = cJSON_AddArrayToObject(root, K(ONLY_IN_B));
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
