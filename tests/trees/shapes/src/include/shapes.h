/* SPDX-License-Identifier: GPL-2.0-only */
/* shapes.h - just enough of a kernel for the shape files to compile. */
#ifndef SHAPES_H
#define SHAPES_H

#ifndef __global
#define __global
#endif
#define __visible	__attribute__((externally_visible))
#define __init		__attribute__((__section__(".init.text")))
#define __cold		__attribute__((__cold__))
#define noinline	__attribute__((__noinline__))
#define __weak		__attribute__((__weak__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __nosavedata	__attribute__((__section__(".data..nosave")))
#define PAGE_SIZE	4096

typedef unsigned long pte_t;
struct mm_struct { int users; };
struct mmu_gather { int fullmm; };
struct list_head { struct list_head *next, *prev; };
struct mutex { int owner; };
typedef struct { int raw; } spinlock_t;

#define LIST_HEAD(name) struct list_head name = { &(name), &(name) }
#define DEFINE_LIST(name) struct list_head name = { 0, 0 }
#define DEFINE_MUTEX(name) struct mutex name = { 0 }
#define DEFINE_SPINLOCK(name) spinlock_t name = { 0 }
#define DEFINE_PER_CPU(type, name) __typeof__(type) name
#define DEFINE_COUNTER(name, start) int name = (start)
#define EXPORT_SYMBOL(sym) extern __typeof__(sym) sym
#define SYSCALL_DEFINE1(name, t1, a1) long sys_##name(t1 a1); long sys_##name(t1 a1)
#define MAKE_GETTER(fn, var) int fn(void) { return var; }

extern unsigned long aio_nr;	/* the extern declaration in a header */

#endif
