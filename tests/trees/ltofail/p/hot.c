/* SPDX-License-Identifier: GPL-2.0-only */
/* Linux 6.12's arch/x86/include/asm/current.h in small: a variable and a
 * const alias of it in one section. GCC 12 compiles this normally, but its
 * -flto compile fails: "'const_pcpu_hot' causes a section type conflict
 * with 'pcpu_hot'". Without -DHOT_NO_CONFLICT (the alias in no section). */
struct hot { int x; };
struct hot pcpu_hot __attribute__((section(".data..percpu..hot"))) = { 1 };
#ifdef HOT_NO_CONFLICT
extern const struct hot const_pcpu_hot __attribute__((alias("pcpu_hot")));
#else
extern const struct hot const_pcpu_hot __attribute__((section(".data..percpu..hot")));
#endif

/* named only inside asm strings: hot_helper (inline asm), hot_real (a
 * top-level .set makes hot_alias of it), hot_label (the asm label, the
 * symbol name, of the C variable hot_var) */
int hot_helper(void)
{
	return 5;
}

int hot_var __asm__("hot_label") = 3;

int hot_read(void)
{
	int r, v;

	asm volatile("call hot_helper" : "=a"(r) : : "memory", "cc", "rdi", "rsi",
		     "rdx", "rcx", "r8", "r9", "r10", "r11");
	asm volatile("movl hot_label(%%rip), %0" : "=r"(v));
	return r + v + const_pcpu_hot.x;
}

int hot_alias(void);
int hot_real(void)
{
	return 7;
}
asm(".globl hot_alias\n\t.set hot_alias, hot_real");
