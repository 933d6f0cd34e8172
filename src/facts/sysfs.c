/* sysfs.c — the small readers of sysfs.h. Trap: sysfs attributes are one line
 * with a trailing newline, proc files report size 0, so neither is sized by
 * stat. */
#include "facts/sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void wb_facts_copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void trim_trailing_space(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t' ||
			 s[n - 1] == '\r'))
		s[--n] = '\0';
}

int wb_facts_read_file(const char *path, char **text)
{
	size_t cap = 16384, len = 0;
	char *buf = malloc(cap), *bigger;
	ssize_t n;
	int fd, err = 0;

	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		goto out_free;
	}
	for (;;) {
		if (cap - len < 2) {
			bigger = realloc(buf, cap * 2);
			if (!bigger) {
				err = -ENOMEM;
				goto out_close;
			}
			buf = bigger;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto out_close;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
out_close:
	if (close(fd) && !err)
		err = -errno;
out_free:
	if (err)
		free(buf);
	else
		*text = buf;
	return err;
}

static int join(char *out, const char *dir, const char *name)
{
	int len = snprintf(out, PATH_MAX, "%s/%s", dir, name);

	return len < 0 || len >= PATH_MAX ? -ENAMETOOLONG : 0;
}

int wb_facts_read_attr(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX], tmp[4096];
	ssize_t n;
	int fd, err;

	err = join(path, dir, name);
	if (err)
		return err;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do
		n = read(fd, tmp, sizeof(tmp) - 1);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (err)
		return err;
	tmp[n] = '\0';
	trim_trailing_space(tmp);
	wb_facts_copy(buf, size, tmp);
	return 0;
}

int wb_facts_read_u64(const char *dir, const char *name, uint64_t *out)
{
	char buf[32], *end;
	unsigned long long v;
	int err = wb_facts_read_attr(dir, name, buf, sizeof(buf));

	if (err)
		return err;
	/* strtoull takes a sign and wraps it: "-1" is no size. */
	if (buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (*end != '\0' || errno)
		return -EINVAL;
	*out = (uint64_t)v;
	return 0;
}

int wb_facts_read_u32(const char *dir, const char *name, uint32_t *out)
{
	uint64_t v;
	int err = wb_facts_read_u64(dir, name, &v);

	if (err)
		return err;
	if (v > UINT32_MAX)
		return -EINVAL;
	*out = (uint32_t)v;
	return 0;
}

bool wb_facts_exists(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	return join(path, dir, name) == 0 && stat(path, &st) == 0;
}

int wb_facts_link_name(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX], target[PATH_MAX];
	const char *slash;
	ssize_t n;
	int err = join(path, dir, name);

	if (err)
		return err;
	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	slash = strrchr(target, '/');
	wb_facts_copy(buf, size, slash ? slash + 1 : target);
	return 0;
}
