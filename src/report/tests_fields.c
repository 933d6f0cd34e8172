/* tests_fields.c — one element of "tests" (and of placement_baseline.tests)
 * as a table of fields over results/saved.h's struct wb_saved_test, walked by
 * fields.h's one writer and one reader: what the test did, its status and
 * failure site, its rate, trials and latency. The writer first fills that
 * struct from the measured result, in the file's units. Traps: the keys the
 * reports read (the description, status, rate, CI, latency) are read strictly
 * (a wrong type refuses the file, as compare must not match on a guess); the
 * per-trial arrays are tests_trials.c's. */
#include "report/tests_fields.h"

#include "report/fields_cells.h"
#include "report/json_parts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/method.h"
#include "results/stats.h"

#define TS(m) offsetof(struct wb_saved_test, m)
#define LT(m) offsetof(struct wb_saved_latency, m)
#define JB(m) offsetof(struct wb_saved_job, m)

/* The CSV column (its name when not the key, a double's decimals), the
 * Prometheus family (tests_fields.h) and its quantile. */
#define CSV(col, name, decimals) .csv = col, .csv_name = name, .prec = decimals
#define COL(col) .csv = col
#define PROM(family, q) .prom = WB_PROM_##family, .quantile = q
/* The Prometheus label's place, its name where not the key. */
#define LABEL(at, name) .label = at, .label_name = name

#define STRICT .flags = WB_FF_STRICT
#define NEEDED .flags = WB_FF_STRICT | WB_FF_REQUIRED
#define NAME(k, m, ...) WB_FIELD(k, STRING, TS(m), .size = sizeof(((struct wb_saved_test *)0)->m), \
				 __VA_ARGS__)

/* data_load: true or false; read back as 1 or 0, and -1 where the file has none. */
static void write_data_load(cJSON *o, enum wb_key key, const void *base)
{
	cJSON_AddBoolToObject(o, wb_key(key), ((const struct wb_saved_test *)base)->data_load == 1);
}

static int read_data_load(struct reader *rd, const cJSON *v, void *base)
{
	if (v && !cJSON_IsBool(v))
		return wb_rd_refuse(rd, wb_key(WB_KEY_DATA_LOAD), "expected true or false, got %s",
				    wb_json_type_name(v));
	if (v)
		((struct wb_saved_test *)base)->data_load = cJSON_IsTrue(v);
	return v ? 0 : 1;
}

static const char *data_load_word(const void *base)
{
	return ((const struct wb_saved_test *)base)->data_load == 1 ? "true" : "false";
}

/* latency_us, in microseconds: the reports' figures, read strictly. */
static const struct wb_field latency_rows[] = {
	WB_FIELD(MEAN, DOUBLE, TS(mean_us), .unit = "us", STRICT, CSV(21, "mean_us", 3)),
	WB_FIELD(P50, DOUBLE, TS(p50_us), .unit = "us", STRICT, CSV(22, "p50_us", 3),
		 PROM(LATENCY, "0.5")),
	WB_FIELD(P90, DOUBLE, TS(p90_us), .unit = "us", STRICT, CSV(23, "p90_us", 3),
		 PROM(LATENCY, "0.9")),
	WB_FIELD(P99, DOUBLE, TS(p99_us), .unit = "us", STRICT, .null_unless = WB_F_IF(TS(has_p99)),
		 CSV(24, "p99_us", 3), PROM(LATENCY, "0.99")),
	WB_FIELD(P999, DOUBLE, TS(p999_us), .unit = "us", STRICT, CSV(25, "p999_us", 3),
		 PROM(LATENCY, "0.999")),
	WB_FIELD(MAX, DOUBLE, TS(max_us), .unit = "us", STRICT, CSV(26, "max_us", 3)),
};
static const struct wb_fields latency_table = WB_FIELDS(latency_rows, NULL);

/* segment_switch_us: each new segment's time, shown only. */
static const struct wb_field switch_rows[] = {
	WB_FIELD(MEAN, DOUBLE, LT(mean), .unit = "us"),
	WB_FIELD(P50, DOUBLE, LT(p50), .unit = "us", CSV(29, "segment_switch_p50_us", 3)),
	WB_FIELD(P90, DOUBLE, LT(p90), .unit = "us"),
	WB_FIELD(P99, DOUBLE, LT(p99), .unit = "us"),
	WB_FIELD(P999, DOUBLE, LT(p999), .unit = "us"),
	WB_FIELD(MAX, DOUBLE, LT(max), .unit = "us", CSV(30, "segment_switch_max_us", 3)),
};
static const struct wb_fields switch_table = WB_FIELDS(switch_rows, NULL);

/* failure: where an error happened; offset and op_index null when they do not apply. */
static const struct wb_field failure_rows[] = {
	WB_FIELD(CALL, TEXT, TS(failure_call), CSV(33, "failure_call", 0)),
	WB_FIELD(OFFSET, DOUBLE, TS(failure_offset), .unit = "B",
		 .null_unless = WB_F_IF(TS(has_offset)), CSV(34, "failure_offset", 0)),
	WB_FIELD(OP_INDEX, DOUBLE, TS(failure_op_index), .null_unless = WB_F_IF(TS(has_op_index)),
		 CSV(35, "failure_op_index", 0)),
	WB_FIELD(FILE, TEXT, TS(failure_file), CSV(36, "failure_file", 0)),
};
static const struct wb_fields failure_table = WB_FIELDS(failure_rows, NULL);

/* per_job: each job's flushes, bytes and, appending, segment switches and
 * where it stopped; summed over the test's counted trials. */
static const struct wb_field job_rows[] = {
	WB_FIELD(OPS, DOUBLE, JB(ops)),
	WB_FIELD(BYTES, DOUBLE, JB(bytes), .unit = "B"),
	WB_FIELD(SEGMENT_SWITCHES, DOUBLE, JB(segment_switches), .omit_unless = WB_F_IF(JB(append))),
	WB_FIELD(SEGMENT_OFFSET, DOUBLE, JB(segment_offset), .unit = "B",
		 .omit_unless = WB_F_IF(JB(append))),
};
static const struct wb_fields job_table = WB_FIELDS(job_rows, NULL);

#define APPEND .omit_unless = WB_F_IF(TS(append))
#define GROUP .omit_unless = WB_F_IF(TS(group_commit))
#define NOT_OK .omit_unless = WB_F_IF(TS(not_ok))

/* An ok test without its rate is a file this reader does not understand;
 * compare must not read it as 0 ops/s, a 100 % regression. A file before
 * schema 25 has no trial mean: it is the mean of the trials the file has, as
 * the run computed its ci95_pct over them. An ok test with no trials (a file
 * before schema 2, or an empty trial array) ran as one trial, the whole test:
 * its mean is ops_per_sec, as wb_result_trial_mean says of a run's result, so
 * the CSV and Prometheus rows that carry the mean have one for it too. */
static int check_test(struct reader *rd, void *base)
{
	struct wb_saved_test *t = base;

	if (wb_saved_ok(t) && !t->has_rate)
		return wb_rd_refuse(rd, wb_key(WB_KEY_OPS_PER_SEC),
				    "missing on a test whose status is ok");
	if (wb_saved_ok(t) && !t->has_trial_mean) {
		t->trial_mean_ops_per_sec = t->trial_rates && t->ntrials
					    ? wb_mean_range(t->trial_rates, 0, t->ntrials)
					    : t->ops_per_sec;
		t->has_trial_mean = true;
	}
	return 0;
}

static const struct wb_field test_rows[] = {
	NAME(METHOD, method, NEEDED, COL(1), LABEL(1, NULL)),
	NAME(ENGINE, engine, NEEDED, COL(2), LABEL(2, NULL)),
	WB_FIELD(SIZE, U64, TS(size), .unit = "B", NEEDED, COL(6), LABEL(3, NULL)),
	WB_FIELD(WRITES_PER_OP, U64, TS(writes_per_op), NEEDED, COL(7), LABEL(4, "writes")),
	NAME(FD_MODE, fd_mode, STRICT),
	NAME(PATTERN, pattern, STRICT, COL(4), LABEL(5, NULL)),
	NAME(SHAPE, shape, STRICT, COL(5)),
	NAME(WHERE, where, STRICT, .omit_unless = WB_F_IF(TS(has_sites)), LABEL(9, NULL)),
	{ .key = WB_KEY_DATA_LOAD, .type = WB_F_CUSTOM, .write = write_data_load,
	  .read = read_data_load, .word = data_load_word, .omit_unless = WB_F_IF(TS(has_sites)),
	  LABEL(10, NULL) },
	NAME(FLUSH_FORM, flush_form, STRICT, COL(31)),
	WB_FIELD(WAL_BUFFERS, U64, TS(wal_buffers), .unit = "B", STRICT,
		 .omit_unless = WB_F_IF(TS(coalesced))),
	WB_FIELD(SEGMENT_SIZE, U64, TS(segment_size), .unit = "B", STRICT, APPEND),
	NAME(SEGMENT, segment, STRICT, APPEND),
	NAME(PREALLOCATED_BY, preallocated_by, STRICT, .omit_unless = WB_F_IF(TS(preallocated))),
	NAME(FALLOCATE_ERROR, fallocate_error, STRICT,
	     .omit_unless = WB_F_IF(TS(has_fallocate_error))),
	WB_FIELD(SEGMENT_SWITCHES, DOUBLE, TS(segment_switches), APPEND, COL(28)),
	WB_FIELD(SEGMENT_SWITCH_US, OBJECT, TS(switch_us), .sub = &switch_table,
		 .omit_unless = WB_F_IF(TS(has_switch_us))),
	WB_FIELD(QUEUE_DEPTH, U64, TS(queue_depth), STRICT, COL(8)),
	WB_FIELD(JOBS, U64, TS(jobs), STRICT, COL(9)),
	WB_FIELD(COMMITTERS, U64, TS(committers), STRICT, GROUP, COL(10)),
	WB_FIELD(FLUSHES, DOUBLE, TS(flushes), GROUP, COL(27)),
	WB_FIELD(FLUSHES_PER_SEC, DOUBLE, TS(flushes_per_sec), .unit = "1/s", GROUP),
	WB_FIELD(COMMITS_PER_FLUSH, DOUBLE, TS(commits_per_flush), GROUP),
	NAME(LABEL, label, .flags = WB_FF_STRICT | WB_FF_LABEL_KEPT,
	     .omit_unless = WB_F_IF(TS(has_label)), CSV(3, "variant", 0), LABEL(7, NULL)),
	NAME(STATUS, status, NEEDED, COL(11), PROM(STATUS, NULL)),
	NAME(REASON, reason, STRICT, NOT_OK, COL(12)),
	WB_FIELD(ERRNO, UINT, TS(error), NOT_OK),
	WB_FIELD(DURABILITY_FAILURE, BOOL, TS(durability_failure), STRICT, NOT_OK),
	WB_FIELD(ERRNO_NAME, TEXT, TS(errno_name), .omit_unless = WB_F_IF(TS(has_errno_name)),
		 COL(32)),
	WB_FIELD(FAILURE, OBJECT, 0, .sub = &failure_table, .omit_unless = WB_F_IF(TS(has_failure))),
	WB_FIELD(OPS, DOUBLE, TS(ops), COL(13)),
	WB_FIELD(PER_JOB, ARRAY, TS(per_job), .size = sizeof(struct wb_saved_job),
		 .count = TS(njobs), .sub = &job_table, .omit_unless = WB_F_IF(TS(has_per_job))),
	WB_FIELD(ELAPSED_S, DOUBLE, TS(elapsed_s), .unit = "s", CSV(14, NULL, 6)),
	WB_FIELD(OPS_PER_SEC, DOUBLE, TS(ops_per_sec), .unit = "1/s", STRICT,
		 .null_unless = WB_F_IF(TS(has_rate)), CSV(15, NULL, 3)),
	WB_FIELD(TRIAL_MEAN_OPS_PER_SEC, DOUBLE, TS(trial_mean_ops_per_sec), .unit = "1/s", STRICT,
		 .null_unless = WB_F_IF(TS(has_trial_mean)), CSV(37, NULL, 3), PROM(OPS, NULL)),
	WB_FIELD(TRIALS, DOUBLE, TS(trials), COL(18)),
	WB_FIELD(CI95_PCT, DOUBLE, TS(ci95_pct), .unit = "%", STRICT,
		 .null_unless = WB_F_IF(TS(has_ci95)), CSV(16, NULL, 3), PROM(CI95, NULL)),
	WB_FIELD(CV_PCT, DOUBLE, TS(cv_pct), .unit = "%", CSV(17, NULL, 3)),
	WB_FIELD(OUTLIER_TRIALS, DOUBLE, TS(outlier_trials)),
	WB_FIELD(CONVERGED, BOOL, TS(converged), COL(19)),
	WB_FIELD(UNSTABLE, BOOL, TS(unstable), COL(20)),
	WB_FIELD(WARMUP_S, DOUBLE, TS(warmup_s), .unit = "s"),
	WB_FIELD(TRANSIENT_TRIALS, DOUBLE, TS(transient_trials)),
	WB_FIELD(DROPPED, BOOL, TS(dropped)),
	WB_FIELD(SETTLED, BOOL, TS(settled)),
	{ .key = WB_KEY_TRIAL_OPS_PER_SEC, .type = WB_F_CUSTOM, .unit = "1/s",
	  .write = wb_write_trial_rates, .read = wb_read_trial_rates },
	{ .key = WB_KEY_TRIAL_ROUND, .type = WB_F_CUSTOM, .write = wb_write_trial_rounds,
	  .read = wb_read_trial_rounds },
	WB_FIELD(LATENCY_US, OBJECT, 0, .sub = &latency_table, STRICT),
	/* the Prometheus labels the file has not */
	{ .key = WB_F_NO_KEY, .type = WB_F_U64, .offset = TS(concurrency), .flags = WB_FF_LINES,
	  LABEL(6, "concurrency") },
	WB_FIELD(DEVICE, TEXT, TS(device), .flags = WB_FF_LINES, LABEL(8, NULL)),
};
const struct wb_fields wb_test_fields = WB_FIELDS(test_rows, check_test);

/* A latency summary in microseconds; zeros without a histogram. */
static struct wb_saved_latency saved_latency(const struct wb_histogram *h)
{
	if (!h)
		return (struct wb_saved_latency){ 0 };
	return (struct wb_saved_latency){
		h->count ? wb_hist_mean_ns(h) / 1e3 : 0, wb_hist_percentile(h, 50) / 1e3,
		wb_hist_percentile(h, 90) / 1e3, wb_hist_percentile(h, 99) / 1e3,
		wb_hist_percentile(h, 99.9) / 1e3, wb_hist_percentile(h, 100) / 1e3,
	};
}

/* The errno's name ("EIO"); NULL for none or one the C library cannot name. */
static const char *errno_name(int e)
{
	return e ? strerrorname_np(e) : NULL;
}

void wb_saved_test_of(const struct wb_results *rs, const struct wb_result *r,
		      struct wb_saved_test *t, struct wb_saved_job *jobs)
{
	const struct wb_test *x = &r->test;
	struct wb_saved_latency lat = saved_latency(r->hist);
	bool append = x->pattern == WB_PATTERN_APPEND;
	uint32_t i;

	*t = (struct wb_saved_test){
		.size = x->size, .writes_per_op = x->writes_per_op, .queue_depth = x->queue_depth,
		.jobs = x->jobs, .committers = x->pattern == WB_PATTERN_GROUPCOMMIT ? x->committers : 0,
		.wal_buffers = x->wal_buffers, .segment_size = x->segment_size,
		.data_load = x->data_load, .durability_failure = r->durability_failure,
		.ops_per_sec = wb_result_ops_per_sec(r), .has_rate = true,
		.trial_mean_ops_per_sec = wb_result_trial_mean(r),
		.has_trial_mean = r->status == WB_STATUS_OK && r->ntrials > 0,
		.trial_rates = r->trial_rates, .ntrials = r->ntrials,
		.trial_rounds = r->trial_rounds, .nrounds = r->trial_rounds ? r->ntrials : 0,
		.mean_us = lat.mean, .p50_us = lat.p50, .p90_us = lat.p90, .p99_us = lat.p99,
		.has_p99 = true, .p999_us = lat.p999, .max_us = lat.max,
		.ci95_pct = r->stats.ci95_pct, .has_ci95 = isfinite(r->stats.ci95_pct),
		.has_sites = rs->sites != NULL, .coalesced = x->flush_form == WB_FLUSH_COALESCED,
		.append = append,
		.preallocated = append && x->segment_mode == WB_SEGMENT_PREALLOCATE &&
				r->status == WB_STATUS_OK,
		.has_switch_us = append && r->switch_hist,
		.group_commit = x->pattern == WB_PATTERN_GROUPCOMMIT,
		.has_label = x->label[0] != '\0', .not_ok = r->status != WB_STATUS_OK,
		.has_failure = r->status == WB_STATUS_ERROR, .has_offset = r->site.offset >= 0,
		.has_op_index = r->site.op_index >= 0, .has_per_job = r->per_job && jobs,
		.segment_switches = (double)r->switches, .switch_us = saved_latency(r->switch_hist),
		.flushes = (double)r->flushes, .flushes_per_sec = wb_result_flushes_per_sec(r),
		.commits_per_flush = r->flushes ? (double)r->ops / (double)r->flushes : 0.0,
		.error = (unsigned)r->error, .errno_name = errno_name(r->error),
		.failure_call = r->site.call, .failure_file = r->site.file,
		.failure_offset = (double)r->site.offset, .failure_op_index = (double)r->site.op_index,
		.ops = (double)r->ops, .elapsed_s = (double)r->elapsed_ns / 1e9,
		.trials = (double)r->ntrials, .cv_pct = r->stats.cv_pct,
		.outlier_trials = (double)r->stats.outliers, .converged = r->converged,
		.unstable = wb_result_unstable(rs, r), .warmup_s = (double)r->warmup_ns / 1e9,
		.transient_trials = (double)wb_result_transient_trials(r), .dropped = r->dropped,
		.settled = r->settled, .per_job = jobs, .njobs = r->per_job && jobs ? r->njobs : 0,
		.has_hist = r->hist != NULL,
		.concurrency = x->pattern == WB_PATTERN_GROUPCOMMIT ? x->committers
								    : x->queue_depth * x->jobs,
	};
	t->device = rs->sites ? rs->sites[x->site].device.block_name : rs->device.block_name;
	t->device = t->device[0] ? t->device : rs->device.fs_type;
	t->has_errno_name = t->not_ok && t->errno_name;
	t->errno_name = t->has_errno_name ? t->errno_name : NULL;
	t->has_fallocate_error = t->preallocated && errno_name(r->fallocate_err);
	snprintf(t->method, sizeof(t->method), "%s", wb_method_get(x->method)->name);
	snprintf(t->engine, sizeof(t->engine), "%s", wb_engine_name(x->engine));
	snprintf(t->label, sizeof(t->label), "%s", x->label);
	snprintf(t->pattern, sizeof(t->pattern), "%s", wb_pattern_name(x->pattern));
	snprintf(t->shape, sizeof(t->shape), "%s", wb_shape_name(x));
	snprintf(t->fd_mode, sizeof(t->fd_mode), "%s", wb_fd_mode_names[x->fd_mode]);
	snprintf(t->flush_form, sizeof(t->flush_form), "%s", wb_flush_form_names[x->flush_form]);
	snprintf(t->segment, sizeof(t->segment), "%s", wb_segment_mode_names[x->segment_mode]);
	snprintf(t->preallocated_by, sizeof(t->preallocated_by), "%s",
		 r->fallocate_err ? "ftruncate" : "fallocate");
	snprintf(t->fallocate_error, sizeof(t->fallocate_error), "%s",
		 t->has_fallocate_error ? errno_name(r->fallocate_err) : "");
	snprintf(t->where, sizeof(t->where), "%s", rs->sites ? rs->sites[x->site].path : "");
	snprintf(t->status, sizeof(t->status), "%s", wb_status_name(r->status));
	snprintf(t->reason, sizeof(t->reason), "%s", t->not_ok ? r->reason : "");
	for (i = 0; i < t->njobs; i++)
		jobs[i] = (struct wb_saved_job){
			append, (double)r->per_job[i].ops,
			(double)(r->per_job[i].ops * wb_flush_bytes(x)),
			(double)r->per_job[i].switches, (double)r->per_job[i].segment_pos,
		};
}

cJSON *wb_json_test(const struct wb_results *rs, const struct wb_result *r)
{
	struct wb_saved_job *jobs = calloc(r->per_job && r->njobs ? r->njobs : 1, sizeof(*jobs));
	struct wb_saved_test *t = malloc(sizeof(*t));
	cJSON *o = jobs && t ? cJSON_CreateObject() : NULL;

	if (o) {
		wb_saved_test_of(rs, r, t, jobs);
		wb_fields_add(o, &wb_test_fields, t);
	}
	free(t);
	free(jobs);
	return o;
}

void wb_json_add_saved_tests(cJSON *o, const struct wb_saved_test *t, size_t n)
{
	wb_fields_write_array(o, WB_KEY_TESTS, &wb_test_fields, t, n, sizeof(*t));
}

/* Keys an older schema lacks take what that version meant. */
static void defaults(struct wb_saved_test *t)
{
	snprintf(t->pattern, sizeof(t->pattern), "overwrite");
	snprintf(t->flush_form, sizeof(t->flush_form), "separate");
	snprintf(t->fd_mode, sizeof(t->fd_mode), "keep");
	t->queue_depth = t->jobs = 1;
	t->data_load = -1;
	t->mean_us = t->p50_us = t->p90_us = t->p999_us = t->max_us = NAN;
}

int wb_rd_tests(struct reader *rd, const cJSON *tests, struct wb_saved_results *out)
{
	const cJSON *e;
	size_t i = 0;
	int ret;

	out->ntests = (size_t)cJSON_GetArraySize(tests);
	if (out->ntests && !(out->tests = calloc(out->ntests, sizeof(*out->tests)))) {
		out->ntests = 0;
		return -ENOMEM;
	}
	cJSON_ArrayForEach(e, tests) {
		snprintf(rd->where, sizeof(rd->where), "%s[%zu]", wb_key(WB_KEY_TESTS), i);
		if (!cJSON_IsObject(e))
			return wb_rd_refuse(rd, NULL, "expected an object, got %s", wb_json_type_name(e));
		defaults(&out->tests[i]);
		if ((ret = wb_fields_read(rd, e, &wb_test_fields, &out->tests[i])) < 0)
			return ret;
		i++;
	}
	rd->where[0] = '\0';
	return 0;
}
