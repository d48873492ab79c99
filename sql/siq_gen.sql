--
-- gen_siq(): the server-wide generator with the default settings.  Tests
-- that change the settings or the clock, restart or run sessions at once
-- are TAP tests (t/*siq*.pl), each on a cluster of its own.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'siq';
SELECT generator, scope,
       node_source = format('derived from system identifier %s, timeline %s',
                            (SELECT system_identifier FROM pg_control_system()),
                            (SELECT timeline_id FROM pg_control_checkpoint())) AS source_shown,
       node ~ '^shard=[0-9]+ domain_hash=0$' AS node_shown
FROM stats0;

-- Each kind generates values of that kind, with the shard shown by
-- idgen_stats() and the domain hash of idgen.siq_domain = '' (0)
SELECT k.kind, siq_extract_kind(id) = k.kind AS kind_ok,
       siq_extract_shard(id) = (SELECT substring(node FROM 'shard=([0-9]+)')::integer FROM stats0) AS shard_ok,
       siq_extract_domain_hash(id) AS domain_hash
FROM unnest(array['content', 'multi', 'manytomany', 'ternary', 'thread', 'message', 'tag', 'channel',
                  'user', 'group', 'event', 'invite', 'application', 'collection', 'premium'])
     WITH ORDINALITY k(kind, n),
     LATERAL (SELECT gen_siq(k.kind) AS id) g
ORDER BY k.n;

-- A PL/pgSQL expression keeps its call site for the transaction while its
-- variables change: each call takes the kind it is given
DO $$
DECLARE
  k text;
  got text := '';
BEGIN
  FOREACH k IN ARRAY array['user', 'event', 'tag', 'user'] LOOP
    got := got || ' ' || siq_extract_kind(gen_siq(k));
  END LOOP;
  RAISE NOTICE 'kinds:%', got;
END $$;

-- 100,000 gen_siq('content') in one statement: every value above the one
-- before, none waits for the clock, and none is more than a few ms ahead of it
CREATE TEMP TABLE g AS
SELECT n, gen_siq('content') AS id, clock_timestamp() AS t
FROM (SELECT generate_series(1, 100000) AS n) s;
SELECT count(*) AS calls,
       count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       bool_and(siq_extract_timestamp(id) <= t + interval '2 ms') AS at_most_2ms_ahead,
       bool_and(siq_extract_timestamp(id) > t - interval '1 s') AS close_to_clock
FROM (SELECT id, t, lag(id) OVER (ORDER BY n) AS prev FROM g) s;

-- Within one tick the serials of a kind count up by one from 0, this
-- backend being the only one generating
CREATE TEMP TABLE m AS
SELECT n, gen_siq('message') AS id FROM (SELECT generate_series(1, 20000) AS n) s;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE siq_extract_serial(id) <> rn - 1) AS gaps,
       count(*) FILTER (WHERE siq_extract_kind(id) <> 'message') AS other_kind
FROM (SELECT id, row_number() OVER (PARTITION BY siq_extract_timestamp(id) ORDER BY n) AS rn FROM m) s;

-- Kinds interleave within a tick by their suffixes; each kind's values
-- increase in the order made
CREATE TEMP TABLE mix AS
SELECT n, gen_siq(CASE n % 3 WHEN 0 THEN 'user' WHEN 1 THEN 'event' ELSE 'tag' END) AS id
FROM (SELECT generate_series(1, 30000) AS n) s;
SELECT siq_extract_kind(id) AS kind, count(*),
       count(*) FILTER (WHERE id <= prev) AS not_increasing
FROM (SELECT id, lag(id) OVER (PARTITION BY n % 3 ORDER BY n) AS prev FROM mix) s
GROUP BY 1 ORDER BY 1;

-- Unknown kinds: 22023, with the kinds in the hint
SELECT try($$gen_siq('User')$$);
SELECT gen_siq('widget');

-- As a column default, and as a primary key
CREATE TEMP TABLE account (id siq PRIMARY KEY DEFAULT gen_siq('user'), name text);
INSERT INTO account (name) SELECT 'user ' || n FROM generate_series(1, 10000) n;
SELECT count(*), count(DISTINCT id),
       array_agg(name ORDER BY id) = array_agg(name ORDER BY substring(name FROM 6)::integer) AS in_insert_order
FROM account;

-- Parallel restricted: under a parallel plan the leader calls it
SELECT p.proparallel FROM pg_proc p WHERE p.oid = 'gen_siq(text)'::regprocedure;

-- The statistics counted it all, with no regression here
SELECT s.generator, s.scope, s.node_source = s0.node_source AS same_source,
       s.generated - s0.generated AS generated,
       s.clock_regressions - s0.clock_regressions AS regressions
FROM idgen_stats() s JOIN stats0 s0 USING (generator);

-- A kind's serials that run out within a tick move on to the next tick at
-- once, and that is counted in overflow_waits.  With this session's clock
-- an hour behind, every value stays on the generator's tick until its serials
-- run out.  The first 63 'premium' values are the rest of the block taken
-- above, on its own tick; the other 10,177 take 5 ticks of 2,048: 4 overflows.
CREATE TEMP TABLE stats1 AS SELECT * FROM idgen_stats() WHERE generator = 'siq';
SET idgen.clock_offset = '-1h';
CREATE TEMP TABLE prem AS SELECT n, gen_siq('premium') AS id FROM generate_series(1, 10240) n;
RESET idgen.clock_offset;
SELECT count(DISTINCT siq_extract_timestamp(id)) AS ticks,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       (SELECT s.overflow_waits - s1.overflow_waits
        FROM idgen_stats() s JOIN stats1 s1 USING (generator)) AS overflow_waits
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM prem) p;
