/* results_reader.c — the reader half of the results file (results/schema.h
 * names its keys, report/json.c writes them): the file, its schema version and
 * the array of its tests into struct wb_saved_results; each test is read by
 * tests_fields.c, the host by results_reader_host.c, the verdicts by
 * recommend_fields.c and qualify_fields.c. */
#include "report/results_reader.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/profile.h"
#include "report/results_reader_parts.h"

/* Results files are written by walbench; this is far above the largest seen
 * (a qualify profile: a few hundred tests of a few hundred trials each). */
#define MAX_FILE_BYTES (256u << 20)

/* Everything but schema_version, which the caller judges first. */
static int read_body(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *tests, *config;
	int partial = 0, ret;

	if ((ret = wb_rd_get_string(rd, root, WB_KEY_WALBENCH_VERSION, out->walbench_version,
				    sizeof(out->walbench_version), "")) ||
	    (ret = wb_rd_get_string(rd, root, WB_KEY_COMMAND, out->command, sizeof(out->command),
				    "")) ||
	    (ret = wb_rd_get_bool(rd, root, WB_KEY_PARTIAL, &partial)) ||
	    (ret = wb_rd_host(rd, root, out)) ||
	    (ret = wb_rd_recommendation(rd, root, out)) ||
	    (ret = wb_rd_decision(rd, root, out)) ||
	    (ret = wb_rd_qualification(rd, root, out)) ||
	    (ret = wb_rd_observed(rd, root, out)) ||
	    (ret = wb_rd_shown_facts(rd, root, out)) ||
	    (ret = wb_rd_schedule(rd, root, out)))
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
				    wb_json_type_name(tests));
	return wb_rd_tests(rd, tests, out);
}

/* walbench's own outputs that are not results files (their "kind"): named,
 * with the files to give instead; "not a results file of walbench run" left
 * a user who passed compare's JSON to report guessing. */
static int not_results(struct reader *rd, const cJSON *root)
{
	const cJSON *kind = wb_rd_member(root, WB_KEY_KIND);

	if (!cJSON_IsString(kind))
		return 0;
	if (!strcmp(kind->valuestring, "compare"))
		return wb_rd_refuse(rd, NULL, "this is walbench compare's JSON, not a results file: "
				    "give the results files it compared (the --json of run, "
				    "recommend or qualify)");
	if (!strcmp(kind->valuestring, "fleet_summary"))
		return wb_rd_refuse(rd, NULL, "this is a fleet summary (walbench report --summary "
				    "--json), not a results file: give the hosts' results files");
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
				    wb_json_type_name(root));
	if ((ret = not_results(rd, root)))
		return ret;
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

/* text[0..len), NUL-terminated at len. */
static int parse_text(const char *text, size_t len, const char *path,
		      struct wb_saved_results *out, char *err, size_t err_len)
{
	struct reader rd = { .path = path, .err = err, .err_len = err_len, .out = out };
	cJSON *root;
	int ret;

	memset(out, 0, sizeof(*out));
	snprintf(out->path, sizeof(out->path), "%s", path);
	root = wb_json_parse(text, len, path, err, err_len);
	if (!root)
		return -EINVAL;
	wb_rd_redact_words(root);
	ret = read_root(&rd, root, err, err_len);
	if (ret == -ENOMEM)
		snprintf(err, err_len, "%s: out of memory", path);
	cJSON_Delete(root);
	return ret;
}

int wb_saved_parse(const char *text, const char *path, struct wb_saved_results *out, char *err,
		   size_t err_len)
{
	return parse_text(text, strlen(text), path, out, err, err_len);
}

int wb_saved_read(const char *path, struct wb_saved_results *out, char *err, size_t err_len)
{
	size_t len;
	char *text;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	snprintf(out->path, sizeof(out->path), "%s", path);
	text = wb_read_file(path, MAX_FILE_BYTES, &len, &ret);
	if (!text) {
		snprintf(err, err_len, "%s: cannot read: %s", path, strerror(-ret));
		return ret;
	}
	ret = parse_text(text, len, path, out, err, err_len);
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
