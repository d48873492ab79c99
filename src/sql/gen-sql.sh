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
#   @TO_UUID@     how it casts to uuid: WITHOUT FUNCTION, or WITH FUNCTION
#                 @T@_to_uuid(@T@), from its "-- cast to uuid: binary" or
#                 "-- cast to uuid: function" line
#   @FROM_UUID@   likewise for uuid to the type, from "-- cast from uuid:"
# and a line starting "@binary to uuid@ " (or "@binary from uuid@ ") is kept,
# without that mark, only for the types whose cast is binary.
#
# The Makefile's rules for idgen--1.2.sql and the updates say which files
# each script is made of.
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

# cast TYPE DIRECTION FUNCTION: the sed commands for one direction's cast
cast() {
    how=$(mark "$1" "cast $2 uuid") || exit 1
    case $how in
        binary)
            echo "s/@$(echo "$2" | tr a-z A-Z)_UUID@/WITHOUT FUNCTION/g"
            echo "s/^@binary $2 uuid@ //" ;;
        function)
            echo "s/@$(echo "$2" | tr a-z A-Z)_UUID@/WITH FUNCTION $3/g"
            echo "/^@binary $2 uuid@ /d" ;;
        *)
            echo "gen-sql.sh: \"-- cast $2 uuid:\" in $1.sql is neither binary nor function" >&2
            exit 1 ;;
    esac
}

echo "-- generated from src/sql/ by gen-sql.sh: edit those files, not this one"
for f in $shared; do
    echo
    cat "$dir/$f"
done
for t in "$@"; do
    len=$(mark "$t" internallength) || exit 1
    to=$(cast "$t" to "@T@_to_uuid(@T@)") || exit 1
    from=$(cast "$t" from "@T@_from_uuid(uuid)") || exit 1
    for f in $pertype; do
        f=$(echo "$f" | sed "s/@T@/$t/g")
        echo
        case $f in
            *.in) sed -e "$to" -e "$from" -e "s/@T@/$t/g" -e "s/@LEN@/$len/g" "$dir/$f" ;;
            *) cat "$dir/$f" ;;
        esac
    done
done
