/* json.c — the writer half of the results file (results/schema.h names its
 * keys, report/results_reader.c is the reader): results, configuration and
 * verdicts as one cJSON tree, printed once. */
#include "report/json.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/atomic_file.h"
#include "report/textbuf.h"
#include "model/method.h"
#include "model/version.h"
#include "results/schema.h"

/* A key of the results file, spelled once in results/schema.c. */
#define K(name) wb_key(WB_KEY_##name)

/* --data-load as given: {"per_s": N} or {"pct": P}. */
static void add_load_option(cJSON *conf, const char *name, const struct wb_load_opt *load)
{
	cJSON *o = cJSON_AddObjectToObject(conf, name);

	if (!o)
		return;
	if (load->per_s)
		cJSON_AddNumberToObject(o, K(PER_S), (double)load->per_s);
	else
		cJSON_AddNumberToObject(o, K(PCT), (double)load->pct_bp / 100.0);
}

/* How the file was made: the command, and its words as given (reports show
 * them, so a run can be repeated exactly). */
static void add_command_line(cJSON *root, const struct wb_config *cfg, enum wb_command cmd)
{
	cJSON *arr;
	int i;

	cJSON_AddStringToObject(root, K(COMMAND), wb_command_name(cmd));
	arr = cJSON_AddArrayToObject(root, K(COMMAND_LINE));
	if (!arr)
		return;
	cJSON_AddItemToArray(arr, cJSON_CreateString("walbench"));
	for (i = 0; i < cfg->argc && cfg->argv; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(cfg->argv[i]));
}

static void add_config(cJSON *root, const struct wb_config *cfg, enum wb_command cmd)
{
	cJSON *conf = cJSON_AddObjectToObject(root, K(CONFIG)), *arr;
	unsigned i;

	if (!conf)
		return;
	/* Echo every option of this command from the option table, so nothing is missed. */
	for (i = 0; i < wb_options_count; i++) {
		const struct wb_option *o = &wb_options[i];
		const void *slot = (const char *)cfg + o->offset;
		const struct wb_list *list = slot;
		uint32_t mask = 0;
		unsigned k;

		if (!(o->commands & WB_CMD_BIT(cmd)))
			continue;
		switch (o->type) {
		case WB_OPT_PATH:
			if (*(const char *const *)slot)
				cJSON_AddStringToObject(conf, o->name, *(const char *const *)slot);
			else
				cJSON_AddNullToObject(conf, o->name);
			break;
		case WB_OPT_DURATION:
			cJSON_AddNumberToObject(conf, o->name, (double)*(const uint64_t *)slot / 1e9);
			break;
		case WB_OPT_UINT:
		case WB_OPT_SIZE:
			cJSON_AddNumberToObject(conf, o->name, (double)*(const uint64_t *)slot);
			break;
		case WB_OPT_PERCENT:
			cJSON_AddNumberToObject(conf, o->name, (double)*(const uint64_t *)slot / 100.0);
			break;
		case WB_OPT_SIZES:
		case WB_OPT_UINTS:
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < list->n; k++)
				cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)list->v[k]));
			break;
		case WB_OPT_METHODS:
			mask = *(const uint32_t *)slot; /* only a mask is one: a bool slot is unaligned */
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < WB_METHOD_COUNT; k++)
				if (mask & (1u << k))
					cJSON_AddItemToArray(arr, cJSON_CreateString(
						wb_method_get((enum wb_method_id)k)->name));
			break;
		case WB_OPT_ENGINES:
			mask = *(const uint32_t *)slot;
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < WB_ENGINE_COUNT; k++)
				if (mask & (1u << k))
					cJSON_AddItemToArray(arr, cJSON_CreateString(
						wb_engine_name((enum wb_engine_id)k)));
			break;
		case WB_OPT_FLAG:
			cJSON_AddBoolToObject(conf, o->name, *(const bool *)slot);
			break;
		case WB_OPT_CHOICE:
			cJSON_AddStringToObject(conf, o->name, o->choices[*(const uint64_t *)slot]);
			break;
		case WB_OPT_PATHS:
			arr = cJSON_AddArrayToObject(conf, o->name);
			for (k = 0; arr && k < ((const struct wb_paths *)slot)->n; k++)
				cJSON_AddItemToArray(arr, cJSON_CreateString(
					((const struct wb_paths *)slot)->v[k]));
			break;
		case WB_OPT_LOAD:
			add_load_option(conf, o->name, slot);
			break;
		}
	}
}

static void add_latency(cJSON *parent, const char *key, const struct wb_histogram *h)
{
	cJSON *lat = cJSON_AddObjectToObject(parent, key);

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
static void add_finite(cJSON *o, const char *key, double v)
{
	if (isfinite(v))
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
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
static void add_trial_array(cJSON *o, const char *key, const double *d, const uint32_t *u,
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
		cJSON_AddRawToObject(o, key, t.s);
	free(t.s);
}

static void add_strings(cJSON *o, const char *key, const char (*v)[WB_DEVICE_NAME_LEN], unsigned n)
{
	cJSON *arr = cJSON_AddArrayToObject(o, key);
	unsigned i;

	for (i = 0; arr && i < n; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(v[i]));
}

/* What holds the data under the file system: the layers, the disks, RAID, dm,
 * loop, and whether the disk's own facts can be believed. */
static void add_stack(cJSON *o, const struct wb_device *d)
{
	cJSON *arr = cJSON_AddArrayToObject(o, K(LAYERS)), *x;
	unsigned i;

	cJSON_AddStringToObject(o, K(PARTITION), d->partition);
	for (i = 0; arr && i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (!(x = cJSON_CreateObject()))
			break;
		cJSON_AddStringToObject(x, K(KIND), wb_device_layer_kind_name(l->kind));
		cJSON_AddStringToObject(x, K(NAME), l->name);
		cJSON_AddNumberToObject(x, K(DEPTH), l->depth);
		cJSON_AddStringToObject(x, K(DETAILS), l->details);
		if (l->path[0])
			cJSON_AddStringToObject(x, K(PATH), l->path);
		cJSON_AddItemToArray(arr, x);
	}
	cJSON_AddBoolToObject(o, K(LAYERS_TRUNCATED), d->layers_truncated);
	add_strings(o, K(DISKS), d->disks, d->n_disks);
	if (d->raid_name[0] && (x = cJSON_AddObjectToObject(o, K(RAID)))) {
		cJSON_AddStringToObject(x, K(NAME), d->raid_name);
		cJSON_AddStringToObject(x, K(LEVEL), d->raid_level);
		cJSON_AddNumberToObject(x, K(DISKS), d->raid_disks);
		cJSON_AddNumberToObject(x, K(DEGRADED), d->raid_degraded);
		cJSON_AddNumberToObject(x, K(CHUNK_BYTES), d->raid_chunk);
		add_strings(x, K(MEMBERS), d->raid_members, d->n_raid_members);
	}
	if (d->dm_dev[0] && (x = cJSON_AddObjectToObject(o, K(DM)))) {
		cJSON_AddStringToObject(x, K(DEVICE), d->dm_dev);
		cJSON_AddStringToObject(x, K(NAME), d->dm_name);
		cJSON_AddStringToObject(x, K(KIND), d->dm_kind);
	}
	if (d->loop_name[0] && (x = cJSON_AddObjectToObject(o, K(LOOP)))) {
		cJSON_AddStringToObject(x, K(DEVICE), d->loop_name);
		cJSON_AddStringToObject(x, K(BACKING_FILE), d->loop_backing_file);
		if (d->loop_dio >= 0)
			cJSON_AddBoolToObject(x, K(DIRECT_IO), d->loop_dio);
		else
			cJSON_AddNullToObject(x, K(DIRECT_IO));
		cJSON_AddStringToObject(x, K(BACKING_FS), d->loop_backing_fs);
		cJSON_AddStringToObject(x, K(BACKING_MOUNT), d->loop_backing_mount);
		cJSON_AddStringToObject(x, K(BACKING_DEVICE), d->loop_backing_block);
	}
	cJSON_AddBoolToObject(o, K(VIRTUAL_DISK), d->virtual_disk);
	cJSON_AddStringToObject(o, K(HYPERVISOR), d->hypervisor);
	cJSON_AddBoolToObject(o, K(FACTS_UNVERIFIED), d->facts_unverified);
	cJSON_AddStringToObject(o, K(UNVERIFIED_REASON), d->unverified_reason);
}

static void add_num(cJSON *o, const char *key, const struct wb_os_num *v)
{
	if (v->known)
		cJSON_AddNumberToObject(o, key, (double)v->value);
	else
		cJSON_AddNullToObject(o, key);
}

/* Kernel settings that bend I/O; null where unreadable. */
static void add_os(cJSON *host, const struct wb_os_facts *f)
{
	cJSON *o = cJSON_AddObjectToObject(host, K(OS)), *vm;

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(KERNEL_RELEASE), f->kernel_release);
	cJSON_AddStringToObject(o, K(PREEMPT), wb_preempt_name(f->preempt));
	cJSON_AddStringToObject(o, K(PREEMPT_SOURCE), f->preempt_source);
	cJSON_AddStringToObject(o, K(THP_ENABLED), f->thp_enabled);
	cJSON_AddStringToObject(o, K(THP_DEFRAG), f->thp_defrag);
	add_num(o, K(MEM_TOTAL_BYTES), &f->mem_total_bytes);
	add_num(o, K(HUGEPAGE_SIZE_BYTES), &f->hugepage_size_bytes);
	add_num(o, K(HUGEPAGES_TOTAL), &f->hugepages_total);
	add_num(o, K(HUGEPAGES_FREE), &f->hugepages_free);
	if (!(vm = cJSON_AddObjectToObject(o, K(VM))))
		return;
	add_num(vm, K(DIRTY_RATIO), &f->dirty_ratio);
	add_num(vm, K(DIRTY_BACKGROUND_RATIO), &f->dirty_background_ratio);
	add_num(vm, K(DIRTY_BYTES), &f->dirty_bytes);
	add_num(vm, K(DIRTY_BACKGROUND_BYTES), &f->dirty_background_bytes);
	add_num(vm, K(DIRTY_EXPIRE_CENTISECS), &f->dirty_expire_centisecs);
	add_num(vm, K(SWAPPINESS), &f->swappiness);
	add_num(vm, K(VFS_CACHE_PRESSURE), &f->vfs_cache_pressure);
}

static void add_device(cJSON *host, const struct wb_device *d)
{
	cJSON *o = cJSON_AddObjectToObject(host, K(DEVICE));

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(FS_TYPE), d->fs_type);
	cJSON_AddStringToObject(o, K(MOUNT_POINT), d->mount_point);
	cJSON_AddStringToObject(o, K(MOUNT_OPTIONS), d->mount_options);
	cJSON_AddStringToObject(o, K(SOURCE), d->source);
	cJSON_AddStringToObject(o, K(BLOCK_DEVICE), d->block_name);
	cJSON_AddStringToObject(o, K(MODEL), d->model);
	cJSON_AddNumberToObject(o, K(LOGICAL_BLOCK_SIZE), d->logical_block);
	cJSON_AddNumberToObject(o, K(PHYSICAL_BLOCK_SIZE), d->physical_block);
	if (d->rotational >= 0)
		cJSON_AddBoolToObject(o, K(ROTATIONAL), d->rotational);
	else
		cJSON_AddNullToObject(o, K(ROTATIONAL));
	cJSON_AddStringToObject(o, K(WRITE_CACHE), d->write_cache);
	cJSON_AddBoolToObject(o, K(VOLATILE_WRITE_CACHE), wb_device_volatile_cache(d));
	cJSON_AddBoolToObject(o, K(FUA), d->fua);
	cJSON_AddStringToObject(o, K(SCHEDULER), d->scheduler);
	if (d->dio_known) {
		cJSON_AddNumberToObject(o, K(DIO_MEM_ALIGN), d->dio_mem_align);
		cJSON_AddNumberToObject(o, K(DIO_OFFSET_ALIGN), d->dio_offset_align);
	} else {
		cJSON_AddNullToObject(o, K(DIO_MEM_ALIGN));
		cJSON_AddNullToObject(o, K(DIO_OFFSET_ALIGN));
	}
	add_stack(o, d);
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

static cJSON *test_to_json(const struct wb_results *rs, const struct wb_result *r)
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
		cJSON_AddStringToObject(o, K(SEGMENT),
					r->test.segment_mode == WB_SEGMENT_NEW ? "new" : "recycle");
		cJSON_AddNumberToObject(o, K(SEGMENT_SWITCHES), (double)r->switches);
		if (r->switch_hist)
			add_latency(o, K(SEGMENT_SWITCH_US), r->switch_hist);
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
	add_finite(o, K(CI95_PCT), r->stats.ci95_pct);
	cJSON_AddNumberToObject(o, K(CV_PCT), r->stats.cv_pct);
	cJSON_AddNumberToObject(o, K(OUTLIER_TRIALS), (double)r->stats.outliers);
	cJSON_AddBoolToObject(o, K(CONVERGED), r->converged);
	cJSON_AddBoolToObject(o, K(UNSTABLE), wb_result_unstable(rs, r));
	cJSON_AddNumberToObject(o, K(WARMUP_S), (double)r->warmup_ns / 1e9);
	cJSON_AddBoolToObject(o, K(DROPPED), r->dropped);
	cJSON_AddBoolToObject(o, K(SETTLED), r->settled);
	add_trial_array(o, K(TRIAL_OPS_PER_SEC), r->trial_rates, NULL, r->ntrials);
	add_trial_array(o, K(TRIAL_ROUND), NULL, r->trial_rounds, r->trial_rounds ? r->ntrials : 0);
	add_latency(o, K(LATENCY_US), r->hist);
	return o;
}

/* What identifies a group of tests that differ only in method. */
static void add_group_key(cJSON *o, const struct wb_test *t)
{
	cJSON_AddStringToObject(o, K(ENGINE), wb_engine_name(t->engine));
	cJSON_AddNumberToObject(o, K(SIZE), t->size);
	cJSON_AddNumberToObject(o, K(WRITES_PER_OP), t->writes_per_op);
	cJSON_AddStringToObject(o, K(PATTERN), wb_pattern_name(t->pattern));
	cJSON_AddNumberToObject(o, K(QUEUE_DEPTH), t->queue_depth);
	cJSON_AddNumberToObject(o, K(JOBS), t->jobs);
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		cJSON_AddNumberToObject(o, K(COMMITTERS), t->committers);
	if (t->label[0])
		cJSON_AddStringToObject(o, K(LABEL), t->label);
}

/* [low, high] */
static void add_range(cJSON *o, const char *key, double low, double high)
{
	cJSON *arr = cJSON_AddArrayToObject(o, key);

	if (!arr)
		return;
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(low));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(high));
}

static void add_comparison_fields(cJSON *o, const struct wb_comparison *c)
{
	cJSON_AddNumberToObject(o, K(DIFF_PCT), c->diff_pct);
	cJSON_AddNumberToObject(o, K(CI_LOW_PCT), c->ci95_low_pct);
	cJSON_AddNumberToObject(o, K(CI_HIGH_PCT), c->ci95_high_pct);
	cJSON_AddBoolToObject(o, K(SIGNIFICANT), c->significant);
	cJSON_AddBoolToObject(o, K(WITHIN_MARGIN), c->small);
	cJSON_AddBoolToObject(o, K(PAIRED), c->paired);
	if (c->paired) {
		cJSON_AddBoolToObject(o, K(REPLICATED), c->replicated);
		cJSON_AddNumberToObject(o, K(PAIRS), (double)c->pairs);
		cJSON_AddNumberToObject(o, K(BATCH), (double)c->batch);
	}
}

static void add_comparison(const struct wb_result *a, const struct wb_result *b,
			   const struct wb_comparison *c, void *ctx)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return;
	add_group_key(o, &a->test);
	cJSON_AddStringToObject(o, K(FASTEST), wb_method_get(a->test.method)->name);
	cJSON_AddStringToObject(o, K(METHOD), wb_method_get(b->test.method)->name);
	add_comparison_fields(o, c);
	cJSON_AddItemToArray(ctx, o);
}

/* --decide: the answer per group, why, and when it came. */
static void add_decision(cJSON *root, const struct wb_results *rs)
{
	const struct wb_decide_params *p = &rs->decide_params;
	cJSON *d = cJSON_AddObjectToObject(root, K(DECISION)), *groups;
	double last = 0.0;
	bool all = true;
	size_t g;

	if (!d)
		return;
	cJSON_AddStringToObject(d, K(BASELINE), wb_method_get(p->baseline)->name);
	cJSON_AddNumberToObject(d, K(MIN_GAIN_PCT), p->min_gain_pct);
	cJSON_AddNumberToObject(d, K(CONFIDENCE), p->conf);
	cJSON_AddNumberToObject(d, K(TIE_CONFIDENCE), p->equiv_conf);
	groups = cJSON_AddArrayToObject(d, K(GROUPS));
	for (g = 0; groups && g < rs->ndecisions; g++) {
		const struct wb_group_decision *gd = &rs->decisions[g];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return;
		add_group_key(o, &rs->v[gd->first].test);
		cJSON_AddStringToObject(o, K(STATE), wb_decide_state_name(gd->state));
		cJSON_AddStringToObject(o, K(METHOD), wb_method_get(gd->state == WB_DECIDE_SWITCH
					? rs->v[gd->leader].test.method : p->baseline)->name);
		cJSON_AddStringToObject(o, K(LEADER), wb_method_get(rs->v[gd->leader].test.method)->name);
		cJSON_AddStringToObject(o, K(REASON), gd->reason);
		if (gd->margin.paired) {
			cJSON *m = cJSON_AddObjectToObject(o, K(LEADER_VS_BASELINE));

			if (m)
				add_comparison_fields(m, &gd->margin);
		}
		if (gd->state == WB_DECIDE_BUDGET) {
			all = false;
		} else {
			cJSON_AddNumberToObject(o, K(DECIDED_IN_S), gd->decided_s);
			cJSON_AddNumberToObject(o, K(ROUNDS), gd->rounds);
			last = gd->decided_s > last ? gd->decided_s : last;
		}
		cJSON_AddItemToArray(groups, o);
	}
	cJSON_AddStringToObject(d, K(STOPPED), all ? "decided" : "budget");
	if (all)
		cJSON_AddNumberToObject(d, K(DECIDED_IN_S), last);
	else
		cJSON_AddNullToObject(d, K(DECIDED_IN_S));
}

static void add_throttle(cJSON *parent, const struct wb_results *rs)
{
	const struct wb_throttle *t = &rs->throttle;
	cJSON *o = cJSON_AddObjectToObject(parent, K(THROTTLE));

	if (!o)
		return;
	cJSON_AddBoolToObject(o, K(DETECTED), t->detected);
	if (!t->detected)
		return;
	cJSON_AddStringToObject(o, K(TEST), rs->throttle_test);
	cJSON_AddNumberToObject(o, K(SLOW_FRACTION), t->slow_fraction);
	cJSON_AddNumberToObject(o, K(WAIT_MS), t->wait_ms);
	cJSON_AddNumberToObject(o, K(P50_US), t->p50_us);
	cJSON_AddNumberToObject(o, K(FLUSHES_PER_SLICE), t->flushes_per_slice);
	cJSON_AddNumberToObject(o, K(PERIOD_MS), t->period_ms);
	cJSON_AddNumberToObject(o, K(RATE_PER_S), t->rate_per_s);
	cJSON_AddNumberToObject(o, K(BUSY_FRACTION), t->busy_fraction);
	cJSON_AddNumberToObject(o, K(WAITS_TIMED), t->waits);
	cJSON_AddNumberToObject(o, K(PHASE_LOCK), t->phase_lock);
}

static void add_schedule(cJSON *root, const struct wb_results *rs)
{
	cJSON *s = cJSON_AddObjectToObject(root, K(SCHEDULE));

	if (!s)
		return;
	cJSON_AddStringToObject(s, K(ORDER), "random per round");
	cJSON_AddNumberToObject(s, K(SEED), (double)rs->seed);
	cJSON_AddNumberToObject(s, K(ROUNDS), rs->rounds);
	cJSON_AddNumberToObject(s, K(ELAPSED_S), (double)rs->elapsed_ns / 1e9);
	cJSON_AddNumberToObject(s, K(TRIAL_S), (double)rs->trial_ns / 1e9);
	add_throttle(s, rs);
}

static void add_verdict(cJSON *parent, const char *key, const struct wb_part_verdict *v)
{
	cJSON *o;

	if (!v->measured || !(o = cJSON_AddObjectToObject(parent, key)))
		return;
	cJSON_AddStringToObject(o, K(WAL_SYNC_METHOD), wb_method_get(v->method)->name);
	cJSON_AddBoolToObject(o, K(DECIDED), v->decided);
	cJSON_AddNumberToObject(o, K(MARGIN_PCT), v->gain_pct);
	add_range(o, K(CI95_PCT), v->low_pct, v->high_pct);
	cJSON_AddStringToObject(o, K(REASON), v->why);
}

static void add_placement_row(cJSON *parent, const char *key, const struct wb_placement_row *r)
{
	cJSON *o = cJSON_AddObjectToObject(parent, key);

	if (!o)
		return;
	cJSON_AddBoolToObject(o, K(MEASURED), r->measured);
	cJSON_AddNumberToObject(o, K(COMMITS_PER_S), r->per_s);
	cJSON_AddNumberToObject(o, K(FLUSH_P50_MS), r->p50_us / 1e3);
	cJSON_AddNumberToObject(o, K(FLUSH_P99_MS), r->p99_us / 1e3);
}

/* A row's gain against the loaded data directory's, when it was compared. */
static void add_placement_gain(cJSON *row, const struct wb_placement_gain *g)
{
	if (!row || !g->compared)
		return;
	cJSON_AddNumberToObject(row, K(GAIN_PCT), g->pct);
	add_range(row, K(CI95_PCT), g->low, g->high);
	cJSON_AddBoolToObject(row, K(SIGNIFICANT), g->significant);
}

/* "placement": one object per candidate; "placement_baseline": the data
 * volume's own rows, the load, and where pg_wal should be. */
static void add_placement(cJSON *o, const struct wb_placement *pl)
{
	cJSON *arr, *base, *load, *x, *g;
	size_t k;

	if (!pl) {
		cJSON_AddNullToObject(o, K(PLACEMENT));
		cJSON_AddNullToObject(o, K(PLACEMENT_BASELINE));
		return;
	}
	arr = cJSON_AddArrayToObject(o, K(PLACEMENT));
	for (k = 0; arr && k < pl->n; k++) {
		const struct wb_placement_candidate *c = &pl->c[k];

		if (!(x = cJSON_CreateObject()))
			break;
		cJSON_AddStringToObject(x, K(PATH), c->path);
		cJSON_AddBoolToObject(x, K(SAME_DEVICE), c->same_device);
		cJSON_AddBoolToObject(x, K(SAME_FILE_SYSTEM), c->same_fs);
		cJSON_AddStringToObject(x, K(DEVICE), c->device);
		if (c->gain.compared) {
			cJSON_AddNumberToObject(x, K(GAIN_PCT), c->gain.pct);
			add_range(x, K(CI95_PCT), c->gain.low, c->gain.high);
		} else {
			cJSON_AddNullToObject(x, K(GAIN_PCT));
			cJSON_AddNullToObject(x, K(CI95_PCT));
		}
		cJSON_AddBoolToObject(x, K(SIGNIFICANT), c->gain.significant);
		cJSON_AddBoolToObject(x, K(MOVE), c->move);
		cJSON_AddBoolToObject(x, K(DEPENDS_ON_LOAD), c->depends_on_load);
		if (c->idle_gain.compared) {
			cJSON_AddNumberToObject(x, K(IDLE_GAIN_PCT), c->idle_gain.pct);
			add_range(x, K(IDLE_CI95_PCT), c->idle_gain.low, c->idle_gain.high);
		} else {
			cJSON_AddNullToObject(x, K(IDLE_GAIN_PCT));
			cJSON_AddNullToObject(x, K(IDLE_CI95_PCT));
		}
		cJSON_AddBoolToObject(x, K(IN_RAM), c->in_ram);
		cJSON_AddBoolToObject(x, K(RECOMMENDED), c->recommended);
		cJSON_AddBoolToObject(x, K(UPPER_BOUND), c->upper_bound);
		cJSON_AddStringToObject(x, K(REASON), c->reason);
		if (pl->rs && k + 1 < pl->rs->nsites && (g = cJSON_AddObjectToObject(x, K(STORAGE))))
			add_device(g, &pl->rs->sites[k + 1].device);
		add_placement_row(x, K(COMMIT), &c->commit);
		add_placement_gain(cJSON_GetObjectItem(x, K(COMMIT)), &c->single_gain);
		add_placement_row(x, K(GROUP), &c->group);
		add_placement_gain(cJSON_GetObjectItem(x, K(GROUP)), &c->gain);
		cJSON_AddItemToArray(arr, x);
	}
	base = cJSON_AddObjectToObject(o, K(PLACEMENT_BASELINE));
	if (!base)
		return;
	cJSON_AddStringToObject(base, K(DATA), pl->data);
	cJSON_AddStringToObject(base, K(DEVICE), pl->data_device);
	cJSON_AddBoolToObject(base, K(FAILED), pl->failed);
	if (pl->failed)
		cJSON_AddStringToObject(base, K(FAILURE), pl->failure);
	cJSON_AddStringToObject(base, K(HEADLINE), pl->headline);
	cJSON_AddStringToObject(base, K(CONTEXT), pl->context);
	cJSON_AddStringToObject(base, K(WAL_DIR), pl->wal_dir ? pl->wal_dir : "");
	if (pl->best >= 0)
		cJSON_AddStringToObject(base, K(MOVE_TO), pl->c[pl->best].path);
	else
		cJSON_AddNullToObject(base, K(MOVE_TO));
	cJSON_AddNumberToObject(base, K(GROUP_COMMITTERS), pl->group_committers);
	if (pl->rs) {
		cJSON_AddNumberToObject(base, K(ROUNDS), pl->rs->rounds);
		cJSON_AddNumberToObject(base, K(ELAPSED_S), (double)pl->rs->elapsed_ns / 1e9);
		if (pl->rs->settled_in_s > 0)
			cJSON_AddNumberToObject(base, K(SETTLED_IN_S), pl->rs->settled_in_s);
		else
			cJSON_AddNullToObject(base, K(SETTLED_IN_S));
	}
	add_placement_row(base, K(IDLE_COMMIT), &pl->idle_commit);
	add_placement_row(base, K(IDLE_GROUP), &pl->idle_group);
	add_placement_row(base, K(LOADED_COMMIT), &pl->loaded_commit);
	add_placement_row(base, K(LOADED_GROUP), &pl->loaded_group);
	if (pl->slowdown_known) {
		cJSON_AddNumberToObject(base, K(LOAD_SLOWDOWN_PCT), pl->slowdown_pct);
		add_range(base, K(LOAD_SLOWDOWN_CI95_PCT), pl->slowdown_low, pl->slowdown_high);
	} else {
		cJSON_AddNullToObject(base, K(LOAD_SLOWDOWN_PCT));
	}
	load = cJSON_AddObjectToObject(base, K(LOAD));
	if (load) {
		cJSON_AddNumberToObject(load, K(TARGET_PER_S), pl->load_target_per_s);
		cJSON_AddNumberToObject(load, K(ACHIEVED_PER_S), pl->load_achieved_per_s);
		cJSON_AddNumberToObject(load, K(CAPACITY_PER_S), pl->load_capacity_per_s);
		cJSON_AddNumberToObject(load, K(CAPACITY_PCT), pl->load_pct);
		cJSON_AddBoolToObject(load, K(KEPT_UP), pl->load_kept_up);
		cJSON_AddNumberToObject(load, K(FSYNC_MEAN_MS), pl->load_fsync_mean_ms);
		cJSON_AddNumberToObject(load, K(FSYNC_MAX_MS), pl->load_fsync_max_ms);
	}
	arr = cJSON_AddArrayToObject(base, K(STEPS));
	for (k = 0; arr && k < pl->nsteps; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(pl->steps[k]));
	/* Every row as a test, trials and all: the verdict's evidence in full. */
	arr = pl->rs ? cJSON_AddArrayToObject(base, K(TESTS)) : NULL;
	for (k = 0; arr && k < pl->rs->n; k++)
		if ((x = test_to_json(pl->rs, &pl->rs->v[k])))
			cJSON_AddItemToArray(arr, x);
}

static void add_recommendation(cJSON *root, const struct wb_recommendation *rec)
{
	cJSON *o = cJSON_AddObjectToObject(root, K(RECOMMENDATION)), *arr;
	size_t i;

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(WORKLOAD), wb_workload_names[rec->workload]);
	add_placement(o, rec->placement);
	if (rec->failed) {
		cJSON_AddNullToObject(o, K(WAL_SYNC_METHOD));
		cJSON_AddStringToObject(o, K(FAILURE), rec->failure);
		cJSON_AddStringToObject(o, K(HEADLINE), rec->headline);
		return;
	}
	cJSON_AddStringToObject(o, K(WAL_SYNC_METHOD), wb_method_get(rec->method)->name);
	cJSON_AddBoolToObject(o, K(CHANGE), rec->change);
	cJSON_AddBoolToObject(o, K(SIGNIFICANT), rec->significant);
	cJSON_AddNumberToObject(o, K(MARGIN_PCT), rec->margin_pct);
	add_range(o, K(CI95_PCT), rec->ci_low_pct, rec->ci_high_pct);
	if (rec->has_runner_up) {
		cJSON *ru = cJSON_AddObjectToObject(o, K(RUNNER_UP));

		if (ru) {
			cJSON_AddStringToObject(ru, K(METHOD), wb_method_get(rec->runner_up)->name);
			cJSON_AddNumberToObject(ru, K(MARGIN_PCT), rec->runner_up_pct);
			add_range(ru, K(CI95_PCT), rec->runner_up_low, rec->runner_up_high);
		}
	} else {
		cJSON_AddNullToObject(o, K(RUNNER_UP));
	}
	add_verdict(o, K(OLTP), &rec->oltp);
	add_verdict(o, K(BULK), &rec->bulk);
	cJSON_AddNumberToObject(o, K(FLUSH_P50_US), rec->flush_p50_us);
	cJSON_AddNumberToObject(o, K(COMMIT_DELAY_US), rec->commit_delay_us);
	cJSON_AddNumberToObject(o, K(COMMIT_SIBLINGS), rec->commit_siblings);
	cJSON_AddStringToObject(o, K(COMMIT_DELAY_REASON), rec->commit_reason);
	cJSON_AddBoolToObject(o, K(DECIDED), rec->decided);
	cJSON_AddNumberToObject(o, K(DECIDED_IN_S), rec->decided_in_s);
	cJSON_AddStringToObject(o, K(HEADLINE), rec->headline);
	cJSON_AddStringToObject(o, K(REASON), rec->reason);
	arr = cJSON_AddArrayToObject(o, K(ADVISORIES));
	for (i = 0; arr && i < rec->nadvisories; i++) {
		const struct wb_advisory *a = &rec->advisories[i];
		cJSON *x = cJSON_CreateObject();

		if (!x)
			break;
		cJSON_AddStringToObject(x, K(FACT), a->fact);
		cJSON_AddStringToObject(x, K(VALUE), a->value);
		cJSON_AddStringToObject(x, K(ADVICE), a->advice);
		cJSON_AddStringToObject(x, K(REASON), a->reason);
		cJSON_AddStringToObject(x, K(SEVERITY), wb_severity_name(a->severity));
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, K(CONFIG));
	for (i = 0; arr && i < rec->nconfig; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(rec->config[i]));
	arr = cJSON_AddArrayToObject(o, K(ALTER_SYSTEM));
	for (i = 0; arr && i < rec->nalter; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(rec->alter[i]));
}

/* A figure with its interval; an unbounded end is null. */
static void add_figure(cJSON *o, const struct wb_q_figure *f)
{
	cJSON *arr;

	if (!f->measured) {
		cJSON_AddNullToObject(o, K(VALUE));
		cJSON_AddNullToObject(o, K(CI95));
		return;
	}
	cJSON_AddNumberToObject(o, K(VALUE), f->value);
	arr = cJSON_AddArrayToObject(o, K(CI95));
	if (!arr)
		return;
	cJSON_AddItemToArray(arr, isfinite(f->low) ? cJSON_CreateNumber(f->low) : cJSON_CreateNull());
	cJSON_AddItemToArray(arr, isfinite(f->high) ? cJSON_CreateNumber(f->high)
						    : cJSON_CreateNull());
	if (f->value > 0 && isfinite(f->low) && isfinite(f->high))
		cJSON_AddNumberToObject(o, K(CI95_PCT), 100.0 * (f->high - f->low) / 2 / f->value);
	else
		cJSON_AddNullToObject(o, K(CI95_PCT));
}

static void add_tier_verdict(cJSON *o, const struct wb_q_tier_verdict *t)
{
	cJSON *arr, *x;
	size_t k;

	cJSON_AddStringToObject(o, K(TIER), t->name);
	cJSON_AddStringToObject(o, K(VERDICT), wb_q_result_name(t->verdict));
	arr = cJSON_AddArrayToObject(o, K(CRITERIA));
	for (k = 0; arr && k < t->n; k++) {
		const struct wb_q_outcome *c = &t->o[k];

		if (!(x = cJSON_CreateObject()))
			return;
		cJSON_AddStringToObject(x, K(SHAPE), wb_q_shape_names[c->crit.shape]);
		cJSON_AddStringToObject(x, K(METRIC), wb_q_metric_names[c->crit.metric]);
		add_figure(x, &c->fig);
		cJSON_AddNumberToObject(x, K(THRESHOLD), c->crit.threshold);
		cJSON_AddStringToObject(x, K(RESULT), wb_q_result_name(c->result));
		cJSON_AddStringToObject(x, K(SOURCE), c->crit.source);
		cJSON_AddItemToArray(arr, x);
	}
}

/* "qualification": the chosen tier's verdict, every tier's, and the trend;
 * "findings": the plausibility findings. */
static void add_qualification(cJSON *root, const struct wb_qualification *q)
{
	cJSON *o = cJSON_AddObjectToObject(root, K(QUALIFICATION)), *arr, *x;
	size_t k;

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(HEADLINE), q->headline);
	if (q->failed) {
		cJSON_AddStringToObject(o, K(VERDICT), "error");
		cJSON_AddStringToObject(o, K(FAILURE), q->failure);
	} else if (q->chosen >= 0) {
		add_tier_verdict(o, &q->tiers[q->chosen]);
	}
	arr = cJSON_AddArrayToObject(o, K(TIERS));
	for (k = 0; arr && !q->failed && k < q->ntiers; k++)
		if ((x = cJSON_CreateObject())) {
			add_tier_verdict(x, &q->tiers[k]);
			cJSON_AddItemToArray(arr, x);
		}
	if ((x = cJSON_AddObjectToObject(o, K(TREND)))) {
		cJSON_AddBoolToObject(x, K(KNOWN), q->trend.known);
		cJSON_AddNumberToObject(x, K(BURST_PER_S), q->trend.burst_per_s);
		cJSON_AddNumberToObject(x, K(SUSTAINED_PER_S), q->trend.sustained_per_s);
		cJSON_AddBoolToObject(x, K(FELL), q->trend.fell);
		if (q->trend.fell)
			cJSON_AddNumberToObject(x, K(FELL_AFTER_S), q->trend.fell_after_s);
		cJSON_AddStringToObject(x, K(LINE), q->trend.line);
	}
	arr = cJSON_AddArrayToObject(root, K(FINDINGS));
	for (k = 0; arr && k < q->nfindings; k++)
		if ((x = cJSON_CreateObject())) {
			cJSON_AddStringToObject(x, K(NAME), q->findings[k].name);
			cJSON_AddStringToObject(x, K(SEVERITY), q->findings[k].severity ==
						WB_FINDING_WARN ? "warn" : "info");
			cJSON_AddStringToObject(x, K(EVIDENCE), q->findings[k].evidence);
			cJSON_AddStringToObject(x, K(ADVICE), q->findings[k].advice);
			cJSON_AddItemToArray(arr, x);
		}
}

char *wb_json_render(const struct wb_results *rs, const struct wb_config *cfg,
		     enum wb_command cmd, const struct wb_json_verdicts *v)
{
	cJSON *root = cJSON_CreateObject(), *host, *tests;
	char *out = NULL;
	size_t i;

	if (!root)
		return NULL;
	cJSON_AddStringToObject(root, K(WALBENCH_VERSION), WB_VERSION);
	cJSON_AddNumberToObject(root, K(SCHEMA_VERSION), WB_SCHEMA_VERSION);
	add_command_line(root, cfg, cmd);
	/* A run a signal stopped early: what it measured, said to be partial. */
	cJSON_AddBoolToObject(root, K(PARTIAL), rs->interrupted != 0);
	if (rs->interrupted) {
		char sig[24];

		snprintf(sig, sizeof(sig), "SIG%s", sigabbrev_np(rs->interrupted) ?
			 sigabbrev_np(rs->interrupted) : "?");
		cJSON_AddStringToObject(root, K(INTERRUPTED_BY), sig);
	} else {
		cJSON_AddNullToObject(root, K(INTERRUPTED_BY));
	}
	host = cJSON_AddObjectToObject(root, K(HOST));
	if (host) {
		cJSON_AddStringToObject(host, K(HOSTNAME), rs->host.hostname);
		cJSON_AddStringToObject(host, K(KERNEL), rs->host.kernel);
		cJSON_AddStringToObject(host, K(TARGET), rs->target);
		cJSON_AddNumberToObject(host, K(STARTED_UNIX), (double)rs->started_unix);
		cJSON_AddStringToObject(host, K(CLOCK), rs->clock);
		if (rs->clock_ghz > 0)
			cJSON_AddNumberToObject(host, K(CLOCK_GHZ), rs->clock_ghz);
		else
			cJSON_AddNullToObject(host, K(CLOCK_GHZ));
		add_device(host, &rs->device);
		add_os(host, &rs->os);
	}
	add_config(root, cfg, cmd);
	if (rs->adaptive) {
		cJSON *cmp = cJSON_AddArrayToObject(root, K(COMPARISONS));

		add_schedule(root, rs);
		if (cmp)
			wb_results_each_comparison(rs, add_comparison, cmp);
	}
	if (rs->decide)
		add_decision(root, rs);
	if (v && v->rec)
		add_recommendation(root, v->rec);
	if (v && v->qual)
		add_qualification(root, v->qual);
	tests = cJSON_AddArrayToObject(root, K(TESTS));
	for (i = 0; tests && i < rs->n; i++) {
		cJSON *t = test_to_json(rs, &rs->v[i]);

		if (!t)
			goto out;
		cJSON_AddItemToArray(tests, t);
	}
	out = cJSON_Print(root);
out:
	cJSON_Delete(root);
	return out;
}

int wb_json_write(const char *path, const struct wb_results *rs, const struct wb_config *cfg,
		  enum wb_command cmd, const struct wb_json_verdicts *v, const char **why)
{
	char *text = wb_json_render(rs, cfg, cmd, v);
	size_t len;
	int ret;

	if (!text) {
		*why = "rendering JSON";
		return -ENOMEM;
	}
	len = strlen(text);
	text[len] = '\n'; /* cJSON's terminator becomes the final newline */
	ret = wb_write_file_atomic(path, text, len + 1, why);
	free(text);
	return ret;
}
