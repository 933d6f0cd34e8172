/* capture.h — a standard stream (stdout, stderr) caught in a memfd while a
 * unit test calls something that prints to it, then read back as text
 * (test_secrets.c, test_report_rates.c): nothing is written to disk. Trap: one
 * capture at a time per stream; the text is the caller's buffer. */
#ifndef WB_TESTS_CAPTURE_H
#define WB_TESTS_CAPTURE_H

#include <stddef.h>
#include <stdio.h>

struct capture {
	FILE *stream;            /* stdout or stderr */
	int fd;                  /* its descriptor */
	int saved;               /* the descriptor it had, to put back */
	int memfd;
};

/* Points stream (whose descriptor is fd) at a fresh memfd. */
void capture_start(struct capture *c, FILE *stream, int fd);

/* Puts the stream back and returns what was printed meanwhile, in text (len
 * bytes, cut there). */
char *capture_end(struct capture *c, char *text, size_t len);

#endif
