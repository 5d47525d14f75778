// SPDX-License-Identifier: GPL-2.0-only
/* test-srcscan.c - tags and their symbols, definitions and macro-made names,
 * read off C source text. */
#include "tap.h"
#include "source/srcscan.h"
#include "lib/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The tags of text as "symbol@lineF ..." with F one of D, M, R. */
static char *tags_string(const char *text, size_t len, const char *tag)
{
	struct src_tag *tags;
	size_t n = srcscan_tags(text, len, tag, &tags), used = 0;
	char *s = xmalloc(1);

	*s = '\0';
	for (size_t i = 0; i < n; i++) {
		char *item = xasprintf("%s%s@%u%c", used ? " " : "", tags[i].symbol,
				       tags[i].line, "DMR"[tags[i].form]);

		s = xrealloc(s, used + strlen(item) + 1);
		strcpy(s + used, item);
		used += strlen(item);
		free(item);
	}
	srcscan_free(tags, n);
	return s;
}

static void check_tags_tag(const char *text, const char *tag, const char *want,
			   const char *what)
{
	char *got = tags_string(text, strlen(text), tag);

	TAP_STR(got, want, "tags: %s", what);
	free(got);
}

static void check_tags(const char *text, const char *want, const char *what)
{
	check_tags_tag(text, "__global", want, what);
}

/* srcfile_locate_each answers as srcscan_locate, for a name asked twice and
 * next to one that is absent. */
static void check_loc_each(const char *text, const char *symbol, enum locate_result want,
			   unsigned want_line)
{
	const char *syms[3] = { symbol, "zz_absent_name", symbol };
	enum locate_result res[3];
	unsigned lines[3] = { 0, 0, 0 };
	struct srcfile *f = srcfile_open(text, strlen(text));

	srcfile_locate_each(f, syms, 3, res, lines);
	srcfile_close(f);
	TAP_OK(res[0] == want && res[2] == want && res[1] == LOC_NOT_FOUND &&
	       (want == LOC_NOT_FOUND || (lines[0] == want_line && lines[2] == want_line)),
	       "locate_each %s agrees", symbol);
}

/* srcscan_locate as "D<line>", "M<line>:<macro>" or "N". */
static void check_loc(const char *text, const char *symbol, const char *want,
		      const char *what)
{
	unsigned line = 0;
	char *macro = NULL, *got;
	enum locate_result r = srcscan_locate(text, strlen(text), symbol, &line, &macro);

	check_loc_each(text, symbol, r, line);
	switch (r) {
	case LOC_DECLARATOR:
		got = xasprintf("D%u", line);
		break;
	case LOC_IN_MACRO:
		got = xasprintf("M%u:%s", line, macro ? macro : "(null)");
		break;
	default:
		got = xasprintf("N%s", macro ? "+macro" : "");
		break;
	}
	TAP_STR(got, want, "locate %s: %s", symbol, what);
	free(got);
	free(macro);
}

static void check_paste(const char *text, const char *symbol, const char *want)
{
	char *got = srcscan_paste_macro(text, strlen(text), symbol);

	TAP_STR(got, want, "paste macro of %s", symbol);
	free(got);
}

static void test_declarator_tags(void)
{
	check_tags("void __init __global paging_init(void)\n{\n}\n", "paging_init@1D",
		   "function, tag after __init");
	check_tags("pte_t * __global pte_alloc_one(struct mm_struct *mm)\n{\n}\n",
		   "pte_alloc_one@1D", "pointer return type");
	check_tags("#include <x.h>\n\npte_t *\n__global pte_alloc_one(struct mm_struct *mm)\n"
		   "{\n\treturn NULL;\n}\n", "pte_alloc_one@4D", "type on the previous line");
	check_tags("pte_t * __global\npte_alloc_one(struct mm_struct *mm)\n{\n}\n",
		   "pte_alloc_one@1D", "name on the next line");
	check_tags("unsigned long __global aio_nr;\n", "aio_nr@1D", "variable");
	check_tags("int __global x = 5;\n", "x@1D", "initialised variable");
	check_tags("char __nosavedata __global swsusp_pg_dir[PAGE_SIZE] __aligned(PAGE_SIZE);\n",
		   "swsusp_pg_dir@1D", "array with attributes");
	check_tags("struct list_head __global free_list = {\n\t&free_list, &free_list };\n",
		   "free_list@1D", "struct with initialiser");
	check_tags("struct task_struct *__global init_tsk;\n", "init_tsk@1D",
		   "pointer variable, no space");
	check_tags("size_t __global __kernel_len;\n", "__kernel_len@1D",
		   "typedef and __-named variable");
	check_tags("const char __global version_str[] = \"1.0\";\n", "version_str@1D",
		   "const array");
	check_tags("int __global a, b;\n", "a@1D", "first of two declarators");
	check_tags("int a, __global b, c;\n", "b@1D", "second of three declarators");
	check_tags("int a = 1, b[2] = { 1, 2 }, __global c = 3;\n", "c@1D",
		   "after initialisers");
	check_tags("void __global f(void) __acquires(lock)\n{\n}\n", "f@1D",
		   "trailing attribute macro");
	check_tags("int __global foo(int a) __attribute__((weak));\n", "foo@1D",
		   "prototype with __attribute__");
	check_tags("void __global g(void) __global;\n", "g@1D g@1D", "two tags, one name");
	check_tags("unsigned int __global counter __read_mostly;\n", "counter@1D",
		   "known trailing attribute word");
	check_tags("unsigned int __global counter2 __my_section_attr;\n", "counter2@1D",
		   "unknown __ trailing word");
	check_tags("struct foo { int a; } __global bar;\n", "bar@1D",
		   "after a struct body");
	check_tags("__global int plain;", "plain@1D", "no newline at the end");
	check_tags("int FAST_FUNC __global bb_func(int x)\n{\n}\n", "bb_func@1D",
		   "busybox FAST_FUNC");
	check_tags("const char ALIGN1 __global bb_msg[] = \"x\";\n", "bb_msg@1D",
		   "busybox ALIGN1");
}

static void test_attribute_tags(void)
{
	check_tags_tag("asmlinkage __visible void do_syscall_64(struct pt_regs *regs, int nr)\n"
		       "{\n}\n", "__visible", "do_syscall_64@1D", "kernel: tag before the type");
	check_tags_tag("__visible struct foo bar;\n", "__visible", "bar@1D",
		       "kernel: struct variable");
	check_tags_tag("__visible noinstr void fn(void)\n{\n}\n", "__visible", "fn@1D",
		       "kernel: noinstr");
	check_tags_tag("__visible __unknown_attr void fn2(void)\n{\n}\n", "__visible",
		       "fn2@1D", "kernel: unknown attribute word");
	check_tags_tag("__visible u64 __percpu_thing(void)\n{\n}\n", "__visible",
		       "__percpu_thing@1D", "kernel: typedef return type");
	check_tags("__printf(1, 2) __global void logit(const char *fmt, ...);\n", "logit@1D",
		   "__printf before");
	check_tags("__global __printf(2, 3) int logit2(int lvl, const char *fmt, ...)\n{\n}\n",
		   "logit2@1D", "tag then __printf");
	check_tags("int __global __attribute__((aligned(8))) y;\n", "y@1D",
		   "__attribute__ between");
	check_tags("int __global __section(\".data\") z = 1;\n", "z@1D", "__section between");
	check_tags("int __global __my_align(64) w;\n", "w@1D", "unknown attribute call");
	check_tags("__attribute__((used)) int __global u;\n", "u@1D", "__attribute__ first");
	check_tags("int __global (*fp)(void);\n", "fp@1D", "function pointer");
	check_tags("void (*__global handler)(int) = NULL;\n", "handler@1D",
		   "tag inside the parentheses");
	check_tags("int __global (*tbl[4])(void) = { 0 };\n", "tbl@1D",
		   "array of function pointers");
	check_tags("void __global (*signal_fn(int sig, void (*h)(int)))(int)\n{\n}\n",
		   "signal_fn@1D", "function returning a function pointer");
	check_tags("typeof(int) __global tv;\n", "tv@1D", "typeof type");
}

static void test_macro_tags(void)
{
	check_tags("__global DEFINE_PER_CPU(struct mmu_gather, mmu_gathers);\n",
		   "mmu_gathers@1M", "DEFINE_PER_CPU");
	check_tags("int a;\n__global DEFINE_PER_CPU(struct x *, ptrs);\n", "ptrs@2M",
		   "DEFINE_PER_CPU of a pointer, after a statement");
	check_tags("__global DEFINE_PER_CPU(cpumask_var_t, cpu_mask);\n", "cpu_mask@1M",
		   "DEFINE_PER_CPU of a typedef: the last argument");
	check_tags("__global DEFINE_PER_CPU(int, counter) = 1;\n", "counter@1M",
		   "DEFINE_PER_CPU with an initialiser");
	check_tags("__global DEFINE_PER_CPU_SHARED_ALIGNED(struct rq, runqueues);\n",
		   "runqueues@1M", "DEFINE_PER_CPU_SHARED_ALIGNED");
	check_tags("__global DEFINE_EARLY_PER_CPU_READ_MOSTLY(u16, x86_bios_cpu_apicid, BAD_APICID);\n",
		   "x86_bios_cpu_apicid@1M", "DEFINE_EARLY_PER_CPU_READ_MOSTLY: the second argument, not the initialiser");
	check_tags("__global DEFINE_EARLY_PER_CPU(int, x86_cpu_to_node_map, NUMA_NO_NODE);\n",
		   "x86_cpu_to_node_map@1M", "DEFINE_EARLY_PER_CPU (arch/x86/mm/numa.c)");
	check_tags("__global LIST_HEAD(name);\n", "name@1M", "LIST_HEAD");
	check_tags("void f(void)\n{\n}\n__global DEFINE_MUTEX(big_lock);\n", "big_lock@4M",
		   "DEFINE_MUTEX after a function");
	check_tags("#include <linux/mutex.h>\n__global DEFINE_MUTEX(m2);\n", "m2@2M",
		   "after a directive");
	check_tags("__global DECLARE_BITMAP(cpu_bits, NR_CPUS);\n", "cpu_bits@1M",
		   "DECLARE_BITMAP: the first argument");
	check_tags("__global DEFINE_RATELIMIT_STATE(rs, 5 * HZ, 10);\n", "rs@1M",
		   "several arguments");
	check_tags("__global FOO(1, \"x\");\n", "", "no identifier argument: left out");
}

static void test_redecl_tags(void)
{
	check_tags("extern __typeof__(S) S __global;\n", "S@1R", "__typeof__");
	check_tags("extern typeof(jiffies) jiffies __global;\n", "jiffies@1R", "typeof");
	check_tags("extern __typeof(memcpy) memcpy __global;\n", "memcpy@1R", "__typeof");
	check_tags("int x;\nextern __typeof__(x) x __global;\n", "x@2R", "after a definition");
	check_tags("int x;\n__typeof__(x) x __global;\n", "x@2R",
		   "after a definition, no extern (a tentative definition)");
	check_tags("int x;\n__typeof__(x) y __global;\n", "y@2D", "another name's type: a definition");
	check_tags("int x;\n__typeof__(x) x __global = 1;\n", "x@2D", "initialised: a definition");
	check_tags("extern int __global ext_var;\n", "ext_var@1R", "plain extern");
	check_tags("extern void __global ext_fn(void);\n", "ext_fn@1R", "extern prototype");
	check_tags("extern void __global ext_def(void)\n{\n}\n", "ext_def@1D",
		   "extern function definition");
}

static void test_traps(void)
{
	check_tags("/* int __global a; */\nint b;\n", "", "block comment");
	check_tags("/*\n * __global\n */\nint __global c;\n", "c@4D",
		   "multi-line comment, line count");
	check_tags("// int __global a;\nint b;\n", "", "line comment");
	check_tags("// a comment \\\n int __global a;\n", "", "continued line comment");
	check_tags("char *s = \"int __global x;\";\n", "", "string");
	check_tags("char *s = \"\\\" __global \";\nint __global q;\n", "q@2D",
		   "escaped quote in a string");
	check_tags("int c = '__global';\n", "", "character literal");
	check_tags("char c = '\\'';\nint __global cq;\n", "cq@2D", "escaped quote char");
	check_tags("wchar_t *w = L\"__global\";\n", "", "wide string");
	check_tags("#define EXPORT_SYMBOL(s) extern typeof(s) s __global;\n", "",
		   "#define");
	check_tags("#define __global __attribute__((externally_visible))\n", "",
		   "#define of the tag itself");
	check_tags("#define X(s) \\\n\textern typeof(s) s __global; \\\n\tint __global s##_x;\n"
		   "int __global after;\n", "after@4D", "#define with continuation lines");
	check_tags("  #  define X __global\nint __global k;\n", "k@2D", "indented directive");
	check_tags("#if 0 /* comment\n __global */\n#endif\nint __global k2;\n", "k2@4D",
		   "comment going on from a directive");
	check_tags("int my__global;\n", "", "word containing the tag");
	check_tags("int __global_x;\n", "", "word starting with the tag");
	check_tags("int x__global_y;\n", "", "tag inside a word");
	check_tags("__global;\n", "", "tag with no name");
	check_tags("__global", "", "tag alone at the end");
	check_tags("", "", "empty text");
}

static void test_lines(void)
{
	check_tags("int __glo\\\nbal e;\n", "e@1D", "tag split by a continuation");
	check_tags("int \\\n__global \\\ne2;\nint __global e3;\n", "e2@2D e3@4D",
		   "continuations keep line numbers");
	check_tags("int a;\r\nint __global b;\r\n", "b@2D", "CRLF");
	check_tags("#define X \\\r\n  __global y\r\nint __global z;\r\n", "z@3D",
		   "CRLF continuation in a directive");
	check_tags("int __global a1;\n\n\nvoid __global f1(void)\n{\n\tint x;\n}\n"
		   "/* c */ int __global a2;\n", "a1@1D f1@4D a2@8D", "several tags");
	check_tags("#ifdef A\nvoid f(int a) {\n#else\nvoid f(void) {\n#endif\n}\n"
		   "int __global g;\n", "g@7D", "unbalanced #if branches");
	check_tags("static const struct ops o = {\n#ifdef A\n\t.a = 1,\n#endif\n};\n"
		   "int __global h;\n", "h@6D", "directive inside an initialiser");
}

static void test_locate_definitions(void)
{
	check_loc("int foo(void);\nint foo(void)\n{\n\treturn 0;\n}\n", "foo", "D2",
		  "prototype then definition");
	check_loc("int foo(void);\n", "foo", "N", "prototype only");
	check_loc("extern int bar;\nint bar = 3;\n", "bar", "D2", "extern then definition");
	check_loc("extern int bar;\n", "bar", "N", "extern only");
	check_loc("int tent;\n", "tent", "D1", "tentative definition");
	check_loc("unsigned long arr[16] __aligned(8);\n", "arr", "D1", "array");
	check_loc("int (*fp)(void) = NULL;\n", "fp", "D1", "function pointer");
	check_loc("struct list_head lst = LIST_HEAD_INIT(lst);\n", "lst", "D1",
		  "initialiser naming itself");
	check_loc("struct task_struct *\ncopy_process(struct pid *pid,\n\tint trace)\n{\n}\n",
		  "copy_process", "D2", "multi-line definition");
	check_loc("void __weak arch_foo(void)\n{\n}\n", "arch_foo", "D1", "weak function");
	check_loc("asmlinkage __visible void do_x(void)\n{\n}\n", "do_x", "D1",
		  "kernel attributes");
	check_loc("void rel(int a) __releases(x)\n{\n}\n", "rel", "D1",
		  "trailing attribute macro");
	check_loc("int w(void) __attribute__((weak));\n", "w", "N",
		  "prototype with __attribute__");
	check_loc("u64 sc(void) __attribute__((alias(\"native_sc\")));\n", "sc", "D1",
		  "a function defined by an alias attribute");
	check_loc("int nv __alias(v);\n", "nv", "D1", "a variable defined by __alias()");
	check_loc("int cb(int (*alias)(void));\n", "cb", "N",
		  "a parameter named alias: a prototype");
	check_loc("#ifdef PV\nu64 sc(void)\n{\n}\n#else\n"
		  "u64 sc(void) __attribute__((alias(\"n\")));\n#endif\n", "sc", "D2",
		  "a body in one #if arm, an alias in the other: the first");
	check_loc("int a, b = 2, c;\n", "c", "D1", "third declarator");
	check_loc("void *\n__kmalloc(size_t size, gfp_t flags)\n{\n}\n", "__kmalloc", "D2",
		  "__-named function");
	check_loc("int foo __initdata = 3;\n", "foo", "D1", "variable with __initdata");
	check_loc("struct cpumask __cpu_possible_mask __read_mostly;\n", "__cpu_possible_mask",
		  "D1", "__-named variable with trailing attribute");
	check_loc("int __global gl;\n", "gl", "D1", "tagged variable");
	check_loc("void f(void)\n{\n}\nint later = 1;\n", "later", "D4", "after a function");
	check_loc("#ifdef A\nvoid f(int a) {\n#else\nvoid f(void) {\n#endif\n}\nint g;\n", "g",
		  "D7", "after unbalanced #if branches");
	check_loc("int s2 = sizeof(int);\n", "s2", "D1", "sizeof in initialiser");
	check_loc("extern s64 uv_call(u64 a)\n{\n}\n", "uv_call", "D1",
		  "extern function definition");
	check_loc("extern int xi = 1;\n", "xi", "D1", "extern with initialiser");
	check_loc("#ifdef CONFIG_F00F\nvoid hio(struct pt_regs *regs)\n#else\n"
		  "static inline void hio(struct pt_regs *regs)\n#endif\n{\n}\n", "hio", "D2",
		  "declarators in #if branches, one body");
	check_loc("#ifdef A\nint du(int a, int b)\n#else\nint du(int a)\n#endif\n{\n}\n",
		  "du", "D2", "first branch's declarator");
	check_loc("STATIC int INIT __decompress(unsigned char *buf, long len)\n{\n}\n",
		  "__decompress", "D1", "unknown macros before a __-named function");
}

static void test_locate_skipped(void)
{
	check_loc("static int baz;\n", "baz", "N", "static variable");
	check_loc("static int qux(void)\n{\n}\n", "qux", "N", "static function");
	check_loc("static int v;\n#ifdef X\nint v;\n#endif\n", "v", "D3",
		  "static skipped, the next taken");
	check_loc("void f(void)\n{\n\tint loc = 1;\n}\n", "loc", "N", "local variable");
	check_loc("void f(void)\n{\n\tfoo();\n}\n", "foo", "N", "call in a body");
	check_loc("struct s { int member; };\n", "member", "N", "struct member");
	check_loc("typedef int footype;\n", "footype", "N", "typedef");
	check_loc("int f(int param);\n", "param", "N", "parameter");
	check_loc("void *p = &target;\n", "target", "N", "in an initialiser");
	check_loc("/* int foo; */\nchar *s = \"foo\";\n// int foo;\n", "foo", "N",
		  "comments and strings");
	check_loc("#define foo 1\n#define BAR(x) int foo;\n", "foo", "N", "directives");
	check_loc("#define stat_inc(x) stat_##x++\n", "stat_foo", "N", "pasted by ##");
	check_loc("int foobar;\n", "foo", "N", "prefix of a word");
	check_loc("", "foo", "N", "empty text");
}

static void test_locate_macros(void)
{
	check_loc("DEFINE_PER_CPU(struct mmu_gather, mmu_gathers);\n", "mmu_gathers",
		  "M1:DEFINE_PER_CPU", "DEFINE_PER_CPU");
	check_loc("int a;\n\nDEFINE_MUTEX(m);\n", "m", "M3:DEFINE_MUTEX", "DEFINE_MUTEX");
	check_loc("static DEFINE_MUTEX(m);\n", "m", "N", "static DEFINE_MUTEX");
	check_loc("LIST_HEAD(l);\n", "l", "M1:LIST_HEAD", "LIST_HEAD");
	check_loc("__global DEFINE_MUTEX(tm);\n", "tm", "M1:DEFINE_MUTEX",
		  "tagged DEFINE_MUTEX");
	check_loc("__visible DEFINE_PER_CPU(int, vc) = 3;\n", "vc", "M1:DEFINE_PER_CPU",
		  "DEFINE_PER_CPU with initialiser");
	check_loc("DEFINE_TIMER(t,\n\tcb);\n", "cb", "M1:DEFINE_TIMER", "second argument");
	check_loc("DEFINE_TIMER(t, cb);\nvoid cb(struct timer_list *t)\n{\n}\n", "cb", "D2",
		  "definition wins over a macro argument");
	check_loc("EXPORT_SYMBOL(foo);\n", "foo", "N", "EXPORT_SYMBOL only");
	check_loc("int foo;\nEXPORT_SYMBOL_GPL(foo);\n", "foo", "D1", "with EXPORT_SYMBOL");
	check_loc("core_initcall(init_fn);\n", "init_fn", "N", "initcall");
	check_loc("DECLARE_PER_CPU(int, pcv);\n", "pcv", "N", "DECLARE_PER_CPU");
	check_loc("DEFINE_FOO(struct x, (name));\n", "name", "N", "not a whole argument");
	check_loc("DEFINE_MUTEX(m);\n", "m", "M1:DEFINE_MUTEX", "macro name wanted");
	{
		unsigned line = 0;

		TAP_OK(srcscan_locate("DEFINE_MUTEX(m);\n__typeof__(m) m __global;\n", 43, "m", &line,
				      NULL) == LOC_IN_MACRO && line == 1,
		       "a re-declaration `__typeof__(m) m TAG;` is no definition of m");
		TAP_OK(srcscan_locate("DEFINE_MUTEX(m);\n", 17, "m", &line, NULL) ==
		       LOC_IN_MACRO && line == 1, "locate with no macro pointer");
	}
}

static const char syscall_text[] =
	"#include <linux/syscalls.h>\n"
	"SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)\n"
	"{\n\treturn ksys_read(fd, buf, count);\n}\n"
	"EXPORT_SYMBOL(write);\n"
	"COMPAT_SYSCALL_DEFINE2(pread, int, fd, int, n)\n{\n}\n"
	"SYSCALL_DEFINE5(preadv, unsigned long, fd, int, a, int, b, int, c, int, d)\n{\n}\n"
	"COMPAT_SYSCALL_DEFINE5(preadv, unsigned long, fd, int, a, int, b, int, c, int, d)\n"
	"{\n}\n";

static void test_paste(void)
{
	check_loc(syscall_text, "__x64_sys_read", "N", "syscall: pasted name");
	check_paste(syscall_text, "__x64_sys_read", "SYSCALL_DEFINE3");
	check_paste(syscall_text, "__se_sys_read", "SYSCALL_DEFINE3");
	check_paste(syscall_text, "sys_read", "SYSCALL_DEFINE3");
	check_paste(syscall_text, "__ia32_compat_sys_pread", "COMPAT_SYSCALL_DEFINE2");
	check_paste(syscall_text, "__x64_sys_preadv", "SYSCALL_DEFINE5");
	check_paste(syscall_text, "__ia32_compat_sys_preadv", "COMPAT_SYSCALL_DEFINE5");
	check_paste(syscall_text, "__x64_sys_write", NULL);
	check_paste(syscall_text, "read", NULL);
	check_paste(syscall_text, "unrelated", NULL);
	check_paste("void f(void)\n{\n\tSYSCALL_DEFINE1(x, int, a);\n}\n", "sys_x", NULL);
	check_paste("/* SYSCALL_DEFINE1(x, int, a) */\n", "sys_x", NULL);
	check_paste("", "sys_x", NULL);
}

#define LIT(s) s, sizeof(s) - 1

/* Malformed or large input: no crash, sensible counts. */
static void test_robust(void)
{
	size_t n = 5000, len = 0, deep = 100000;
	char *big = xmalloc(n * 40 + 1), *s;
	struct src_tag *tags;
	unsigned line = 0;

	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(big + len, "int __global v%zu;\n", i);
	n = srcscan_tags(big, len, "__global", &tags);
	TAP_OK(n == 5000 && !strcmp(tags[4999].symbol, "v4999") && tags[4999].line == 5000,
	       "5000 tags, the last on line 5000");
	srcscan_free(tags, n);
	TAP_OK(srcscan_locate(big, len, "v4321", &line, NULL) == LOC_DECLARATOR &&
	       line == 4322, "locate in a large text");
	free(big);
	big = xmalloc(deep + 16);
	memset(big, '(', deep);
	memcpy(big + deep, " __global x;", 12);
	n = srcscan_tags(big, deep + 12, "__global", &tags);
	TAP_OK(n <= 1, "deeply nested parentheses");
	srcscan_free(tags, n);
	free(big);
	s = tags_string(LIT("}}}) int __global a; {{{(( int __global b"), "__global");
	TAP_STR(s, "a@1D b@1D", "unbalanced brackets");
	free(s);
	s = tags_string(LIT("int __global a\0b;\nint __global c;"), "__global");
	TAP_STR(s, "c@2D", "NUL byte in the text");
	free(s);
	s = tags_string(LIT("char *s = \"unterminated __global\n;\nint __global d;\n"), "__global");
	TAP_STR(s, "d@3D", "unterminated string ends at the line end");
	free(s);
	s = tags_string(LIT("/* unterminated __global"), "__global");
	TAP_STR(s, "", "unterminated comment");
	free(s);
	s = tags_string(LIT("int __global a; \\"), "__global");
	TAP_STR(s, "a@1D", "backslash at the very end");
	free(s);
}


/* Old-style (K&R) definitions: the parameter declarations between `)` and
 * `{` belong to the function, not to the file. */
static void test_old_style(void)
{
	static const char zlib[] =
		"int ZEXPORT compress2 OF((Bytef *dest, uLong len));\n"
		"int ZEXPORT compress2 (dest, len)\n"
		"    Bytef *dest;\n"
		"    uLong len;\n"
		"{\n\treturn 0;\n}\n";

	check_loc("int f(a, b)\nint a;\nchar *b;\n{\n\treturn a;\n}\n", "f", "D1",
		  "K&R definition");
	check_loc("long g (n, m)\n    register int n;\n    register unsigned m;\n{\n}\n", "g",
		  "D1", "K&R with register");
	check_loc("int h(a, b)\n\tint a, b;\n{\n}\n", "h", "D1",
		  "K&R, two declarators on one line");
	check_loc("char *\nkp(p, v, fn)\n\tchar *p;\n\tint v[];\n\tint (*fn)(int);\n{\n}\n",
		  "kp", "D2", "K&R with pointer, array and function pointer parameters");
	check_loc(zlib, "compress2", "D2", "K&R after an OF((...)) prototype");
	check_loc("int kst(a)\n\tstruct pt { int x; } *a;\n{\n}\n", "kst", "D1",
		  "K&R with a struct body in a parameter declaration");
	check_loc("int kpa(a)\n\tint (a);\n\tint b __attribute__((unused));\n{\n}\n", "kpa", "D1",
		  "K&R with a parenthesised name and an attribute");
	check_loc("static int ks(x)\n\tint x;\n{\n}\n", "ks", "N", "static K&R");
	check_loc("extern int ke(x)\n\tint x;\n{\n}\n", "ke", "D1", "extern K&R definition");
	check_loc("int kd(x)\n\tint x;\n{\n}\n", "x", "N", "a K&R parameter is no variable");
	check_loc("int kd2(a, b)\n\tint a;\n\tchar *b;\n{\n}\nchar *b;\n", "b", "D6",
		  "a later K&R parameter is no variable either");
	check_loc("int gx;\nint kd3(a)\n\tint a;\n{\n}\n", "gx", "D1",
		  "a variable before a K&R definition is one");
	check_loc("int ZEXPORT kz Z_ARG((int level));\n", "kz", "N", "Z_ARG prototype");
	check_loc("int kn(a, b);\nint kn2;\n", "kn2", "D2", "prototype with names, then a variable");
	check_loc("void (*sig(int s, void (*fn)(int)))(int)\n{\n\treturn fn;\n}\n", "sig",
		  "D1", "function returning a function pointer");
	check_tags("int __global f(a, b)\nint a;\nchar *b;\n{\n}\n", "f@1D", "K&R definition");
	check_tags("char *\n__global kp(p)\n\tchar *p;\n{\n}\n", "kp@2D",
		   "K&R, name at the start of a line");
	check_tags("int ZEXPORT __global compress2 (dest, len)\n    Bytef *dest;\n"
		   "    uLong len;\n{\n}\n", "compress2@1D", "K&R after an unknown macro");
	check_tags("extern int __global ke(x)\n\tint x;\n{\n}\n", "ke@1D",
		   "extern K&R definition");
}

/* srcfile_def_ends of text for sym (hint: wanted.tsv's line) as "L L ...",
 * E for UINT_MAX. */
static char *ends_string(const char *text, const char *sym, unsigned hint)
{
	struct srcfile *f = srcfile_open(text, strlen(text));
	unsigned *ends;
	size_t n = srcfile_def_ends(f, sym, hint, &ends);
	char *s = xstrdup("");

	for (size_t k = 0; k < n; k++) {
		char *t = ends[k] == UINT_MAX ? xasprintf("%s%sE", s, k ? " " : "") :
						xasprintf("%s%s%u", s, k ? " " : "", ends[k]);

		free(s);
		s = t;
	}
	free(ends);
	srcfile_close(f);
	return s;
}

static void check_ends(const char *text, const char *sym, unsigned hint, const char *want,
		       const char *what)
{
	char *got = ends_string(text, sym, hint);

	TAP_STR(got, want, "def_ends: %s", what);
	free(got);
}

static void test_def_ends(void)
{
	check_ends("#ifdef X\nint v = 1;\n#endif\nint w;\n", "v", 0, "2",
		   "a variable in an #if arm: behind it, inside the arm");
	check_ends("int v[] = {\n\t1,\n\t2,\n};\nint w;\n", "v", 0, "4", "an initialiser's lines");
	check_ends("int f(void)\n{\n\treturn 0;\n}\nint w;\n", "f", 0, "4", "a function's brace");
	check_ends("int v = 1;", "v", 0, "1", "the last line");
	check_ends("int v = 1; /* a\n b */\n", "v", 0, "E", "the statement ends the file, a comment after it");
	check_ends("int v = 1; /* a\n comment */\nint w;\n", "v", 0, "2",
		   "a comment running on: before the next token's line");
	check_ends("int v = 1; /* c */ // d\nint w;\n", "v", 0, "1", "comments closed on the line");
	check_ends("int v = 1; int w = {\n 2 };\n", "v", 0, "0",
		   "the next statement goes on from the line: no place");
	check_ends("#if A\nint v = 1;\n#else\nint v = 2;\n#endif\n", "v", 0, "2 4",
		   "one behind each #if arm's definition");
	check_ends("int a, v = 3,\n\tb;\nint w;\n", "v", 0, "2", "a declarator list's end");
	check_ends("DEFINE_MUTEX(m);\nint w;\n", "m", 0, "1", "a definer macro call");
	check_ends("int kr(a)\nint a;\n{\n}\nint w;\n", "kr", 0, "4", "an old-style function's body");
	check_ends("int a;\nMAKE_THING(zz);\nint w;\n", "zz_thing", 2, "2",
		   "a macro call on the hinted line");
	check_ends("SYSCALL_DEFINE1(rd, int, x)\n{\n}\nint w;\n", "__x64_sys_rd", 0, "3",
		   "the pasting call's body");
	check_ends("#define D(n) int c_##n\nD(s) __initdata;\nint w;\n", "c_s", 2, "2",
		   "a pasted definition with an attribute behind the call, by the hint");
	check_ends("D(s)\nint w;\n", "c_s", 1, "1", "a call with no `;`: its `)`");
	/* Linux 6.1 x86_64-fsmod: ioport.c's and fork.c's #else arms were built,
	 * and only the first arm's call had the re-declaration */
	check_ends("#ifdef IOPERM\nSYSCALL_DEFINE3(ioperm, long, a, long, b, int, c)\n{\n}\n"
		   "#else\nSYSCALL_DEFINE3(ioperm, long, a, long, b, int, c)\n{\n}\n#endif\n"
		   "COND_SYSCALL(ioperm);\n", "__x64_sys_ioperm", 0, "4 8 10",
		   "a pasting call in each #if arm: behind each (and the weak stub COND_SYSCALL pastes)");
	check_ends("#ifdef A\nSYSCALL_DEFINE5(clone, long, a, long, b, int, c, int, d, int, e)\n{\n}\n"
		   "#else\nSYSCALL_DEFINE6(clone, long, a, long, b, int, c, int, d, int, e, int, f)\n{\n}\n"
		   "#endif\nSYSCALL_DEFINE2(clone3, long, a, int, b)\n{\n}\n", "__x64_sys_clone", 0, "4 8",
		   "other macros of the same argument in other arms too, not clone3");
	check_ends("#ifdef A\nSYSCALL_DEFINE1(rd, int, x)\n{\n}\n#else\nSYSCALL_DEFINE1(rd, int, x)\n{\n}\n#endif\n",
		   "__x64_sys_rd", 6, "4 8", "by the hint's call, its siblings too");
	/* U-Boot 2025.01: U_BOOT_LONGHELP(bootm, ...) pastes bootm_help_text, not
	 * the command's linker-list entry; a re-declaration behind it did not
	 * compile */
	check_ends("U_BOOT_LONGHELP(bootm, \"x\");\nU_BOOT_CMD(bootm, 1, 1, do_bootm, \"u\", h);\n"
		   "int w;\n", "_u_boot_list_2_cmd_2_bootm", 2, "2",
		   "a call of the same argument beside it, in no other #if arm: not a sibling");
	check_ends("#ifdef A\nU_BOOT_LONGHELP(x, \"x\");\n#endif\nU_BOOT_CMD(x, 1, h);\n#if B\n"
		   "#else\nint q;\n#endif\nint w;\n", "_u_boot_list_2_cmd_2_x", 4, "4",
		   "an #if closed before the call, another opened after it: no sibling");
	check_ends("int w;\n", "v", 0, "", "no definition");
	check_ends("extern int v;\n__typeof__(v) v __global;\n", "v", 0, "",
		   "declarations and re-declarations are none");
}

int main(void)
{
	test_declarator_tags();
	test_attribute_tags();
	test_macro_tags();
	test_redecl_tags();
	test_traps();
	test_lines();
	test_locate_definitions();
	test_locate_skipped();
	test_locate_macros();
	test_paste();
	test_robust();
	test_old_style();
	test_def_ends();
	return tap_done();
}
