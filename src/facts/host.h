/* host.h — facts about the machine a run happened on: its name and kernel, its lasting
 * identity and this boot's. Read once per run; reports print them beside the figures
 * they qualify. */
#ifndef WB_FACTS_HOST_H
#define WB_FACTS_HOST_H

#include <stddef.h>

struct wb_host {
	char hostname[128];      /* uname nodename */
	char kernel[160];        /* uname sysname and release, e.g. "Linux 6.1.0-18-amd64" */
};

/* Fills h; a fact that cannot be read stays empty. */
void wb_host_probe(struct wb_host *h);

/* This machine's lasting identity, the same after a reboot: /etc/machine-id's
 * line (systemd's, or D-Bus's copy under /var/lib/dbus), else the host name.
 * 0, or -errno when neither can be read; buf holds "" then. */
int wb_host_machine_id(char *buf, size_t len);

#define WB_HOST_BOOT_ID_LEN 36 /* a UUID in text, as /proc/sys/kernel/random/boot_id has it */

/* This boot's identity, new at every start of the kernel: the text of
 * /proc/sys/kernel/random/boot_id (WB_HOST_BOOT_ID_LEN characters; len must hold them
 * and the 0). 0, or -errno (-EINVAL: not a boot id's shape) with buf "" then. */
int wb_host_boot_id(char *buf, size_t len);

#endif
