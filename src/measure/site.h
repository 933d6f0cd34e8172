/* site.h — the files of one place a session measures (a directory, or a raw
 * block device): made and filled before the first trial, removed whatever
 * happens. The first site also describes the run's host and storage.
 * Trap: a raw device is never unlinked; only its O_EXCL claim ends. */
#ifndef WB_MEASURE_SITE_H
#define WB_MEASURE_SITE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "measure/failure.h"
#include "measure/session.h"
#include "results/results.h"

/* The files of one site: made by wb_site_create, removed by wb_site_remove,
 * freed by wb_site_free. Set claim_fd to -1 before the first call. */
struct wb_site_files {
	char (*paths)[PATH_MAX];
	const char **list;         /* paths as the loops take them */
	unsigned made;             /* files that exist now */
	int claim_fd;              /* a raw device: held open with O_EXCL for the run; else -1 */
};

/* Bytes of each file: enough for every flush in flight (queue depth x writes x
 * size) and for every append test's segment, and at least
 * WB_DEFAULT_FILE_SIZE. */
uint64_t wb_site_file_size(const struct wb_test *tests, size_t n);

/* Files per site: one per job of the test with the most. */
unsigned wb_site_file_count(const struct wb_test *tests, size_t n);

/* Makes the nfiles files of site k in dir (raw: dir is a block device, the one
 * file), sized and filled for tests[0..n). Site 0 describes the run (host, OS,
 * device); another site's storage goes to rs->sites[k]. On failure, what was
 * made is removed and *pf says why (printed here). */
enum wb_session_status wb_site_create(struct wb_site_files *sf, const char *dir, unsigned k,
				      bool raw, unsigned nfiles, const struct wb_test *tests,
				      size_t n, struct wb_results *rs,
				      struct wb_prep_failure *pf);

/* Removes what wb_site_create made; a file that stays fails the run even when
 * every test passed (wb_testfile_remove has said which). Returns status, made
 * worse by that. */
enum wb_session_status wb_site_remove(struct wb_site_files *sf, enum wb_session_status status);

/* Frees the path lists (after wb_site_remove). */
void wb_site_free(struct wb_site_files *sf);

#endif
