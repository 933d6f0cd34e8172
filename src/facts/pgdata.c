/* pgdata.c — see pgdata.h. Reads only: PG_VERSION's presence, postmaster.pid's
 * first and fourth lines, pg_wal's link, the two configuration files and, for a pg_wal moved to its own
 * volume, what it holds and the running processes' working directories. */
#include "facts/pgdata.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define MIB (1024ull * 1024)

static bool exists_in(const char *dir, const char *name, bool want_dir)
{
	char path[PATH_MAX];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path) ||
	    stat(path, &st))
		return false;
	return want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

static bool is_datadir(const char *dir)
{
	return exists_in(dir, "PG_VERSION", false) &&
	       (exists_in(dir, "pg_wal", true) || exists_in(dir, "pg_xlog", true));
}

/* Walks path (absolute) up to /, stopping at the first data directory. */
static bool walk_up(char *path, char *found, size_t len)
{
	char *slash;

	for (;;) {
		if (is_datadir(path)) {
			snprintf(found, len, "%s", path);
			return true;
		}
		slash = strrchr(path, '/');
		if (!slash || slash == path) {
			if (path[1] == '\0')
				return false;
			path[1] = '\0'; /* "/x" -> "/" */
			continue;
		}
		*slash = '\0';
	}
}

static bool find_datadir(const char *dir, char *found, size_t len)
{
	char path[PATH_MAX], cwd[PATH_MAX];
	size_t n;

	if (dir[0] == '/')
		snprintf(path, sizeof(path), "%s", dir);
	else if (getcwd(cwd, sizeof(cwd)) &&
		 (size_t)snprintf(path, sizeof(path), "%s/%s", cwd, dir) < sizeof(path))
		;
	else
		path[0] = '\0';
	n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
	if (path[0] && walk_up(path, found, len))
		return true;
	return realpath(dir, path) && walk_up(path, found, len);
}

/* A WAL segment file's name: 24 hex digits (timeline, log, segment), as the
 * server writes them (upper case). */
static bool is_segment_name(const char *name)
{
	size_t n = strspn(name, "0123456789ABCDEF");

	return n == 24 && name[n] == '\0';
}

/* Whether dir holds what a pg_wal holds: an archive_status/ folder and at
 * least one WAL segment. */
static bool holds_wal(const char *dir)
{
	struct dirent *e;
	bool seg = false;
	DIR *d;

	if (!exists_in(dir, "archive_status", true) || !(d = opendir(dir)))
		return false;
	while (!seg && (e = readdir(d)))
		seg = is_segment_name(e->d_name);
	closedir(d);
	return seg;
}

/* The postmaster's PID in dir/postmaster.pid, or 0. */
static long pid_in(const char *dir)
{
	long pid;

	return wb_pgdata_pid_file(dir, &pid, NULL) ? 0 : labs(pid);
}

/* Whether dir/name resolves to wal (a real path). */
static bool resolves_to(const char *dir, const char *name, const char *wal)
{
	char path[PATH_MAX], real[PATH_MAX];

	return (size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) < sizeof(path) &&
	       realpath(path, real) && strcmp(real, wal) == 0;
}

/* The data directory of a running server whose pg_wal (or pg_xlog) resolves
 * to wal, a real path: a postmaster works in its data directory, whose
 * postmaster.pid names it, so each process's working directory is asked.
 * Reading another user's /proc/PID/cwd needs root or that user; walbench run
 * as neither cannot write in a server's pg_wal either. */
static bool postmaster_of(const char *wal, char *found, size_t len)
{
	char link[64], cwd[PATH_MAX];
	struct dirent *e;
	bool ok = false;
	DIR *proc;
	ssize_t n;

	proc = opendir("/proc");
	if (!proc)
		return false;
	while (!ok && (e = readdir(proc))) {
		long pid;
		char *end;

		pid = strtol(e->d_name, &end, 10);
		if (*end || pid <= 0)
			continue;
		snprintf(link, sizeof(link), "/proc/%ld/cwd", pid);
		n = readlink(link, cwd, sizeof(cwd) - 1);
		if (n <= 0)
			continue;
		cwd[n] = '\0';
		if (pid_in(cwd) != pid ||
		    !(resolves_to(cwd, "pg_wal", wal) || resolves_to(cwd, "pg_xlog", wal)))
			continue;
		snprintf(found, len, "%s", cwd);
		ok = true;
	}
	closedir(proc);
	return ok;
}

/* A pg_wal on its own volume (initdb --waldir, or moved and linked): no data
 * directory lies up its real path, so it is known by what it holds, up the
 * real path from dir, and by the running server whose pg_wal links there. */
static bool find_moved_wal(const char *dir, char *found, size_t len)
{
	char path[PATH_MAX], *slash;

	if (!realpath(dir, path))
		return false;
	for (;;) {
		if (holds_wal(path))
			return postmaster_of(path, found, len);
		slash = strrchr(path, '/');
		if (!slash || slash == path)
			return false;
		*slash = '\0';
	}
}

static void read_pid(struct wb_pgdata *pd)
{
	long pid;
	int ret = wb_pgdata_pid_file(pd->dir, &pid, NULL);

	/* Present but unreadable still says a server runs there. */
	pd->pid_file = ret != -ENOENT && ret != -ENAMETOOLONG;
	if (ret)
		return;
	pd->pid = labs(pid); /* a single-user backend's is negative */
	pd->pid_alive = pd->pid > 0 && (kill((pid_t)pd->pid, 0) == 0 || errno == EPERM);
}

int wb_pgdata_here(const char *dir)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/PG_VERSION", dir) >= sizeof(path))
		return -ENAMETOOLONG;
	return access(path, F_OK) ? -errno : 0;
}

int wb_pgdata_pid_file(const char *dir, long *pid, unsigned *port)
{
	char path[PATH_MAX], *line = NULL;
	size_t cap = 0;
	unsigned n = 0;
	FILE *f;

	*pid = 0;
	if (port)
		*port = 0;
	if ((size_t)snprintf(path, sizeof(path), "%s/postmaster.pid", dir) >= sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	/* Whole lines: the second, the data directory, may be longer than any
	 * buffer, and must not be counted twice on the way to the port. */
	while (n < 4 && getline(&line, &cap, f) > 0) {
		if (++n == 1)
			*pid = strtol(line, NULL, 10);
		else if (n == 4 && port)
			*port = (unsigned)strtoul(line, NULL, 10);
	}
	free(line);
	fclose(f);
	return 0;
}

bool wb_pgdata_wal(const char *dir, char real[PATH_MAX])
{
	char path[PATH_MAX];
	struct stat st;
	bool moved;

	real[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/pg_wal", dir) >= sizeof(path))
		return false;
	moved = lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
	if (!realpath(path, real))
		real[0] = '\0';
	return moved;
}

bool wb_pg_conf_value(const char *line, const char *name, char *value, size_t len)
{
	size_t n = strlen(name), o = 0;
	const char *p = line;

	while (isspace((unsigned char)*p))
		p++;
	if (strncasecmp(p, name, n) || (p[n] && p[n] != '=' && !isspace((unsigned char)p[n])))
		return false;
	p += n;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '=')
		p++;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '\'') {
		for (p++; *p && o + 1 < len; p++) {
			if (*p == '\'' && p[1] != '\'')
				break;
			if (*p == '\'')
				p++; /* '' is one quote */
			value[o++] = *p;
		}
	} else {
		while (*p && *p != '#' && !isspace((unsigned char)*p) && o + 1 < len)
			value[o++] = *p++;
	}
	value[o] = '\0';
	return o > 0;
}

int wb_pg_size_value(const char *value, uint64_t unit, uint64_t *bytes)
{
	static const struct { const char *name; uint64_t mult; } units[] = {
		{ "B", 1 }, { "kB", 1024 }, { "MB", MIB }, { "GB", 1024 * MIB },
		{ "TB", 1024 * 1024 * MIB },
	};
	uint64_t mult = unit;
	char *end;
	double v;
	size_t i;

	errno = 0;
	v = strtod(value, &end);
	if (end == value || errno || !(v >= 0))
		return -EINVAL;
	while (isspace((unsigned char)*end))
		end++;
	if (*end) {
		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
			if (strcmp(end, units[i].name) == 0)
				break;
		if (i == sizeof(units) / sizeof(units[0]))
			return -EINVAL;
		mult = units[i].mult;
	}
	if (v * (double)mult >= 18e18)
		return -EINVAL;
	*bytes = (uint64_t)(v * (double)mult + 0.5);
	return 0;
}

/* The last max_wal_size line of dir/name wins, as in the server; *includes
 * says whether the file includes others. */
static bool conf_max_wal_size(const char *dir, const char *name, uint64_t *bytes,
			      bool *includes)
{
	char path[PATH_MAX], line[1024], value[128];
	bool found = false;
	uint64_t b;
	FILE *f;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return false;
	f = fopen(path, "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (wb_pg_conf_value(line, "include", value, sizeof(value)) ||
		    wb_pg_conf_value(line, "include_if_exists", value, sizeof(value)) ||
		    wb_pg_conf_value(line, "include_dir", value, sizeof(value)))
			*includes = true;
		else if (wb_pg_conf_value(line, "max_wal_size", value, sizeof(value)) &&
			 !wb_pg_size_value(value, MIB, &b)) {
			*bytes = b;
			found = true;
		}
	}
	fclose(f);
	return found;
}

void wb_pgdata_find(const char *dir, struct wb_pgdata *pd)
{
	bool ignored = false;

	*pd = (struct wb_pgdata){ .found = false };
	if (!find_datadir(dir, pd->dir, sizeof(pd->dir)) &&
	    !find_moved_wal(dir, pd->dir, sizeof(pd->dir)))
		return;
	pd->found = true;
	read_pid(pd);
	/* postgresql.auto.conf is read after postgresql.conf: its setting wins. */
	if (conf_max_wal_size(pd->dir, "postgresql.auto.conf", &pd->max_wal_size, &ignored))
		pd->max_wal_size_from = WB_CONF_AUTO;
	else if (conf_max_wal_size(pd->dir, "postgresql.conf", &pd->max_wal_size, &pd->includes) &&
		 !pd->includes)
		pd->max_wal_size_from = WB_CONF_MAIN;
	else
		pd->max_wal_size = 0;
}
