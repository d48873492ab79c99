--
-- gen_sno(): the server-wide generator with the default settings.  Tests
-- that change the settings or the clock, restart or run sessions at once
-- are TAP tests (t/*sno*.pl), each on a cluster of its own.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'sno';
SELECT generator, scope,
       node_source = format('derived from system identifier %s, timeline %s',
                            (SELECT system_identifier FROM pg_control_system()),
                            (SELECT timeline_id FROM pg_control_checkpoint())) AS source_shown,
       node ~ '^partition=[0-9]+ sequence=0\.\.65535$' AS node_shown
FROM stats0;

-- 200,000 calls in one backend: every value above the one before, the
-- metabyte asked for, the partition shown by idgen_stats(), timestamps from
-- the clock at 4 ms resolution
CREATE TEMP TABLE g AS
SELECT n, gen_sno(n % 2 * 7) AS id, clock_timestamp() AS t FROM generate_series(1, 200000) n;
SELECT count(*) AS calls,
       count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE sno_extract_meta(id) <> n % 2 * 7) AS wrong_meta,
       count(DISTINCT sno_extract_partition(id)) AS partitions,
       min(sno_extract_partition(id)) = (SELECT substring(node FROM 'partition=([0-9]+)')::integer
                                         FROM stats0) AS partition_as_shown,
       bool_and(sno_extract_timestamp(id) <= t) AS not_ahead_of_clock,
       bool_and(sno_extract_timestamp(id) > t - interval '1 s') AS close_to_clock,
       bool_and(extract(microseconds FROM sno_extract_timestamp(id))::bigint % 4000 = 0) AS at_4ms
FROM g;
-- with one metabyte, each value is above the one before
SELECT sno_extract_meta(id) AS meta, count(*),
       count(*) FILTER (WHERE id <= prev) AS not_increasing
FROM (SELECT id, lag(id) OVER (PARTITION BY n % 2 ORDER BY n) AS prev FROM g) s
GROUP BY 1 ORDER BY 1;
-- within a 4 ms unit the sequence counts up from 0 with no gap, this
-- backend being the only one generating
SELECT count(*) FILTER (WHERE seq <> rn - 1) AS gaps
FROM (SELECT sno_extract_sequence(id) AS seq,
             row_number() OVER (PARTITION BY sno_extract_timestamp(id), sno_extract_tick_tock(id)
                                ORDER BY n) AS rn
      FROM g) s;

-- gen_sno(7) carries metabyte 7; the default is 0
SELECT sno_extract_meta(gen_sno(7)) AS meta7, sno_extract_meta(gen_sno()) AS meta_default;

-- Volatile: a new value for every row
SELECT count(DISTINCT gen_sno()) FROM generate_series(1, 1000);

-- As a column default, and as a primary key
CREATE TEMP TABLE ev (id sno PRIMARY KEY DEFAULT gen_sno(3), note text);
INSERT INTO ev (note) SELECT 'row ' || n FROM generate_series(1, 10000) n;
SELECT count(*), count(DISTINCT id), min(sno_extract_meta(id)), max(sno_extract_meta(id)),
       array_agg(note ORDER BY id) = array_agg(note ORDER BY substring(note FROM 5)::integer) AS in_insert_order
FROM ev;

-- The statistics counted it all, with no regression or wait here
SELECT s.generator, s.scope, s.node_source = s0.node_source AS same_source,
       s.generated - s0.generated >= 211002 AS counted,
       s.clock_regressions - s0.clock_regressions AS regressions,
       s.overflow_waits - s0.overflow_waits AS overflow_waits
FROM idgen_stats() s JOIN stats0 s0 USING (generator);

-- gen_sno() is parallel restricted: under a parallel plan the leader calls
-- it, above the Gather, and its values keep increasing in the order made
CREATE TABLE par AS SELECT g FROM generate_series(1, 100000) g;
ANALYZE par;
SELECT parallel_plans(true);
SELECT depth, node, output FROM plan_nodes('SELECT gen_sno() FROM par WHERE g % 2 = 0');
CREATE TABLE par_out AS SELECT gen_sno() AS id FROM par WHERE g % 2 = 0;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE id <= prev) AS not_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY ctid) AS prev FROM par_out) s;
SELECT parallel_plans(false);
DROP TABLE par, par_out;

-- Forced into a worker where allowed, idgen_stats() still counts this
-- session's ids not yet added to the totals
SELECT force_parallel('on');
BEGIN;
SELECT generated AS generated0 FROM idgen_stats() WHERE generator = 'sno' \gset
SELECT count(gen_sno()) FROM generate_series(1, 10);
SELECT generated - :generated0 AS generated_in_transaction
FROM idgen_stats() WHERE generator = 'sno';
COMMIT;
SELECT force_parallel('off');
