/* pg_queries.h — the SQL walbench sends a PostgreSQL server, per major version,
 * and the parsing of what comes back into observed.h's structs. Pure: text in,
 * structs out, no libpq, so the unit tests feed it rows shaped like each
 * version's documented columns (tests/unit/fixtures/pg/). Every query is a
 * plain SELECT of catalogue views, run in a READ ONLY transaction; none calls
 * a function that writes or changes a setting. */
#ifndef WB_PGSTAT_PG_QUERIES_H
#define WB_PGSTAT_PG_QUERIES_H

#include "pgstat/observed.h"

/* One row per setting walbench reads: columns name, setting, unit. A setting a
 * version lacks, or one the role may not see (data_directory without
 * pg_read_all_settings), is simply not among the rows. */
const char *wb_pg_settings_sql(void);

/* Stores one row of that query in s (text, unit and the converted value);
 * unknown names are ignored. 0, or -EINVAL when the value cannot be read for
 * its unit (the row is then not stored). */
int wb_pg_settings_row(struct wb_pg_settings *s, const char *name, const char *setting,
		       const char *unit);

/* After the rows: version_num and major from server_version_num. 0; -ENOENT
 * without server_version_num; -ENOTSUP below WB_PG_MIN_MAJOR. */
int wb_pg_settings_finish(struct wb_pg_settings *s);

/* The snapshot query of a major version (a newer one than WB_PG_MAX_MAJOR is
 * read as WB_PG_MAX_MAJOR): one row whose columns are "at_s", then counters
 * named as wb_pg_counter_names and timers as wb_pg_timer_names, then the
 * views' stats_reset as wb_pg_reset_names, only those the version has. Static text; NULL below WB_PG_MIN_MAJOR. */
const char *wb_pg_snapshot_sql(unsigned major);

/* The sampler's query (the same on every major walbench reads): one row per
 * wait_event_type, wait_event and state of the client backends but the
 * caller's, with its count, as wb_pg_waits_row reads it; a session idle
 * WB_PG_WAIT_IDLE_S or longer reads "idle", one idle for less "idle,
 * recent", and another role's, hidden from the caller, has every column ""
 * but the count. Prepared once, run every round. */
const char *wb_pg_sampler_sql(void);

/* Each database's counters and stats_reset (observed.h struct
 * wb_pg_databases), one row per database: datid, then the counters in enum
 * order, then stats_reset as seconds since the epoch. The same on 14..18. */
const char *wb_pg_databases_sql(void);

/* Adds one row of that query to d; a row past WB_PG_MAX_DATABASES clears
 * d->complete. 0, or -EINVAL when the row is not that shape. */
int wb_pg_databases_row(struct wb_pg_databases *d, unsigned ncols, const char *const *values);

/* Whether pg_stat_database's stats_reset moved between b and e only as a
 * table's or a function's reset moves it, or as a database created in the
 * window sets its own (up to 14): some database's stats_reset moved, and every
 * one of b whose did kept its counters (none lower at e) and had counted for
 * WB_PG_RESET_HISTORY_WINDOWS windows of `seconds` before begin_at (or since
 * initdb: never reset); no database of b is missing from e (a dropped
 * database's commits leave the sum). false when either read is incomplete. */
bool wb_pg_databases_kept(const struct wb_pg_databases *b, const struct wb_pg_databases *e,
			  double begin_at, double seconds);

/* Parses that row (ncols names and values; a NULL value is an SQL NULL, which
 * leaves the counter unread) into s. 0, or -EINVAL when at_s is missing or a
 * value is not a number. */
int wb_pg_snapshot_row(struct wb_pg_snapshot *s, unsigned ncols, const char *const *names,
		       const char *const *values);

/* The view a counter or timer comes from on a major (what resets it);
 * WB_PGV_COUNT for one no view holds (the xids), which no reset voids. */
enum wb_pg_view wb_pg_counter_view(unsigned major, enum wb_pg_counter c);
enum wb_pg_view wb_pg_timer_view(unsigned major, enum wb_pg_timer t);

/* Whether debug_io_direct's text (a comma-separated list, as the server's
 * check_debug_io_direct splits it with SplitIdentifierString: blanks around an
 * item ignored, a bare item case-insensitive, a double-quoted one exact) names
 * `item` ("wal", "data", "wal_init"). "wal_init" is not "wal": only "wal" opens
 * WAL segments with O_DIRECT (xlog.c, get_sync_bit). */
bool wb_pg_io_direct_has(const char *list, const char *item);

#endif
