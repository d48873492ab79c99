#!/bin/sh
# Build PostgreSQL 18 from source and install it under /var/cache/idgen, so
# the tests can run against it (no reachable package registry has it). Does
# nothing when that version is already there with every contrib module in
# CONTRIB; when only modules are missing (an install made before one was
# added to CONTRIB), builds just those.
# The last line of stdout is the path of its pg_config:
#
#   PG_CONFIG=$(sh scripts/build-pg18.sh | tail -n 1)
#
# The source is the tarball postgresql-VERSION.tar.xz in IDGEN_DEPS (else
# ../shared/deps beside the repository), else the release's archive from
# ftp.postgresql.org, checked either way against scripts/SHA256SUMS (lib.sh's
# get_source); when it can be had from neither (no network), the script says
# what to set and fails.
set -eu
. "$(dirname "$0")/lib.sh"

VERSION=18.3
TARBALL=postgresql-$VERSION.tar.xz
PREFIX=$CACHE/postgresql-$VERSION
STAMP=$PREFIX/.idgen-built
# Contrib modules the tests create (grep sql/ and t/ for CREATE EXTENSION);
# adding one is one word.
CONTRIB="amcheck pageinspect pgstattuple postgres_fdw"

# Already built: the stamp is written last, so its presence means a whole
# install; the version check catches a prefix overwritten by something else.
core_installed() {
    [ -f "$STAMP" ] && [ -x "$PREFIX/bin/pg_config" ] &&
        [ "$("$PREFIX/bin/pg_config" --version 2>/dev/null)" = "PostgreSQL $VERSION" ]
}

# The modules of CONTRIB that the install lacks (no control file)
missing_contrib() {
    share=$("$PREFIX/bin/pg_config" --sharedir)
    for m in $CONTRIB; do
        [ -f "$share/extension/$m.control" ] || printf '%s ' "$m"
    done
}

installed() {
    core_installed && [ -z "$(missing_contrib)" ]
}

if installed; then
    echo "PostgreSQL $VERSION is already built in $PREFIX"
    echo "$PREFIX/bin/pg_config"
    exit 0
fi

[ "$(id -u)" = 0 ] || die "must run as root (installs packages, writes $CACHE)"
mkdir -p "$CACHE"

lock_cache "postgresql-$VERSION"
if installed; then
    echo "PostgreSQL $VERSION is already built in $PREFIX"
    echo "$PREFIX/bin/pg_config"
    exit 0
fi

# Each step's output goes to the log (lib.sh's step).
LOG=$CACHE/postgresql-$VERSION.build.log
: >"$LOG"

# ---- the source, checked before anything is installed or built ----------------
# In a scratch directory, removed on exit (lib.sh's cleanup).
# shellcheck disable=SC2034 # read by lib.sh's get_source and cleanup
TMP=$(mktemp -d "${TMPDIR:-/tmp}/idgen-pg$VERSION.XXXXXX") || die "mktemp failed"
URL=https://ftp.postgresql.org/pub/source/v$VERSION/postgresql-$VERSION.tar.gz
get_source "$TARBALL" "postgresql-$VERSION" "$URL" || exit 1

# ---- build dependencies, only what is missing ----------------------------------
# bison and flex generate the parsers and scanners (release tarballs stopped
# shipping them in PostgreSQL 17); libssl-dev for --with-openssl;
# libipc-run-perl and perl (prove) for --enable-tap-tests.
install_packages bison flex libssl-dev libipc-run-perl gcc make perl pkg-config

# ---- configure, build, install ----------------------------------------------------
# Only contrib modules missing: build them against the install (PGXS).
if core_installed; then
    modules=$(missing_contrib)
    echo "PostgreSQL $VERSION is built in $PREFIX; adding contrib modules: $modules"
    for m in $modules; do
        step "installing contrib/$m" make -C "contrib/$m" \
            USE_PGXS=1 PG_CONFIG="$PREFIX/bin/pg_config" -j"$(nproc)" install
    done
    installed || die "contrib modules still missing after the build: $(missing_contrib)"
    echo "$PREFIX/bin/pg_config"
    exit 0
fi

# A prefix without a stamp is a broken earlier attempt: start it over.
rm -rf "$PREFIX"
echo "building PostgreSQL $VERSION into $PREFIX (log: $LOG)"
step "configuring" ./configure --prefix="$PREFIX" --with-openssl --enable-tap-tests \
    --without-icu --without-readline --without-zlib
step "compiling (a few minutes)" make -j"$(nproc)"
step "installing" make install
for m in $CONTRIB; do
    step "installing contrib/$m" make -C "contrib/$m" -j"$(nproc)" install
done

# PGXS's installcheck runs pg_regress and, for TAP tests, prove with the
# PostgreSQL::Test modules, both from the pgxs directory of the install.
# make install puts them there when configured with --enable-tap-tests; the
# explicit install is a fallback should that ever change.
PGXSDIR=$(dirname "$(dirname "$(dirname "$("$PREFIX/bin/pg_config" --pgxs)")")")
if [ ! -f "$PGXSDIR/src/test/perl/PostgreSQL/Test/Cluster.pm" ]; then
    step "installing the TAP test modules" make -C src/test/perl install
fi
for f in src/test/perl/PostgreSQL/Test/Cluster.pm src/test/perl/PostgreSQL/Test/Utils.pm \
        src/test/regress/pg_regress; do
    [ -f "$PGXSDIR/$f" ] || die "the install lacks $PGXSDIR/$f"
done
[ "$("$PREFIX/bin/pg_config" --version)" = "PostgreSQL $VERSION" ] ||
    die "$PREFIX/bin/pg_config does not report PostgreSQL $VERSION"

date -u '+%Y-%m-%dT%H:%M:%SZ' >"$STAMP"
echo "PostgreSQL $VERSION built and installed in $PREFIX"
echo "$PREFIX/bin/pg_config"
