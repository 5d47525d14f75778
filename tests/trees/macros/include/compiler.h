/* include/compiler.h: the tag, as the kernel spells it (-include'd). */
#define __visible __attribute__((externally_visible))
