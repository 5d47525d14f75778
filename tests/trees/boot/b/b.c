/* SPDX-License-Identifier: GPL-2.0-only */
static int b_twice(int n)
{
	return 2 * n;
}

unsigned long a_clock(void);
long a_sys_poke(long x);
struct a_cmd {
	const char *name, *help;
	long (*fn)(long);
};
extern struct a_cmd a_cmd_peek;

int b_run(int n)
{
	return b_twice(n) + 100 + (int)a_clock() + (int)a_sys_poke(10) +
	       (int)a_cmd_peek.fn(1) + (a_cmd_peek.help[0] == 'p');
}
