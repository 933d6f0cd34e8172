/* input_file.h — a fuzz input as a file, for the loaders that take a path.
 * Trap: the path is the same for every input (one memfd, rewritten), so a
 * loader that keeps the path keeps a name, never the previous input. */
#ifndef WB_FUZZ_INPUT_FILE_H
#define WB_FUZZ_INPUT_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Replaces the file's contents with data[0..size) and returns its path
 * ("/proc/self/fd/N"); aborts when the file cannot be made or written, since a
 * fuzzer that silently reads nothing finds nothing. */
const char *wb_fuzz_input_path(const uint8_t *data, size_t size);

#endif
