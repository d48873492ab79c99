#!/bin/sh
# Benchmark of the idgen generators (make bench); bench/README.md explains the
# method and how to read the output.
#
#  1. cost per id inside the server: count(generator()) over a row loop,
#     against a no-op loop of the same length; medians of interleaved rounds
#  2. scaling: pgbench with 1 and 2 clients, each transaction making 1000 ids
#  3. the pure codecs, outside the server (bench/codec_bench.c)
#
# Knobs (environment): BENCH_N (rows per loop, default 5000000), BENCH_N_SLOW
# (rows for gen_random_uuid, default 500000), BENCH_ROUNDS (default 7),
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
UUID_TARGET=20      # gen_random_uuid marginal / generator marginal, at least
SCALE_TARGET=1.5    # ids/s with 2 clients / ids/s with 1 client, at least

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
JOBS="noop $N g
noop_slow $N_SLOW g
clock_timestamp $N clock_timestamp()
gen_random_uuid $N_SLOW gen_random_uuid()
gen_wiji $N gen_wiji()"
for g in gen_sno gen_ulid; do
    has "$g" && JOBS="$JOBS
$g $N $g()"
done
NJOBS=$(echo "$JOBS" | wc -l)

echo
echo "== 1. cost per id in the server"
echo "loop: SELECT count(EXPR) FROM (SELECT generate_series(1, n) AS g) s"
echo "n = $N rows (gen_random_uuid: $N_SLOW); $ROUNDS rounds after 1 warm-up round," \
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
    awk -v uuid_target="$UUID_TARGET" '
    function flush() {
        if (cnt == 0) return
        keys[++nk] = key; rows[key] = rn
        if (cnt % 2) med[key] = v[(cnt + 1) / 2]
        else med[key] = (v[cnt / 2] + v[cnt / 2 + 1]) / 2
        lo[key] = v[1]; hi[key] = v[cnt]; nr[key] = cnt
        cnt = 0
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
        no = split("noop noop_slow clock_timestamp gen_random_uuid gen_wiji gen_sno gen_ulid", o, " ")
        for (i = 1; i <= no; i++) {
            k = o[i]
            if (!(k in med)) continue
            printf "  %-16s n=%-9d %10.2f ms  [%.2f .. %.2f]\n", k, rows[k], med[k], lo[k], hi[k]
        }
        print ""
        print "generator                ns/id total   marginal ns/id   gen_random_uuid marginal / this marginal"
        order = "noop clock_timestamp gen_random_uuid gen_wiji gen_sno gen_ulid"
        no = split(order, o, " ")
        for (i = 1; i <= no; i++) {
            k = o[i]
            if (!(k in med)) continue
            if (k == "noop") {
                printf "  %-22s %11.1f   %14s   %s\n", "no-op (count g)", tot[k], "0", "-"
                continue
            }
            r = (marg[k] > 0 && k != "gen_random_uuid") ? sprintf("%.1fx", marg["gen_random_uuid"] / marg[k]) : "-"
            name = k (k == "clock_timestamp" ? " (ref.)" : "()")
            printf "  %-22s %11.1f   %14.1f   %s\n", name, tot[k], marg[k], r
        }
        print ""
        for (i = 1; i <= no; i++) {
            k = o[i]
            if (k != "gen_wiji" && k != "gen_sno") continue
            if (!(k in med)) continue
            if (marg[k] <= 0) {
                printf "ratio gen_random_uuid/%s: n/a (marginal cost %.1f ns is within noise of the no-op loop) (target >= %sx): FAIL\n", k, marg[k], uuid_target
                continue
            }
            r = marg["gen_random_uuid"] / marg[k]
            printf "ratio gen_random_uuid/%s: %.1fx (target >= %sx): %s\n", k, r, uuid_target,
                (r >= uuid_target ? "PASS" : "FAIL")
        }
    }'
has gen_sno || echo "ratio gen_random_uuid/gen_sno: not measured, gen_sno is not in the installed extension"

# ---- 2. scaling with pgbench ---------------------------------------------------
echo
echo "== 2. scaling with pgbench (1 client vs 2 clients)"
echo "transaction: SELECT count(EXPR) FROM generate_series(1, 1000) (1000 ids);" \
    "pgbench -n -M prepared -T $PGB_TIME -c C -j C; $PGB_ROUNDS rounds, interleaved; median tps"
PGB_JOBS="noop g
gen_wiji gen_wiji()"
has gen_sno && PGB_JOBS="$PGB_JOBS
gen_sno gen_sno()"
echo "$PGB_JOBS" | while read -r k e; do
    echo "SELECT count($e) FROM generate_series(1, 1000) g;" >"$TMP/pgb_$k.sql"
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
    awk -v target="$SCALE_TARGET" -v order="$(echo "$PGB_JOBS" | cut -d ' ' -f 1 | tr '\n' ' ')" '
    function flush() {
        if (cnt == 0) return
        med[k, c] = (cnt % 2) ? v[(cnt + 1) / 2] : (v[cnt / 2] + v[cnt / 2 + 1]) / 2
        cnt = 0
    }
    { if ($1 != k || $2 != c) { flush(); k = $1; c = $2 } v[++cnt] = $3 }
    END {
        flush()
        nk = split(order, keys, " ")
        print ""
        print "script          1 client: tps    ids/s     2 clients: tps    ids/s     2/1"
        for (i = 1; i <= nk; i++) {
            k = keys[i]
            printf "  %-12s %14.0f %10.0f   %15.0f %10.0f   %5.2fx\n", (k == "noop" ? "no-op" : k "()"),
                med[k, 1], med[k, 1] * 1000, med[k, 2], med[k, 2] * 1000, med[k, 2] / med[k, 1]
        }
        print ""
        for (i = 1; i <= nk; i++) {
            k = keys[i]
            s = med[k, 2] / med[k, 1]
            if (k == "gen_sno")
                printf "scaling gen_sno 2 clients/1 client: %.2fx (target >= %sx): %s\n", s, target,
                    (s >= target ? "PASS" : "FAIL")
            else
                printf "scaling %s 2 clients/1 client: %.2fx (for comparison, no target)\n", (k == "noop" ? "no-op" : k), s
        }
    }'
has gen_sno || echo "scaling gen_sno: not measured, gen_sno is not in the installed extension"

# ---- 3. codecs outside the server ----------------------------------------------
echo
echo "== 3. codecs outside the server (bench/codec_bench.c with src/codec.c, gcc -O2)"
if gcc -O2 -Wall -Wextra -I"$ROOT/src" -o "$ROOT/bench/codec_bench" \
    "$ROOT/bench/codec_bench.c" "$ROOT/src/codec.c"; then
    "$ROOT/bench/codec_bench"
else
    echo "codec_bench did not compile; skipped"
fi
