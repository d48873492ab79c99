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

-- The clock steps back an hour: 200,000 more values keep increasing, at once,
-- on the timestamp the generator had reached
SET idgen.clock_offset = '-1h';
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

-- gen_wiji() is parallel restricted: under a parallel plan the leader calls
-- it, above the Gather, with the session's generator (a worker would be a
-- generator of its own, with another node and none of the session's past)
CREATE TABLE par AS SELECT g FROM generate_series(1, 100000) g;
ANALYZE par;
SELECT parallel_plans(true);
SELECT depth, node, output FROM plan_nodes('SELECT gen_wiji() FROM par WHERE g % 2 = 0');
CREATE TEMP TABLE node0 AS SELECT wiji_extract_node(gen_wiji()) AS node, gen_wiji() AS id;
CREATE TABLE par_out AS SELECT gen_wiji() AS id FROM par WHERE g % 2 = 0;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(DISTINCT wiji_extract_node(id)) AS nodes,
       min(wiji_extract_node(id)) = (SELECT node FROM node0) AS session_node,
       min(id) > (SELECT id FROM node0) AS after_session_values
FROM (SELECT id, lag(id) OVER (ORDER BY ctid) AS prev FROM par_out) s;
SELECT parallel_plans(false);
DROP TABLE par, par_out;

-- Forced into a worker where allowed, gen_wiji() and idgen_stats() still run
-- in the session: its node, and its ids not yet added to the totals.  (psql
-- variables, not temporary tables, which would keep the queries in the
-- leader anyway.)
SELECT node AS session_node FROM node0 \gset
SELECT force_parallel('on');
BEGIN;
SELECT generated AS generated0 FROM idgen_stats() WHERE generator = 'wiji' \gset
SELECT count(gen_wiji()) FROM generate_series(1, 10);
SELECT wiji_extract_node(gen_wiji()) = :session_node AS session_node;
SELECT node = 'node=' || :session_node AS node_shown,
       generated - :generated0 AS generated_in_transaction
FROM idgen_stats() WHERE generator = 'wiji';
COMMIT;
SELECT force_parallel('off');
