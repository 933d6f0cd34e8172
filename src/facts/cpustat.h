/* cpustat.h — the host's CPU time so far, from /proc/stat's first line: how
 * busy the CPUs were between two reads. recommend --server reads it at both
 * snapshots of a local server: a server whose commits got faster would need
 * that much more CPU per second, and the CPUs there are sets a ceiling
 * (advice/placement_model.h). */
#ifndef WB_FACTS_CPUSTAT_H
#define WB_FACTS_CPUSTAT_H

#include <stdint.h>

struct wb_cpustat {
	uint64_t busy;   /* user + nice + system + irq + softirq + steal, in ticks */
	uint64_t total;  /* busy + idle + iowait (waiting for I/O is idle CPU) */
	unsigned ncpu;   /* the cpuN lines */
};

/* Reads proc_root/stat ("/proc" on a live host, a fixture tree in tests).
 * 0, or -errno (-EINVAL: not the layout the kernel documents). */
int wb_cpustat_read(const char *proc_root, struct wb_cpustat *out);

/* The CPU time of a process tree, in ticks (sysconf(_SC_CLK_TCK) a second):
 * pid's own user and system time and that of its children it has reaped
 * (proc(5): utime, stime, cutime, cstime), plus the user and system time of
 * its living children (ppid == pid). For a postmaster that is every backend's,
 * past and present, and no one else's: the CPU the server itself spends, apart
 * from its clients and the host's other work. 0, or -errno (-ESRCH: no pid). */
int wb_proc_tree_ticks(const char *proc_root, long pid, uint64_t *ticks);

/* The user and system time of pid, in ticks, when it is a child of parent: a
 * backend of that postmaster, not some other host's process with the same
 * number. 0, or -errno (-ESRCH: no such child). */
int wb_proc_child_ticks(const char *proc_root, long pid, long parent, uint64_t *ticks);

#endif
