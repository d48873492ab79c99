--
-- UUIDv7 on core's uuid (SPEC section 11): gen_uuidv7(), the time of a
-- version 7 uuid and the smallest one at a time, uuids compared with times,
-- and what the planner makes of those comparisons: index conditions on a
-- plain uuid primary key, partition pruning, estimates from the column's
-- histogram.  Tests with several sessions or the server scope are in
-- t/031_uuidv7.pl.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;

-- The 74 random bits of a version 7 uuid (rand_a, rand_b) as a number
CREATE FUNCTION pg_temp.r74(u uuid) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT ((get_byte(b, 6) & 15) * 256 + get_byte(b, 7))::numeric * 2::numeric ^ 62
           + (get_byte(b, 8) & 63)::numeric * 2::numeric ^ 56
           + sum(get_byte(b, i)::numeric * 256::numeric ^ (15 - i))
    FROM (SELECT uuid_send(u) AS b) s, generate_series(9, 15) i GROUP BY b
$$;

-- A version 7 uuid at a time with random bits (from gen_random_uuid())
CREATE FUNCTION pg_temp.v7_at(ts timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE AS $$
    SELECT encode(overlay(r PLACING substr(uuid_send(uuidv7_from_parts(ts)), 1, 6) FROM 1), 'hex')::uuid
    FROM (SELECT set_byte(uuid_send(gen_random_uuid()), 6, 112 | (get_byte(uuid_send(gen_random_uuid()), 6) & 15)) AS r) s
$$;

SELECT generator, scope, node, node_source FROM idgen_stats() WHERE generator = 'uuidv7';

-- 1,000,000 values in one session: distinct, each above the one before,
-- version 7 and variant 10, the millisecond that of the clock: between
-- clock_timestamp() read just before the call (to the ms) and just after
-- it, so within 1 ms of the clock and the time between the two reads (a
-- fixed tolerance would fail whenever a busy machine pauses the process)
CREATE TEMP TABLE g AS
SELECT n, clock_timestamp() AS t0, gen_uuidv7() AS id, clock_timestamp() AS t FROM generate_series(1, 1000000) n;
SELECT count(*) AS calls,
       count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE id <= prev) AS not_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM g) s;
SELECT count(*) FILTER (WHERE get_byte(uuid_send(id), 6) >> 4 <> 7) AS not_version_7,
       count(*) FILTER (WHERE get_byte(uuid_send(id), 8) >> 6 <> 2) AS not_variant_10,
       count(*) FILTER (WHERE uuidv7_extract_timestamp(id) IS NULL) AS no_timestamp,
       count(*) FILTER (WHERE uuidv7_extract_timestamp(id) NOT BETWEEN date_trunc('milliseconds', t0) AND t) AS off_clock
FROM g;
-- Within a millisecond each value is the one before plus a random increment
-- of 1 to 2^32 in the 74 random bits (1 and 32 random bits), so that none
-- can be told from the one before: over the first 20,000 values, no
-- increment is outside that range, none is 1 (each is, one time in 2^32),
-- 99% or more are distinct (two of 20,000 meet one time in twenty), and
-- their mean is within 6 standard deviations of 2^31 (the increments of a
-- counter, all 1, are none of these)
SELECT count(*) > 0 AS same_ms_pairs_seen,
       count(*) FILTER (WHERE inc < 1 OR inc > 2::numeric ^ 32) AS outside_1_to_2_32,
       count(*) FILTER (WHERE inc = 1) AS plus_one,
       count(DISTINCT inc) >= 0.99 * count(*) AS distinct_increments,
       abs(avg(inc) / 2::numeric ^ 32 - 0.5) <= 6 * sqrt(1 / 12.0 / count(*)) AS mean_near_2_31
FROM (SELECT pg_temp.r74(id) - pg_temp.r74(prev) AS inc
      FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS prev FROM g WHERE n <= 20000) a
      WHERE uuidv7_extract_timestamp(id) = uuidv7_extract_timestamp(prev)) s;
-- On 17 and later, core's uuid_extract_timestamp() reads the same time from
-- every value (it does not exist before 17)
DO $$
DECLARE
    bad bigint;
BEGIN
    IF current_setting('server_version_num')::integer >= 170000 THEN
        EXECUTE 'SELECT count(*) FROM g
                 WHERE uuid_extract_timestamp(id) IS DISTINCT FROM uuidv7_extract_timestamp(id)'
        INTO bad;
        IF bad <> 0 THEN
            RAISE EXCEPTION 'core uuid_extract_timestamp() disagrees on % values', bad;
        END IF;
    END IF;
END
$$;
DROP TABLE g;

-- The clock steps back an hour: values keep increasing, on the millisecond
-- reached
CREATE TEMP TABLE g AS SELECT 0 AS n, gen_uuidv7() AS id;
SET idgen.clock_offset = '-1h';
INSERT INTO g SELECT n, gen_uuidv7() FROM generate_series(1, 10000) n;
RESET idgen.clock_offset;
SELECT count(*) FILTER (WHERE id <= prev) AS not_increasing,
       max(uuidv7_extract_timestamp(id)) - min(uuidv7_extract_timestamp(id)) < interval '1 s' AS on_the_ms_reached,
       (SELECT clock_regressions > 0 FROM idgen_stats() WHERE generator = 'uuidv7') AS regression_counted
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS prev FROM g) s;
DROP TABLE g;

-- Volatile: a new value for every row, as a column default; counted
CREATE TEMP TABLE d (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), n integer);
INSERT INTO d (n) SELECT generate_series(1, 1000);
SELECT count(DISTINCT id) AS distinct_ids FROM d;
DROP TABLE d;
SELECT generated > 0 AS counted FROM idgen_stats() WHERE generator = 'uuidv7';

-- uuidv7_extract_timestamp(): the millisecond of a version 7 uuid, null for
-- any other version or variant
SELECT u, uuidv7_extract_timestamp(u)
FROM (VALUES
    ('0192f3a5-6b00-7abc-8def-0123456789ab'::uuid),    -- version 7
    ('0192f3a5-6b00-7abc-bfff-ffffffffffff'),          -- version 7
    ('00000000-0000-7000-8000-000000000000'),          -- version 7, the first ms
    ('ffffffff-ffff-7fff-bfff-ffffffffffff'),          -- version 7, the last ms
    ('0192f3a5-6b00-4abc-8def-0123456789ab'),          -- version 4
    ('0192f3a5-6b00-8abc-8def-0123456789ab'),          -- version 8
    ('0192f3a5-6b00-7abc-cdef-0123456789ab'),          -- version 7, variant 110
    ('0192f3a5-6b00-7abc-0def-0123456789ab'),          -- version 7, variant 0
    ('00000000-0000-0000-0000-000000000000'),          -- nil
    ('ffffffff-ffff-ffff-ffff-ffffffffffff')           -- max
) v(u);

-- uuidv7_from_parts(): the smallest version 7 uuid at or after a time,
-- rounded up to the millisecond, then checked: 22008 outside 1970 to 10889
SELECT ts, try(format('uuidv7_from_parts(%L)', ts)) AS result
FROM (VALUES
    ('1970-01-01 00:00:00+00'),
    ('1970-01-01 00:00:00.000001+00'),
    ('2024-11-01 12:00:00+00'),
    ('2024-11-01 12:00:00.000001+00'),
    ('2024-11-01 12:00:00.999+00'),
    ('2024-11-01 12:00:00.999001+00'),
    ('10889-08-02 05:31:50.655+00'),
    ('1969-12-31 23:59:59.9999+00'),                   -- rounded up into 1970
    ('1969-12-31 23:59:59.999001+00'),
    ('1969-12-31 23:59:59.999+00'),
    ('10889-08-02 05:31:50.655001+00'),
    ('infinity'),
    ('-infinity')
) v(ts);
SELECT uuidv7_extract_timestamp(uuidv7_from_parts('2024-11-01 12:00:00.0005+00')) AS rounded_up,
       uuidv7_from_parts(NULL) IS NULL AS strict;

-- The names do not clash with core's uuidv7() and uuid_extract_timestamp()
-- (PostgreSQL 18 and 17)
SELECT count(*) AS idgen_functions_named_like_core
FROM pg_proc WHERE proname IN ('uuidv7', 'uuid_extract_timestamp')
  AND pronamespace = (SELECT extnamespace FROM pg_extension WHERE extname = 'idgen');

-- uuid compared with times.  id op t is the byte comparison of id with
-- uuidv7_from_parts(t); a time that rounds up to before 1970 is below every
-- uuid, one after 10889 above every uuid.  For version 7 values that is the
-- time rule: id >= t and id > t when the id's time is at or after t, id < t
-- and id <= t when before.  idgen_uuidv7_bound(t) is what the planner
-- compares with: uuidv7_from_parts(t), the nil uuid before 1970, the max
-- uuid after 10889; idgen_uuidv7_bound_before(t) the uuid before that.
SELECT ts, idgen_uuidv7_bound(ts::timestamptz), idgen_uuidv7_bound_before(ts::timestamptz)
FROM (VALUES ('2024-11-01 12:00:00.0005+00'), ('1960-01-01+00'), ('1969-12-31 23:59:59.9999+00'),
             ('1969-12-31 23:59:59.999+00'), ('-infinity'), ('20000-01-01+00'), ('infinity')) v(ts);
CREATE TEMP TABLE ids (id uuid);
INSERT INTO ids
SELECT b FROM (VALUES ('2024-11-01 11:59:59.999+00'::timestamptz), ('2024-11-01 12:00:00+00'),
                      ('2024-11-01 12:00:00.001+00'), ('1970-01-01+00'), ('10889-08-02 05:31:50.655+00')) t(ts),
     LATERAL (VALUES (uuidv7_from_parts(ts)), (pg_temp.v7_at(ts)), (pg_temp.v7_at(ts)),
                     (encode(overlay(uuid_send(uuidv7_from_parts(ts)) PLACING '\x7fffbfffffffffffffff'::bytea FROM 7), 'hex')::uuid)) v(b);
CREATE TEMP TABLE times (t timestamptz);
INSERT INTO times VALUES ('2024-11-01 11:59:59.999+00'), ('2024-11-01 11:59:59.999001+00'),
    ('2024-11-01 11:59:59.999999+00'), ('2024-11-01 12:00:00+00'), ('2024-11-01 12:00:00.000001+00'),
    ('2024-11-01 12:00:00.001+00'), ('1960-01-01+00'), ('1970-01-01+00'), ('20000-01-01+00'),
    ('-infinity'), ('infinity');
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (id < t) IS DISTINCT FROM (uuidv7_extract_timestamp(id) < t)) AS lt_wrong,
       count(*) FILTER (WHERE (id <= t) IS DISTINCT FROM (uuidv7_extract_timestamp(id) < t)) AS le_wrong,
       count(*) FILTER (WHERE (id >= t) IS DISTINCT FROM (uuidv7_extract_timestamp(id) >= t)) AS ge_wrong,
       count(*) FILTER (WHERE (id > t) IS DISTINCT FROM (uuidv7_extract_timestamp(id) >= t)) AS gt_wrong,
       count(*) FILTER (WHERE (t > id) IS DISTINCT FROM (uuidv7_extract_timestamp(id) < t)) AS t_gt_wrong,
       count(*) FILTER (WHERE (t >= id) IS DISTINCT FROM (uuidv7_extract_timestamp(id) < t)) AS t_ge_wrong,
       count(*) FILTER (WHERE (t <= id) IS DISTINCT FROM (uuidv7_extract_timestamp(id) >= t)) AS t_le_wrong,
       count(*) FILTER (WHERE (t < id) IS DISTINCT FROM (uuidv7_extract_timestamp(id) >= t)) AS t_lt_wrong,
       count(*) FILTER (WHERE id >= t) AS ge_true
FROM ids, times;
-- with constants
SELECT count(*) FILTER (WHERE id >= '2024-11-01 12:00:00+00'::timestamptz) AS ge_noon,
       count(*) FILTER (WHERE id > '2024-11-01 11:59:59.999001+00'::timestamptz) AS gt_just_before_noon,
       count(*) FILTER (WHERE '2024-11-01 12:00:00.000001+00'::timestamptz > id) AS before_just_after_noon,
       count(*) FILTER (WHERE id < '-infinity'::timestamptz) AS before_minus_infinity,
       count(*) FILTER (WHERE id >= 'infinity'::timestamptz) AS at_or_after_infinity,
       count(*) FILTER (WHERE id < '1960-01-01+00'::timestamptz) AS before_1960
FROM ids;
-- A hash index has no order: it answers no comparison with a time (its
-- only operator is =, which would find the bound alone), and the count is
-- that of the times
CREATE INDEX ids_hash ON ids USING hash (id);
SET enable_seqscan = off;
SELECT count(*) AS before_noon,
       (SELECT count(*) FROM ids WHERE uuidv7_extract_timestamp(id) < '2024-11-01 12:00:00+00') AS by_time
FROM ids WHERE id < '2024-11-01 12:00:00+00'::timestamptz;
RESET enable_seqscan;
DROP INDEX ids_hash;
-- The times before 1970 are below every uuid, the nil uuid too, and the
-- times after 10889 above every uuid, the max uuid too (time_extremes
-- checks every form)
SELECT '00000000-0000-0000-0000-000000000000'::uuid >= '-infinity'::timestamptz AS nil_at_minus_infinity,
       '00000000-0000-0000-0000-000000000000'::uuid < '1970-01-01+00'::timestamptz AS nil_before_1970,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid < 'infinity'::timestamptz AS max_before_infinity,
       'ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid < 'infinity'::timestamptz AS last_v7_before_infinity;
-- NULL stays NULL
SELECT NULL::uuid < now() AS null_id, gen_uuidv7() >= NULL::timestamptz AS null_time;

-- Containment: exactly when the id's time lies in the range, by the
-- range's own bounds; every kind of bound, empty, unbounded and infinite,
-- from a column and as constants
CREATE TEMP TABLE ranges (r tstzrange);
INSERT INTO ranges
SELECT tstzrange(a, b, k)
FROM (VALUES ('2024-11-01 11:59:59.999+00'::timestamptz), ('2024-11-01 12:00:00+00'),
             ('2024-11-01 12:00:00.000001+00'), (NULL), ('-infinity'), ('1970-01-01+00')) x(a),
     (VALUES ('2024-11-01 12:00:00+00'::timestamptz), ('2024-11-01 12:00:00.001+00'),
             ('2024-11-01 12:00:00.000999+00'), (NULL), ('infinity')) y(b),
     (VALUES ('[)'), ('(]'), ('[]'), ('()')) z(k)
WHERE a IS NULL OR b IS NULL OR a <= b;
INSERT INTO ranges VALUES ('empty');
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (id <@ r) IS DISTINCT FROM (uuidv7_extract_timestamp(id) <@ r)) AS contained_wrong,
       count(*) FILTER (WHERE (r @> id) IS DISTINCT FROM (uuidv7_extract_timestamp(id) <@ r)) AS contains_wrong,
       count(*) FILTER (WHERE (id <@ tstzmultirange(r, '[2024-11-01 11:59:59.999+00,2024-11-01 11:59:59.9995+00)'))
                        IS DISTINCT FROM (uuidv7_extract_timestamp(id) <@ tstzmultirange(r, '[2024-11-01 11:59:59.999+00,2024-11-01 11:59:59.9995+00)'))) AS multirange_wrong,
       count(*) FILTER (WHERE (tstzmultirange(r) @> id) IS DISTINCT FROM (uuidv7_extract_timestamp(id) <@ r)) AS multirange_contains_wrong,
       count(*) FILTER (WHERE id <@ r) AS contained
FROM ids, ranges;
DO $$
DECLARE
    r tstzrange;
    n_op bigint;
    n_ts bigint;
BEGIN
    FOR r IN SELECT * FROM ranges LOOP
        EXECUTE format('SELECT count(*) FROM ids WHERE id <@ %L::tstzrange', r) INTO n_op;
        EXECUTE format('SELECT count(*) FROM ids WHERE uuidv7_extract_timestamp(id) <@ %L::tstzrange', r) INTO n_ts;
        IF n_op <> n_ts THEN
            RAISE EXCEPTION 'id <@ % constant: % rows, the times give %', r, n_op, n_ts;
        END IF;
        EXECUTE format('SELECT count(*) FROM ids WHERE %L::tstzrange @> id', r) INTO n_op;
        IF n_op <> n_ts THEN
            RAISE EXCEPTION '% @> id constant: % rows, the times give %', r, n_op, n_ts;
        END IF;
    END LOOP;
END
$$;
SELECT count(*) FILTER (WHERE id <@ 'empty'::tstzrange) AS in_empty,
       count(*) FILTER (WHERE id <@ '(,)'::tstzrange) AS in_unbounded,
       count(*) FILTER (WHERE id <@ '[-infinity,infinity]'::tstzrange) AS in_infinite,
       count(*) FILTER (WHERE id <@ '{[2024-11-01 12:00:00+00,2024-11-01 12:00:00.001+00), [1970-01-01+00,1970-01-02+00)}'::tstzmultirange) AS in_multirange,
       count(*) FILTER (WHERE '{}'::tstzmultirange @> id) AS in_empty_multirange
FROM ids;
-- The max uuid lies in every range with no upper end or one after 10889,
-- and in no other
SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid <@ '[2024-01-01+00,)'::tstzrange AS max_in_unbounded,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid <@ '[2024-01-01+00,30000-01-01+00)'::tstzrange AS max_in_bounded;

-- A ulid cast to uuid has Unix milliseconds in its first 48 bits too: its
-- comparisons with times follow its time, except in the millisecond of
-- uuidv7_from_parts(t) itself, where bytes 6-15 below 7000-8000-0... (no
-- version 7 value has them) sort before the bound
SELECT u::uuid >= '2024-11-01 12:00:00+00'::timestamptz AS ulid_at_ms_low_bits,
       v::uuid >= '2024-11-01 12:00:00+00'::timestamptz AS ulid_at_ms_high_bits,
       u::uuid >= '2024-11-01 11:59:59.9985+00'::timestamptz AS ulid_after_time,
       u::uuid < '2024-11-01 12:00:00.0005+00'::timestamptz AS ulid_before_time,
       u::uuid <@ tstzrange('2024-11-01 11:59:59+00', '2024-11-01 12:00:00.0005+00') AS ulid_in_range
FROM (SELECT ulid_from_parts('2024-11-01 12:00:00+00', '\x00112233445566778899') AS u,
             ulid_from_parts('2024-11-01 12:00:00+00', '\xf0112233445566778899') AS v) s;
SELECT count(*) AS ulids, count(*) FILTER (WHERE id::uuid >= now() - interval '1 hour') AS recent,
       count(*) FILTER (WHERE id::uuid < now() - interval '1 hour') AS older
FROM (SELECT gen_ulid() AS id FROM generate_series(1, 1000)) s;

-- A uuid primary key filled over 20 days by gen_uuidv7() (its clock moved
-- back, 80 values an hour), with a timestamptz column of the same times: in
-- a new session, whose generator has issued nothing yet
\c -
SET DateStyle = 'ISO';
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;
CREATE FUNCTION pg_temp.v7_at(ts timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE AS $$
    SELECT encode(overlay(r PLACING substr(uuid_send(uuidv7_from_parts(ts)), 1, 6) FROM 1), 'hex')::uuid
    FROM (SELECT set_byte(uuid_send(gen_random_uuid()), 6, 112 | (get_byte(uuid_send(gen_random_uuid()), 6) & 15)) AS r) s
$$;
CREATE TABLE uq (id uuid PRIMARY KEY, ts timestamptz NOT NULL);
DO $$
BEGIN
    FOR h IN REVERSE 480..1 LOOP
        PERFORM set_config('idgen.clock_offset', (-h * 3600000 + 1800000)::text, true);
        INSERT INTO uq SELECT u, uuidv7_extract_timestamp(u)
        FROM (SELECT gen_uuidv7() AS u FROM generate_series(1, 80)) s;
    END LOOP;
END
$$;
INSERT INTO uq SELECT u, uuidv7_extract_timestamp(u) FROM (SELECT gen_uuidv7() AS u FROM generate_series(1, 80)) s;
CREATE INDEX ON uq (ts);
-- ANALYZE samples every row (300 times the target: 60,000 for 38,480), so
-- that the statistics, and the estimates below, are the same at every run
ALTER TABLE uq ALTER id SET STATISTICS 200, ALTER ts SET STATISTICS 200;
ANALYZE uq;
SELECT count(*) AS rows, max(ts) - min(ts) BETWEEN interval '19 days 23 hours' AND interval '20 days' AS over_20_days FROM uq;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM uq WHERE id >= now() - interval '3 days';
EXPLAIN (COSTS OFF) SELECT * FROM uq WHERE id <@ tstzrange('2024-11-01', '2024-11-02');
EXPLAIN (COSTS OFF) SELECT * FROM uq WHERE id <@ tstzrange(now() - interval '3 days', now() - interval '2 days');
EXPLAIN (COSTS OFF) SELECT * FROM uq WHERE id <@ '{[2024-11-01,2024-11-02), [2024-11-05,2024-11-06)}'::tstzmultirange;
RESET enable_seqscan;
-- The rows a query returns, and whether the estimate is within 2x of that
CREATE FUNCTION pg_temp.estimate(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
    estimate numeric;
    actual numeric;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF, FORMAT JSON) ' || query INTO plan;
    estimate := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
    actual := (plan -> 0 -> 'Plan' ->> 'Actual Rows')::numeric;
    RETURN actual::bigint || ' rows, '
           || CASE WHEN estimate BETWEEN actual / 2 AND greatest(actual * 2, 1) THEN 'within 2x'
                   ELSE 'estimated ' || estimate END;
END
$$;
SELECT pg_temp.estimate('SELECT * FROM uq WHERE id >= now() - interval ''3 days''') AS last_3_days,
       pg_temp.estimate('SELECT * FROM uq WHERE id < now() - interval ''3 days''') AS before,
       pg_temp.estimate('SELECT * FROM uq WHERE ts >= now() - interval ''3 days''') AS by_ts;
-- Containment in a multirange stays as written (its gaps are not two
-- comparisons): its estimate comes from the times of the uuid column's
-- histogram, range by range.  Values were made half past each hour.
SELECT pg_temp.estimate(format('SELECT * FROM uq WHERE id <@ tstzmultirange(tstzrange(%L, %L), tstzrange(%L, %L))',
                               now() - interval '50 hours', now() - interval '40 hours',
                               now() - interval '30 hours', now() - interval '25 hours')) AS multirange;
-- An hour, inside one bin of the histogram (of 4.8 hours): the comparisons
-- and containment stay as written on a table that is not partitioned, and
-- are estimated from the times of the uuid column's histogram, interpolated
-- inside the bin (core's estimator of uuids cannot, and says 1 row), as the
-- same hour of the timestamptz column is; with constants and with now()
SELECT pg_temp.estimate(format('SELECT * FROM uq WHERE id >= %L::timestamptz AND id < %L::timestamptz',
                               now() - interval '100 hours', now() - interval '99 hours')) AS hour,
       pg_temp.estimate(format('SELECT * FROM uq WHERE id <@ tstzrange(%L, %L)',
                               now() - interval '100 hours', now() - interval '99 hours')) AS hour_contained,
       pg_temp.estimate('SELECT * FROM uq WHERE id >= now() - interval ''100 hours'' AND id < now() - interval ''99 hours''') AS hour_now,
       pg_temp.estimate('SELECT * FROM uq WHERE id <@ tstzrange(now() - interval ''100 hours'', now() - interval ''99 hours'')') AS hour_now_contained,
       pg_temp.estimate('SELECT * FROM uq WHERE ts >= now() - interval ''100 hours'' AND ts < now() - interval ''99 hours''') AS hour_by_ts;
CREATE FUNCTION pg_temp.explain(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || query;
END
$$;
-- A volatile range gives no index condition: the range would be evaluated
-- once for each bound (the query still runs, its operator on each row),
-- even with sequential scans disabled
SET enable_seqscan = off;
SELECT count(*) FILTER (WHERE p LIKE '%Index Cond%') AS index_conditions,
       count(*) FILTER (WHERE p LIKE '%Filter: (id <@ tstzrange(%') AS filters
FROM pg_temp.explain('SELECT * FROM uq WHERE id <@ tstzrange(now() - random() * interval ''1 day'', now())') e(p);
-- and a stable one does
SELECT count(*) FILTER (WHERE p LIKE '%Index Cond%') AS index_conditions
FROM pg_temp.explain('SELECT * FROM uq WHERE id <@ tstzrange(now() - interval ''1 day'', now())') e(p);
RESET enable_seqscan;
-- Without an index scan, the comparisons are the filter, as written
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SELECT p FROM pg_temp.explain('SELECT * FROM uq WHERE id >= ''2024-11-01 00:00+00''::timestamptz AND id < ''2024-11-01 01:00+00''::timestamptz') e(p);
RESET enable_indexscan;
RESET enable_bitmapscan;
-- A volatile time gives no index condition either, and a stable one does,
-- with the operator as its filter (the bound of a time after 10889 is the
-- max uuid, which id >= the bound holds for and the operator does not)
SET enable_seqscan = off;
SELECT count(*) FILTER (WHERE p LIKE '%Index Cond%') AS index_conditions,
       count(*) FILTER (WHERE p LIKE '%Filter: (id >= (now() - %') AS filters
FROM pg_temp.explain('SELECT * FROM uq WHERE id >= now() - random() * interval ''1 day''') e(p);
SELECT count(*) FILTER (WHERE p LIKE '%Index Cond%') AS index_conditions,
       count(*) FILTER (WHERE p LIKE '%Filter%') AS filters
FROM pg_temp.explain('SELECT * FROM uq WHERE id >= now() - interval ''1 day'' AND now() - interval ''1 hour'' > id') e(p);
RESET enable_seqscan;
-- 1,000 random ranges (as constants, and as the parameter of a generic
-- plan): exactly the rows of the times in them; estimates of the constant
-- ones, a day or more long, within 2x
CREATE FUNCTION pg_temp.uq_ranges(generic boolean) RETURNS TABLE (ranges bigint, wrong bigint, estimate_off bigint)
LANGUAGE plpgsql AS $$
DECLARE
    lo timestamptz := (SELECT min(ts) FROM uq);
    r tstzrange;
    n_id bigint;
    n_ts bigint;
    plan json;
    est numeric;
BEGIN
    ranges := 0; wrong := 0; estimate_off := 0;
    FOR i IN 1..500 LOOP
        r := tstzrange(lo + random() * interval '19 days', NULL,
                       (ARRAY['[)', '(]', '[]', '()'])[1 + floor(random() * 4)::integer]);
        r := tstzrange(lower(r), lower(r) + interval '1 day' + random() * interval '2 days',
                       (ARRAY['[)', '(]', '[]', '()'])[1 + floor(random() * 4)::integer]);
        IF generic THEN
            EXECUTE format('EXECUTE uqr(%L)', r) INTO n_id;
        ELSE
            EXECUTE format('SELECT count(*) FROM uq WHERE id <@ %L::tstzrange', r) INTO n_id;
            EXECUTE format('EXPLAIN (FORMAT JSON) SELECT * FROM uq WHERE id <@ %L::tstzrange', r) INTO plan;
            est := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
        END IF;
        SELECT count(*) INTO n_ts FROM uq WHERE ts <@ r;
        ranges := ranges + 1;
        IF n_id <> n_ts THEN
            wrong := wrong + 1;
        END IF;
        IF NOT generic AND est NOT BETWEEN n_ts / 2.0 AND n_ts * 2.0 THEN
            estimate_off := estimate_off + 1;
        END IF;
    END LOOP;
    IF generic THEN
        estimate_off := NULL;
    END IF;
    RETURN NEXT;
END
$$;
SELECT * FROM pg_temp.uq_ranges(false);
PREPARE uqr(tstzrange) AS SELECT count(*) FROM uq WHERE id <@ $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE uqr('[2024-11-01,2024-11-02)');
SELECT * FROM pg_temp.uq_ranges(true);
RESET plan_cache_mode;
DEALLOCATE uqr;

-- On 18, the same with core's uuidv7(shift): index conditions, and exactly
-- the rows of the times
DO $$
DECLARE
    bad bigint;
    plan text;
BEGIN
    IF current_setting('server_version_num')::integer >= 180000 THEN
        CREATE TEMP TABLE uc (id uuid PRIMARY KEY);
        EXECUTE 'INSERT INTO uc SELECT uuidv7(-(h * interval ''1 hour'')) FROM generate_series(1, 480) h, generate_series(1, 20)';
        ANALYZE uc;
        SET LOCAL enable_seqscan = off;
        SELECT string_agg(p, E'\n') INTO plan
        FROM (SELECT * FROM pg_temp.explain('SELECT * FROM uc WHERE id >= now() - interval ''3 days''')) e(p);
        IF plan NOT LIKE '%Index Cond: (id >= idgen_uuidv7_bound((now() - %' THEN
            RAISE EXCEPTION 'no index condition on core uuidv7() values: %', plan;
        END IF;
        SELECT count(*) INTO bad
        FROM generate_series(1, 100) i,
             LATERAL (SELECT tstzrange(now() - random() * interval '20 days', NULL) AS r0) a,
             LATERAL (SELECT tstzrange(lower(r0), lower(r0) + random() * interval '3 days') AS r) b
        WHERE (SELECT count(*) FROM uc WHERE id <@ r) <> (SELECT count(*) FROM uc WHERE uuid_extract_timestamp(id) <@ r);
        IF bad <> 0 THEN
            RAISE EXCEPTION '% ranges wrong on core uuidv7() values', bad;
        END IF;
        DROP TABLE uc;
    END IF;
END
$$;

-- 12 monthly partitions with uuidv7_from_parts() bounds, ending with this
-- month: pruning keeps exactly the months a query touches, at plan time for
-- constants, at run time for now(), and for the parameters of a generic plan
CREATE TABLE up (id uuid NOT NULL, n integer) PARTITION BY RANGE (id);
DO $$
DECLARE
    m0 timestamptz := date_trunc('month', now()) - interval '11 months';
BEGIN
    FOR k IN 0..11 LOOP
        EXECUTE format('CREATE TABLE up_m%s PARTITION OF up FOR VALUES FROM (%L) TO (%L)',
                       to_char(k + 1, 'FM00'),
                       uuidv7_from_parts(m0 + k * interval '1 month'),
                       uuidv7_from_parts(m0 + (k + 1) * interval '1 month'));
        EXECUTE format('INSERT INTO up SELECT pg_temp.v7_at(%L::timestamptz + i * interval ''1 day''), i FROM generate_series(0, 27) i',
                       m0 + k * interval '1 month');
    END LOOP;
END
$$;
CREATE INDEX ON up (id);
ANALYZE up;
CREATE FUNCTION pg_temp.month(k integer) RETURNS timestamptz
LANGUAGE sql STABLE AS $$ SELECT date_trunc('month', now()) - (11 - (k - 1)) * interval '1 month' $$;
-- The partitions a query scans, and how many run-time pruning removed
CREATE FUNCTION pg_temp.scanned(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
    parts text[] := '{}';
    removed text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
        IF line ~ ' on up\w+' AND line !~ 'never executed' THEN
            parts := parts || substring(line FROM ' on (up\w+)');
        ELSIF line ~ 'Subplans Removed' THEN
            removed := ', ' || trim(line);
        END IF;
    END LOOP;
    RETURN array_to_string(parts, ' ') || removed;
END
$$;
SELECT query, pg_temp.scanned(q) FROM (VALUES
    ('id >= month 11', format('SELECT * FROM up WHERE id >= %L::timestamptz', pg_temp.month(11))),
    ('id >= month 3 AND id < month 5', format('SELECT * FROM up WHERE id >= %L::timestamptz AND id < %L::timestamptz', pg_temp.month(3), pg_temp.month(5))),
    ('id > month 3 AND id <= month 5 + 1 us', format('SELECT * FROM up WHERE id > %L::timestamptz AND id <= %L::timestamptz', pg_temp.month(3), pg_temp.month(5) + interval '1 us')),
    ('id <@ [month 3, month 5)', format('SELECT * FROM up WHERE id <@ tstzrange(%L, %L)', pg_temp.month(3), pg_temp.month(5))),
    ('id <@ [month 3, month 5]', format('SELECT * FROM up WHERE id <@ tstzrange(%L, %L, ''[]'')', pg_temp.month(3), pg_temp.month(5))),
    ('month 2 > id', format('SELECT * FROM up WHERE %L::timestamptz > id', pg_temp.month(2)))
) v(query, q);
SELECT pg_temp.scanned('SELECT * FROM up WHERE id >= date_trunc(''month'', now())') AS this_month,
       pg_temp.scanned('SELECT * FROM up WHERE id >= date_trunc(''month'', now()) - interval ''1 month''') AS two_months,
       pg_temp.scanned('SELECT * FROM up WHERE id < date_trunc(''month'', now()) - interval ''10 months''') AS first_month;
PREPARE upq(timestamptz, timestamptz) AS SELECT * FROM up WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_generic_plan;
SELECT pg_temp.scanned(format('EXECUTE upq(%L, %L)', pg_temp.month(3), pg_temp.month(5))) AS generic_two_months,
       pg_temp.scanned(format('EXECUTE upq(%L, %L)', pg_temp.month(7), pg_temp.month(7) + interval '1 day')) AS generic_one_month;
RESET plan_cache_mode;
DEALLOCATE upq;
-- id <@ r for a range known at run time (pg_temp.month() reads now()) and
-- for a generic plan's parameter: pruned when the query starts.  It is
-- compared with id <= the uuid before the bound of r's end, so that an end
-- at a partition bound prunes the partition that starts there.
SELECT pg_temp.scanned('SELECT * FROM up WHERE id <@ tstzrange(pg_temp.month(3), pg_temp.month(5))') AS now_two_months,
       pg_temp.scanned('SELECT * FROM up WHERE id <@ tstzrange(pg_temp.month(3) + interval ''1 day'', pg_temp.month(4) + interval ''2 days'')') AS now_within,
       (SELECT count(*) FROM up WHERE id <@ tstzrange(pg_temp.month(3), pg_temp.month(5))) AS rows;
-- The same with @>, in an OR (the partitions of both ranges) and under NOT,
-- each giving the rows of the times
SELECT pg_temp.scanned('SELECT * FROM up WHERE tstzrange(pg_temp.month(3) + interval ''1 day'', pg_temp.month(4) + interval ''2 days'') @> id') AS now_contains,
       pg_temp.scanned('SELECT * FROM up WHERE id <@ tstzrange(pg_temp.month(2), pg_temp.month(2) + interval ''1 day'') OR id <@ tstzrange(pg_temp.month(9), NULL)') AS now_or;
SELECT count(*) FILTER (WHERE tstzrange(pg_temp.month(3) + interval '1 day', pg_temp.month(4) + interval '2 days') @> id) AS contains,
       count(*) FILTER (WHERE tstzrange(pg_temp.month(3) + interval '1 day', pg_temp.month(4) + interval '2 days') @> uuidv7_extract_timestamp(id)) AS contains_by_time,
       (SELECT count(*) FROM up WHERE id <@ tstzrange(pg_temp.month(2), pg_temp.month(2) + interval '1 day') OR id <@ tstzrange(pg_temp.month(9), NULL)) AS "or",
       count(*) FILTER (WHERE uuidv7_extract_timestamp(id) <@ tstzrange(pg_temp.month(2), pg_temp.month(2) + interval '1 day') OR uuidv7_extract_timestamp(id) >= pg_temp.month(9)) AS or_by_time,
       (SELECT count(*) FROM up WHERE NOT (id <@ tstzrange(pg_temp.month(3), NULL))) AS "not",
       count(*) FILTER (WHERE uuidv7_extract_timestamp(id) < pg_temp.month(3)) AS not_by_time
FROM up;
PREPARE upr(tstzrange) AS SELECT * FROM up WHERE id <@ $1;
SET plan_cache_mode = force_generic_plan;
SELECT pg_temp.scanned(format('EXECUTE upr(%L)', tstzrange(pg_temp.month(3) + interval '1 day', pg_temp.month(4) + interval '2 days'))) AS generic_within,
       pg_temp.scanned(format('EXECUTE upr(%L)', tstzrange(pg_temp.month(11), NULL))) AS generic_unbounded;
RESET plan_cache_mode;
DEALLOCATE upr;
-- id <@ m for a multirange: pruned by its overall bounds, the operator kept
-- for its gaps; at plan time for a constant (1-4), when the query starts
-- for one known at run time (5) and for a generic plan's parameter (6).  An
-- empty multirange prunes every partition (2); one unbounded below and
-- infinite above prunes nothing (3); one infinite above prunes the months
-- before it (4).  The rows are those of the times.
CREATE FUNCTION pg_temp.multirange(k integer) RETURNS tstzmultirange
LANGUAGE sql STABLE AS $$
    SELECT CASE k
        WHEN 1 THEN tstzmultirange(tstzrange(pg_temp.month(3) + interval '1 day', pg_temp.month(3) + interval '3 days'),
                                   tstzrange(pg_temp.month(5), pg_temp.month(5) + interval '1 day'))
        WHEN 2 THEN '{}'
        WHEN 3 THEN tstzmultirange(tstzrange(NULL, pg_temp.month(1) + interval '1 day'),
                                   tstzrange(pg_temp.month(11), 'infinity', '[]'))
        WHEN 4 THEN tstzmultirange(tstzrange(pg_temp.month(9), pg_temp.month(9) + interval '1 day'),
                                   tstzrange(pg_temp.month(10) + interval '1 day', 'infinity'))
    END
$$;
SELECT k, pg_temp.scanned(format('SELECT * FROM up WHERE id <@ %L::tstzmultirange', pg_temp.multirange(k))) AS partitions,
       (SELECT count(*) FROM up WHERE id <@ pg_temp.multirange(k)) AS rows,
       (SELECT count(*) FROM up WHERE uuidv7_extract_timestamp(id) <@ pg_temp.multirange(k)) AS rows_by_time
FROM generate_series(1, 4) k;
SELECT pg_temp.scanned('SELECT * FROM up WHERE tstzmultirange(tstzrange(pg_temp.month(3) + interval ''1 day'', pg_temp.month(3) + interval ''3 days''),
                                                             tstzrange(pg_temp.month(5), pg_temp.month(5) + interval ''1 day'')) @> id') AS now_multirange;
PREPARE upm(tstzmultirange) AS SELECT * FROM up WHERE id <@ $1;
SET plan_cache_mode = force_generic_plan;
SELECT pg_temp.scanned(format('EXECUTE upm(%L)', pg_temp.multirange(1))) AS generic_multirange,
       pg_temp.scanned(format('EXECUTE upm(%L)', pg_temp.multirange(4))) AS generic_infinite;
RESET plan_cache_mode;
DEALLOCATE upm;
-- Every row is in the partition of its time
SELECT count(*) AS rows,
       count(*) FILTER (WHERE date_trunc('month', uuidv7_extract_timestamp(id)) <>
                              pg_temp.month(substring(tableoid::regclass::text FROM 'up_m(\d\d)')::integer)) AS misplaced
FROM up;
-- A constant time that is no partition bound is compared with the partition
-- bound next to it, which prunes the same, and the operator stays beside it:
-- the estimates come from the times of each partition's histogram, as
-- without partitions.  A comparison with the time's own bound would get
-- core's estimate, which cannot place a uuid within a bin (of 7.4 hours
-- here) and says 1 row for the three hours below.  A row an hour.
CREATE TABLE upe (id uuid NOT NULL, n integer) PARTITION BY RANGE (id);
CREATE TABLE upe_jan PARTITION OF upe
    FOR VALUES FROM (uuidv7_from_parts('2024-01-01')) TO (uuidv7_from_parts('2024-02-01'));
CREATE TABLE upe_feb PARTITION OF upe
    FOR VALUES FROM (uuidv7_from_parts('2024-02-01')) TO (uuidv7_from_parts('2024-03-01'));
INSERT INTO upe SELECT pg_temp.v7_at(t), i
FROM generate_series('2024-01-01'::timestamptz, '2024-02-29 23:00', '1 hour') WITH ORDINALITY g(t, i);
CREATE INDEX ON upe (id);
ANALYZE upe;
SELECT query, pg_temp.estimate(q), pg_temp.scanned(q) FROM (VALUES
    ('three hours', 'SELECT * FROM upe WHERE id >= ''2024-01-10 01:30''::timestamptz AND id < ''2024-01-10 04:30''::timestamptz'),
    ('three hours, <@', 'SELECT * FROM upe WHERE id <@ tstzrange(''2024-01-10 01:30'', ''2024-01-10 04:30'')'),
    ('five hours across months', 'SELECT * FROM upe WHERE id >= ''2024-01-31 21:30''::timestamptz AND id < ''2024-02-01 02:30''::timestamptz'),
    ('five hours across months, <@', 'SELECT * FROM upe WHERE id <@ tstzrange(''2024-01-31 21:30'', ''2024-02-01 02:30'')'),
    ('from Feb 20 12:30', 'SELECT * FROM upe WHERE id >= ''2024-02-20 12:30''::timestamptz'),
    ('Jan 5 00:30 > id', 'SELECT * FROM upe WHERE ''2024-01-05 00:30''::timestamptz > id'),
    ('before 2025 (no bound after)', 'SELECT * FROM upe WHERE id < ''2025-01-01''::timestamptz'),
    ('three hours AND n > 0', 'SELECT * FROM upe WHERE n > 0 AND id >= ''2024-01-10 01:30''::timestamptz AND n < 10000 AND id < ''2024-01-10 04:30''::timestamptz')
) v(query, q);
SELECT * FROM pg_temp.explain('SELECT * FROM upe WHERE id >= ''2024-01-10 01:30''::timestamptz AND id < ''2024-01-10 04:30''::timestamptz');
-- A default partition is pruned as with the time's own bound: kept for a
-- time outside the partitions, not for one inside
CREATE TABLE upe_other PARTITION OF upe DEFAULT;
INSERT INTO upe VALUES (pg_temp.v7_at('2024-03-10'), 0);
ANALYZE upe;
SELECT pg_temp.scanned('SELECT * FROM upe WHERE id >= ''2024-01-10 01:30''::timestamptz AND id < ''2024-01-10 04:30''::timestamptz') AS inside,
       pg_temp.scanned('SELECT * FROM upe WHERE id >= ''2024-03-09 01:30''::timestamptz AND id < ''2024-03-11 04:30''::timestamptz') AS outside;
-- id <@ r with r known only at run time gives exactly the rows the operator
-- selects, the nil and the max uuid too: the max uuid is the bound of an
-- unbounded or infinite end, and id <= it holds for every id.  Generic
-- plans on upe's partitions, with and without their indexes, and on a
-- table that is not partitioned, with its index.
INSERT INTO upe VALUES ('00000000-0000-0000-0000-000000000000', -1),
                       ('ffffffff-ffff-ffff-ffff-ffffffffffff', -2);
CREATE TEMP TABLE upn AS SELECT * FROM upe;
CREATE INDEX ON upn (id);
ANALYZE upe, upn;
-- The count a prepared statement gives, planned (at its first run) with or
-- without seq scans
CREATE FUNCTION pg_temp.run_count(stmt text, seqscan boolean) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    n bigint;
BEGIN
    PERFORM set_config('enable_seqscan', seqscan::text, true);
    EXECUTE stmt INTO n;
    PERFORM set_config('enable_seqscan', 'on', true);
    RETURN n;
END
$$;
PREPARE upe_seq(tstzrange) AS SELECT count(*) FROM upe WHERE id <@ $1;
PREPARE upe_idx(tstzrange) AS SELECT count(*) FROM upe WHERE id <@ $1;
PREPARE upn_idx(tstzrange) AS SELECT count(*) FROM upn WHERE id <@ $1;
SET plan_cache_mode = force_generic_plan;
SELECT r, (SELECT count(*) FROM (SELECT id FROM upe OFFSET 0) s WHERE id <@ r::tstzrange) AS operator,
       pg_temp.run_count(format('EXECUTE upe_seq(%L)', r), true) AS partitions,
       pg_temp.run_count(format('EXECUTE upe_idx(%L)', r), false) AS their_indexes,
       pg_temp.run_count(format('EXECUTE upn_idx(%L)', r), false) AS one_index
FROM unnest(ARRAY['[2024-01-10,)', '[2024-02-10,infinity]', '(,)', '(,1970-01-01 00:00]',
                  '[1970-01-01,1970-01-01 00:00:00.001)', '(2024-01-31 21:00,2024-02-01 00:00]',
                  '[2024-02-01,2024-02-01 03:00)', '[10889-08-02 05:31:50.655,)', 'empty']) r;
SELECT * FROM pg_temp.explain('EXECUTE upe_idx(''[2024-01-10,)'')');
SELECT * FROM pg_temp.explain('EXECUTE upn_idx(''[2024-01-10,)'')');
RESET plan_cache_mode;
DEALLOCATE upe_seq;
DEALLOCATE upe_idx;
DEALLOCATE upn_idx;
DROP TABLE upn;
DELETE FROM upe WHERE n < 0;
-- Partitions partitioned again, by the same column: compared with the
-- times' own bounds, which prune exactly at every level (the estimates are
-- core's)
CREATE TABLE ups (id uuid NOT NULL, n integer) PARTITION BY RANGE (id);
CREATE TABLE ups_q1 PARTITION OF ups
    FOR VALUES FROM (uuidv7_from_parts('2024-01-01')) TO (uuidv7_from_parts('2024-04-01'))
    PARTITION BY RANGE (id);
CREATE TABLE ups_jan PARTITION OF ups_q1
    FOR VALUES FROM (uuidv7_from_parts('2024-01-01')) TO (uuidv7_from_parts('2024-02-01'));
CREATE TABLE ups_feb PARTITION OF ups_q1
    FOR VALUES FROM (uuidv7_from_parts('2024-02-01')) TO (uuidv7_from_parts('2024-03-01'));
CREATE TABLE ups_mar PARTITION OF ups_q1
    FOR VALUES FROM (uuidv7_from_parts('2024-03-01')) TO (uuidv7_from_parts('2024-04-01'));
INSERT INTO ups SELECT * FROM upe;
ANALYZE ups;
SELECT pg_temp.scanned('SELECT * FROM ups WHERE id >= ''2024-02-10 01:30''::timestamptz AND id < ''2024-02-10 04:30''::timestamptz') AS feb_hours,
       pg_temp.scanned('SELECT * FROM ups WHERE id <@ tstzrange(''2024-01-31 21:30'', ''2024-02-01 02:30'')') AS across_months,
       (SELECT count(*) FROM ups WHERE id >= '2024-02-10 01:30'::timestamptz AND id < '2024-02-10 04:30'::timestamptz) AS feb_rows;
DROP TABLE up, uq, upe, ups;
-- Every random bit of the layout varies: 300 values, each in a millisecond
-- of its own, so each from a random start of its own; a bit that the pack
-- lost or fixed would never change.  The random bits: rand_a, the low
-- nibble of byte 6 and byte 7; rand_b, the low 6 bits of byte 8 and bytes 9
-- to 15.
WITH v AS (
    SELECT uuid_send(gen_uuidv7()) AS b
    FROM generate_series(1, 300) g, LATERAL (SELECT pg_sleep(0.0011) WHERE g > 0) s
), masks (j, m) AS (
    VALUES (6, 15), (7, 255), (8, 63), (9, 255), (10, 255), (11, 255), (12, 255), (13, 255),
           (14, 255), (15, 255)
), bits AS (
    SELECT j, k, sum((get_byte(b, j) >> k) & 1) AS ones
    FROM v, masks, generate_series(0, 7) k
    WHERE (m >> k) & 1 = 1
    GROUP BY j, k
)
SELECT count(*) AS random_bits, count(*) FILTER (WHERE ones IN (0, 300)) AS never_change
FROM bits;
