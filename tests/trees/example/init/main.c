/* init/main.c: the program.  main() prints what every other directory
 * computed; everything it names from elsewhere is a cross-directory use.
 * main itself needs no tag: GCC always keeps it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/stat.h>

/* Made by the linker for the "initcall" and "ksymtab" sections. */
extern struct initcall __start_initcall[], __stop_initcall[];
extern const void *const __start_ksymtab[], *const __stop_ksymtab[];

static int by_name(const void *a, const void *b)
{
	const struct initcall *x = *(const struct initcall *const *)a;
	const struct initcall *y = *(const struct initcall *const *)b;

	return strcmp(x->name, y->name);
}

/* Run the initcalls in name order: the same order whatever the link order. */
static void do_initcalls(void)
{
	struct initcall *call[16];
	int i, n = 0;

	for (struct initcall *c = __start_initcall; c < __stop_initcall && n < 16; c++)
		call[n++] = c;
	qsort(call, n, sizeof(call[0]), by_name);
	for (i = 0; i < n; i++) {
		printf("initcall %s\n", call[i]->name);
		if (call[i]->fn())
			exit(1);
	}
}

int main(void)
{
	print_banner();			/* init/version.c: same directory */
	/* weak in kernel/, strong in arch/demo/: the strong one must win */
	printf("init: arch_early_init() = %d (42: the strong override in arch/demo won)\n",
	       arch_early_init());
	paging_init();			/* __init, mm/init.c */
	printf("init: paging_init put %d pages on free_list (boot_pages %lu)\n",
	       list_count(&free_list), boot_pages);
	do_initcalls();
	printf("init: jiffies %lu, nr_running %d, prio_to_weight[1][2] %d\n",
	       jiffies, nr_running(), prio_to_weight[1][2]);
	printf("init: stat_reads %lu (pasted name, updated by drivers/char)\n", stat_reads);
	printf("init: arch_cpu_count() = %d (weak default, no override)\n", arch_cpu_count());
	printf("init: demo_entry(5) = %ld (assembly calling back into C)\n", demo_entry(5));
	printf("init: %d pages left on free_list, %d exported symbol(s)\n",
	       list_count(&free_list), (int)(__stop_ksymtab - __start_ksymtab));
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
