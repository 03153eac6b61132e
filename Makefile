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
  CC := gcc
  OPT := -O2 -g
else ifeq ($(VARIANT),clang)
  CC := clang
  OPT := -O2 -g
else ifeq ($(VARIANT),san)
  CC := gcc
  OPT := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  SANLD := -fsanitize=address,undefined
  # the exhaustive sweeps are ~10x slower under the sanitizers: thin them
  SWEEP_STRIDE := 61
else ifeq ($(VARIANT),cov)
  CC := gcc
  OPT := -O0 -g --coverage
  SANLD := --coverage
  SWEEP_STRIDE := 7
else
  $(error unknown VARIANT '$(VARIANT)': use gcc, clang, san or cov)
endif
SWEEP_STRIDE ?= 1

CFLAGS ?=
WARN := -std=c11 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion \
        -Wswitch-enum -Wstrict-prototypes -Wmissing-prototypes -Wshadow \
        -Wcast-qual -Wvla -Wformat=2 -Werror
ALL_CFLAGS := $(WARN) $(OPT) -fPIC -D_POSIX_C_SOURCE=200809L $(CFLAGS)
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
HARNESS_DIRS := core oracle refdut
HARNESS_SRC := $(foreach d,$(HARNESS_DIRS),$(wildcard harness/$(d)/*.c))
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(O)/%.o)
HARNESS_TESTS := $(patsubst %.c,$(O)/tests/%,$(notdir $(foreach d,$(HARNESS_DIRS),$(wildcard harness/$(d)/tests/*_test.c))))
# Example vendor DUTs (deliberately non-conforming), and the reference as a DUT
# library: each harness/examples/NAME.c becomes BUILD/VARIANT/lib/riocheck-NAME.so.
EXAMPLE_SRC := $(wildcard harness/examples/*.c)
EXAMPLES := $(patsubst harness/examples/%.c,$(O)/lib/riocheck-%.so,$(EXAMPLE_SRC)) \
            $(O)/lib/riocheck-reference.so
REFDUT_NOENTRY := $(O)/harness/refdut/refdut-noentry.o

LIB_A := $(O)/lib/librio.a
LIB_SO := $(O)/lib/librio.so
RIOCHECK := $(O)/bin/riocheck

## Targets (`make help` prints this list):
##   make, make all     build the reference library and the riocheck CLI
##   make lib           build BUILD/VARIANT/lib/librio.a and librio.so
##   make cli           build BUILD/VARIANT/bin/riocheck
##   make run           the main job: build, then `riocheck selfcheck`
##                      (report in reports/out/selfcheck.md)
##   make check         build and run every unit and CLI test in one VARIANT
##   make test          `make check` in all three variants gcc, clang, san
##                      (what CI runs)
##   make test-gcc, make test-clang, make test-san   one variant of `make test`
##   make examples      build the example vendor DUT libraries (lib/riocheck-*.so)
##   make docs          regenerate docs/interpretations.md from the headers
##   make coverage      line/branch coverage of reference/ by the vectors (lcov,
##                      genhtml): HTML in reports/coverage/
##   make clean         remove BUILD (default build/)
##   make help          this list
## Variables: VARIANT=gcc|clang|san (default gcc), BUILD=folder (default
## build), CFLAGS and LDFLAGS (added after the project's flags).

.PHONY: all lib cli run docs examples coverage check test test-gcc test-clang test-san clean help tools-check
.DEFAULT_GOAL := all
.SECONDARY:

all: lib cli

lib: $(LIB_A) $(LIB_SO)
cli: $(RIOCHECK)

$(O)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(REF_INC) -MMD -MP -c $< -o $@

$(LIB_A): $(REF_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(LIB_SO): $(REF_OBJ)
	@mkdir -p $(@D)
	$(CC) -shared $(ALL_LDFLAGS) -o $@ $^

$(RIOCHECK): $(CLI_OBJ) $(HARNESS_OBJ) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(HARNESS_OBJ) $(LIB_A) -ldl

$(REFDUT_NOENTRY): harness/refdut/refdut.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(REF_INC) -DREFDUT_NO_ENTRY -MMD -MP -c $< -o $@

$(O)/lib/riocheck-reference.so: $(O)/harness/refdut/refdut.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) -shared $(ALL_LDFLAGS) -o $@ $^

$(O)/lib/riocheck-%.so: $(O)/harness/examples/%.o $(REFDUT_NOENTRY) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) -shared $(ALL_LDFLAGS) -o $@ $^

examples: $(EXAMPLES)

$(O)/tests/%: $(O)/reference/tests/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIB_A)

define HARNESS_TEST_RULE
$(O)/tests/%: $(O)/harness/$(1)/tests/%.o $$(HARNESS_OBJ) $$(LIB_A)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -o $$@ $$< $$(HARNESS_OBJ) $$(LIB_A) -ldl
endef
$(foreach d,$(HARNESS_DIRS),$(eval $(call HARNESS_TEST_RULE,$(d))))

# Main job (README quick start): build, then run the reference self-check.
run: $(RIOCHECK)
	$(RIOCHECK) selfcheck

# Unit tests of one variant; prints one result line per test program and a total.
check: $(REF_TESTS) $(HARNESS_TESTS) $(RIOCHECK) $(EXAMPLES)
	@RIOCHECK=$(RIOCHECK) SWEEP_STRIDE=$(SWEEP_STRIDE) sh reference/tests/run-tests.sh $(REF_TESTS) $(HARNESS_TESTS) harness/cli/tests/cli_test.sh \
	    harness/cli/tests/conformance_test.sh harness/examples/minimal_vendor_test.sh \
	    docs/interpretations_test.sh

# Everything, in every variant: what CI runs.
test: test-gcc test-clang test-san
	@echo "all variants passed"
test-gcc:
	$(MAKE) --no-print-directory VARIANT=gcc check
test-clang: tools-check
	$(MAKE) --no-print-directory VARIANT=clang check
test-san:
	$(MAKE) --no-print-directory VARIANT=san check

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

# Line and branch coverage of reference/ by the conformance vectors alone
# (riocheck run against the built-in reference), with lcov and genhtml:
# HTML in reports/coverage/, summary printed. Needs Debian's lcov.
coverage:
	@command -v lcov >/dev/null && command -v genhtml >/dev/null || \
	  { echo "lcov/genhtml not found: apt-get install lcov" >&2; exit 1; }
	$(MAKE) --no-print-directory VARIANT=cov cli
	find $(BUILD)/cov -name '*.gcda' -delete
	$(BUILD)/cov/bin/riocheck run --sweep-stride 7 > $(BUILD)/cov/run.tap || \
	  { tail -5 $(BUILD)/cov/run.tap; exit 1; }
	tail -1 $(BUILD)/cov/run.tap
	@echo "== coverage of reference/ by the conformance vectors"
	lcov --quiet --rc lcov_branch_coverage=1 --capture --directory $(BUILD)/cov/reference \
	  --output-file $(BUILD)/cov/reference.info
	lcov --quiet --rc lcov_branch_coverage=1 --extract $(BUILD)/cov/reference.info \
	  '*/reference/src/*' --output-file $(BUILD)/cov/reference.info
	genhtml --quiet --branch-coverage --legend --title "riocheck reference/ by the conformance vectors" \
	  --output-directory reports/coverage $(BUILD)/cov/reference.info
	lcov --rc lcov_branch_coverage=1 --summary $(BUILD)/cov/reference.info
	@echo "HTML report (conformance vectors only): reports/coverage/index.html"
	$(MAKE) --no-print-directory VARIANT=cov $(REF_TESTS:$(O)/%=$(BUILD)/cov/%) $(HARNESS_TESTS:$(O)/%=$(BUILD)/cov/%)
	for t in $(REF_TESTS:$(O)/%=$(BUILD)/cov/%); do $$t >/dev/null || exit 1; done
	lcov --quiet --rc lcov_branch_coverage=1 --capture --directory $(BUILD)/cov/reference \
	  --output-file $(BUILD)/cov/all.info
	lcov --quiet --rc lcov_branch_coverage=1 --extract $(BUILD)/cov/all.info \
	  '*/reference/src/*' --output-file $(BUILD)/cov/all.info
	genhtml --quiet --branch-coverage --legend --title "riocheck reference/ by vectors and unit tests" \
	  --output-directory reports/coverage-all $(BUILD)/cov/all.info
	@echo "== coverage of reference/ by the conformance vectors AND the unit tests"
	lcov --rc lcov_branch_coverage=1 --summary $(BUILD)/cov/all.info
	@echo "HTML report (vectors and unit tests): reports/coverage-all/index.html"
	@echo "What stays uncovered, and why: docs/coverage.md"
