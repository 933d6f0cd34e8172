/* server_shape.c — see server_shape.h. */
#include "advice/server_shape.h"

#include <math.h>
#include <string.h>

/* WAL's page (XLOG_BLCKSZ); a server built with another wal_block_size says so. */
static double page_bytes(const struct wb_pg_observed *o)
{
	double b = o->set.value[WB_PGS_WAL_BLOCK_SIZE];

	return (o->set.have & (1u << WB_PGS_WAL_BLOCK_SIZE)) && b > 0 ? b : 8192.0;
}

static uint32_t clamp_pages(double pages, uint32_t lo, uint32_t hi)
{
	if (!(pages >= lo))
		return lo;
	return pages > hi ? hi : (uint32_t)pages;
}

/* A commit flush's pages. 18 counts the bytes of each pwrite, whole pages
 * already: the pages written per flush. Before 18 there are only the WAL
 * generated: a flush of B bytes starts inside the page the previous one ended
 * in and rewrites it, so it writes floor(B / page) + 1 pages. */
static void commit_shape(const struct wb_pg_observed *o, struct wb_server_shape *out)
{
	bool whole = isfinite(o->rate.written_per_flush);
	double b = whole ? o->rate.written_per_flush : o->rate.bytes_per_flush;
	double page = page_bytes(o);

	out->commit_pages = 1;
	out->commit_why = o->rate.fsync_off ? WB_FLUSH_FSYNC_OFF : WB_FLUSH_NONE_SEEN;
	if (!(b > 0))
		return;
	out->commit_why = WB_FLUSH_OBSERVED;
	out->commit_pages = clamp_pages(whole ? round(b / page) : floor(b / page) + 1, 1,
					WB_SERVER_MAX_COMMIT_PAGES);
}

static void bulk_shape(const struct wb_pg_observed *o, struct wb_server_shape *out)
{
	const struct wb_pg_rates *r = &o->rate;
	double page = page_bytes(o);
	/* The pages a write wrote where 18 counts them, else the WAL it carried. */
	double per_write = isfinite(r->written_per_write) ? r->written_per_write
							  : r->bytes_per_write;

	out->nbulk = 0;
	if (!(r->wal_writes_per_s > 0)) {
		out->bulk_why = WB_BULK_GUESSED;
		out->bulk_pages[out->nbulk++] = 16;
		out->bulk_pages[out->nbulk++] = WB_SERVER_MAX_BULK_PAGES;
		return;
	}
	if (per_write >= WB_SERVER_BULK_WRITE_BYTES)
		out->bulk_why = WB_BULK_LARGE_WRITES;
	else if (r->buffers_full_per_s > 0)
		out->bulk_why = WB_BULK_BUFFERS_FULL;
	else {
		out->bulk_why = WB_BULK_NONE_SEEN;
		return;
	}
	/* The mean write's size, at least a bulk flush; and where wal_buffers
	 * filled, also the ring-filling flush, which the mean hides among the
	 * commits' small ones. */
	out->bulk_pages[out->nbulk++] = clamp_pages(ceil(per_write / page),
						    WB_BULK_MIN_WRITES,
						    WB_SERVER_MAX_BULK_PAGES);
	if (r->buffers_full_per_s > 0 && out->bulk_pages[0] != WB_SERVER_MAX_BULK_PAGES)
		out->bulk_pages[out->nbulk++] = WB_SERVER_MAX_BULK_PAGES;
}

/* The load the data volume carries: the pages the server wrote per second,
 * each one device write at most (the load writes pages at random, one device
 * write each; the server's sorted checkpoint writes merge, which the device's
 * count shows). */
static void load_shape(const struct wb_pg_observed *o, struct wb_server_shape *out)
{
	const struct wb_pg_rates *r = &o->rate;

	out->pages_per_s = r->data_pages_per_s;
	out->writes_per_page = r->device_writes_per_page < 1
				       ? fmax(r->device_writes_per_page, WB_SERVER_MIN_WRITES_PER_PAGE)
				       : 1.0; /* NAN (not read) compares false: one each */
	out->load_per_s = NAN;
	if (isnan(r->data_pages_per_s))
		out->load_why = WB_LOAD_NOT_READ;
	else if (!r->checkpoint_in_window)
		out->load_why = WB_LOAD_NO_CHECKPOINT;
	else {
		out->load_why = WB_LOAD_MEASURED;
		out->load_per_s = r->data_pages_per_s * out->writes_per_page;
	}
}

double wb_server_flush_min_gain(const struct wb_server_shape *s, double min_gain_pct)
{
	double g;

	/* Commits that do not wait for the flush gain nothing from a faster one:
	 * ask the most, and a tie is proven in a few rounds. */
	if (s->share_source == WB_SHARE_ASYNC_COMMIT)
		return WB_SERVER_MAX_FLUSH_GAIN_PCT;
	if (s->share_source != WB_SHARE_SERVER_TIME || !(s->flush_share > 0))
		return 0;
	g = wb_flush_gain_for_commit_pct(min_gain_pct, s->flush_share);
	return g < WB_SERVER_MAX_FLUSH_GAIN_PCT ? g : WB_SERVER_MAX_FLUSH_GAIN_PCT;
}

void wb_server_shape(const struct wb_pg_observed *o, struct wb_server_shape *out)
{
	enum wb_method_id m = wb_method_find(o->set.text[WB_PGS_WAL_SYNC_METHOD]);

	memset(out, 0, sizeof(*out));
	out->baseline_known = m != WB_METHOD_COUNT && m != WB_METHOD_NONE &&
			      m != WB_METHOD_FSYNC_WRITETHROUGH && m != WB_METHOD_PWRITEV2_DSYNC;
	out->baseline = out->baseline_known ? m : WB_DEFAULT_METHOD;
	commit_shape(o, out);
	bulk_shape(o, out);
	load_shape(o, out);
	out->flush_share = NAN;
	out->share_source = WB_SHARE_ESTIMATED;
	out->commits = o->rate.commits_per_s * o->seconds;
	out->flushes = o->rate.flushes;
	out->idle = wb_server_idle(o);
	if (out->idle) {
		/* no share at all, not an estimate: 0 flushes/s estimates 0 too */
		out->share_source = WB_SHARE_NONE;
	} else if (o->rate.async_commit) {
		out->flush_share = 0;
		out->share_source = WB_SHARE_ASYNC_COMMIT;
	} else if (isfinite(o->rate.flush_busy)) {
		out->flush_share = o->rate.flush_busy;
		out->share_source = WB_SHARE_SERVER_TIME;
	}
}

bool wb_server_idle(const struct wb_pg_observed *o)
{
	return !o->rate.fsync_off && isfinite(o->rate.flushes) &&
	       o->rate.flushes < WB_SERVER_MIN_FLUSHES;
}

bool wb_server_flush_ms_known(const struct wb_pg_observed *o)
{
	return isfinite(o->rate.flush_ms) && o->rate.flush_ms > 0 &&
	       o->rate.flushes >= WB_SERVER_MIN_FLUSHES;
}
