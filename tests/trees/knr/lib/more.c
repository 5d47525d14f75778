/* SPDX-License-Identifier: GPL-2.0-only */
int knr_helper();

int lib_total(n)
	int n;
{
	return knr_helper(n) + n;
}
