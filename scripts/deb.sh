#!/bin/sh
# make deb: the Debian packages, postgresql-NN-idgen for each PostgreSQL
# version that debian/pgversions takes and postgresql-common supports, built
# by dpkg-buildpackage -us -uc (which runs the regression tests against each)
# in build/deb/ (or in the directory given). The upstream source is
# release_archive's (lib.sh), as make dist makes it; debian/ comes from the
# same tree. Installs missing build dependencies with apt-get.
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:-$ROOT/build/deb}
git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1 || die "$ROOT is not a git checkout"
versions_agree || die "the versions differ (CONTRIBUTING.md, \"Releasing\")"
version=$(changelog_version)
upstream=${version%-*}
src=$out/idgen-$upstream

# Run as root, as make test is: apt-get installs what the build lacks.
[ "$(id -u)" = 0 ] || die "must run as root"
install_packages build-essential dpkg-dev git python3

# The tree, with what an earlier build left removed first.
tree=$(source_tree) || die "git could not write the working tree's tree"
mkdir -p "$out"
rm -rf "$src"
rm -f "$out/idgen_$upstream".* "$out/idgen_$version"[._]* "$out"/postgresql-*-idgen*_"$version"_*.deb
release_archive "$tree" tar.gz "$out/idgen_$upstream.orig.tar.gz"
tar -C "$out" -xzf "$out/idgen_$upstream.orig.tar.gz"
git -C "$ROOT" archive "$tree" debian | tar -C "$src" -xf -

if ! (cd "$src" && dpkg-checkbuilddeps >/dev/null 2>&1); then
    step "updating the package lists" apt-get -o DPkg::Lock::Timeout=600 update -q
    step "installing the build dependencies" \
        env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 build-dep -y -q "$src"
fi

# PG_UPDATECONTROL: debian/control is made anew for the PostgreSQL versions
# this machine supports (pg_buildext checkcontrol).
(cd "$src" && PG_UPDATECONTROL=yes dpkg-buildpackage -us -uc)
ls "$out"/*_"$version"_*.deb
