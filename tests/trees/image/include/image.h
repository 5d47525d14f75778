/* A command table: entries are globals in .list_* sections, which the
 * linker script keeps and brackets with __list_start/__list_end. */
struct cmd {
	const char *name;
	int (*run)(void);
};
#define CMD_ENTRY(var) __attribute__((section(".list_" #var), aligned(8)))

extern struct cmd __list_start[], __list_end[];
extern int os_ticks;
int os_init(void);
int table_count(void);
int b_helper(int x);
/* SPDX-License-Identifier: GPL-2.0-only */
