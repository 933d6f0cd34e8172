/* host.c — reads the host facts from uname(2), and the machine's identity. */
#include "facts/host.h"
#include "facts/sysfs.h"

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

/* The one-line file dir/name into buf (sysfs.h's reader); false when it cannot be
 * read or is empty. */
static bool read_id(const char *dir, const char *name, char *buf, size_t len)
{
	return wb_facts_read_attr(dir, name, buf, len) == 0 && buf[0];
}

int wb_host_machine_id(char *buf, size_t len)
{
	struct utsname u;

	if (read_id("/etc", "machine-id", buf, len) ||
	    read_id("/var/lib/dbus", "machine-id", buf, len))
		return 0;
	buf[0] = '\0';
	if (uname(&u))
		return -errno;
	snprintf(buf, len, "%s", u.nodename);
	return 0;
}
