/* words_space.c — the space guard's refusal and its override, in words
 * (advice/space_guard.h). One paragraph on stderr: the figures a user needs to
 * free space or to decide to override. */
#include "report/words.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "report/sentence.h"

#define MIB (1024.0 * 1024)

/* 300 MiB, 9.5 MiB, 2.0 GiB: a volume's figures, rounded as df -h would. */
static const char *amount(uint64_t bytes, char *buf, size_t len)
{
	double mib = (double)bytes / MIB;

	if (mib >= 1024)
		snprintf(buf, len, "%.1f GiB", mib / 1024);
	else if (mib >= 10 || mib == 0)
		snprintf(buf, len, "%.0f MiB", mib);
	else
		snprintf(buf, len, "%.1f MiB", mib);
	return buf;
}

static const char *wal_source(const struct wb_space_verdict *v, const char *datadir, char *buf,
			      size_t len)
{
	switch (v->wal_from) {
	case WB_WALSZ_SERVER:
		snprintf(buf, len, "the server's own setting");
		break;
	case WB_WALSZ_AUTO_CONF:
		snprintf(buf, len, "from %s/postgresql.auto.conf", datadir);
		break;
	case WB_WALSZ_CONF:
		snprintf(buf, len, "from %s/postgresql.conf", datadir);
		break;
	case WB_WALSZ_DEFAULT:
	default:
		if (datadir[0])
			snprintf(buf, len, "PostgreSQL's default: %s/postgresql.auto.conf and "
				 "postgresql.conf do not set it plainly", datadir);
		else
			snprintf(buf, len, "PostgreSQL's default: the server's setting is unknown");
		break;
	}
	return buf;
}

static const char *whose(const struct wb_space_verdict *v, const char *datadir, char *buf,
			 size_t len)
{
	if (v->live == WB_LIVE_SERVER)
		snprintf(buf, len, "the server --server observed keeps its pg_wal on this file "
			 "system");
	else
		snprintf(buf, len, "it is on the file system of a running PostgreSQL server's WAL "
			 "(%s/postmaster.pid exists)", datadir);
	return buf;
}

char *wb_words_space(const struct wb_space_verdict *v, const char *dir, const char *datadir,
		     char *buf, size_t len)
{
	char who[PATH_MAX + 120], src[PATH_MAX + 120], fr[32], sz[32], run[32], left[32],
	     margin[32], wal[32], other[32];
	const char *lead = v->state == WB_SPACE_ALLOWED ? "--allow-low-space: writing in"
							: "refusing to write in";
	struct wb_sentence s = wb_sentence_at(buf, len);

	if (v->state != WB_SPACE_REFUSED && v->state != WB_SPACE_ALLOWED)
		return buf;
	if (!datadir)
		datadir = "";
	whose(v, datadir, who, sizeof(who));
	if (v->reason == WB_SPACE_UNREAD) {
		snprintf(buf, len, "%s %s: %s, and its free space cannot be read (%s)%s", lead, dir,
			 who, strerror(-v->space_err),
			 v->state == WB_SPACE_ALLOWED ? ""
			 : "; add --allow-low-space to run anyway");
		return buf;
	}
	amount(v->free_bytes, fr, sizeof(fr));
	amount(v->size_bytes, sz, sizeof(sz));
	amount(v->run_bytes, run, sizeof(run));
	amount(v->left_bytes, left, sizeof(left));
	amount(v->margin, margin, sizeof(margin));
	amount(v->max_wal_size, wal, sizeof(wal));
	wb_sentence_add(&s, "%s %s: %s, and a full pg_wal stops the server with a PANIC. "
			"%s free of %s; this run writes up to %s, which would leave %s, less than "
			"the %s walbench keeps free there: ", lead, dir, who, fr, sz, run, left,
			margin);
	wal_source(v, datadir, src, sizeof(src));
	if (v->reason == WB_SPACE_BY_WAL)
		wb_sentence_add(&s, "twice max_wal_size (%s, %s), since WAL outgrows it under load "
				"(%d %% of the volume would be %s)", wal, src, WB_SPACE_VOLUME_PCT,
				amount(v->volume_margin, other, sizeof(other)));
	else
		wb_sentence_add(&s, "%d %% of the volume, more than twice max_wal_size (%s, %s)",
				WB_SPACE_VOLUME_PCT, wal, src);
	if (v->state != WB_SPACE_ALLOWED)
		wb_sentence_add(&s, ". Free space there, or add --allow-low-space to run anyway");
	return buf;
}
