#!/bin/sh
# Build Citus, the distributed PostgreSQL engine, for the PostgreSQL of
# PG_CONFIG, and install it there, so that t/023_citus.pl can run a
# coordinator with workers. scripts/test.sh runs it before the TAP tests:
#
#   sh scripts/build-citus.sh [PG_CONFIG]
#
# Without an argument it uses the PostgreSQL that make test uses (make's
# PG_CONFIG, else Debian's 15). The build is kept in /var/cache/idgen, one per
# Citus version and PostgreSQL major version: the first run for a major
# version builds (a few minutes), later ones only copy the files into the
# installation (seconds), into any installation of that major version.
# The source is the tarball citus-VERSION.tar.xz in IDGEN_DEPS (else
# ../shared/deps beside the repository), else the release's archive from
# GitHub, checked either way against scripts/SHA256SUMS (lib.sh's
# get_source). When it can be had from neither (no network), the script says
# what to set and exits with status 77, which test.sh counts as a skip; under
# CI that is an error (status 1).
set -eu
[ $# -le 1 ] || { echo "usage: build-citus.sh [PG_CONFIG]" >&2; exit 2; }
# shellcheck disable=SC2034 # read by lib.sh
[ $# -eq 0 ] || IDGEN_PG_CONFIG=$1
. "$(dirname "$0")/lib.sh"

pg_config_ok || die "PG_CONFIG=$PG_CONFIG is not the pg_config of a PostgreSQL with PGXS and initdb"
PG_VERSION=$("$PG_CONFIG" --version)
MAJOR=$(echo "$PG_VERSION" | sed -n 's/^PostgreSQL \([0-9][0-9]*\).*/\1/p')
PKGLIBDIR=$("$PG_CONFIG" --pkglibdir)
SHAREDIR=$("$PG_CONFIG" --sharedir)

CITUS=$(citus_version "$MAJOR") ||
    die "no Citus release here supports $PG_VERSION (13.2.2: 15 to 17, 14.0.1: 16 to 18)"
TARBALL=citus-$CITUS.tar.xz
NAME=citus-$CITUS-pg$MAJOR
# What Citus's make install puts into the PostgreSQL installation: lib/ holds
# what goes into pkglibdir, share/ what goes into sharedir.
BUILT=$CACHE/$NAME
STAMP=$BUILT/.idgen-built

# The stamp is written last: it means a whole build.
built() { [ -f "$STAMP" ]; }

if ! built; then
    [ "$(id -u)" = 0 ] || die "must run as root (installs packages, writes $CACHE)"
    mkdir -p "$CACHE"
    lock_cache "$NAME"
fi

# ---- the build, once per Citus version and PostgreSQL major version -----------
if ! built; then
    # The source first, checked before anything is installed for it or built
    # from it.
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/idgen-citus.XXXXXX") || die "mktemp failed"
    LOG=$CACHE/$NAME.build.log
    : >"$LOG"
    rc=0
    get_source "$TARBALL" "citus-$CITUS" \
        "https://github.com/citusdata/citus/archive/refs/tags/v$CITUS.tar.gz" || rc=$?
    [ $rc -eq 0 ] || exit 77

    # configure's checks: a compiler, and the lz4 and zstd headers and
    # libraries (columnar storage's compression). Not libcurl: it only serves
    # Citus's anonymous statistics collection and update checks, which call
    # Citus's servers from every node; configured without it, Citus never
    # calls out.
    # Citus also includes server headers that include those of the libraries
    # the server was built with: GSSAPI's (Debian's 15), OpenSSL's, ICU's.
    INCLUDEDIR=$("$PG_CONFIG" --includedir-server)
    [ -f "$INCLUDEDIR/postgres.h" ] ||
        die "no server headers in $INCLUDEDIR (Debian: postgresql-server-dev-$MAJOR)"
    packages="gcc make liblz4-dev libzstd-dev"
    for uses in ENABLE_GSS:libkrb5-dev USE_OPENSSL:libssl-dev USE_ICU:libicu-dev; do
        if grep -q "^#define ${uses%%:*} 1" "$INCLUDEDIR/pg_config.h"; then
            packages="$packages ${uses#*:}"
        fi
    done
    # shellcheck disable=SC2086 # one word per package
    install_packages $packages

    rm -rf "$BUILT"
    echo "building Citus $CITUS for $PG_VERSION into $BUILT (log: $LOG)"

    # Citus 13.2.2 does not compile against PostgreSQL 15.20's headers. For
    # servers before 16, its pg_version_compat.h defines a static copy of
    # have_createdb_privilege(), a function those servers kept to themselves;
    # recent 15.x releases export it and declare it extern in
    # commands/dbcommands.h, and a static definition after an extern
    # declaration is an error. Where the header declares it, rename the copy
    # (nothing calls it then), so that Citus's calls reach the server's.
    COMPAT=src/include/pg_version_compat.h
    if grep -q 'have_createdb_privilege(void)' "$INCLUDEDIR/commands/dbcommands.h" &&
            grep -q '^have_createdb_privilege(void)$' "$COMPAT"; then
        echo "renaming $COMPAT's own have_createdb_privilege(), which this server declares"
        sed -i 's/^have_createdb_privilege(void)$/citus_own_have_createdb_privilege(void)/' "$COMPAT"
        ! grep -q '^have_createdb_privilege(void)$' "$COMPAT" || die "could not patch $COMPAT"
    fi

    step "configuring" ./configure PG_CONFIG="$PG_CONFIG" --without-libcurl
    # Where the server's build links libraries with a run path (a PostgreSQL
    # built from source: citus.so needs its libpq), make it relative to the
    # library, not the absolute path of the installation built against: the
    # cached build then serves every installation of the major version.
    RPATH=\$\$ORIGIN/$(realpath -m --relative-to="$PKGLIBDIR" "$("$PG_CONFIG" --libdir)")
    RPATH=${RPATH%/.}
    step "compiling (a few minutes)" make -j"$(nproc)" rpathdir="$RPATH"
    # Into a staging directory, then into the cache as lib/ and share/.
    # install-extension rather than install: no headers (nothing here builds
    # against Citus).
    step "installing into a staging directory" make install-extension rpathdir="$RPATH" DESTDIR="$TMP/stage"
    rm -rf "$BUILT.new"
    mkdir "$BUILT.new"
    mv "$TMP/stage$PKGLIBDIR" "$BUILT.new/lib"
    mv "$TMP/stage$SHAREDIR" "$BUILT.new/share"
    stray=$(find "$TMP/stage" -type f)
    [ -z "$stray" ] || die "make install put files outside pkglibdir and sharedir: $stray"
    for f in lib/citus.so share/extension/citus.control; do
        [ -f "$BUILT.new/$f" ] || die "the build lacks $f"
    done
    cd /
    printf 'Citus %s built for %s (%s) on %s\n' "$CITUS" "$PG_VERSION" "$PG_CONFIG" \
        "$(date -u '+%Y-%m-%dT%H:%M:%SZ')" >"$BUILT.new/.idgen-built"
    mv "$BUILT.new" "$BUILT"
    echo "Citus $CITUS built for PostgreSQL $MAJOR in $BUILT"
fi

# ---- install into the PostgreSQL of PG_CONFIG -------------------------------------
[ -w "$PKGLIBDIR" ] && [ -w "$SHAREDIR/extension" ] ||
    die "cannot write into $PKGLIBDIR and $SHAREDIR/extension (run as root)"

# As Citus's make install does, remove the scripts of other versions first.
for f in "$SHAREDIR"/extension/citus.control "$SHAREDIR"/extension/citus--* \
        "$SHAREDIR"/extension/citus_columnar.control "$SHAREDIR"/extension/citus_columnar--* \
        "$SHAREDIR"/extension/columnar--*; do
    if [ -e "$f" ] && [ ! -e "$BUILT/share/extension/${f##*/}" ]; then
        rm -f "$f"
    fi
done

# copy_tree FROM TO: the files of FROM that TO lacks or has otherwise, each
# written beside its place (under a name of this run's own, should two runs
# meet) and renamed into it, so that a server which has the old citus.so
# loaded keeps it intact. Prints how many it copied.
copy_tree() {
    (cd "$1" && find . -type f) | {
        n=0
        while read -r f; do
            cmp -s "$1/$f" "$2/$f" && continue
            mkdir -p "$(dirname "$2/$f")"
            cp "$1/$f" "$2/$f.idgen-new$$" && mv -f "$2/$f.idgen-new$$" "$2/$f" || exit 1
            n=$((n + 1))
        done
        echo "$n"
    }
}
n_lib=$(copy_tree "$BUILT/lib" "$PKGLIBDIR") || die "could not copy Citus into $PKGLIBDIR"
n_share=$(copy_tree "$BUILT/share" "$SHAREDIR") || die "could not copy Citus into $SHAREDIR"
if [ $((n_lib + n_share)) -eq 0 ]; then
    echo "Citus $CITUS is already installed in $PG_VERSION ($PKGLIBDIR)"
else
    echo "Citus $CITUS installed in $PG_VERSION ($PKGLIBDIR), files copied: $((n_lib + n_share))"
fi
