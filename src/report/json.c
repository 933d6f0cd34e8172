/* report_json.c — JSON serialisation of the results structure. */
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
#include "report/words.h"
#include "model/method.h"
#include "model/version.h"

/* --data-load as given: {"per_s": N} or {"pct": P}. */
static void add_load_option(cJSON *conf, const char *name, const struct wb_load_opt *load)
{
	cJSON *o = cJSON_AddObjectToObject(conf, name);

	if (!o)
		return;
	if (load->per_s)
		cJSON_AddNumberToObject(o, "per_s", (double)load->per_s);
	else
		cJSON_AddNumberToObject(o, "pct", (double)load->pct_bp / 100.0);
}

/* How the file was made: the command, and its words as given (reports show
 * them, so a run can be repeated exactly). */
static void add_command_line(cJSON *root, const struct wb_config *cfg, enum wb_command cmd)
{
	cJSON *arr;
	int i;

	cJSON_AddStringToObject(root, "command", wb_command_name(cmd));
	arr = cJSON_AddArrayToObject(root, "command_line");
	if (!arr)
		return;
	cJSON_AddItemToArray(arr, cJSON_CreateString("walbench"));
	for (i = 0; i < cfg->argc && cfg->argv; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(cfg->argv[i]));
}

static void add_config(cJSON *root, const struct wb_config *cfg, enum wb_command cmd)
{
	cJSON *conf = cJSON_AddObjectToObject(root, "config"), *arr;
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
	cJSON_AddNumberToObject(lat, "mean", h && h->count ? wb_hist_mean_ns(h) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, "p50", h ? wb_hist_percentile(h, 50) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, "p90", h ? wb_hist_percentile(h, 90) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, "p99", h ? wb_hist_percentile(h, 99) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, "p999", h ? wb_hist_percentile(h, 99.9) / 1e3 : 0);
	cJSON_AddNumberToObject(lat, "max", h ? wb_hist_percentile(h, 100) / 1e3 : 0);
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
	cJSON *arr = cJSON_AddArrayToObject(o, "layers"), *x;
	unsigned i;

	cJSON_AddStringToObject(o, "partition", d->partition);
	for (i = 0; arr && i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (!(x = cJSON_CreateObject()))
			break;
		cJSON_AddStringToObject(x, "kind", wb_device_layer_kind_name(l->kind));
		cJSON_AddStringToObject(x, "name", l->name);
		cJSON_AddNumberToObject(x, "depth", l->depth);
		cJSON_AddStringToObject(x, "details", l->details);
		if (l->path[0])
			cJSON_AddStringToObject(x, "path", l->path);
		cJSON_AddItemToArray(arr, x);
	}
	cJSON_AddBoolToObject(o, "layers_truncated", d->layers_truncated);
	add_strings(o, "disks", d->disks, d->n_disks);
	if (d->raid_name[0] && (x = cJSON_AddObjectToObject(o, "raid"))) {
		cJSON_AddStringToObject(x, "name", d->raid_name);
		cJSON_AddStringToObject(x, "level", d->raid_level);
		cJSON_AddNumberToObject(x, "disks", d->raid_disks);
		cJSON_AddNumberToObject(x, "degraded", d->raid_degraded);
		cJSON_AddNumberToObject(x, "chunk_bytes", d->raid_chunk);
		add_strings(x, "members", d->raid_members, d->n_raid_members);
	}
	if (d->dm_dev[0] && (x = cJSON_AddObjectToObject(o, "dm"))) {
		cJSON_AddStringToObject(x, "device", d->dm_dev);
		cJSON_AddStringToObject(x, "name", d->dm_name);
		cJSON_AddStringToObject(x, "kind", d->dm_kind);
	}
	if (d->loop_name[0] && (x = cJSON_AddObjectToObject(o, "loop"))) {
		cJSON_AddStringToObject(x, "device", d->loop_name);
		cJSON_AddStringToObject(x, "backing_file", d->loop_backing_file);
		if (d->loop_dio >= 0)
			cJSON_AddBoolToObject(x, "direct_io", d->loop_dio);
		else
			cJSON_AddNullToObject(x, "direct_io");
		cJSON_AddStringToObject(x, "backing_fs", d->loop_backing_fs);
		cJSON_AddStringToObject(x, "backing_mount", d->loop_backing_mount);
		cJSON_AddStringToObject(x, "backing_device", d->loop_backing_block);
	}
	cJSON_AddBoolToObject(o, "virtual_disk", d->virtual_disk);
	cJSON_AddStringToObject(o, "hypervisor", d->hypervisor);
	cJSON_AddBoolToObject(o, "facts_unverified", d->facts_unverified);
	cJSON_AddStringToObject(o, "unverified_reason", d->unverified_reason);
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
	cJSON *o = cJSON_AddObjectToObject(host, "os"), *vm;

	if (!o)
		return;
	cJSON_AddStringToObject(o, "kernel_release", f->kernel_release);
	cJSON_AddStringToObject(o, "preempt", wb_preempt_name(f->preempt));
	cJSON_AddStringToObject(o, "preempt_source", f->preempt_source);
	cJSON_AddStringToObject(o, "thp_enabled", f->thp_enabled);
	cJSON_AddStringToObject(o, "thp_defrag", f->thp_defrag);
	add_num(o, "mem_total_bytes", &f->mem_total_bytes);
	add_num(o, "hugepage_size_bytes", &f->hugepage_size_bytes);
	add_num(o, "hugepages_total", &f->hugepages_total);
	add_num(o, "hugepages_free", &f->hugepages_free);
	if (!(vm = cJSON_AddObjectToObject(o, "vm")))
		return;
	add_num(vm, "dirty_ratio", &f->dirty_ratio);
	add_num(vm, "dirty_background_ratio", &f->dirty_background_ratio);
	add_num(vm, "dirty_bytes", &f->dirty_bytes);
	add_num(vm, "dirty_background_bytes", &f->dirty_background_bytes);
	add_num(vm, "dirty_expire_centisecs", &f->dirty_expire_centisecs);
	add_num(vm, "swappiness", &f->swappiness);
	add_num(vm, "vfs_cache_pressure", &f->vfs_cache_pressure);
}

static void add_device(cJSON *host, const struct wb_device *d)
{
	cJSON *o = cJSON_AddObjectToObject(host, "device");

	if (!o)
		return;
	cJSON_AddStringToObject(o, "fs_type", d->fs_type);
	cJSON_AddStringToObject(o, "mount_point", d->mount_point);
	cJSON_AddStringToObject(o, "mount_options", d->mount_options);
	cJSON_AddStringToObject(o, "source", d->source);
	cJSON_AddStringToObject(o, "block_device", d->block_name);
	cJSON_AddStringToObject(o, "model", d->model);
	cJSON_AddNumberToObject(o, "logical_block_size", d->logical_block);
	cJSON_AddNumberToObject(o, "physical_block_size", d->physical_block);
	if (d->rotational >= 0)
		cJSON_AddBoolToObject(o, "rotational", d->rotational);
	else
		cJSON_AddNullToObject(o, "rotational");
	cJSON_AddStringToObject(o, "write_cache", d->write_cache);
	cJSON_AddBoolToObject(o, "volatile_write_cache", wb_device_volatile_cache(d));
	cJSON_AddBoolToObject(o, "fua", d->fua);
	cJSON_AddStringToObject(o, "scheduler", d->scheduler);
	if (d->dio_known) {
		cJSON_AddNumberToObject(o, "dio_mem_align", d->dio_mem_align);
		cJSON_AddNumberToObject(o, "dio_offset_align", d->dio_offset_align);
	} else {
		cJSON_AddNullToObject(o, "dio_mem_align");
		cJSON_AddNullToObject(o, "dio_offset_align");
	}
	add_stack(o, d);
}

/* Where an error happened: "failure": {"call", "offset", "op_index", "file"};
 * offset and op_index are null when they do not apply. */
static void add_failure_site(cJSON *o, const struct wb_failure_site *site)
{
	cJSON *f = cJSON_AddObjectToObject(o, "failure");

	if (!f)
		return;
	cJSON_AddStringToObject(f, "call", site->call);
	if (site->offset >= 0)
		cJSON_AddNumberToObject(f, "offset", (double)site->offset);
	else
		cJSON_AddNullToObject(f, "offset");
	if (site->op_index >= 0)
		cJSON_AddNumberToObject(f, "op_index", (double)site->op_index);
	else
		cJSON_AddNullToObject(f, "op_index");
	cJSON_AddStringToObject(f, "file", site->file);
}

/* "per_job": each job's flushes, bytes and, appending, segment switches and
 * where it stopped; summed over the test's counted trials. */
static void add_per_job(cJSON *o, const struct wb_result *r)
{
	cJSON *arr, *j;
	uint32_t i;

	if (!r->per_job || !(arr = cJSON_AddArrayToObject(o, "per_job")))
		return;
	for (i = 0; i < r->njobs; i++) {
		if (!(j = cJSON_CreateObject()))
			return;
		cJSON_AddItemToArray(arr, j);
		cJSON_AddNumberToObject(j, "ops", (double)r->per_job[i].ops);
		cJSON_AddNumberToObject(j, "bytes",
					(double)(r->per_job[i].ops * wb_flush_bytes(&r->test)));
		if (r->test.pattern == WB_PATTERN_APPEND) {
			cJSON_AddNumberToObject(j, "segment_switches", (double)r->per_job[i].switches);
			cJSON_AddNumberToObject(j, "segment_offset", (double)r->per_job[i].segment_pos);
		}
	}
}

static cJSON *test_to_json(const struct wb_results *rs, const struct wb_result *r)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "method", wb_method_get(r->test.method)->name);
	cJSON_AddStringToObject(o, "engine", wb_engine_name(r->test.engine));
	cJSON_AddNumberToObject(o, "size", r->test.size);
	cJSON_AddNumberToObject(o, "writes_per_op", r->test.writes_per_op);
	cJSON_AddStringToObject(o, "fd_mode", wb_fd_mode_names[r->test.fd_mode]);
	cJSON_AddStringToObject(o, "pattern", wb_pattern_name(r->test.pattern));
	cJSON_AddStringToObject(o, "shape", wb_shape_name(&r->test));
	if (rs->sites) {
		cJSON_AddStringToObject(o, "where", rs->sites[r->test.site].path);
		cJSON_AddBoolToObject(o, "data_load", r->test.data_load);
	}
	cJSON_AddStringToObject(o, "flush_form", wb_flush_form_names[r->test.flush_form]);
	if (r->test.flush_form == WB_FLUSH_COALESCED)
		cJSON_AddNumberToObject(o, "wal_buffers", (double)r->test.wal_buffers);
	if (r->test.pattern == WB_PATTERN_APPEND) {
		cJSON_AddNumberToObject(o, "segment_size", (double)r->test.segment_size);
		cJSON_AddStringToObject(o, "segment",
					r->test.segment_mode == WB_SEGMENT_NEW ? "new" : "recycle");
		cJSON_AddNumberToObject(o, "segment_switches", (double)r->switches);
		if (r->switch_hist)
			add_latency(o, "segment_switch_us", r->switch_hist);
	}
	cJSON_AddNumberToObject(o, "queue_depth", r->test.queue_depth);
	cJSON_AddNumberToObject(o, "jobs", r->test.jobs);
	if (r->test.pattern == WB_PATTERN_GROUPCOMMIT) {
		cJSON_AddNumberToObject(o, "committers", r->test.committers);
		cJSON_AddNumberToObject(o, "flushes", (double)r->flushes);
		cJSON_AddNumberToObject(o, "flushes_per_sec", wb_result_flushes_per_sec(r));
		cJSON_AddNumberToObject(o, "commits_per_flush",
					r->flushes ? (double)r->ops / (double)r->flushes : 0.0);
	}
	if (r->test.label[0])
		cJSON_AddStringToObject(o, "label", r->test.label);
	cJSON_AddStringToObject(o, "status", wb_status_name(r->status));
	if (r->status != WB_STATUS_OK) {
		cJSON_AddStringToObject(o, "reason", r->reason);
		cJSON_AddNumberToObject(o, "errno", r->error);
		cJSON_AddBoolToObject(o, "durability_failure", r->durability_failure);
		if (r->error && strerrorname_np(r->error))
			cJSON_AddStringToObject(o, "errno_name", strerrorname_np(r->error));
	}
	if (r->status == WB_STATUS_ERROR)
		add_failure_site(o, &r->site);
	cJSON_AddNumberToObject(o, "ops", (double)r->ops);
	add_per_job(o, r);
	cJSON_AddNumberToObject(o, "elapsed_s", (double)r->elapsed_ns / 1e9);
	cJSON_AddNumberToObject(o, "ops_per_sec", wb_result_ops_per_sec(r));
	cJSON_AddNumberToObject(o, "trials", (double)r->ntrials);
	add_finite(o, "ci95_pct", r->stats.ci95_pct);
	cJSON_AddNumberToObject(o, "cv_pct", r->stats.cv_pct);
	cJSON_AddNumberToObject(o, "outlier_trials", (double)r->stats.outliers);
	cJSON_AddBoolToObject(o, "converged", r->converged);
	cJSON_AddBoolToObject(o, "unstable", wb_result_unstable(rs, r));
	cJSON_AddNumberToObject(o, "warmup_s", (double)r->warmup_ns / 1e9);
	cJSON_AddBoolToObject(o, "dropped", r->dropped);
	cJSON_AddBoolToObject(o, "settled", r->settled);
	add_trial_array(o, "trial_ops_per_sec", r->trial_rates, NULL, r->ntrials);
	add_trial_array(o, "trial_round", NULL, r->trial_rounds, r->trial_rounds ? r->ntrials : 0);
	add_latency(o, "latency_us", r->hist);
	return o;
}

/* What identifies a group of tests that differ only in method. */
static void add_group_key(cJSON *o, const struct wb_test *t)
{
	cJSON_AddStringToObject(o, "engine", wb_engine_name(t->engine));
	cJSON_AddNumberToObject(o, "size", t->size);
	cJSON_AddNumberToObject(o, "writes_per_op", t->writes_per_op);
	cJSON_AddStringToObject(o, "pattern", wb_pattern_name(t->pattern));
	cJSON_AddNumberToObject(o, "queue_depth", t->queue_depth);
	cJSON_AddNumberToObject(o, "jobs", t->jobs);
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		cJSON_AddNumberToObject(o, "committers", t->committers);
	if (t->label[0])
		cJSON_AddStringToObject(o, "label", t->label);
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
	cJSON_AddNumberToObject(o, "diff_pct", c->diff_pct);
	cJSON_AddNumberToObject(o, "ci_low_pct", c->ci95_low_pct);
	cJSON_AddNumberToObject(o, "ci_high_pct", c->ci95_high_pct);
	cJSON_AddBoolToObject(o, "significant", c->significant);
	cJSON_AddBoolToObject(o, "within_margin", c->small);
	cJSON_AddBoolToObject(o, "paired", c->paired);
	if (c->paired) {
		cJSON_AddBoolToObject(o, "replicated", c->replicated);
		cJSON_AddNumberToObject(o, "pairs", (double)c->pairs);
		cJSON_AddNumberToObject(o, "batch", (double)c->batch);
	}
}

static void add_comparison(const struct wb_result *a, const struct wb_result *b,
			   const struct wb_comparison *c, void *ctx)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return;
	add_group_key(o, &a->test);
	cJSON_AddStringToObject(o, "fastest", wb_method_get(a->test.method)->name);
	cJSON_AddStringToObject(o, "method", wb_method_get(b->test.method)->name);
	add_comparison_fields(o, c);
	cJSON_AddItemToArray(ctx, o);
}

/* --decide: the answer per group, why, and when it came. */
static void add_decision(cJSON *root, const struct wb_results *rs)
{
	const struct wb_decide_params *p = &rs->decide_params;
	cJSON *d = cJSON_AddObjectToObject(root, "decision"), *groups;
	double last = 0.0;
	bool all = true;
	size_t g;

	if (!d)
		return;
	cJSON_AddStringToObject(d, "baseline", wb_method_get(p->baseline)->name);
	cJSON_AddNumberToObject(d, "min_gain_pct", p->min_gain_pct);
	cJSON_AddNumberToObject(d, "confidence", p->conf);
	cJSON_AddNumberToObject(d, "tie_confidence", p->equiv_conf);
	groups = cJSON_AddArrayToObject(d, "groups");
	for (g = 0; groups && g < rs->ndecisions; g++) {
		const struct wb_group_decision *gd = &rs->decisions[g];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return;
		add_group_key(o, &rs->v[gd->first].test);
		cJSON_AddStringToObject(o, "state", wb_decide_state_name(gd->state));
		cJSON_AddStringToObject(o, "method", wb_method_get(gd->state == WB_DECIDE_SWITCH
					? rs->v[gd->leader].test.method : p->baseline)->name);
		cJSON_AddStringToObject(o, "leader", wb_method_get(rs->v[gd->leader].test.method)->name);
		cJSON_AddStringToObject(o, "reason", gd->reason);
		if (gd->margin.paired) {
			cJSON *m = cJSON_AddObjectToObject(o, "leader_vs_baseline");

			if (m)
				add_comparison_fields(m, &gd->margin);
		}
		if (gd->state == WB_DECIDE_BUDGET) {
			all = false;
		} else {
			cJSON_AddNumberToObject(o, "decided_in_s", gd->decided_s);
			cJSON_AddNumberToObject(o, "rounds", gd->rounds);
			last = gd->decided_s > last ? gd->decided_s : last;
		}
		cJSON_AddItemToArray(groups, o);
	}
	cJSON_AddStringToObject(d, "stopped", all ? "decided" : "budget");
	if (all)
		cJSON_AddNumberToObject(d, "decided_in_s", last);
	else
		cJSON_AddNullToObject(d, "decided_in_s");
}

static void add_throttle(cJSON *parent, const struct wb_results *rs)
{
	const struct wb_throttle *t = &rs->throttle;
	cJSON *o = cJSON_AddObjectToObject(parent, "throttle");

	if (!o)
		return;
	cJSON_AddBoolToObject(o, "detected", t->detected);
	if (!t->detected)
		return;
	cJSON_AddStringToObject(o, "test", rs->throttle_test);
	cJSON_AddNumberToObject(o, "slow_fraction", t->slow_fraction);
	cJSON_AddNumberToObject(o, "wait_ms", t->wait_ms);
	cJSON_AddNumberToObject(o, "p50_us", t->p50_us);
	cJSON_AddNumberToObject(o, "flushes_per_slice", t->flushes_per_slice);
	cJSON_AddNumberToObject(o, "period_ms", t->period_ms);
	cJSON_AddNumberToObject(o, "rate_per_s", t->rate_per_s);
	cJSON_AddNumberToObject(o, "busy_fraction", t->busy_fraction);
	cJSON_AddNumberToObject(o, "waits_timed", t->waits);
	cJSON_AddNumberToObject(o, "phase_lock", t->phase_lock);
}

static void add_schedule(cJSON *root, const struct wb_results *rs)
{
	cJSON *s = cJSON_AddObjectToObject(root, "schedule");

	if (!s)
		return;
	cJSON_AddStringToObject(s, "order", "random per round");
	cJSON_AddNumberToObject(s, "seed", (double)rs->seed);
	cJSON_AddNumberToObject(s, "rounds", rs->rounds);
	cJSON_AddNumberToObject(s, "elapsed_s", (double)rs->elapsed_ns / 1e9);
	cJSON_AddNumberToObject(s, "trial_s", (double)rs->trial_ns / 1e9);
	add_throttle(s, rs);
}

static void add_verdict(cJSON *parent, const char *key, const struct wb_part_verdict *v)
{
	char why[WB_WORDS_WHY_LEN];
	cJSON *o;

	if (!v->measured || !(o = cJSON_AddObjectToObject(parent, key)))
		return;
	cJSON_AddStringToObject(o, "wal_sync_method", wb_method_get(v->method)->name);
	cJSON_AddBoolToObject(o, "decided", v->decided);
	cJSON_AddNumberToObject(o, "margin_pct", v->gain_pct);
	add_range(o, "ci95_pct", v->low_pct, v->high_pct);
	cJSON_AddStringToObject(o, "reason", wb_words_part_why(v, why, sizeof(why)));
}

static void add_placement_row(cJSON *parent, const char *key, const struct wb_placement_row *r)
{
	cJSON *o = cJSON_AddObjectToObject(parent, key);

	if (!o)
		return;
	cJSON_AddBoolToObject(o, "measured", r->measured);
	cJSON_AddNumberToObject(o, "commits_per_s", r->per_s);
	cJSON_AddNumberToObject(o, "flush_p50_ms", r->p50_us / 1e3);
	cJSON_AddNumberToObject(o, "flush_p99_ms", r->p99_us / 1e3);
}

/* A row's gain against the loaded data directory's, when it was compared. */
static void add_placement_gain(cJSON *row, const struct wb_placement_gain *g)
{
	if (!row || !g->compared)
		return;
	cJSON_AddNumberToObject(row, "gain_pct", g->pct);
	add_range(row, "ci95_pct", g->low, g->high);
	cJSON_AddBoolToObject(row, "significant", g->significant);
}

/* "placement": one object per candidate; "placement_baseline": the data
 * volume's own rows, the load, and where pg_wal should be. */
static void add_placement(cJSON *o, const struct wb_placement *pl)
{
	struct wb_placement_words w;
	char reason[WB_WORDS_CANDIDATE_LEN];
	cJSON *arr, *base, *load, *x, *g;
	size_t k;

	if (!pl) {
		cJSON_AddNullToObject(o, "placement");
		cJSON_AddNullToObject(o, "placement_baseline");
		return;
	}
	wb_words_placement(pl, &w);
	arr = cJSON_AddArrayToObject(o, "placement");
	for (k = 0; arr && k < pl->n; k++) {
		const struct wb_placement_candidate *c = &pl->c[k];

		if (!(x = cJSON_CreateObject()))
			break;
		cJSON_AddStringToObject(x, "path", c->path);
		cJSON_AddBoolToObject(x, "same_device", c->same_device);
		cJSON_AddBoolToObject(x, "same_file_system", c->same_fs);
		cJSON_AddStringToObject(x, "device", c->device);
		if (c->gain.compared) {
			cJSON_AddNumberToObject(x, "gain_pct", c->gain.pct);
			add_range(x, "ci95_pct", c->gain.low, c->gain.high);
		} else {
			cJSON_AddNullToObject(x, "gain_pct");
			cJSON_AddNullToObject(x, "ci95_pct");
		}
		cJSON_AddBoolToObject(x, "significant", c->gain.significant);
		cJSON_AddBoolToObject(x, "move", c->move);
		cJSON_AddBoolToObject(x, "depends_on_load", c->depends_on_load);
		if (c->idle_gain.compared) {
			cJSON_AddNumberToObject(x, "idle_gain_pct", c->idle_gain.pct);
			add_range(x, "idle_ci95_pct", c->idle_gain.low, c->idle_gain.high);
		} else {
			cJSON_AddNullToObject(x, "idle_gain_pct");
			cJSON_AddNullToObject(x, "idle_ci95_pct");
		}
		cJSON_AddBoolToObject(x, "in_ram", c->in_ram);
		cJSON_AddBoolToObject(x, "recommended", c->recommended);
		cJSON_AddBoolToObject(x, "upper_bound", c->upper_bound);
		cJSON_AddStringToObject(x, "reason", wb_words_candidate(pl, c, reason, sizeof(reason)));
		if (pl->rs && k + 1 < pl->rs->nsites && (g = cJSON_AddObjectToObject(x, "storage")))
			add_device(g, &pl->rs->sites[k + 1].device);
		add_placement_row(x, "commit", &c->commit);
		add_placement_gain(cJSON_GetObjectItem(x, "commit"), &c->single_gain);
		add_placement_row(x, "group", &c->group);
		add_placement_gain(cJSON_GetObjectItem(x, "group"), &c->gain);
		cJSON_AddItemToArray(arr, x);
	}
	base = cJSON_AddObjectToObject(o, "placement_baseline");
	if (!base)
		return;
	cJSON_AddStringToObject(base, "data", pl->data);
	cJSON_AddStringToObject(base, "device", pl->data_device);
	cJSON_AddBoolToObject(base, "failed", pl->failed);
	if (pl->failed)
		cJSON_AddStringToObject(base, "failure", w.failure);
	cJSON_AddStringToObject(base, "headline", w.headline);
	cJSON_AddStringToObject(base, "context", w.context);
	cJSON_AddStringToObject(base, "wal_dir", pl->wal_dir ? pl->wal_dir : "");
	if (pl->best >= 0)
		cJSON_AddStringToObject(base, "move_to", pl->c[pl->best].path);
	else
		cJSON_AddNullToObject(base, "move_to");
	cJSON_AddNumberToObject(base, "group_committers", pl->group_committers);
	if (pl->rs) {
		cJSON_AddNumberToObject(base, "rounds", pl->rs->rounds);
		cJSON_AddNumberToObject(base, "elapsed_s", (double)pl->rs->elapsed_ns / 1e9);
		if (pl->rs->settled_in_s > 0)
			cJSON_AddNumberToObject(base, "settled_in_s", pl->rs->settled_in_s);
		else
			cJSON_AddNullToObject(base, "settled_in_s");
	}
	add_placement_row(base, "idle_commit", &pl->idle_commit);
	add_placement_row(base, "idle_group", &pl->idle_group);
	add_placement_row(base, "loaded_commit", &pl->loaded_commit);
	add_placement_row(base, "loaded_group", &pl->loaded_group);
	if (pl->slowdown_known) {
		cJSON_AddNumberToObject(base, "load_slowdown_pct", pl->slowdown_pct);
		add_range(base, "load_slowdown_ci95_pct", pl->slowdown_low, pl->slowdown_high);
	} else {
		cJSON_AddNullToObject(base, "load_slowdown_pct");
	}
	load = cJSON_AddObjectToObject(base, "load");
	if (load) {
		cJSON_AddNumberToObject(load, "target_per_s", pl->load_target_per_s);
		cJSON_AddNumberToObject(load, "achieved_per_s", pl->load_achieved_per_s);
		cJSON_AddNumberToObject(load, "capacity_per_s", pl->load_capacity_per_s);
		cJSON_AddNumberToObject(load, "capacity_pct", pl->load_pct);
		cJSON_AddBoolToObject(load, "kept_up", pl->load_kept_up);
		cJSON_AddNumberToObject(load, "fsync_mean_ms", pl->load_fsync_mean_ms);
		cJSON_AddNumberToObject(load, "fsync_max_ms", pl->load_fsync_max_ms);
	}
	arr = cJSON_AddArrayToObject(base, "steps");
	for (k = 0; arr && k < w.nsteps; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(w.steps[k]));
	/* Every row as a test, trials and all: the verdict's evidence in full. */
	arr = pl->rs ? cJSON_AddArrayToObject(base, "tests") : NULL;
	for (k = 0; arr && k < pl->rs->n; k++)
		if ((x = test_to_json(pl->rs, &pl->rs->v[k])))
			cJSON_AddItemToArray(arr, x);
}

static void add_recommendation(cJSON *root, const struct wb_recommendation *rec)
{
	cJSON *o = cJSON_AddObjectToObject(root, "recommendation"), *arr;
	struct wb_rec_words w;
	size_t i;

	if (!o)
		return;
	wb_words_recommendation(rec, &w);
	cJSON_AddStringToObject(o, "workload", wb_workload_names[rec->workload]);
	add_placement(o, rec->placement);
	if (rec->failed) {
		cJSON_AddNullToObject(o, "wal_sync_method");
		cJSON_AddStringToObject(o, "failure", w.failure);
		cJSON_AddStringToObject(o, "headline", w.headline);
		return;
	}
	cJSON_AddStringToObject(o, "wal_sync_method", wb_method_get(rec->method)->name);
	cJSON_AddBoolToObject(o, "change", rec->change);
	cJSON_AddBoolToObject(o, "significant", rec->significant);
	cJSON_AddNumberToObject(o, "margin_pct", rec->margin_pct);
	add_range(o, "ci95_pct", rec->ci_low_pct, rec->ci_high_pct);
	if (rec->has_runner_up) {
		cJSON *ru = cJSON_AddObjectToObject(o, "runner_up");

		if (ru) {
			cJSON_AddStringToObject(ru, "method", wb_method_get(rec->runner_up)->name);
			cJSON_AddNumberToObject(ru, "margin_pct", rec->runner_up_pct);
			add_range(ru, "ci95_pct", rec->runner_up_low, rec->runner_up_high);
		}
	} else {
		cJSON_AddNullToObject(o, "runner_up");
	}
	add_verdict(o, "oltp", &rec->oltp);
	add_verdict(o, "bulk", &rec->bulk);
	cJSON_AddNumberToObject(o, "flush_p50_us", rec->flush_p50_us);
	cJSON_AddNumberToObject(o, "commit_delay_us", rec->commit_delay_us);
	cJSON_AddNumberToObject(o, "commit_siblings", rec->commit_siblings);
	cJSON_AddStringToObject(o, "commit_delay_reason", w.commit_reason);
	cJSON_AddBoolToObject(o, "decided", rec->decided);
	cJSON_AddNumberToObject(o, "decided_in_s", rec->decided_in_s);
	cJSON_AddStringToObject(o, "headline", w.headline);
	cJSON_AddStringToObject(o, "reason", w.reason);
	arr = cJSON_AddArrayToObject(o, "advisories");
	for (i = 0; arr && i < rec->nadvisories; i++) {
		const struct wb_advisory *a = &rec->advisories[i];
		cJSON *x = cJSON_CreateObject();
		struct wb_advisory_words aw;

		if (!x)
			break;
		wb_words_advisory(a, &aw);
		cJSON_AddStringToObject(x, "fact", aw.fact);
		cJSON_AddStringToObject(x, "value", aw.value);
		cJSON_AddStringToObject(x, "advice", aw.advice);
		cJSON_AddStringToObject(x, "reason", aw.reason);
		cJSON_AddStringToObject(x, "severity", wb_severity_name(a->severity));
		cJSON_AddItemToArray(arr, x);
	}
	arr = cJSON_AddArrayToObject(o, "config");
	for (i = 0; arr && i < w.nconfig; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(w.config[i]));
	arr = cJSON_AddArrayToObject(o, "alter_system");
	for (i = 0; arr && i < w.nalter; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(w.alter[i]));
}

/* A figure with its interval; an unbounded end is null. */
static void add_figure(cJSON *o, const struct wb_q_figure *f)
{
	cJSON *arr;

	if (!f->measured) {
		cJSON_AddNullToObject(o, "value");
		cJSON_AddNullToObject(o, "ci95");
		return;
	}
	cJSON_AddNumberToObject(o, "value", f->value);
	arr = cJSON_AddArrayToObject(o, "ci95");
	if (!arr)
		return;
	cJSON_AddItemToArray(arr, isfinite(f->low) ? cJSON_CreateNumber(f->low) : cJSON_CreateNull());
	cJSON_AddItemToArray(arr, isfinite(f->high) ? cJSON_CreateNumber(f->high)
						    : cJSON_CreateNull());
	if (f->value > 0 && isfinite(f->low) && isfinite(f->high))
		cJSON_AddNumberToObject(o, "ci95_pct", 100.0 * (f->high - f->low) / 2 / f->value);
	else
		cJSON_AddNullToObject(o, "ci95_pct");
}

static void add_tier_verdict(cJSON *o, const struct wb_q_tier_verdict *t)
{
	cJSON *arr, *x;
	size_t k;

	cJSON_AddStringToObject(o, "tier", t->name);
	cJSON_AddStringToObject(o, "verdict", wb_q_result_name(t->verdict));
	arr = cJSON_AddArrayToObject(o, "criteria");
	for (k = 0; arr && k < t->n; k++) {
		const struct wb_q_outcome *c = &t->o[k];

		if (!(x = cJSON_CreateObject()))
			return;
		cJSON_AddStringToObject(x, "shape", wb_q_shape_names[c->crit.shape]);
		cJSON_AddStringToObject(x, "metric", wb_q_metric_names[c->crit.metric]);
		add_figure(x, &c->fig);
		cJSON_AddNumberToObject(x, "threshold", c->crit.threshold);
		cJSON_AddStringToObject(x, "result", wb_q_result_name(c->result));
		cJSON_AddStringToObject(x, "source", c->crit.source);
		cJSON_AddItemToArray(arr, x);
	}
}

/* "qualification": the chosen tier's verdict, every tier's, and the trend;
 * "findings": the plausibility findings. */
static void add_qualification(cJSON *root, const struct wb_qualification *q)
{
	cJSON *o = cJSON_AddObjectToObject(root, "qualification"), *arr, *x;
	struct wb_finding_words fw;
	struct wb_q_words w;
	size_t k;

	if (!o)
		return;
	wb_words_qualification(q, &w);
	cJSON_AddStringToObject(o, "headline", w.headline);
	if (q->failed) {
		cJSON_AddStringToObject(o, "verdict", "error");
		cJSON_AddStringToObject(o, "failure", w.failure);
	} else if (q->chosen >= 0) {
		add_tier_verdict(o, &q->tiers[q->chosen]);
	}
	arr = cJSON_AddArrayToObject(o, "tiers");
	for (k = 0; arr && !q->failed && k < q->ntiers; k++)
		if ((x = cJSON_CreateObject())) {
			add_tier_verdict(x, &q->tiers[k]);
			cJSON_AddItemToArray(arr, x);
		}
	if ((x = cJSON_AddObjectToObject(o, "trend"))) {
		cJSON_AddBoolToObject(x, "known", q->trend.known);
		cJSON_AddNumberToObject(x, "burst_per_s", q->trend.burst_per_s);
		cJSON_AddNumberToObject(x, "sustained_per_s", q->trend.sustained_per_s);
		cJSON_AddBoolToObject(x, "fell", q->trend.fell);
		if (q->trend.fell)
			cJSON_AddNumberToObject(x, "fell_after_s", q->trend.fell_after_s);
		cJSON_AddStringToObject(x, "line", w.trend);
	}
	arr = cJSON_AddArrayToObject(root, "findings");
	for (k = 0; arr && k < q->nfindings; k++)
		if ((x = cJSON_CreateObject())) {
			wb_words_finding(q, &q->findings[k], &fw);
			cJSON_AddStringToObject(x, "name", wb_finding_name(q->findings[k].code));
			cJSON_AddStringToObject(x, "severity", q->findings[k].severity ==
						WB_FINDING_WARN ? "warn" : "info");
			cJSON_AddStringToObject(x, "evidence", fw.evidence);
			cJSON_AddStringToObject(x, "advice", fw.advice);
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
	cJSON_AddStringToObject(root, "walbench_version", WB_VERSION);
	cJSON_AddNumberToObject(root, "schema_version", WB_SCHEMA_VERSION);
	add_command_line(root, cfg, cmd);
	/* A run a signal stopped early: what it measured, said to be partial. */
	cJSON_AddBoolToObject(root, "partial", rs->interrupted != 0);
	if (rs->interrupted) {
		char sig[24];

		snprintf(sig, sizeof(sig), "SIG%s", sigabbrev_np(rs->interrupted) ?
			 sigabbrev_np(rs->interrupted) : "?");
		cJSON_AddStringToObject(root, "interrupted_by", sig);
	} else {
		cJSON_AddNullToObject(root, "interrupted_by");
	}
	host = cJSON_AddObjectToObject(root, "host");
	if (host) {
		cJSON_AddStringToObject(host, "hostname", rs->host.hostname);
		cJSON_AddStringToObject(host, "kernel", rs->host.kernel);
		cJSON_AddStringToObject(host, "target", rs->target);
		cJSON_AddNumberToObject(host, "started_unix", (double)rs->started_unix);
		cJSON_AddStringToObject(host, "clock", rs->clock);
		if (rs->clock_ghz > 0)
			cJSON_AddNumberToObject(host, "clock_ghz", rs->clock_ghz);
		else
			cJSON_AddNullToObject(host, "clock_ghz");
		add_device(host, &rs->device);
		add_os(host, &rs->os);
	}
	add_config(root, cfg, cmd);
	if (rs->adaptive) {
		cJSON *cmp = cJSON_AddArrayToObject(root, "comparisons");

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
	tests = cJSON_AddArrayToObject(root, "tests");
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
