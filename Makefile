# idgen: compact, time-ordered identifier types for PostgreSQL (PGXS build)

EXTENSION = idgen
MODULE_big = idgen
TYPES = wiji sno siq muid ulid
OBJS = src/idgen.o src/idtype.o src/idtime.o src/clock.o src/shmem.o src/codec.o src/idtext.o src/hwm.o src/statefile.o src/node.o src/nodeid.o src/sha256.o src/worker.o \
	src/uuidv7.o src/tickseq.o src/snowflake.o \
	$(patsubst %,src/%.o,$(TYPES))
# The released versions' install scripts (frozen); the newest version's
# install script and the updates to it are generated from src/sql/
DATA = idgen--1.0.sql idgen--1.1.sql idgen--1.2.sql idgen--1.3.sql
DATA_built = idgen--1.4.sql idgen--1.0--1.1.sql idgen--1.1--1.2.sql idgen--1.2--1.3.sql \
	idgen--1.3--1.4.sql
EXTRA_CLEAN = results/ regression.diffs regression.out tmp_check/ .built-for-pg \
	bench/*.o bench/codec_bench $(FUZZ_TARGETS) fuzz/corpus test/unit/node_test

# Regression tests: sql/*.sql against expected/*.out, in this order.
REGRESS = init machinery settings wiji wiji_vectors wiji_errors wiji_gen sno sno_vectors sno_errors sno_gen siq siq_vectors siq_errors siq_gen muid muid_vectors muid_errors muid_gen ulid ulid_vectors ulid_errors ulid_gen snowflake time_queries time_partitions time_estimates soft_errors uuidv7 time_extremes
REGRESS_OPTS = --load-extension=idgen
TAP_TESTS = 1

PG_CPPFLAGS = -I$(srcdir)/src
# PostgreSQL's own headers have unused parameters: that one warning is off.
PG_CFLAGS = -Wall -Wextra -Werror -Wno-unused-parameter

# make demo/test/bench install Debian's PostgreSQL 15 and run on it, unless
# PG_CONFIG is given (on the command line or in the environment): then they
# build, install and run against the PostgreSQL it belongs to.
ifneq ($(filter command line environment environment override,$(origin PG_CONFIG)),)
SCRIPT_ENV = IDGEN_PG_CONFIG='$(PG_CONFIG)'
endif
PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)
ifneq ($(PGXS),)
include $(PGXS)
else
# No PostgreSQL development files yet: only the targets below that install them work.
all:
	@echo "pg_config not found: run 'make demo' or 'make test', which install PostgreSQL first" >&2; exit 1
endif

# The install script: the shared parts, then for each type the per-type
# template, its comparisons with times, its own functions, and what 1.2
# added (containment in a multirange, the support of the cast functions).
# 1.3 adds no type: uuid v7 on core's uuid and snowflake ids on bigint,
# once, among the shared parts.  Each update runs the same files for what
# its version adds: the update from 1.0 the comparisons with times, with
# the casts to uuid that need no function; the update from 1.1 what 1.2
# added; the update from 1.2 what 1.3 added; the update from 1.3 what 1.4
# added (snowflake-continue.sql, uuidv7-before.sql).
GEN_SQL = sh $(srcdir)/src/sql/gen-sql.sh $(srcdir)/src/sql
SQL_SOURCES = $(wildcard $(srcdir)/src/sql/*)
idgen--1.4.sql: $(SQL_SOURCES)
	$(GEN_SQL) 'common.sql time.sql binary-cast.sql uuidv7.sql uuidv7-before.sql snowflake.sql snowflake-continue.sql' \
		'type.sql.in type-time.sql.in @T@.sql type-multirange.sql.in type-binary-cast.sql.in' \
		$(TYPES) > $@.tmp
	mv $@.tmp $@
idgen--1.0--1.1.sql: $(SQL_SOURCES)
	$(GEN_SQL) 'update--1.0--1.1.sql time.sql' 'type-time.sql.in update--1.0--1.1-type.sql.in' \
		$(TYPES) > $@.tmp
	mv $@.tmp $@
idgen--1.1--1.2.sql: $(SQL_SOURCES)
	$(GEN_SQL) 'update--1.1--1.2.sql binary-cast.sql' 'type-multirange.sql.in type-binary-cast.sql.in' \
		$(TYPES) > $@.tmp
	mv $@.tmp $@
idgen--1.2--1.3.sql: $(SQL_SOURCES)
	$(GEN_SQL) 'update--1.2--1.3.sql uuidv7.sql snowflake.sql' '' > $@.tmp
	mv $@.tmp $@
idgen--1.3--1.4.sql: $(SQL_SOURCES)
	$(GEN_SQL) 'update--1.3--1.4.sql snowflake-continue.sql uuidv7-before.sql' '' > $@.tmp
	mv $@.tmp $@

$(OBJS): $(wildcard src/*.h)

# Objects compiled for one PostgreSQL must not go into the module for another
# (make test, then make test PG_CONFIG=...): they depend on a file naming the
# PostgreSQL they are built for, rewritten only when that changes.
$(OBJS) $(OBJS:.o=.bc): .built-for-pg
.built-for-pg: FORCE
	@v='$(shell $(PG_CONFIG) --version --includedir-server 2>/dev/null)'; \
	[ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" >$@
.PHONY: FORCE

.PHONY: demo test bench fuzz fuzz-targets unit deb dist
demo:
	$(SCRIPT_ENV) sh scripts/demo.sh
test:
	$(SCRIPT_ENV) sh scripts/test.sh
bench:
	$(SCRIPT_ENV) sh scripts/bench.sh

# Releases: the Debian packages in build/deb/ (installs what their build
# needs), and the PGXN archive build/dist/idgen-VERSION.zip.
deb:
	sh scripts/deb.sh
dist:
	sh scripts/dist.sh

# Coverage-guided fuzzing (clang's libFuzzer) under AddressSanitizer and
# UndefinedBehaviorSanitizer: the codecs, and each type's parser and binary
# check; 60 s per target, the corpora kept in fuzz/corpus/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = fuzz/fuzz_codec $(patsubst %,fuzz/fuzz_%,$(TYPES))
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-Wall -Wextra -Werror -Isrc
fuzz/fuzz_codec: fuzz/fuzz_codec.c src/codec.c src/codec.h
	clang $(FUZZ_CFLAGS) -o $@ fuzz/fuzz_codec.c src/codec.c
$(patsubst %,fuzz/fuzz_%,$(TYPES)): fuzz/fuzz_%: fuzz/fuzz_type.c src/idtext.c src/idtext.h src/codec.c src/codec.h
	clang $(FUZZ_CFLAGS) -DFUZZ_TYPE=FUZZ_$(shell echo $* | tr a-z A-Z) -o $@ \
		fuzz/fuzz_type.c src/idtext.c src/codec.c
fuzz-targets: $(FUZZ_TARGETS)
fuzz: fuzz-targets
	sh scripts/fuzz.sh $(FUZZ_SECONDS) fuzz/corpus

# Unit tests of the plain-C parts, without a server: TAP output, non-zero exit on failure
test/unit/node_test: test/unit/node_test.c src/node.c src/node.h src/sha256.c src/sha256.h
	gcc -std=c99 -O2 -Wall -Wextra -Werror -Isrc -o $@ test/unit/node_test.c src/node.c src/sha256.c -lm
unit: test/unit/node_test
	test/unit/node_test
