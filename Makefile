# arbiter: plain GNU Make. `make` builds, `make check` tests, `make run`
# judges the case suite. Missing Debian packages are installed first
# (tools/deps.sh; on a fresh Debian, with no make yet, README runs it before
# make). SANITIZE=1 builds with AddressSanitizer + UBSan.

CC      ?= cc
SANITIZE ?= 0
BUILD   := build
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wpointer-arith \
           -Wformat=2 -Wundef -Wvla -Wmissing-prototypes
CFLAGS  ?= -O3 -g
# -fno-math-errno: no code reads errno after sqrt, hypot or atan2, and
# without it every sqrt is a call that may set errno (docs/performance.md).
CFLAGS  += -std=c17 $(WARN) -fno-math-errno -D_POSIX_C_SOURCE=200809L -Ioracle -Itools/arbiter -Itools/writers -MMD -MP
LDLIBS  := -lcsv -lm
# `arbiter run --jobs N` judges with POSIX threads.
CFLAGS  += -pthread
LDFLAGS += -pthread
ifeq ($(SANITIZE),1)
export LSAN_OPTIONS := suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0
BUILD   := build/asan
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

LIB_SRC   := $(wildcard oracle/*.c) $(wildcard oracle/rules/*/*.c)
# tools/arbiter: the program (one cmd_*.c per subcommand); tools/writers:
# what it writes (JSON Lines, SVG, HTML report, DOT); tools/gen: the case
# generators; tools/bench: the benchmark.
TOOL_SRC  := $(filter-out tools/arbiter/arbiter.c,$(wildcard tools/arbiter/*.c)) \
             $(wildcard tools/writers/*.c)
TEST_SRC  := $(wildcard tests/test_*.c)
GEN_SRC   := $(wildcard tools/gen/gen_*.c) $(wildcard tools/bench/bench_*.c)
# tools/gen/RULESET/: one more generator per ruleset, gen_RULESET, made of
# every .c there and the shared rows (boundary_table.c); gen-cases.sh runs it.
GEN_RS    := $(notdir $(patsubst %/,%,$(wildcard tools/gen/*/)))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
TOOL_OBJ  := $(TOOL_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ  := $(TEST_SRC:%.c=$(BUILD)/%.o)
GEN_BIN   := $(addprefix $(BUILD)/,$(notdir $(GEN_SRC:.c=))) $(GEN_RS:%=$(BUILD)/gen_%)
BENCH_BIN := $(BUILD)/bench_csvfloor $(BUILD)/bench_judge $(BUILD)/bench_cores $(BUILD)/bench_scale

ARBITER   := $(BUILD)/arbiter
TESTS     := $(BUILD)/unit-tests
JSON_LIBS := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
# nettle: SHA-256 of the certificate bundle (`arbiter certify`).
NETTLE_LIBS := $(shell pkg-config --libs nettle 2>/dev/null || echo -lnettle)
GV_CFLAGS := $(shell pkg-config --cflags libgvc 2>/dev/null || echo -I/usr/include/graphviz)
GV_LIBS   := $(shell pkg-config --libs libgvc 2>/dev/null || echo -lgvc -lcgraph -lcdt)
CMARK_LIBS := $(shell pkg-config --libs libcmark 2>/dev/null || echo -lcmark)
# hunspell: the spelling of `arbiter lint` (tools/arbiter/lint_spell.c only).
SPELL_CFLAGS := $(shell pkg-config --cflags hunspell 2>/dev/null || echo -I/usr/include/hunspell)
SPELL_LIBS := $(shell pkg-config --libs hunspell 2>/dev/null || echo -lhunspell-1.7)
CRIT_LIBS := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)
# GEOS is test-only: the differential test of the geometry kernel
# (tests/test_geos.c) and its benchmark (tools/bench/bench_geos.c).
GEOS_CFLAGS := $(shell pkg-config --cflags geos 2>/dev/null)
GEOS_LIBS := $(shell pkg-config --libs geos 2>/dev/null || echo -lgeos_c)

.PHONY: all deps check run ref bench fuzz replay clean format format-check lint asan cases cases-check unit suite twin docs docs-check conflicts
all: deps $(ARBITER) $(GEN_BIN)

deps:
	@sh tools/deps.sh

# Order-only on deps: under make -j no object is compiled before the
# packages (and their headers) are in.
$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# Rule objects are linked directly (not through an archive) so that their
# ARB_PREDICATE descriptors in the arb_predicates section are kept.
$(ARBITER): $(BUILD)/tools/arbiter/arbiter.o $(TOOL_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(JSON_LIBS) $(NETTLE_LIBS) $(GV_LIBS) $(CMARK_LIBS) $(SPELL_LIBS) $(LDLIBS)

# The reference behind the C ABI of `certify --abi` (tools/arbiter/arbiter_impl.h,
# examples/abi/arbiter_ref.c): a shared library of position-independent
# objects of the library and the JSON Lines code (docs/certify.md).
PIC_SRC := $(LIB_SRC) examples/abi/arbiter_ref.c \
           $(addprefix tools/writers/,json_dom.c json_read.c json_scenario_read.c json_text.c json_util.c json_verdict_dump.c strbuf.c)
ABI_REF := $(BUILD)/libarbiter_ref.so
$(BUILD)/pic/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@
$(ABI_REF): $(PIC_SRC:%.c=$(BUILD)/pic/%.o)
	$(CC) $(LDFLAGS) -shared -o $@ $^ $(JSON_LIBS) $(LDLIBS)
# The same reference as a library of ABI version 1 (lines only), and one of
# a version no certifier speaks, and one that hangs: tests/certify.sh loads
# them all.
ABI_TEST := $(BUILD)/libarbiter_ref_lines.so $(BUILD)/libabi_v9.so $(BUILD)/libabi_hang.so
$(BUILD)/pic/examples/abi/arbiter_ref_lines.o: examples/abi/arbiter_ref.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -DARBITER_REF_LINES -c $< -o $@
$(BUILD)/libarbiter_ref_lines.so: $(filter-out %/arbiter_ref.o,$(PIC_SRC:%.c=$(BUILD)/pic/%.o)) \
                                  $(BUILD)/pic/examples/abi/arbiter_ref_lines.o
	$(CC) $(LDFLAGS) -shared -o $@ $^ $(JSON_LIBS) $(LDLIBS)
$(BUILD)/libabi_v9.so: $(BUILD)/pic/tests/certify/abi_v9.o
	$(CC) $(LDFLAGS) -shared -o $@ $^
$(BUILD)/libabi_hang.so: $(BUILD)/pic/tests/certify/abi_hang.o
	$(CC) $(LDFLAGS) -shared -o $@ $^

# Graphviz stays at the edge: only the flow drawing includes it.
$(BUILD)/tools/writers/flow_dot.o $(BUILD)/tools/writers/report.o: CFLAGS += $(GV_CFLAGS)
$(BUILD)/tools/arbiter/lint_spell.o: CFLAGS += $(SPELL_CFLAGS)

$(BUILD)/gen_%: $(BUILD)/tools/gen/gen_%.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# gen_boundary: main and the table list, the rows and geometry its tables
# share (boundary_table.c), and one file of tables per section of the text.
$(BUILD)/gen_boundary: $(BUILD)/tools/gen/gen_boundary.o \
                       $(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/gen/boundary_*.c)) \
                       $(BUILD)/tools/gen/angles.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# gen_RULESET (GEN_RS): a ruleset's own boundary tables.
.SECONDEXPANSION:
$(GEN_RS:%=$(BUILD)/gen_%): $(BUILD)/gen_%: \
    $$(addprefix $(BUILD)/,$$(addsuffix .o,$$(basename $$(wildcard tools/gen/$$*/*.c)))) \
    $(BUILD)/tools/gen/boundary_table.o $(BUILD)/tools/gen/angles.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# gen_variants shares the tools' growable string; every generator the
# angles of tools/gen/angles.c.
$(BUILD)/gen_variants: $(BUILD)/tools/gen/gen_variants.o $(BUILD)/tools/gen/variants_scene.o \
                      $(BUILD)/tools/gen/angles.o $(BUILD)/tools/writers/strbuf.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/bench_%: $(BUILD)/tools/bench/bench_%.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# Growth with size: the library whole.
$(BUILD)/bench_scale: $(BUILD)/tools/bench/bench_scale.o $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The kernel's swept distance against GEOS (test-only dependency): the
# geometry objects of the library and nothing else of it.
$(BUILD)/tools/bench/bench_geos.o: CFLAGS += $(GEOS_CFLAGS)
$(BUILD)/bench_geos: $(BUILD)/tools/bench/bench_geos.o $(filter $(BUILD)/oracle/geom-%,$(LIB_OBJ))
	$(CC) $(LDFLAGS) -o $@ $^ $(GEOS_LIBS) $(LDLIBS)

$(BUILD)/tests/test_geos.o: CFLAGS += $(GEOS_CFLAGS)

# bench_judge counts the library's heap allocations: the engine's calls to
# malloc, calloc and realloc are renamed to its own counters (objcopy), and
# the other library objects' (predicates, geometry) go through ld --wrap.
BENCH_ALLOC := malloc calloc realloc
$(BUILD)/tools/bench/engine-counted.o: $(BUILD)/oracle/engine.o
	objcopy $(foreach f,$(BENCH_ALLOC),--redefine-sym $(f)=bench_engine_$(f)) $< $@

$(BUILD)/bench_judge: $(BUILD)/tools/bench/bench_judge.o $(BUILD)/tools/bench/engine-counted.o \
                      $(filter-out $(BUILD)/oracle/engine.o,$(LIB_OBJ))
	$(CC) $(LDFLAGS) $(foreach f,$(BENCH_ALLOC),-Wl,--wrap=$(f)) -o $@ $^ $(LDLIBS)

$(TESTS): $(TEST_OBJ) $(TOOL_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(CRIT_LIBS) $(JSON_LIBS) $(NETTLE_LIBS) $(GV_LIBS) $(CMARK_LIBS) $(GEOS_LIBS) $(SPELL_LIBS) $(LDLIBS)

unit: deps $(TESTS)
	$(TESTS) --jobs 2

suite: deps $(ARBITER)
	$(ARBITER) run

# The case suite through both doors (library and program), every verdict
# compared byte for byte: tests/twin.sh.
twin: deps $(ARBITER)
	sh tests/twin.sh $(ARBITER)

check: deps all $(TESTS) $(ABI_REF) $(ABI_TEST) $(BUILD)/bench_scale cases-check docs-check replay
	$(TESTS) --jobs 2
	$(ARBITER) run
	$(ARBITER) lint | tail -n 1
	sh tests/cli.sh $(ARBITER)
	sh tests/conflicts.sh $(ARBITER)
	sh tests/diff.sh $(ARBITER)
	sh tests/diverge.sh $(ARBITER)
	sh tests/writes.sh $(ARBITER)
	sh tests/certify.sh $(ARBITER) $(ABI_REF)
	sh examples/pyscroll/certify.sh $(ARBITER) $(BUILD)/certify-example $(BUILD)/certify-mutants
	sh tests/twin.sh $(ARBITER)
	sh tests/browser.sh $(ARBITER) $(BUILD)/browser
	sh tests/install.sh $(BUILD) $(SANITIZE)
	$(if $(filter 1,$(SANITIZE)),@echo "scale: not timed under the sanitizers (their allocator copies and quarantines)",sh tests/scale.sh $(BUILD)/bench_scale)

run: deps $(ARBITER)
	$(ARBITER) run

.PHONY: all deps check run ref bench fuzz replay clean format format-check lint asan cases cases-check unit suite twin docs docs-check conflicts

asan:
	$(MAKE) check SANITIZE=1

# The full search of every ruleset for disputed verdicts (docs/conflicts.md):
# exit 1 when a finding is not in a baseline. CONFLICTS_ARGS adds options.
CONFLICTS_ARGS ?=
conflicts: deps $(ARBITER)
	$(ARBITER) conflicts --jobs 2 --progress $(CONFLICTS_ARGS)

# Generated case tables (cases/**/gen-*.csv) come from tools/gen/gen_*.c.
cases: deps $(GEN_BIN)
	sh tools/gen/gen-cases.sh $(BUILD) cases

cases-check: $(GEN_BIN)
	@rm -rf $(BUILD)/gen-check && mkdir -p $(BUILD)/gen-check
	@sh tools/gen/gen-cases.sh $(BUILD) $(BUILD)/gen-check
	@sh tools/gen/gen-cases.sh --compare $(BUILD)/gen-check cases

# docs/traceability.md is written by `arbiter lint --matrix` (exit 1 only
# means findings; 2 is a failure).
docs: deps $(ARBITER)
	$(ARBITER) lint --matrix docs/traceability.md >/dev/null; test $$? -le 1

docs-check: $(ARBITER)
	@$(ARBITER) lint --matrix $(BUILD)/traceability.md >/dev/null; test $$? -le 1
	@cmp -s $(BUILD)/traceability.md docs/traceability.md || \
	  { echo "docs/traceability.md is out of date: run make docs"; exit 1; }

# make fuzz: libFuzzer (clang) over each reader of outside input, for
# FUZZ_SECONDS each, from a seed corpus of the exported suite's lines; a
# finding stops it with the input saved under build/fuzz/ (docs/fuzzing.md).
FUZZ_SECONDS ?= 60
# 0: a new random seed each run; CI fixes one so that a smoke run repeats.
FUZZ_SEED ?= 0
FUZZ_BUILD := build/fuzz
FUZZ_CFLAGS := -O1 -g -std=c17 $(WARN) -D_POSIX_C_SOURCE=200809L -Ioracle -Itools/writers -Itools/arbiter -pthread -MMD -MP \
               -fsanitize=fuzzer-no-link,address,undefined,float-cast-overflow \
               -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_JSON := $(addprefix tools/writers/,json_dom.c json_read.c json_scenario_read.c json_text.c json_util.c json_verdict_check.c strbuf.c ref_para.c) \
             $(addprefix tools/arbiter/,lines.c cmd_certify_read.c cmd_certify_check.c words.c situations.c questions.c)
FUZZ_NAMES := scenario_json cases_csv spec lines baseline certify_hello certify_expect certify_bundle certify_answer ref_para words situations questions
FUZZ_TARGETS := $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)

$(FUZZ_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_JSON:%.c=$(FUZZ_BUILD)/%.o) \
                      $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)
	clang -fsanitize=fuzzer,address,undefined -pthread -o $@ $^ $(JSON_LIBS) $(NETTLE_LIBS) $(LDLIBS)

# The same harnesses without libFuzzer (tests/fuzz/replay.c), built by the
# project's compiler: `make check` replays the inputs fuzzing found and the
# real files through them.
REPLAY_BIN := $(FUZZ_NAMES:%=$(BUILD)/replay_%)
$(BUILD)/replay_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/replay.o \
                   $(FUZZ_JSON:%.c=$(BUILD)/%.o) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(JSON_LIBS) $(NETTLE_LIBS) $(LDLIBS)

# Objects made by pattern rules are kept (make would delete them as
# intermediates and build them again every time).
.SECONDARY:

replay: $(REPLAY_BIN)
	$(BUILD)/replay_scenario_json tests/fuzz/regressions/scenario_json
	$(BUILD)/replay_cases_csv tests/fuzz/regressions/cases_csv cases
	$(BUILD)/replay_spec tests/fuzz/regressions/spec
	$(BUILD)/replay_lines tests/fuzz/regressions/lines
	$(BUILD)/replay_baseline tests/fuzz/regressions/baseline
	$(BUILD)/replay_certify_hello tests/fuzz/regressions/certify_hello
	$(BUILD)/replay_certify_expect tests/fuzz/regressions/certify_expect
	$(BUILD)/replay_certify_bundle tests/fuzz/regressions/certify_bundle
	$(BUILD)/replay_ref_para tests/fuzz/regressions/ref_para spec
	$(BUILD)/replay_certify_answer tests/fuzz/regressions/certify_answer
	$(BUILD)/replay_words tests/fuzz/regressions/words spec
	$(BUILD)/replay_situations tests/fuzz/regressions/situations spec/shared
	$(BUILD)/replay_questions tests/fuzz/regressions/questions spec

fuzz: deps $(ARBITER)
	@sh tools/deps.sh --fuzz
	$(MAKE) $(FUZZ_TARGETS)
	FUZZ_SEED=$(FUZZ_SEED) sh tests/fuzz/fuzz.sh $(ARBITER) $(FUZZ_BUILD) $(FUZZ_SECONDS)

bench: deps $(ARBITER) $(BENCH_BIN) $(BUILD)/bench_geos $(ABI_REF)
	sh tools/bench/bench.sh $(ARBITER) $(BUILD)

# make mutate: a seeded mutation campaign over the predicates (docs/mutation.md;
# not part of make check). SEED picks the sample, MAX its size (0: every
# mutant), FILES the sources, JOBS the parallelism, CASES the case tables. Each mutant is built in
# $(BUILD)/mutate, never over the real objects.
SEED  ?= 1
MAX   ?= 300
JOBS  ?= 2
FILES ?= $(wildcard oracle/rules/*/*.c)
CASES ?= cases
# PREV: an earlier campaign's mutants.tsv; what it killed is carried over.
PREV  ?=
$(BUILD)/mutate/mutate: tools/mutate/mutate.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS)) -o $@ $<

.PHONY: mutate
mutate: deps $(ARBITER) $(TESTS) $(BUILD)/mutate/mutate
	@MUTATE=$(BUILD)/mutate/mutate BUILD=$(BUILD) MB=$(BUILD)/mutate/run SEED='$(SEED)' MAX='$(MAX)' \
	  JOBS='$(JOBS)' FILES='$(FILES)' CC='$(CC)' CFLAGS='$(filter-out -MMD -MP,$(CFLAGS))' \
	  LDFLAGS='$(LDFLAGS)' ARB_MAIN='$(BUILD)/tools/arbiter/arbiter.o' TOOL_OBJ='$(TOOL_OBJ)' \
	  LIB_OBJ='$(LIB_OBJ)' TEST_OBJ='$(TEST_OBJ)' \
	  ARB_LIBS='$(JSON_LIBS) $(NETTLE_LIBS) $(GV_LIBS) $(CMARK_LIBS) $(SPELL_LIBS) $(LDLIBS)' \
	  TEST_LIBS='$(CRIT_LIBS) $(JSON_LIBS) $(NETTLE_LIBS) $(GV_LIBS) $(CMARK_LIBS) $(GEOS_LIBS) $(SPELL_LIBS) $(LDLIBS)' \
	  CASES='$(CASES)' PREV='$(PREV)' sh tools/mutate/mutate.sh

# The C sources clang-format keeps: `make format` rewrites them, `make
# format-check` (in .ci/run) fails on any that differs.
FORMAT_SRC := $(LIB_SRC) $(wildcard oracle/*.h oracle/rules/*/*.h) $(wildcard tools/*/*.c tools/*/*.h tools/gen/*/*.[ch]) \
              $(TEST_SRC) $(wildcard tests/*.h tests/fuzz/*.c)

format:
	clang-format -i $(FORMAT_SRC)

format-check:
	clang-format --dry-run -Werror $(FORMAT_SRC)

# Every finding fails (.clang-tidy: WarningsAsErrors). clang-tidy runs one
# file at a time, two at once: over several files in one run, clang-tidy 14
# reports false va_list errors in all but the first.
lint:
	cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability \
	  --inline-suppr --std=c11 -Ioracle -Itools/arbiter -Itools/writers --suppress=missingIncludeSystem oracle tools
	printf '%s\n' $(LIB_SRC) | xargs -P2 -I{} clang-tidy --quiet {} -- $(CFLAGS)

clean:
	rm -rf build

# ---- make install / make uninstall --------------------------------------
# PREFIX (default /usr/local) and DESTDIR as usual. Installed: the program,
# the rulebooks and case tables it judges (ARB_DATADIR/{spec,cases}), its
# man page and bash completion, and the library for C programs: arbiter.h,
# libarbiter.a and arbiter.pc. The program finds its data beside its bin/
# (../share/arbiter), so a DESTDIR-staged or moved install runs as well;
# ARB_DATADIR, compiled in, is its last resort (tools/arbiter/datadir.c).
VERSION     := $(shell cat VERSION)
PREFIX      ?= /usr/local
DESTDIR     ?=
BINDIR      ?= $(PREFIX)/bin
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
DATAROOTDIR ?= $(PREFIX)/share
MANDIR      ?= $(DATAROOTDIR)/man
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
ARB_DATADIR ?= $(DATAROOTDIR)/arbiter
INSTALL     ?= install
INST        := $(BUILD)/install
ARB_LIB     := $(BUILD)/libarbiter.a
ARB_PC      := $(INST)/arbiter.pc
ARB_MAN     := $(INST)/arbiter.1
ARB_STAMP   := $(VERSION) $(PREFIX) $(LIBDIR) $(INCLUDEDIR) $(ARB_DATADIR)

$(BUILD)/tools/arbiter/arbiter.o: VERSION
$(BUILD)/tools/arbiter/arbiter.o: CFLAGS += -DARB_VERSION='"$(VERSION)"'

# The installed program differs from build/arbiter only by its compiled-in
# ARB_DATADIR (build/arbiter has none): its own datadir.o, so that
# `make install PREFIX=...` never rebuilds what `make check` tests. The
# stamp holds the directories and is rewritten only when they change.
$(INST)/paths: FORCE
	@mkdir -p $(INST)
	@echo '$(ARB_STAMP)' | cmp -s - $@ || echo '$(ARB_STAMP)' >$@
FORCE:

$(INST)/datadir.o: tools/arbiter/datadir.c $(INST)/paths
	$(CC) $(CFLAGS) -DARB_DATADIR='"$(ARB_DATADIR)"' -c $< -o $@

$(INST)/arbiter: $(BUILD)/tools/arbiter/arbiter.o $(INST)/datadir.o \
                 $(filter-out %/datadir.o,$(TOOL_OBJ)) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(JSON_LIBS) $(NETTLE_LIBS) $(GV_LIBS) $(CMARK_LIBS) $(SPELL_LIBS) $(LDLIBS)

# The predicates live in a linker section that nothing references by name:
# a program links the archive whole (arbiter.pc says so) or gets none.
$(ARB_LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(ARB_PC): oracle/arbiter.pc.in $(INST)/paths
	sed -e 's|@VERSION@|$(VERSION)|' -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@ARB_DATADIR@|$(ARB_DATADIR)|' $< >$@

$(ARB_MAN): tools/arbiter/arbiter.1.in $(INST)/paths
	sed -e 's|@VERSION@|$(VERSION)|' -e 's|@ARB_DATADIR@|$(ARB_DATADIR)|' $< >$@

.PHONY: install uninstall
install: $(INST)/arbiter $(ARB_LIB) $(ARB_PC) $(ARB_MAN)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ARB_DATADIR)
	$(INSTALL) -m 755 $(INST)/arbiter $(DESTDIR)$(BINDIR)/arbiter
	$(INSTALL) -m 644 $(ARB_LIB) $(DESTDIR)$(LIBDIR)/libarbiter.a
	$(INSTALL) -m 644 $(ARB_PC) $(DESTDIR)$(LIBDIR)/pkgconfig/arbiter.pc
	$(INSTALL) -m 644 oracle/arbiter.h $(DESTDIR)$(INCLUDEDIR)/arbiter.h
	$(INSTALL) -m 644 tools/arbiter/arbiter_impl.h $(DESTDIR)$(INCLUDEDIR)/arbiter_impl.h
	$(INSTALL) -m 644 $(ARB_MAN) $(DESTDIR)$(MANDIR)/man1/arbiter.1
	$(INSTALL) -m 644 tools/arbiter/arbiter.bash $(DESTDIR)$(BASHCOMPDIR)/arbiter
	rm -rf $(DESTDIR)$(ARB_DATADIR)/spec $(DESTDIR)$(ARB_DATADIR)/cases
	find spec cases -type f -exec sh -c 'for f; do $(INSTALL) -D -m 644 "$$f" "$$0/$$f"; done' \
	  $(DESTDIR)$(ARB_DATADIR) {} +

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/arbiter $(DESTDIR)$(LIBDIR)/libarbiter.a \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/arbiter.pc $(DESTDIR)$(INCLUDEDIR)/arbiter.h \
	  $(DESTDIR)$(INCLUDEDIR)/arbiter_impl.h $(DESTDIR)$(MANDIR)/man1/arbiter.1 $(DESTDIR)$(BASHCOMPDIR)/arbiter
	rm -rf $(DESTDIR)$(ARB_DATADIR)/spec $(DESTDIR)$(ARB_DATADIR)/cases
	rmdir $(DESTDIR)$(ARB_DATADIR) 2>/dev/null || true

-include $(shell find build -name '*.d' 2>/dev/null)
