#!/bin/sh
# Writes the install script: common.sql, then for each type the shared
# template type.sql.in (with @T@ the type's name and @LEN@ its stored
# length, read from the "-- internallength: N" line of the type's own file),
# then the type's own functions.
set -eu
dir=$1
shift
echo "-- idgen install script, generated from src/sql/ by gen-sql.sh"
echo
cat "$dir/common.sql"
for t in "$@"; do
    len=$(sed -n 's/^-- internallength: *\([0-9]*\)$/\1/p' "$dir/$t.sql")
    [ -n "$len" ] || { echo "gen-sql.sh: no internallength in $t.sql" >&2; exit 1; }
    echo
    sed -e "s/@T@/$t/g" -e "s/@LEN@/$len/g" "$dir/type.sql.in"
    echo
    cat "$dir/$t.sql"
done
