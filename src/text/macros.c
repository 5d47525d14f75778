// SPDX-License-Identifier: GPL-2.0-only
/* macros.c - the one table of macros by what they do with a name. */
#include "text/macros.h"

#include <string.h>

/* MACRO_DEFINES entries are whole macro names; the others are prefixes. */
static const struct macro_rule {
	const char *name;
	unsigned char how;
} macro_rules[] = {
	{ "ATOMIC_NOTIFIER_HEAD", MACRO_DEFINES }, { "BLOCKING_NOTIFIER_HEAD", MACRO_DEFINES },
	{ "DECLARE_BITMAP", MACRO_DEFINES }, { "DECLARE_COMPLETION", MACRO_DEFINES },
	{ "DECLARE_DEFERRABLE_WORK", MACRO_DEFINES }, { "DECLARE_DELAYED_WORK", MACRO_DEFINES },
	{ "DECLARE_RWSEM", MACRO_DEFINES }, { "DECLARE_TASKLET", MACRO_DEFINES },
	{ "DECLARE_WAIT_QUEUE_HEAD", MACRO_DEFINES }, { "DECLARE_WORK", MACRO_DEFINES },
	{ "DEFINE_HASHTABLE", MACRO_DEFINES }, { "DEFINE_IDA", MACRO_DEFINES },
	{ "DEFINE_IDR", MACRO_DEFINES }, { "DEFINE_LIST", MACRO_DEFINES },
	{ "DEFINE_MUTEX", MACRO_DEFINES }, { "DEFINE_PER_CPU", MACRO_DEFINES },
	{ "DEFINE_PER_CPU_ALIGNED", MACRO_DEFINES }, { "DEFINE_PER_CPU_DECRYPTED", MACRO_DEFINES },
	{ "DEFINE_PER_CPU_FIRST", MACRO_DEFINES }, { "DEFINE_PER_CPU_PAGE_ALIGNED", MACRO_DEFINES },
	{ "DEFINE_PER_CPU_READ_MOSTLY", MACRO_DEFINES },
	{ "DEFINE_PER_CPU_SHARED_ALIGNED", MACRO_DEFINES },
	{ "DEFINE_RATELIMIT_STATE", MACRO_DEFINES }, { "DEFINE_RAW_SPINLOCK", MACRO_DEFINES },
	{ "DEFINE_RWLOCK", MACRO_DEFINES }, { "DEFINE_SEMAPHORE", MACRO_DEFINES },
	{ "DEFINE_SEQLOCK", MACRO_DEFINES }, { "DEFINE_SPINLOCK", MACRO_DEFINES },
	{ "DEFINE_SRCU", MACRO_DEFINES }, { "DEFINE_STATIC_KEY_FALSE", MACRO_DEFINES },
	{ "DEFINE_STATIC_KEY_FALSE_RO", MACRO_DEFINES }, { "DEFINE_STATIC_KEY_TRUE", MACRO_DEFINES },
	{ "DEFINE_STATIC_KEY_TRUE_RO", MACRO_DEFINES }, { "DEFINE_TIMER", MACRO_DEFINES },
	{ "DEFINE_WW_CLASS", MACRO_DEFINES }, { "DEFINE_XARRAY", MACRO_DEFINES },
	{ "DEFINE_XARRAY_ALLOC", MACRO_DEFINES }, { "DEFINE_XARRAY_FLAGS", MACRO_DEFINES },
	{ "HLIST_HEAD", MACRO_DEFINES }, { "LIST_HEAD", MACRO_DEFINES }, { "LLIST_HEAD", MACRO_DEFINES },
	{ "RAW_NOTIFIER_HEAD", MACRO_DEFINES }, { "SRCU_NOTIFIER_HEAD", MACRO_DEFINES },

	{ MACROS_EXPORT, MACRO_REFERS }, { "MODULE_", MACRO_REFERS }, { "module_", MACRO_REFERS },
	{ "NOKPROBE_", MACRO_REFERS }, { "ALLOW_ERROR_INJECTION", MACRO_REFERS },
	{ "__setup", MACRO_REFERS }, { "early_param", MACRO_REFERS }, { "core_param", MACRO_REFERS },
	{ "__initcall", MACRO_REFERS }, { "__exitcall", MACRO_REFERS }, { "BUILD_BUG_ON", MACRO_REFERS },
	{ "__ADDRESSABLE", MACRO_REFERS }, { "DECLARE_PER_CPU", MACRO_REFERS },
	{ "DECLARE_STATIC_KEY", MACRO_REFERS }, { "DECLARE_STATIC_CALL", MACRO_REFERS },
	{ "SYSCALL_ALIAS", MACRO_REFERS }, { "KSYMTAB", MACRO_REFERS }, { "BTF_", MACRO_REFERS },
	{ "STACK_FRAME_NON_STANDARD", MACRO_REFERS },

	{ "SYSCALL_", MACRO_PASTES }, { "COMPAT_SYSCALL_", MACRO_PASTES },
	{ "COND_SYSCALL", MACRO_PASTES }, { "cond_syscall", MACRO_PASTES },

	{ "sizeof", MACRO_WORD }, { "typeof", MACRO_WORD }, { "__typeof", MACRO_WORD },
	{ "__attribute", MACRO_WORD }, { "asm", MACRO_WORD }, { "__asm", MACRO_WORD },
	{ "_Static_assert", MACRO_WORD }, { "static_assert", MACRO_WORD },
};


static int has(const char *name, size_t len, const char *w)
{
	return memmem(name, len, w, strlen(w)) != NULL;
}

static int starts(const char *name, size_t len, const char *w)
{
	size_t wl = strlen(w);

	return len >= wl && !memcmp(name, w, wl);
}

unsigned macros_how(const char *name, size_t len)
{
	size_t best = 0;
	unsigned how = 0;

	for (size_t k = 0; k < sizeof(macro_rules) / sizeof(macro_rules[0]); k++) {
		const struct macro_rule *r = &macro_rules[k];
		size_t rl = strlen(r->name);

		if (r->how == MACRO_DEFINES) {
			if (len == rl && !memcmp(name, r->name, rl))
				return MACRO_DEFINES;
		} else if (rl > best && starts(name, len, r->name)) {
			best = rl;
			how = r->how;
		}
	}
	if (!how && (has(name, len, "initcall") || has(name, len, "_param")))
		how = MACRO_REFERS;
	return how;
}

int macros_exports(const char *name, size_t len)
{
	return starts(name, len, MACROS_EXPORT);
}

int macros_per_cpu(const char *name, size_t len)
{
	return has(name, len, "PER_CPU");
}

int macros_compat(const char *name, size_t len)
{
	return has(name, len, "COMPAT");
}

int macros_syscall_definer(const char *name)
{
	return strstr(name, "SYSCALL_DEFINE") != NULL;
}
