/* SPDX-License-Identifier: GPL-2.0-only */
/* tap.h - a minimal TAP producer for the C unit tests (run by prove). */
#ifndef CROSSYM_TAP_H
#define CROSSYM_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_count, tap_failures;

#define TAP_OK(cond, ...) do { \
	int tap_cond_ = (cond); \
	printf("%sok %d - ", tap_cond_ ? "" : "not ", ++tap_count); \
	printf(__VA_ARGS__); \
	putchar('\n'); \
	if (!tap_cond_) { \
		tap_failures++; \
		printf("# failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	} \
} while (0)

#define TAP_STR(got, want, ...) do { \
	const char *tap_g_ = (got), *tap_w_ = (want); \
	int tap_same_ = tap_g_ && tap_w_ ? !strcmp(tap_g_, tap_w_) : tap_g_ == tap_w_; \
	TAP_OK(tap_same_, __VA_ARGS__); \
	if (!tap_same_) \
		printf("#   got: '%s'\n#  want: '%s'\n", tap_g_ ? tap_g_ : "(null)", \
		       tap_w_ ? tap_w_ : "(null)"); \
} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failures != 0;
}

#endif
