int k_count;

int k_helper(void)
{
	return 42;
}

void puts_count(void)
{
	k_count++;
}
