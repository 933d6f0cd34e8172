/* host.c — reads the host facts from uname(2), the machine's identity and the boot's. */
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

int wb_host_boot_id(char *buf, size_t len)
{
	char id[64]; /* room beyond a UUID, so a longer line is seen, not cut to fit */
	size_t i;
	int ret;

	if (len)
		buf[0] = '\0';
	if (len < WB_HOST_BOOT_ID_LEN + 1)
		return -ENOSPC;
	ret = wb_facts_read_attr("/proc/sys/kernel/random", "boot_id", id, sizeof(id));
	if (ret)
		return ret;
	/* Only a UUID's shape is taken: anything else would be compared as if it were one. */
	for (i = 0; id[i]; i++)
		if (!(id[i] == '-' || (id[i] >= '0' && id[i] <= '9') ||
		      (id[i] >= 'a' && id[i] <= 'f')))
			break;
	if (id[i] || i != WB_HOST_BOOT_ID_LEN)
		return -EINVAL;
	memcpy(buf, id, WB_HOST_BOOT_ID_LEN + 1);
	return 0;
}
