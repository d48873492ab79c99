#!/bin/sh
# make deb: the Debian packages, postgresql-NN-idgen for each PostgreSQL
# version that debian/pgversions takes and postgresql-common supports, built
# by dpkg-buildpackage -us -uc (which runs the regression tests against each)
# in build/deb/ (or in the directory given). The upstream source is
# release_archive's (lib.sh), as make dist makes it; debian/ comes from the
# same tree. Installs missing build dependencies with apt-get. The build runs
# in a scratch directory, whatever the tree's: its tests run servers as
# postgres, which must read the build (and may not enter a tree in root's
# home); the results are then copied into the output directory.
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:-$ROOT/build/deb}
git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1 || die "$ROOT is not a git checkout"
versions_agree || die "the versions differ (CONTRIBUTING.md, \"Releasing\")"
version=$(changelog_version)
upstream=${version%-*}
# Run as root, as make test is: apt-get installs what the build lacks.
[ "$(id -u)" = 0 ] || die "must run as root"
install_packages build-essential dpkg-dev git python3

# The tree, unpacked into the scratch directory (mode 755, as make_tmp makes
# it): the release archive, and debian/.
tree=$(source_tree) || die "git could not write the working tree's tree"
make_tmp
build=$TMP/build
src=$build/idgen-$upstream
mkdir "$build"
release_archive "$tree" tar.gz "$build/idgen_$upstream.orig.tar.gz"
tar -C "$build" -xzf "$build/idgen_$upstream.orig.tar.gz"
git -C "$ROOT" archive "$tree" debian | tar -C "$src" -xf -
chmod -R a+rX "$build"

if ! (cd "$src" && dpkg-checkbuilddeps >/dev/null 2>&1); then
    step "updating the package lists" apt-get -o DPkg::Lock::Timeout=600 update -q
    step "installing the build dependencies" \
        env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 build-dep -y -q "$src"
fi

# PG_UPDATECONTROL: debian/control is made anew for the PostgreSQL versions
# this machine supports (pg_buildext checkcontrol).
(cd "$src" && PG_UPDATECONTROL=yes dpkg-buildpackage -us -uc)

# The results, without what an earlier build left.
mkdir -p "$out"
rm -f "$out/idgen_$upstream".* "$out/idgen_$version"[._]* "$out"/postgresql-*-idgen*_"$version"_*.deb
rm -rf "$out/idgen-$upstream"
find "$build" -maxdepth 1 -type f -exec cp -t "$out" {} +
ls "$out"/*_"$version"_*.deb
