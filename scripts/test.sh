#!/bin/sh
# Whole test suite: pg_regress on a plain cluster, pg_regress again with idgen
# preloaded, then the TAP tests. Keeps going after failures and ends with
# "N passed, M failed", and ", K skipped" after it when steps or tests were
# skipped; before that line, a line "failed: STEP: TEST" names each failure,
# and a line "skipped: STEP: WHY" each skip with what would let it run. Exits
# non-zero if anything failed or broke.
#
# IDGEN_TEST_STEPS="STEP..." runs only those steps after the setup (which
# always runs): unit, fuzz, regress, clients, citus (the Citus build and
# t/023_citus.pl), tap (the other TAP tests), dist, deb, clone. By default,
# all of them. test/clone_test.sh runs a clone's make test with the steps
# that depend on the clone's directory and on the sources of dependencies.
# IDGEN_TAP_TESTS="t/NNN_name.pl ..." narrows the TAP steps to those files.
set -u
. "$(dirname "$0")/lib.sh"

ALL_STEPS="unit fuzz regress clients citus tap dist deb clone"
STEPS=${IDGEN_TEST_STEPS:-$ALL_STEPS}
for s in $STEPS; do
    case " $ALL_STEPS " in
        *" $s "*) ;;
        *) die "IDGEN_TEST_STEPS: no step \"$s\" (steps: $ALL_STEPS)" ;;
    esac
done
want() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }

PASS=0 FAIL=0 SKIP=0 SKIPPED="" FAILURES=""
finish() {
    [ "$STEPS" = "$ALL_STEPS" ] || echo "only these steps ran (IDGEN_TEST_STEPS): $STEPS"
    printf '%s' "$FAILURES"
    if [ "$SKIP" -gt 0 ]; then
        printf '%s' "$SKIPPED"
        echo "$PASS passed, $FAIL failed, $SKIP skipped"
    else
        echo "$PASS passed, $FAIL failed"
    fi
    [ "$FAIL" -eq 0 ]
    exit
}

# skip NAME WHY [N]: NAME did not run, for the reason WHY (and what would
# make it run); counted (as N, or 1) apart from passes and failures, and
# named again at the end.
skip() {
    SKIP=$((SKIP + ${3:-1}))
    SKIPPED="${SKIPPED}skipped: $1: $2
"
    echo "== $1 skipped: $2"
}

# run LOG CMD...: show CMD's output and keep it in LOG; returns CMD's status.
run() {
    log=$1; shift
    { "$@"; echo $? >"$log.rc"; } 2>&1 | tee "$log"
    return "$(cat "$log.rc")"
}

# tally NAME RC PASSED [FAILURES]: add a step's counts to the totals.
# FAILURES has a line per failing test, which counts it and names it again
# at the end (the end of a long log is what CI shows); a non-zero RC with no
# failing test (crash, bad plan, no server...) still counts as one.
tally() {
    f=${4:-}
    [ "$2" -ne 0 ] && [ -z "$f" ] && f="exit status $2, no failing test named in its output"
    n=$(printf '%s' "$f" | grep -c .)
    PASS=$((PASS + $3)) FAIL=$((FAIL + n))
    echo "== $1: $3 passed, $n failed"
    [ -z "$f" ] || FAILURES="$FAILURES$(printf '%s\n' "$f" | sed "s|^|failed: $1: |")
"
}

# not_ok LOG: the "not ok" lines of TAP output LOG that are no TODO, each
# after the name of the script it came from when prove ran several.
not_ok() {
    awk '{ sub(/^\[[0-9:]+\] /, "") }
         /^t\/[^ ]*\.pl \.\./ { t = $1 " " }
         /^not ok [0-9]/ && !/# TODO/ { print t $0 }' "$1"
}

# A test skipped within a script: "ok N # skip WHY", in any case
TAP_SKIP='^ok [0-9]+ # [Ss][Kk][Ii][Pp]'

# tap_skips LOG: a line "WHY" for each script of TAP output LOG that
# skipped all its tests (a plan "1..0 # SKIP WHY", which prove shows as
# "t/NAME.pl .. skipped: WHY") and for each test skipped in a script ("ok N
# # skip WHY"), after the script's name when prove ran several.
tap_skips() {
    awk -v skip="$TAP_SKIP" '{ sub(/^\[[0-9:]+\] /, "") }
         /^t\/[^ ]*\.pl \.\./ { t = $1 ": " }
         /^t\/[^ ]*\.pl \.+ skipped: / { sub(/ \.+ skipped: */, ": "); print; next }
         /^1\.\.0 # SKIP/ { sub(/^1\.\.0 # SKIP */, ""); print t $0 }
         $0 ~ skip { sub(skip " *", ""); print t $0 }' "$1"
}

# tap_passed LOG: the test lines of TAP output LOG that neither not_ok nor
# tap_skips names (a TODO that fails is expected to, as prove counts it)
tap_passed() {
    echo $(($(grep -Ec '^(not )?ok [0-9]' "$1") - $(not_ok "$1" | grep -c .) -
        $(grep -Ec "$TAP_SKIP" "$1")))
}

# tap_skipped LOG NAME: the skips of TAP output LOG (tap_skips) counted as
# NAME's, one line for each reason with the number of its tests
tap_skipped() {
    tap_skips "$1" | sort | uniq -c >"$1.skips"
    while read -r tk_n tk_why; do
        skip "$2" "$tk_why" "$tk_n"
    done <"$1.skips"
}

# tap_step LOG NAME CMD...: run CMD, whose output is TAP, keeping it in
# TMP/LOG.log, and add its "ok N" and "not ok N" lines to the totals as NAME,
# its skips apart (tap_skipped).
tap_step() {
    ts_log=$TMP/$1.log ts_name=$2
    shift 2
    run "$ts_log" "$@"
    ts_rc=$?
    tap_skipped "$ts_log" "$ts_name"
    tally "$ts_name" "$ts_rc" "$(tap_passed "$ts_log")" "$(not_ok "$ts_log")"
}

echo "== setup"
if ! sh "$ROOT/scripts/setup.sh"; then
    echo "== setup/build failed"; FAIL=1; finish
fi

# A copy of the tree that postgres can write into (results/, tmp_check/).
make_tmp
COPY=$TMP/src
mkdir "$COPY"
if ! { tar -C "$ROOT" --exclude=.git -cf - . | tar -C "$COPY" -xf - &&
        chown -R postgres:postgres "$COPY"; }; then
    echo "== copying the tree failed"; FAIL=1; finish
fi

# Unit tests of plain-C parts, linked directly (no server): TAP output
if want unit; then
    echo "== unit tests"
    tap_step unit unit as_pg make -C "$COPY" unit
fi

# libFuzzer targets under AddressSanitizer and UndefinedBehaviorSanitizer,
# seeded from the vectors: 10 s of each (make fuzz gives each 60 s)
if want fuzz; then
    echo "== fuzz smoke"
    tap_step fuzz fuzz as_pg sh -c "make -s -C '$COPY' fuzz-targets && sh '$COPY/scripts/fuzz.sh' 10 '$TMP/fuzz'"
fi

# regress NAME PRELOAD: pg_regress only (TAP_TESTS emptied) on a fresh cluster.
regress() {
    echo "== pg_regress, shared_preload_libraries = '$2'"
    if cluster_start "$TMP/$1" "$2"; then
        run "$TMP/$1.log" as_pg make -C "$COPY" installcheck PG_CONFIG="$PG_CONFIG" TAP_TESTS=
        rc=$?
        cluster_stop "$TMP/$1"
    else
        rc=1; : >"$TMP/$1.log"
    fi
    # One line per test file: up to PG15 "test name ... ok" or "... FAILED"
    # ("failed (ignored)" too; "test" is spaces in a parallel group); from
    # PG16 on, TAP style "ok 1 - name 12 ms" or "not ok 3 - name".
    tally "pg_regress ($1)" "$rc" \
        $(grep -Ec '\.\.\. ok|^ok [0-9]' "$TMP/$1.log") \
        "$(sed -n -e 's/^\(test\)\{0,1\} *\([^ ]*\) *\.\.\. \(FAILED\|failed\).*/\2/p' \
            -e 's/^not ok [0-9]* *- *\([^ ]*\).*/\1/p' "$TMP/$1.log")"
    [ -s "$COPY/regression.diffs" ] && [ "$rc" -ne 0 ] && cat "$COPY/regression.diffs"
    rm -f "$COPY/regression.diffs"
}
if want regress; then
    regress plain ''
    regress preload idgen
fi

# Real clients, each with its own TAP script in clients/: psycopg 3 (Debian's
# package, so Debian's python3, whatever python3 comes first on PATH) and
# node-postgres, installed into the copy as package-lock.json pins it.
if want clients; then
    echo "== clients"
    if run "$TMP/npm.log" npm ci --prefix "$COPY/clients/node" --cache "$CACHE/npm" \
            --prefer-offline --no-audit --no-fund &&
            chown -R postgres:postgres "$COPY/clients/node" &&
            cluster_start "$TMP/clients" '' &&
            as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION idgen'; then
        tap_step client-psycopg "clients (psycopg)" as_pg /usr/bin/python3 "$COPY/clients/python/test_clients.py"
        tap_step client-node "clients (node-postgres)" as_pg node "$COPY/clients/node/test_clients.js"
    else
        tally clients 1 0 "npm ci, the cluster or CREATE EXTENSION failed (above)"
    fi
    cluster_stop "$TMP/clients"
    unset PGHOST PGPORT
fi

# Citus for t/023_citus.pl, installed into the PostgreSQL under test: built once
# per machine and major version (kept in /var/cache/idgen), then copied in. A
# failed build counts as a failure here, and the test does not run (it would
# run on whatever Citus the installation had). Without its source (neither
# in the deps directory nor downloadable) the build and the test are
# skipped; under CI that is a failure (build-citus.sh).
citus=no
if want citus; then
    echo "== Citus"
    run "$TMP/citus.log" sh "$ROOT/scripts/build-citus.sh" "$PG_CONFIG"
    rc=$?
    if [ "$rc" -eq 77 ]; then
        skip "Citus (t/023_citus.pl)" "$(grep 'set IDGEN_DEPS=' "$TMP/citus.log" | tail -n 1)"
    else
        tally "Citus build" "$rc" 0
        [ "$rc" -ne 0 ] || citus=yes
    fi
fi

# pgEdge's snowflake extension for t/042_pgedge_move.pl, with the tap step:
# built with PGXS in seconds (kept in /var/cache/idgen), then copied into
# the PostgreSQL under test. As for Citus, a failed build is a failure and
# leaves the test out; a missing source skips it, outside CI.
pgedge=no
if want tap; then
    case " ${IDGEN_TAP_TESTS:-t/042_pgedge_move.pl} " in
        *" t/042_pgedge_move.pl "*)
            echo "== pgEdge's snowflake"
            run "$TMP/pgedge.log" sh "$ROOT/scripts/build-pgedge.sh" "$PG_CONFIG"
            rc=$?
            if [ "$rc" -eq 77 ]; then
                skip "pgEdge (t/042_pgedge_move.pl)" "$(grep 'set IDGEN_DEPS=' "$TMP/pgedge.log" | tail -n 1)"
            else
                tally "pgEdge build" "$rc" 0
                [ "$rc" -ne 0 ] || pgedge=yes
            fi ;;
    esac
fi

# TAP: PGXS's prove_installcheck (REGRESS emptied); the tests make their own
# clusters. t/023_citus.pl with the Citus step, the others with the tap step
# (t/042_pgedge_move.pl once pgEdge's extension is built).
tests=""
for t in "$COPY"/t/*.pl; do
    [ -f "$t" ] || continue
    case " ${IDGEN_TAP_TESTS:-t/${t##*/}} " in
        *" t/${t##*/} "*) ;;
        *) continue ;;
    esac
    case ${t##*/} in
        023_citus.pl) [ "$citus" = yes ] || continue ;;
        042_pgedge_move.pl) want tap && [ "$pgedge" = yes ] || continue ;;
        *) want tap || continue ;;
    esac
    tests="$tests t/${t##*/}"
done
if [ -n "$tests" ]; then
    echo "== TAP tests"
    run "$TMP/tap.log" as_pg make -C "$COPY" installcheck PG_CONFIG="$PG_CONFIG" REGRESS= \
        PROVE_TESTS="${tests# }" PROVE_FLAGS="-v --timer"
    rc=$?
    tap_skipped "$TMP/tap.log" TAP
    # Top-level "ok N"/"not ok N" lines (subtests are indented). A script
    # that failed without a "not ok" (died, bad plan) shows in prove's
    # summary as "Failed: 0" and counts as one failure.
    tally TAP "$rc" "$(tap_passed "$TMP/tap.log")" \
        "$(not_ok "$TMP/tap.log"; sed -n 's|^\(t/[^ ]*\.pl\)  *(Wstat.* Failed: 0)$|\1 died|p' "$TMP/tap.log")"
    # Failed scripts' logs vanish with the temp dir: show their ends.
    for t in $(sed -n 's|^t/\([^ ]*\)\.pl  *(Wstat.*|\1|p' "$TMP/tap.log"); do
        f=$COPY/tmp_check/log/regress_log_$t
        [ -f "$f" ] && { echo "== tail of tmp_check/log/regress_log_$t"; tail -n 40 "$f"; }
    done
elif want tap; then
    echo "== TAP tests: none to run"
fi

# Packaging: the PGXN archive, built and installed (staged) on this
# PostgreSQL; the Debian package, built, installed into the system and
# removed, on Debian's PostgreSQL 15 only, for which it is built. Both need
# a git checkout, whose tracked files they archive.
DEBIAN_15=/usr/lib/postgresql/15/bin/pg_config
not_15="it runs on Debian's PostgreSQL 15 only, not on $("$PG_CONFIG" --version 2>/dev/null) ($PG_CONFIG)"
if ! git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
    if want dist || want deb; then
        skip "packaging (make dist, make deb)" "$ROOT is not a git checkout (they archive its tracked files)"
    fi
else
    if want dist; then
        echo "== PGXN release (make dist)"
        tap_step dist "PGXN release" sh "$ROOT/test/dist_test.sh"
    fi
    if want deb; then
        if [ "$PG_CONFIG" = "$DEBIAN_15" ]; then
            echo "== Debian package (make deb)"
            tap_step deb "Debian package" sh "$ROOT/test/deb_test.sh"
        else
            skip "Debian package (test/deb_test.sh)" "$not_15"
        fi
    fi
fi

# A newcomer's clone in a directory only root can enter, with no ../shared:
# make demo and (some steps of) make test there. On Debian's 15, which a
# newcomer's make test uses; its own make test does not run this step.
if want clone; then
    if [ "$PG_CONFIG" = "$DEBIAN_15" ]; then
        echo "== a newcomer's clone (make demo, make test)"
        tap_step clone "clone (test/clone_test.sh)" sh "$ROOT/test/clone_test.sh"
    else
        skip "clone (test/clone_test.sh)" "$not_15"
    fi
fi

finish
