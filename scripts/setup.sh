#!/bin/sh
# Install what the build and tests need (only what is missing), then build and
# install idgen into PostgreSQL 15.
set -eu
. "$(dirname "$0")/lib.sh"

# perl provides prove; postgresql-server-dev-15 brings PGXS, clang and llvm.
missing=""
for p in postgresql-15 postgresql-server-dev-15 libipc-run-perl perl make gcc; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    [ "$(id -u)" = 0 ] || die "not root; cannot install missing packages:$missing"
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    # shellcheck disable=SC2086 # one word per package
    apt-get install -y -q $missing </dev/null
fi

cd "$ROOT"
make -j"$(nproc)" PG_CONFIG="$PG_CONFIG"
make install PG_CONFIG="$PG_CONFIG"
