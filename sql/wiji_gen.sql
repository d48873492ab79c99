--
-- gen_wiji(): strictly increasing per backend, also when the clock steps back
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'wiji';

-- 1,000,000 calls in one backend: every value above the one before, one node,
-- timestamps from the clock
CREATE TEMP TABLE g AS
SELECT 1 AS phase, n, gen_wiji() AS id, clock_timestamp() AS t FROM generate_series(1, 1000000) n;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(DISTINCT wiji_extract_node(id)) AS nodes,
       count(*) FILTER (WHERE wiji_extract_version(id) <> 1) AS bad_version,
       bool_and(wiji_extract_timestamp(id) <= t) AS not_ahead_of_clock,
       min(wiji_extract_timestamp(id)) > now() - interval '1 minute' AS recent
FROM (SELECT id, t, lag(id) OVER (ORDER BY phase, n) AS prev FROM g) s;

-- The clock steps back 5 s: 200,000 more values keep increasing, at once,
-- on the timestamp the generator had reached
SET idgen.clock_offset = '-5s';
INSERT INTO g SELECT 2, n, gen_wiji(), clock_timestamp() FROM generate_series(1, 200000) n;
RESET idgen.clock_offset;
INSERT INTO g SELECT 3, n, gen_wiji(), clock_timestamp() FROM generate_series(1, 1000) n;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(DISTINCT wiji_extract_node(id)) AS nodes
FROM (SELECT id, lag(id) OVER (ORDER BY phase, n) AS prev FROM g) s;
SELECT phase, count(*),
       max(wiji_extract_timestamp(id)) - min(wiji_extract_timestamp(id)) < interval '5 s' AS within_5s
FROM g WHERE phase = 2 GROUP BY phase;

-- The statistics saw it all
SELECT s.generator, s.scope, s.node_source,
       s.generated - s0.generated >= 1201000 AS counted,
       s.clock_regressions > s0.clock_regressions AS regression_seen,
       s.overflow_waits > s0.overflow_waits AS overflow_seen,
       s.node = 'node=' || (SELECT wiji_extract_node(id) FROM g LIMIT 1) AS node_shown
FROM idgen_stats() s JOIN stats0 s0 USING (generator);

-- Volatile: a new value for every row
SELECT count(DISTINCT gen_wiji()) FROM generate_series(1, 1000);
