/* passthrough.h — FUSE operations shared by the test file systems (faultfs, lyingfs, bucketfs): a
 * plain passthrough of a backing directory for everything but the data path. */
#ifndef WB_FAULT_PASSTHROUGH_H
#define WB_FAULT_PASSTHROUGH_H

#include <dirent.h>
#include <fuse.h>

extern int pt_root_fd;       /* the backing directory; every path resolves below it */
extern const char *pt_prog;  /* the program's name, for messages */

/* FUSE's absolute path as one relative to pt_root_fd ("." for the root). */
const char *pt_rel(const char *path);
DIR *pt_dir(const struct fuse_file_info *fi);

/* No writeback cache, no attribute or entry caching, hard_remove, nullpath_ok. */
void *pt_init(struct fuse_conn_info *conn, struct fuse_config *cfg);
/* flush succeeds; release closes the descriptor in fi->fh. */
int pt_flush(const char *path, struct fuse_file_info *fi);
int pt_release(const char *path, struct fuse_file_info *fi);
int pt_getattr(const char *path, struct stat *st, struct fuse_file_info *fi);
int pt_mkdir(const char *path, mode_t mode);
int pt_rmdir(const char *path);
int pt_rename(const char *from, const char *to, unsigned int flags);
int pt_chmod(const char *path, mode_t mode, struct fuse_file_info *fi);
int pt_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi);
int pt_utimens(const char *path, const struct timespec ts[2], struct fuse_file_info *fi);
int pt_statfs(const char *path, struct statvfs *st);
/* truncate(2) by path or by the open file; fallocate on the open file (EBADF without one). */
int pt_truncate(const char *path, off_t size, struct fuse_file_info *fi);
int pt_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi);
int pt_opendir(const char *path, struct fuse_file_info *fi);
int pt_readdir(const char *path, void *buf, fuse_fill_dir_t filler, off_t off,
	       struct fuse_file_info *fi, enum fuse_readdir_flags flags);
int pt_releasedir(const char *path, struct fuse_file_info *fi);
/* pread(2) of the open file. */
int pt_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi);
int pt_unlink(const char *path);
/* fsync(2) or fdatasync(2) of the directory. */
int pt_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi);

/* The operations every test file system passes straight through, for the start of its
 * struct fuse_operations; its own data path (getattr, open, read, write, fsync, ...) follows. */
#define PT_OPS_PASSTHROUGH                                                                   \
	.init = pt_init, .flush = pt_flush, .release = pt_release, .mkdir = pt_mkdir,       \
	.rmdir = pt_rmdir, .rename = pt_rename, .chmod = pt_chmod, .chown = pt_chown,       \
	.utimens = pt_utimens, .statfs = pt_statfs, .opendir = pt_opendir,                  \
	.readdir = pt_readdir, .releasedir = pt_releasedir

#endif
