/* inputs.h — paths the user gave, judged before any measuring: a directory to
 * test in must exist, be a directory and not a kernel pseudo file system; a
 * report file's directory must exist and be writable. Each refusal prints one
 * line naming the option and the path; the caller exits WB_EXIT_SETUP. */
#ifndef WB_CLI_INPUTS_H
#define WB_CLI_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plan/options.h"

/* How the directory was named, for the messages: "DIR" when it was the
 * operand, else "--dir" (given or the default). */
const char *wb_input_dir_word(const struct wb_config *cfg);

/* --dir DIR (opt names the option in the message, and cfg's command line says
 * whether dir may be shown in it: wb_config_word_shown). */
bool wb_input_dir_ok(const struct wb_config *cfg, const char *opt, const char *dir);

/* compat -f FILE|DIR: a directory as above, or a new file in such a directory. */
bool wb_input_target_ok(const char *opt, const char *target);

/* The directory a compat -f FILE|DIR writes in: target itself, or its
 * directory (in buf, or ".") when it names a file. */
const char *wb_input_target_dir(const char *target, char *buf, size_t len);

/* --json FILE, --csv FILE (NULL: not given, fine): written atomically at the end,
 * so its directory must take a new file now, and FILE must not exist at all:
 * walbench never replaces a file, nor follows a symlink. */
bool wb_input_output_ok(const char *opt, const char *file);

/* --seed: the one given, else one from the clock, so every run has its own
 * order of tests; 53 bits, because the JSON number that records it is a double. */
uint64_t wb_input_seed(uint64_t given);

/* A raw block device is written over (its first need bytes) only when asked
 * (destroy, --destroy-data) and only when nothing uses it: false, with the
 * reason printed, otherwise. */
bool wb_input_raw_device_ok(const char *dev, bool destroy, uint64_t need);

/* run's and qualify's target (opt names it in messages): a directory, or a raw
 * block device that destroy (--destroy-data) allows, that nothing uses and that
 * holds need bytes; --destroy-data on anything else is refused. *raw says
 * which the target is. */
bool wb_input_site_ok(const struct wb_config *cfg, const char *opt, const char *target,
		      bool destroy, uint64_t need, bool *raw);

/* cfg's --json, --csv and --prom, as wb_input_output_ok, in that order; then
 * no two of them may name the same file. */
bool wb_input_reports_ok(const struct wb_config *cfg);

#endif
