/* refusal.h — what every file loader's refusal must be, for the unit tests of
 * the loaders that read a user's file (tiers, burst volumes): the error the
 * test wanted, the file named, one line. What "nothing half-loaded" means is
 * each loader's own, so the caller checks it. */
#ifndef WB_TESTS_REFUSAL_H
#define WB_TESTS_REFUSAL_H

/* Fails the test unless got == want_ret and err, the loader's message for
 * file, contains want and file and no newline. */
void refusal_check(const char *file, int got, int want_ret, const char *err, const char *want);

#endif
