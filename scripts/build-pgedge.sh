#!/bin/sh
# Build pgEdge's snowflake extension (its snowflake.nextval()) for the
# PostgreSQL of PG_CONFIG, and install it there, so that
# t/042_pgedge_move.pl can move a column from it to gen_snowflake().
# scripts/test.sh runs it before the TAP tests:
#
#   sh scripts/build-pgedge.sh [PG_CONFIG]
#
# Without an argument it uses the PostgreSQL that make test uses (make's
# PG_CONFIG, else Debian's 15). The build (PGXS, a few seconds) is kept in
# /var/cache/idgen, one per PostgreSQL major version, and copied into any
# installation of that major version. The source is the tarball
# snowflake-VERSION.tar.xz in IDGEN_DEPS (else ../shared/deps beside the
# repository), else the release's archive from GitHub, checked either way
# against scripts/SHA256SUMS (lib.sh's get_source). When it can be had from
# neither (no network), the script says what to set and exits with status
# 77, which test.sh counts as a skip; under CI that is an error (status 1).
set -eu
[ $# -le 1 ] || { echo "usage: build-pgedge.sh [PG_CONFIG]" >&2; exit 2; }
# shellcheck disable=SC2034 # read by lib.sh
[ $# -eq 0 ] || IDGEN_PG_CONFIG=$1
. "$(dirname "$0")/lib.sh"

pg_config_ok || die "PG_CONFIG=$PG_CONFIG is not the pg_config of a PostgreSQL with PGXS and initdb"
PG_VERSION=$("$PG_CONFIG" --version)
MAJOR=$(echo "$PG_VERSION" | sed -n 's/^PostgreSQL \([0-9][0-9]*\).*/\1/p')
PKGLIBDIR=$("$PG_CONFIG" --pkglibdir)
SHAREDIR=$("$PG_CONFIG" --sharedir)

PGEDGE=2.6.0
TARBALL=snowflake-$PGEDGE.tar.xz
NAME=pgedge-snowflake-$PGEDGE-pg$MAJOR
# What its make install puts into the installation: lib/ what goes into
# pkglibdir, share/ what goes into sharedir.
BUILT=$CACHE/$NAME
STAMP=$BUILT/.idgen-built

# The stamp is written last: it means a whole build.
built() { [ -f "$STAMP" ]; }

if ! built; then
    [ "$(id -u)" = 0 ] || die "must run as root (installs packages, writes $CACHE)"
    mkdir -p "$CACHE"
    lock_cache "$NAME"
fi

if ! built; then
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/idgen-pgedge.XXXXXX") || die "mktemp failed"
    trap 'rm -rf "$TMP"' EXIT
    LOG=$CACHE/$NAME.build.log
    : >"$LOG"
    rc=0
    get_source "$TARBALL" "snowflake-$PGEDGE" \
        "https://github.com/pgEdge/snowflake/archive/refs/tags/v$PGEDGE.tar.gz" || rc=$?
    [ $rc -eq 0 ] || exit 77
    INCLUDEDIR=$("$PG_CONFIG" --includedir-server)
    [ -f "$INCLUDEDIR/postgres.h" ] ||
        die "no server headers in $INCLUDEDIR (Debian: postgresql-server-dev-$MAJOR)"
    install_packages gcc make
    echo "building pgEdge's snowflake $PGEDGE for $PG_VERSION into $BUILT (log: $LOG)"
    step "compiling" make USE_PGXS=1 PG_CONFIG="$PG_CONFIG"
    step "installing into a staging directory" make USE_PGXS=1 PG_CONFIG="$PG_CONFIG" \
        install DESTDIR="$TMP/stage"
    rm -rf "$BUILT" "$BUILT.new"
    mkdir "$BUILT.new"
    mv "$TMP/stage$PKGLIBDIR" "$BUILT.new/lib"
    mv "$TMP/stage$SHAREDIR" "$BUILT.new/share"
    # bitcode for JIT, if the server has it, comes along in lib/; nothing else
    stray=$(find "$TMP/stage" -type f)
    [ -z "$stray" ] || die "make install put files outside pkglibdir and sharedir: $stray"
    for f in lib/snowflake.so share/extension/snowflake.control; do
        [ -f "$BUILT.new/$f" ] || die "the build lacks $f"
    done
    cd /
    printf "pgEdge's snowflake %s built for %s (%s) on %s\n" "$PGEDGE" "$PG_VERSION" "$PG_CONFIG" \
        "$(date -u '+%Y-%m-%dT%H:%M:%SZ')" >"$BUILT.new/.idgen-built"
    mv "$BUILT.new" "$BUILT"
    echo "pgEdge's snowflake $PGEDGE built for PostgreSQL $MAJOR in $BUILT"
fi

# ---- install into the PostgreSQL of PG_CONFIG -------------------------------------
[ -w "$PKGLIBDIR" ] && [ -w "$SHAREDIR/extension" ] ||
    die "cannot write into $PKGLIBDIR and $SHAREDIR/extension (run as root)"
n=0
for f in $(cd "$BUILT" && find lib share -type f); do
    case $f in
        lib/*) to=$PKGLIBDIR/${f#lib/} ;;
        *) to=$SHAREDIR/${f#share/} ;;
    esac
    cmp -s "$BUILT/$f" "$to" && continue
    mkdir -p "$(dirname "$to")"
    # beside its place, then renamed: a server with the old one loaded keeps it
    cp "$BUILT/$f" "$to.idgen-new$$" && mv -f "$to.idgen-new$$" "$to" ||
        die "could not copy $f into $to"
    n=$((n + 1))
done
if [ "$n" -eq 0 ]; then
    echo "pgEdge's snowflake $PGEDGE is already installed in $PG_VERSION ($PKGLIBDIR)"
else
    echo "pgEdge's snowflake $PGEDGE installed in $PG_VERSION ($PKGLIBDIR), files copied: $n"
fi
