/* SPDX-License-Identifier: GPL-2.0-only */
/* A command table: entries are globals in .list_* sections, which the
 * linker script keeps and brackets with __list_start/__list_end; nobody
 * names them. Every global function also has a descriptor in .opd (ELFv1),
 * which the same script keeps: that section is the ABI's, not a table. */
struct cmd {
	const char *name;
	int (*run)(void);
};
#define CMD_ENTRY(var) __attribute__((section(".list_" #var), aligned(8)))

extern struct cmd __list_start[], __list_end[];
extern int os_ticks;
int os_init(void);
int os_local(void);
int table_count(void);
int cmd_helper(int x);
int b_helper(int x);
