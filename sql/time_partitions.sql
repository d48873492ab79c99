--
-- Ids compared with times on partitioned tables (SPEC section 10), for every
-- type: what partition pruning keeps (at plan time, at run time for now()
-- and for the parameters of generic plans), the conditions the partitions
-- get, and row estimates within 2x of the rows returned.  A condition is
-- rewritten only on a partition key; elsewhere it stays as written.  Runs
-- after time_queries, whose tq_types, tq_make, tq_partition and tq_scanned
-- it uses.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;

-- The plan of a query, as EXPLAIN (COSTS OFF) shows it
CREATE FUNCTION tp_plan(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || query;
END
$$;

-- The rows a query returns, and whether the planner's estimate of them
-- (EXPLAIN with costs) is within 2x of that; the estimate when it is not
CREATE FUNCTION tp_estimate(query text) RETURNS text
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

--
-- Twelve months of 2024 by range of the id (tq_partition: one id a day at
-- noon), and the same with a domain over the type as the id's type
--
SELECT type, tq_partition(type, 'tpp_' || type, '2024-01-01 00:00:00+00') FROM tq_types ORDER BY ord;
SELECT format('CREATE DOMAIN tpd_dom_%s AS %1$s', type) FROM tq_types ORDER BY ord \gexec
SELECT type, tq_partition(type, 'tpd_' || type, '2024-01-01 00:00:00+00', 'tpd_dom_' || type)
FROM tq_types ORDER BY ord;

-- What the partitions are asked: a time whose first id is a partition's
-- first id becomes that id (so that the partition before it is pruned too);
-- any other stays a time (so that the partitions estimate it from their
-- histograms); <@ becomes the two comparisons, which pruning understands
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id <@ tstzrange('2024-03-10', '2024-03-20')$$);
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id >= '2024-03-01'::timestamptz AND id < '2024-05-01'::timestamptz$$);
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id > '2024-02-29 23:59:59.999999+00'::timestamptz AND '2024-03-20'::timestamptz > id$$);
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id <@ tstzrange('2024-04-01', '2024-04-10', '(]')$$);
-- The same on the domain: the same partitions
SELECT tp_plan($$SELECT * FROM tpd_wiji WHERE id <@ tstzrange('2024-03-01', '2024-04-10')$$);
SELECT tp_plan($$SELECT * FROM tpd_wiji WHERE id >= '2024-03-01'::timestamptz$$);

-- id = t is never true: on a partition key it is false, which prunes every
-- partition (either argument order, a constant, now()); NOT (id = t) holds
-- for every id, and an OR keeps its other arm
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id = '2024-03-10 12:00:00+00'::timestamptz$$);
SELECT tp_plan($$SELECT * FROM tpd_wiji WHERE '2024-03-10 12:00:00+00'::timestamptz = id$$);
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id = now()$$);
SELECT tp_plan($$SELECT * FROM tpp_wiji WHERE id = '2024-03-10 12:00:00+00'::timestamptz OR note = 'day 5'$$);

-- Each type, the id column of its own type (tpp) and of a domain (tpd): the
-- partitions read, and the rows.  Pruning is exact for constants (1 to 9);
-- = is never true, whatever the time, and reads nothing (10 to 13; an IN
-- list of times is an OR of =).  Comparisons with ANY of an array (14 to
-- 16) reach no support function: pruning compares the id with the times,
-- and keeps the partition a time falls in, and for >= ANY at a partition's
-- first time the partition before it too (14)
SELECT t.type, q.n, tq_scanned(format('SELECT * FROM tpp_%s WHERE ' || q.cond, t.type)) AS by_type,
       tq_scanned(format('SELECT * FROM tpd_%s WHERE ' || q.cond, t.type)) AS by_domain
FROM tq_types t,
     (VALUES (1, $$id <@ tstzrange('2024-03-10', '2024-03-20')$$),
             (2, $$id <@ tstzrange('2024-03-01', '2024-05-01')$$),
             (3, $$tstzrange('2024-02-01', '2024-03-01', '[]') @> id$$),
             (4, $$id >= '2024-03-01'::timestamptz AND id < '2024-05-01'::timestamptz$$),
             (5, $$'2024-03-01'::timestamptz <= id AND '2024-05-01'::timestamptz > id$$),
             (6, $$id >= '2024-03-10'::timestamptz AND id <= '2024-04-01'::timestamptz$$),
             (7, $$id > '2024-11-30 12:00:00+00'::timestamptz$$),
             (8, $$id < '2024-02-01'::timestamptz$$),
             (9, $$id <@ tstzrange('2024-06-01', '2024-06-01')$$),
             (10, $$id = '2024-03-10 12:00:00+00'::timestamptz$$),
             (11, $$'2024-03-01'::timestamptz = id$$),
             (12, $$id = now()$$),
             (13, $$id IN ('2024-03-10 12:00:00+00'::timestamptz, '2024-04-10 12:00:00+00'::timestamptz)$$),
             (14, $$id >= ANY ('{2024-12-01, 2024-11-01}'::timestamptz[])$$),
             (15, $$id < ANY ('{2024-02-01, 2024-01-20}'::timestamptz[])$$),
             (16, $$id = ANY ('{2024-03-10 12:00:00+00}'::timestamptz[])$$)) q(n, cond)
ORDER BY t.ord, q.n;

-- NOT (id = t) is true for every id; = in an OR leaves the other arm
SELECT t.type,
       tq_scanned(format($$SELECT * FROM tpp_%s WHERE NOT (id = '2024-03-10 12:00:00+00'::timestamptz)$$, t.type)) AS not_equal,
       tq_scanned(format($$SELECT * FROM tpd_%s WHERE id = '2024-03-10 12:00:00+00'::timestamptz OR note = 'day 5'$$, t.type)) AS equal_or
FROM tq_types t ORDER BY t.ord;

-- Generic plans: = with a parameter is false in the plan itself, and
-- comparisons and <@ on the domain prune at run time
SET plan_cache_mode = force_generic_plan;
CREATE FUNCTION tp_generic(type text) RETURNS TABLE (n integer, partitions text)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('PREPARE tp_p1(timestamptz) AS SELECT * FROM tpd_%s WHERE id = $1', type);
    EXECUTE format('PREPARE tp_p2(timestamptz, timestamptz) AS SELECT * FROM tpd_%s WHERE id >= $1 AND id < $2', type);
    EXECUTE format('PREPARE tp_p3(timestamptz, timestamptz) AS SELECT * FROM tpd_%s WHERE id <@ tstzrange($1, $2)', type);
    RETURN QUERY VALUES (1, tq_scanned($q$EXECUTE tp_p1('2024-03-10 12:00:00+00')$q$)),
                        (2, tq_scanned($q$EXECUTE tp_p2('2024-03-10', '2024-05-20')$q$)),
                        (3, tq_scanned($q$EXECUTE tp_p3('2024-03-10', '2024-04-10')$q$));
    DEALLOCATE tp_p1;
    DEALLOCATE tp_p2;
    DEALLOCATE tp_p3;
END
$$;
SELECT t.type, g.* FROM tq_types t, LATERAL tp_generic(t.type) g ORDER BY t.ord, g.n;
PREPARE tp_equal(timestamptz) AS SELECT * FROM tpp_wiji WHERE id = $1;
SELECT tp_plan($$EXECUTE tp_equal('2024-03-10 12:00:00+00')$$);
DEALLOCATE tp_equal;
RESET plan_cache_mode;

-- now() on a domain key: partitions for the six months before this one and
-- the six from it (m07 is this month); pruned at run time
SELECT type, tq_partition(type, 'tpn_' || type, date_trunc('month', now()) - interval '6 months',
                          'tpd_dom_' || type)
FROM tq_types ORDER BY ord;
SELECT t.type, q.n, regexp_replace(tq_scanned(format('SELECT * FROM tpn_%s WHERE ' || q.cond, t.type)),
                                   ', [0-9]+ rows', '') AS partitions
FROM tq_types t,
     (VALUES (1, $$id >= now()$$),
             (2, $$id <@ tstzrange(date_trunc('month', now()), date_trunc('month', now()) + interval '1 month')$$),
             (3, $$id < date_trunc('month', now()) - interval '5 months'$$)) q(n, cond)
ORDER BY t.ord, q.n;

DROP TABLE tpp_wiji, tpp_ulid, tpp_sno, tpp_siq, tpp_muid, tpd_wiji, tpd_ulid, tpd_sno, tpd_siq, tpd_muid,
           tpn_wiji, tpn_ulid, tpn_sno, tpn_siq, tpn_muid;

--
-- Estimates.  For each type, ids two minutes apart (at 30 s past the minute)
-- in March and April 2024, beside tq_partition's one a day at noon: by range
-- of the id in months (tpe), and by list of a tenant, two of them taking
-- turns (tpl), which time conditions cannot prune.  Each partition holds
-- fewer rows than ANALYZE samples, so the statistics are the same at every
-- run.
--
CREATE FUNCTION tp_build(type text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    t tq_types;
BEGIN
    SELECT * INTO t FROM tq_types WHERE tq_types.type = tp_build.type;
    PERFORM tq_partition(type, 'tpe_' || type, '2024-03-01 00:00:00+00');
    EXECUTE format($q$INSERT INTO tpe_%s SELECT %s, 'minute ' || n * 2 FROM generate_series(0, 43919) n$q$, type,
                   tq_make(t.make, $q$('2024-03-01 00:00:30+00'::timestamptz + n * interval '2 minutes')$q$, 'n'));
    EXECUTE format('CREATE TABLE tpl_%s (id %1$s NOT NULL, tenant integer) PARTITION BY LIST (tenant)', type);
    EXECUTE format('CREATE INDEX ON tpl_%s (id)', type);
    EXECUTE format('CREATE TABLE tpl_%s_1 PARTITION OF tpl_%1$s FOR VALUES IN (1)', type);
    EXECUTE format('CREATE TABLE tpl_%s_2 PARTITION OF tpl_%1$s FOR VALUES IN (2)', type);
    EXECUTE format('INSERT INTO tpl_%s SELECT id, 1 + row_number() OVER (ORDER BY id) %% 2 FROM tpe_%1$s', type);
    EXECUTE format('ANALYZE tpe_%s, tpl_%1$s', type);
END
$$;
SELECT type, tp_build(type) FROM tq_types ORDER BY ord;

SELECT t.type, q.n, tp_estimate(format('SELECT * FROM tpe_%s WHERE ' || q.cond, t.type)) AS by_range,
       tp_estimate(format('SELECT * FROM tpl_%s WHERE ' || q.cond, t.type)) AS by_tenant
FROM tq_types t,
     (VALUES (1, $$id <@ tstzrange('2024-03-10 10:00', '2024-03-10 10:10')$$),
             (2, $$id <@ tstzrange('2024-03-10 10:00', '2024-03-10 11:00')$$),
             (3, $$id >= '2024-03-10 10:00'::timestamptz AND id < '2024-03-10 16:00'::timestamptz$$),
             (4, $$'2024-04-20 08:00'::timestamptz <= id AND '2024-04-20 08:30'::timestamptz > id$$),
             (5, $$id <@ tstzrange('2024-03-25', '2024-04-05')$$),
             (6, $$id >= '2024-04-01'::timestamptz AND id < '2024-04-02'::timestamptz$$),
             (7, $$id >= '2024-03-31 22:00'::timestamptz$$),
             (8, $$id < '2024-03-01 06:00'::timestamptz$$),
             (9, $$id >= '2024-03-01'::timestamptz AND id < '2024-04-01'::timestamptz$$),
             (10, $$id <@ tstzrange('2024-04-01', '2024-04-01 01:00')$$)) q(n, cond)
ORDER BY t.ord, q.n;

-- What the partitions are asked: by range (m01 is March 2024 there), times
-- where they are no partition's first time; by tenant, the conditions as
-- written
SELECT tp_plan($$SELECT * FROM tpe_wiji WHERE id <@ tstzrange('2024-03-31 23:00', '2024-04-01 01:00')$$);
SELECT tp_plan($$SELECT * FROM tpl_wiji WHERE id <@ tstzrange('2024-03-10 10:00', '2024-03-10 10:10')$$);
SELECT tp_plan($$SELECT * FROM tpl_wiji WHERE id >= '2024-04-01'::timestamptz AND id < '2024-04-01 00:10'::timestamptz$$);
SELECT tp_plan($$SELECT * FROM tpl_wiji WHERE id = '2024-04-01'::timestamptz$$);
SELECT count(*) AS equal FROM tpl_wiji WHERE id = '2024-04-01 00:00:30+00'::timestamptz OR '2024-04-01 00:00:30+00'::timestamptz = id;

-- By tenant, then by range of the id in months: only the second level
-- prunes, and only its conditions are rewritten
CREATE TABLE tps (id wiji, tenant integer) PARTITION BY LIST (tenant);
CREATE TABLE tps_1 PARTITION OF tps FOR VALUES IN (1) PARTITION BY RANGE (id);
CREATE TABLE tps_1_03 PARTITION OF tps_1 FOR VALUES FROM (wiji_from_parts('2024-03-01')) TO (wiji_from_parts('2024-04-01'));
CREATE TABLE tps_1_04 PARTITION OF tps_1 FOR VALUES FROM (wiji_from_parts('2024-04-01')) TO (wiji_from_parts('2024-05-01'));
CREATE TABLE tps_2 PARTITION OF tps FOR VALUES IN (2);
INSERT INTO tps SELECT id, tenant FROM tpl_wiji WHERE id < '2024-05-01'::timestamptz;
ANALYZE tps;
SELECT tp_plan($$SELECT * FROM tps WHERE id >= '2024-04-01'::timestamptz AND id < '2024-04-01 00:10'::timestamptz$$);
SELECT tp_plan($$SELECT * FROM tps WHERE id = '2024-04-01'::timestamptz$$);
SELECT q.n, tp_estimate('SELECT * FROM tps WHERE ' || q.cond)
FROM (VALUES (1, $$id <@ tstzrange('2024-03-10 10:00', '2024-03-10 11:00')$$),
             (2, $$id >= '2024-04-01'::timestamptz AND id < '2024-04-01 06:00'::timestamptz$$),
             (3, $$id = '2024-04-01 00:00:30+00'::timestamptz$$)) q(n, cond)
ORDER BY q.n;
DROP TABLE tps;

-- By hash of the id: = is false, and prunes every partition; comparisons
-- and <@, which cannot prune there, stay as written
CREATE TABLE tph (id wiji) PARTITION BY HASH (id);
CREATE TABLE tph_0 PARTITION OF tph FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE tph_1 PARTITION OF tph FOR VALUES WITH (MODULUS 2, REMAINDER 1);
SELECT tp_plan($$SELECT * FROM tph WHERE id = '2024-04-01'::timestamptz$$);
SELECT tp_plan($$SELECT * FROM tph WHERE id <@ tstzrange('2024-04-01', '2024-04-02') AND id >= '2024-04-01'::timestamptz$$);
-- id = t is null where the id is, as the comparison is
INSERT INTO tph VALUES (NULL), (wiji_from_parts('2024-04-01'));
SELECT count(*) FILTER (WHERE id = '2024-04-01'::timestamptz) AS equal,
       count(*) FILTER (WHERE NOT (id = '2024-04-01'::timestamptz)) AS not_equal,
       count(*) FILTER (WHERE (id = '2024-04-01'::timestamptz) IS NULL) AS null_equal,
       count(*) FILTER (WHERE ('2024-04-01'::timestamptz = id) IS NULL) AS null_equal_commuted
FROM tph;
DROP TABLE tph;

DROP TABLE tpe_wiji, tpe_ulid, tpe_sno, tpe_siq, tpe_muid, tpl_wiji, tpl_ulid, tpl_sno, tpl_siq, tpl_muid;

--
-- The README's partitions by month (event_log, ids an hour apart from
-- January to June 2026; the partitions named by month, mNN, for
-- tq_scanned): the partitions read and the estimates
--
CREATE TABLE event_log (
    id wiji NOT NULL DEFAULT gen_wiji(),
    what text,
    PRIMARY KEY (id)
) PARTITION BY RANGE (id);
SELECT format('CREATE TABLE event_log_m%s PARTITION OF event_log FOR VALUES FROM (%L) TO (%L)',
              to_char(m, 'MM'), wiji_from_parts(m), wiji_from_parts(m + interval '1 month')) AS ddl
FROM generate_series(timestamptz '2026-01-01 00:00+00', '2026-06-01 00:00+00', interval '1 month') m \gexec
INSERT INTO event_log (id, what)
SELECT wiji_from_parts(t, 0, 1), 'tick'
FROM generate_series(timestamptz '2026-01-01 00:00+00', '2026-06-30 23:00+00', interval '1 hour') t;
ANALYZE event_log;
SELECT q.n, tq_scanned('SELECT * FROM event_log WHERE ' || q.cond) AS partitions,
       tp_estimate('SELECT * FROM event_log WHERE ' || q.cond) AS estimate
FROM (VALUES (1, $$id >= '2026-03-01'::timestamptz AND id < '2026-04-01'::timestamptz$$),
             (2, $$id <@ tstzrange('2026-03-15', '2026-04-15')$$),
             (3, $$id <@ tstzrange('2026-03-15 08:00', '2026-03-15 18:00')$$),
             (4, $$id >= '2026-05-15 00:00+00'::timestamptz$$),
             (5, $$id < '2026-01-03'::timestamptz$$)) q(n, cond)
ORDER BY q.n;
DROP TABLE event_log;
