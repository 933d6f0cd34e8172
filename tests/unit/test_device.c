/* test_device.c — device facts: mountinfo parsing on a fixture, the storage
 * stack (partition, md, dm, loop, nvme, virtual disks) read straight from the
 * fixture sysfs by major:minor, sysfs reading through wb_device_probe with a
 * real stat() and a fake /sys, and the real /proc and /sys where only certain
 * facts are asserted.
 * Trap: probe takes major:minor from a real stat(), so the fake sysfs is built
 * at test time under /tmp with dev/block/<real maj:min> pointing into the
 * fixture tree; teardown removes it without following its symlinks. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkdtemp, nftw, statfs */
#endif
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <linux/magic.h>
#include <linux/stat.h> /* STATX_DIOALIGN, the kernel's struct statx fields */
#include <cmocka.h>

#include "facts/device.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define DEVICE_FIXTURES WB_FIXTURES_DIR "/device"

/* ---- helpers ------------------------------------------------------------ */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		fail_msg("cannot open fixture %s: %s (set WB_FIXTURES_DIR)", path, strerror(errno));
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	assert_int_equal(fseek(f, 0, SEEK_SET), 0);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

static void path_join(char *out, const char *a, const char *b)
{
	int n = snprintf(out, PATH_MAX, "%s/%s", a, b);

	assert_true(n > 0 && n < PATH_MAX);
}

/* ---- mountinfo parsing --------------------------------------------------- */

static int mountinfo_setup(void **state)
{
	*state = slurp(DEVICE_FIXTURES "/proc/self/mountinfo");
	return 0;
}

static int mountinfo_teardown(void **state)
{
	free(*state);
	return 0;
}

static bool parse(void **state, unsigned maj, unsigned min, const char *path,
		  struct wb_device *d)
{
	memset(d, 0, sizeof(*d));
	return wb_device_parse_mountinfo(*state, maj, min, path, d);
}

static void test_mountinfo_root(void **state)
{
	struct wb_device d;

	assert_true(parse(state, 254, 1, "/etc/postgresql/16/main", &d));
	assert_string_equal(d.fs_type, "ext4");
	assert_string_equal(d.mount_point, "/");
	assert_string_equal(d.source, "/dev/vda1");
	assert_string_equal(d.mount_options, "rw,relatime,errors=remount-ro");
}

/* /var and /var/lib/postgresql are different devices: each device finds its own
 * mount, and the super options come after the per-mount ones. */
static void test_mountinfo_nested_devices(void **state)
{
	struct wb_device d;

	assert_true(parse(state, 259, 1, "/var/lib/postgresql/16/main/pg_wal", &d));
	assert_string_equal(d.fs_type, "xfs");
	assert_string_equal(d.mount_point, "/var/lib/postgresql");
	assert_string_equal(d.source, "/dev/nvme0n1p1");
	assert_string_equal(d.mount_options, "rw,noatime,attr2,inode64,logbufs=8");

	assert_true(parse(state, 259, 1, "/var/lib/postgresql", &d));
	assert_string_equal(d.mount_point, "/var/lib/postgresql");

	assert_true(parse(state, 253, 0, "/var/log/syslog", &d));
	assert_string_equal(d.mount_point, "/var");
	assert_string_equal(d.source, "/dev/mapper/vg-var");
}

static void test_mountinfo_component_boundary(void **state)
{
	struct wb_device d;

	/* /var/lib/postgresqlX is not under /var/lib/postgresql ... */
	assert_false(parse(state, 259, 1, "/var/lib/postgresqlX/data", &d));
	assert_string_equal(d.mount_point, "");
	/* ... it is under /var. */
	assert_true(parse(state, 253, 0, "/var/lib/postgresqlX/data", &d));
	assert_string_equal(d.mount_point, "/var");
	/* Same device twice (/ and a bind mount at /mnt/pgbind): longest prefix
	 * wins, but only on a component boundary. */
	assert_true(parse(state, 254, 1, "/mnt/pgbind/16/main", &d));
	assert_string_equal(d.mount_point, "/mnt/pgbind");
	assert_true(parse(state, 254, 1, "/mnt/pgbindX", &d));
	assert_string_equal(d.mount_point, "/");
}

static void test_mountinfo_escaped_space(void **state)
{
	struct wb_device d;

	assert_true(parse(state, 8, 17, "/mnt/my disk/pgdata", &d));
	assert_string_equal(d.mount_point, "/mnt/my disk");
	assert_string_equal(d.fs_type, "ext4");
	assert_string_equal(d.source, "/dev/sdb1");
	/* Optional fields "shared:22 master:3" are skipped, not taken as fs type. */
	assert_string_equal(d.mount_options, "rw,relatime");
	assert_false(parse(state, 8, 17, "/mnt/my", &d));
}

/* /dev/shm mounted twice, as containers do: the device picks the right one. */
static void test_mountinfo_overmounted_tmpfs(void **state)
{
	struct wb_device d;

	assert_true(parse(state, 0, 41, "/dev/shm/PostgreSQL.1234", &d));
	assert_string_equal(d.fs_type, "tmpfs");
	assert_string_equal(d.mount_point, "/dev/shm");
	assert_string_equal(d.mount_options, "rw,nosuid,nodev,size=65536k,inode64");
	assert_true(parse(state, 0, 23, "/dev/shm", &d));
	assert_string_equal(d.mount_options, "rw,nosuid,nodev,inode64");
}

static void test_mountinfo_not_found_and_malformed(void **state)
{
	static const char text[] =
		"garbage\n"
		"\n"
		"40 1 8:1 / /data rw - \n"                  /* no fs type or source */
		"41 1 8:1 / /data rw shared:1 ext4 /dev/sda1 rw\n" /* no "-" separator */
		"42 1 x:y / /data rw - ext4 /dev/sda1 rw\n" /* bad major:minor */
		"43 1 8:2 / /data rw - ext4 /dev/sda2\n";   /* no super options: tolerated */
	struct wb_device d;

	assert_false(parse(state, 9, 9, "/", &d));
	memset(&d, 0, sizeof(d));
	assert_false(wb_device_parse_mountinfo("", 254, 1, "/", &d));
	assert_false(wb_device_parse_mountinfo(text, 8, 1, "/data", &d));
	assert_true(wb_device_parse_mountinfo(text, 8, 2, "/data/x", &d));
	assert_string_equal(d.source, "/dev/sda2");
	assert_string_equal(d.mount_options, "rw");
}

/* Options longer than the field are cut, never overflow. */
static void test_mountinfo_long_options_truncated(void **state)
{
	char text[1024];
	struct wb_device d;
	int n;

	(void)state;
	n = snprintf(text, sizeof(text), "27 1 254:1 / / rw,%0400d - ext4 /dev/vda1 rw\n", 0);
	assert_true(n > 0 && (size_t)n < sizeof(text));
	memset(&d, 0, sizeof(d));
	assert_true(wb_device_parse_mountinfo(text, 254, 1, "/", &d));
	assert_int_equal(strlen(d.mount_options), sizeof(d.mount_options) - 1);
	assert_string_equal(d.fs_type, "ext4");
}

/* Each option once: the mount's and the super block's both say "rw"; a
 * read-only bind of a read-write file system keeps both, which differ. */
static void test_mountinfo_options_once(void **state)
{
	struct wb_device d;

	(void)state;
	memset(&d, 0, sizeof(d));
	assert_true(wb_device_parse_mountinfo("27 1 254:1 / / rw,relatime - ext4 /dev/vda1 "
					      "rw,relatime,errors=remount-ro\n", 254, 1, "/", &d));
	assert_string_equal(d.mount_options, "rw,relatime,errors=remount-ro");
	memset(&d, 0, sizeof(d));
	assert_true(wb_device_parse_mountinfo("27 1 254:1 / / ro,relatime - ext4 /dev/vda1 "
					      "rw,errors=remount-ro\n", 254, 1, "/", &d));
	assert_string_equal(d.mount_options, "ro,relatime,rw,errors=remount-ro");
}

static void test_volatile_cache(void **state)
{
	struct wb_device d;

	(void)state;
	memset(&d, 0, sizeof(d));
	assert_false(wb_device_volatile_cache(&d));
	strcpy(d.write_cache, "write back");
	assert_true(wb_device_volatile_cache(&d));
	strcpy(d.write_cache, "write through");
	assert_false(wb_device_volatile_cache(&d));
}

/* ---- the storage stack, read from the fixture sysfs by major:minor -------- */

#define FIX_SYS DEVICE_FIXTURES "/sys"
#define FIX_PROC DEVICE_FIXTURES "/proc"       /* bare metal: no hypervisor flag */
#define FIX_PROC_VM DEVICE_FIXTURES "/proc-vm" /* the hypervisor flag set */

static struct wb_device *stack_of(unsigned maj, unsigned min, const char *proc)
{
	struct wb_device *d = malloc(sizeof(*d));

	assert_non_null(d);
	memset(d, 0xa5, sizeof(*d)); /* probe_block must clear what it does not fill */
	wb_device_probe_block(maj, min, d, FIX_SYS, proc);
	return d;
}

static void assert_layer(const struct wb_device *d, unsigned i, enum wb_device_layer_kind kind,
			 const char *name, int parent, const char *details)
{
	assert_true(i < d->n_layers);
	assert_string_equal(wb_device_layer_kind_name(d->layers[i].kind),
			    wb_device_layer_kind_name(kind));
	assert_string_equal(d->layers[i].name, name);
	assert_int_equal(d->layers[i].parent, parent);
	assert_int_equal(d->layers[i].depth, parent < 0 ? 0 : d->layers[parent].depth + 1);
	if (details)
		assert_string_equal(d->layers[i].details, details);
}

static void assert_disks(const struct wb_device *d, unsigned n, const char *const *names)
{
	unsigned i;

	assert_int_equal(d->n_disks, n);
	for (i = 0; i < n; i++)
		assert_string_equal(d->disks[i], names[i]);
}

/* The md summary fields, members in slaves/ order (sorted by name). */
static void assert_raid(const struct wb_device *d, const char *name, const char *level,
			unsigned disks, unsigned degraded, uint32_t chunk, unsigned n_members,
			const char *const *members)
{
	unsigned i;

	assert_string_equal(d->raid_name, name);
	assert_string_equal(d->raid_level, level);
	assert_int_equal(d->raid_disks, disks);
	assert_int_equal(d->raid_degraded, degraded);
	assert_int_equal(d->raid_chunk, chunk);
	assert_int_equal(d->n_raid_members, n_members);
	for (i = 0; i < n_members; i++)
		assert_string_equal(d->raid_members[i], members[i]);
}

/* A partition on a SATA hard disk: the partition is kept, the disk's facts are
 * the top-level ones, and nothing is virtual. */
static void test_stack_sata_partition(void **state)
{
	static const char *const disks[] = { "sda" };
	struct wb_device *d = stack_of(8, 1, FIX_PROC);

	(void)state;
	assert_int_equal(d->n_layers, 2);
	assert_layer(d, 0, WB_LAYER_PARTITION, "sda1", -1,
		     "partition 1 of sda, starts at sector 2048");
	assert_layer(d, 1, WB_LAYER_DISK, "sda", 0,
		     "sd, ST4000NM0035-1V4, rotational, write back");
	assert_string_equal(d->layers[1].driver, "sd");
	assert_string_equal(d->layers[1].model, "ST4000NM0035-1V4");
	assert_string_equal(d->layers[1].vendor, "ATA"); /* SCSI pads it: trimmed */
	assert_int_equal(d->layers[1].size_bytes, 0);     /* no size file: unknown */
	assert_int_equal(d->layers[1].rotational, 1);
	assert_string_equal(d->partition, "sda1");
	assert_string_equal(d->block_name, "sda");
	assert_string_equal(d->model, "ST4000NM0035-1V4");
	assert_int_equal(d->rotational, 1);
	assert_int_equal(d->physical_block, 4096);
	assert_string_equal(d->scheduler, "mq-deadline");
	assert_disks(d, 1, disks);
	assert_int_equal(d->disks_rotational, 1);
	assert_true(d->disks_volatile_cache);
	assert_false(d->layers_truncated);
	assert_int_equal(d->dev_major, 8);
	assert_int_equal(d->dev_minor, 1);
	assert_false(d->virtual_disk);
	assert_string_equal(d->hypervisor, "");
	assert_false(d->facts_unverified);
	assert_string_equal(d->unverified_reason, "");
	assert_string_equal(d->raid_name, "");
	assert_string_equal(d->dm_dev, "");
	assert_string_equal(d->loop_name, "");
	assert_int_equal(d->loop_dio, -1);
	free(d);
}

/* md RAID1 of two partitions on two disks: each member walked to its disk. */
static void test_stack_md_raid1(void **state)
{
	static const char *const disks[] = { "sda", "sdb" };
	static const char *const members[] = { "sda2", "sdb1" };
	struct wb_device *d = stack_of(9, 0, FIX_PROC);

	(void)state;
	assert_int_equal(d->n_layers, 5);
	assert_layer(d, 0, WB_LAYER_MD, "md0", -1, "raid1, 2 disks");
	assert_layer(d, 1, WB_LAYER_PARTITION, "sda2", 0, NULL);
	assert_layer(d, 2, WB_LAYER_DISK, "sda", 1, NULL);
	assert_layer(d, 3, WB_LAYER_PARTITION, "sdb1", 0, NULL);
	assert_layer(d, 4, WB_LAYER_DISK, "sdb", 3, NULL);
	assert_string_equal(d->block_name, "md0");
	assert_string_equal(d->partition, "");
	assert_raid(d, "md0", "raid1", 2, 0, 0, 2, members);
	assert_disks(d, 2, disks);
	assert_int_equal(d->disks_rotational, 1);
	free(d);
}

/* LVM on a degraded md RAID10 of four SSDs: dm, then md with its chunk. */
static void test_stack_lvm_on_raid10(void **state)
{
	static const char *const disks[] = { "sdc", "sdd", "sde", "sdf" };
	struct wb_device *d = stack_of(253, 0, FIX_PROC);
	unsigned i;

	(void)state;
	assert_int_equal(d->n_layers, 6);
	assert_layer(d, 0, WB_LAYER_DM, "dm-0", -1, "LVM, vg0-pgwal, target unknown from sysfs");
	assert_layer(d, 1, WB_LAYER_MD, "md1", 0, "raid10, 4 disks, 1 missing, chunk 512 KiB");
	for (i = 0; i < 4; i++)
		assert_layer(d, 2 + i, WB_LAYER_DISK, disks[i], 1,
			     "sd, Samsung SSD 870 EVO 1TB, non-rotational, write back");
	assert_string_equal(d->dm_dev, "dm-0");
	assert_string_equal(d->dm_name, "vg0-pgwal");
	assert_string_equal(d->dm_kind, "LVM");
	assert_raid(d, "md1", "raid10", 4, 1, 524288, 4, disks); /* whole disks as members */
	assert_disks(d, 4, disks);
	assert_int_equal(d->disks_rotational, 0);
	assert_true(d->disks_volatile_cache);
	assert_int_equal(d->rotational, 0); /* dm-0's own queue */
	free(d);
}

static void test_stack_dm_crypt(void **state)
{
	static const char *const disks[] = { "sda" };
	struct wb_device *d = stack_of(253, 1, FIX_PROC);

	(void)state;
	assert_int_equal(d->n_layers, 3);
	assert_layer(d, 0, WB_LAYER_DM, "dm-1", -1, "CRYPT, luks-pgdata, target crypt, guessed from sysfs");
	assert_layer(d, 1, WB_LAYER_PARTITION, "sda1", 0, NULL);
	assert_layer(d, 2, WB_LAYER_DISK, "sda", 1, NULL);
	assert_string_equal(d->dm_kind, "CRYPT");
	assert_disks(d, 1, disks);
	free(d);
}

/* A loop device whose backing file was deleted: the file and dio are known,
 * where it lived is not. */
static void test_stack_loop_backing_gone(void **state)
{
	struct wb_device *d = stack_of(7, 1, FIX_PROC);

	(void)state;
	assert_int_equal(d->n_layers, 1);
	assert_layer(d, 0, WB_LAYER_LOOP, "loop1", -1, NULL);
	assert_string_equal(d->layers[0].path, "/srv/images/pg wal.img (deleted)");
	assert_non_null(strstr(d->layers[0].details,
			       "backing /srv/images/pg wal.img (deleted), direct I/O on, "
			       "backing file not reachable: "));
	assert_string_equal(d->loop_name, "loop1");
	assert_string_equal(d->loop_backing_file, "/srv/images/pg wal.img (deleted)");
	assert_int_equal(d->loop_dio, 1);
	assert_string_equal(d->loop_backing_fs, "");
	assert_string_equal(d->loop_backing_block, "");
	assert_int_equal(d->n_disks, 0);
	assert_int_equal(d->disks_rotational, -1);
	assert_false(d->facts_unverified); /* no disk, nothing to doubt */
	free(d);
}

/* NVMe: the model is the controller's, the driver the PCI function's, and
 * write_cache says whether the drive has a volatile write cache (VWC). */
static void test_stack_nvme(void **state)
{
	struct wb_device *d = stack_of(259, 0, FIX_PROC);

	(void)state;
	assert_int_equal(d->n_layers, 1);
	assert_layer(d, 0, WB_LAYER_DISK, "nvme0n1", -1,
		     "nvme, Samsung SSD 980 PRO 1TB, non-rotational, write through");
	assert_int_equal(d->layers[0].size_bytes, 100ull << 30); /* 209715200 sectors of 512 */
	assert_string_equal(d->layers[0].vendor, "");            /* NVMe has no vendor file */
	assert_false(d->disks_volatile_cache);
	assert_false(d->virtual_disk);
	free(d);

	d = stack_of(259, 2, FIX_PROC);
	assert_int_equal(d->n_layers, 2);
	assert_string_equal(d->partition, "nvme1n1p1");
	assert_string_equal(d->block_name, "nvme1n1");
	assert_layer(d, 1, WB_LAYER_DISK, "nvme1n1", 0,
		     "nvme, WD_BLACK SN850X 2000GB, non-rotational, write back");
	assert_string_equal(d->model, "WD_BLACK SN850X 2000GB");
	assert_true(d->fua);
	assert_true(d->disks_volatile_cache);
	assert_true(wb_device_volatile_cache(d));
	free(d);
}

/* virtio_blk says it rotates: that is the hypervisor's word, not the host's. */
static void test_stack_virtio_unverified(void **state)
{
	struct wb_device *d = stack_of(254, 16, FIX_PROC);

	(void)state;
	assert_layer(d, 0, WB_LAYER_DISK, "vdb", -1,
		     "virtio_blk, virtual, rotational (unverified), write back (unverified)");
	assert_true(d->layers[0].virtual_disk);
	assert_int_equal(d->rotational, 1);
	assert_true(d->virtual_disk);
	assert_true(d->facts_unverified);
	assert_string_equal(d->unverified_reason,
			    "vdb is a virtual disk (virtio_blk): rotational and write_cache are "
			    "what the hypervisor shows, not the host's disk");
	assert_string_equal(d->hypervisor, ""); /* this cpuinfo has no flag */
	free(d);

	d = stack_of(254, 16, FIX_PROC_VM);
	assert_string_equal(d->hypervisor, "QEMU"); /* DMI sys_vendor */
	assert_true(d->facts_unverified);
	/* DMI is read with the flag or without: a cloud's bare metal names it too. */
	assert_string_equal(d->dmi_vendor, "QEMU");
	assert_string_equal(d->dmi_product, "Standard PC (Q35 + ICH9, 2009)");
	free(d);
	d = stack_of(254, 16, FIX_PROC);
	assert_string_equal(d->dmi_vendor, "QEMU");
	free(d);
}

/* Virtual disks known by driver, by name alone, or by an emulated model. */
static void test_stack_other_virtual_disks(void **state)
{
	static const struct {
		unsigned maj, min, disk_layer;
		const char *name, *driver, *model;
	} cases[] = {
		{ 254, 1, 1, "vda", "", "" }, /* no driver link in the fixture: the name says virtio */
		{ 202, 0, 0, "xvda", "vbd", "" },
		{ 65, 80, 0, "sdv", "sd", "QEMU HARDDISK" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wb_device *d = stack_of(cases[i].maj, cases[i].min, FIX_PROC);
		const struct wb_device_layer *l = &d->layers[cases[i].disk_layer];

		assert_layer(d, cases[i].disk_layer, WB_LAYER_DISK, cases[i].name,
			     (int)cases[i].disk_layer - 1, NULL);
		assert_string_equal(l->driver, cases[i].driver);
		assert_string_equal(l->model, cases[i].model);
		assert_true(l->virtual_disk);
		assert_true(d->virtual_disk);
		assert_true(d->facts_unverified);
		free(d);
	}
}

/* A real disk under a hypervisor (passthrough, or emulated under a real
 * model): not virtual by name, but its facts cannot be vouched for. */
static void test_stack_hypervisor_flag_only(void **state)
{
	struct wb_device *d = stack_of(8, 0, FIX_PROC_VM);

	(void)state;
	assert_false(d->virtual_disk);
	assert_string_equal(d->hypervisor, "QEMU");
	assert_true(d->facts_unverified);
	assert_string_equal(d->unverified_reason,
			    "running under a hypervisor (QEMU): the disk's rotational and "
			    "write_cache may be emulated");
	free(d);
}

static void test_stack_missing_device(void **state)
{
	struct wb_device *d = stack_of(42, 42, FIX_PROC);

	(void)state;
	assert_int_equal(d->n_layers, 0);
	assert_int_equal(d->n_disks, 0);
	assert_string_equal(d->block_name, "");
	assert_int_equal(d->rotational, -1);
	assert_int_equal(d->dev_major, 42);
	free(d);
}

static void test_layer_kind_names(void **state)
{
	(void)state;
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_DISK), "disk");
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_PARTITION), "partition");
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_MD), "md");
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_DM), "dm");
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_LOOP), "loop");
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_FILE), "file");
	assert_string_equal(wb_device_layer_kind_name(WB_LAYER_OTHER), "other");
	assert_string_equal(wb_device_layer_kind_name((enum wb_device_layer_kind)99), "?");
}

/* "Is pg_wal on the same disk as the data?" after seeing through the stack. */
static void test_shares(void **state)
{
	struct wb_device *md0 = stack_of(9, 0, FIX_PROC);     /* sda2 + sdb1 */
	struct wb_device *crypt = stack_of(253, 1, FIX_PROC); /* sda1 */
	struct wb_device *lvm = stack_of(253, 0, FIX_PROC);   /* md1: sdc..sdf */
	struct wb_device *sde = stack_of(8, 64, FIX_PROC);
	struct wb_device *nvme0 = stack_of(259, 0, FIX_PROC);
	struct wb_device *nvme1p1 = stack_of(259, 2, FIX_PROC);
	struct wb_device *nvme1 = stack_of(259, 1, FIX_PROC);
	struct wb_device tmp_a, tmp_b;

	(void)state;
	assert_true(wb_device_shares(md0, crypt)); /* other partitions of sda */
	assert_true(wb_device_shares(crypt, md0));
	assert_true(wb_device_shares(md0, md0));
	assert_false(wb_device_shares(md0, lvm));
	assert_true(wb_device_shares(lvm, sde)); /* one RAID member is enough */
	assert_false(wb_device_shares(nvme0, nvme1p1));
	assert_true(wb_device_shares(nvme1, nvme1p1));
	assert_false(wb_device_shares(nvme0, md0));

	/* No disk: the same file system (st_dev) or nothing. */
	memset(&tmp_a, 0, sizeof(tmp_a));
	memset(&tmp_b, 0, sizeof(tmp_b));
	tmp_a.dev_minor = tmp_b.dev_minor = 27;
	assert_true(wb_device_shares(&tmp_a, &tmp_b));
	tmp_b.dev_minor = 28;
	assert_false(wb_device_shares(&tmp_a, &tmp_b));
	assert_false(wb_device_shares(&tmp_a, nvme0));
	assert_false(wb_device_shares(nvme0, &tmp_a));
	tmp_a.dev_minor = tmp_b.dev_minor = 0; /* a path that did not stat */
	assert_false(wb_device_shares(&tmp_a, &tmp_b));

	free(md0);
	free(crypt);
	free(lvm);
	free(sde);
	free(nvme0);
	free(nvme1p1);
	free(nvme1);
}

/* ---- probe with a real stat() and a fake sysfs --------------------------- */

struct fake_root {
	char root[PATH_MAX];  /* mkdtemp dir: the probed path and the fake sysfs root */
	char proc[PATH_MAX];  /* root/proc: the fake proc_root */
	unsigned major, minor; /* st_dev of root */
};

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	if (remove(path) && errno != ENOENT)
		fprintf(stderr, "teardown: remove %s: %s\n", path, strerror(errno));
	return 0;
}

/* FTW_PHYS: the tree holds a symlink into the fixtures; following it would
 * delete them. */
static int fake_root_teardown(void **state)
{
	struct fake_root *f = *state;

	if (!f)
		return 0;
	if (f->root[0] && nftw(f->root, remove_entry, 16, FTW_DEPTH | FTW_PHYS))
		fprintf(stderr, "teardown: nftw %s: %s\n", f->root, strerror(errno));
	free(f);
	return 0;
}

/* A dir on a block device (major != 0): /tmp, or /var/tmp when /tmp is tmpfs. */
static int make_block_backed_dir(struct fake_root *f)
{
	static const char *const parents[] = { "/tmp", "/var/tmp" };
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(parents) / sizeof(parents[0]); i++) {
		snprintf(f->root, sizeof(f->root), "%s/wb_device_XXXXXX", parents[i]);
		if (!mkdtemp(f->root))
			continue;
		if (stat(f->root, &st) == 0 && major(st.st_dev) != 0) {
			f->major = major(st.st_dev);
			f->minor = minor(st.st_dev);
			return 0;
		}
		rmdir(f->root);
	}
	f->root[0] = '\0';
	return -1;
}

/* cmocka skips the teardown when setup fails, so setup cleans up after itself. */
static int fake_root_setup(void **state)
{
	struct fake_root *f = calloc(1, sizeof(*f));
	char devices[PATH_MAX], resolved[PATH_MAX], path[PATH_MAX], text[PATH_MAX + 256];
	int n;

	*state = f;
	if (!f)
		return -1;
	if (make_block_backed_dir(f))
		return 0; /* the tests skip: no block-backed temp dir */
	if (!realpath(DEVICE_FIXTURES "/sys/devices", devices)) {
		fprintf(stderr, "fixture %s/sys/devices: %s (set WB_FIXTURES_DIR)\n",
			DEVICE_FIXTURES, strerror(errno));
		goto out_fail;
	}
	if (!realpath(f->root, resolved))
		goto out_fail;
	/* root/devices -> the fixture's devices tree, so the fixture's relative
	 * dev/block links ("../../devices/...") resolve here exactly as in /sys. */
	path_join(path, f->root, "devices");
	if (symlink(devices, path))
		goto out_fail;
	path_join(path, f->root, "dev");
	if (mkdir(path, 0700))
		goto out_fail;
	path_join(path, f->root, "dev/block");
	if (mkdir(path, 0700))
		goto out_fail;
	path_join(f->proc, f->root, "proc");
	if (mkdir(f->proc, 0700))
		goto out_fail;
	path_join(path, f->proc, "self");
	if (mkdir(path, 0700))
		goto out_fail;
	/* The real device at "/", and a different device mounted exactly at root:
	 * probe must pick its own device's line, not the longer mount point. */
	n = snprintf(text, sizeof(text),
		     "27 1 %u:%u / / rw,relatime shared:1 - ext4 /dev/fake rw,errors=remount-ro\n"
		     "90 27 %u:%u / %s rw,relatime - xfs /dev/other rw\n",
		     f->major, f->minor, f->major + 1, f->minor, resolved);
	if (n < 0 || (size_t)n >= sizeof(text))
		goto out_fail;
	path_join(path, f->proc, "self/mountinfo");
	write_text(path, text);
	return 0;
out_fail:
	fprintf(stderr, "fake sysfs setup under %s failed: %s\n", f->root, strerror(errno));
	fake_root_teardown(state);
	*state = NULL;
	return -1;
}

/* Points root/dev/block/<real maj:min> where the fixture's dev/block/<name>
 * points, then probes root itself. */
static void probe_as(struct fake_root *f, const char *fixture_link, struct wb_device *d)
{
	char fixture[PATH_MAX], target[PATH_MAX], link[PATH_MAX], name[48];
	ssize_t n;

	if (!f->root[0])
		skip(); /* no temp dir on a block device here */
	path_join(fixture, DEVICE_FIXTURES "/sys/dev/block", fixture_link);
	n = readlink(fixture, target, sizeof(target) - 1);
	if (n < 0)
		fail_msg("readlink %s: %s", fixture, strerror(errno));
	target[n] = '\0';
	snprintf(name, sizeof(name), "dev/block/%u:%u", f->major, f->minor);
	path_join(link, f->root, name);
	assert_int_equal(symlink(target, link), 0);
	wb_device_probe(f->root, d, f->root, f->proc);
}

static void assert_fake_mount(const struct wb_device *d)
{
	assert_string_equal(d->fs_type, "ext4");
	assert_string_equal(d->mount_point, "/");
	assert_string_equal(d->source, "/dev/fake");
	assert_string_equal(d->mount_options, "rw,relatime,errors=remount-ro");
}

/* A partition: the queue is read from its parent, the whole disk. */
static void test_probe_partition(void **state)
{
	struct wb_device d;

	probe_as(*state, "254:1", &d);
	assert_fake_mount(&d);
	assert_string_equal(d.block_name, "vda");
	assert_int_equal(d.logical_block, 512);
	assert_int_equal(d.physical_block, 4096);
	assert_int_equal(d.rotational, 0);
	assert_string_equal(d.write_cache, "write back");
	assert_true(wb_device_volatile_cache(&d));
	assert_false(d.fua);
	assert_string_equal(d.scheduler, "mq-deadline");
	assert_string_equal(d.model, ""); /* virtio has no device/model */
}

/* A whole disk (no partition file); model through device -> ../../nvme0. */
static void test_probe_whole_disk(void **state)
{
	struct wb_device d;

	probe_as(*state, "259:0", &d);
	assert_fake_mount(&d);
	assert_string_equal(d.block_name, "nvme0n1");
	assert_int_equal(d.logical_block, 512);
	assert_int_equal(d.physical_block, 512);
	assert_int_equal(d.rotational, 0);
	assert_string_equal(d.write_cache, "write through");
	assert_false(wb_device_volatile_cache(&d));
	assert_true(d.fua);
	assert_string_equal(d.scheduler, "none");
	assert_string_equal(d.model, "Samsung SSD 980 PRO 1TB");
}

/* A queue with only logical_block_size: every other fact stays unknown. */
static void test_probe_sparse_queue(void **state)
{
	struct wb_device d;

	probe_as(*state, "7:0", &d);
	assert_string_equal(d.block_name, "loop0");
	assert_int_equal(d.logical_block, 512);
	assert_int_equal(d.physical_block, 0);
	assert_int_equal(d.rotational, -1);
	assert_string_equal(d.write_cache, "");
	assert_false(d.fua);
	assert_string_equal(d.scheduler, "");
	assert_string_equal(d.model, "");
}

/* Builds root/lo/loop5 at test time, a loop device (7:5) backed by root/image,
 * a real file so stat() can say where it lives; points the fake sysfs entry of
 * that real device at real_dev_target; then reads the stack of 7:5. */
static struct wb_device *probe_loop5(struct fake_root *f, const char *real_dev_target)
{
	static const char *const files[][2] = {
		{ "loop/backing_file", NULL }, { "loop/dio", "0\n" }, { "queue/rotational", "1\n" },
	};
	char dir[PATH_MAX], path[PATH_MAX], image[PATH_MAX], name[48];
	struct wb_device *d;
	size_t i;

	if (!f->root[0])
		skip(); /* no temp dir on a block device here */
	path_join(image, f->root, "image");
	write_text(image, "");
	path_join(dir, f->root, "lo");
	assert_int_equal(mkdir(dir, 0700), 0);
	path_join(dir, f->root, "lo/loop5");
	assert_int_equal(mkdir(dir, 0700), 0);
	path_join(path, dir, "loop");
	assert_int_equal(mkdir(path, 0700), 0);
	path_join(path, dir, "queue");
	assert_int_equal(mkdir(path, 0700), 0);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		path_join(path, dir, files[i][0]);
		write_text(path, files[i][1] ? files[i][1] : image);
	}
	path_join(path, f->root, "dev/block/7:5");
	assert_int_equal(symlink(dir, path), 0);
	snprintf(name, sizeof(name), "dev/block/%u:%u", f->major, f->minor);
	path_join(path, f->root, name);
	assert_int_equal(symlink(real_dev_target ? real_dev_target : dir, path), 0);
	d = malloc(sizeof(*d));
	assert_non_null(d);
	wb_device_probe_block(7, 5, d, f->root, f->proc);
	return d;
}

/* loop5 → a file on the real device, which the fake sysfs calls vda1 on vda:
 * both levels are reported, and the disk at the bottom is vda. */
static void test_stack_loop_on_file(void **state)
{
	static const char *const disks[] = { "vda" };
	struct fake_root *f = *state;
	struct wb_device *d = probe_loop5(f, "../../devices/virtual/block/vda/vda1");
	char image[PATH_MAX];

	path_join(image, f->root, "image");
	assert_int_equal(d->n_layers, 4);
	assert_layer(d, 0, WB_LAYER_LOOP, "loop5", -1, NULL);
	assert_string_equal(d->layers[0].path, image);
	assert_layer(d, 1, WB_LAYER_FILE, "ext4", 0, "ext4 at / from /dev/fake");
	assert_string_equal(d->layers[1].path, "/");
	assert_layer(d, 2, WB_LAYER_PARTITION, "vda1", 1, NULL);
	assert_layer(d, 3, WB_LAYER_DISK, "vda", 2, NULL);
	assert_string_equal(d->block_name, "loop5");
	assert_int_equal(d->rotational, 1); /* the loop's own queue */
	assert_string_equal(d->loop_name, "loop5");
	assert_string_equal(d->loop_backing_file, image);
	assert_int_equal(d->loop_dio, 0);
	assert_string_equal(d->loop_backing_fs, "ext4");
	assert_string_equal(d->loop_backing_mount, "/");
	assert_string_equal(d->loop_backing_block, "vda");
	assert_disks(d, 1, disks);
	assert_int_equal(d->disks_rotational, 0); /* vda's, not the loop's */
	assert_true(d->disks_volatile_cache);
	assert_true(d->virtual_disk);
	assert_false(d->layers_truncated);
	free(d);
}

/* A loop device backed by a file on itself (the fake sysfs says the real
 * device is loop5): followed WB_DEVICE_MAX_LOOP_DEPTH times, then cut. */
static void test_stack_loop_cycle_capped(void **state)
{
	struct wb_device *d = probe_loop5(*state, NULL);

	assert_true(d->layers_truncated);
	assert_int_equal(d->n_layers, 2 * WB_DEVICE_MAX_LOOP_DEPTH + 1);
	assert_layer(d, d->n_layers - 1, WB_LAYER_LOOP, "loop5", (int)d->n_layers - 2, NULL);
	assert_non_null(strstr(d->layers[d->n_layers - 1].details, "not followed further"));
	assert_int_equal(d->n_disks, 0);
	assert_string_equal(d->loop_backing_block, "loop5");
	free(d);
}

/* The whole probe on md0: mount facts and the stack together. */
static void test_probe_md(void **state)
{
	struct wb_device d;

	probe_as(*state, "9:0", &d);
	assert_fake_mount(&d);
	assert_string_equal(d.block_name, "md0");
	assert_string_equal(d.raid_level, "raid1");
	assert_int_equal(d.n_disks, 2);
}

/* No dev/block entry: block facts unknown, the mount still known. */
static void test_probe_no_sysfs_entry(void **state)
{
	struct fake_root *f = *state;
	struct wb_device d;

	if (!f->root[0])
		skip();
	wb_device_probe(f->root, &d, f->root, f->proc);
	assert_fake_mount(&d);
	assert_string_equal(d.block_name, "");
	assert_int_equal(d.logical_block, 0);
	assert_int_equal(d.rotational, -1);
}

/* An anonymous device (major 0: tmpfs, fuse) has no block queue even if
 * dev/block happened to name it: block facts stay unknown. */
static void test_probe_anonymous_device(void **state)
{
	struct fake_root *f = *state;
	char link[PATH_MAX], name[48];
	struct stat st;
	struct wb_device d;

	if (!f->root[0] || stat("/dev/shm", &st) || major(st.st_dev) != 0)
		skip(); /* needs the fake tree and an anonymous-device /dev/shm */
	snprintf(name, sizeof(name), "dev/block/%u:%u", major(st.st_dev), minor(st.st_dev));
	path_join(link, f->root, name);
	assert_int_equal(symlink("../../devices/virtual/block/vda/vda1", link), 0);
	wb_device_probe("/dev/shm", &d, f->root, "/proc");
	assert_string_equal(d.block_name, "");
	assert_int_equal(d.logical_block, 0);
	assert_int_equal(d.rotational, -1);
}

/* The fixture mountinfo names none of this machine's devices (unless by chance):
 * the fallback still finds the file system by longest mount point. */
static void test_probe_fallback_without_device_match(void **state)
{
	struct fake_root *f = *state;
	char resolved[PATH_MAX];
	struct wb_device d;

	if (!f->root[0])
		skip();
	assert_non_null(realpath(f->root, resolved));
	wb_device_probe(f->root, &d, f->root, DEVICE_FIXTURES "/proc");
	/* "/" or "/var" in the fixture, both ext4, whichever contains the dir. */
	assert_string_equal(d.fs_type, "ext4");
	assert_true(strncmp(d.mount_point, resolved, strlen(d.mount_point)) == 0);
}

static void test_probe_missing_path(void **state)
{
	struct wb_device d;

	(void)state;
	memset(&d, 0xff, sizeof(d));
	wb_device_probe("/nonexistent/wb_device_test", &d, "/sys", "/proc");
	assert_false(d.dio_known);
	assert_string_equal(d.fs_type, "");
	assert_string_equal(d.block_name, "");
	assert_int_equal(d.rotational, -1);
}

/* ---- the real /proc and /sys: only what is certain ------------------------ */

static void test_real_dev_shm(void **state)
{
	struct statfs sfs;
	struct wb_device d;

	(void)state;
	if (statfs("/dev/shm", &sfs) || sfs.f_type != TMPFS_MAGIC)
		skip(); /* no tmpfs /dev/shm on this machine */
	wb_device_probe("/dev/shm", &d, "/sys", "/proc");
	assert_string_equal(d.fs_type, "tmpfs");
	assert_string_not_equal(d.mount_point, "");
	assert_string_equal(d.block_name, ""); /* major 0: no block device */
	assert_int_equal(d.rotational, -1);
	assert_int_equal(d.logical_block, 0);
}

static void test_real_root(void **state)
{
	struct wb_device d;

	(void)state;
	wb_device_probe("/", &d, "/sys", "/proc");
	assert_string_not_equal(d.fs_type, "");
	assert_string_equal(d.mount_point, "/");
	/* block facts depend on the machine (overlay, virtio, nvme...): not asserted */
}

/* ---- O_DIRECT alignment from statx on a real file ------------------------- */

/* The file is made in $TMPDIR (default /tmp), so the test can be pointed at
 * each kind of file system: ext4, xfs, tmpfs, overlayfs. */
static int tmpfile_setup(void **state)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd;

	*state = NULL;
	if (!dir || !dir[0])
		dir = "/tmp";
	if (asprintf(&path, "%s/wb_device_dio_XXXXXX", dir) < 0)
		return -1;
	*state = path;
	fd = mkstemp(path);
	if (fd < 0) {
		path[0] = '\0';
		return -1;
	}
	return close(fd) ? -1 : 0;
}

static int tmpfile_teardown(void **state)
{
	char *path = *state;

	if (path && path[0] && unlink(path))
		fprintf(stderr, "teardown: unlink %s: %s\n", path, strerror(errno));
	free(path);
	return 0;
}

#ifdef STATX_DIOALIGN
static bool kernel_at_least(int want_major, int want_minor)
{
	struct utsname u;
	int maj, min;

	if (uname(&u) || sscanf(u.release, "%d.%d", &maj, &min) != 2)
		return false;
	return maj > want_major || (maj == want_major && min >= want_minor);
}

static bool power_of_two(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* The probe's alignment is what statx says, asked here directly. Where the
 * file system answers STATX_DIOALIGN on any file (ext4, xfs, f2fs from Linux
 * 6.1) it must be known and sane. Elsewhere it need not be: tmpfs says
 * nothing, and overlayfs passes on its upper layer's answer on some kernels
 * and none on others; then what is checked is that the probe agrees with
 * statx, and says 0 and 0 when statx says nothing. The output says which. */
static void test_dio_alignment(void **state)
{
	const char *path = *state;
	struct statx stx;
	struct wb_device d;
	bool reported, must_answer;

	memset(&stx, 0, sizeof(stx));
	if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &stx)) {
		print_message("  dio alignment: statx %s: %s: skipped\n", path, strerror(errno));
		skip();
	}
	reported = stx.stx_mask & STATX_DIOALIGN;
	wb_device_probe(path, &d, "/sys", "/proc");
	must_answer = kernel_at_least(6, 1) &&
		      (strcmp(d.fs_type, "ext4") == 0 || strcmp(d.fs_type, "xfs") == 0 ||
		       strcmp(d.fs_type, "f2fs") == 0);
	if (reported)
		print_message("  dio alignment: %s, statx reports mem %u offset %u: checked %s\n",
			      d.fs_type, stx.stx_dio_mem_align, stx.stx_dio_offset_align,
			      must_answer ? "known, sane and as probed"
					  : "sane and as probed only (this fs need not answer)");
	else
		print_message("  dio alignment: %s, statx reports none: checked %s\n", d.fs_type,
			      must_answer ? "that it answers (fails)"
					  : "the probe says unknown, 0 and 0, only");

	if (must_answer && !reported)
		fail_msg("%s on Linux >= 6.1 answers STATX_DIOALIGN, but statx of %s did not",
			 d.fs_type, path);
	assert_int_equal(d.dio_known, reported);
	assert_int_equal(d.dio_mem_align, reported ? stx.stx_dio_mem_align : 0);
	assert_int_equal(d.dio_offset_align, reported ? stx.stx_dio_offset_align : 0);
	if (!reported)
		return;
	if (must_answer)
		assert_true(d.dio_offset_align == 512 || d.dio_offset_align == 4096);
	/* An offset of 0 is "no O_DIRECT for this file"; otherwise both are
	 * powers of two, the buffer's no stricter than a page. */
	if (d.dio_offset_align) {
		assert_true(power_of_two(d.dio_offset_align));
		assert_true(power_of_two(d.dio_mem_align) && d.dio_mem_align <= 65536);
	}
}
#else
static void test_dio_alignment(void **state)
{
	(void)state;
	print_message("  dio alignment: built without STATX_DIOALIGN (headers before Linux 6.1): "
		      "skipped\n");
	skip();
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_mountinfo_root, mountinfo_setup,
						mountinfo_teardown),
		cmocka_unit_test_setup_teardown(test_mountinfo_nested_devices, mountinfo_setup,
						mountinfo_teardown),
		cmocka_unit_test_setup_teardown(test_mountinfo_component_boundary,
						mountinfo_setup, mountinfo_teardown),
		cmocka_unit_test_setup_teardown(test_mountinfo_escaped_space, mountinfo_setup,
						mountinfo_teardown),
		cmocka_unit_test_setup_teardown(test_mountinfo_overmounted_tmpfs, mountinfo_setup,
						mountinfo_teardown),
		cmocka_unit_test_setup_teardown(test_mountinfo_not_found_and_malformed,
						mountinfo_setup, mountinfo_teardown),
		cmocka_unit_test(test_mountinfo_long_options_truncated),
		cmocka_unit_test(test_mountinfo_options_once),
		cmocka_unit_test(test_volatile_cache),
		cmocka_unit_test(test_stack_sata_partition),
		cmocka_unit_test(test_stack_md_raid1),
		cmocka_unit_test(test_stack_lvm_on_raid10),
		cmocka_unit_test(test_stack_dm_crypt),
		cmocka_unit_test(test_stack_loop_backing_gone),
		cmocka_unit_test(test_stack_nvme),
		cmocka_unit_test(test_stack_virtio_unverified),
		cmocka_unit_test(test_stack_other_virtual_disks),
		cmocka_unit_test(test_stack_hypervisor_flag_only),
		cmocka_unit_test(test_stack_missing_device),
		cmocka_unit_test(test_layer_kind_names),
		cmocka_unit_test(test_shares),
		cmocka_unit_test_setup_teardown(test_stack_loop_on_file, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_stack_loop_cycle_capped, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_md, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_partition, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_whole_disk, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_sparse_queue, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_no_sysfs_entry, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_anonymous_device, fake_root_setup,
						fake_root_teardown),
		cmocka_unit_test_setup_teardown(test_probe_fallback_without_device_match,
						fake_root_setup, fake_root_teardown),
		cmocka_unit_test(test_probe_missing_path),
		cmocka_unit_test(test_real_dev_shm),
		cmocka_unit_test(test_real_root),
		cmocka_unit_test_setup_teardown(test_dio_alignment, tmpfile_setup,
						tmpfile_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
