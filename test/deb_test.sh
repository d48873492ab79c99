#!/bin/sh
# The Debian package, on Debian's PostgreSQL 15, which it is built for: make
# deb builds it (running the regression tests against it), apt installs it
# into the system, a throwaway cluster creates the extension from it and
# generates every type, the autopkgtest's command passes against it, and
# apt removes it. test.sh installs the tree first; the package replaces
# those files and its removal deletes them, so make install of the tree puts
# them back on the way out, whatever happened before. Root only. TAP output.
set -u
. "$(dirname "$0")/../scripts/lib.sh"

[ "$(id -u)" = 0 ] || die "must run as root: it installs and removes a package"
[ "$PG_CONFIG" = /usr/lib/postgresql/15/bin/pg_config ] ||
    die "the Debian package is for Debian's PostgreSQL 15, not for IDGEN_PG_CONFIG=$PG_CONFIG"
make_tmp

arch=$(dpkg --print-architecture)
version=$(changelog_version)
pkg=postgresql-15-idgen
deb=$TMP/deb/${pkg}_${version}_$arch.deb
regress_count=$(sed -n 's/^REGRESS = //p' "$ROOT/Makefile" | wc -w)
lib=$("$PG_CONFIG" --pkglibdir)
ext=$("$PG_CONFIG" --sharedir)/extension

# The files make install put there, and the tree built, for comparisons.
make -s -C "$ROOT" PG_CONFIG="$PG_CONFIG" >"$TMP/make.log" 2>&1 || { diag "$TMP/make.log"; die "make failed"; }
tree_files=$(idgen_files)
[ -n "$tree_files" ] || echo "# no idgen files in $ext: install the tree first (make install)"

# Leave the tree's files installed, whatever happens: remove the package if
# it is there, then make install. RESTORED=1 once the test has done so.
RESTORED=
restore() {
    if dpkg-query -W -f='${Status}\n' $pkg 2>/dev/null | grep -q ' installed$'; then
        apt-get remove -y -q -o DPkg::Lock::Timeout=600 $pkg </dev/null
    fi
    make -s -C "$ROOT" install PG_CONFIG="$PG_CONFIG"
}
trap '[ -n "$RESTORED" ] || restore >/dev/null 2>&1; cleanup' EXIT

# make deb, into a scratch directory; its build runs the regression tests.
sh "$ROOT/scripts/deb.sh" "$TMP/deb" >"$TMP/build.log" 2>&1
rc=$?
tap $rc "make deb (scripts/deb.sh) builds the package"
[ $rc -eq 0 ] || diag -n 40 "$TMP/build.log"
# pg_buildext installcheck, once per PostgreSQL version, says "### PostgreSQL
# NN installcheck ###", then pg_regress "All N tests passed." (a "# " before
# it from 16 on); installchecks LOG: "P of R": P runs passed of R.
installchecks() {
    echo "$(grep -Ec "^[# ]*All $regress_count tests passed" "$1") of $(grep -c '^### PostgreSQL [0-9]* installcheck ###$' "$1")"
}
# One run for each package built (one at least).
n=$(ls "$TMP/deb/" 2>/dev/null | grep -c "^postgresql-[0-9]*-idgen_${version}_$arch\.deb\$")
[ "$n" -ge 1 ] || n=1
is "$(installchecks "$TMP/build.log")" "$n of $n" \
    "the build ran the $regress_count regression tests against each package, and they passed"
tap "$([ -f "$deb" ]; echo $?)" "it made $(basename "$deb")"

# Installed as the README says, with apt, which takes the path of the file.
apt-get install -y -q -o DPkg::Lock::Timeout=600 "$deb" >"$TMP/apt.log" 2>&1 </dev/null
rc=$?
tap $rc "apt-get install ./$(basename "$deb")"
[ $rc -eq 0 ] || diag -n 20 "$TMP/apt.log"
is "$(dpkg-query -W -f='${Status} ${Version}' $pkg 2>&1)" "install ok installed $version" \
    "dpkg has $pkg $version installed"

# Its files: those make install installs (the module, its bitcode, the control
# file and SQL scripts), and its copyright and changelog.
pkg_files=$(dpkg -L $pkg | while read -r f; do [ -f "$f" ] && echo "$f"; done | sort)
is "$(echo "$pkg_files" | grep -v '^/usr/share/doc/')" "$tree_files" \
    "dpkg -L lists the files make install installs, no more, no fewer"
is "$(echo "$pkg_files" | grep -E "^($lib/idgen\.so|$ext/idgen\.control)\$")" "$lib/idgen.so
$ext/idgen.control" "among them $lib/idgen.so and $ext/idgen.control"
is "$(echo "$pkg_files" | grep '^/usr/share/doc/')" "/usr/share/doc/$pkg/changelog.Debian.gz
/usr/share/doc/$pkg/copyright" "and /usr/share/doc/$pkg/: changelog.Debian.gz, copyright"
is "$(dpkg --verify $pkg 2>&1)" "" "the files on disk are the package's (dpkg --verify)"
scripts=$(echo "$pkg_files" | grep -E '\.(sql|control)$')
is "$(for f in $scripts; do
        if cmp -s "$f" "$ROOT/$(basename "$f")"; then echo "$(basename "$f") equal"; else echo "$(basename "$f") differs"; fi
    done)" "$(for f in $scripts; do echo "$(basename "$f") equal"; done)" \
    "its SQL scripts and control file equal the tree's ($(echo $scripts | wc -w) files)"

# A throwaway cluster of Debian's PostgreSQL 15 creates the extension from the
# package's files and generates every type.
psql_q() { as_pg "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 "$@" 2>&1; }
if cluster_start "$TMP/pg" ''; then
    tap 0 "a cluster of $("$PG_BIN/postgres" --version) started"
    is "$(psql_q -c 'CREATE EXTENSION idgen')" "" "CREATE EXTENSION idgen"
    is "$(psql_q -c "SELECT extversion FROM pg_extension WHERE extname = 'idgen'")" "$(control_version)" \
        "extversion is idgen.control's default_version, $(control_version)"
    # The functions name $libdir/idgen, and the backend that ran one has the
    # package's idgen.so mapped.
    is "$(psql_q -c "SELECT DISTINCT probin FROM pg_proc WHERE probin LIKE '%idgen%'")" '$libdir/idgen' \
        "the functions are in \$libdir/idgen"
    is "$(psql_q -c "SELECT gen_wiji() IS NOT NULL" \
        -c "SELECT DISTINCT substring(l FROM ' (/\S+idgen\.so)\$')
            FROM regexp_split_to_table(pg_read_file('/proc/self/maps'), E'\n') AS l
            WHERE l LIKE '%idgen.so'")" "t
$lib/idgen.so" "the server loaded $lib/idgen.so, which dpkg -L lists"
    # type text-length args: 1000 values of each, distinct, read back from
    # their text, of the canonical length, made within the last minute.
    for spec in wiji:26: ulid:26: sno:16: "siq:37:'user'" muid:34:; do
        t=${spec%%:*} rest=${spec#*:}
        len=${rest%%:*} args=${rest#*:}
        is "$(psql_q -c "SELECT min(pg_typeof(v)::text), count(DISTINCT v),
                bool_and(v::text::$t = v), min(length(v::text)), max(length(v::text)),
                bool_and(${t}_extract_timestamp(v) BETWEEN now() - interval '1 minute'
                                                   AND clock_timestamp() + interval '1 second')
            FROM (SELECT gen_$t($args) AS v FROM generate_series(1, 1000)) AS s")" \
            "$t|1000|t|$len|$len|t" "gen_$t($args): 1000 distinct ${t}s, $len characters, made now"
    done
else
    tap 1 "a cluster of Debian's PostgreSQL 15 started"
fi
cluster_stop "$TMP/pg"

# The autopkgtest (debian/tests/control): its command, in the source package
# as dpkg-source unpacks it, against the installed package, as autopkgtest
# runs it.
test_command=$(sed -n 's/^Test-Command: //p' "$ROOT/debian/tests/control")
dpkg-source -x "$TMP/deb/idgen_$version.dsc" "$TMP/autopkgtest" >"$TMP/dpkg-source.log" 2>&1 &&
    (cd "$TMP/autopkgtest" && sh -c "$test_command") >"$TMP/autopkgtest.log" 2>&1
rc=$?
tap $rc "the autopkgtest's command ($test_command) passes against the installed package"
[ $rc -eq 0 ] || diag -n 40 "$TMP/dpkg-source.log" "$TMP/autopkgtest.log"
is "$(installchecks "$TMP/autopkgtest.log")" "1 of 1" \
    "it ran the $regress_count regression tests on PostgreSQL 15, and they passed"

# Removed, the package takes its files along; make install puts the tree's back.
apt-get remove -y -q -o DPkg::Lock::Timeout=600 $pkg >"$TMP/remove.log" 2>&1 </dev/null
tap $? "apt remove $pkg"
is "$(for f in $pkg_files; do [ -e "$f" ] && echo "$f"; done)" "" "no file of the package is left"
restore >"$TMP/restore.log" 2>&1
rc=$?
RESTORED=1
tap $rc "make install puts the tree's files back"
[ $rc -eq 0 ] || diag "$TMP/restore.log"
is "$(idgen_files)" "$tree_files" "the same files as before the test"

tap_end
