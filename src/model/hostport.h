/* hostport.h — a network address as the user types it, "HOST:PORT" or "[v6addr]:PORT",
 * split strictly before anything connects (verify's --to and --from).
 * Trap: strtoul and getaddrinfo both take more than a port: "+7000", " 7000" and
 * "108919" (which a 16-bit store wraps to 43383) must be refused here, not reach them. */
#ifndef WB_MODEL_HOSTPORT_H
#define WB_MODEL_HOSTPORT_H

#include <stddef.h>
#include <stdint.h>

#define WB_HOST_MAX 256 /* a host name's bytes with its NUL: DNS names are at most 253 */

/* Splits hostport at its last colon. PORT must be decimal digits only, 1 .. 65535; HOST
 * must not be empty and holds printable ASCII without blanks, and a colon only inside
 * brackets (an IPv6 address: "[::1]:7000"; "::1:7000" is ambiguous). host receives HOST
 * without its brackets (host_len bytes at most, NUL included). 0, or -EINVAL. */
int wb_hostport_parse(const char *hostport, char *host, size_t host_len, uint16_t *port);

#endif
