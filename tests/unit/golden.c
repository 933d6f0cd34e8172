/* golden.c — see golden.h. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <cjson/cJSON.h>

#include "golden.h"
#include "report/results_reader.h"
#include "results/schema.h"

char *golden_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return NULL;
	}
	text = calloc(1, (size_t)n + 1);
	if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		text = NULL;
	}
	fclose(f);
	return text;
}

void golden_check(const char *path, const char *what, const char *text)
{
	char *want;
	FILE *f;

	if (getenv("WB_GOLDEN_WRITE")) {
		f = fopen(path, "w");
		assert_non_null(f);
		assert_true(fputs(text, f) >= 0 && fputc('\n', f) == '\n');
		assert_int_equal(fclose(f), 0);
	}
	want = golden_slurp(path);
	if (!want)
		fail_msg("%s: %s", path, strerror(errno));
	if (strlen(want) && want[strlen(want) - 1] == '\n')
		want[strlen(want) - 1] = '\0';
	if (strcmp(text, want))
		fail_msg("%s: the writer's output differs from the golden file; now:\n%s", what, text);
	free(want);
}

char *golden_check_json(const char *path, const char *what, cJSON *root)
{
	char *text;

	assert_non_null(root);
	text = cJSON_Print(root);
	assert_non_null(text);
	cJSON_Delete(root);
	golden_check(path, what, text);
	return text;
}

void golden_read_doc(const char *name, cJSON *doc, struct wb_saved_results *out)
{
	char err[1024] = "", *text;

	assert_non_null(doc);
	cJSON_AddNumberToObject(doc, "schema_version", WB_SCHEMA_VERSION);
	cJSON_AddArrayToObject(doc, "tests");
	text = cJSON_Print(doc);
	assert_non_null(text);
	cJSON_Delete(doc);
	if (wb_saved_parse(text, name, out, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
}

void golden_round_trip(const char *name, cJSON *doc, const char *want,
		       void (*write)(cJSON *got, const struct wb_saved_results *saved))
{
	char *text;
	struct wb_saved_results saved;
	cJSON *got = cJSON_CreateObject();

	assert_non_null(got);
	golden_read_doc(name, doc, &saved);
	write(got, &saved);
	text = cJSON_Print(got);
	assert_non_null(text);
	cJSON_Delete(got);
	if (strcmp(want, text))
		fail_msg("%s: read back and written again, it differs:\n%s", name, text);
	free(text);
	wb_saved_free(&saved);
}
