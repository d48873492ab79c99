--
-- gen_ulid(): monotonic ULIDs, one generator per session by default.  Tests
-- with several sessions, the server scope or a restart are TAP tests
-- (t/*ulid*.pl).
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- The random part of a ulid as a number
CREATE FUNCTION pg_temp.r80(b bytea) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT sum(get_byte(b, i)::numeric * 256::numeric ^ (9 - i)) FROM generate_series(0, 9) i
$$;

CREATE TEMP TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'ulid';
SELECT generator, scope, node, node_source FROM stats0;

-- 100,000 successive values: each above the one before; within one
-- millisecond each is the one before plus 1 in the random part; timestamps
-- from the clock
CREATE TEMP TABLE g AS
SELECT n, gen_ulid() AS id, clock_timestamp() AS t FROM (SELECT generate_series(1, 100000) AS n) s;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(*) FILTER (WHERE same_ms) > 0 AS same_ms_pairs_seen,
       count(*) FILTER (WHERE same_ms AND pg_temp.r80(ulid_extract_random(id))
                                          <> pg_temp.r80(ulid_extract_random(prev)) + 1) AS not_plus_one,
       bool_and(ulid_extract_timestamp(id) <= t) AS not_ahead_of_clock,
       bool_and(ulid_extract_timestamp(id) > t - interval '1 s') AS close_to_clock
FROM (SELECT id, t, prev,
             ulid_extract_timestamp(id) = ulid_extract_timestamp(prev) AS same_ms
      FROM (SELECT id, t, lag(id) OVER (ORDER BY n) AS prev FROM g) a) s;
-- a new millisecond draws fresh random bits: its first random parts are not
-- those the last millisecond would have counted on to
SELECT count(*) > 1 AS many_ms,
       count(DISTINCT r) = count(*) AS all_first_random_parts_differ
FROM (SELECT DISTINCT ON (ulid_extract_timestamp(id)) ulid_extract_random(id) AS r
      FROM g ORDER BY ulid_extract_timestamp(id), id) f;

-- The clock steps back an hour: values keep increasing, at once, on the
-- millisecond reached, the random part counting on
SET idgen.clock_offset = '-1h';
INSERT INTO g SELECT 100000 + n, gen_ulid(), clock_timestamp() FROM generate_series(1, 10000) n;
RESET idgen.clock_offset;
SELECT count(*) FILTER (WHERE id <= prev) AS not_increasing,
       max(ulid_extract_timestamp(id)) FILTER (WHERE n > 100000)
         - min(ulid_extract_timestamp(id)) FILTER (WHERE n > 100000) < interval '1 s' AS on_the_ms_reached
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS prev FROM g) s;

-- Volatile: a new value for every row; as a column default
SELECT count(DISTINCT gen_ulid()) FROM generate_series(1, 1000);
CREATE TEMP TABLE ev (id ulid PRIMARY KEY DEFAULT gen_ulid(), note text);
INSERT INTO ev (note) SELECT 'row ' || n FROM generate_series(1, 10000) n;
SELECT count(*), array_agg(note ORDER BY id) = array_agg(note ORDER BY substring(note FROM 5)::integer) AS in_insert_order
FROM ev;

-- Parallel restricted: a parallel plan calls it in the leader
SELECT proparallel FROM pg_proc WHERE oid = 'gen_ulid()'::regprocedure;

-- The statistics counted it all, and the regression
SELECT s.generator, s.scope, s.generated - s0.generated AS generated,
       s.clock_regressions - s0.clock_regressions AS regressions
FROM idgen_stats() s JOIN stats0 s0 USING (generator);
