/* SPDX-License-Identifier: GPL-2.0-only */
/* locate.h - what a search of C text for a symbol's definition found
 * (srcscan_locate() in source/srcscan.h says how; the --db file keeps it). */
#ifndef CROSSYM_LOCATE_H
#define CROSSYM_LOCATE_H

enum locate_result {
	LOC_NOT_FOUND,          /* no definition the text shows (see below) */
	LOC_DECLARATOR,         /* a definition; *line is that of its name */
	LOC_IN_MACRO,           /* an argument of a macro call statement */
};

#endif
