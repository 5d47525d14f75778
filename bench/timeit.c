// SPDX-License-Identifier: GPL-2.0-only
/* timeit.c - run commands side by side and print their median figures.
 *
 *   timeit RUNS LABEL CMD [LABEL CMD]...
 *
 * Each CMD is a /bin/sh -c string (the same start-up cost for every command).
 * The commands run in rounds, one after the other within a round (A B C, A B C,
 * ...), so that a load change on a shared machine hits them alike. Output, one
 * line per command:
 *
 *   LABEL <TAB> median wall s <TAB> min wall s <TAB> median cpu s <TAB> max RSS KiB <TAB> exit
 *
 * cpu is user + system of the command and all its children; RSS the largest
 * of any process in the command. exit is the first non-zero status seen, or 0. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 101

struct sample {
	double wall, cpu;
	long rss_kib;
};

struct command {
	const char *label, *cmd;
	struct sample runs[MAX_RUNS];
	int status;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* One run of cmd; -1 when it could not be started. */
static int run_once(const char *cmd, struct sample *s)
{
	struct rusage ru;
	double start = now();
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	s->wall = now() - start;
	s->cpu = tv_seconds(&ru.ru_utime) + tv_seconds(&ru.ru_stime);
	s->rss_kib = ru.ru_maxrss;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void print_figures(const struct command *c, int runs)
{
	double wall[MAX_RUNS], cpu[MAX_RUNS];
	long rss = 0;

	for (int r = 0; r < runs; r++) {
		wall[r] = c->runs[r].wall;
		cpu[r] = c->runs[r].cpu;
		if (c->runs[r].rss_kib > rss)
			rss = c->runs[r].rss_kib;
	}
	printf("%s\t%.4f\t", c->label, median(wall, runs));
	printf("%.4f\t%.4f\t%ld\t%d\n", wall[0], median(cpu, runs), rss, c->status);
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 0, ncmd = (argc - 2) / 2;
	struct command *cmds;

	if (argc < 4 || argc % 2 || runs < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "usage: timeit RUNS(1-%d) LABEL CMD [LABEL CMD]...\n", MAX_RUNS);
		return 2;
	}
	cmds = calloc((size_t)ncmd, sizeof(*cmds));
	if (!cmds) {
		perror("timeit");
		return 2;
	}
	for (int i = 0; i < ncmd; i++) {
		cmds[i].label = argv[2 + 2 * i];
		cmds[i].cmd = argv[3 + 2 * i];
	}
	for (int r = 0; r < runs; r++)
		for (int i = 0; i < ncmd; i++) {
			int st = run_once(cmds[i].cmd, &cmds[i].runs[r]);

			if (st < 0) {
				perror("timeit: fork/wait");
				return 2;
			}
			if (st && !cmds[i].status)
				cmds[i].status = st;
		}
	for (int i = 0; i < ncmd; i++)
		print_figures(&cmds[i], runs);
	free(cmds);
	return 0;
}
