/* pgdata.h — the one reader of a PostgreSQL data directory. The one a path lies
 * in, found up the path: the nearest directory holding PG_VERSION and pg_wal
 * (pg_xlog before 10; base/N holds a PG_VERSION too, but no pg_wal); whether a
 * server runs there (postmaster.pid, and whether its PID runs here); and
 * max_wal_size as its configuration files set it, when they simply do. And one
 * known by name (the server's data_directory, the DIR given): whether it is
 * one from here, its postmaster.pid, where its pg_wal really is.
 * Trap: pg_wal may be a symlink to another volume: the path is walked up as
 * given (made absolute, not resolved) first, then resolved; and a path on that
 * volume (initdb --waldir) has no data directory above it at all: there the
 * nearest directory holding archive_status/ and WAL segments is a pg_wal, and
 * the running server whose data directory's pg_wal links to it is its own. */
#ifndef WB_FACTS_PGDATA_H
#define WB_FACTS_PGDATA_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Which file set max_wal_size. */
enum wb_conf_from {
	WB_CONF_NONE,     /* neither file sets it (or they cannot be read) */
	WB_CONF_AUTO,     /* postgresql.auto.conf (ALTER SYSTEM): the server reads it last */
	WB_CONF_MAIN,     /* postgresql.conf */
};

struct wb_pgdata {
	bool found;               /* dir is a data directory the path lies in */
	char dir[PATH_MAX];
	bool pid_file;            /* postmaster.pid exists: a server runs there, or died
				   * without removing it (and will replay WAL when restarted) */
	long pid;                 /* its first line; 0 unreadable */
	bool pid_alive;           /* kill(pid, 0) found a process (EPERM included); a
				   * server in another PID namespace looks dead from here */
	uint64_t max_wal_size;    /* bytes, from max_wal_size_from; 0 when NONE */
	enum wb_conf_from max_wal_size_from;
	bool includes;            /* postgresql.conf includes files walbench does not read:
				   * its own max_wal_size line is not trusted */
};

/* Looks up the path from dir for a data directory (or, from a pg_wal on its
 * own volume, its running server's) and reads the above. */
void wb_pgdata_find(const char *dir, struct wb_pgdata *pd);

/* Whether dir is a data directory seen from here: it holds PG_VERSION. 0, or
 * -errno: -ENOENT not one (or not on this host), -EACCES there but closed
 * (the server's own 0700 directory, seen by another OS user). */
int wb_pgdata_here(const char *dir);

/* dir's postmaster.pid: its first line in *pid (the postmaster's PID; a
 * single-user backend writes its own, negative) and its fourth in *port (the
 * port, which names the unix socket too), each 0 when the file does not say.
 * 0, or -errno when it cannot be opened: -ENOENT, no server runs there. */
int wb_pgdata_pid_file(const char *dir, long *pid, unsigned *port);

/* dir's pg_wal: whether it is a symlink (moved to another volume, the
 * symlink kept), and its real path in real ("" when it does not resolve). */
bool wb_pgdata_wal(const char *dir, char real[PATH_MAX]);

/* The value of setting name on one configuration line (`name = value`, the =
 * optional, the value maybe in single quotes, a # comment after), into value;
 * false when the line sets something else or nothing. Names are matched without
 * regard to case, as the server does. */
bool wb_pg_conf_value(const char *line, const char *name, char *value, size_t len);

/* A size setting's value in bytes: a number (fractions allowed, as since
 * PostgreSQL 12), then optionally B, kB, MB, GB or TB; a bare number counts in
 * unit bytes (max_wal_size: MB). 0, or -EINVAL. */
int wb_pg_size_value(const char *value, uint64_t unit, uint64_t *bytes);

#endif
