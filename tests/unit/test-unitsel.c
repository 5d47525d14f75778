// SPDX-License-Identifier: GPL-2.0-only
/* test-unitsel.c - the --unit rule (units_selected, units_file_selected):
 * which unit names a DIR selects (doc/CONTRACT.md, "Units"). */
#include "tap.h"
#include "model/units.h"
#include "kbuild/unitname.h"

#include <stdlib.h>

static int sel(const char *dir, const char *unit)
{
	struct unit_sel s = { 0 };
	int got;

	unitsel_add(&s, dir);
	got = units_selected(&s, unit);
	unitsel_free(&s);
	return got;
}

static void check(const char *dir, const char *unit, int want)
{
	TAP_OK(sel(dir, unit) == want, "--unit %s %s %s", dir,
	       want ? "selects" : "does not select", unit);
}

/* unitname.c: each kind of unit name made, taken apart and given its file */
static void name_is(char *got, const char *want, const char *what)
{
	TAP_STR(got, want, "%s", what);
	free(got);
}

static void names(void)
{
	name_is(unitname_make("kernel", 0), "kernel", "a directory's C unit");
	name_is(unitname_make("kernel", 1), "kernel#asm", "its assembly");
	name_is(unitname_make("fs/x/x.ko", 1), "fs/x/x.ko#asm", "a module's assembly");
	name_is(unitname_run("kernel", 2), "kernel@2", "a run");
	name_is(unitname_base("kernel#asm"), "kernel", "the base of DIR#asm");
	name_is(unitname_base("mm"), "mm", "the base of DIR");
	name_is(unitname_file("kernel/sched"), "kernel/sched/unit.o", "the file of DIR");
	name_is(unitname_file("."), "unit.o", "the file of the top directory");
	name_is(unitname_file("kernel@12"), "kernel/unit@12.o", "the file of a run");
	name_is(unitname_file(".@2"), "unit@2.o", "the file of a run at the top");
	name_is(unitname_file("fs/x/x.ko"), "fs/x/x.unit.o", "the file of a module");
	name_is(unitname_file("a@b"), "a@b/unit.o", "an @ that is no run number");
}

int main(void)
{
	struct unit_sel s = { 0 };

	check("kernel", "kernel", 1);
	check("kernel", "kernel@2", 1);                 /* its runs (--runs) */
	check("kernel", "kernel#asm", 1);
	check("kernel", "kernel/sched", 1);
	check("kernel", "kernel/cpu.o", 1);             /* excluded object */
	check("fs/autofs", "fs/autofs/autofs4.ko", 1);  /* a module */
	check("kernel", "kernelx", 0);
	check("kernel", "kern", 0);
	check("kernel", "arch/x86/kernel", 0);
	check("kernel@2", "kernel@2", 1);               /* one run alone */
	check("kernel@2", "kernel", 0);
	check("kernel@2", "kernel@3", 0);
	check("kernel#asm", "kernel#asm", 1);
	check("kernel#asm", "kernel", 0);
	check(".", "anything/at@all", 1);
	check("kernel/", "kernel@2", 1);                /* as tab completion gives it */
	check("./kernel", "kernel/sched", 1);
	check(".//kernel//", "kernel#asm", 1);
	check("./kernel/", "kernelx", 0);
	check("./", "anything", 1);                     /* the top */
	check("arch/./demo/", "arch/demo#asm", 1);
	TAP_OK(units_selected(NULL, "kernel"), "no selection: every unit");
	TAP_OK(units_selected(&s, "kernel"), "an empty selection: every unit");
	unitsel_add(&s, "mm");
	unitsel_add(&s, "kernel");
	TAP_OK(units_selected(&s, "kernel@2") && units_selected(&s, "mm") &&
	       !units_selected(&s, "lib"), "several DIRs: the union");
	TAP_OK(units_file_selected(&s, NULL, "kernel/time.c"),
	       "a file without a unit: by its directory");
	TAP_OK(!units_file_selected(&s, NULL, "include/linux/x.h"),
	       "a file elsewhere: not selected");
	TAP_OK(units_file_selected(&s, "kernel@2", "include/linux/x.h"),
	       "a file with a unit: by the unit");
	TAP_OK(!units_file_selected(&s, "lib", "kernel/x.c"),
	       "a file with another unit: not selected");
	s.seen[0] = 0;
	s.seen[1] = 0;
	unitsel_mark(&s, "kernel/sched");
	unitsel_mark(&s, "lib");
	TAP_OK(!s.seen[0] && s.seen[1], "unitsel_mark: kernel/sched answers --unit kernel, not mm");
	unitsel_free(&s);
	names();
	return tap_done();
}
