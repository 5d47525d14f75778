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
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

SRCS      := $(wildcard src/*.c)
LIB_SRCS  := $(filter-out src/main.c,$(SRCS))
OBJS      := $(SRCS:src/%.c=$(BUILD)/%.o)
LIB_OBJS  := $(LIB_SRCS:src/%.c=$(BUILD)/%.o)
TEMPLATES := $(wildcard cocci/*.cocci)
UNIT_SRCS := $(wildcard tests/unit/test-*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/%)

ALL_CFLAGS = $(WARN) $(CFLAGS) $(ELF_CFLAGS) -I$(BUILD) -Isrc $(CFLAGS_EXTRA)

.PHONY: all clean check check-plain check-asan deps demo unit busybox-proof kernel-check kernel-proof bench report-svg FORCE

all: $(BIN)

$(BIN): $(OBJS)
	$(CC) $(CFLAGS) $(CFLAGS_EXTRA) $(LDFLAGS) -o $@ $(OBJS) $(ELF_LIBS)

# Each object depends on the headers it includes (-MMD -MP, build/*.d) and on
# the flags it was compiled with ($(BUILD)/cflags changes when they do).
$(BUILD)/%.o: src/%.c $(BUILD)/cflags | $(BUILD)/templates.h
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/cflags: FORCE | $(BUILD)
	@echo '$(ALL_CFLAGS)' | cmp -s - $@ || echo '$(ALL_CFLAGS)' >$@

-include $(OBJS:.o=.d)

$(BUILD)/templates.h: $(TEMPLATES) scripts/embed.sh | $(BUILD)
	sh scripts/embed.sh $(TEMPLATES) > $@.tmp && mv $@.tmp $@

$(BUILD)/test-%: tests/unit/test-%.c $(LIB_OBJS) $(BUILD)/cflags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(ELF_LIBS)

$(BUILD):
	mkdir -p $@

$(BUILD)/mkelf: tests/unit/mkelf.c $(BUILD)/cflags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(ELF_LIBS)

unit: $(UNIT_BINS) $(BUILD)/mkelf

# Install what is missing (Debian packages); a no-op when all is there.
deps:
	sh scripts/deps.sh

# The README's test command.
check: deps
	$(MAKE) check-plain
	$(MAKE) check-asan

# The quick tests (unit, example trees) and the real trees (Linux 6.1, BusyBox).
QUICK_TESTS = $(wildcard tests/t[0-9]*.sh)
REAL_TESTS  = $(wildcard tests/real/t[0-9]*.sh)

check-plain:
	$(MAKE) $(BIN) unit CFLAGS_EXTRA='-Werror'
	prove -f $(UNIT_BINS) $(QUICK_TESTS) $(REAL_TESTS)

check-asan:
	$(MAKE) build/asan/crossym unit BUILD=build/asan BIN=build/asan/crossym CFLAGS="-O1 -g" \
		CFLAGS_EXTRA="-Werror $(SAN_FLAGS)"
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		CROSSYM=$(CURDIR)/build/asan/crossym MKELF=$(CURDIR)/build/asan/mkelf \
		prove -f $(UNIT_SRCS:tests/unit/%.c=build/asan/%) $(QUICK_TESTS)

demo: deps
	$(MAKE) $(BIN)
	sh scripts/demo.sh

busybox-proof: deps
	$(MAKE) $(BIN)
	sh tests/real/lib/busybox-proof.sh

kernel-proof: deps
	$(MAKE) $(BIN)
	prove -v tests/real/t62-kernel-proof.sh

kernel-check: deps
	$(MAKE) $(BIN)
	prove -f $(wildcard tests/real/t*-kernel*.sh)

# The example tree's coupling graph, rendered by Graphviz (README shows it).
report-svg: deps
	$(MAKE) $(BIN)
	$(MAKE) -s -C tests/trees/example O=$(CURDIR)/$(BUILD)/example LAYOUT=ldr
	./$(BIN) report --format=dot $(BUILD)/example > $(BUILD)/example-coupling.dot
	dot -Tsvg $(BUILD)/example-coupling.dot > doc/example-coupling.svg.tmp
	mv doc/example-coupling.svg.tmp doc/example-coupling.svg

bench: $(BIN) unit
	sh bench/run.sh

clean:
	rm -rf $(BUILD) $(BIN)
