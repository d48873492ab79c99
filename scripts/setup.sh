#!/bin/sh
# Install what the build and tests need (only what is missing), then build and
# install idgen: into Debian's PostgreSQL 15, or into the PostgreSQL whose
# pg_config make was given (PG_CONFIG=..., passed on as IDGEN_PG_CONFIG).
set -eu
. "$(dirname "$0")/lib.sh"

# perl provides prove and libipc-run-perl the IPC::Run that the TAP tests'
# modules use; postgresql-server-dev-15 brings PGXS; clang and its runtime
# libraries build the fuzz targets; python3-psycopg, nodejs and npm run the
# client tests (clients/); git and pgxnclient the test of the PGXN archive
# (make deb installs what the Debian package's build needs itself); patroni
# and etcd-server t/038_patroni.pl, which runs an etcd of its own on free
# ports (the one that Debian's package may start as a service listens on
# localhost:2379 and 2380). A PostgreSQL given by PG_CONFIG is the caller's:
# only the tools are added.
tools="libipc-run-perl perl make gcc clang libclang-rt-14-dev python3-psycopg git pgxnclient patroni etcd-server"
if [ -n "${IDGEN_PG_CONFIG:-}" ]; then
    packages=$tools
else
    packages="postgresql-15 postgresql-server-dev-15 $tools"
fi
# Node.js from elsewhere (nodesource's package, which brings its own npm) will do.
command -v node >/dev/null 2>&1 || packages="$packages nodejs"
command -v npm >/dev/null 2>&1 || packages="$packages npm"
# shellcheck disable=SC2086 # one word per package
install_packages $packages

pg_config_ok || die "PG_CONFIG=$PG_CONFIG is not the pg_config of a PostgreSQL with PGXS and initdb (server development files missing?)"
echo "using $("$PG_CONFIG" --version) ($PG_CONFIG)"

cd "$ROOT"
make -j"$(nproc)" PG_CONFIG="$PG_CONFIG"
make install PG_CONFIG="$PG_CONFIG"
