#!/bin/sh
# Benchmark of the idgen generators (make bench); bench/README.md explains the
# method and how to read the output.
#
#  1. cost per id inside the server: count(generator()) over a row loop,
#     against a no-op loop of the same length; medians of interleaved rounds
#  2. scaling: pgbench with 1 and 2 clients, each transaction making 1000 ids
#  3. the pure codecs, outside the server (bench/codec_bench.c)
#
# On PostgreSQL 18 and later, core uuidv7() is measured beside gen_random_uuid().
#
# Knobs (environment): BENCH_N (rows per loop, default 5000000), BENCH_N_SLOW
# (rows for gen_random_uuid and uuidv7, default 500000), BENCH_ROUNDS (default 7),
# BENCH_PGBENCH_TIME (seconds per pgbench run, default 5), BENCH_PGBENCH_ROUNDS
# (default 3).
set -eu
. "$(dirname "$0")/lib.sh"

N=${BENCH_N:-5000000}
N_SLOW=${BENCH_N_SLOW:-500000}
ROUNDS=${BENCH_ROUNDS:-7}
PGB_TIME=${BENCH_PGBENCH_TIME:-5}
PGB_ROUNDS=${BENCH_PGBENCH_ROUNDS:-3}
DB=idgen_bench
# idgen's generators, in table order, one line each: the key, the
# expression, and the targets: gen_random_uuid's marginal cost / the
# generator's, uuidv7's / the generator's (PostgreSQL 18+), and ids/s with 2
# pgbench clients / ids/s with 1 ("-": none, shown for comparison).  Those
# the installed extension lacks are skipped, so a new generator is a line.
GENERATORS="gen_wiji gen_wiji() 20 - -
gen_sno gen_sno() 20 - 1.5
gen_siq gen_siq('event') 20 - 1.7
gen_muid gen_muid() 20 - -
gen_ulid gen_ulid() 10 10 -"
# pgbench jobs besides one per generator making 1000 ids a transaction: the
# key, ids per transaction, the scaling target and the script.
# gen_muid() starts a bundle per transaction: one id a transaction is its
# server-wide path.
PGB_EXTRA="gen_muid_tx 1 1.5 SELECT gen_muid();"

# ---- scratch directory and cluster, removed on exit (lib.sh) ------------------
make_tmp

# ---- build and install -------------------------------------------------------
echo "== build and install"
if [ -f "$ROOT/scripts/setup.sh" ]; then
    sh "$ROOT/scripts/setup.sh" >"$TMP/setup.log" 2>&1 ||
        { cat "$TMP/setup.log"; die "setup/build failed"; }
else
    (cd "$ROOT" && make -s && make -s install) >"$TMP/setup.log" 2>&1 ||
        { cat "$TMP/setup.log"; die "build failed"; }
fi
echo "built and installed idgen ($(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo 'no git'))"

# ---- throwaway cluster --------------------------------------------------------
# JIT and parallel query off: the loops must run the same plain executor path
# every time.
cluster_start "$TMP/pg" idgen "jit = off
max_parallel_workers_per_gather = 0" || die "PostgreSQL did not start"

# Clients connect as postgres through the socket in the cluster directory only.
PGUSER=postgres
export PGUSER
unset PGDATABASE PGHOSTADDR PGSERVICE PGOPTIONS 2>/dev/null || true
sql() { "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

"$PG_BIN/createdb" "$DB"
sql <<'SQL'
CREATE EXTENSION idgen;
CREATE SCHEMA bench;
-- Milliseconds that one statement takes to plan and run, measured in the
-- server (no client round trip).
CREATE FUNCTION bench.ms(q text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
    t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE q;
    RETURN 1000 * extract(epoch FROM clock_timestamp() - t0);
END $$;
SQL
has() { [ "$(sql -c "SELECT count(*) FROM pg_proc WHERE proname = '$1'")" != 0 ]; }
GENS=""
GEN_LINES=""
while read -r g expr t_uuid t_v7 t_scale; do
    has "$g" || continue
    GENS="$GENS $g"
    GEN_LINES="$GEN_LINES$g $expr $t_uuid $t_v7 $t_scale
"
done <<EOF
$GENERATORS
EOF
# Core uuidv7() (PostgreSQL 18+), not an extension's function of that name.
UUIDV7=$(sql -c "SELECT count(*) FROM pg_proc WHERE proname = 'uuidv7' AND pronargs = 0
                 AND pronamespace = 'pg_catalog'::regnamespace")

echo
echo "== machine"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) cpus;" \
    "clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)"
echo "server: $(sql -c 'SELECT version()')"
echo "idgen: $(sql -c "SELECT extversion FROM pg_extension WHERE extname = 'idgen'")," \
    "preloaded; generators found: $(sql -c "SELECT string_agg(proname, ', ' ORDER BY proname) FROM pg_proc WHERE proname LIKE 'gen\_%' AND proname <> 'gen_random_uuid'")"

# ---- 1. cost per id in the server --------------------------------------------
# Jobs: "key n expression".  Each loop is
#   SELECT count(EXPR) FROM (SELECT generate_series(1, n) AS g) s
# (generate_series in the select list runs value by value, without
# materialising n rows).  The no-op loop counts g itself; every generator is
# compared with the no-op loop of the same length.
# uuidv7() costs about what gen_random_uuid() does (both draw from the
# CSPRNG), so it gets the shorter loop too.
JOBS="noop $N g
noop_slow $N_SLOW g
clock_timestamp $N clock_timestamp()
gen_random_uuid $N_SLOW gen_random_uuid()"
SLOW=gen_random_uuid
if [ "$UUIDV7" != 0 ]; then
    JOBS="$JOBS
uuidv7 $N_SLOW uuidv7()"
    SLOW="gen_random_uuid, uuidv7"
fi
JOBS="$JOBS
$(printf '%s' "$GEN_LINES" | awk -v n="$N" '{ print $1, n, $2 }')"
NJOBS=$(echo "$JOBS" | wc -l)

echo
echo "== 1. cost per id in the server"
echo "loop: SELECT count(EXPR) FROM (SELECT generate_series(1, n) AS g) s"
echo "n = $N rows ($SLOW: $N_SLOW); $ROUNDS rounds after 1 warm-up round," \
    "jobs interleaved and rotated each round; time measured in the server"

# One session runs every round, so the per-backend generator state is warm.
# Round 0 is the warm-up and is not counted.
r=0
while [ "$r" -le "$ROUNDS" ]; do
    echo "$JOBS" | awk -v r="$r" -v nj="$NJOBS" -v sq="'" '
        { k[NR - 1] = $1; n[NR - 1] = $2; $1 = ""; $2 = ""; sub(/^ +/, ""); e[NR - 1] = $0 }
        END {
            for (i = 0; i < nj; i++) {
                j = (i + r) % nj
                q = sprintf("SELECT count(%s) FROM (SELECT generate_series(1, %d) AS g) s", e[j], n[j])
                printf "SELECT %d, %s, %d, bench.ms($q$%s$q$);\n", r, sq k[j] sq, n[j], q
            }
        }'
    r=$((r + 1))
done >"$TMP/loops.sql"
sql -F ' ' -f "$TMP/loops.sql" >"$TMP/loops.out" ||
    die "the loops failed (is a generator broken?)"

# Medians per job, then the table.  Columns of loops.out: round key n ms.
awk '$1 > 0 { print $2, $3, $4 }' "$TMP/loops.out" | sort -k1,1 -k3,3g |
    awk -v gens="$GEN_LINES" -v order="$(echo "$JOBS" | cut -d ' ' -f 1 | tr '\n' ' ')" '
    function flush() {
        if (cnt == 0) return
        keys[++nk] = key; rows[key] = rn
        if (cnt % 2) med[key] = v[(cnt + 1) / 2]
        else med[key] = (v[cnt / 2] + v[cnt / 2 + 1]) / 2
        lo[key] = v[1]; hi[key] = v[cnt]; nr[key] = cnt
        cnt = 0
    }
    # "ratio BASE/K: ..." with its target ("-": none)
    function ratio(base, k, target) {
        if (marg[k] <= 0) {
            printf "ratio %s/%s: n/a (marginal cost %.1f ns is within noise of the no-op loop)%s\n",
                base, k, marg[k], (target == "-" ? " (no target)" : " (target >= " target "x): FAIL")
            return
        }
        r = marg[base] / marg[k]
        if (target == "-")
            printf "ratio %s/%s: %.1fx (no target)\n", base, k, r
        else
            printf "ratio %s/%s: %.1fx (target >= %sx): %s\n", base, k, r, target, (r >= target ? "PASS" : "FAIL")
    }
    { if ($1 != key) { flush(); key = $1 } rn = $2; v[++cnt] = $3 }
    END {
        flush()
        # Each job against the no-op loop of the same length.
        for (i = 1; i <= nk; i++) {
            k = keys[i]
            base = (rows[k] == rows["noop"]) ? "noop" : "noop_slow"
            tot[k] = med[k] * 1e6 / rows[k]
            marg[k] = tot[k] - med[base] * 1e6 / rows[base]
        }
        print ""
        print "raw medians (ms per loop, over " nr["noop"] " rounds; min and max in brackets):"
        no = split(order, o, " ")
        for (i = 1; i <= no; i++) {
            k = o[i]
            if (!(k in med)) continue
            printf "  %-16s n=%-9d %10.2f ms  [%.2f .. %.2f]\n", k, rows[k], med[k], lo[k], hi[k]
        }
        print ""
        print "generator                ns/id total   marginal ns/id   gen_random_uuid marginal / this marginal"
        for (i = 1; i <= no; i++) {
            k = o[i]
            if (!(k in med) || k == "noop_slow") continue
            if (k == "noop") {
                printf "  %-22s %11.1f   %14s   %s\n", "no-op (count g)", tot[k], "0", "-"
                continue
            }
            r = (marg[k] > 0 && k != "gen_random_uuid") ? sprintf("%.1fx", marg["gen_random_uuid"] / marg[k]) : "-"
            name = k (k == "clock_timestamp" ? " (ref.)" : "()")
            if (k == "uuidv7") name = "uuidv7() (core)"
            printf "  %-22s %11.1f   %14.1f   %s\n", name, tot[k], marg[k], r
        }
        print ""
        # Lines of gens: key expression uuid-target uuidv7-target scaling-target
        ng = split(gens, line, "\n")
        for (i = 1; i <= ng; i++) {
            if (split(line[i], f, " ") < 4 || !(f[1] in med)) continue
            ratio("gen_random_uuid", f[1], f[3])
        }
        # The UUIDv7 that PostgreSQL 18 generates itself: what an idgen
        # generator saves over the core alternative that is also time-ordered.
        if (!("uuidv7" in med)) exit
        for (i = 1; i <= ng; i++) {
            if (split(line[i], f, " ") < 4 || !(f[1] in med)) continue
            ratio("uuidv7", f[1], f[4])
        }
    }'
[ "$UUIDV7" != 0 ] || echo "ratio uuidv7/*: not measured, this server has no uuidv7() (PostgreSQL 18 and later have it)"

# ---- 2. scaling with pgbench ---------------------------------------------------
echo
echo "== 2. scaling with pgbench (1 client vs 2 clients)"
echo "transaction: SELECT count(EXPR) FROM generate_series(1, 1000) (1000 ids), or as shown;" \
    "pgbench -n -M prepared -T $PGB_TIME -c C -j C; $PGB_ROUNDS rounds, interleaved; median tps"
# Jobs: key, ids per transaction, scaling target, script
PGB_JOBS="noop 1000 - SELECT count(g) FROM generate_series(1, 1000) g;
$(printf '%s' "$GEN_LINES" |
    awk '{ print $1, 1000, $5, "SELECT count(" $2 ") FROM generate_series(1, 1000) g;" }')"
has gen_muid && PGB_JOBS="$PGB_JOBS
$PGB_EXTRA"
echo "$PGB_JOBS" | while read -r k ids target script; do
    echo "$script" >"$TMP/pgb_$k.sql"
done

: >"$TMP/pgb.out"
r=1
while [ "$r" -le "$PGB_ROUNDS" ]; do
    for c in 1 2; do
        for k in $(echo "$PGB_JOBS" | cut -d ' ' -f 1); do
            "$PG_BIN/pgbench" -n -M prepared -T "$PGB_TIME" -c "$c" -j "$c" \
                -f "$TMP/pgb_$k.sql" "$DB" >"$TMP/pgb.log" 2>&1 ||
                { cat "$TMP/pgb.log"; die "pgbench failed ($k, $c clients)"; }
            tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$TMP/pgb.log")
            [ -n "$tps" ] || { cat "$TMP/pgb.log"; die "no tps in pgbench output"; }
            echo "$k $c $tps" >>"$TMP/pgb.out"
        done
    done
    r=$((r + 1))
done

sort -k1,1 -k2,2n -k3,3g "$TMP/pgb.out" |
    awk -v jobs="$PGB_JOBS" '
    function flush() {
        if (cnt == 0) return
        med[k, c] = (cnt % 2) ? v[(cnt + 1) / 2] : (v[cnt / 2] + v[cnt / 2 + 1]) / 2
        cnt = 0
    }
    { if ($1 != k || $2 != c) { flush(); k = $1; c = $2 } v[++cnt] = $3 }
    END {
        flush()
        nk = split(jobs, line, "\n")
        print ""
        print "script          1 client: tps    ids/s     2 clients: tps    ids/s     2/1"
        for (i = 1; i <= nk; i++) {
            split(line[i], f, " ")
            key[i] = f[1]; ids[i] = f[2]; target[i] = f[3]
            n = (f[1] == "noop") ? "no-op" : (f[1] == "gen_muid_tx" ? "gen_muid() x1" : f[1] "()")
            name[i] = n
            printf "  %-14s %12.0f %10.0f   %15.0f %10.0f   %5.2fx\n", n,
                med[f[1], 1], med[f[1], 1] * ids[i], med[f[1], 2], med[f[1], 2] * ids[i],
                med[f[1], 2] / med[f[1], 1]
        }
        print ""
        for (i = 1; i <= nk; i++) {
            s = med[key[i], 2] / med[key[i], 1]
            if (target[i] != "-")
                printf "scaling %s 2 clients/1 client: %.2fx (target >= %sx): %s\n", name[i], s, target[i],
                    (s >= target[i] ? "PASS" : "FAIL")
            else
                printf "scaling %s 2 clients/1 client: %.2fx (for comparison, no target)\n", name[i], s
        }
    }'
has gen_muid && echo "gen_muid() x1: one gen_muid() per transaction, each starting a bundle from the server-wide sequencer"

# ---- 3. codecs outside the server ----------------------------------------------
echo
echo "== 3. codecs outside the server (bench/codec_bench.c with src/codec.c, gcc -O2)"
if gcc -O2 -Wall -Wextra -I"$ROOT/src" -o "$ROOT/bench/codec_bench" \
    "$ROOT/bench/codec_bench.c" "$ROOT/src/codec.c"; then
    "$ROOT/bench/codec_bench"
else
    echo "codec_bench did not compile; skipped"
fi
