/* units.h — sizes, durations and percentages: strict parsing of command-line
 * and profile values, and the one way reports format them. Every parser rejects empty input, trailing junk, a leading '-' (strtoull would
 * silently wrap it to 2^64-1) and values outside [min, max]. */
#ifndef WB_MODEL_UNITS_H
#define WB_MODEL_UNITS_H

#include <stdint.h>

/* Plain unsigned integer, decimal. 0 or -EINVAL / -ERANGE. */
int wb_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* Byte size: a number with an optional suffix. k/K/kB/KiB = 1024, m/M/MB/MiB = 2^20,
 * g/G/GB/GiB = 2^30; "b" or none = bytes. Storage tools use binary units, and
 * pg_test_fsync's "8kB" means 8192, so kB is binary here too. */
int wb_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* Duration with a unit: ns, us, ms, s, m (minutes), h; a bare number means seconds,
 * as pg_test_fsync's -s does. Decimal fractions are allowed ("1.5s"). Result in ns. */
int wb_parse_duration(const char *s, uint64_t min_ns, uint64_t max_ns, uint64_t *out_ns);

/* Percentage, optionally with '%' and a fraction ("3", "2.5%"); the result is in
 * hundredths of a percent (basis points) so it stays an integer. */
int wb_parse_percent(const char *s, uint64_t min_bp, uint64_t max_bp, uint64_t *out_bp);

/* Format a byte count the way the reports label sizes: "512B", "8kB", "16MiB";
 * from 1 MiB up, a size that is no whole MiB in MiB to a tenth ("1.5MiB",
 * "61.0MiB"), which wb_parse_size does not take back: a size a command line
 * echoes must be whole MiB there (or under 1 MiB). */
void wb_format_size(uint64_t bytes, char *buf, unsigned len);

/* Format a rate or a count for a person: whole, with thousands grouped by commas
 * ("1,510", "15,430"), one decimal below 100 ("74.6"). NaN and infinities as "n/a". */
void wb_format_count(double v, char *buf, unsigned len);

/* Format nanoseconds with the largest unit that divides them: "10ms", "24h", "0". */
void wb_format_duration(uint64_t ns, char *buf, unsigned len);

#endif
