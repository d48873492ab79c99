--
-- Ids compared with times at the ends of each type's range (SPEC sections
-- 10 and 11): -infinity and every time a whole tick or more before the
-- type's first tick are below every id, infinity and every time after its
-- last tick above every id, for uuid the nil and max uuids included.  Every
-- form agrees: the comparisons in both argument orders, <@ and @> with
-- ranges and multiranges, and what the planner support function makes of
-- them: index conditions, partition pruning on a table partitioned by range
-- of the id with MINVALUE and MAXVALUE partitions and one starting at the
-- type's largest value, at plan time for constants and at run time for the
-- parameters of generic plans.  Runs after time_queries, whose tq_types it
-- reads.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;
-- (enable_seqscan = off costs a seq scan past JIT's threshold)
SET jit = off;

-- The issue as reported: the max uuid above infinity
SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid > 'infinity'::timestamptz AS max_gt_infinity,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid < 'infinity'::timestamptz AS max_lt_infinity,
       'infinity'::timestamptz > 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid AS infinity_gt_max,
       '00000000-0000-0000-0000-000000000000'::uuid > '-infinity'::timestamptz AS nil_gt_minus_infinity,
       '00000000-0000-0000-0000-000000000000'::uuid <= '-infinity'::timestamptz AS nil_le_minus_infinity,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid <@ tstzrange(NULL, 'infinity') AS max_in_to_infinity,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid < '20000-01-01+00'::timestamptz AS max_lt_20000;

-- The types with their first and last times and ticks; uuid's are those
-- of version 7 values (Unix milliseconds in 48 bits)
CREATE TABLE tx_types AS
SELECT type, ord, first_time, last_time, tick FROM tq_types
UNION ALL
SELECT 'uuid', 0, '1970-01-01 00:00:00+00', '10889-08-02 05:31:50.655+00', '1 ms';

-- The ids: the type's smallest and largest values, its first and last ids
-- made at a time (the first is the smallest value) and one in 2024, each with the time it sits at (key): its
-- timestamp, but for the nil uuid, which sorts before the first version 7
-- uuid of 1970-01-01 and so sits just after 1969-12-31 23:59:59.999, the
-- last time that is below every uuid
CREATE TABLE tx_ids (type text, id text, key timestamptz);
INSERT INTO tx_ids
SELECT 'uuid', id, coalesce(uuidv7_extract_timestamp(id::uuid), '1969-12-31 23:59:59.999+00')
FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000', '00000000-0000-7000-8000-000000000000',
                  uuidv7_from_parts('2024-03-01 12:00:00+00')::text,
                  'ffffffff-ffff-7fff-bfff-ffffffffffff']) id;
INSERT INTO tx_ids VALUES ('uuid', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '10889-08-02 05:31:50.655+00');
CREATE FUNCTION tx_add(type text, smallest text, largest text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    t tx_types;
    id text;
BEGIN
    SELECT * INTO t FROM tx_types WHERE tx_types.type = tx_add.type;
    FOREACH id IN ARRAY ARRAY[format('%s_from_bytea(%L::bytea)', type, smallest),
                              format('%s_from_bytea(%L::bytea)', type, largest),
                              format('%s_from_parts(%L)', type, t.first_time),
                              format('%s_from_parts(%L)', type, '2024-03-01 12:00:00+00'),
                              format('%s_from_parts(%L)', type, t.last_time)] LOOP
        EXECUTE format('INSERT INTO tx_ids SELECT %L, x::text, %s_extract_timestamp(x) FROM (SELECT %s AS x) s
                        WHERE x::text NOT IN (SELECT id FROM tx_ids)', type, type, id);
    END LOOP;
END
$$;
SELECT tx_add('wiji', '\x00000000000000000010000000000000', '\x3fffffffffffffffff1fffffffffffff'),
       tx_add('ulid', '\x' || repeat('00', 16), '\x' || repeat('ff', 16)),
       tx_add('sno', '\x' || repeat('00', 10), '\x' || repeat('ff', 10)),
       tx_add('siq', '\x' || repeat('00', 14), '\x' || repeat('ff', 14)),
       tx_add('muid', '\x' || repeat('00', 16), '\x' || repeat('ff', 16));
SELECT type, id, key FROM tx_ids JOIN tx_types USING (type) ORDER BY ord, key, id;

-- For each type: a table with the ids as primary key, and one partitioned
-- by range of the id: below the first id made in 2024 (from MINVALUE), up
-- to the type's largest value, and from it to MAXVALUE
CREATE FUNCTION tx_tables(type text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    largest text;
    first2024 text := format('%s_from_parts(%L)', CASE type WHEN 'uuid' THEN 'uuidv7' ELSE type END,
                             '2024-01-01 00:00:00+00');
BEGIN
    SELECT id INTO largest FROM tx_ids WHERE tx_ids.type = tx_tables.type ORDER BY key DESC, id DESC LIMIT 1;
    IF type <> 'uuid' THEN
        largest := format('%s_from_bytea(%L::bytea)', type, CASE type WHEN 'wiji' THEN '\x3fffffffffffffffff1fffffffffffff'
                                                              WHEN 'sno' THEN '\x' || repeat('ff', 10)
                                                              WHEN 'siq' THEN '\x' || repeat('ff', 14)
                                                              ELSE '\x' || repeat('ff', 16) END);
    ELSE
        largest := quote_literal(largest) || '::uuid';
    END IF;
    EXECUTE format('CREATE TABLE tx_plain_%s (id %1$s PRIMARY KEY, key timestamptz)', type);
    EXECUTE format('CREATE TABLE tx_part_%s (id %1$s, key timestamptz) PARTITION BY RANGE (id)', type);
    EXECUTE format('CREATE TABLE tx_part_%s_low PARTITION OF tx_part_%1$s FOR VALUES FROM (MINVALUE) TO (%2$s)',
                   type, first2024);
    EXECUTE format('CREATE TABLE tx_part_%s_mid PARTITION OF tx_part_%1$s FOR VALUES FROM (%2$s) TO (%3$s)',
                   type, first2024, largest);
    EXECUTE format('CREATE TABLE tx_part_%s_top PARTITION OF tx_part_%1$s FOR VALUES FROM (%2$s) TO (MAXVALUE)',
                   type, largest);
    EXECUTE format('INSERT INTO tx_plain_%s SELECT id::%1$s, key FROM tx_ids WHERE type = %1$L', type);
    EXECUTE format('INSERT INTO tx_part_%s SELECT id::%1$s, key FROM tx_ids WHERE type = %1$L', type);
    EXECUTE format('ANALYZE tx_plain_%s, tx_part_%1$s', type);
END
$$;
SELECT tx_tables(type) FROM tx_types ORDER BY ord;

-- The values compared: times below, at, and above the type's range
-- (-infinity, the earliest timestamptz, a tick before the first tick, a
-- time less than a tick before it, the first, 2024, the last, a
-- microsecond after it, the latest timestamptz, infinity); ranges between
-- some of them, with either kind of bound, unbounded and empty; and
-- multiranges of those ranges
CREATE FUNCTION tx_times(t tx_types) RETURNS timestamptz[]
LANGUAGE sql AS $$
    SELECT ARRAY['-infinity', '4714-11-24 00:00:00+00 BC', t.first_time - t.tick,
                 t.first_time - t.tick + interval '1 us', t.first_time, '2024-03-01 12:00:00+00',
                 t.last_time, t.last_time + interval '1 us', '294276-12-31 23:59:59.999999+00',
                 'infinity']::timestamptz[]
$$;
CREATE FUNCTION tx_ranges(t tx_types) RETURNS tstzrange[]
LANGUAGE sql AS $$
    SELECT array_agg(r ORDER BY r) || 'empty'::tstzrange
    FROM (SELECT DISTINCT tstzrange(a, b, k) AS r
          FROM unnest(ARRAY[NULL, '-infinity', t.first_time - t.tick, t.first_time, '2024-03-01 12:00:00+00',
                            t.last_time, t.last_time + interval '1 us', 'infinity']::timestamptz[]) a,
               unnest(ARRAY[NULL, '-infinity', t.first_time - t.tick, t.first_time, '2024-03-01 12:00:00+00',
                            t.last_time, t.last_time + interval '1 us', 'infinity']::timestamptz[]) b,
               unnest(ARRAY['[)', '(]', '[]', '()']) k
          WHERE a IS NULL OR b IS NULL OR a < b) s
$$;
CREATE FUNCTION tx_multiranges(t tx_types) RETURNS tstzmultirange[]
LANGUAGE sql AS $$
    SELECT ARRAY['{}',
                 tstzmultirange(tstzrange(NULL, t.first_time - t.tick, '(]'), tstzrange(t.last_time, NULL)),
                 tstzmultirange(tstzrange('-infinity', t.first_time), tstzrange('2024-03-01 12:00:00+00', 'infinity', '[]')),
                 tstzmultirange(tstzrange(t.first_time - t.tick, t.first_time), tstzrange(t.last_time + interval '1 us', 'infinity')),
                 tstzmultirange(tstzrange(t.first_time, '2024-03-01 12:00:00+00'), tstzrange(t.last_time, t.last_time + interval '1 us')),
                 tstzmultirange(tstzrange(t.last_time + interval '1 us', 'infinity', '[]')),
                 tstzmultirange(tstzrange(NULL, t.first_time - t.tick, '(]')),
                 '{(,)}']::tstzmultirange[]
$$;

-- Each form (X the time, range or multiranges), with the condition on the
-- time the id sits at that it must agree with
CREATE TABLE tx_forms (n integer, form text, truth text, valtype text);
INSERT INTO tx_forms VALUES
    (1, 'id < X', 'NOT key >= X', 'timestamptz'), (2, 'id <= X', 'NOT key >= X', 'timestamptz'),
    (3, 'id > X', 'key >= X', 'timestamptz'), (4, 'id >= X', 'key >= X', 'timestamptz'),
    (5, 'X > id', 'NOT key >= X', 'timestamptz'), (6, 'X >= id', 'NOT key >= X', 'timestamptz'),
    (7, 'X < id', 'key >= X', 'timestamptz'), (8, 'X <= id', 'key >= X', 'timestamptz'),
    (9, 'id <@ X', 'key <@ X', 'tstzrange'), (10, 'X @> id', 'key <@ X', 'tstzrange'),
    (11, 'id <@ X', 'key <@ X', 'tstzmultirange'), (12, 'X @> id', 'key <@ X', 'tstzmultirange');

-- Every form on every value, in each way of running it: a seq scan and an
-- index scan of the plain table, the partitioned table (pruned at plan
-- time), and generic plans of both (an index condition with a parameter,
-- pruned at run time).  The ids each returns against those whose time
-- satisfies the condition on times; the first disagreement, if any.
CREATE FUNCTION tx_check(type text)
RETURNS TABLE (way text, checks integer, wrong integer, first_wrong text)
LANGUAGE plpgsql AS $$
DECLARE
    t tx_types;
    f tx_forms;
    v text;
    vals text[];
    w text;
    truth text;
    got text;
    sel text := 'SELECT string_agg(id::text, '' '' ORDER BY id) FROM %s WHERE %s';
BEGIN
    SELECT * INTO t FROM tx_types WHERE tx_types.type = tx_check.type;
    FOREACH w IN ARRAY ARRAY['seq scan', 'index scan', 'partitioned', 'generic index scan', 'generic partitioned'] LOOP
        way := w;
        checks := 0;
        wrong := 0;
        first_wrong := NULL;
        PERFORM set_config('enable_seqscan', CASE WHEN way LIKE '%index%' THEN 'off' ELSE 'on' END, true);
        PERFORM set_config('enable_indexscan', CASE WHEN way = 'seq scan' THEN 'off' ELSE 'on' END, true);
        PERFORM set_config('enable_bitmapscan', CASE WHEN way = 'seq scan' THEN 'off' ELSE 'on' END, true);
        PERFORM set_config('plan_cache_mode', CASE WHEN way LIKE 'generic%' THEN 'force_generic_plan' ELSE 'auto' END, true);
        FOR f IN SELECT * FROM tx_forms ORDER BY n LOOP
            vals := CASE f.valtype WHEN 'timestamptz' THEN tx_times(t)::text[]
                                   WHEN 'tstzrange' THEN tx_ranges(t)::text[]
                                   ELSE tx_multiranges(t)::text[] END;
            IF way LIKE 'generic%' THEN
                EXECUTE format('PREPARE tx_q(%s) AS ' || sel, f.valtype,
                               CASE WHEN way LIKE '%partitioned' THEN 'tx_part_' ELSE 'tx_plain_' END || type,
                               replace(f.form, 'X', '$1'));
            END IF;
            FOREACH v IN ARRAY vals LOOP
                EXECUTE format(sel, 'tx_plain_' || type, replace(f.truth, 'X', quote_literal(v) || '::' || f.valtype))
                INTO truth;
                IF way LIKE 'generic%' THEN
                    EXECUTE format('EXECUTE tx_q(%L)', v) INTO got;
                ELSE
                    EXECUTE format(sel, CASE way WHEN 'partitioned' THEN 'tx_part_' ELSE 'tx_plain_' END || type,
                                   replace(f.form, 'X', quote_literal(v) || '::' || f.valtype))
                    INTO got;
                END IF;
                checks := checks + 1;
                IF got IS DISTINCT FROM truth THEN
                    wrong := wrong + 1;
                    first_wrong := coalesce(first_wrong, format('%s with X = %s: %s, not %s', f.form, v,
                                                                coalesce(got, 'none'), coalesce(truth, 'none')));
                END IF;
            END LOOP;
            IF way LIKE 'generic%' THEN
                DEALLOCATE tx_q;
            END IF;
        END LOOP;
        RETURN NEXT;
    END LOOP;
END
$$;
SELECT t.type, c.* FROM tx_types t, LATERAL tx_check(t.type) c ORDER BY t.ord, c.way;

-- What the planner writes for uuid, whose comparisons become core's
-- comparisons of uuids: a time above every uuid as a condition that holds
-- for every uuid (id < infinity) or none (id > infinity), the partitions
-- pruned to none for a condition no uuid meets; for a time known at run
-- time, id >= idgen_uuidv7_bound(t) and id <= idgen_uuidv7_bound_before(t),
-- which hold for the max uuid (a time after 10889) or the nil uuid (one
-- before 1970) too, with the operator beside them
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM tx_plain_uuid WHERE id < 'infinity'::timestamptz;
EXPLAIN (COSTS OFF) SELECT * FROM tx_plain_uuid WHERE id > '20000-01-01+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT * FROM tx_plain_uuid WHERE id <@ tstzrange('1960-01-01+00', '2024-01-01+00');
PREPARE tx_plain(timestamptz) AS SELECT * FROM tx_plain_uuid WHERE id < $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE tx_plain('infinity');
RESET enable_seqscan;
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id < 'infinity'::timestamptz;
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id >= '20000-01-01+00'::timestamptz;
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id <@ tstzrange('20000-01-01+00', NULL);
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id <@ tstzrange('2024-06-01+00', '20000-01-01+00');
PREPARE tx_part(timestamptz) AS SELECT * FROM tx_part_uuid WHERE id >= $1;
EXPLAIN (COSTS OFF) EXECUTE tx_part('infinity');
RESET plan_cache_mode;
-- A multirange on the partition key prunes by its overall bounds, written
-- as the partition bounds next to them (the smallest uuid of 2024 and the
-- max uuid here), with the operator beside them; an empty one, or one after
-- 10889, prunes every partition
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id <@ '{[2024-03-01,2024-03-02), [2024-06-01,2024-06-02)}'::tstzmultirange;
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id <@ '{}'::tstzmultirange;
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id <@ '{[20000-01-01,20000-01-02), [30000-01-01,infinity]}'::tstzmultirange;
EXPLAIN (COSTS OFF) SELECT * FROM tx_part_uuid WHERE id <@ '{(,1960-01-01), [2024-06-01,infinity]}'::tstzmultirange;
