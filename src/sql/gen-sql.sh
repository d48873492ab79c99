#!/bin/sh
# Writes an SQL script of the extension from the files in DIR:
#
#   gen-sql.sh DIR 'SHARED FILE...' 'PER-TYPE FILE...' TYPE...
#
# the shared files once, then for each type each per-type file in turn.  In
# a per-type file's name, @T@ stands for the type (@T@.sql: the type's own
# file).  Files ending in .in are templates, in which
#   @T@           is the type's name
#   @LEN@         its stored length, from the "-- internallength: N" line of
#                 the type's own file
#
# The install script:    'common.sql time.sql' 'type.sql.in type-time.sql.in @T@.sql'
# The update from 1.0:   'update--1.0--1.1.sql time.sql' 'type-time.sql.in'
set -eu
dir=$1
shared=$2
pertype=$3
shift 3

# mark TYPE NAME: the value of the type's "-- NAME: value" line
mark() {
    v=$(sed -n "s/^-- $2: *\\([a-z0-9]*\\)\$/\\1/p" "$dir/$1.sql")
    [ -n "$v" ] || { echo "gen-sql.sh: no \"-- $2:\" line in $1.sql" >&2; exit 1; }
    echo "$v"
}

echo "-- generated from src/sql/ by gen-sql.sh: edit those files, not this one"
for f in $shared; do
    echo
    cat "$dir/$f"
done
for t in "$@"; do
    len=$(mark "$t" internallength) || exit 1
    for f in $pertype; do
        f=$(echo "$f" | sed "s/@T@/$t/g")
        echo
        case $f in
            *.in) sed -e "s/@T@/$t/g" -e "s/@LEN@/$len/g" "$dir/$f" ;;
            *) cat "$dir/$f" ;;
        esac
    done
done
