/* storage.h — the facts about the storage under a path, as one struct: what
 * O_DIRECT needs, block sizes, the write cache, the file system and its mount
 * options, and the stack of block devices down to the disks that hold the data.
 * Types only: device.c fills them for a path, stack.c the block-device part,
 * mountinfo.c the mount; each includes this and none needs another's code. */
#ifndef WB_FACTS_STORAGE_H
#define WB_FACTS_STORAGE_H

#include <stdbool.h>
#include <stdint.h>

#define WB_DEVICE_MAX_LAYERS 48      /* a stack deeper or wider than this is cut (layers_truncated): room for a 16-member array of partitions */
#define WB_DEVICE_MAX_DISKS 16       /* physical disks remembered for wb_device_shares */
#define WB_DEVICE_MAX_LOOP_DEPTH 3   /* loop → file → loop ... followed at most this deep; also ends cycles */
#define WB_DEVICE_NAME_LEN 32        /* sysfs block names are short: "nvme10n1p12", "dm-12" */

/* What one layer of the storage stack is. */
enum wb_device_layer_kind {
	WB_LAYER_DISK,      /* a whole disk: a leaf, what holds the data (or says it does) */
	WB_LAYER_PARTITION, /* a partition; its one child is the whole disk */
	WB_LAYER_MD,        /* md software RAID; its children are the members */
	WB_LAYER_DM,        /* device-mapper (LVM, dm-crypt, multipath ...); children are its slaves */
	WB_LAYER_LOOP,      /* a loop device; its one child is the FILE layer of its backing file */
	WB_LAYER_FILE,      /* the file system a loop device's backing file lives on; its child is that fs's device */
	WB_LAYER_OTHER,     /* another stacking driver (bcache, ...): named, children followed, not parsed */
	WB_LAYER_BTRFS,     /* a btrfs file system (name: its fsid); its children are its devices */
};
#define WB_LAYER_KIND_COUNT 8
#define WB_ARRAY_MAX_MEMBERS 16      /* members of one array described; more are counted, not kept */

/* One block device (or, for WB_LAYER_FILE, a file system) in the stack. layers[]
 * holds the stack as a tree in depth-first order: the top (what the path's file
 * system is mounted on) first, each layer followed by the layers it is built on.
 * Queue facts are the layer's own queue/ attributes (a partition has none). */
struct wb_device_layer {
	enum wb_device_layer_kind kind;
	int parent;                  /* index of the layer built on this one; -1 for the top */
	unsigned depth;              /* 0 for the top, parent's depth + 1 otherwise */
	char name[WB_DEVICE_NAME_LEN]; /* sysfs name ("sda1", "md0", "dm-0", "loop3", "vda"); fs type for FILE */
	char path[256];              /* LOOP: the backing file; FILE: the mount point; else "" */
	char details[256];           /* one readable line, e.g. "raid10, 4 disks, chunk 512 KiB";
				      * room for a 127-byte dm name and how its target was known */
	char model[64];              /* DISK: device/model, trimmed; "" unknown */
	char driver[24];             /* DISK: the driver bound to device/ ("sd", "nvme", "virtio_blk") */
	char vendor[24];             /* DISK: device/vendor, trimmed ("ATA", "Msft", "Google"); "" unknown
				      * (NVMe has none: its model names the maker) */
	uint64_t size_bytes;         /* DISK: size, from the 512-byte sectors in size; 0 unknown */
	bool virtual_disk;           /* DISK: a hypervisor's disk (virtio, xen, a known virtual model) */
	int rotational;              /* queue/rotational: 1, 0, or -1 unknown */
	char write_cache[16];        /* queue/write_cache: "write back", "write through", or "" */
	bool fua;                    /* queue/fua */
	char scheduler[24];          /* the active one in queue/scheduler; "" none read */
	uint32_t io_min;             /* queue/minimum_io_size: md and dm-striped set it to the chunk */
	uint32_t io_opt;             /* queue/optimal_io_size: md and dm-striped set it to the full stripe */
	/* Arrays: what the layer says of itself as an array (MD, DM, BTRFS). */
	char level[16];              /* MD: md/level; DM: the target type, from the live table
				      * ("linear", "striped", "crypt", "raid", ...; "mixed" when its
				      * targets differ; a raid target's level in md's words, "raid5",
				      * where the table says it) or, unread, as far as sysfs shows it ("crypt",
				      * "multipath", "raid", "striped", "thin", "unknown");
				      * BTRFS: the data profile ("raid5", "single", ...) */
	char meta_level[16];         /* BTRFS: the metadata profile */
	char label[128];             /* DM: dm/name (up to 127 bytes, DM_NAME_LEN); BTRFS: its
				      * label; "" none */
	uint32_t raid_disks;         /* MD: md/raid_disks; BTRFS: its devices; DM: a striped
				      * table's stripes, a raid table's devices (0 unread, or
				      * differing along the device) */
	uint32_t chunk;              /* MD: md/chunk_size in bytes; DM: a striped or raid table's */
	bool dm_table;               /* DM: level (and a stripe) came from the live table, not
				      * guessed from sysfs; the details say which and why */
	uint32_t layout;             /* MD: md/layout (raid10: near copies in bits 0-7, far in 8-15,
				      * bit 16 offset); DM: a raid10 table's, in md's bits */
	char member_state[32];       /* a member of an md array: md/dev-NAME/state ("in_sync", "faulty") */
	int loop_dio;                /* LOOP: loop/dio, 1 direct I/O to the backing file, 0 buffered
				      * (its page cache in front), -1 unknown or not a loop */
};

/* What an array is made of: the topmost layer that spreads writes over members
 * (md, a dm target over several devices, a btrfs over several devices), summed
 * up by array.c from the layers. A dm-crypt or a one-device LVM is not one;
 * under it the walk may still find one. */
enum wb_array_kind {
	WB_ARRAY_NONE,  /* no array in the stack */
	WB_ARRAY_MD,    /* md software RAID */
	WB_ARRAY_DM,    /* a device-mapper target over several devices (striped, raid) */
	WB_ARRAY_BTRFS, /* a btrfs over several devices: its profiles are the level */
};
#define WB_ARRAY_KIND_COUNT 4

/* One member of the array: the device the array names, and the disk under it,
 * whose queue facts are the member's. */
struct wb_array_member {
	char name[WB_DEVICE_NAME_LEN];   /* as the array names it: "sdb1", "dm-3", "loop2" */
	char disk[WB_DEVICE_NAME_LEN];   /* the whole disk under it; "" none found */
	char state[32];                  /* md: md/dev-NAME/state; "" elsewhere (not in sysfs) */
	char model[64];                  /* the disk's device/model; "" unknown */
	char scheduler[24];              /* the disk's active scheduler; "" unknown */
	int rotational;                  /* the disk's queue/rotational: 1, 0, -1 unknown */
	char write_cache[16];            /* the disk's queue/write_cache; "" unknown */
	bool fua;                        /* the disk's queue/fua */
	int loop_dio;                    /* the first loop device under it: its loop/dio, 1 or 0;
					  * -1 none or unknown */
	bool in_memory;                  /* it is memory: a zram or ram disk, or a loop over tmpfs */
	/* Its own I/O while qualify ran (its sysfs stat, read before and after). */
	bool io_known;                   /* both reads succeeded */
	uint64_t run_writes;             /* writes the member completed in the run */
	uint64_t run_write_ms;           /* the milliseconds they took, summed */
};

struct wb_array {
	enum wb_array_kind kind;
	char device[WB_DEVICE_NAME_LEN]; /* md0, dm-2; for btrfs its fsid, cut */
	char name[128];                  /* dm/name (up to 127 bytes), the btrfs label; "" none */
	char level[16];                  /* raid0/1/4/5/6/10, linear; striped, raid (dm); "unknown" */
	char meta_level[16];             /* btrfs: metadata profile; "" elsewhere */
	int parity_disks;                /* members' worth of parity per stripe: 0, 1, 2; -1 unknown */
	uint32_t raid_disks;             /* members the array is made of (configured, for md) */
	uint32_t data_disks;             /* members a full stripe's data spans; 0 unknown or none */
	uint32_t chunk;                  /* bytes per member in a stripe; 0 none (mirror) or unknown */
	uint64_t stripe;                 /* a full stripe's data: chunk × data_disks; 0 none or unknown */
	struct wb_array_member members[WB_ARRAY_MAX_MEMBERS];
	unsigned n_members;
	bool members_truncated;          /* more members than fit */
};

/* fs_type of a raw block device, which has no file system (the results
 * file's value; the text names it in words). */
#define WB_FS_RAW_DEVICE "(raw device)"

struct wb_device {
	/* From statx(STATX_DIOALIGN) on the file; 0 when the kernel/fs does not say. */
	uint32_t dio_mem_align;      /* buffer alignment O_DIRECT needs */
	uint32_t dio_offset_align;   /* offset/length alignment O_DIRECT needs; 0 = no O_DIRECT */
	bool dio_known;              /* statx answered STATX_DIOALIGN */

	/* The file system. */
	char fs_type[32];            /* from mountinfo (statfs if absent), e.g. "ext4", "tmpfs";
				      * WB_FS_RAW_DEVICE for a block device tested raw */
	char mount_point[256];
	char mount_options[256];     /* super options too, e.g. "rw,relatime,data=ordered" */
	char source[128];            /* mount source, e.g. "/dev/vda1" */

	/* The block device under it, when there is one (empty name otherwise). */
	char block_name[64];         /* the whole disk's sysfs name, e.g. "nvme0n1", "vda" */
	char model[128];             /* device/model, trimmed; empty if unknown */
	uint32_t logical_block;      /* queue/logical_block_size; 0 unknown */
	uint32_t physical_block;     /* queue/physical_block_size; 0 unknown */
	int rotational;              /* queue/rotational: 1, 0, or -1 unknown */
	char write_cache[32];        /* queue/write_cache: "write back", "write through", or "" */
	bool fua;                    /* queue/fua: device honours Force Unit Access */
	char scheduler[32];          /* the active one from queue/scheduler, e.g. "none", "mq-deadline" */

	/* The storage stack under the file system (see struct wb_device_layer). The
	 * fields above describe layers[0], or its disk when layers[0] is a partition. */
	unsigned dev_major, dev_minor; /* st_dev of the path; major 0 = no block device */
	char partition[WB_DEVICE_NAME_LEN]; /* the partition the fs is on, e.g. "vda1"; "" if none */
	struct wb_device_layer layers[WB_DEVICE_MAX_LAYERS];
	unsigned n_layers;
	bool layers_truncated;       /* more layers than fit, or loops nested past the cap */

	/* The physical disks at the bottom of the stack: what actually holds the data. */
	char disks[WB_DEVICE_MAX_DISKS][WB_DEVICE_NAME_LEN]; /* whole-disk names, no repeats */
	unsigned n_disks;
	int disks_rotational;        /* 1 some disk rotational, 0 all say not, -1 unknown */
	bool disks_volatile_cache;   /* some disk reports "write back" */

	/* md RAID: the topmost md layer, if any (raid_name "" otherwise). */
	char raid_name[WB_DEVICE_NAME_LEN];  /* "md0" */
	char raid_level[16];         /* md/level: "raid1", "raid10", "raid5", "linear" ... */
	unsigned raid_disks;         /* md/raid_disks: members the array is made of */
	unsigned raid_degraded;      /* md/degraded: members missing (0 when the file is absent) */
	uint32_t raid_chunk;         /* md/chunk_size in bytes; 0 for raid1/linear or unknown */
	char raid_members[WB_DEVICE_MAX_DISKS][WB_DEVICE_NAME_LEN]; /* slaves/: "sda2", "sdb1" */
	unsigned n_raid_members;

	/* The topmost array in the stack, any kind (array.c); kind NONE if none. */
	struct wb_array array;

	/* device-mapper: the topmost dm layer, if any (dm_dev "" otherwise). */
	char dm_dev[WB_DEVICE_NAME_LEN]; /* "dm-0" */
	char dm_name[128];           /* dm/name: "vg0-pgwal", "luks-..."; up to 127 bytes */
	char dm_kind[16];            /* dm/uuid prefix: "LVM", "CRYPT", "mpath", ...; "" if no uuid */

	/* A loop device: the topmost loop layer, if any (loop_name "" otherwise). */
	char loop_name[WB_DEVICE_NAME_LEN]; /* "loop0" */
	char loop_backing_file[256]; /* loop/backing_file, " (deleted)" kept if the kernel says it */
	int loop_dio;                /* loop/dio: 1 direct I/O to the backing file, 0 buffered, -1 unknown */
	char loop_backing_fs[32];    /* the backing file's file system type, "" unknown */
	char loop_backing_mount[256]; /* its mount point */
	char loop_backing_block[WB_DEVICE_NAME_LEN]; /* its device (whole disk), "" none or unknown */

	/* Virtual hardware: what a disk says about itself may be the hypervisor's
	 * answer. rotational and write_cache (above and in layers) are then reported
	 * as unverified: a virtio disk reads rotational 1 whatever the host has. */
	bool virtual_disk;           /* some disk in the stack is virtual */
	char hypervisor[32];         /* "" on bare metal; vendor ("Xen", "QEMU") or "unknown" under one */
	char dmi_vendor[64];         /* class/dmi/id/sys_vendor ("Amazon EC2", "Microsoft Corporation",
				      * "Google"); "" unread. Read with or without a hypervisor flag:
				      * a cloud's bare-metal machine still names its provider */
	char dmi_product[64];        /* class/dmi/id/product_name ("m5.large", "Virtual Machine",
				      * "Google Compute Engine"); "" unread */
	bool facts_unverified;       /* rotational/write_cache are the hypervisor's word, not the disk's */
	char unverified_reason[256]; /* why, in one line; "" when verified (a name, a model and the sentence fit) */
};

#endif
