/* b/use.c: uses a/, with two declarations that do not match a/def.c. */
#include <stddef.h>

extern int foo[];
extern int table[];
extern __thread int tls_counter;
extern int common_var;
int copy_bytes(char *dst, int len);
long total(long n);
struct item;
struct item *first_item(void);
int other_entry(void);
typedef struct { int a; } cfg_t;
extern const volatile int vc_val;
extern cfg_t cfg;
extern int (*handler)(int);
int old_style();
#ifdef CONFIG_B
int dead_fn(void);
#endif

int main(void)
{
	char buf[4];
	int n = foo[0] + table[1] + tls_counter + common_var + copy_bytes(buf, 2);

	n += (int)total(3) + (first_item() != NULL) + other_entry();
	n += vc_val + cfg.a + (handler ? handler(1) : 0) + old_style(2);
#ifdef CONFIG_B
	n += dead_fn();
#endif
	return n == 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
