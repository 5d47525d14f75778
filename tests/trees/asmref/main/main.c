#include <stdio.h>

int k_entry(void);
extern int k_count;

int main(void)
{
	printf("k_entry: %d, k_count: %d\n", k_entry(), k_count);
	return 0;
}
