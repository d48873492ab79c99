#!/bin/sh
# make dist: the release archive for PGXN, build/dist/idgen-VERSION.zip (or
# in the directory given), VERSION being META.json's. It holds the files git
# tracks as they are in the working tree (see source_tree and
# release_archive in lib.sh); META.json must pass check-meta.py and agree
# with idgen.control and debian/changelog on the version.
set -eu
. "$(dirname "$0")/lib.sh"

out=${1:-$ROOT/build/dist}
command -v python3 >/dev/null 2>&1 || die "needs python3 (Debian: apt-get install python3)"
command -v git >/dev/null 2>&1 || die "needs git (Debian: apt-get install git)"
git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1 || die "$ROOT is not a git checkout"

python3 "$ROOT/scripts/check-meta.py" "$ROOT/META.json" || die "META.json does not pass check-meta.py"
versions_agree || die "the versions differ (CONTRIBUTING.md, \"Releasing\")"

tree=$(source_tree) || die "git could not write the working tree's tree"
[ "$tree" = "$(git -C "$ROOT" rev-parse 'HEAD^{tree}')" ] ||
    echo "$(basename "$0"): note: uncommitted changes are in the archive; release from a commit" >&2
mkdir -p "$out"
zip=$out/idgen-$(meta_version).zip
rm -f "$zip"
release_archive "$tree" zip "$zip"
echo "$zip"
