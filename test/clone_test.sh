#!/bin/sh
# A newcomer's first steps (README, "Trying it"): as root, in a clone of the
# repository in a directory only root can enter (mode 700, as root's home
# is) with no ../shared beside it, make demo, then make test. postgres runs
# the servers and clients there, and must never need to enter the clone.
# The clone holds the tree's tracked files as they are in the working tree,
# committed or not. IDGEN_DEPS points at a copy of the deps directory's
# tarballs, standing in for their download.
#
# What it covers:
#  - make demo, whole;
#  - make deb on its own, into the clone's build/deb/ (its build runs the
#    regression tests against the package as postgres);
#  - make test's steps that depend on the directory and on the sources
#    (IDGEN_TEST_STEPS="citus dist deb"): Citus from the copy of the deps
#    (built from it when /var/cache/idgen has no build yet, else copied from
#    there) and t/023_citus.pl, make dist and pgxn install, make deb, apt
#    install and the package's checks (test/deb_test.sh). The other steps
#    depend on neither and run in the outer make test; the clone's make test
#    leaves this step out, so it does not run again in there;
#  - a clone without sources or network (an empty deps directory, an empty
#    build cache, a proxy that refuses every connection): make test skips
#    Citus with a line saying what to set, counts the skip apart and exits
#    0; under CI=true the same is a failure;
#  - the download path of lib.sh's get_source: an archive of the same files
#    as the tarball, packed otherwise (as the official archives are), is
#    taken; one with a file changed is refused; so is a tarball in the deps
#    directory that does not match its checksum.
#
# On Debian's PostgreSQL 15 (make test's own), as root. TAP output; a plan
# "1..0 # SKIP" when no tarball can stand in for the download.
set -u
. "$(dirname "$0")/../scripts/lib.sh"

[ "$(id -u)" = 0 ] || die "must run as root, as the README's newcomer does"
[ "$PG_CONFIG" = /usr/lib/postgresql/15/bin/pg_config ] ||
    die "runs on Debian's PostgreSQL 15 (a newcomer's make test), not on IDGEN_PG_CONFIG=$PG_CONFIG"
citus=citus-$(citus_version 15)
if [ ! -f "$DEPS/$citus.tar.xz" ]; then
    echo "1..0 # SKIP no $citus.tar.xz in $DEPS to stand in for its download: set IDGEN_DEPS=dir, a directory that holds it"
    exit 0
fi
make_tmp

# The clone: home (mode 700, root's), home/idgen, no home/shared.
home=$TMP/home clone=$TMP/home/idgen deps=$TMP/deps
mkdir -m 700 "$home" && chown root:root "$home"
git clone -q "$ROOT" "$clone" 2>"$TMP/clone.log" &&
    tree=$(source_tree) &&
    git -C "$ROOT" archive "$tree" | tar -C "$clone" -xf -
tap $? "a clone of the repository, with the working tree's changes"
is "$(stat -c '%a %U' "$home"; runuser -u postgres -- test -x "$clone" || echo "postgres cannot enter it"
    [ -e "$home/shared" ] || echo "no ../shared")" "700 root
postgres cannot enter it
no ../shared" "it is in a directory of mode 700, with no ../shared beside it"
mkdir "$deps"
cp "$DEPS"/*.tar.xz "$deps/"

# newcomer CMD...: CMD in the clone, as a newcomer runs it: none of the
# caller's make or idgen settings, HOME the mode-700 directory, the deps copy.
newcomer() {
    (cd "$clone" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u PG_CONFIG -u IDGEN_PG_CONFIG \
        -u IDGEN_CACHE -u IDGEN_TEST_STEPS -u IDGEN_TAP_TESTS HOME="$home" IDGEN_DEPS="$deps" "$@") </dev/null
}
# denied LOG: the lines of LOG where a program could not enter a directory.
denied() { grep -E 'Permission denied|could not change directory' "$1"; }

# make demo, whole: it ends with the tour's last statement and its result.
newcomer make demo >"$TMP/demo.log" 2>&1
rc=$?
tap $rc "make demo"
[ $rc -eq 0 ] || diag -n 30 "$TMP/demo.log"
last=$(grep -v '^[[:space:]]*$' "$ROOT/examples/demo.sql" | tail -n 1)
is "$(grep -cxF "$last" "$TMP/demo.log")" 1 "it ran the tour to its last statement ($last)"
is "$(denied "$TMP/demo.log")" "" "no program of make demo was denied a directory"

# make deb on its own, into the clone's build/deb/.
arch=$(dpkg --print-architecture) version=$(changelog_version)
newcomer make deb >"$TMP/deb.log" 2>&1
rc=$?
tap $rc "make deb"
[ $rc -eq 0 ] || diag -n 40 "$TMP/deb.log"
deb=postgresql-15-idgen_${version}_$arch.deb
is "$([ -f "$clone/build/deb/$deb" ] && echo "$deb")" "$deb" "it made build/deb/$deb"
is "$(denied "$TMP/deb.log")" "" "no program of make deb was denied a directory"

# make test, the steps that depend on the directory and the sources.
newcomer env IDGEN_TEST_STEPS="citus dist deb" make test >"$TMP/test.log" 2>&1
rc=$?
tap $rc "make test (IDGEN_TEST_STEPS=\"citus dist deb\")"
[ $rc -eq 0 ] || diag -n 60 "$TMP/test.log"
is "$(sed -n 's/^== \([^:]*\): [0-9]* passed, \([0-9]*\) failed$/\1: \2 failed/p' "$TMP/test.log")" \
    "Citus build: 0 failed
TAP: 0 failed
PGXN release: 0 failed
Debian package: 0 failed" "its steps: the Citus build, the TAP test, the PGXN release, the Debian package; none failed"
is "$(sed -n 's|^\(\[[0-9:]*\] \)\{0,1\}\(t/[^ ]*\.pl\) \.\..*|\2|p' "$TMP/test.log")" "t/023_citus.pl" \
    "its TAP step ran t/023_citus.pl"
is "$(tail -n 1 "$TMP/test.log" | sed 's/^[1-9][0-9]* passed, 0 failed$/N passed, 0 failed/')" "N passed, 0 failed" \
    "it ends with \"N passed, 0 failed\" (N > 0), nothing skipped: $(tail -n 1 "$TMP/test.log")"
is "$(denied "$TMP/test.log")" "" "no program of make test was denied a directory"

# No sources and no network: an empty deps directory, an empty build cache
# (so that Citus must be built), and every download through a proxy that
# refuses connections. Only the Citus step.
mkdir "$TMP/nodeps" "$TMP/nocache"
url=https://github.com/citusdata/citus/archive/refs/tags/v$(citus_version 15).tar.gz
offline() {
    newcomer env -u no_proxy -u NO_PROXY https_proxy=http://127.0.0.1:9 http_proxy=http://127.0.0.1:9 \
        IDGEN_DEPS="$TMP/nodeps" IDGEN_CACHE="$TMP/nocache" IDGEN_TEST_STEPS=citus "$@"
}
offline env -u CI make test >"$TMP/offline.log" 2>&1
rc=$?
is "$rc" 0 "without sources or network, make test exits 0"
is "$(tail -n 3 "$TMP/offline.log")" "only these steps ran (IDGEN_TEST_STEPS): citus
skipped: Citus (t/023_citus.pl): no $citus.tar.xz in $TMP/nodeps, and it could not be downloaded from $url: set IDGEN_DEPS=dir, a directory that holds $citus.tar.xz
0 passed, 0 failed, 1 skipped" "it skips Citus, says what to set, and counts the skip apart"
offline env CI=true make test >"$TMP/offline-ci.log" 2>&1
rc=$?
is "$([ "$rc" -ne 0 ] && echo failed)" failed "under CI=true, make test fails"
is "$(grep -E '^[0-9]+ passed' "$TMP/offline-ci.log")" "0 passed, 1 failed" \
    "it counts the missing source as a failure, no skip"
is "$(grep -c "under CI=true a missing source is an error" "$TMP/offline-ci.log")" 1 "and says why"
# pgEdge's extension, for t/042_pgedge_move.pl, likewise: one skip line
pgedge=snowflake-2.6.0
offline env -u CI IDGEN_TEST_STEPS=tap IDGEN_TAP_TESTS=t/042_pgedge_move.pl make test >"$TMP/offline-pgedge.log" 2>&1
rc=$?
is "$rc" 0 "without pgEdge's source, make test of t/042 exits 0"
is "$(tail -n 3 "$TMP/offline-pgedge.log")" "only these steps ran (IDGEN_TEST_STEPS): tap
skipped: pgEdge (t/042_pgedge_move.pl): no $pgedge.tar.xz in $TMP/nodeps, and it could not be downloaded from https://github.com/pgEdge/snowflake/archive/refs/tags/v2.6.0.tar.gz: set IDGEN_DEPS=dir, a directory that holds $pgedge.tar.xz
0 passed, 0 failed, 1 skipped" "it skips t/042, says what to set, and counts the skip apart"

# get_source's download path, with archives served from files: one of the
# tarball's files packed otherwise (another order, owner and time, gzip) is
# taken; with one file changed it is refused; a tarball in the deps
# directory that does not match its checksum is refused.
mkdir "$TMP/archive" "$TMP/unpacked"
tar -C "$TMP/unpacked" -xJf "$DEPS/$citus.tar.xz"
tar -C "$TMP/unpacked" --sort=name --owner=nobody --group=nogroup --mtime=@0 -czf "$TMP/archive/same.tar.gz" "$citus"
echo '# changed' >>"$TMP/unpacked/$citus/configure"
tar -C "$TMP/unpacked" -czf "$TMP/archive/changed.tar.gz" "$citus"
rm -rf "$TMP/unpacked"
mkdir "$TMP/baddeps"
cp "$DEPS/$citus.tar.xz" "$TMP/baddeps/"
printf 'x' >>"$TMP/baddeps/$citus.tar.xz"
# fetch DEPS URL: get_source of Citus's tarball from DEPS, else URL, in a
# scratch directory of its own; its last line of output, and its status.
fetch() {
    (
        DEPS=$1 TMP=$(mktemp -d "$TMP/get_source.XXXXXX") || exit 1
        get_source "$citus.tar.xz" "$citus" "$2" && [ -x configure ]
    ) >"$TMP/fetch.log" 2>&1
    f_rc=$?
    tail -n 1 "$TMP/fetch.log"
    echo "exit $f_rc"
}
is "$(fetch "$TMP/nodeps" "file://$TMP/archive/same.tar.gz")" \
    "files of file://$TMP/archive/same.tar.gz are those of $citus.tar.xz: OK
exit 0" "get_source takes a download of the same files, packed otherwise"
is "$(fetch "$TMP/nodeps" "file://$TMP/archive/changed.tar.gz")" \
    "$(basename "$0"): the files of file://$TMP/archive/changed.tar.gz are not those of $citus.tar.xz
exit 1" "get_source refuses a download with a file changed"
is "$(fetch "$TMP/baddeps" "file://$TMP/archive/same.tar.gz")" \
    "$(basename "$0"): refusing $TMP/baddeps/$citus.tar.xz
exit 1" "get_source refuses a tarball in the deps directory that does not match its checksum"

# The clone's make installed its build: the tree's goes back.
make -s -C "$ROOT" install PG_CONFIG="$PG_CONFIG" >"$TMP/restore.log" 2>&1
rc=$?
tap $rc "make install of the tree puts its files back"
[ $rc -eq 0 ] || diag "$TMP/restore.log"

tap_end
