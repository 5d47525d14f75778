/* SPDX-License-Identifier: GPL-2.0-only */
/* Linux 6.12's arch/x86/include/asm/current.h in small: a variable and a
 * const view of it declared in one section. It compiles normally; GCC 12
 * refuses it under -flto: "'const_pcpu_hot' causes a section type conflict
 * with 'pcpu_hot'". (The image link makes const_pcpu_hot an alias.) */
struct hot {
	int x;
};

struct hot pcpu_hot __attribute__((section(".data..percpu..hot"))) = { 5 };
extern const struct hot const_pcpu_hot __attribute__((section(".data..percpu..hot")));

int a_helper(int n);

int a_hot(void)
{
	return const_pcpu_hot.x + a_helper(1);
}
