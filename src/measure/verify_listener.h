/* verify_listener.h — the listener of `walbench verify`: binds its port and serves writers
 * and checkers, keeping the ledger of what was announced and acknowledged in memory. */
#ifndef WB_MEASURE_VERIFY_LISTENER_H
#define WB_MEASURE_VERIFY_LISTENER_H

#include <stdint.h>
#include <stdio.h>

#include "model/verify_protocol.h"

/* Binds port on every address (IPv6 with IPv4 mapped, else IPv4). The listening fd, or
 * -errno; *bound gets the port (useful with port 0). */
int wb_verify_listen(uint16_t port, uint16_t *bound);

/* Serves clients on lfd until a signal stops the process: writers' runs go into the
 * ledger, checkers get it back. A client that vanishes (reset, closed, power cut) only
 * drops its connection; the ledger keeps everything acknowledged. One line per event
 * goes to log. Returns -errno only when the listening socket itself fails. */
int wb_verify_serve(int lfd, struct wb_verify_ledger *ledger, FILE *log);

#endif
