/* host.c — reads the host facts from uname(2). */
#include "facts/host.h"

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
