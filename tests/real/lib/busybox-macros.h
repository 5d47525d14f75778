/* SPDX-License-Identifier: GPL-2.0-only */
/* busybox-macros.h: macro file for spatch (--macro-file) on BusyBox 1.35 sources.
 * BusyBox's attribute-like and config macros (include/platform.h, libbb.h,
 * autoconf.h) that spatch cannot parse on its own: after array names
 * (`char buf[] ALIGN1 = ...`), after prototypes (`MAIN_EXTERNALLY_VISIBLE`),
 * inside return types (`FILE* FAST_FUNC f(...)`, `IF_DESKTOP(long long) int`).
 * They expand to nothing, or to what they mean for the C grammar.  IF_DESKTOP
 * follows defconfig (CONFIG_DESKTOP=y).  The remaining IF_FEATURE_*(...) uses
 * inside statements are config macros too; a tool can derive them from
 * include/autoconf.h (IF_X(...) -> the argument when CONFIG_X is set). */
#define FAST_FUNC
#define MAIN_EXTERNALLY_VISIBLE
#define EXTERNALLY_VISIBLE
#define ALIGN1
#define ALIGN2
#define ALIGN4
#define ALIGN8
#define ALIGN_PTR
#define ALIGN_SUFFIX
#define ALIGNED(m)
#define UNUSED_PARAM
#define UNUSED_PARAM_RESULT
#define NORETURN
#define PACKED
#define RETURNS_MALLOC
#define NOINLINE
#define ALWAYS_INLINE inline
#define DEPRECATED
#define FIX_ALIASING
#define INIT_FUNC
#define IF_DESKTOP(x) x
#define IF_NOT_DESKTOP(x)
#define PUSH_AND_SET_FUNCTION_VISIBILITY_TO_HIDDEN
#define POP_SAVED_FUNCTION_VISIBILITY
