--
-- gen_muid(): one bundle per transaction.  Tests that change the settings
-- or the clock, restart or run sessions at once are TAP tests
-- (t/*muid*.pl), each on a cluster of its own.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'muid';
-- The derived medallion lies in [2^40, 2^41), as the muid spec assigns them
SELECT generator, scope,
       node_source = format('derived from system identifier %s, timeline %s',
                            (SELECT system_identifier FROM pg_control_system()),
                            (SELECT timeline_id FROM pg_control_checkpoint())) AS source_shown,
       substring(node FROM 'medallion=([0-9]+)')::bigint BETWEEN 1099511627776 AND 2199023255551 AS in_range,
       node ~ '^medallion=[0-9]+ \(0x1[0-9A-F]{10}\)$' AS node_shown
FROM stats0;

-- Two transactions making 3 and 2 muids: offsets 1, 2, 3 and 1, 2, in two
-- bundles, the second greater than the first
CREATE TEMP TABLE b (tx integer, n integer, id muid);
BEGIN;
INSERT INTO b SELECT 1, n, gen_muid() FROM generate_series(1, 3) n;
COMMIT;
BEGIN;
INSERT INTO b SELECT 2, n, gen_muid() FROM generate_series(1, 2) n;
COMMIT;
SELECT tx, array_agg(muid_extract_offset(id) ORDER BY n) AS offsets,
       count(DISTINCT muid_bundle(id)) AS bundles,
       min(muid_extract_medallion(id)) = (SELECT substring(node FROM 'medallion=([0-9]+)')::bigint
                                          FROM stats0) AS medallion_shown
FROM b GROUP BY tx ORDER BY tx;
SELECT (SELECT max(id) FROM b WHERE tx = 1) < (SELECT min(id) FROM b WHERE tx = 2) AS second_after_first,
       (SELECT muid_extract_timestamp(min(id)) FROM b WHERE tx = 1)
         < (SELECT muid_extract_timestamp(min(id)) FROM b WHERE tx = 2) AS later_timestamp;

-- A savepoint rolled back in the middle does not give its offset again, nor
-- does a subtransaction of PL/pgSQL that failed
BEGIN;
INSERT INTO b SELECT 3, 1, gen_muid();
SAVEPOINT s;
INSERT INTO b SELECT 3, 2, gen_muid();
ROLLBACK TO s;
INSERT INTO b SELECT 3, 3, gen_muid();
DO $$
BEGIN
    BEGIN
        INSERT INTO b SELECT 3, 4, gen_muid();
        RAISE EXCEPTION 'undo';
    EXCEPTION WHEN raise_exception THEN
        NULL;
    END;
    INSERT INTO b SELECT 3, 5, gen_muid();
END
$$;
RELEASE SAVEPOINT s;
COMMIT;
SELECT n, muid_extract_offset(id) AS "offset", muid_bundle(id) = (SELECT muid_bundle(id) FROM b WHERE tx = 3 AND n = 1) AS same_bundle
FROM b WHERE tx = 3 ORDER BY n;

-- A transaction that fails does not leave its bundle to the next one
BEGIN;
INSERT INTO b SELECT 4, 1, gen_muid();
SELECT 1 / 0;
ROLLBACK;
INSERT INTO b SELECT 5, 1, gen_muid();
SELECT muid_extract_offset(id) AS "offset", id > (SELECT max(id) FROM b WHERE tx < 5) AS after_the_others
FROM b WHERE tx = 5;

-- Outside a transaction block each statement is a transaction of its own
SELECT gen_muid() AS id \gset first_
SELECT gen_muid() AS id \gset second_
SELECT muid_extract_offset(:'first_id') AS first_offset, muid_extract_offset(:'second_id') AS second_offset,
       :'second_id'::muid > :'first_id'::muid AS second_greater,
       muid_bundle(:'first_id') <> muid_bundle(:'second_id') AS two_bundles;

-- 100,000 in one transaction: one bundle, offsets 1 to 100,000, its
-- timestamp taken from the clock when the bundle began
BEGIN;
CREATE TEMP TABLE big AS
SELECT n, gen_muid() AS id, clock_timestamp() AS t FROM (SELECT generate_series(1, 100000) AS n) s;
COMMIT;
SELECT count(*), count(DISTINCT id), count(DISTINCT muid_bundle(id)) AS bundles,
       count(*) FILTER (WHERE muid_extract_offset(id) <> n) AS offsets_not_in_order,
       bool_and(muid_extract_timestamp(id) <= t) AS not_ahead_of_clock,
       bool_and(muid_extract_timestamp(id) > t - interval '1 min') AS recent
FROM big;

-- One bundle is one transaction's rows: by muid_bundle, or by a range
-- from the bundle to its largest positive offset
SELECT (SELECT count(*) FROM b WHERE muid_bundle(id) = muid_bundle(x.id)) AS by_bundle,
       (SELECT count(*) FROM b WHERE id >= muid_bundle(x.id)
          AND id <= muid_from_parts(muid_extract_timestamp(x.id), muid_extract_medallion(x.id), 2147483647)) AS by_range
FROM b x WHERE tx = 1 AND n = 1;

-- Parallel restricted: a parallel plan calls it in the leader, in the
-- session's transaction
SELECT proparallel FROM pg_proc WHERE oid = 'gen_muid()'::regprocedure;

-- The statistics counted every muid, and no regression
SELECT s.generator, s.generated - s0.generated AS generated,
       s.clock_regressions - s0.clock_regressions AS regressions,
       s.overflow_waits - s0.overflow_waits AS overflow_waits
FROM idgen_stats() s JOIN stats0 s0 USING (generator);

-- Under a parallel plan the leader makes every muid, in its transaction's
-- bundle: the workers scan, the leader calls gen_muid() above the Gather
CREATE TABLE par AS SELECT g FROM generate_series(1, 100000) g;
ANALYZE par;
SELECT parallel_plans(true);
SELECT depth, node, output FROM plan_nodes('SELECT gen_muid() FROM par WHERE g % 2 = 0');
BEGIN;
CREATE TABLE par_out AS SELECT gen_muid() AS id FROM par WHERE g % 2 = 0;
COMMIT;
SELECT count(*), count(DISTINCT muid_bundle(id)) AS bundles,
       min(muid_extract_offset(id)) AS first_offset, max(muid_extract_offset(id)) AS last_offset
FROM par_out;
SELECT parallel_plans(false);
DROP TABLE par, par_out;
