/* run_label.c — one short, distinct name per results file (run_label.h). */
#include "report/run_label.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The file's base name without a trailing ".json". */
static void file_stem(const char *path, char *dst, size_t cap)
{
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	snprintf(dst, cap, "%.*s", (int)len, base);
}

void wb_run_labels(const struct wb_saved_results *r, size_t n, char (*labels)[WB_RUN_LABEL_LEN])
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		bool shared = !*r[i].hostname;

		for (k = 0; k < n && !shared; k++)
			shared = k != i && strcmp(r[k].hostname, r[i].hostname) == 0;
		if (shared)
			file_stem(r[i].path, labels[i], WB_RUN_LABEL_LEN);
		else
			snprintf(labels[i], WB_RUN_LABEL_LEN, "%s", r[i].hostname);
	}
}
