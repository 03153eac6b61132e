# SPDX-License-Identifier: Apache-2.0
# riocheck - one plain Makefile. `make help` lists the targets.
#
# Build variants (each in its own out-of-tree folder build/<variant>/):
#   gcc    gcc, -O2                      (default)
#   clang  clang, -O2
#   san    gcc with ASan + UBSan, -O1, no recovery from UBSan reports
# Pick one with VARIANT=..., e.g. `make VARIANT=san check`.
# CFLAGS is yours to override; the warning set (WARN) is always on.

VARIANT ?= gcc
BUILD ?= build
O := $(BUILD)/$(VARIANT)

ifeq ($(VARIANT),gcc)
  # make CC=clang-14, or CC in the environment (a packager's compiler), is
  # used for this variant; make's built-in default cc becomes gcc
  ifeq ($(origin CC),default)
    CC := gcc
  endif
  OPT := -O2 -g
  # the process-interface test replays every suite through the shim, the
  # examples test plays every vector against 30 example devices and the
  # differential seeds against them: once is enough (under the sanitizers
  # they would take most of make test's time); so is the browser test of
  # compliance.html (three Chromium runs, ~80 s) and the export test (the whole
  # vector set exported and schema-checked: 41 s here, 173 s under the sanitizers)
  # and the install test (it compiles the installed riocheck twice: 20-70 s);
  # and the tests whose result no compiler changes (SPDX lines, docs, man
  # pages against --help, the fuzz-smoke engine choice)
  EXTRA_TESTS := harness/proc/tests/shim_test.sh harness/examples/examples_test.sh \
                 fuzz/tools/diff-conforming.sh harness/examples/rtl/rtl_test.sh \
                 harness/report/tests/html_browser_test.sh harness/cli/tests/export_test.sh \
                 harness/cli/tests/install_test.sh \
                 docs/interpretations_test.sh fuzz/tools/engines_test.sh \
                 packaging/man_test.sh packaging/spdx_test.sh \
                 reference/tests/coverage-exclude_test.sh
else ifeq ($(VARIANT),clang)
  CC := clang
  OPT := -O2 -g
  SKIP_TESTS = $(PROC_TESTS)
  # fuzz/replay_test.sh: every seed, and the prefixes and bit flips (mutants)
  # of every 4th seed (i mod 4 = 1); gcc runs the mutants of every seed
  FUZZ_MUTANT_STRIDE := 4
  FUZZ_MUTANT_OFFSET := 1
else ifeq ($(VARIANT),san)
  CC := gcc
  OPT := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  SANLD := -fsanitize=address,undefined
  # gcov data of a --coverage DUT under a sanitized riocheck: the worker's
  # flush is the same code as in gcc, and the DUT is gcc's either way
  SKIP_TESTS = harness/examples/minimal-vendor/coverage_test.sh
  # the exhaustive sweeps are ~10x slower under the sanitizers: thin them
  SWEEP_STRIDE := 61
  # the mutants of every 16th seed (i mod 16 = 0, none of clang's): all of
  # them took ~300 s of CPU here, 200 s of it the diff target's
  FUZZ_MUTANT_STRIDE := 16
  FUZZ_MUTANT_OFFSET := 0
else ifeq ($(VARIANT),cov)
  CC := gcc
  OPT := -O0 -g --coverage
  # -u: the worker calls __gcov_dump/__gcov_reset (weak in isolate.c: a weak
  # reference alone does not take them out of libgcov.a)
  SANLD := --coverage -Wl,-u,__gcov_dump,-u,__gcov_reset
  SWEEP_STRIDE := 7
else
  $(error unknown VARIANT '$(VARIANT)': use gcc, clang, san or cov)
endif
SWEEP_STRIDE ?= 1
FUZZ_MUTANT_STRIDE ?= 1
FUZZ_MUTANT_OFFSET ?= 0
# test programs run at a time by `make check` (reference/tests/run-tests.sh;
# the output is the same, in the same order)
TEST_PAR ?= $(shell nproc 2>/dev/null || echo 1)

CFLAGS ?=
CPPFLAGS ?=
# The strict warning set is always on; WERROR=0 keeps the warnings but drops
# -Werror (a packager's newer compiler may warn where ours do not).
WERROR ?= 1
WARN := -std=c11 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion \
        -Wswitch-enum -Wstrict-prototypes -Wmissing-prototypes -Wshadow \
        -Wcast-qual -Wvla -Wformat=2 $(if $(filter 0,$(WERROR)),,-Werror)
# -fno-semantic-interposition and -Bsymbolic-functions (the DUT libraries):
# calls inside a library bind to its own functions directly, not through the
# PLT; nothing here is meant to be interposed (CS64 sweep fast path: make bench).
ALL_CFLAGS := $(WARN) $(OPT) -fPIC -fno-semantic-interposition -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(CFLAGS)
LDFLAGS ?=
ALL_LDFLAGS := $(SANLD) $(LDFLAGS)

REF_INC := -Ireference/include -Iharness/include
REF_SRC := $(wildcard reference/src/*.c)
REF_OBJ := $(REF_SRC:%.c=$(O)/%.o)
REF_TESTS := $(patsubst reference/tests/%.c,$(O)/tests/%,$(wildcard reference/tests/*_test.c))
CLI_SRC := $(wildcard harness/cli/*.c)
CLI_OBJ := $(CLI_SRC:%.c=$(O)/%.o)
# The harness: vector language, runner, oracles, the reference packaged as a DUT.
# Harness modules compiled into riocheck (each harness/DIR/*.c) and their tests
# (harness/DIR/tests/*_test.c).
HARNESS_DIRS := core oracle refdut report proc
HARNESS_SRC := $(filter-out harness/proc/shim_main.c,$(foreach d,$(HARNESS_DIRS),$(wildcard harness/$(d)/*.c)))
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(O)/%.o)
HARNESS_TESTS := $(patsubst %.c,$(O)/tests/%,$(notdir $(foreach d,$(HARNESS_DIRS),$(wildcard harness/$(d)/tests/*_test.c))))
# Example vendor DUTs (deliberately non-conforming), and the reference as a DUT
# library: each harness/examples/NAME.c becomes BUILD/VARIANT/lib/riocheck-NAME.so.
EXAMPLE_SRC := $(wildcard harness/examples/*.c)
EXAMPLES := $(patsubst harness/examples/%.c,$(O)/lib/riocheck-%.so,$(EXAMPLE_SRC)) \
            $(O)/lib/riocheck-reference.so
REFDUT_NOENTRY := $(O)/harness/refdut/refdut-noentry.o
# The machine adapters of the reference DUT (harness/refdut/*.c but refdut.c,
# which holds the DUT description and the shared helpers): linked beside
# refdut.o or REFDUT_NOENTRY wherever one of them is.
REFDUT_MACHINES := $(patsubst %.c,$(O)/%.o,$(filter-out harness/refdut/refdut.c,$(wildcard harness/refdut/*.c)))

LIB_A := $(O)/lib/librio.a
LIB_SO := $(O)/lib/librio.so
# The version is RIO_VERSION of rio/version.h ("MAJOR.MINOR", set there and
# nowhere else): librio.so.MAJOR.MINOR.0 is the library, librio.so.MAJOR its
# SONAME, librio.so and librio.so.MAJOR symlinks to it (here and installed).
VERSION := $(shell sed -n 's/^.define RIO_VERSION "\([0-9][0-9.]*\)".*/\1/p' reference/include/rio/version.h)
ifeq ($(VERSION),)
  $(error no RIO_VERSION "N.N" in reference/include/rio/version.h)
endif
SOMAJOR := $(word 1,$(subst ., ,$(VERSION)))
LIB_VERSION := $(VERSION)$(if $(word 3,$(subst ., ,$(VERSION))),,.0)
LIB_SONAME := librio.so.$(SOMAJOR)
LIB_SO_REAL := $(O)/lib/librio.so.$(LIB_VERSION)
RIOCHECK := $(O)/bin/riocheck
# riocheck-shim serves a DUT (the reference, or --dut LIB) over docs/dut-protocol.md.
SHIM := $(O)/bin/riocheck-shim

## Targets (`make help` prints this list):
##   make, make all     build the reference library and the riocheck CLI
##   make lib           build BUILD/VARIANT/lib/librio.a and librio.so
##   make cli           build BUILD/VARIANT/bin/riocheck
##   make run           the main job: build, play every vector (and the
##                      exhaustive sweeps) against the built-in reference,
##                      write reports/out/ (results.json/.xml/.tsv, compliance.md)
##   make check         build and run every unit and CLI test in one VARIANT
##   make test          `make check` in all three variants gcc, clang, san
##                      (what CI runs)
##   make test-gcc, make test-clang, make test-san   one variant of `make test`
##   make examples      build the example vendor DUT libraries (lib/riocheck-*.so)
##   make docs          regenerate docs/interpretations.md from the headers
##   make bench         speed figures: CS64 sweep through the ABI vs empty calls,
##                      run time in-process and through the process interface,
##                      load time of a 50,000-vector file
##   make rtl-example   an RTL device through a real simulator: Verilate
##                      harness/examples/rtl/ (a Part 12 codec in Verilog and its
##                      protocol bridge), play the codec suites and the sweeps
##                      (RTL_SWEEP_STRIDE, default 1) through --dut-cmd, print
##                      vectors/s; a build with a planted CRC-13 bug must fail
##                      exactly its rule (needs verilator, g++)
##   make coverage      line/branch coverage of reference/src by the vectors alone
##                      (lcov): over all of it and without the functions of
##                      reference/coverage-excluded.tsv; fails below
##                      COV_LINE_FLOOR/COV_BRANCH_FLOOR; its run in BUILD/cov/out,
##                      HTML in reports/coverage/ (docs/coverage.md)
##   make mutation      mutation score of the vectors alone: a seeded sample of
##                      mutants of reference/src (MUT_PER_MODULE=20 per module),
##                      score per module, survivors (harness/mutation/README.md)
##   make fuzz-build    libFuzzer targets BUILD/fuzz/T (clang, ASan+UBSan)
##   make fuzz-afl-build  AFL++ persistent targets BUILD/fuzz-afl/T (+ custom
##                      mutator libraries T-mutator.so)
##   make fuzz-smoke    every fuzz target under libFuzzer and AFL++, SMOKE_TIME
##                      seconds each (default 8), SMOKE_JOBS at a time;
##                      ENGINES=libfuzzer|afl|both (default both): one engine
##                      only, checking only its tools
##   make fuzz TARGET=T [TIME=s] [ENGINE=libfuzzer|afl]   fuzz one target
##   make fuzz-bench    exec/s of every target beside an empty target
##                      (BENCH_TIME seconds each, default 10)
##   make fuzz-findtime seconds for the differential target to find each
##                      example non-conforming vendor (goal: 60 s each);
##                      CORPUS=none from an empty corpus, TIME=s per vendor
##   make fuzz-conforming  the differential target's seeds against every
##                      conforming example (no finding) and every broken one
##                      (found); also run by `make check`
##   make hostile       build the hostile-device corpus (harness/hostile/; run
##                      by make check: hostile_test.sh, docs/hostile-devices.md)
##   make fuzz-replay   the replay binaries BUILD/VARIANT/fuzz/T-replay (run
##                      on fuzz/corpus/T by `make check`)
##   make install       install into DESTDIR + PREFIX (default /usr/local):
##                      bin/riocheck, riocheck-shim; lib/librio.so.V (SONAME
##                      librio.so.MAJOR, symlinks), librio.a, pkgconfig/rio.pc
##                      and riocheck-dut.pc (the ABI header only); include/rio/,
##                      include/riocheck/dut.h; share/riocheck/{suites,vectors,
##                      docs}; man pages riocheck.1, riocheck-shim.1; bash
##                      completion. The installed riocheck is compiled with
##                      DATADIR (default PREFIX/share/riocheck) as its data
##                      directory: a new PREFIX or DATADIR recompiles the CLI
##                      (BUILD/VARIANT/inst/); BUILD/VARIANT/bin/ is unchanged
##   make uninstall     remove what make install installed (same DESTDIR,
##                      PREFIX and directory variables)
##   make clean         remove BUILD (default build/)
##   make help          this list
## Variables: VARIANT=gcc|clang|san (default gcc), BUILD=folder (default
## build), CC (the gcc variant's compiler: make CC=clang-14 or from the
## environment), CPPFLAGS, CFLAGS and LDFLAGS (added after the project's
## flags), WERROR=0 (keep the warnings, drop -Werror); install: DESTDIR,
## PREFIX, BINDIR, LIBDIR, INCLUDEDIR, DATADIR, MANDIR, PKGCONFIGDIR,
## BASHCOMPDIR (README.md, Installing).

.PHONY: FORCE all lib cli run docs examples coverage bench check test test-gcc test-clang test-san clean help tools-check
.DEFAULT_GOAL := all
.SECONDARY:

all: lib cli

lib: $(LIB_A) $(LIB_SO_REAL) $(LIB_SO)
cli: $(RIOCHECK) $(SHIM)

$(O)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(REF_INC) -MMD -MP -c $< -o $@

# The commit riocheck is built from (harness/core/buildinfo.sh: HEAD, -dirty,
# or unknown outside git) goes into buildinfo.c alone, through a stamp file
# rewritten only when the commit changes: a new commit recompiles that one
# file (docs/provenance.md).
$(O)/buildinfo.commit: FORCE
	@mkdir -p $(@D)
	@c=$$(sh harness/core/buildinfo.sh); echo "$$c" | cmp -s - $@ || echo "$$c" > $@
$(O)/harness/core/buildinfo.o: harness/core/buildinfo.c $(O)/buildinfo.commit
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(REF_INC) -DRC_BUILD_COMMIT=\"$$(cat $(O)/buildinfo.commit)\" -MMD -MP -c $< -o $@
FORCE:

$(LIB_A): $(REF_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(LIB_SO_REAL): $(REF_OBJ)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,$(LIB_SONAME) $(ALL_LDFLAGS) -o $@ $^
$(LIB_SO): $(LIB_SO_REAL)
	ln -sf $(notdir $<) $(@D)/$(LIB_SONAME)
	ln -sf $(notdir $<) $@

$(RIOCHECK): $(CLI_OBJ) $(HARNESS_OBJ) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(HARNESS_OBJ) $(LIB_A) -ldl

$(REFDUT_NOENTRY): harness/refdut/refdut.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(REF_INC) -DREFDUT_NO_ENTRY -MMD -MP -c $< -o $@

$(O)/lib/riocheck-reference.so: $(O)/harness/refdut/refdut.o $(REFDUT_MACHINES) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-Bsymbolic-functions $(ALL_LDFLAGS) -o $@ $^

$(O)/lib/riocheck-%.so: $(O)/harness/examples/%.o $(REFDUT_NOENTRY) $(REFDUT_MACHINES) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-Bsymbolic-functions $(ALL_LDFLAGS) -o $@ $^

examples: $(EXAMPLES)

$(SHIM): $(O)/harness/proc/shim_main.o $(HARNESS_OBJ) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -ldl

$(O)/tests/%: $(O)/reference/tests/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIB_A)

define HARNESS_TEST_RULE
$(O)/tests/%: $(O)/harness/$(1)/tests/%.o $$(HARNESS_OBJ) $$(LIB_A)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -o $$@ $$< $$(HARNESS_OBJ) $$(LIB_A) -ldl
endef
$(foreach d,$(HARNESS_DIRS),$(eval $(call HARNESS_TEST_RULE,$(d))))
# dutload_test loads these libraries (ABI v2, v1, and one with no entry)
$(O)/tests/dutload_test: $(LIB_SO) $(O)/lib/riocheck-reference.so $(O)/lib/riocheck-v1-reference.so
# proc_test's random-answer DUT process (harness/proc/tests/fuzz_dut.c), started
# some 800 times a run: without the sanitizers in every variant (it is not the
# code under test; the client in proc_test is, with the variant's flags), so a
# start costs ~1 ms, not the ~60 ms of an ASan+UBSan program
$(O)/tests/proc-fuzz-dut: harness/proc/tests/fuzz_dut.c
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(CFLAGS) -o $@ $<
$(O)/tests/proc_test: $(O)/tests/proc-fuzz-dut

# Main job (README quick start): build, then play every conformance vector
# (with the exhaustive sweeps) against the built-in reference and write the
# results and the compliance summary to reports/out/.
run: $(RIOCHECK)
	$(RIOCHECK) selfcheck --report reports/out/selfcheck.md > /dev/null
	@mkdir -p reports/out
	@$(RIOCHECK) run --out reports/out > reports/out/run.tap; s=$$?; tail -n 4 reports/out/run.tap; exit $$s

# Unit tests of one variant; prints one result line per test program and a total.
# TEST_PAR programs run at a time (default: one per core); RIOCHECK_TEST_TIMES=1
# in the environment prints the CPU time of each. The longest come first (15-70 s
# of CPU each: EXTRA_TESTS, replay, hostile, cli, outdir, proc_test among the
# unit tests), so that the TEST_PAR slots end at about the same time.
check: $(REF_TESTS) $(HARNESS_TESTS) $(RIOCHECK) $(SHIM)
	@RIOCHECK=$(RIOCHECK) MUTATE=$(MUTATE) SWEEP_STRIDE=$(SWEEP_STRIDE) FUZZ_BIN=$(O)/fuzz FUZZ_TARGETS="$(FUZZ_TARGETS)" \
	    FUZZ_MUTANT_STRIDE=$(FUZZ_MUTANT_STRIDE) FUZZ_MUTANT_OFFSET=$(FUZZ_MUTANT_OFFSET) \
	    RIOCHECK_TEST_JOBS=$(TEST_PAR) sh reference/tests/run-tests.sh \
	    $(EXTRA_TESTS) fuzz/replay_test.sh $(filter-out $(SKIP_TESTS),$(PROC_TESTS)) \
	    harness/cli/tests/cli_test.sh \
	    $(REF_TESTS) $(HARNESS_TESTS) \
	    harness/cli/tests/conformance_test.sh \
	    harness/examples/minimal_vendor_test.sh \
	    harness/cli/tests/badinput_test.sh \
	    harness/cli/tests/escape_test.sh harness/cli/tests/diff_test.sh \
	    harness/cli/tests/notsup_test.sh \
	    harness/examples/gen-absent-bits_test.sh harness/mutation/tests/mutate_test.sh \
	    harness/report/tests/html_test.sh \
	    harness/report/tests/ci_test.sh
# The tests of process behaviour (hostile devices, crash isolation and the
# worker, reports on a full disk, coverage flushing, provenance hashes, the
# --dut-cmd fuzz replay): gcc and san run them; the clang variant, whose
# point is clang's warnings and code generation of the units and the CLI,
# leaves them out (SKIP_TESTS), as it runs the same code gcc and san do
# (together about 50 s of CPU); the coverage flushing test is gcc's alone.
PROC_TESTS := harness/hostile/hostile_test.sh harness/cli/tests/outdir_test.sh \
	      harness/cli/tests/worker_test.sh harness/examples/minimal-vendor/coverage_test.sh \
	      harness/cli/tests/provenance_test.sh fuzz/tools/proc-replay_test.sh
# ci_test.sh's JSON Schema checker (docs/results.schema.json)
check: $(O)/tests/schemacheck
# The DUT libraries and programs `make check` builds: in gcc every example
# (examples_test, diff-conforming and shim_test play them all) and every
# hostile device; in clang and san only those their tests load (the rest
# were built and never run there: ~25 s of CPU in clang, ~15 s in san).
# CHECK_EXAMPLES: dutload/isolate_test (reference, v1-reference), cli_test
# (bad-hang, bad-segv), diff_test (bad-sw-soc), html/ci/provenance_test
# (bad-cs64-bit-order), outdir_test (bad-hang). san runs the process tests,
# which load every hostile device and, in proc-replay_test, two examples more;
# clang loads one hostile device (html_test). gcc compiles every example and
# hostile device with the same warnings and -Werror.
CHECK_EXAMPLES := $(patsubst %,$(O)/lib/riocheck-%.so,reference v1-reference bad-hang \
                  bad-segv bad-sw-soc bad-cs64-bit-order)
ifeq ($(VARIANT),gcc)
  CHECK_LIBS = $(EXAMPLES) hostile
else ifeq ($(VARIANT),san)
  CHECK_LIBS = $(CHECK_EXAMPLES) hostile \
               $(patsubst %,$(O)/lib/riocheck-%.so,bad-ep-counter-wraps ok-ep-orphan-other)
else
  CHECK_LIBS = $(CHECK_EXAMPLES) $(O)/lib/riocheck-hostile-name-markup.so $(O)/hostile/xmlcheck
endif
check: $(CHECK_LIBS)

# Everything, in every variant: what CI runs.
# Each variant builds on every core, then runs its tests TEST_PAR at a time;
# a -j given on the command line is used as it is.
TEST_JOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 1))
test: test-gcc test-clang test-san
	@echo "all variants passed"
test-gcc:
	$(MAKE) --no-print-directory $(TEST_JOBS) VARIANT=gcc check
test-clang: tools-check
	$(MAKE) --no-print-directory $(TEST_JOBS) VARIANT=clang check
test-san:
	$(MAKE) --no-print-directory $(TEST_JOBS) VARIANT=san check

tools-check:
	@command -v clang >/dev/null || { echo "clang not found: apt-get install clang" >&2; exit 1; }

# Regenerate docs/interpretations.md from the headers.
docs:
	sh docs/gen-interpretations.sh > docs/interpretations.md

clean:
	rm -rf $(BUILD)

help:
	@sed -n "s/^## //p" Makefile

-include $(wildcard $(O)/reference/*/*.d $(O)/harness/*/*.d $(O)/harness/*/tests/*.d)

# ============================================================================
# make install / make uninstall (issue 13; README.md, Installing). GNU
# directory variables; DESTDIR stages the tree (packaging), PREFIX is where it
# will live. harness/cli/tests/install_test.sh installs into a temporary
# DESTDIR and runs the installed tool from another folder.
# ============================================================================
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATAROOTDIR ?= $(PREFIX)/share
DATADIR ?= $(DATAROOTDIR)/riocheck
MANDIR ?= $(DATAROOTDIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
INSTALL ?= install
# The installed riocheck: the CLI sources compiled again in BUILD/VARIANT/inst/
# with -DRIOCHECK_DATADIR="$(DATADIR)" (its compiled-in data directory, after
# --data/--root and RIOCHECK_DATA), linked with the same harness objects and
# librio.a. The stamp inst/datadir holds DATADIR: another PREFIX or DATADIR
# recompiles those sources. BUILD/VARIANT/bin/riocheck is built without it and
# keeps using the checkout.
INST_O := $(O)/inst
INST_RIOCHECK := $(INST_O)/bin/riocheck
INST_CLI_OBJ := $(CLI_SRC:%.c=$(INST_O)/%.o)
$(INST_O)/datadir: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@
$(INST_O)/%.o: %.c $(INST_O)/datadir
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(REF_INC) -DRIOCHECK_DATADIR='"$(DATADIR)"' -MMD -MP -c $< -o $@
$(INST_RIOCHECK): $(INST_CLI_OBJ) $(HARNESS_OBJ) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(INST_CLI_OBJ) $(HARNESS_OBJ) $(LIB_A) -ldl
-include $(wildcard $(INST_O)/harness/cli/*.d)

# The data: the rule catalogue and suites, the vectors, the documents.
INST_DATA := $(sort $(shell find suites vectors -type f ! -name '*~' 2>/dev/null)) \
             $(wildcard docs/*.md docs/*.json)
RIO_HEADERS := $(wildcard reference/include/rio/*.h)
ABI_VERSION := $(shell sed -n 's/^.define RC_DUT_ABI_VERSION \([0-9]*\).*/\1/p' harness/include/riocheck/dut.h)
# a directory below PREFIX as ${prefix}/... in the .pc files (pkg-config
# --define-prefix and PKG_CONFIG_SYSROOT_DIR relocate them)
pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
INST_SED := sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(call pc_dir,$(LIBDIR))|g' \
  -e 's|@INCLUDEDIR@|$(call pc_dir,$(INCLUDEDIR))|g' -e 's|@BINDIR@|$(call pc_dir,$(BINDIR))|g' \
  -e 's|@DATADIR@|$(call pc_dir,$(DATADIR))|g' -e 's|@VERSION@|$(VERSION)|g' \
  -e 's|@ABI_VERSION@|$(ABI_VERSION)|g'
# the man pages name the directories themselves
INST_MAN_SED := sed -e 's|@DATADIR@|$(DATADIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g'

.PHONY: install uninstall
install: $(INST_RIOCHECK) $(SHIM) $(LIB_A) $(LIB_SO_REAL) $(LIB_SO)
	@test -n "$(PREFIX)" || { echo "make install: PREFIX is empty" >&2; exit 2; }
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(PKGCONFIGDIR)' \
	  '$(DESTDIR)$(INCLUDEDIR)/rio' '$(DESTDIR)$(INCLUDEDIR)/riocheck' '$(DESTDIR)$(MANDIR)/man1' \
	  '$(DESTDIR)$(BASHCOMPDIR)' '$(DESTDIR)$(DATADIR)'
	$(INSTALL) -m 755 $(INST_RIOCHECK) $(SHIM) '$(DESTDIR)$(BINDIR)/'
	$(INSTALL) -m 755 $(LIB_SO_REAL) '$(DESTDIR)$(LIBDIR)/'
	ln -sf librio.so.$(LIB_VERSION) '$(DESTDIR)$(LIBDIR)/$(LIB_SONAME)'
	ln -sf librio.so.$(LIB_VERSION) '$(DESTDIR)$(LIBDIR)/librio.so'
	$(INSTALL) -m 644 $(LIB_A) '$(DESTDIR)$(LIBDIR)/'
	$(INSTALL) -m 644 $(RIO_HEADERS) '$(DESTDIR)$(INCLUDEDIR)/rio/'
	$(INSTALL) -m 644 harness/include/riocheck/dut.h '$(DESTDIR)$(INCLUDEDIR)/riocheck/'
	$(INST_SED) packaging/rio.pc.in > '$(DESTDIR)$(PKGCONFIGDIR)/rio.pc'
	$(INST_SED) packaging/riocheck-dut.pc.in > '$(DESTDIR)$(PKGCONFIGDIR)/riocheck-dut.pc'
	$(INST_MAN_SED) packaging/riocheck.1 > '$(DESTDIR)$(MANDIR)/man1/riocheck.1'
	$(INST_MAN_SED) packaging/riocheck-shim.1 > '$(DESTDIR)$(MANDIR)/man1/riocheck-shim.1'
	$(INSTALL) -m 644 packaging/riocheck.bash '$(DESTDIR)$(BASHCOMPDIR)/riocheck'
	ln -sf riocheck '$(DESTDIR)$(BASHCOMPDIR)/riocheck-shim'
	@for f in $(INST_DATA); do \
	  $(INSTALL) -D -m 644 "$$f" '$(DESTDIR)$(DATADIR)'/"$$f" || exit 1; done
	@echo "installed riocheck $(VERSION) under $(DESTDIR)$(PREFIX) (data: $(DESTDIR)$(DATADIR), $(words $(INST_DATA)) files)"

uninstall:
	@test -n "$(PREFIX)" || { echo "make uninstall: PREFIX is empty" >&2; exit 2; }
	rm -f '$(DESTDIR)$(BINDIR)/riocheck' '$(DESTDIR)$(BINDIR)/riocheck-shim' \
	  '$(DESTDIR)$(LIBDIR)/librio.so.$(LIB_VERSION)' '$(DESTDIR)$(LIBDIR)/$(LIB_SONAME)' \
	  '$(DESTDIR)$(LIBDIR)/librio.so' '$(DESTDIR)$(LIBDIR)/librio.a' \
	  '$(DESTDIR)$(PKGCONFIGDIR)/rio.pc' '$(DESTDIR)$(PKGCONFIGDIR)/riocheck-dut.pc' \
	  '$(DESTDIR)$(MANDIR)/man1/riocheck.1' '$(DESTDIR)$(MANDIR)/man1/riocheck-shim.1' \
	  '$(DESTDIR)$(BASHCOMPDIR)/riocheck' '$(DESTDIR)$(BASHCOMPDIR)/riocheck-shim' \
	  '$(DESTDIR)$(INCLUDEDIR)/riocheck/dut.h'
	rm -f $(patsubst reference/include/%,'$(DESTDIR)$(INCLUDEDIR)/%',$(RIO_HEADERS))
	@for f in $(INST_DATA); do rm -f '$(DESTDIR)$(DATADIR)'/"$$f"; done
	@# the folders riocheck alone uses, when empty (never a shared one)
	@for d in '$(DESTDIR)$(DATADIR)' '$(DESTDIR)$(INCLUDEDIR)/rio' '$(DESTDIR)$(INCLUDEDIR)/riocheck'; do \
	  test ! -d "$$d" || find "$$d" -depth -type d -empty -delete; done
	@echo "uninstalled riocheck from $(DESTDIR)$(PREFIX)"

# Speed figures (issue 4; printed, never asserted): the exhaustive CS64 sweep
# through the DUT ABI beside empty calls, and the non-exhaustive run in-process
# and through the external-process interface; the load of a generated
# 50,000-vector file (issue 11).
BENCH := $(O)/bin/riocheck-bench
$(BENCH): $(O)/harness/bench/bench.o $(O)/harness/oracle/oracle.o $(O)/harness/core/dutload.o
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -ldl

bench: $(BENCH) $(RIOCHECK) $(SHIM) $(O)/lib/riocheck-reference.so
	$(BENCH) $(O)/lib/riocheck-reference.so
	@sh harness/bench/run-speed.sh $(RIOCHECK) $(SHIM) $(O)/lib/riocheck-reference.so
	@sh harness/bench/load-speed.sh $(RIOCHECK)

# An RTL example device driven through Verilator (issue 13; harness/examples/
# rtl/README.md): build.sh Verilates the codec and its bridge (good and with
# the planted bug) into BUILD/VARIANT/rtl/, run.sh plays the suites through
# --dut-cmd, prints the figures and checks both outcomes.
RTL_SWEEP_STRIDE ?= 1
rtl-example: $(RIOCHECK)
	sh harness/examples/rtl/build.sh $(O)/rtl
	sh harness/examples/rtl/run.sh $(RIOCHECK) $(O)/rtl $(RTL_SWEEP_STRIDE)
.PHONY: rtl-example

# Mutation score of the conformance vectors alone (issue 12; a benchmark, not
# a test): a seeded sample of mutants of reference/src, each built into a
# relinked riocheck and run against the vectors (harness/mutation/README.md).
# MUT_PER_MODULE=20 MUT_SEED=1 MUT_JOBS=nproc MUT_MODULES=... MUT_TIMEOUT=s
# MUT_SWEEP_STRIDE=1; results in BUILD/mutation-VARIANT/.
MUTATE := $(O)/bin/riocheck-mutate
$(MUTATE): $(O)/harness/mutation/mutate.o
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

.PHONY: mutation
mutation: $(MUTATE) $(RIOCHECK)
	@MUT_MUTATE=$(MUTATE) MUT_CC="$(CC)" MUT_CFLAGS="$(ALL_CFLAGS) $(REF_INC)" \
	    MUT_LDFLAGS="$(ALL_LDFLAGS)" MUT_OBJ=$(O) MUT_LINK="$(CLI_OBJ) $(HARNESS_OBJ)" \
	    MUT_OUT=$${MUT_OUT:-$(BUILD)/mutation-$(VARIANT)} sh harness/mutation/run.sh
# the unit test of riocheck-mutate (harness/mutation/tests/mutate_test.sh)
check: $(MUTATE)

# Line and branch coverage of reference/src by the conformance vectors alone
# (docs/coverage.md), with lcov and genhtml (Debian's lcov):
#  - riocheck built with --coverage (VARIANT=cov) plays every vector against
#    the built-in reference (default isolated run, sweeps every 7th value)
#    into its own output folder COV_OUT (not reports/out);
#  - prints lines and branches over all of reference/src (files no vector
#    reaches included, at 0) and over the rest: the functions listed with a
#    reason in COV_EXCLUDED removed (reference/coverage-exclude.awk);
#  - FAILS when the rest is below COV_LINE_FLOOR / COV_BRANCH_FLOOR (%);
#  - HTML of the rest in COV_HTML; the tracefiles in BUILD/cov/*.info;
#  - then adds the unit tests (reference/tests/), for information: HTML in
#    reports/coverage-all/.
COV_OUT = $(BUILD)/cov/out
COV_HTML ?= reports/coverage
COV_EXCLUDED := reference/coverage-excluded.tsv
COV_LINE_FLOOR ?= 99
COV_BRANCH_FLOOR ?= 97
COV_LCOV = lcov --quiet --rc lcov_branch_coverage=1
# figures of a tracefile: "lines L% (H of F), branches B% (H of F)"
COV_FIGURES = awk -F: '/^LF:/ { lf += $$2 } /^LH:/ { lh += $$2 } /^BRF:/ { bf += $$2 } \
  /^BRH:/ { bh += $$2 } END { printf "lines %.1f%% (%d of %d), branches %.1f%% (%d of %d)\n", \
  lf ? 100 * lh / lf : 0, lh, lf, bf ? 100 * bh / bf : 0, bh, bf }'
coverage:
	@command -v lcov >/dev/null && command -v genhtml >/dev/null || \
	  { echo "lcov/genhtml not found: apt-get install lcov" >&2; exit 1; }
	$(MAKE) --no-print-directory VARIANT=cov cli
	find $(BUILD)/cov -name '*.gcda' -delete
	@mkdir -p $(COV_OUT)
	$(BUILD)/cov/bin/riocheck run --sweep-stride 7 --out $(COV_OUT) > $(BUILD)/cov/run.tap || \
	  { tail -5 $(BUILD)/cov/run.tap; exit 1; }
	@tail -1 $(BUILD)/cov/run.tap
	@# --initial: every compiled file, also those no vector reaches (at 0)
	@$(COV_LCOV) --capture --initial --directory $(BUILD)/cov/reference \
	  --output-file $(BUILD)/cov/base.info 2>$(BUILD)/cov/lcov.err && \
	 $(COV_LCOV) --capture --directory $(BUILD)/cov/reference \
	  --output-file $(BUILD)/cov/run.info 2>>$(BUILD)/cov/lcov.err && \
	 $(COV_LCOV) --add-tracefile $(BUILD)/cov/base.info --add-tracefile $(BUILD)/cov/run.info \
	  --output-file $(BUILD)/cov/vectors-all.info 2>>$(BUILD)/cov/lcov.err && \
	 $(COV_LCOV) --extract $(BUILD)/cov/vectors-all.info '*/reference/src/*' \
	  --output-file $(BUILD)/cov/vectors-all.info 2>>$(BUILD)/cov/lcov.err || \
	  { cat $(BUILD)/cov/lcov.err >&2; exit 1; }
	awk -v list=$(COV_EXCLUDED) -f reference/coverage-exclude.awk $(BUILD)/cov/vectors-all.info \
	  > $(BUILD)/cov/vectors-rest.info
	@genhtml --quiet --branch-coverage --legend \
	  --title "riocheck reference/src by the conformance vectors ($(COV_EXCLUDED) removed)" \
	  --output-directory $(COV_HTML) $(BUILD)/cov/vectors-rest.info 2>$(BUILD)/cov/lcov.err || \
	  { cat $(BUILD)/cov/lcov.err >&2; exit 1; }
	@echo "== coverage of reference/src by the conformance vectors alone"
	@echo "all of reference/src:            $$($(COV_FIGURES) $(BUILD)/cov/vectors-all.info)"
	@echo "without $(COV_EXCLUDED): $$($(COV_FIGURES) $(BUILD)/cov/vectors-rest.info)"
	@echo "HTML (the rest): $(COV_HTML)/index.html; the run's reports: $(COV_OUT)/"
	@awk -F: -v l=$(COV_LINE_FLOOR) -v b=$(COV_BRANCH_FLOOR) \
	  '/^LF:/ { lf += $$2 } /^LH:/ { lh += $$2 } /^BRF:/ { bf += $$2 } /^BRH:/ { bh += $$2 } END { \
	  bad = 0; \
	  if (lf == 0 || 100 * lh / lf < l) { printf "FAIL: lines of the rest %.1f%% are below COV_LINE_FLOOR=%s%%\n", lf ? 100 * lh / lf : 0, l; bad = 1 } \
	  if (bf == 0 || 100 * bh / bf < b) { printf "FAIL: branches of the rest %.1f%% are below COV_BRANCH_FLOOR=%s%%\n", bf ? 100 * bh / bf : 0, b; bad = 1 } \
	  if (!bad) printf "floors met: lines >= %s%%, branches >= %s%% (COV_LINE_FLOOR, COV_BRANCH_FLOOR)\n", l, b; \
	  exit bad }' $(BUILD)/cov/vectors-rest.info
	$(MAKE) --no-print-directory VARIANT=cov $(REF_TESTS:$(O)/%=$(BUILD)/cov/%)
	for t in $(REF_TESTS:$(O)/%=$(BUILD)/cov/%); do $$t >/dev/null || exit 1; done
	@$(COV_LCOV) --capture --directory $(BUILD)/cov/reference \
	  --output-file $(BUILD)/cov/tests.info 2>$(BUILD)/cov/lcov.err && \
	 $(COV_LCOV) --add-tracefile $(BUILD)/cov/base.info --add-tracefile $(BUILD)/cov/tests.info \
	  --output-file $(BUILD)/cov/tests-all.info 2>>$(BUILD)/cov/lcov.err && \
	 $(COV_LCOV) --extract $(BUILD)/cov/tests-all.info '*/reference/src/*' \
	  --output-file $(BUILD)/cov/tests-all.info 2>>$(BUILD)/cov/lcov.err && \
	 genhtml --quiet --branch-coverage --legend --title "riocheck reference/src by vectors and unit tests" \
	  --output-directory reports/coverage-all $(BUILD)/cov/tests-all.info 2>>$(BUILD)/cov/lcov.err || \
	  { cat $(BUILD)/cov/lcov.err >&2; exit 1; }
	@echo "== coverage of reference/src by the conformance vectors AND the unit tests"
	@echo "all of reference/src:            $$($(COV_FIGURES) $(BUILD)/cov/tests-all.info)"
	@echo "HTML (vectors and unit tests): reports/coverage-all/index.html"
	@echo "What stays uncovered, and why: docs/coverage.md"

# ============================================================================
# fuzzing (issue 5): fuzz/README.md. Every fuzz/*.c except fuzz/empty.c is a
# target; each links librio, the harness objects (HARNESS_SRC), fuzz/common/*.c
# and an archive of the other harness code a parser target may call (CLI
# helpers, proc, report: only what the target references is linked).
#   - replay binaries BUILD/VARIANT/fuzz/T-replay (the VARIANT's compiler,
#     fuzz/driver/replay_main.c), run on fuzz/corpus/T by `make check`;
#   - libFuzzer: BUILD/fuzz/T (clang -fsanitize=fuzzer,address,undefined);
#     only the sources in FUZZ_COV_T get coverage instrumentation (default:
#     all except the naive oracles; FUZZ_NOCMP_TARGETS without trace-cmp),
#     the rest keeps ASan+UBSan; -O2;
#   - AFL++ persistent mode: BUILD/fuzz-afl/T (afl-clang-fast instrumentation
#     of the same FUZZ_COV_T sources, ASan+UBSan everywhere,
#     fuzz/driver/afl_main.c), and BUILD/fuzz-afl/T-mutator.so for targets
#     with a LLVMFuzzerCustomMutator (AFL_CUSTOM_MUTATOR_LIBRARY).
# Nothing is installed here: missing tools are named with their Debian package.
# ============================================================================
FUZZ_TARGETS := $(sort $(filter-out empty,$(patsubst fuzz/%.c,%,$(wildcard fuzz/*.c))))
FUZZ_COMMON_SRC := $(wildcard fuzz/common/*.c)
FUZZ_EXTRA_SRC := $(filter-out %main.c $(HARNESS_SRC),$(wildcard harness/cli/*.c harness/proc/*.c harness/report/*.c))
FUZZ_LINK_SRC := $(FUZZ_COMMON_SRC) $(HARNESS_SRC) $(REF_SRC)
# Not worth coverage feedback in any target: the naive oracles are checks.
FUZZ_NOCOV_SRC := $(wildcard harness/oracle/*.c)
# Codec targets: coverage of the code under test only (speed; fuzz/README.md).
FUZZ_COV_cs48 := reference/src/cs.c reference/src/voq.c
FUZZ_COV_cs64 := reference/src/cs.c reference/src/voq.c
FUZZ_COV_stype2 := reference/src/voq.c
FUZZ_COV_ccp := reference/src/ccp.c
# diff: the reference's state machines only: not the ABI adapter, registry and program decoder, whose
# comparisons cost half of every execution and guide nothing
# (fuzz/DIFFERENTIAL.md, speed), nor fuzz/diff.c (FUZZ_NOCOV_TARGETS: its
# output comparisons were a fifth), nor the --dut-cmd client (harness/proc):
# how many times it polls or reads a pipe depends on timing, not on the
# input, and would make libFuzzer keep inputs for nothing (fuzz/README.md,
# --dut-cmd).
FUZZ_COV_diff := $(filter-out reference/src/crc.c,$(wildcard reference/src/*.c))
# ... and their own file (the checks) without coverage either: feedback
# comes from the code under test; the checks' comparisons only slow every
# execution down (fuzz/README.md, exec/s).
FUZZ_NOCOV_TARGETS := cs48 cs64 stype2 ccp diff
fuzz_tdir = $(if $(filter $(1),$(FUZZ_NOCOV_TARGETS)),$(2),$(3))
# ... and their code under test without comparison tracing (libFuzzer's
# trace-cmp): with and without it these targets reach the same coverage and
# features from an empty corpus within 18,000 executions (their custom
# mutators keep CRCs valid, their dictionaries hold the field values), and
# without it they run about 1.17x as many (fuzz/README.md, Speed).
# diff too: its mutator builds values by structure (common/evmut.h), and the
# reference's comparison callbacks were a third of an execution.
FUZZ_NOCMP_TARGETS := cs48 cs64 stype2 ccp diff
fuzz_covdir = $(if $(filter $(1),$(FUZZ_NOCMP_TARGETS)),covnocmp,cov)
FUZZ_MUTATOR_TARGETS := $(patsubst fuzz/%.c,%,$(shell grep -l '^size_t LLVMFuzzerCustomMutator' $(FUZZ_TARGETS:%=fuzz/%.c) /dev/null))

# Time budgets (seconds): per target per engine in fuzz-smoke, per target in
# fuzz-bench; parallel smoke jobs (default: every core).
SMOKE_TIME ?= 8
SMOKE_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
BENCH_TIME ?= 10
TIME ?= 60
ENGINE ?= libfuzzer

# -- replay binaries (every VARIANT) -------------------------------------------
FUZZ_REPLAY := $(FUZZ_TARGETS:%=$(O)/fuzz/%-replay)
FUZZ_EXTRA_A := $(O)/fuzz/libfuzzextra.a

$(FUZZ_EXTRA_A): $(FUZZ_EXTRA_SRC:%.c=$(O)/%.o)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(O)/fuzz/%-replay: $(O)/fuzz/%.o $(O)/fuzz/driver/replay_main.o $(FUZZ_COMMON_SRC:%.c=$(O)/%.o) $(HARNESS_OBJ) $(FUZZ_EXTRA_A) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -ldl

fuzz-replay: $(FUZZ_REPLAY)
check: $(FUZZ_REPLAY)

# -- libFuzzer (clang) -----------------------------------------------------------
FUZZ_CC ?= clang
FUZZ_O := $(BUILD)/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# -O2 as in the AFL++ build (1.03-1.1x the executions per second of -O1).
FUZZ_CFLAGS := $(WARN) -O2 -g $(FUZZ_SAN) -D_POSIX_C_SOURCE=200809L $(CFLAGS)
fuzz_cov = $(if $(FUZZ_COV_$(1)),$(FUZZ_COV_$(1)),$(filter-out $(FUZZ_NOCOV_SRC),$(FUZZ_LINK_SRC)))
fuzz_lf_objs = $(patsubst %.c,$(FUZZ_O)/$(call fuzz_covdir,$(1))/%.o,$(filter $(call fuzz_cov,$(1)),$(FUZZ_LINK_SRC))) \
               $(patsubst %.c,$(FUZZ_O)/nocov/%.o,$(filter-out $(call fuzz_cov,$(1)),$(FUZZ_LINK_SRC)))

$(FUZZ_O)/cov/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(REF_INC) -MMD -MP -c $< -o $@
$(FUZZ_O)/covnocmp/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp $(REF_INC) -MMD -MP -c $< -o $@
$(FUZZ_O)/nocov/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(REF_INC) -MMD -MP -c $< -o $@
$(FUZZ_O)/libfuzzextra.a: $(FUZZ_EXTRA_SRC:%.c=$(FUZZ_O)/cov/%.o)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

# -- AFL++ (afl-clang-fast, persistent mode, shared-memory test cases) ----------
AFL_CC ?= afl-clang-fast
AFL_SAN ?= -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_AFL_O := $(BUILD)/fuzz-afl
AFL_CFLAGS := $(WARN) -O2 -g $(AFL_SAN) -D_POSIX_C_SOURCE=200809L $(CFLAGS)
# The same per-target choice as FUZZ_COV_T: AFL++ instrumentation (obj/) for
# the code under test, plain clang with the sanitizers (noinst/) for the rest,
# which keeps the coverage map small (3.5x the executions per second on stype2).
fuzz_afl_objs = $(patsubst %.c,$(FUZZ_AFL_O)/obj/%.o,$(filter $(call fuzz_cov,$(1)),$(FUZZ_LINK_SRC))) \
                $(patsubst %.c,$(FUZZ_AFL_O)/noinst/%.o,$(filter-out $(call fuzz_cov,$(1)),$(FUZZ_LINK_SRC)))

$(FUZZ_AFL_O)/obj/%.o: %.c
	@mkdir -p $(@D)
	AFL_QUIET=1 $(AFL_CC) $(AFL_CFLAGS) $(REF_INC) -MMD -MP -c $< -o $@
$(FUZZ_AFL_O)/noinst/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(AFL_CFLAGS) $(REF_INC) -MMD -MP -c $< -o $@
$(FUZZ_AFL_O)/libfuzzextra.a: $(FUZZ_EXTRA_SRC:%.c=$(FUZZ_AFL_O)/obj/%.o)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^
# The AFL++ custom mutator library: the target's LLVMFuzzerCustomMutator behind
# AFL++'s afl_custom_* API (fuzz/driver/afl_mutator.c), plain clang, no sanitizer.
$(FUZZ_AFL_O)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) -O2 -fPIC -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(REF_INC) -MMD -MP -c $< -o $@

define FUZZ_TARGET_RULES
$(FUZZ_O)/$(1): $(FUZZ_O)/$(call fuzz_tdir,$(1),nocov,cov)/fuzz/$(1).o $(call fuzz_lf_objs,$(1)) $(FUZZ_O)/libfuzzextra.a
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) $(LDFLAGS) -o $$@ $$^ -ldl
$(FUZZ_AFL_O)/$(1): $(FUZZ_AFL_O)/$(call fuzz_tdir,$(1),noinst,obj)/fuzz/$(1).o $(FUZZ_AFL_O)/obj/fuzz/driver/afl_main.o $(call fuzz_afl_objs,$(1)) $(FUZZ_AFL_O)/libfuzzextra.a
	AFL_QUIET=1 $(AFL_CC) $(AFL_SAN) $(LDFLAGS) -o $$@ $$^ -ldl
$(FUZZ_AFL_O)/$(1)-mutator.so: $(FUZZ_AFL_O)/pic/fuzz/$(1).o $(FUZZ_AFL_O)/pic/fuzz/driver/afl_mutator.o $(FUZZ_LINK_SRC:%.c=$(FUZZ_AFL_O)/pic/%.o)
	$(FUZZ_CC) -shared $(LDFLAGS) -o $$@ $$^ -ldl
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_TARGET_RULES,$(t))))
# The empty target of fuzz-bench: nothing linked but the engine, so that it
# measures libFuzzer itself.
$(FUZZ_O)/empty: $(FUZZ_O)/cov/fuzz/empty.o
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) $(LDFLAGS) -o $@ $^

# -- targets ---------------------------------------------------------------------
.PHONY: fuzz-build fuzz-afl-build fuzz-smoke fuzz fuzz-bench fuzz-findtime fuzz-replay fuzz-tools-check fuzz-afl-tools-check

fuzz-tools-check:
	@command -v $(FUZZ_CC) >/dev/null || { echo "$(FUZZ_CC) not found: apt-get install clang" >&2; exit 1; }
	@printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' | \
	  $(FUZZ_CC) -fsanitize=fuzzer,address,undefined -x c - -o /dev/null 2>/dev/null || \
	  { echo "$(FUZZ_CC) -fsanitize=fuzzer does not link: apt-get install libclang-rt-14-dev (the libFuzzer runtime)" >&2; exit 1; }
fuzz-afl-tools-check:
	@command -v $(AFL_CC) >/dev/null && command -v afl-fuzz >/dev/null || \
	  { echo "$(AFL_CC)/afl-fuzz not found: apt-get install afl++" >&2; exit 1; }
	@command -v $(FUZZ_CC) >/dev/null || { echo "$(FUZZ_CC) not found: apt-get install clang" >&2; exit 1; }
	@printf 'int main(void) { return 0; }\n' | $(FUZZ_CC) $(AFL_SAN) -x c - -o /dev/null 2>/dev/null || \
	  { echo "$(FUZZ_CC) $(AFL_SAN) does not link: apt-get install libclang-rt-14-dev (the sanitizer runtimes)" >&2; exit 1; }

fuzz-build: fuzz-tools-check
	$(MAKE) --no-print-directory $(FUZZ_TARGETS:%=$(FUZZ_O)/%) $(FUZZ_O)/empty
fuzz-afl-build: fuzz-afl-tools-check
	$(MAKE) --no-print-directory $(FUZZ_TARGETS:%=$(FUZZ_AFL_O)/%) $(FUZZ_MUTATOR_TARGETS:%=$(FUZZ_AFL_O)/%-mutator.so)

# Every target under libFuzzer and/or AFL++ (ENGINES=libfuzzer|afl|both, default
# both; only the chosen engine's tools are checked and its targets built) for
# SMOKE_TIME seconds each, SMOKE_JOBS at a time; fails on any crash or violated
# property. Results in BUILD/fuzz-smoke/. fuzz/tools/engines_test.sh tests ENGINES.
ENGINES ?= both
SMOKE_ENGINES = $(if $(filter both,$(ENGINES)),libfuzzer afl,$(ENGINES))
fuzz-smoke:
	@case "$(ENGINES)" in libfuzzer|afl|both) ;; \
	  *) echo "make fuzz-smoke: ENGINES=$(ENGINES) is not one of libfuzzer, afl, both" >&2; exit 2;; esac
	$(MAKE) --no-print-directory $(if $(filter libfuzzer,$(SMOKE_ENGINES)),fuzz-build) \
	  $(if $(filter afl,$(SMOKE_ENGINES)),fuzz-afl-build)
	FUZZ_BUILD=$(BUILD) ENGINES="$(SMOKE_ENGINES)" sh fuzz/tools/smoke.sh $(SMOKE_TIME) $(SMOKE_JOBS) $(FUZZ_TARGETS)

# One target for TIME seconds: `make fuzz TARGET=cs48 TIME=600 [ENGINE=afl]`.
# libFuzzer keeps its corpus in BUILD/fuzz-out/TARGET/; ENGINE=afl runs
# fuzz/tools/afl-parallel.sh on every core.
fuzz:
	@test -n "$(TARGET)" || { echo "usage: make fuzz TARGET=<one of: $(FUZZ_TARGETS)> [TIME=s] [ENGINE=libfuzzer|afl]" >&2; exit 2; }
	@test -f fuzz/$(TARGET).c || { echo "no fuzz target fuzz/$(TARGET).c" >&2; exit 2; }
ifeq ($(ENGINE),afl)
	$(MAKE) --no-print-directory fuzz-afl-tools-check
	$(MAKE) --no-print-directory $(FUZZ_AFL_O)/$(TARGET) $(patsubst %,$(FUZZ_AFL_O)/%-mutator.so,$(filter $(TARGET),$(FUZZ_MUTATOR_TARGETS)))
	FUZZ_BUILD=$(BUILD) sh fuzz/tools/afl-parallel.sh $(TARGET) $(TIME)
else
	$(MAKE) --no-print-directory fuzz-tools-check
	$(MAKE) --no-print-directory $(FUZZ_O)/$(TARGET)
	FUZZ_BUILD=$(BUILD) sh fuzz/tools/run.sh libfuzzer $(TARGET) $(TIME) $(BUILD)/fuzz-out/$(TARGET)
endif

# Executions per second of every target under libFuzzer (ASan+UBSan) beside the
# empty target fuzz/empty.c, BENCH_TIME seconds each, one at a time.
fuzz-bench: fuzz-build
	FUZZ_BUILD=$(BUILD) sh fuzz/tools/bench.sh $(BENCH_TIME) $(FUZZ_TARGETS)

# Time for the differential target to find each example vendor (gcc examples),
# from the seeds, or CORPUS=none (an empty corpus) or CORPUS=DIR; TIME per vendor
# (default 60).
fuzz-findtime: fuzz-build
	$(MAKE) --no-print-directory VARIANT=gcc examples
	sh fuzz/tools/diff-findtime.sh --bin $(FUZZ_O)/diff --libdir $(BUILD)/gcc/lib \
	  --time $(TIME) $(if $(CORPUS),--corpus $(CORPUS))

# Soundness of the differential target (issue 10): its seeds against every
# conforming example (no finding) and every broken one (found); no clang.
.PHONY: fuzz-conforming
fuzz-conforming: $(O)/fuzz/diff-replay $(EXAMPLES)
	FUZZ_BIN=$(O)/fuzz LIBDIR=$(O)/lib sh fuzz/tools/diff-conforming.sh

-include $(wildcard $(O)/fuzz/*.d $(O)/fuzz/*/*.d $(FUZZ_O)/*/*/*.d $(FUZZ_O)/*/*/*/*.d \
  $(FUZZ_AFL_O)/*/*/*.d $(FUZZ_AFL_O)/*/*/*/*.d)
# ============================================================================
# end of the fuzzing section
# ============================================================================

# ============================================================================
# Hostile devices (issue 11, harness/hostile/): each harness/hostile/NAME.c is
# a hostile DUT library, BUILD/VARIANT/lib/riocheck-hostile-NAME.so (the
# reference DUT with its p9reg machine made hostile, linked like the
# examples); each harness/hostile/cmd/NAME.c (a --dut-cmd DUT program) and
# harness/hostile/tools/NAME.c (the test's JSON and XML checkers) is a program
# BUILD/VARIANT/hostile/NAME. harness/hostile/hostile_test.sh, part of
# `make check`, runs riocheck against all of them and builds nothing.
# ============================================================================
HOSTILE_LIBS := $(patsubst harness/hostile/%.c,$(O)/lib/riocheck-hostile-%.so,$(wildcard harness/hostile/*.c))
HOSTILE_CMDS := $(patsubst harness/hostile/cmd/%.c,$(O)/hostile/%,$(wildcard harness/hostile/cmd/*.c))
HOSTILE_TOOLS := $(patsubst harness/hostile/tools/%.c,$(O)/hostile/%,$(wildcard harness/hostile/tools/*.c))

$(O)/lib/riocheck-hostile-%.so: $(O)/harness/hostile/%.o $(REFDUT_NOENTRY) $(REFDUT_MACHINES) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-Bsymbolic-functions $(ALL_LDFLAGS) -o $@ $^
$(HOSTILE_CMDS): $(O)/hostile/%: $(O)/harness/hostile/cmd/%.o
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^
$(HOSTILE_TOOLS): $(O)/hostile/%: $(O)/harness/hostile/tools/%.o
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

.PHONY: hostile
hostile: $(HOSTILE_LIBS) $(HOSTILE_CMDS) $(HOSTILE_TOOLS)

-include $(wildcard $(O)/harness/hostile/*/*.d)
