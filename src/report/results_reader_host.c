/* results_reader_host.c — the reader's part for the host and how the file was
 * made: host (checked: compare and the fleet summary match on it), and what
 * the HTML report shows as it is — the device, OS and config objects as rows,
 * the command line, the signal that stopped the run — and, leniently as those,
 * the mount point and the disk's model, which compare's storage check reads. */
#include "report/results_reader_parts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wb_rd_host(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *host, *dev;
	uint64_t started;
	int ret;

	if ((ret = wb_rd_get_object(rd, root, WB_KEY_HOST, &host)) || !host)
		return ret;
	snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_HOST));
	if ((ret = wb_rd_get_string(rd, host, WB_KEY_HOSTNAME, out->hostname,
				    sizeof(out->hostname), "")) ||
	    (ret = wb_rd_get_string(rd, host, WB_KEY_KERNEL, out->kernel, sizeof(out->kernel), "")))
		return ret;
	/* Whole seconds, as walbench writes them: a number past int64_t is not a
	 * time, and converting it would be undefined behaviour. */
	if ((ret = wb_rd_get_uint(rd, host, WB_KEY_STARTED_UNIX, &started, false, 0)))
		return ret;
	out->started_unix = (int64_t)started;
	if ((ret = wb_rd_get_object(rd, host, WB_KEY_DEVICE, &dev)))
		return ret;
	if (dev) {
		snprintf(rd->where, sizeof(rd->where), "%s.%s", wb_key(WB_KEY_HOST),
			 wb_key(WB_KEY_DEVICE));
		if ((ret = wb_rd_get_string(rd, dev, WB_KEY_FS_TYPE, out->fs_type,
					    sizeof(out->fs_type), "")) ||
		    (ret = wb_rd_get_string(rd, dev, WB_KEY_BLOCK_DEVICE, out->block_device,
					    sizeof(out->block_device), "")))
			return ret;
	}
	rd->where[0] = '\0';
	return 0;
}

/* How many rows obj makes: its members, an object member's own rows instead. */
static size_t count_rows(const cJSON *obj)
{
	const cJSON *v;
	size_t n = 0;

	cJSON_ArrayForEach(v, obj)
		n += cJSON_IsObject(v) ? count_rows(v) : 1;
	return n;
}

/* One member as a row named prefix + its key. */
static int fact_row(struct reader *rd, const char *prefix, const cJSON *v,
		    struct wb_saved_fact *f)
{
	const char *key = v->string ? v->string : "";
	size_t plen = strlen(prefix), klen = strlen(key);
	char *name, *json;

	/* in full, however long the key: the report never cut it */
	if (!(name = wb_rd_keep_array(rd, plen + klen + 1, 1)))
		return -ENOMEM;
	memcpy(name, prefix, plen);
	memcpy(name + plen, key, klen + 1);
	f->name = name;
	f->text = "";
	if (cJSON_IsString(v)) {
		f->kind = WB_SAVED_FACT_STRING;
		f->text = wb_rd_keep_string(rd, v->valuestring);
	} else if (cJSON_IsNumber(v)) {
		f->kind = WB_SAVED_FACT_NUMBER;
		f->number = v->valuedouble;
	} else if (cJSON_IsBool(v)) {
		f->kind = WB_SAVED_FACT_BOOL;
		f->yes = cJSON_IsTrue(v);
	} else if (cJSON_IsNull(v)) {
		f->kind = WB_SAVED_FACT_NULL;
	} else {
		f->kind = WB_SAVED_FACT_JSON;
		if (!(json = cJSON_PrintUnformatted(v)))
			return -ENOMEM;
		f->text = wb_rd_keep_string(rd, json);
		cJSON_free(json);
	}
	return f->text ? 0 : -ENOMEM;
}

/* Every member of obj into rows[*i...]; an object member (os.vm) as its own
 * rows, its key and a dot before theirs (cut at 127 characters, as the
 * report always cut it). */
static int fill_rows(struct reader *rd, const char *prefix, const cJSON *obj,
		     struct wb_saved_fact *rows, size_t *i)
{
	const cJSON *v;
	int ret;

	cJSON_ArrayForEach(v, obj) {
		if (cJSON_IsObject(v)) {
			char sub[128];

			snprintf(sub, sizeof(sub), "%s%s.", prefix, v->string ? v->string : "");
			if ((ret = fill_rows(rd, sub, v, rows, i)))
				return ret;
			continue;
		}
		if ((ret = fact_row(rd, prefix, v, &rows[(*i)++])))
			return ret;
	}
	return 0;
}

static int facts(struct reader *rd, const cJSON *obj, struct wb_saved_facts *dst)
{
	size_t i = 0;

	dst->n = count_rows(obj);
	dst->v = NULL;
	if (!dst->n)
		return 0;
	if (!(dst->v = wb_rd_keep_array(rd, dst->n, sizeof(*dst->v))))
		return -ENOMEM;
	return fill_rows(rd, "", obj, dst->v, &i);
}

int wb_rd_shown_facts(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *host = wb_rd_member(root, WB_KEY_HOST);
	const cJSON *config = wb_rd_member(root, WB_KEY_CONFIG);
	const cJSON *dev = wb_rd_member(host, WB_KEY_DEVICE);
	int ret;

	out->slice_s = wb_rd_show_number(config, WB_KEY_SLICE);
	if ((ret = wb_rd_show_string(rd, root, WB_KEY_INTERRUPTED_BY, &out->interrupted_by)) ||
	    (ret = wb_rd_show_string(rd, host, WB_KEY_TARGET, &out->target)) ||
	    (ret = wb_rd_show_string(rd, dev, WB_KEY_MOUNT_POINT, &out->mount_point)) ||
	    (ret = wb_rd_show_string(rd, dev, WB_KEY_MODEL, &out->model)) ||
	    (ret = wb_rd_show_lines(rd, root, WB_KEY_COMMAND_LINE, &out->command_line)) ||
	    (ret = facts(rd, dev, &out->device_facts)) ||
	    (ret = facts(rd, wb_rd_member(host, WB_KEY_OS), &out->os_facts)) ||
	    (ret = facts(rd, config, &out->config_facts)))
		return ret;
	return 0;
}
