/* SPDX-License-Identifier: GPL-2.0-only */
/* commands.h - the sub-commands (one file each: cmd-*.c); main.c dispatches
 * to these. */
#ifndef CROSSYM_COMMANDS_H
#define CROSSYM_COMMANDS_H

int cmd_report(int argc, char **argv);
int cmd_cocci(int argc, char **argv);
int cmd_objects(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_complete(int argc, char **argv);
int cmd_units(int argc, char **argv);
int cmd_cmd(int argc, char **argv);
int cmd_fallback(int argc, char **argv);
int cmd_ownline(int argc, char **argv);

#endif
