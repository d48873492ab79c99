#!/bin/sh
# Whole test suite: pg_regress on a plain cluster, pg_regress again with idgen
# preloaded, then the TAP tests. Keeps going after failures and ends with
# "N passed, M failed"; exits non-zero if anything failed or broke.
set -u
. "$(dirname "$0")/lib.sh"

PASS=0 FAIL=0
finish() { echo "$PASS passed, $FAIL failed"; [ "$FAIL" -eq 0 ]; exit; }

# run LOG CMD...: show CMD's output and keep it in LOG; returns CMD's status.
run() {
    log=$1; shift
    { "$@"; echo $? >"$log.rc"; } 2>&1 | tee "$log"
    return "$(cat "$log.rc")"
}

# tally NAME RC PASSED FAILED: add a step's counts to the totals; a non-zero RC
# with no failing test seen (crash, bad plan, no server...) still counts as one.
tally() {
    f=$4
    [ "$2" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    PASS=$((PASS + $3)) FAIL=$((FAIL + f))
    echo "== $1: $3 passed, $f failed"
}

# tap_step LOG NAME CMD...: run CMD, whose output is TAP, keeping it in
# TMP/LOG.log, and add its "ok N" and "not ok N" lines to the totals as NAME.
tap_step() {
    ts_log=$TMP/$1.log ts_name=$2
    shift 2
    run "$ts_log" "$@"
    tally "$ts_name" $? "$(grep -Ec '^ok [0-9]' "$ts_log")" "$(grep -Ec '^not ok [0-9]' "$ts_log")"
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
echo "== unit tests"
tap_step unit unit as_pg make -C "$COPY" unit

# libFuzzer targets under AddressSanitizer and UndefinedBehaviorSanitizer,
# seeded from the vectors: 10 s of each (make fuzz gives each 60 s)
echo "== fuzz smoke"
tap_step fuzz fuzz as_pg sh -c "make -s -C '$COPY' fuzz-targets && sh '$COPY/scripts/fuzz.sh' 10 '$TMP/fuzz'"

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
    # One line per test file: up to PG15 "name ... ok" or "name ... FAILED"
    # ("failed (ignored)" too); from PG16 on, TAP style "ok 1 - name 12 ms" or
    # "not ok 3 - name". A line has one form or the other, never both.
    tally "pg_regress ($1)" "$rc" \
        $(($(grep -c '\.\.\. ok' "$TMP/$1.log") + $(grep -Ec '^ok [0-9]' "$TMP/$1.log"))) \
        $(($(grep -Ec '\.\.\. (FAILED|failed)' "$TMP/$1.log") + $(grep -Ec '^not ok [0-9]' "$TMP/$1.log")))
    [ -s "$COPY/regression.diffs" ] && [ "$rc" -ne 0 ] && cat "$COPY/regression.diffs"
    rm -f "$COPY/regression.diffs"
}
regress plain ''
regress preload idgen

# Real clients, each with its own TAP script in clients/: psycopg 3 (Debian's
# package, so Debian's python3, whatever python3 comes first on PATH) and
# node-postgres, installed into the copy as package-lock.json pins it.
echo "== clients"
if run "$TMP/npm.log" npm ci --prefix "$COPY/clients/node" --cache /var/cache/idgen/npm \
        --prefer-offline --no-audit --no-fund &&
        chown -R postgres:postgres "$COPY/clients/node" &&
        cluster_start "$TMP/clients" '' &&
        as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION idgen'; then
    tap_step client-psycopg "clients (psycopg)" as_pg /usr/bin/python3 "$COPY/clients/python/test_clients.py"
    tap_step client-node "clients (node-postgres)" as_pg node "$COPY/clients/node/test_clients.js"
else
    tally clients 1 0 1
fi
cluster_stop "$TMP/clients"
unset PGHOST PGPORT

# Citus for t/023_citus.pl, installed into the PostgreSQL under test: built once
# per machine and major version (kept in /var/cache/idgen), then copied in. A
# failed build counts as a failure here, and the test then fails too.
echo "== Citus"
run "$TMP/citus.log" sh "$ROOT/scripts/build-citus.sh" "$PG_CONFIG"
tally "Citus build" $? 0 0

# TAP: PGXS's prove_installcheck (REGRESS emptied); the tests make their own clusters.
if ls "$COPY"/t/*.pl >/dev/null 2>&1; then
    echo "== TAP tests"
    run "$TMP/tap.log" as_pg make -C "$COPY" installcheck PG_CONFIG="$PG_CONFIG" REGRESS= PROVE_FLAGS=-v
    rc=$?
    # Top-level "ok N"/"not ok N" lines (subtests are indented); TODO is no
    # failure. A script that failed without a "not ok" (died, bad plan) shows in
    # prove's summary as "Failed: 0" and counts as one failure.
    all=$(grep -Ec '^(not )?ok [0-9]' "$TMP/tap.log")
    bad=$(grep -E '^not ok [0-9]' "$TMP/tap.log" | grep -vc '# TODO')
    died=$(grep -Ec '^t/.*\(Wstat: .* Failed: 0\)$' "$TMP/tap.log")
    tally TAP "$rc" $((all - bad)) $((bad + died))
    # Failed scripts' logs vanish with the temp dir: show their ends.
    for t in $(sed -n 's|^t/\([^ ]*\)\.pl  *(Wstat.*|\1|p' "$TMP/tap.log"); do
        f=$COPY/tmp_check/log/regress_log_$t
        [ -f "$f" ] && { echo "== tail of tmp_check/log/regress_log_$t"; tail -n 40 "$f"; }
    done
else
    echo "== TAP tests skipped: no t/*.pl"
fi

# Packaging: the PGXN archive, built and installed (staged) on this
# PostgreSQL; the Debian package, built, installed into the system and
# removed, on Debian's PostgreSQL 15 only, for which it is built. Both need
# a git checkout, whose tracked files they archive.
if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
    echo "== PGXN release (make dist)"
    tap_step dist "PGXN release" sh "$ROOT/test/dist_test.sh"
    if [ "$PG_CONFIG" = /usr/lib/postgresql/15/bin/pg_config ]; then
        echo "== Debian package (make deb)"
        tap_step deb "Debian package" sh "$ROOT/test/deb_test.sh"
    else
        echo "== Debian package skipped: it is built for Debian's PostgreSQL 15, not for $("$PG_CONFIG" --version 2>/dev/null) ($PG_CONFIG)"
    fi
else
    echo "== packaging skipped: $ROOT is not a git checkout (make dist and make deb archive its tracked files)"
fi

finish
