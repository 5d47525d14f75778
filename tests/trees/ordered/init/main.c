#include <stdio.h>
#include "../include.h"
int main(void)
{
	printf("classes: %d\n", classes_ok());
	return 0;
}
