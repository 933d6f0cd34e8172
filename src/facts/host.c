/* host.c — reads the host facts from uname(2), and the machine's identity. */
#include "facts/host.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

void wb_host_probe(struct wb_host *h)
{
	struct utsname u;

	memset(h, 0, sizeof(*h));
	if (uname(&u))
		return;
	snprintf(h->hostname, sizeof(h->hostname), "%s", u.nodename);
	snprintf(h->kernel, sizeof(h->kernel), "%s %s", u.sysname, u.release);
}

/* The first line of path into buf, without its newline; false when it cannot be
 * read or is empty. */
static bool first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	bool ok = f && fgets(buf, (int)len, f);

	if (f)
		fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok && buf[0];
}

int wb_host_machine_id(char *buf, size_t len)
{
	struct utsname u;

	if (first_line("/etc/machine-id", buf, len) ||
	    first_line("/var/lib/dbus/machine-id", buf, len))
		return 0;
	buf[0] = '\0';
	if (uname(&u))
		return -errno;
	snprintf(buf, len, "%s", u.nodename);
	return 0;
}
