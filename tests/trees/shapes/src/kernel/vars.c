/* SPDX-License-Identifier: GPL-2.0-only */
/* Variables: scalars, arrays, const, structs, pointers; and the traps. */
#include "../include/shapes.h"

extern unsigned long aio_nr;
extern int nr_table[];

unsigned long aio_nr;
unsigned long aio_max_nr = 0x10000;
char __nosavedata swsusp_pg_dir[PAGE_SIZE]
	__aligned(PAGE_SIZE);
int nr_table[16];
int primes[] = { 2, 3, 5, 7 };
int grid[2][3];
const int max_threads = 64;
const char *const level_names[] = { "low", "high" };
struct mm_struct init_mm = {
	.users = 2,
};
struct mm_struct *current_mm;
int (*panic_hook)(int);
void (*handlers[4])(void);
static int counter;

int count_users(void)
{
	int aio_nr = 3;
	static int max_threads = 1;

	return aio_nr + max_threads + counter + current_mm->users;
}
