--
-- Snowflake ids on bigint (SPEC section 12): the layout, the functions,
-- their errors, gen_snowflake() in one session, and queries by time on a
-- plain btree and on range partitions.  Sessions at once, restarts and
-- node settings are TAP tests (t/032_snowflake.pl and the node tests).
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- The value pgEdge's documentation uses in its examples, and back: node 0,
-- sequence 1 (the documentation says node 1; pgEdge's own get_node() reads
-- these bits as 0)
SELECT snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, 1) AS id,
       snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, 1) = 136169504773242881 AS pgedge_value;
SELECT snowflake_extract_timestamp(136169504773242881) AS ts,
       snowflake_extract_node(136169504773242881) AS node,
       snowflake_extract_sequence(136169504773242881) AS sequence;

-- The layout: milliseconds << 22 | node << 12 | sequence, from the epoch
-- 2023-01-01 UTC (0) to the last millisecond of 41 bits (the largest bigint)
SELECT snowflake_from_parts('2023-01-01 00:00:00+00') AS epoch,
       snowflake_from_parts('2023-01-01 00:00:00.001+00') AS one_ms,
       snowflake_from_parts('2023-01-01 00:00:00+00', 1) AS node_1,
       snowflake_from_parts('2023-01-01 00:00:00+00', 0, 4095) AS sequence_4095,
       snowflake_from_parts('2092-09-06 15:47:35.551+00', 1023, 4095) AS last,
       snowflake_from_parts('2092-09-06 15:47:35.551+00', 1023, 4095) = 9223372036854775807 AS largest_bigint;

-- A time is rounded up to the millisecond: from_parts(ts) is the smallest
-- value at or after ts
SELECT snowflake_extract_timestamp(snowflake_from_parts('2024-01-11 18:08:59.845001+00')) AS rounded_up,
       snowflake_extract_timestamp(snowflake_from_parts('2024-01-11 18:08:59.844999+00')) AS rounded_up_too,
       snowflake_extract_timestamp(snowflake_from_parts('2024-01-11 18:08:59.845+00')) AS exact;

-- It is rounded up before the range is checked: a time less than a
-- millisecond before the epoch gives the first value, one a millisecond
-- before it none (22023); at the other end, the last millisecond's own
-- time gives its value, a microsecond after it none
SELECT ts, try(format('snowflake_from_parts(%L)', ts)) AS result
FROM (VALUES ('2022-12-31 23:59:59.9991+00'), ('2022-12-31 23:59:59.999001+00'),
             ('2022-12-31 23:59:59.999+00'), ('2092-09-06 15:47:35.550001+00'),
             ('2092-09-06 15:47:35.551+00'), ('2092-09-06 15:47:35.551001+00')) v(ts);

-- Round trips of 10,000 random parts, exact, against the layout computed here
SELECT setseed(0.28);
CREATE TEMP TABLE parts AS
SELECT (random() * 2199023255551)::bigint AS ms, (random() * 1023)::integer AS node,
       (random() * 4095)::integer AS sequence
FROM generate_series(1, 10000);
INSERT INTO parts VALUES (0, 0, 0), (2199023255551, 1023, 4095);
SELECT count(*) AS parts,
       count(*) FILTER (WHERE id <> ((ms << 22) | (node::bigint << 12) | sequence)) AS layout_wrong,
       count(*) FILTER (WHERE snowflake_extract_timestamp(id) <> ts OR snowflake_extract_node(id) <> node
                              OR snowflake_extract_sequence(id) <> sequence) AS round_trip_wrong
FROM (SELECT *, snowflake_from_parts(ts, node, sequence) AS id
      FROM (SELECT *, '2023-01-01 00:00:00+00'::timestamptz + ms * interval '1 ms' AS ts FROM parts) p) s;

-- Errors: 22023 for every part out of range, a time outside the 41 bits,
-- and a negative bigint, which has no timestamp
SELECT e, try(e) FROM (VALUES
    ($$snowflake_from_parts('2024-01-11 18:08:59.845+00', -1)$$),
    ($$snowflake_from_parts('2024-01-11 18:08:59.845+00', 1024)$$),
    ($$snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, -1)$$),
    ($$snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, 4096)$$),
    ($$snowflake_from_parts('2022-12-31 23:59:59.999+00')$$),
    ($$snowflake_from_parts('2092-09-06 15:47:35.551001+00')$$),
    ($$snowflake_from_parts('infinity')$$),
    ($$snowflake_from_parts('-infinity')$$),
    ($$snowflake_extract_timestamp(-1)$$),
    ($$snowflake_extract_node(-9223372036854775808)$$),
    ($$snowflake_extract_sequence(-4096)$$)
) v(e);
\set VERBOSITY sqlstate
SELECT snowflake_from_parts(now(), 1024);
SELECT snowflake_extract_timestamp(-1);
\set VERBOSITY default
-- NULL in, NULL out
SELECT snowflake_from_parts(NULL) IS NULL AS from_null, snowflake_extract_node(NULL) IS NULL AS extract_null;

--
-- gen_snowflake(): 1,000,000 values in one statement are distinct, each
-- above the one before, none far behind the clock read right after it, and
-- none more than 2 ms ahead of it but after a millisecond whose 4,096
-- values were used up (at more than 4,096 a millisecond, which a fast
-- machine reaches here, the values run ahead of the clock)
--
CREATE TEMP TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'snowflake';
SELECT generator, scope,
       node_source = format('derived from system identifier %s, timeline %s',
                            (SELECT system_identifier FROM pg_control_system()),
                            (SELECT timeline_id FROM pg_control_checkpoint())) AS source_shown,
       node ~ '^node=[0-9]+$' AS node_shown
FROM stats0;
CREATE TEMP TABLE g AS
SELECT n, gen_snowflake() AS id, clock_timestamp() AS t
FROM (SELECT generate_series(1, 1000000) AS n) s;
SELECT count(*) AS calls,
       count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       bool_and(snowflake_extract_timestamp(id) <= t + interval '2 ms' OR
                coalesce(snowflake_extract_timestamp(prev) = snowflake_extract_timestamp(id) OR
                         (snowflake_extract_timestamp(prev) = snowflake_extract_timestamp(id) - interval '1 ms' AND
                          snowflake_extract_sequence(prev) = 4095), false)) AS ahead_only_when_full,
       bool_and(snowflake_extract_timestamp(id) > t - interval '1 s') AS close_to_clock,
       bool_and(snowflake_extract_node(id) = (SELECT substring(node FROM 'node=([0-9]+)')::integer FROM stats0))
           AS node_shown_by_stats
FROM (SELECT id, t, lag(id) OVER (ORDER BY n) AS prev FROM g) s;

-- The statistics counted them, with no clock regression
SELECT s.generator, s.scope, s.generated - s0.generated AS generated,
       s.clock_regressions - s0.clock_regressions AS regressions
FROM idgen_stats() s JOIN stats0 s0 USING (generator);

-- Parallel restricted, volatile; the others immutable and parallel safe
SELECT p.proname, p.provolatile, p.proparallel, p.proisstrict
FROM pg_proc p WHERE p.proname LIKE '%snowflake%' ORDER BY 1;

--
-- Queries by time: a plain comparison with snowflake_from_parts(), which a
-- btree answers and partitions prune
--
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE orders (id bigint PRIMARY KEY DEFAULT gen_snowflake(), note text);
INSERT INTO orders (id, note)
SELECT snowflake_from_parts(now() - (n - 0.5) * interval '1 hour'), 'order ' || n FROM generate_series(1, 2000) n;
INSERT INTO orders (note) VALUES ('new');
ANALYZE orders;
SELECT node, cond FROM plan_nodes($$SELECT * FROM orders WHERE id >= snowflake_from_parts(now() - interval '1 day')$$);
SELECT count(*) FROM orders WHERE id >= snowflake_from_parts(now() - interval '1 day');

-- The plan of a query on a partitioned table: the partitions it scans, and
-- how many run-time pruning removed
CREATE FUNCTION pg_temp.scanned(query text) RETURNS TABLE (scanned text, removed_at_run_time integer)
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (COSTS OFF, FORMAT JSON) ' || query INTO plan;
    RETURN QUERY
    WITH RECURSIVE n(p) AS (
        SELECT plan -> 0 -> 'Plan'
        UNION ALL
        SELECT c FROM n, json_array_elements(n.p -> 'Plans') c
    )
    SELECT (SELECT string_agg(p ->> 'Relation Name', ', ' ORDER BY p ->> 'Relation Name')
            FROM n WHERE p ->> 'Relation Name' IS NOT NULL),
           (SELECT sum((p ->> 'Subplans Removed')::integer)::integer FROM n);
END
$$;

-- Monthly partitions of 2024 by snowflake_from_parts() bounds
CREATE TEMP TABLE events (id bigint NOT NULL, note text) PARTITION BY RANGE (id);
SELECT format('CREATE TEMP TABLE events_2024_%s PARTITION OF events FOR VALUES FROM (%s) TO (%s)',
              to_char(m, 'MM'), snowflake_from_parts(m), snowflake_from_parts(m + interval '1 month'))
FROM generate_series('2024-01-01'::timestamptz, '2024-12-01', interval '1 month') m \gexec
INSERT INTO events
SELECT snowflake_from_parts(d + interval '12 hours', 1, 0), 'day ' || d::date
FROM generate_series('2024-01-01'::timestamptz, '2024-12-31', interval '1 day') d;
ANALYZE events;
-- constants: pruned when planned
SELECT * FROM pg_temp.scanned($$SELECT * FROM events
    WHERE id >= snowflake_from_parts('2024-03-10') AND id < snowflake_from_parts('2024-05-01')$$);
SELECT count(*) FROM events
WHERE id >= snowflake_from_parts('2024-03-10') AND id < snowflake_from_parts('2024-05-01');

-- now(): pruned at run time.  Partitions before, around and after the time
-- of the test, and a row every day half a day off
CREATE TEMP TABLE recent (id bigint NOT NULL) PARTITION BY RANGE (id);
DO $$
BEGIN
    EXECUTE format('CREATE TEMP TABLE recent_old PARTITION OF recent FOR VALUES FROM (MINVALUE) TO (%s);
                    CREATE TEMP TABLE recent_now PARTITION OF recent FOR VALUES FROM (%1$s) TO (%s);
                    CREATE TEMP TABLE recent_later PARTITION OF recent FOR VALUES FROM (%2$s) TO (MAXVALUE)',
                   snowflake_from_parts(now() - interval '30 days'),
                   snowflake_from_parts(now() + interval '30 days'));
END
$$;
INSERT INTO recent SELECT snowflake_from_parts(now() - (n + 0.5) * interval '1 day') FROM generate_series(0, 60) n;
SELECT * FROM pg_temp.scanned($$SELECT * FROM recent WHERE id >= snowflake_from_parts(now() - interval '1 day')$$);
SELECT count(*) FROM recent WHERE id >= snowflake_from_parts(now() - interval '1 day');
RESET max_parallel_workers_per_gather;

-- snowflake_continue_above(): every later value is above the one given, in
-- a later millisecond; at once for a value the clock has passed (here the
-- largest of now()'s millisecond); nothing for NULL; 22023 for a negative
-- value and for one more than 60 s ahead of the clock, at once
CREATE TEMP TABLE floor_value AS SELECT snowflake_from_parts(now(), 1023, 4095) AS v;
SELECT snowflake_continue_above(v) FROM floor_value;
SELECT gen_snowflake() > v AS above FROM floor_value;
SELECT snowflake_continue_above(NULL);
SELECT snowflake_continue_above(snowflake_from_parts('2090-01-01 00:00+00', 1, 2));
SELECT snowflake_continue_above(-1);
