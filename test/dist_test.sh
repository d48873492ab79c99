#!/bin/sh
# The PGXN release: META.json passes check-meta.py (which refuses broken
# copies of it), the versions agree, make dist's zip holds the source and no
# build products, and pgxn install builds and installs from it, staged under
# DESTDIR, the same files as make install of the tree. Runs on the PostgreSQL
# of PG_CONFIG (IDGEN_PG_CONFIG), into which test.sh installed the tree
# first: its installed files are the expected list. TAP output.
set -u
. "$(dirname "$0")/../scripts/lib.sh"

for tool in python3 git pgxn; do
    command -v $tool >/dev/null 2>&1 || die "needs $tool (scripts/setup.sh installs it)"
done
make_tmp
W=$TMP

# META.json, and what check-meta.py says of it (nothing, when it is valid).
meta_check() { python3 "$ROOT/scripts/check-meta.py" "$@" 2>&1; echo "exit $?"; }
is "$(meta_check "$ROOT/META.json")" "exit 0" "META.json passes check-meta.py (PGXN Meta Spec 1.0.0)"

# broken NAME PYTHON EXPECTED: a copy of META.json changed by PYTHON (on m)
# draws exactly EXPECTED from check-meta.py, and exit status 1.
broken() {
    python3 -c "import json, sys; m = json.load(open(sys.argv[1])); $2; json.dump(m, open(sys.argv[2], 'w'))" \
        "$ROOT/META.json" "$W/$1.json"
    is "$(meta_check "$W/$1.json" "$ROOT")" "$3
exit 1" "check-meta.py refuses META.json $1"
}
broken "without provides" 'del m["provides"]' "provides: required key missing"
broken "with a license the spec does not name" 'm["license"] = "PostgreSQL License"' \
    'license: "PostgreSQL License" is not one of the licenses the spec names (such as postgresql); any other goes in an object of names and URLs'
broken "with a version of two numbers" 'm["version"] = "1.1"' \
    'version: "1.1" is not a semantic version (MAJOR.MINOR.PATCH)'
broken "with a prerequisite that is no version range" 'm["prereqs"]["runtime"]["requires"]["PostgreSQL"] = "15"' \
    'prereqs.runtime.requires.PostgreSQL: "15" is not a version range (0, or versions such as "15.0.0" or ">= 15.0.0, < 19.0.0")'
broken "with a key the spec does not define" 'm["homepage"] = "https://example.org/"' \
    'homepage: not a key of the spec (custom keys start with x_)'
broken "naming a file that is not there" 'm["provides"]["idgen"]["file"] = "sql/idgen.sql"' \
    'provides.idgen.file: "sql/idgen.sql" is not a file of the distribution'

# The versions: idgen.control's default_version, META.json's version (and the
# version of the extension it provides), debian/changelog's.
v_control=$(control_version) v_meta=$(meta_version) v_deb=$(changelog_version)
agree=$(versions_agree 2>&1; echo "exit $?")
is "$agree" "exit 0" "versions agree: idgen.control $v_control, META.json $v_meta, debian/changelog $v_deb"
is "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["provides"]["idgen"]["version"])' "$ROOT/META.json")" \
    "$v_control.0" "META.json provides extension idgen at idgen.control's version $v_control, as $v_control.0"
# versions_agree refuses copies whose versions differ.
mkdir -p "$W/versions/debian"
cp "$ROOT/idgen.control" "$ROOT/META.json" "$W/versions/"
sed "1s/($v_deb)/(9.9.9-1)/" "$ROOT/debian/changelog" >"$W/versions/debian/changelog"
is "$(ROOT=$W/versions; versions_agree 2>&1)" \
    "debian/changelog's version \"9.9.9-1\" is not META.json's version \"$v_meta\" with a Debian revision" \
    "versions_agree refuses a debian/changelog of another version"
sed "s/^default_version = .*/default_version = '9.9'/" "$ROOT/idgen.control" >"$W/versions/idgen.control"
is "$(ROOT=$W/versions; versions_agree 2>&1)" \
    "META.json's version \"$v_meta\" is not idgen.control's default_version \"9.9\" with a patch number" \
    "versions_agree refuses an idgen.control of another version"

# make dist, into a scratch directory.
zip=$W/dist/idgen-$v_meta.zip
out=$(sh "$ROOT/scripts/dist.sh" "$W/dist" 2>"$W/dist.err")
tap $? "make dist (scripts/dist.sh) builds the archive"
is "$out" "$zip" "it is named idgen-$v_meta.zip"
[ -s "$W/dist.err" ] && diag "$W/dist.err"

zip_list() { python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$1"; }
zip_list "$zip" >"$W/list" 2>&1
is "$(grep -vc "^idgen-$v_meta/" "$W/list")" 0 "every entry is under idgen-$v_meta/"
sed "s|^idgen-$v_meta/||" "$W/list" >"$W/files"
# What an install and its tests need: the released versions' install
# scripts; the updates and the newest version's install script are made by
# make from src/sql/.
need="LICENSE META.json Makefile README.md idgen.control idgen--1.0.sql idgen--1.1.sql src/sql/gen-sql.sh
src/idgen.c sql/init.sql expected/init.out test/data/inputs.tsv"
is "$(for f in $need; do grep -qx "$f" "$W/files" || echo "$f"; done)" "" \
    "it has what make, make install and make installcheck need"
# Nothing that .gitignore ignores (objects, the generated scripts, build/,
# test results), and neither debian/ nor .ci/.
is "$(grep -v -e '/$' -e '^$' "$W/files" | git -C "$ROOT" check-ignore --no-index --stdin)" "" \
    "it has no file that .gitignore names as made by a build"
is "$(grep -E '^(debian|\.ci)/' "$W/files")" "" "it has neither debian/ nor .ci/"

# Unpacked, META.json still passes, and the files it names are there.
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$W/unpacked"
is "$(meta_check "$W/unpacked/idgen-$v_meta/META.json")" "exit 0" "the archive's META.json passes, with its files"

# pgxn install, as a user would, from the zip: it builds in a directory of
# its own; DESTDIR (make reads it from the environment) stages the install.
DESTDIR=$W/stage pgxn install --pg_config "$PG_CONFIG" "$zip" >"$W/pgxn.log" 2>&1
rc=$?
tap $rc "pgxn install $zip (staged in DESTDIR)"
[ $rc -eq 0 ] || diag -n 30 "$W/pgxn.log"
expected=$(idgen_files)
[ -n "$expected" ] || echo "# no idgen files in $("$PG_CONFIG" --sharedir): install the tree first (make install)"
is "$(idgen_files "$W/stage")" "$expected" "it installs the files that make install of the tree installs"
# The SQL scripts and the control file, byte for byte.
ext=$("$PG_CONFIG" --sharedir)/extension
scripts=$(echo "$expected" | grep -E '\.(sql|control)$')
is "$(for f in $scripts; do
        if cmp -s "$W/stage$f" "$f"; then echo "$(basename "$f") equal"; else echo "$(basename "$f") differs"; fi
    done)" "$(for f in $scripts; do echo "$(basename "$f") equal"; done)" \
    "its SQL scripts and control file equal those in $ext ($(echo $scripts | wc -w) files)"

tap_end
