/* space_gate.c — see space_gate.h. Gathers the facts (facts/space.h,
 * facts/pgdata.h, the observation), asks advice/space_guard.h, prints its words. */
#include "cli/space_gate.h"

#include <stdio.h>

#include "advice/space_guard.h"
#include "facts/pgdata.h"
#include "facts/space.h"
#include "report/words.h"

static enum wb_wal_size_source conf_source(enum wb_conf_from from)
{
	switch (from) {
	case WB_CONF_AUTO:
		return WB_WALSZ_AUTO_CONF;
	case WB_CONF_MAIN:
		return WB_WALSZ_CONF;
	case WB_CONF_NONE:
		break;
	}
	return WB_WALSZ_DEFAULT;
}

bool wb_cli_space_ok(const struct wb_config *cfg, const char *dir, uint64_t bytes,
		     const struct wb_pg_observed *server)
{
	struct wb_space_ask a = { .run_bytes = bytes, .allow_low_space = cfg->allow_low_space };
	static char words[WB_WORDS_SPACE_LEN];
	struct wb_space_verdict v;
	struct wb_space sp;
	struct wb_pgdata pd;
	const char *datadir;
	int ret;

	wb_pgdata_find(dir, &pd);
	if (server && server->paths.pg_wal[0] && wb_space_same_fs(dir, server->paths.pg_wal))
		a.live = WB_LIVE_SERVER;
	else if (pd.found && pd.pid_file)
		a.live = WB_LIVE_PID_FILE;
	if (a.live == WB_LIVE_NONE)
		return true; /* judged only beside a live server; ENOSPC is an I/O error as ever */
	if (a.live == WB_LIVE_SERVER && (server->set.have & (1u << WB_PGS_MAX_WAL_SIZE))) {
		a.max_wal_size = (uint64_t)server->set.value[WB_PGS_MAX_WAL_SIZE];
		a.wal_from = WB_WALSZ_SERVER;
	} else if (pd.found) {
		a.max_wal_size = pd.max_wal_size;
		a.wal_from = conf_source(pd.max_wal_size_from);
	}
	ret = wb_space_probe(dir, &sp);
	a.have_space = ret == 0;
	a.space_err = ret;
	a.free_bytes = ret ? 0 : sp.free_bytes;
	a.size_bytes = ret ? 0 : sp.size_bytes;
	datadir = pd.found ? pd.dir : server ? server->paths.data_directory : "";
	if (!wb_space_guard(&a, &v)) {
		fprintf(stderr, "walbench: %s\n", wb_words_space(&v, dir, datadir, words,
								 sizeof(words)));
		return false;
	}
	if (v.state == WB_SPACE_ALLOWED)
		fprintf(stderr, "walbench: %s\n", wb_words_space(&v, dir, datadir, words,
								 sizeof(words)));
	return true;
}

bool wb_cli_session_space_ok(const struct wb_config *cfg, const struct wb_session_where *where,
			     const struct wb_test *tests, size_t n,
			     const struct wb_pg_observed *server)
{
	uint64_t bytes;
	size_t k, j;

	if (where->raw_device)
		return true;
	/* Directories on one file system (a candidate beside the data directory)
	 * fill it together. */
	for (k = 0; k < where->ndirs; k++) {
		for (bytes = 0, j = 0; j < where->ndirs; j++)
			if (j == k || wb_space_same_fs(where->dirs[j], where->dirs[k]))
				bytes += wb_session_bytes_at(where, tests, n, j);
		if (where->load_dir && wb_space_same_fs(where->load_dir, where->dirs[k]))
			bytes += wb_session_load_dir_bytes(where, tests, n);
		if (!wb_cli_space_ok(cfg, where->dirs[k], bytes, server))
			return false;
	}
	/* The data load in a directory of its own (the data directory beside a
	 * pg_wal on its own volume) fills that file system too. */
	if (!where->load_dir || !wb_session_load_dir_bytes(where, tests, n))
		return true;
	for (bytes = wb_session_load_dir_bytes(where, tests, n), j = 0; j < where->ndirs; j++)
		if (wb_space_same_fs(where->dirs[j], where->load_dir))
			bytes += wb_session_bytes_at(where, tests, n, j);
	return wb_cli_space_ok(cfg, where->load_dir, bytes, server);
}
