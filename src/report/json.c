/* json.c — the writer half of the results file (results/schema.h names its
 * keys, report/results_reader.c is the reader): the top level in the file's
 * order, each part written by its own json_*.c (json_parts.h), printed once
 * and written atomically. */
#include "report/json_parts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/version.h"
#include "report/atomic_file.h"
#include "report/sentence.h"

char *wb_json_render(const struct wb_results *rs, const struct wb_config *cfg,
		     enum wb_command cmd, const struct wb_json_verdicts *v)
{
	cJSON *root = cJSON_CreateObject(), *tests;
	char *out = NULL;
	size_t i;

	if (!root)
		return NULL;
	cJSON_AddStringToObject(root, K(WALBENCH_VERSION), WB_VERSION);
	cJSON_AddNumberToObject(root, K(SCHEMA_VERSION), WB_SCHEMA_VERSION);
	wb_json_add_command_line(root, cfg, cmd);
	/* A run a signal stopped early: what it measured, said to be partial. */
	cJSON_AddBoolToObject(root, K(PARTIAL), rs->interrupted != 0);
	if (rs->interrupted) {
		char sig[WB_SENTENCE_SIGNAL_LEN];

		cJSON_AddStringToObject(root, K(INTERRUPTED_BY),
					wb_sentence_signal(rs->interrupted, sig, sizeof(sig)));
	} else {
		cJSON_AddNullToObject(root, K(INTERRUPTED_BY));
	}
	if (cmd == WB_CMD_OBSERVE) {
		/* Only the server's answers: nothing here was measured on a disk. */
		wb_json_add_config(root, cfg, cmd);
		if (v && v->observed)
			wb_json_add_observed(root, v->observed);
		goto print;
	}
	wb_json_add_host(root, rs);
	wb_json_add_config(root, cfg, cmd);
	if (v && v->observed)
		wb_json_add_observed(root, v->observed);
	if (rs->adaptive)
		wb_json_add_adaptive(root, rs);
	if (rs->decide)
		wb_json_add_decision(root, rs);
	if (v && v->rec)
		wb_json_add_recommendation(root, v->rec);
	if (v && v->qual)
		wb_json_add_qualification(root, v->qual);
	tests = cJSON_AddArrayToObject(root, K(TESTS));
	for (i = 0; tests && i < rs->n; i++) {
		cJSON *t = wb_json_test(rs, &rs->v[i]);

		if (!t)
			goto out;
		cJSON_AddItemToArray(tests, t);
	}
print:
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
