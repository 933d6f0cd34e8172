/* hostport.c — "HOST:PORT" split strictly (see hostport.h). Only the form is judged
 * here; whether HOST resolves is getaddrinfo's to say when it connects. */
#include "model/hostport.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "model/units.h"

int wb_hostport_parse(const char *hostport, char *host, size_t host_len, uint16_t *port)
{
	const char *colon = strrchr(hostport, ':'), *h = hostport;
	bool bracketed = false;
	uint64_t v;
	size_t len, i;

	/* wb_parse_uint takes digits only: no sign, no blank, no hex, no wrap past 65535. */
	if (!colon || wb_parse_uint(colon + 1, 1, UINT16_MAX, &v))
		return -EINVAL;
	len = (size_t)(colon - hostport);
	if (len >= 2 && h[0] == '[' && h[len - 1] == ']') {
		bracketed = true;
		h++;
		len -= 2;
	}
	if (len == 0 || len >= host_len)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)h[i];

		if (c <= ' ' || c >= 0x7f || c == '[' || c == ']' || (c == ':' && !bracketed))
			return -EINVAL;
	}
	memcpy(host, h, len);
	host[len] = '\0';
	*port = (uint16_t)v;
	return 0;
}
