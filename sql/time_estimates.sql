--
-- Ids compared with times (SPEC section 10): the row estimates where
-- time_queries' within-2x checks would not notice a wrong one (a table never
-- analyzed, a histogram ANALYZE made from every row, times past the newest
-- id ANALYZE saw), a range from a subquery, the memory of index rescans,
-- and the estimators and support function attached by hand to other types.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- The planner's row estimate for a query (its top node's), and the rows it
-- returns
CREATE FUNCTION te_estimate(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
END
$$;
CREATE FUNCTION te_actual(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    n bigint;
BEGIN
    EXECUTE 'SELECT count(*) FROM (' || query || ') q' INTO n;
    RETURN n;
END
$$;

--
-- A table never analyzed: PostgreSQL's defaults for ranges of scalars, of
-- the 10,000 rows VACUUM counted: a third for a one-sided range, 0.5% for a
-- bounded one (and for two comparisons bounding one), every row for an
-- unbounded range, none (one row) for an empty one
--
CREATE TABLE te_fresh (id wiji PRIMARY KEY) WITH (autovacuum_enabled = off);
INSERT INTO te_fresh SELECT wiji_from_parts('2024-03-01'::timestamptz + n * interval '1 minute', 0, n)
FROM generate_series(1, 10000) n;
VACUUM te_fresh;
SELECT reltuples, (SELECT count(*) FROM pg_stats WHERE tablename = 'te_fresh') AS stats
FROM pg_class WHERE relname = 'te_fresh';
SELECT cond, te_estimate('SELECT * FROM te_fresh WHERE ' || cond) AS estimate
FROM (VALUES (1, $$id >= '2024-03-03'::timestamptz$$),
             (2, $$id < '2024-03-03'::timestamptz$$),
             (3, $$'2024-03-03'::timestamptz <= id$$),
             (4, $$id <@ tstzrange('2024-03-03', NULL)$$),
             (5, $$id <@ tstzrange(NULL, '2024-03-03')$$),
             (6, $$id <@ tstzrange('2024-03-03', '2024-03-04')$$),
             (7, $$tstzrange('2024-03-03', '2024-03-04', '[]') @> id$$),
             (8, $$wiji_contained_by_tstzrange(id, tstzrange('2024-03-03', '2024-03-04'))$$),
             (9, $$id >= '2024-03-03'::timestamptz AND id < '2024-03-04'::timestamptz$$),
             (10, $$id <@ '(,)'::tstzrange$$),
             (11, $$id <@ 'empty'::tstzrange$$)) q(n, cond)
ORDER BY n;
DROP TABLE te_fresh;

--
-- A histogram ANALYZE makes from every row (1,000 ids a minute apart, 10
-- bins): its bounds are the ids at 0, 99, 199, ... 999 minutes, and the
-- times in between are interpolated linearly, so a range of 250 minutes is
-- estimated at 250 rows, the same as the comparisons bounding it
--
CREATE TABLE te_whole (id wiji PRIMARY KEY) WITH (autovacuum_enabled = off);
ALTER TABLE te_whole ALTER id SET STATISTICS 10;
INSERT INTO te_whole SELECT wiji_from_parts('2024-03-01'::timestamptz + n * interval '1 minute', 0, n)
FROM generate_series(0, 999) n;
ANALYZE te_whole;
SELECT array_length(histogram_bounds::text::wiji[], 1) AS bounds,
       (SELECT array_agg(round(extract(epoch FROM wiji_extract_timestamp(b) - '2024-03-01'::timestamptz) / 60))
        FROM unnest(histogram_bounds::text::wiji[]) b) AS minutes,
       most_common_vals IS NULL AS no_mcv
FROM pg_stats WHERE tablename = 'te_whole';
SELECT cond, te_estimate('SELECT * FROM te_whole WHERE ' || cond) AS estimate,
       te_actual('SELECT * FROM te_whole WHERE ' || cond) AS actual
FROM (VALUES (1, $$id <@ tstzrange('2024-03-01 04:10:00+00', '2024-03-01 08:20:00+00')$$),
             (2, $$id >= '2024-03-01 04:10:00+00'::timestamptz AND id < '2024-03-01 08:20:00+00'::timestamptz$$),
             (3, $$tstzrange('2024-03-01 04:10:00+00', '2024-03-01 08:20:00+00') @> id$$)) q(n, cond)
ORDER BY n;
DROP TABLE te_whole;

--
-- Times past the newest id ANALYZE saw: rows made since ANALYZE (one a
-- second, for the last 2 minutes), and older ones loaded since (in the 2
-- minutes before the first).  In the histogram's first and last bins and
-- beyond them, the estimate reads the actual first and last ids from the
-- primary key, as PostgreSQL does for its own scalars, and interpolates up
-- to them: the last minute is about 60 rows, not half of the last bin
-- (300).  One transaction, so that now() stays put.
--
BEGIN;
CREATE TABLE te_recent (id wiji PRIMARY KEY) WITH (autovacuum_enabled = off);
INSERT INTO te_recent SELECT wiji_from_parts(now() - interval '2 minutes' - n * interval '1 second', 0, n)
FROM generate_series(1, 60000) n;
ANALYZE te_recent;
INSERT INTO te_recent SELECT wiji_from_parts(now() - n * interval '1 second', 1, n)
FROM generate_series(0, 119) n;
INSERT INTO te_recent SELECT wiji_from_parts(now() - interval '60120 seconds' - n * interval '1 second', 2, n)
FROM generate_series(1, 120) n;
CREATE FUNCTION te_close(estimate bigint, actual bigint) RETURNS boolean
LANGUAGE sql AS $$ SELECT estimate BETWEEN actual / 2.0 AND actual * 2.0 OR abs(estimate - actual) <= 10 $$;
SELECT cond, te_actual('SELECT * FROM te_recent WHERE ' || cond) AS actual,
       te_close(te_estimate('SELECT * FROM te_recent WHERE ' || cond),
                te_actual('SELECT * FROM te_recent WHERE ' || cond)) AS "within 2x or 10 rows"
FROM (VALUES (1, $$id >= now() - interval '1 minute'$$),
             (2, $$id <@ tstzrange(now() - interval '1 minute', NULL)$$),
             (3, $$id >= now() - interval '90 seconds' AND id < now() - interval '30 seconds'$$),
             (4, $$id < now() - interval '60180 seconds'$$),
             (5, $$id >= now() + interval '1 minute'$$)) q(n, cond)
ORDER BY n;
ROLLBACK;

-- The same on a uuid column: the actual first and last ids are read with
-- uuid's own <, core's family having no comparisons with times.  Version 7
-- uuids with random bits, one a second over the 60,000 seconds before the
-- last 2 minutes, then, after ANALYZE, one a second in the last 2 minutes
-- and one from gen_uuidv7(): 61 in the last minute, which the histogram
-- alone (its last id 2 minutes old) would put at none.
BEGIN;
CREATE TABLE te_recent_uuid (id uuid PRIMARY KEY) WITH (autovacuum_enabled = off);
CREATE FUNCTION te_v7_at(ts timestamptz) RETURNS uuid
LANGUAGE sql AS $$
    SELECT encode(overlay(uuid_send(uuidv7_from_parts(ts))
                          PLACING substring(uuid_send(gen_random_uuid()) FROM 9) FROM 9), 'hex')::uuid
$$;
INSERT INTO te_recent_uuid SELECT te_v7_at(now() - interval '2 minutes' - n * interval '1 second')
FROM generate_series(1, 60000) n;
ANALYZE te_recent_uuid;
INSERT INTO te_recent_uuid SELECT te_v7_at(now() - n * interval '1 second') FROM generate_series(1, 119) n;
INSERT INTO te_recent_uuid VALUES (gen_uuidv7());
SELECT n, te_actual('SELECT * FROM te_recent_uuid WHERE ' || cond) AS actual,
       te_estimate('SELECT * FROM te_recent_uuid WHERE ' || cond)
           BETWEEN te_actual('SELECT * FROM te_recent_uuid WHERE ' || cond) / 2.0
               AND te_actual('SELECT * FROM te_recent_uuid WHERE ' || cond) * 2.0 AS "within 2x"
FROM (VALUES (1, $$id >= now() - interval '1 minute'$$),
             (2, $$id <@ tstzrange(now() - interval '1 minute', NULL)$$),
             (3, format('id >= %L::timestamptz', now() - interval '1 minute')),
             (4, format('%L::timestamptz <= id', now() - interval '1 minute'))) q(n, cond)
ORDER BY n;
ROLLBACK;

--
-- id <@ r with r a subquery the index scan's rescans evaluate: the index
-- condition would evaluate it twice, once for each bound, so a subquery
-- (whose volatility is not seen from outside) is left to the filter, which
-- evaluates it once per row.  Here every evaluation is a range with no id
-- in it, the first a day before the probe and the next a day after it, in
-- turn: no row is right (bounds from two evaluations would select all 1,000).
--
CREATE TABLE te_ev (id wiji PRIMARY KEY);
INSERT INTO te_ev SELECT wiji_from_parts('2024-03-01'::timestamptz + n * interval '1 minute', 0, n)
FROM generate_series(1, 1000) n;
CREATE TABLE te_probe1 (t timestamptz);
INSERT INTO te_probe1 VALUES ('2024-03-01 08:00:00+00');
ANALYZE te_ev, te_probe1;
CREATE SEQUENCE te_seq;
CREATE FUNCTION te_subquery_plan(query text) RETURNS text
LANGUAGE sql AS $$
    SELECT count(*) FILTER (WHERE cond LIKE '%idgen_range_start%') || ' index conditions from the range, '
           || count(*) FILTER (WHERE node LIKE '%Index%') || ' index scans'
    FROM plan_nodes(query)
$$;
SELECT te_subquery_plan($$
    SELECT count(*) FROM te_probe1 p JOIN te_ev e
    ON e.id <@ (SELECT CASE WHEN nextval('te_seq') % 2 = 1
                            THEN tstzrange(p.t - interval '2 days', p.t - interval '1 day')
                            ELSE tstzrange(p.t + interval '1 day', p.t + interval '2 days') END)$$);
SELECT count(*) FROM te_probe1 p JOIN te_ev e
ON e.id <@ (SELECT CASE WHEN nextval('te_seq') % 2 = 1
                        THEN tstzrange(p.t - interval '2 days', p.t - interval '1 day')
                        ELSE tstzrange(p.t + interval '1 day', p.t + interval '2 days') END);
-- The same as a LATERAL subquery, and a correlated subquery that is not
-- volatile: the hour after the probe, 60 rows
SELECT count(*) FROM te_probe1 p,
    LATERAL (SELECT id FROM te_ev e
             WHERE e.id <@ (SELECT CASE WHEN nextval('te_seq') % 2 = 1
                                        THEN tstzrange(p.t - interval '2 days', p.t - interval '1 day')
                                        ELSE tstzrange(p.t + interval '1 day', p.t + interval '2 days') END)) x;
SELECT count(*) FROM te_probe1 p JOIN te_ev e ON e.id <@ (SELECT tstzrange(p.t, p.t + interval '1 hour'));
-- A subquery that is no correlated one runs once, before the scan, and the
-- index takes its result
SELECT te_subquery_plan($$
    SELECT count(*) FROM te_ev WHERE id <@ (SELECT tstzrange('2024-03-01 08:00:00+00', '2024-03-01 09:00:00+00'))$$);
SELECT count(*) FROM te_ev WHERE id <@ (SELECT tstzrange('2024-03-01 08:00:00+00', '2024-03-01 09:00:00+00'));
DROP SEQUENCE te_seq;
DROP TABLE te_probe1;

--
-- Memory of index rescans: a nested loop probing the primary key with a
-- time from each outer row, 10,000 and then 60,000 times.  The executor's
-- memory, read at the end of the query, must not grow with the rescans (it
-- grew by about 100 bytes a rescan: 5 MB here).  Times 250 ms apart, so
-- that no probe repeats another.
--
CREATE TABLE te_probes (n integer, t timestamptz);
INSERT INTO te_probes SELECT n, '2024-03-01'::timestamptz + n * interval '250 ms'
FROM generate_series(1, 60000) n;
ANALYZE te_probes;
SET enable_memoize = off;
CREATE FUNCTION te_executor_bytes(probe text, probes integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    bytes bigint;
BEGIN
    EXECUTE format($q$SELECT (SELECT sum(total_bytes) FROM pg_backend_memory_contexts
                              WHERE name = 'ExecutorState')
                      FROM (SELECT count(x.id) FROM te_probes p, LATERAL (%s) x WHERE p.n <= $1) c$q$, probe)
    INTO bytes USING probes;
    RETURN bytes;
END
$$;
SELECT q.n, p.depth, p.node, p.cond
FROM (VALUES (1, 'SELECT id FROM te_ev WHERE id >= p.t ORDER BY id LIMIT 1'),
             (2, 'SELECT id FROM te_ev WHERE id < p.t ORDER BY id DESC LIMIT 1'),
             (3, $$SELECT id FROM te_ev WHERE id <@ tstzrange(p.t, p.t + interval '1 hour') ORDER BY id LIMIT 1$$)) q(n, probe),
     LATERAL plan_nodes('SELECT count(x.id) FROM te_probes p, LATERAL (' || q.probe || ') x WHERE p.n <= 10000') p
ORDER BY q.n, p.depth;
SELECT n, te_executor_bytes(probe, 60000) - te_executor_bytes(probe, 10000) < 256 * 1024 AS "flat"
FROM (VALUES (1, 'SELECT id FROM te_ev WHERE id >= p.t ORDER BY id LIMIT 1'),
             (2, 'SELECT id FROM te_ev WHERE id < p.t ORDER BY id DESC LIMIT 1'),
             (3, $$SELECT id FROM te_ev WHERE id <@ tstzrange(p.t, p.t + interval '1 hour') ORDER BY id LIMIT 1$$)) q(n, probe)
ORDER BY n;
RESET enable_memoize;
DROP TABLE te_probes, te_ev;

--
-- The estimators and the support function attached by hand to an operator
-- and a function of bigint (only a superuser may), over the statistics of
-- a bigint column: they read none of them as ids (which crashed the
-- server) and give the default estimates, 0.5% of the 1,000 rows for a
-- range and a third for a comparison.
--
CREATE TABLE te_bigint (x bigint);
INSERT INTO te_bigint SELECT n FROM generate_series(1, 1000) n;
ANALYZE te_bigint;
CREATE FUNCTION te_bigint_in(x bigint, r tstzrange) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN RETURN to_timestamp(x) <@ r; END $$;
CREATE FUNCTION te_bigint_before(x bigint, t timestamptz) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN RETURN to_timestamp(x) < t; END $$;
CREATE FUNCTION te_bigint_in_supported(x bigint, r tstzrange) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE SUPPORT wiji_time_support AS $$ BEGIN RETURN to_timestamp(x) <@ r; END $$;
CREATE OPERATOR <<@ (LEFTARG = bigint, RIGHTARG = tstzrange, FUNCTION = te_bigint_in,
                     RESTRICT = wiji_tstzrange_sel);
CREATE OPERATOR <<< (LEFTARG = bigint, RIGHTARG = timestamptz, FUNCTION = te_bigint_before,
                     RESTRICT = wiji_time_sel);
SELECT cond, te_estimate('SELECT * FROM te_bigint WHERE ' || cond) AS estimate
FROM (VALUES (1, $$x <<@ tstzrange('1970-01-01 00:01:00+00', '1970-01-01 00:02:00+00')$$),
             (2, $$x <<< '1970-01-01 00:01:00+00'::timestamptz$$),
             (3, $$te_bigint_in_supported(x, tstzrange('1970-01-01 00:01:00+00', '1970-01-01 00:02:00+00'))$$)) q(n, cond)
ORDER BY n;
-- the server is still up, and the operators answer
SELECT count(*) FILTER (WHERE x <<@ tstzrange('1970-01-01 00:01:00+00', '1970-01-01 00:02:00+00')) AS in_range,
       count(*) FILTER (WHERE x <<< '1970-01-01 00:01:00+00'::timestamptz) AS before,
       count(*) FILTER (WHERE te_bigint_in_supported(x, tstzrange('1970-01-01 00:01:00+00', '1970-01-01 00:02:00+00'))) AS supported
FROM te_bigint;
DROP OPERATOR <<@ (bigint, tstzrange);
DROP OPERATOR <<< (bigint, timestamptz);
DROP FUNCTION te_bigint_in, te_bigint_before, te_bigint_in_supported;
DROP TABLE te_bigint;
