/* json_tests.c — one element of "tests" (and of placement_baseline.tests):
 * what the test did, its status and failure site, its rate, trials and
 * latency. Trap: the per-trial arrays are written as raw text, not cJSON
 * nodes, to keep a long run's memory flat. */
#include "report/json_parts.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/method.h"
#include "report/textbuf.h"

static void add_latency(cJSON *parent, enum wb_key key, const struct wb_histogram *h)
{
	cJSON *lat = cJSON_AddObjectToObject(parent, wb_key(key));

	if (!lat)
		return;
	cJSON_AddNumberToObject(lat, K(MEAN), h && h->count ? wb_hist_mean_ns(h) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, K(P50), h ? wb_hist_percentile(h, 50) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, K(P90), h ? wb_hist_percentile(h, 90) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, K(P99), h ? wb_hist_percentile(h, 99) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, K(P999), h ? wb_hist_percentile(h, 99.9) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, K(MAX), h ? wb_hist_percentile(h, 100) / 1e3 : 0);
}

/* JSON has no infinity: a CI that does not exist (one trial) is null. */
static void add_finite(cJSON *o, enum wb_key key, double v)
{
	if (isfinite(v))
		cJSON_AddNumberToObject(o, wb_key(key), v);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

/* One number as cJSON prints it: the shorter of 15 or 17 significant digits
 * that reads back as the same double; null for what JSON cannot hold. */
static void add_number(struct wb_textbuf *t, const char *sep, double v)
{
	char buf[32];

	if (!isfinite(v)) {
		wb_textbuf_add(t, "%snull", sep);
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	wb_textbuf_add(t, "%s%s", sep, buf);
}

/* A per-trial array (of d, or else of u) as one raw JSON value, written as
 * cJSON writes an array. A long run has thousands of trials, and a cJSON node
 * per number (about 80 bytes, all held until the file is printed) was most of
 * what made a run's peak RSS grow with its length (contrib/bench/rss.sh). */
static void add_trial_array(cJSON *o, enum wb_key key, const double *d, const uint32_t *u,
			    size_t n)
{
	struct wb_textbuf t = { 0 };
	size_t i;

	wb_textbuf_add(&t, "[");
	for (i = 0; i < n; i++) {
		if (u)
			wb_textbuf_add(&t, "%s%" PRIu32, i ? ", " : "", u[i]);
		else
			add_number(&t, i ? ", " : "", d[i]);
	}
	wb_textbuf_add(&t, "]");
	if (!t.failed)
		cJSON_AddRawToObject(o, wb_key(key), t.s);
	free(t.s);
}

/* Where an error happened: "failure": {"call", "offset", "op_index", "file"};
 * offset and op_index are null when they do not apply. */
static void add_failure_site(cJSON *o, const struct wb_failure_site *site)
{
	cJSON *f = cJSON_AddObjectToObject(o, K(FAILURE));

	if (!f)
		return;
	cJSON_AddStringToObject(f, K(CALL), site->call);
	if (site->offset >= 0)
		cJSON_AddNumberToObject(f, K(OFFSET), (double)site->offset);
	else
		cJSON_AddNullToObject(f, K(OFFSET));
	if (site->op_index >= 0)
		cJSON_AddNumberToObject(f, K(OP_INDEX), (double)site->op_index);
	else
		cJSON_AddNullToObject(f, K(OP_INDEX));
	cJSON_AddStringToObject(f, K(FILE), site->file);
}

/* "per_job": each job's flushes, bytes and, appending, segment switches and
 * where it stopped; summed over the test's counted trials. */
static void add_per_job(cJSON *o, const struct wb_result *r)
{
	cJSON *arr, *j;
	uint32_t i;

	if (!r->per_job || !(arr = cJSON_AddArrayToObject(o, K(PER_JOB))))
		return;
	for (i = 0; i < r->njobs; i++) {
		if (!(j = cJSON_CreateObject()))
			return;
		cJSON_AddItemToArray(arr, j);
		cJSON_AddNumberToObject(j, K(OPS), (double)r->per_job[i].ops);
		cJSON_AddNumberToObject(j, K(BYTES),
					(double)(r->per_job[i].ops * wb_flush_bytes(&r->test)));
		if (r->test.pattern == WB_PATTERN_APPEND) {
			cJSON_AddNumberToObject(j, K(SEGMENT_SWITCHES), (double)r->per_job[i].switches);
			cJSON_AddNumberToObject(j, K(SEGMENT_OFFSET), (double)r->per_job[i].segment_pos);
		}
	}
}

cJSON *wb_json_test(const struct wb_results *rs, const struct wb_result *r)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, K(METHOD), wb_method_get(r->test.method)->name);
	cJSON_AddStringToObject(o, K(ENGINE), wb_engine_name(r->test.engine));
	cJSON_AddNumberToObject(o, K(SIZE), r->test.size);
	cJSON_AddNumberToObject(o, K(WRITES_PER_OP), r->test.writes_per_op);
	cJSON_AddStringToObject(o, K(FD_MODE), wb_fd_mode_names[r->test.fd_mode]);
	cJSON_AddStringToObject(o, K(PATTERN), wb_pattern_name(r->test.pattern));
	cJSON_AddStringToObject(o, K(SHAPE), wb_shape_name(&r->test));
	if (rs->sites) {
		cJSON_AddStringToObject(o, K(WHERE), rs->sites[r->test.site].path);
		cJSON_AddBoolToObject(o, K(DATA_LOAD), r->test.data_load);
	}
	cJSON_AddStringToObject(o, K(FLUSH_FORM), wb_flush_form_names[r->test.flush_form]);
	if (r->test.flush_form == WB_FLUSH_COALESCED)
		cJSON_AddNumberToObject(o, K(WAL_BUFFERS), (double)r->test.wal_buffers);
	if (r->test.pattern == WB_PATTERN_APPEND) {
		cJSON_AddNumberToObject(o, K(SEGMENT_SIZE), (double)r->test.segment_size);
		cJSON_AddStringToObject(o, K(SEGMENT), wb_segment_mode_names[r->test.segment_mode]);
		if (r->test.segment_mode == WB_SEGMENT_PREALLOCATE && r->status == WB_STATUS_OK) {
			cJSON_AddStringToObject(o, K(PREALLOCATED_BY),
						r->fallocate_err ? "ftruncate" : "fallocate");
			if (r->fallocate_err && strerrorname_np(r->fallocate_err))
				cJSON_AddStringToObject(o, K(FALLOCATE_ERROR),
							strerrorname_np(r->fallocate_err));
		}
		cJSON_AddNumberToObject(o, K(SEGMENT_SWITCHES), (double)r->switches);
		if (r->switch_hist)
			add_latency(o, WB_KEY_SEGMENT_SWITCH_US, r->switch_hist);
	}
	cJSON_AddNumberToObject(o, K(QUEUE_DEPTH), r->test.queue_depth);
	cJSON_AddNumberToObject(o, K(JOBS), r->test.jobs);
	if (r->test.pattern == WB_PATTERN_GROUPCOMMIT) {
		cJSON_AddNumberToObject(o, K(COMMITTERS), r->test.committers);
		cJSON_AddNumberToObject(o, K(FLUSHES), (double)r->flushes);
		cJSON_AddNumberToObject(o, K(FLUSHES_PER_SEC), wb_result_flushes_per_sec(r));
		cJSON_AddNumberToObject(o, K(COMMITS_PER_FLUSH),
					r->flushes ? (double)r->ops / (double)r->flushes : 0.0);
	}
	if (r->test.label[0])
		cJSON_AddStringToObject(o, K(LABEL), r->test.label);
	cJSON_AddStringToObject(o, K(STATUS), wb_status_name(r->status));
	if (r->status != WB_STATUS_OK) {
		cJSON_AddStringToObject(o, K(REASON), r->reason);
		cJSON_AddNumberToObject(o, K(ERRNO), r->error);
		cJSON_AddBoolToObject(o, K(DURABILITY_FAILURE), r->durability_failure);
		if (r->error && strerrorname_np(r->error))
			cJSON_AddStringToObject(o, K(ERRNO_NAME), strerrorname_np(r->error));
	}
	if (r->status == WB_STATUS_ERROR)
		add_failure_site(o, &r->site);
	cJSON_AddNumberToObject(o, K(OPS), (double)r->ops);
	add_per_job(o, r);
	cJSON_AddNumberToObject(o, K(ELAPSED_S), (double)r->elapsed_ns / 1e9);
	cJSON_AddNumberToObject(o, K(OPS_PER_SEC), wb_result_ops_per_sec(r));
	cJSON_AddNumberToObject(o, K(TRIALS), (double)r->ntrials);
	add_finite(o, WB_KEY_CI95_PCT, r->stats.ci95_pct);
	cJSON_AddNumberToObject(o, K(CV_PCT), r->stats.cv_pct);
	cJSON_AddNumberToObject(o, K(OUTLIER_TRIALS), (double)r->stats.outliers);
	cJSON_AddBoolToObject(o, K(CONVERGED), r->converged);
	cJSON_AddBoolToObject(o, K(UNSTABLE), wb_result_unstable(rs, r));
	cJSON_AddNumberToObject(o, K(WARMUP_S), (double)r->warmup_ns / 1e9);
	cJSON_AddNumberToObject(o, K(TRANSIENT_TRIALS), (double)wb_result_transient_trials(r));
	cJSON_AddBoolToObject(o, K(DROPPED), r->dropped);
	cJSON_AddBoolToObject(o, K(SETTLED), r->settled);
	add_trial_array(o, WB_KEY_TRIAL_OPS_PER_SEC, r->trial_rates, NULL, r->ntrials);
	add_trial_array(o, WB_KEY_TRIAL_ROUND, NULL, r->trial_rounds, r->trial_rounds ? r->ntrials : 0);
	add_latency(o, WB_KEY_LATENCY_US, r->hist);
	return o;
}
