#!/bin/sh
# Build PostgreSQL 18 from the source tarball in the deps directory and install
# it under /var/cache/idgen, so the tests can run against it (no reachable
# package registry has it). Does nothing when that version is already there
# with every contrib module in CONTRIB; when only modules are missing (an
# install made before one was added to CONTRIB), builds just those.
# The last line of stdout is the path of its pg_config:
#
#   PG_CONFIG=$(sh scripts/build-pg18.sh | tail -n 1)
#
# IDGEN_DEPS=dir reads the tarball and SHA256SUMS from dir instead of
# ../shared/deps beside the repository.
set -eu

VERSION=18.3
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEPS=${IDGEN_DEPS:-$ROOT/../shared/deps}
TARBALL=postgresql-$VERSION.tar.xz
CACHE=/var/cache/idgen
PREFIX=$CACHE/postgresql-$VERSION
STAMP=$PREFIX/.idgen-built
LOG=$CACHE/postgresql-$VERSION.build.log
# Contrib modules the tests create (grep sql/ and t/ for CREATE EXTENSION);
# adding one is one word.
CONTRIB="pageinspect pgstattuple postgres_fdw"

die() { echo "$(basename "$0"): $*" >&2; exit 1; }

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

# Two callers at once (two checkouts, a CI job and a developer) would build
# into the same prefix: the second waits, then finds the first one's install.
if command -v flock >/dev/null 2>&1; then
    exec 9>"$CACHE/.postgresql-$VERSION.lock"
    flock 9
    if installed; then
        echo "PostgreSQL $VERSION is already built in $PREFIX"
        echo "$PREFIX/bin/pg_config"
        exit 0
    fi
fi

# ---- the source, checked before anything is installed or built ----------------
[ -f "$DEPS/$TARBALL" ] || die "missing $DEPS/$TARBALL (set IDGEN_DEPS=dir to read it elsewhere)"
[ -f "$DEPS/SHA256SUMS" ] || die "missing $DEPS/SHA256SUMS"
grep -q "[[:space:]]\*\{0,1\}$TARBALL\$" "$DEPS/SHA256SUMS" ||
    die "$DEPS/SHA256SUMS has no line for $TARBALL"
(cd "$DEPS" && grep "[[:space:]]\*\{0,1\}$TARBALL\$" SHA256SUMS | sha256sum -c -) >/dev/null 2>&1 ||
    die "$DEPS/$TARBALL does not match its checksum in $DEPS/SHA256SUMS"
echo "checksum of $TARBALL: OK"

# step TEXT CMD...: run CMD with its output in the log; on failure show the
# log's end and stop.
: >"$LOG"
step() {
    echo "$1"; shift
    echo "== $*" >>"$LOG"
    "$@" >>"$LOG" 2>&1 </dev/null || {
        echo "---- last lines of $LOG:" >&2
        tail -n 40 "$LOG" >&2
        die "failed: $*"
    }
}

# ---- build dependencies, only what is missing ----------------------------------
# bison and flex generate the parsers and scanners (release tarballs stopped
# shipping them in PostgreSQL 17); libssl-dev for --with-openssl;
# libipc-run-perl and perl (prove) for --enable-tap-tests; xz-utils unpacks the
# tarball.
missing=""
for p in bison flex libssl-dev libipc-run-perl gcc make perl pkg-config xz-utils; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    export DEBIAN_FRONTEND=noninteractive
    step "updating the package lists" apt-get update -q
    # shellcheck disable=SC2086 # one word per package
    step "installing:$missing" apt-get install -y -q $missing
fi

BUILD=$(mktemp -d "${TMPDIR:-/tmp}/idgen-pg$VERSION.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$BUILD"' EXIT
trap 'exit 130' INT TERM HUP

# ---- only contrib modules missing: build them against the install (PGXS) -------
if core_installed; then
    modules=$(missing_contrib)
    echo "PostgreSQL $VERSION is built in $PREFIX; adding contrib modules: $modules"
    for m in $modules; do
        step "unpacking contrib/$m" tar -C "$BUILD" -xJf "$DEPS/$TARBALL" \
            "postgresql-$VERSION/contrib/$m"
        step "installing contrib/$m" make -C "$BUILD/postgresql-$VERSION/contrib/$m" \
            USE_PGXS=1 PG_CONFIG="$PREFIX/bin/pg_config" -j"$(nproc)" install
    done
    installed || die "contrib modules still missing after the build: $(missing_contrib)"
    echo "$PREFIX/bin/pg_config"
    exit 0
fi

# ---- unpack, configure, build, install ------------------------------------------
# A prefix without a stamp is a broken earlier attempt: start it over.
rm -rf "$PREFIX"
echo "building PostgreSQL $VERSION into $PREFIX (log: $LOG)"
step "unpacking" tar -C "$BUILD" -xJf "$DEPS/$TARBALL"
SRC=$BUILD/postgresql-$VERSION
[ -d "$SRC" ] || die "$TARBALL did not unpack to postgresql-$VERSION/"
cd "$SRC"
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
