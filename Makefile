# SPDX-License-Identifier: GPL-2.0-only
# crossym - GNU Make build.  `make` builds ./crossym; `make check` installs what is
# missing, builds warning-free and runs the tests (also under ASan+UBSan);
# `make demo` runs the whole job on the bundled example tree.

CC        ?= gcc
PKG_CONFIG ?= pkg-config
CFLAGS    ?= -O2 -g
CFLAGS_EXTRA ?=
LDFLAGS   ?=
WARN      := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes -Wno-sign-compare
ELF_CFLAGS := $(shell $(PKG_CONFIG) --cflags libelf libdw 2>/dev/null)
ELF_LIBS   := $(shell $(PKG_CONFIG) --libs libelf libdw 2>/dev/null || echo -lelf -ldw)
BUILD     ?= build
BIN       ?= crossym
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec/crossym
MANDIR    ?= $(PREFIX)/share/man
DESTDIR   ?=
# the release in VERSION, git describe style in a checkout (scripts/version.sh)
VERSION   := $(shell sh scripts/version.sh)
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# src/ has a folder per stage (doc/HACKING.md); objects go to $(BUILD)/STAGE/.

SRCS      := $(wildcard src/*/*.c)
LIB_SRCS  := $(filter-out src/cli/main.c,$(SRCS))
OBJS      := $(SRCS:src/%.c=$(BUILD)/%.o)
LIB_OBJS  := $(LIB_SRCS:src/%.c=$(BUILD)/%.o)
TEMPLATES := $(wildcard cocci/*.cocci)
DRIVERS   := scripts/annotate.sh scripts/apply.sh scripts/spatch-one.sh scripts/verify-build.sh scripts/progress.sh scripts/series.sh \
	     scripts/wholeprogram.sh
MANPAGES  := doc/crossym.1 doc/crossym-annotate.1
UNIT_SRCS := $(wildcard tests/unit/test-*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/%)

ALL_CFLAGS = $(WARN) $(CFLAGS) $(ELF_CFLAGS) -I$(BUILD) -Isrc $(CFLAGS_EXTRA)

.PHONY: all clean check check-plain check-real check-asan check-valgrind fuzz fuzz-bins fuzz-smoke \
	fuzz-long fuzz-journal deps demo unit busybox-proof kernel-check kernel-proof kernel-defconfig kernel-modules bench bench-kernel kernel-def-werror \
	report-svg install uninstall FORCE

all: $(BIN)

$(BIN): $(OBJS)
	$(CC) $(CFLAGS) $(CFLAGS_EXTRA) $(LDFLAGS) -o $@ $(OBJS) $(ELF_LIBS)

# Each object depends on the headers it includes (-MMD -MP, build/*.d) and on
# the flags it was compiled with ($(BUILD)/cflags changes when they do).
$(BUILD)/%.o: src/%.c $(BUILD)/cflags | $(BUILD)/templates.h $(BUILD)/version.h $(BUILD)/have-headers
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The headers of the libraries, found once (as a configure step would): a
# fresh machine gets the packages named and `make deps`, not a compiler error
$(BUILD)/have-headers: | $(BUILD)
	@for h in gelf.h:libelf-dev elfutils/libdw.h:libdw-dev; do \
		printf '#include <%s>\n' "$${h%%:*}" | $(CC) $(ALL_CFLAGS) -E -x c - >/dev/null 2>&1 || { \
		echo "crossym: $(CC) finds no <$${h%%:*}>: install the Debian package $${h#*:}" \
			"(make deps installs every package crossym needs; elsewhere: the elfutils headers)" >&2; \
		exit 1; }; done
	@: >$@

$(BUILD)/cflags: FORCE | $(BUILD)
	@echo '$(ALL_CFLAGS)' | cmp -s - $@ || echo '$(ALL_CFLAGS)' >$@

-include $(OBJS:.o=.d) $(UNIT_BINS:=.d) $(BUILD)/mkelf.d

$(BUILD)/templates.h: $(TEMPLATES) scripts/embed.sh | $(BUILD)
	sh scripts/embed.sh $(TEMPLATES) > $@.tmp && mv $@.tmp $@

# The version and the install path the binary looks in last for annotate.sh;
# rewritten only when they change.
$(BUILD)/version.h: FORCE | $(BUILD)
	@printf '#define CROSSYM_VERSION "%s"\n#define CROSSYM_VERSION_LINE "crossym %s"\n#define CROSSYM_LIBEXECDIR "%s"\n' \
		'$(VERSION)' '$(VERSION)' '$(LIBEXECDIR)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/test-%: tests/unit/test-%.c $(LIB_OBJS) $(BUILD)/cflags
	$(CC) $(ALL_CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(ELF_LIBS)

$(BUILD):
	mkdir -p $@

$(BUILD)/mkelf: tests/unit/mkelf.c $(BUILD)/cflags
	$(CC) $(ALL_CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(ELF_LIBS)

unit: $(UNIT_BINS) $(BUILD)/mkelf

# libFuzzer harnesses (tests/fuzz/fuzz-NAME.c), one per reader, built with
# clang in build/fuzz; `make fuzz` builds them and their seed corpora.
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz-%.c,%,$(wildcard tests/fuzz/fuzz-*.c))
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OUT   := build/fuzz
FUZZ_SECONDS ?= 600

$(BUILD)/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(LIB_OBJS) $(BUILD)/cflags
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(ELF_LIBS)

fuzz-bins: $(FUZZ_NAMES:%=$(BUILD)/fuzz-%)

fuzz: deps-fuzz $(BIN) $(BUILD)/mkelf
	$(MAKE) fuzz-bins BUILD=$(FUZZ_OUT) CC=clang CFLAGS="-O1 -g" \
		CFLAGS_EXTRA="-fsanitize=fuzzer-no-link $(FUZZ_SAN)"
	sh tests/fuzz/seeds.sh $(FUZZ_OUT)

# One minute for all harnesses together (part of `make check`); fuzz-long
# runs each for FUZZ_SECONDS, one at a time.
fuzz-smoke: fuzz
	FUZZ_TIMEOUT=60 sh tests/fuzz/run.sh $(FUZZ_OUT) 8

fuzz-long: fuzz
	sh tests/fuzz/run.sh $(FUZZ_OUT) $(FUZZ_SECONDS)

# The journal annotate --apply replays is read by shell and awk: fuzzed by
# mutating a real one (tests/fuzz/journal.sh), FUZZ_SECONDS long.
fuzz-journal: $(BIN) unit
	sh tests/fuzz/journal.sh $(FUZZ_SECONDS)

# Install what is missing (Debian packages; scripts/deps.sh); a no-op when all
# is there.  Elsewhere deps.sh prints the packages (Debian, Fedora and Arch
# names) and stops the target.  `make NO_DEPS=1 TARGET` skips deps.sh (the
# packages were installed by hand).  deps-fuzz: the same, with clang;
# deps-demo: only what crossym and make demo need (no test tool).
.PHONY: deps-fuzz deps-demo help
ifeq ($(filter-out 0,$(NO_DEPS)),)
deps deps-fuzz deps-demo:
	sh scripts/deps.sh $(if $(filter deps-fuzz,$@),fuzz)$(if $(filter deps-demo,$@),demo)
else
deps deps-fuzz deps-demo:
	@echo 'deps: NO_DEPS=$(NO_DEPS): packages not checked'
endif

# `make help`: the user targets, one a line (t85 checks that every .PHONY
# target but the internal ones is here).
help:
	@echo 'crossym $(VERSION): make TARGET [VAR=VALUE]...'
	@echo '  all (default)     build ./crossym'
	@echo '  demo              the whole job on the bundled example tree'
	@echo '  check             unit tests, small trees, then under ASan+UBSan (<= 10 min)'
	@echo '  check-plain       check without ASan+UBSan'
	@echo '  check-asan        the quick tests under ASan+UBSan'
	@echo '  check-valgrind    the quick end-to-end tests under valgrind memcheck'
	@echo '  check-real        fuzz smoke; Linux 6.1 builds, boot proof, BusyBox (~40 min cold; Debian)'
	@echo '  fuzz              build the libFuzzer harnesses (clang) and their seeds'
	@echo '  fuzz-smoke        run every harness, 1 min in all'
	@echo '  fuzz-long         run each harness FUZZ_SECONDS (default 600)'
	@echo '  fuzz-journal      mutate annotate --apply journals FUZZ_SECONDS (shell reader)'
	@echo '  install           binary, drivers, man pages, bash completion under DESTDIR PREFIX'
	@echo '  uninstall         remove what install installed'
	@echo '  bench             speed, side by side (bench/results.md)'
	@echo '  bench-kernel      the x86_64 defconfig build bench measures (~16 min)'
	@echo '  kernel-check      the Linux tests of check-real'
	@echo '  kernel-proof      whole-program tinyconfig kernel, booted under qemu'
	@echo '  kernel-defconfig  whole-program x86_64 defconfig, booted (~75 min cold)'
	@echo '  kernel-modules    whole-program modules loaded in the booted kernel (~30 min)'
	@echo '  kernel-def-werror the defconfig tagged with __visible, built with CONFIG_WERROR=y'
	@echo '  busybox-proof     BusyBox whole-program, its test suite both ways'
	@echo '  report-svg        the example tree coupling graph as doc/example-coupling.svg'
	@echo '  deps              install the missing Debian packages (elsewhere: list them, stop)'
	@echo '  unit              build the C unit tests'
	@echo '  clean             remove build/ and ./crossym'
	@echo '  help              this list'
	@echo 'Variables:'
	@echo '  NO_DEPS=1         skip scripts/deps.sh (packages installed by hand; any OS)'
	@echo '  PREFIX=/usr/local DESTDIR=    where install puts things'
	@echo '  BINDIR MANDIR LIBEXECDIR BASHCOMPDIR  the same, one directory each'
	@echo '  CC CFLAGS CFLAGS_EXTRA        the compiler and its flags'
	@echo '  CROSSYM_CACHE (environment)   where check-real keeps its builds (~/.cache/crossym)'

# The test tiers.  `make check` (the README's test command): the C unit tests
# and the small trees of tests/, once normally and once under ASan+UBSan; at
# most 10 minutes cold on 2 cores, packages aside.  `make check-real`: a
# minute of fuzzing (clang builds the harnesses), then the real trees of
# tests/real (Linux 6.1 builds, the whole-program boot proof, BusyBox), built
# and cached under CROSSYM_CACHE (38 minutes cold on 2 cores, measured: 2287 s; with make check 2856 s).  .ci/run runs both.
# (the longest first: prove -j starts them in this order, so that no long
# test starts last and runs alone)
SLOW_TESTS  = $(wildcard tests/t30-*.sh tests/t32-*.sh tests/t40-*.sh tests/t87-*.sh \
		tests/t83-*.sh tests/t81-*.sh tests/t86-*.sh tests/t36-*.sh tests/t12-*.sh \
		tests/t57-*.sh tests/t50-*.sh tests/t33-*.sh)
QUICK_TESTS = $(SLOW_TESTS) $(filter-out $(SLOW_TESTS),$(wildcard tests/t[0-9]*.sh))
REAL_TESTS  = $(wildcard tests/real/t[0-9]*.sh)
# The ASan+UBSan pass leaves out the tests of the sh driver alone (signals,
# the lock, install, the series, the man pages) and those whose time goes to
# gcc and spatch (the demo, t40; the merge loop, t50; annotate's knobs, t83;
# --verify-build's compiles, t36, whose cmd --argv and fallback steps valgrind
# checked): no crossym code runs there that the other tests do not run too;
# and, with CROSSYM_TEST_WHOLEPROGRAM=0, the crossym wholeprogram builds of the
# class trees (t16, t52, t53: gcc's time).
ASAN_TESTS  = $(filter-out tests/t32-% tests/t33-% tests/t36-% tests/t40-% tests/t50-% \
		tests/t80-% tests/t81-% tests/t82-% tests/t83-%,$(QUICK_TESTS))

# the test builds use both processors unless make was given its own -j
PAR = $(if $(filter -j%,$(MAKEFLAGS)),,-j2)

check: deps
	$(MAKE) check-plain
	$(MAKE) check-asan

check-plain:
	$(MAKE) $(PAR) $(BIN) unit CFLAGS_EXTRA='-Werror'
	prove -j3 -f --timer $(QUICK_TESTS) $(UNIT_BINS)

# check-real leaves out, unless cached or asked for (=1), the x86_64-dwarf
# kernel build (t60; the costliest build, for one TSV comparison), the
# i386-tiny build (t60 then checks on the x86_64 builds alone) and BusyBox's
# untagged link and tag-loop closure (t70, about 6 minutes); `make
# kernel-check` and `make busybox-proof` run them.
check-real: deps
	$(MAKE) fuzz-smoke
	$(MAKE) $(BIN) CFLAGS_EXTRA='-Werror'
	CROSSYM_KERNEL_DWARF=$${CROSSYM_KERNEL_DWARF:-0} CROSSYM_KERNEL_I386=$${CROSSYM_KERNEL_I386:-0} \
		prove -f --timer $(REAL_TESTS)

check-asan:
	$(MAKE) $(PAR) build/asan/crossym unit BUILD=build/asan BIN=build/asan/crossym CFLAGS="-O1 -g" \
		CFLAGS_EXTRA="-Werror $(SAN_FLAGS)"
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 CROSSYM_TEST_WHOLEPROGRAM=0 \
		CROSSYM=$(CURDIR)/build/asan/crossym MKELF=$(CURDIR)/build/asan/mkelf \
		prove -j3 -f --timer $(ASAN_TESTS) $(UNIT_SRCS:tests/unit/%.c=build/asan/%)

# memcheck over the quick end-to-end tests: every crossym run goes through
# tests/valgrind.sh; any error fails the run and leaves a log.
check-valgrind: $(BIN) unit
	rm -rf $(BUILD)/valgrind && mkdir -p $(BUILD)/valgrind
	CROSSYM=$(CURDIR)/tests/valgrind.sh VALGRIND_LOGS=$(CURDIR)/$(BUILD)/valgrind CUT_STEP=23 \
		prove -f $(QUICK_TESTS)
	@if [ -n "$$(find $(BUILD)/valgrind -type f -size +0)" ]; then \
		cat $$(find $(BUILD)/valgrind -type f -size +0) | head -n 60; \
		echo "check-valgrind: memcheck errors (logs in $(BUILD)/valgrind)"; exit 1; fi
	@echo "check-valgrind: $$(ls $(BUILD)/valgrind | wc -l) crossym runs, no memcheck error"

demo: deps-demo
	$(MAKE) $(PAR) $(BIN)
	sh scripts/demo.sh

busybox-proof: deps
	$(MAKE) $(BIN)
	CROSSYM_PROOF_CLOSURE=$${CROSSYM_PROOF_CLOSURE:-1} sh tests/real/lib/busybox-proof.sh

kernel-proof: deps
	$(MAKE) $(BIN)
	prove -v tests/real/t63-kernel-proof.sh

# The seeds' module table on 6.1 (README, "Modules whole-program"): x86_64-fsmod
# whole-program, its modules loaded in the booted whole-program kernel
# (outside make check: ~30 min on 2 cores with the normal build cached).
kernel-modules: deps
	$(MAKE) $(BIN)
	prove -v tests/real/kernel-modules.sh

# x86_64 defconfig whole-program (README, "Whole-program defconfig"; outside
# make check: ~75 min on 2 cores, cold).
kernel-defconfig: deps
	$(MAKE) $(BIN)
	prove -v tests/real/kernel-defconfig.sh

kernel-check: deps
	$(MAKE) $(BIN)
	prove -f $(wildcard tests/real/t*-kernel*.sh)

# The example tree's coupling graph, rendered by Graphviz (README shows it).
report-svg: deps
	$(MAKE) $(BIN)
	$(MAKE) -s -C tests/trees/example O=$(CURDIR)/$(BUILD)/example LAYOUT=ldr
	./$(BIN) report --format=dot $(BUILD)/example > $(BUILD)/example-coupling.dot
	dot -Tsvg $(BUILD)/example-coupling.dot | sed "1a <!-- SPDX-License-Identifier: GPL-2.0-only -->" > doc/example-coupling.svg.tmp
	mv doc/example-coupling.svg.tmp doc/example-coupling.svg

# Speed, side by side (bench/results.md); no timing assertion anywhere else.
bench: $(BIN) $(BUILD)/timeit $(BUILD)/gentree
	sh bench/run.sh

# The binary, the driver scripts beside it in LIBEXECDIR (the binary finds them
# relative to its own path, so DESTDIR and a moved PREFIX work), the man pages
# and the bash completion (loaded on demand by bash-completion from BASHCOMPDIR).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
COMPLETION  := scripts/crossym-completion.bash
install: $(BIN)
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(LIBEXECDIR)' '$(DESTDIR)$(MANDIR)/man1' \
		'$(DESTDIR)$(BASHCOMPDIR)'
	install -m 755 $(BIN) '$(DESTDIR)$(BINDIR)/crossym'
	install -m 755 $(DRIVERS) '$(DESTDIR)$(LIBEXECDIR)/'
	printf '%s\n' '$(VERSION)' >'$(DESTDIR)$(LIBEXECDIR)/VERSION'
	install -m 644 $(MANPAGES) '$(DESTDIR)$(MANDIR)/man1/'
	install -m 644 $(COMPLETION) '$(DESTDIR)$(BASHCOMPDIR)/crossym'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/crossym' '$(DESTDIR)$(LIBEXECDIR)/VERSION' \
		$(DRIVERS:scripts/%='$(DESTDIR)$(LIBEXECDIR)/%') \
		$(MANPAGES:doc/%='$(DESTDIR)$(MANDIR)/man1/%') \
		'$(DESTDIR)$(BASHCOMPDIR)/crossym'
	-rmdir '$(DESTDIR)$(LIBEXECDIR)' 2>/dev/null

# The x86_64 defconfig build bench/ measures when present (cached; ~16 min).
bench-kernel: deps
	sh tests/real/lib/kernel-build.sh x86_64-def

# The defconfig tagged with __visible as a user would, built with CONFIG_WERROR=y
# (incrementally on a copy of bench-kernel's build), diagnostics compared,
# crossym check on it; prints the figures (outside make check: ~30+ min).
kernel-def-werror: bench-kernel $(BIN)
	sh tests/real/lib/kernel-annotate-def.sh

$(BUILD)/timeit: bench/timeit.c | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) $(CFLAGS_EXTRA) -o $@ $<

$(BUILD)/gentree: bench/gentree.c | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) $(CFLAGS_EXTRA) -o $@ $<

clean:
	rm -rf $(BUILD) $(BIN)
