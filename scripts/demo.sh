#!/bin/sh
# Guided tour: run examples/demo.sql, echoing each statement and its result, on
# a throwaway cluster with idgen preloaded.
set -eu
. "$(dirname "$0")/lib.sh"

[ -f "$ROOT/examples/demo.sql" ] || die "missing examples/demo.sql"
# Build chatter would drown the tour; errors still reach stderr.
sh "$ROOT/scripts/setup.sh" >/dev/null || die "setup/build failed"

make_tmp
cluster_start "$TMP/demo" idgen || die "could not start PostgreSQL"
as_pg "$PG_BIN/createdb" idgen_demo
# The SQL goes through stdin, so the file need not be readable by postgres.
as_pg "$PG_BIN/psql" -X -a -v ON_ERROR_STOP=1 -d idgen_demo <"$ROOT/examples/demo.sql"
