#!/bin/sh
# Benchmark of the idgen generators (make bench); bench/README.md explains the
# method and how to read the output.
#
#  1. cost per id inside the server: count(generator()) over a row loop,
#     against a no-op loop of the same length; medians of interleaved rounds
#  2. scaling: pgbench with 1 and 2 clients, each transaction making 1000 ids
#  3. the pure codecs, outside the server (bench/codec_bench.c)
#  4. the high-water mark renewals of gen_sno(), gen_siq() and gen_muid(): how
#     many a second, and what their fsyncs cost (the same runs with fsync = on
#     and off; for the loops also the time the backend was blocked)
#  5. latency with fsync = on: inserts with each generator as DEFAULT against
#     an identity column, and the generator call alone against nextval(), at
#     a low rate (one statement of each every 1.5 s) and a high one (4
#     clients, bench/lat_client.c); median, p90, p99 (and p99.9 at the high
#     rate)
#  6. bulk inserts: 1,000,000 rows in one statement into a table whose
#     primary key has each generator as DEFAULT, against a bigint identity;
#     the time, and the leaf density of the primary key (pgstattuple)
#  7. queries by time on a uuid primary key (uuidv7_from_parts() values)
#     against the same queries on an indexed timestamptz column
#
# On PostgreSQL 18 and later, core uuidv7() is measured beside gen_random_uuid().
#
# Knobs (environment): BENCH_N (rows per loop, default 5000000), BENCH_N_SLOW
# (rows for gen_random_uuid and uuidv7, default 500000), BENCH_ROUNDS (default 7),
# BENCH_PGBENCH_TIME (seconds per pgbench run, default 5), BENCH_PGBENCH_ROUNDS
# (default 3), BENCH_HWM_TIME (seconds per run of part 4, default 3),
# BENCH_HWM_ROUNDS (rounds of each fsync setting in part 4, default 3),
# BENCH_LAT_ROUNDS (statements of each job at the low rate in part 5, default
# 100), BENCH_LAT_TIME (seconds per high-rate run of part 5, default 2),
# BENCH_LAT_HIGH_ROUNDS (rounds of high-rate runs in part 5, default 3),
# BENCH_BULK_ROWS (rows per insert in part 6, and rows of part 7's table,
# default 1000000), BENCH_BULK_ROUNDS (rounds of parts 6 and 7, default 3),
# BENCH_PARTS (the parts to run, default "1 2 3 4 5 6 7").
set -eu
. "$(dirname "$0")/lib.sh"

N=${BENCH_N:-5000000}
N_SLOW=${BENCH_N_SLOW:-500000}
ROUNDS=${BENCH_ROUNDS:-7}
PGB_TIME=${BENCH_PGBENCH_TIME:-5}
PGB_ROUNDS=${BENCH_PGBENCH_ROUNDS:-3}
HWM_TIME=${BENCH_HWM_TIME:-3}
HWM_ROUNDS=${BENCH_HWM_ROUNDS:-3}
LAT_ROUNDS=${BENCH_LAT_ROUNDS:-100}
LAT_TIME=${BENCH_LAT_TIME:-2}
LAT_HIGH_ROUNDS=${BENCH_LAT_HIGH_ROUNDS:-3}
BULK_ROWS=${BENCH_BULK_ROWS:-1000000}
BULK_ROUNDS=${BENCH_BULK_ROUNDS:-3}
# Seconds between two statements of one job at the low rate of part 5
LAT_GAP=1.5
part() { case " ${BENCH_PARTS:-1 2 3 4 5 6 7} " in *" $1 "*) return 0 ;; esac; return 1; }
# How often part 4 looks at idgen.hwm: renewals come about a second apart
HWM_POLL_MS=40
DB=idgen_bench
# idgen's generators, in table order, one line each: the key, the
# expression, and the targets: gen_random_uuid's marginal cost / the
# generator's, uuidv7's / the generator's (PostgreSQL 18+), ids/s with 2
# pgbench clients / ids/s with 1, the generator's marginal cost /
# clock_timestamp()'s (at most), and its insert time / a bigint identity's
# in part 6 (at most; "-": none, shown for comparison).  Those the installed
# extension lacks are skipped, so a new generator is a line.
GENERATORS="gen_wiji gen_wiji() 20 - - - -
gen_sno gen_sno() 20 - 1.5 - -
gen_siq gen_siq('event') 20 - 1.7 - -
gen_muid gen_muid() 20 - - - -
gen_ulid gen_ulid() 10 10 - - -
gen_uuidv7 gen_uuidv7() 20 20 - - 1.05
gen_snowflake gen_snowflake() 20 - - 3 1.05"
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
# Each line of GEN_LINES: the line of GENERATORS, then the type the
# generator returns (a column of that type takes it as DEFAULT)
while read -r g expr t_uuid t_v7 t_scale t_clock t_bulk; do
    has "$g" || continue
    GENS="$GENS $g"
    typ=$(sql -c "SELECT min(prorettype::regtype::text) FROM pg_proc WHERE proname = '$g'")
    GEN_LINES="$GEN_LINES$g $expr $t_uuid $t_v7 $t_scale $t_clock $t_bulk $typ
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
if part 1; then
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
        # At most a few times what reading the clock costs
        for (i = 1; i <= ng; i++) {
            if (split(line[i], f, " ") < 6 || !(f[1] in med) || f[6] == "-") continue
            r = marg[f[1]] / marg["clock_timestamp"]
            printf "ratio %s/clock_timestamp: %.2fx (target <= %sx): %s\n", f[1], r, f[6], (r <= f[6] ? "PASS" : "FAIL")
        }
        if (!("uuidv7" in med)) exit
        for (i = 1; i <= ng; i++) {
            if (split(line[i], f, " ") < 4 || !(f[1] in med)) continue
            ratio("uuidv7", f[1], f[4])
        }
    }'
[ "$UUIDV7" != 0 ] || echo "ratio uuidv7/*: not measured, this server has no uuidv7() (PostgreSQL 18 and later have it)"
fi

# ---- 2. scaling with pgbench ---------------------------------------------------
if part 2; then
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
fi

# ---- 3. codecs outside the server ----------------------------------------------
if part 3; then
echo
echo "== 3. codecs outside the server (bench/codec_bench.c with src/codec.c, gcc -O2)"
if gcc -O2 -Wall -Wextra -I"$ROOT/src" -o "$ROOT/bench/codec_bench" \
    "$ROOT/bench/codec_bench.c" "$ROOT/src/codec.c"; then
    "$ROOT/bench/codec_bench"
else
    echo "codec_bench did not compile; skipped"
fi
fi

# ---- 4. high-water mark renewals and the cost of their fsyncs --------------------
# With idgen preloaded, gen_sno(), gen_siq() and gen_muid() keep a mark of their
# time in idgen.hwm, renewed about once a second while they are busy: a new
# file written and fsynced, renamed over the old one, the directory fsynced.
# The same runs with fsync = on and off (a reload setting, which pg_fsync()
# honours) show what the fsyncs cost, in the time of the runs and in the time
# the backend was blocked; a watcher counts renewals in every run.
HWM_KEYS=""
for g in gen_sno gen_siq gen_snowflake; do
    case " $GENS " in *" $g "*) HWM_KEYS="$HWM_KEYS $g" ;; esac
done
case " $GENS " in *" gen_muid "*) HWM_KEYS="$HWM_KEYS gen_muid_tx" ;; esac
HWM_POLL_S=$(awk -v ms="$HWM_POLL_MS" 'BEGIN { printf "%.3f", ms / 1000 }')
HWM_FILE=$(sql -c 'SHOW data_directory')/idgen.hwm

# hwm_watch OUT: until killed, or the script is gone, write "ns inode" to OUT
# for the inode found at start and at every change.  Each renewal renames a
# new file over idgen.hwm, so each brings a new inode; two within one poll
# would count as one, which the shortest interval would show.
hwm_watch() {
    last=
    while kill -0 $$ 2>/dev/null; do
        i=$(stat -c %i "$HWM_FILE" 2>/dev/null) || i=none
        if [ "$i" != "$last" ]; then
            echo "$(date +%s%N) $i" >>"$1"
            last=$i
        fi
        sleep "$HWM_POLL_S"
    done
}

# hwm_fsync on|off: set fsync, and wait until a new backend has it (backends
# start with the postmaster's settings, which it rereads in its own time).
hwm_fsync() {
    sql -c "ALTER SYSTEM SET fsync = $1" -c 'SELECT pg_reload_conf()' >/dev/null
    w=0
    until [ "$(sql -c 'SHOW fsync')" = "$1" ]; do
        w=$((w + 1))
        [ "$w" -lt 100 ] || die "fsync = $1 is not in force 5 s after the reload"
        sleep 0.05
    done
}

# hwm_run KEY SETTING ROUND: one run under the watcher.  Appends "key setting
# round ns-per-id seconds ids renewals blocked-ms" to hwm.out (for gen_muid()
# x1 an id is a transaction, and blocked is "-"), and the intervals between
# its renewals to hwm_int.out.
hwm_run() {
    : >"$TMP/watch"
    hwm_watch "$TMP/watch" &
    wpid=$!
    while [ ! -s "$TMP/watch" ]; do sleep 0.01; done
    if [ "$1" = gen_muid_tx ]; then
        "$PG_BIN/pgbench" -n -M prepared -T "$HWM_TIME" -c 1 -j 1 \
            -f "$TMP/pgb_hwm.sql" "$DB" >"$TMP/pgb.log" 2>&1 ||
            { cat "$TMP/pgb.log"; die "pgbench failed (gen_muid() x1, fsync = $2)"; }
        tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$TMP/pgb.log")
        [ -n "$tps" ] || { cat "$TMP/pgb.log"; die "no tps in pgbench output"; }
        res=$(awk -v tps="$tps" -v t="$HWM_TIME" 'BEGIN { printf "%.2f %s %.0f", 1e9 / tps, t, tps * t }')
        blocked=-
    else
        n=$(awk -v k="$1" '$1 == k { print $2 }' "$TMP/hwm_n")
        expr=$(printf '%s' "$GEN_LINES" | awk -v k="$1" '$1 == k { print $2 }')
        q="\$q\$SELECT count($expr) FROM (SELECT generate_series(1, $n) AS g) s\$q\$"
        # the setting in force in the backend that runs the loop, its time,
        # and the part of it the backend was blocked
        if [ "$HWM_SCHED" = 1 ]; then
            q="SELECT current_setting('fsync'), ms, blocked FROM bench.ms_blocked($q)"
        else
            q="SELECT current_setting('fsync'), bench.ms($q), '-'"
        fi
        out=$(sql -F ' ' -c "$q") || die "the $1 loop failed (fsync = $2)"
        # shellcheck disable=SC2086 # one word per column
        set -- "$1" "$2" "$3" $out
        [ "$4" = "$2" ] || die "the $1 loop ran with fsync = $4, not $2"
        res=$(awk -v ms="$5" -v n="$n" 'BEGIN { printf "%.3f %.3f %d", ms * 1e6 / n, ms / 1000, n }')
        blocked=$6
        # the machine got faster: a longer loop from the next run on
        awk -v k="$1" -v ms="$5" -v t="$HWM_TIME" '
            $1 == k && ms < t * 1000 { $2 = sprintf("%d", int($2 * t * 1.2e3 / ms / 1e5 + 1) * 1e5) } { print }' \
            "$TMP/hwm_n" >"$TMP/hwm_n.new"
        mv "$TMP/hwm_n.new" "$TMP/hwm_n"
    fi
    kill "$wpid"
    wait "$wpid" 2>/dev/null || true
    # a renewal in the run's last poll interval, which the watcher missed
    i=$(stat -c %i "$HWM_FILE" 2>/dev/null) || i=none
    [ "$i" = "$(tail -n 1 "$TMP/watch" | cut -d ' ' -f 2)" ] || echo "$(date +%s%N) $i" >>"$TMP/watch"
    # the first line is the inode found at start, not a renewal
    echo "$1 $2 $3 $res $(($(wc -l <"$TMP/watch") - 1)) $blocked" >>"$TMP/hwm.out"
    awk -v k="$1" 'NR > 2 { printf "%s %.1f\n", k, ($1 - t) / 1e6 } { t = $1 }' \
        "$TMP/watch" >>"$TMP/hwm_int.out"
}

if part 4; then
echo
echo "== 4. high-water mark renewals (idgen.hwm) and the cost of their fsyncs"
if [ -z "$HWM_KEYS" ]; then
    echo "not measured: the extension has none of gen_sno, gen_siq, gen_muid"
else
    echo "loops: SELECT count(EXPR) FROM (SELECT generate_series(1, n) AS g) s, n for about" \
        "$(awk -v t="$HWM_TIME" 'BEGIN { printf "%.1f", t * 1.2 }') s, time measured in the server;" \
        "gen_muid() x1: pgbench -n -M prepared -T $HWM_TIME -c 1 -j 1, SELECT gen_muid(); a transaction"
    echo "$HWM_ROUNDS rounds; in each, every job runs with fsync = on and with fsync = off, one after" \
        "the other (which first alternates); renewals: changes of the inode of idgen.hwm, polled every" \
        "$HWM_POLL_MS ms in every run"
    # other processes make the noise that the fsyncs' cost is judged against
    echo "load average (1, 5, 15 min) at the start: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null ||
        echo unknown), $(nproc) cpus"

    echo "SELECT gen_muid();" >"$TMP/pgb_hwm.sql"
    # Where the CPUs are shared with other work, a loop's time varies far
    # more than the fsyncs could add; the time the backend was blocked (its
    # run time and run-queue wait from /proc/self/schedstat, Linux, taken
    # from the time of the loop) leaves the CPU contention out.
    sql <<'SQL'
CREATE FUNCTION bench.ms_blocked(q text, OUT ms float8, OUT blocked float8)
LANGUAGE plpgsql AS $$
DECLARE
    s0 text[] := string_to_array(pg_read_file('/proc/self/schedstat'), ' ');
    t0 timestamptz := clock_timestamp();
    s1 text[];
BEGIN
    EXECUTE q;
    ms := 1000 * extract(epoch FROM clock_timestamp() - t0);
    s1 := string_to_array(pg_read_file('/proc/self/schedstat'), ' ');
    blocked := ms - (s1[1]::numeric - s0[1]::numeric + s1[2]::numeric - s0[2]::numeric) / 1e6;
END $$;
SQL
    HWM_SCHED=0
    sql -c "SELECT * FROM bench.ms_blocked('SELECT 1')" >/dev/null 2>&1 && HWM_SCHED=1
    # A timed checkpoint with fsync = on would fall on one run only: leave it
    # nothing to do.
    sql -c CHECKPOINT
    # n for each loop, from the faster of two loops of 10^6 with fsync = off
    # (a warm-up too), with a margin: a busy machine slows the runs after it.
    : >"$TMP/hwm_n"
    for k in $HWM_KEYS; do
        [ "$k" != gen_muid_tx ] || continue
        expr=$(printf '%s' "$GEN_LINES" | awk -v k="$k" '$1 == k { print $2 }')
        q="bench.ms(\$q\$SELECT count($expr) FROM (SELECT generate_series(1, 1000000) AS g) s\$q\$)"
        ms=$(sql -c "SELECT least($q, $q)")
        awk -v k="$k" -v ms="$ms" -v t="$HWM_TIME" \
            'BEGIN { printf "%s %d\n", k, int(t * 1.2e9 / ms / 1e5 + 1) * 1e5 }' >>"$TMP/hwm_n"
    done
    : >"$TMP/hwm.out"
    : >"$TMP/hwm_int.out"
    # Each job's runs with fsync = on and off follow each other, the first
    # alternating, so that a change in the machine's load falls on both.
    r=1
    while [ "$r" -le "$HWM_ROUNDS" ]; do
        if [ $((r % 2)) = 1 ]; then order="on off"; else order="off on"; fi
        for k in $HWM_KEYS; do
            for s in $order; do
                hwm_fsync "$s"
                hwm_run "$k" "$s" "$r"
            done
        done
        r=$((r + 1))
    done
    hwm_fsync off

    # hwm.out: key setting round ns-per-id seconds ids renewals blocked-ms
    # hwm_int.out: key milliseconds between two renewals of a run
    awk -v poll="$HWM_POLL_MS" '
        function median(a, n,    i, j, x) {
            for (i = 2; i <= n; i++)
                for (j = i; j > 1 && a[j - 1] > a[j]; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
            return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        function name(k) { return k == "gen_muid_tx" ? "gen_muid() x1" : k "()" }
        function cost(k, x) { return sprintf(k == "gen_muid_tx" ? "%+.0f ns/transaction" : "%+.2f ns/id", x) }
        FILENAME == ARGV[1] {
            if (!($1 in runs)) keys[++nk] = $1
            c = ++cnt[$1, $2]; t[$1, $2, c] = $4
            if (c == 1 || $4 < lo[$1, $2]) lo[$1, $2] = $4
            if (c == 1 || $4 > hi[$1, $2]) hi[$1, $2] = $4
            runs[$1]++; secs[$1] += $5; ids[$1] += $6; nren[$1] += $7
            sids[$1, $2] += $6; sren[$1, $2] += $7
            if ($8 != "-") { hasblk[$1] = 1; blk[$1, $2] += $8 }
            next
        }
        {
            if (!ni[$1]++ || $2 < imin[$1]) imin[$1] = $2
            if ($2 > imax[$1]) imax[$1] = $2
            isum[$1] += $2
        }
        END {
            print ""
            print "renewals, all runs of both settings:"
            print "job              runs   s/run   renewals/run   renewals/s   ms between renewals: mean [min .. max]"
            for (i = 1; i <= nk; i++) {
                k = keys[i]
                iv = ni[k] ? sprintf("%6.0f [%.0f .. %.0f]", isum[k] / ni[k], imin[k], imax[k]) : "-"
                printf "  %-14s %4d   %5.1f   %12.1f   %10.2f   %s\n", name(k), runs[k],
                    secs[k] / runs[k], nren[k] / runs[k], nren[k] / secs[k], iv
            }
            print ""
            print "cost, medians of " cnt[keys[1], "on"] " rounds (slowest and fastest round in brackets):"
            print "job              fsync = on                         fsync = off                        on - off"
            for (i = 1; i <= nk; i++) {
                k = keys[i]
                for (s = 0; s < 2; s++) {
                    v = s ? "off" : "on"
                    for (c = 1; c <= cnt[k, v]; c++) a[c] = t[k, v, c]
                    med[k, v] = median(a, cnt[k, v])
                    if (k == "gen_muid_tx")
                        col[s] = sprintf("%6.0f tps [%.0f .. %.0f]", 1e9 / med[k, v], 1e9 / hi[k, v], 1e9 / lo[k, v])
                    else
                        col[s] = sprintf("%6.2f ns/id [%.2f .. %.2f]", med[k, v], lo[k, v], hi[k, v])
                }
                d[k] = med[k, "on"] - med[k, "off"]
                printf "  %-14s %-34s %-34s %s (%+.2f%%)\n", name(k), col[0], col[1], cost(k, d[k]),
                    100 * d[k] / med[k, "off"]
            }
            print ""
            for (i = 1; i <= nk; i++) {
                k = keys[i]
                busy = "never two in one run"
                if (ni[k])
                    busy = sprintf("%.0f ms apart while busy (%.2f/s)", isum[k] / ni[k], 1000 * ni[k] / isum[k])
                printf "renewals %s: %.2f/s, %.1f in a run of %.1f s; %s\n", name(k), nren[k] / secs[k],
                    nren[k] / runs[k], secs[k] / runs[k], busy
                if (ni[k] && imin[k] < 3 * poll)
                    printf "renewals %s: some only %.0f ms apart, near the %d ms poll: some may be uncounted\n",
                        name(k), imin[k], poll
            }
            for (i = 1; i <= nk; i++) {
                k = keys[i]
                # Within the spread when the slowest round of each setting is
                # at least as slow as the fastest of the other.
                within = lo[k, "on"] <= hi[k, "off"] && lo[k, "off"] <= hi[k, "on"]
                spread = 100 * (hi[k, "on"] - lo[k, "on"]) / med[k, "on"]
                if (100 * (hi[k, "off"] - lo[k, "off"]) / med[k, "off"] > spread)
                    spread = 100 * (hi[k, "off"] - lo[k, "off"]) / med[k, "off"]
                if (cnt[k, "on"] < 2 || cnt[k, "off"] < 2)
                    verdict = "one round of each: no spread to judge it by"
                else if (within)
                    verdict = sprintf("within the run-to-run spread (rounds of one setting differ by up to %.1f%%): not measurable in this run", spread)
                else if (d[k] <= 0)
                    verdict = sprintf("fsync = on ran faster, beyond the spread (up to %.1f%%): the load changed between runs, not measurable in this run", spread)
                else
                    verdict = sprintf("outside the run-to-run spread (rounds of one setting differ by up to %.1f%%)", spread)
                per = nren[k] > 0 ? sprintf("%+.2f ms", d[k] * ids[k] / nren[k] / 1e6) : "-"
                printf "fsync cost %s: %s (%+.2f%%), %s per renewal; %s\n", name(k), cost(k, d[k]),
                    100 * d[k] / med[k, "off"], per, verdict
            }
            for (i = 1; i <= nk; i++) {
                k = keys[i]
                if (!hasblk[k]) {
                    why = "no /proc/self/schedstat"
                    if (k == "gen_muid_tx")
                        why = "under pgbench the backend also waits for its client; a renewal is the same code"
                    printf "fsync wait %s: not measured (%s)\n", name(k), why
                    continue
                }
                # ms blocked per renewal and ns per id, with each setting
                for (s = 0; s < 2; s++) {
                    v = s ? "off" : "on"
                    bpr[v] = sren[k, v] ? blk[k, v] / sren[k, v] : 0
                    bpi[v] = blk[k, v] * 1e6 / sids[k, v]
                }
                printf "fsync wait %s: blocked %.2f ms per renewal with fsync = on, %.2f ms with off:" \
                    " %s (%+.2f%%)\n", name(k), bpr["on"], bpr["off"], cost(k, bpi["on"] - bpi["off"]),
                    100 * (bpi["on"] - bpi["off"]) / med[k, "off"]
            }
        }' "$TMP/hwm.out" "$TMP/hwm_int.out"
fi
fi

# ---- 5. latency: inserts against identity, calls against nextval() ------------
# What a caller waits for: with fsync = on and synchronous_commit = on (the
# bench cluster runs without them otherwise), each job's statement timed by
# the client.  Insert jobs add a row to a table whose primary key has the
# generator as DEFAULT, against a table with an identity column; call jobs
# run the generator alone, against nextval().  Low rate: every job once a
# round, in an order rotated each round, LAT_GAP s between two statements
# of one job; a warm-up round is not counted.  High rate: 4 clients
# (bench/lat_client.c), rounds of LAT_TIME s per job, each execution timed
# by its client.
if part 5; then
echo
echo "== 5. latency with fsync = on: inserts against an identity column, calls against nextval()"
sql -c "ALTER SYSTEM SET synchronous_commit = on" >/dev/null
hwm_fsync on
LAT_JOBS="ins_identity INSERT INTO bench.lat_identity (v) VALUES (1);
$(printf '%s' "$GEN_LINES" | awk '{ print "ins_" $1, "INSERT INTO bench.lat_" $1, "(v) VALUES (1);" }')
call_nextval SELECT nextval('bench.lat_seq');
$(printf '%s' "$GEN_LINES" | awk '{ print "call_" $1, "SELECT", $2 ";" }')"
NLAT=$(echo "$LAT_JOBS" | wc -l)
# No autovacuum on these tables: at the high rate its pass over all of them
# at once lands on whichever job runs then (p99.9 3-5x for that job alone)
LAT_WITH="WITH (autovacuum_enabled = false)"
{
    echo "CREATE TABLE bench.lat_identity (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v integer) $LAT_WITH;"
    echo "CREATE SEQUENCE bench.lat_seq;"
    printf '%s' "$GEN_LINES" | awk -v with="$LAT_WITH" '{ print "CREATE TABLE bench.lat_" $1, "(id", $8, "DEFAULT", $2, "PRIMARY KEY, v integer)", with ";" }'
} | sql
echo "low rate: every job once a round, $(awk -v g="$LAT_GAP" -v n="$NLAT" 'BEGIN { printf "%.3f", g / n }') s apart" \
    "(each job every $LAT_GAP s), order rotated each round; $LAT_ROUNDS rounds after 1 warm-up round;" \
    "psql's timing of each statement (a round trip over the unix socket, the commit included)"

# The script: "\echo @key" before each timed statement, the pauses untimed
r=0
while [ "$r" -le "$LAT_ROUNDS" ]; do
    echo "$LAT_JOBS" | awk -v r="$r" -v n="$NLAT" -v gap="$LAT_GAP" '
        { k[NR - 1] = $1; $1 = ""; sub(/^ +/, ""); q[NR - 1] = $0 }
        END {
            for (i = 0; i < n; i++) {
                j = (i + r) % n
                printf "\\echo @%d %s\n\\timing on\n%s\n\\timing off\nSELECT pg_sleep(%.4f);\n", r, k[j], q[j], gap / n
            }
        }'
    r=$((r + 1))
done >"$TMP/lat.sql"
sql -f "$TMP/lat.sql" | awk '
    /^@/ { r = substr($1, 2); k = $2; next }
    /^Time: / { if (k != "" && r > 0) print k, $2; k = "" }' >"$TMP/lat_low.out" ||
    die "the low-rate statements failed"

# High rate: LAT_HIGH_ROUNDS rounds of one run of bench/lat_client.c per
# job (4 clients, as pgbench -c 4 would be, each timing its own calls), the
# order rotated each round
echo "high rate: bench/lat_client.c, 4 clients running the job's statement (prepared) for $LAT_TIME s;" \
    "$LAT_HIGH_ROUNDS rounds, order rotated; every execution's round trip"
gcc -O2 -Wall -Wextra -pthread -I"$("$PG_CONFIG" --includedir)" -o "$TMP/lat_client" \
    "$ROOT/bench/lat_client.c" -L"$("$PG_CONFIG" --libdir)" -Wl,-rpath,"$("$PG_CONFIG" --libdir)" -lpq ||
    die "bench/lat_client.c did not compile"
: >"$TMP/lat_high.out"
r=0
while [ "$r" -lt "$LAT_HIGH_ROUNDS" ]; do
    echo "$LAT_JOBS" | awk -v r="$r" -v n="$NLAT" '
        { k[NR - 1] = $0 } END { for (i = 0; i < n; i++) print k[(i + r) % n] }' >"$TMP/lat_round"
    while read -r k script; do
        "$TMP/lat_client" "dbname=$DB" "$LAT_TIME" 4 "${script%;}" >"$TMP/lat_client.out" ||
            die "lat_client failed ($k)"
        awk -v k="$k" '{ print k, $1 }' "$TMP/lat_client.out" >>"$TMP/lat_high.out"
    done <"$TMP/lat_round"
    r=$((r + 1))
done
sql -c "ALTER SYSTEM RESET synchronous_commit" >/dev/null
hwm_fsync off

# lat_report RATE FILE: per job n, median, p90, p99 (p99.9 at the high rate)
# in ms, nearest rank; then each generator against its base (identity for
# inserts, nextval() for calls) and the acceptance lines: at the low rate
# the inserts of gen_sno, gen_siq and gen_muid within 1.15x of identity's
# median and 1.5x of its p90; at the high rate every generator call's p99.9
# within 2x of nextval()'s
lat_report() {
    sort -k1,1 -k2,2g "$2" | awk -v rate="$1" -v jobs="$(echo "$LAT_JOBS" | cut -d ' ' -f 1 | tr '\n' ' ')" '
    function pct(p) { i = int(p * cnt + 0.999999); return v[i < 1 ? 1 : i] }
    function flush() {
        if (cnt == 0) return
        n[key] = cnt; p50[key] = pct(0.5); p90[key] = pct(0.9); p99[key] = pct(0.99); p999[key] = pct(0.999)
        cnt = 0
    }
    { if ($1 != key) { flush(); key = $1 } v[++cnt] = $2 }
    END {
        flush()
        hi = rate == "high"
        print ""
        printf "%s rate (ms)           n     median      p90      p99%s   median/base  p90/base%s\n",
            rate, hi ? "    p99.9" : "", hi ? "  p99.9/base" : ""
        nj = split(jobs, o, " ")
        for (i = 1; i <= nj; i++) {
            k = o[i]
            if (!(k in n)) continue
            base = (k ~ /^ins_/) ? "ins_identity" : "call_nextval"
            name = k; sub(/^(ins|call)_/, "", name)
            name = (k ~ /^ins_/ ? "insert " : "call ") (name == "identity" ? "identity" : name == "nextval" ? "nextval()" : name "()")
            printf "  %-22s %6d %9.3f %8.3f %8.3f", name, n[k], p50[k], p90[k], p99[k]
            if (hi) printf " %8.3f", p999[k]
            if (k == base) { printf "   (base)\n"; continue }
            printf "   %9.2fx %8.2fx", p50[k] / p50[base], p90[k] / p90[base]
            if (hi) printf " %10.2fx", p999[k] / p999[base]
            printf "\n"
        }
        print ""
        for (i = 1; i <= nj; i++) {
            k = o[i]
            if (!(k in n)) continue
            if (!hi && (k == "ins_gen_sno" || k == "ins_gen_siq" || k == "ins_gen_muid")) {
                m = p50[k] / p50["ins_identity"]; q = p90[k] / p90["ins_identity"]
                printf "latency low rate insert %s(): median %.2fx identity (target <= 1.15x): %s; p90 %.2fx (target <= 1.5x): %s\n",
                    substr(k, 5), m, m <= 1.15 ? "PASS" : "FAIL", q, q <= 1.5 ? "PASS" : "FAIL"
            }
            if (hi && k ~ /^call_gen_/) {
                m = p999[k] / p999["call_nextval"]
                printf "latency high rate call %s(): p99.9 %.2fx nextval() (target <= 2x): %s\n",
                    substr(k, 6), m, m <= 2 ? "PASS" : "FAIL"
            }
        }
    }'
}
lat_report low "$TMP/lat_low.out"
lat_report high "$TMP/lat_high.out"
fi

# medians: lines "key value" in; "key median" out, one line per key
medians() {
    sort -k1,1 -k2,2g | awk '
    function flush() {
        if (cnt) print key, (cnt % 2) ? v[(cnt + 1) / 2] : (v[cnt / 2] + v[cnt / 2 + 1]) / 2
        cnt = 0
    }
    { if ($1 != key) { flush(); key = $1 } v[++cnt] = $2 }
    END { flush() }'
}

# ---- 6. bulk inserts against a bigint identity -----------------------------------
# One statement inserts BULK_ROWS rows into an empty table whose primary key
# has the generator as DEFAULT, against the same into a table with a bigint
# identity; jobs interleaved and rotated each round, the median of the
# rounds.  Then the leaf density of each primary key (pgstatindex): a key
# that only grows fills its leaves as the identity's does.
if part 6; then
echo
echo "== 6. bulk inserts: $BULK_ROWS rows in one statement, against a bigint identity"
BULK_KEYS="identity $(printf '%s' "$GEN_LINES" | cut -d ' ' -f 1 | tr '\n' ' ')"
{
    echo "CREATE TABLE bench.bulk_identity (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v integer);"
    printf '%s' "$GEN_LINES" | awk '{ print "CREATE TABLE bench.bulk_" $1, "(id", $8, "DEFAULT", $2, "PRIMARY KEY, v integer);" }'
} | sql
echo "INSERT INTO t (v) SELECT g FROM generate_series(1, $BULK_ROWS) g, into a truncated table;" \
    "$BULK_ROUNDS rounds after 1 warm-up round, jobs rotated each round; time measured in the server"
NBULK=$(echo "$BULK_KEYS" | wc -w)
r=0
while [ "$r" -le "$BULK_ROUNDS" ]; do
    echo "$BULK_KEYS" | tr ' ' '\n' | awk -v r="$r" -v n="$NBULK" -v rows="$BULK_ROWS" -v sq="'" '
        NF { k[c++] = $1 }
        END {
            for (i = 0; i < n; i++) {
                j = (i + r) % n
                printf "TRUNCATE bench.bulk_%s;\nCHECKPOINT;\n", k[j]
                printf "SELECT %d, %s, bench.ms($q$INSERT INTO bench.bulk_%s (v) SELECT g FROM generate_series(1, %d) g$q$);\n",
                    r, sq k[j] sq, k[j], rows
            }
        }'
    r=$((r + 1))
done >"$TMP/bulk.sql"
sql -F ' ' -f "$TMP/bulk.sql" | awk 'NF == 3' >"$TMP/bulk.out" || die "the bulk inserts failed"
DENSITY=
if sql -c "CREATE EXTENSION IF NOT EXISTS pgstattuple" >/dev/null 2>&1; then
    for k in $BULK_KEYS; do
        DENSITY="$DENSITY$k $(sql -c "SELECT avg_leaf_density FROM pgstatindex('bench.bulk_${k}_pkey')")
"
    done
fi
awk '$1 > 0 { print $2, $3 }' "$TMP/bulk.out" | medians |
    awk -v gens="$GEN_LINES" -v density="$DENSITY" -v order="$BULK_KEYS" '
    { med[$1] = $2 }
    END {
        nd = split(density, dl, "\n")
        for (i = 1; i <= nd; i++) if (split(dl[i], d, " ") == 2) dens[d[1]] = d[2]
        print ""
        print "table                 median ms   / identity   leaf density %"
        no = split(order, o, " ")
        for (i = 1; i <= no; i++) {
            k = o[i]
            if (!(k in med)) continue
            printf "  %-18s %12.1f %11.2fx   %s\n", (k == "identity" ? "bigint identity" : k "()"), med[k],
                med[k] / med["identity"], (k in dens) ? sprintf("%.2f", dens[k]) : "not measured"
        }
        print ""
        ng = split(gens, line, "\n")
        for (i = 1; i <= ng; i++) {
            if (split(line[i], f, " ") < 8 || !(f[1] in med) || f[7] == "-") continue
            r = med[f[1]] / med["identity"]
            printf "bulk insert %s(): %.2fx identity (target <= %sx): %s\n", f[1], r, f[7], (r <= f[7] ? "PASS" : "FAIL")
            if (f[1] in dens)
                printf "bulk insert %s(): leaf density %.2f%% (target >= 88%%): %s\n", f[1], dens[f[1]],
                    (dens[f[1]] >= 88 ? "PASS" : "FAIL")
            else
                print "bulk insert " f[1] "(): leaf density not measured (no pgstattuple)"
        }
    }'
fi

# ---- 7. queries by time on a uuid primary key ----------------------------------
# One row a second for BULK_ROWS seconds: a uuid primary key made of
# uuidv7_from_parts() of the row's time, and an indexed timestamptz column
# of the same time.  1000 one-hour counts on either column, each planned
# with its parameters (PL/pgSQL EXECUTE ... USING); rounds alternate which
# column goes first; medians.
if part 7 && has gen_uuidv7; then
echo
echo "== 7. queries by time: a uuid primary key against a timestamptz index, $BULK_ROWS rows"
sql <<SQL
CREATE TABLE bench.by_time (id uuid PRIMARY KEY, ts timestamptz NOT NULL);
INSERT INTO bench.by_time
SELECT uuidv7_from_parts(t), t
FROM (SELECT timestamptz '2026-01-01 00:00+00' + g * interval '1 s' AS t FROM generate_series(1, $BULK_ROWS) g) s;
CREATE INDEX ON bench.by_time (ts);
VACUUM ANALYZE bench.by_time;
-- n one-hour counts on column col, the hours spread over the table's time
CREATE FUNCTION bench.by_time_ms(col text, n integer) RETURNS float8 LANGUAGE plpgsql AS \$\$
DECLARE
    t0 timestamptz := clock_timestamp();
    hours integer := greatest($BULK_ROWS / 3600 - 1, 1);
    c bigint;
    a timestamptz;
BEGIN
    FOR i IN 1..n LOOP
        a := timestamptz '2026-01-01 00:00+00' + (i * 7 % hours) * interval '1 hour';
        EXECUTE format('SELECT count(*) FROM bench.by_time WHERE %I >= \$1 AND %I < \$2', col, col)
            INTO c USING a, a + interval '1 hour';
    END LOOP;
    RETURN 1000 * extract(epoch FROM clock_timestamp() - t0);
END \$\$;
SQL
r=0
: >"$TMP/by_time.out"
while [ "$r" -le "$BULK_ROUNDS" ]; do
    for col in $([ $((r % 2)) = 0 ] && echo id ts || echo ts id); do
        ms=$(sql -c "SELECT bench.by_time_ms('$col', 1000)")
        [ "$r" = 0 ] || echo "$col $ms" >>"$TMP/by_time.out"
    done
    r=$((r + 1))
done
medians <"$TMP/by_time.out" | awk -v rounds="$BULK_ROUNDS" '
    { med[$1] = $2 }
    END {
        print ""
        print "1000 one-hour counts by time (median of " rounds " rounds)   ms"
        printf "  %-42s %9.1f\n", "uuid primary key: id >= a AND id < b", med["id"]
        printf "  %-42s %9.1f\n", "timestamptz index: ts >= a AND ts < b", med["ts"]
        print ""
        q = med["id"] / med["ts"]
        printf "queries by time on the uuid primary key: %.2fx the timestamptz index (target <= 1.1x): %s\n", q, (q <= 1.1 ? "PASS" : "FAIL")
    }'
fi
