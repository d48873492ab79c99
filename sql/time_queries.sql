--
-- Ids compared with times (SPEC section 10), for every type: comparisons
-- with timestamptz in the btree operator family, id <@ tstzrange and
-- tstzmultirange, the plans and row estimates they get on a primary key of
-- a million ids, exact results for random ranges, and partition pruning.
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- The types: the first and last times each can hold, about how long a tick
-- is, and how to make the id of row {k} at time {ts} ({k} % 4 in a field:
-- four ids per tick, the first of them T_from_parts({ts}))
CREATE TABLE tq_types (type text PRIMARY KEY, ord integer, make text,
                       first_time timestamptz, last_time timestamptz, tick interval);
INSERT INTO tq_types VALUES
    ('wiji', 1, 'wiji_from_parts({ts}, {k} % 4, {k} % 4)',
     unix_us(0), unix_us(18014398509481983), '1 us'),
    ('ulid', 2, 'ulid_from_parts({ts}, decode(lpad(to_hex({k} % 4), 20, ''0''), ''hex''))',
     unix_us(0), unix_us(281474976710655000), '1 ms'),
    ('sno', 3, 'sno_from_parts({ts}, {k} % 4)',
     unix_us(1262304000000000), unix_us(1262304000000000 + 549755813887 * 4000), '4 ms'),
    ('siq', 4, 'siq_from_parts({ts}, ''user'', {k} % 4)',
     unix_us(0), unix_us((72057594037927935 * 1000000::numeric / 65536)::bigint - 1), '15 us'),
    ('muid', 5, 'muid_from_parts({ts}, {k} % 4)',
     unix_us(0), unix_us(4503599627370495), '1 us');

-- Those are the type's ends: T_from_parts() takes them, rounds a time less
-- than a tick before the first up to it, and raises 22008 outside them (a
-- tick or more before the first, a microsecond after the last), where
-- comparisons go on answering
SELECT type,
       try(format('%s_extract_timestamp(%1$s_from_parts(%L)) = %2$L', type, first_time)) AS first_ok,
       try(format('%s_extract_timestamp(%1$s_from_parts(%L)) = %2$L', type, last_time)) AS last_ok,
       try(format('%s_extract_timestamp(%1$s_from_parts(%L::timestamptz - %L::interval + interval ''1 us'')) = %2$L',
                  type, first_time, tick)) AS rounded_to_first,
       split_part(try(format('%s_from_parts(%L::timestamptz - %L::interval - interval ''1 us'')', type, first_time, tick)), ':', 1) AS before_first,
       split_part(try(format('%s_from_parts(%L::timestamptz + interval ''1 us'')', type, last_time)), ':', 1) AS after_last
FROM tq_types ORDER BY ord;

-- The expression making an id from a time and a row number
CREATE FUNCTION tq_make(make text, ts text, k text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT replace(replace(make, '{ts}', ts), '{k}', k) $$;

--
-- What the comparisons answer for an id and a time: <, <=, =, >=, > with
-- the id on the left, the same with the time on the left, then the btree
-- support functions T_cmp_timestamptz(id, time) and timestamptz_cmp_T(time,
-- id).  "ttfff ffftt -1 1" says the id is before the time, "ffftt ttfff 1 -1"
-- after it.  A time sits just before the ids made at that time; = is never
-- true.
--
CREATE FUNCTION tq_ops(type text, id text, ts timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE format($q$SELECT concat(
        (x < t)::text, (x <= t)::text, (x = t)::text, (x >= t)::text, (x > t)::text, ' ',
        (t < x)::text, (t <= x)::text, (t = x)::text, (t >= x)::text, (t > x)::text, ' ',
        %1$s_cmp_timestamptz(x, t), ' ', timestamptz_cmp_%1$s(t, x))
        FROM (SELECT %2$s AS x, $1 AS t) s$q$, type, id)
    INTO result USING ts;
    RETURN replace(replace(result, 'true', 't'), 'false', 'f');
END
$$;

-- The smallest id made at 2024-03-01 12:00:00.5 (a tick of every type)
-- against times around it
SELECT t.type, c.what, tq_ops(t.type, format('%s_from_parts(%L)', t.type, '2024-03-01 12:00:00.5+00'), c.ts)
FROM tq_types t,
     (VALUES (1, 'that time', '2024-03-01 12:00:00.5+00'::timestamptz),
             (2, '1 us earlier', '2024-03-01 12:00:00.499999+00'),
             (3, '1 us later', '2024-03-01 12:00:00.500001+00'),
             (4, '-infinity', '-infinity'),
             (5, 'infinity', 'infinity'),
             (6, 'before every epoch', '1960-01-01 00:00:00+00'),
             (7, 'after every type', '294276-12-31 23:59:59.999999+00')) c(n, what, ts)
ORDER BY t.ord, c.n;

-- 12:00:00.5005 lies between two ticks of ulid, sno and siq: it sits before
-- every id of the tick after it (T_from_parts rounds up to that tick) and
-- after every id of the tick before it
SELECT t.type, c.what, tq_ops(t.type, tq_make(t.make, c.idts, c.k), '2024-03-01 12:00:00.5005+00')
FROM tq_types t,
     LATERAL (VALUES (1, 'next tick, field 0', format('%L::timestamptz', '2024-03-01 12:00:00.5005+00'), '0'),
                     (2, 'next tick, field 3', format('%L::timestamptz', '2024-03-01 12:00:00.5005+00'), '3'),
                     (3, 'tick before, field 3',
                      format('%s_extract_timestamp(%1$s_from_parts(%L)) - %L::interval', t.type, '2024-03-01 12:00:00.5005+00', t.tick), '3')) c(n, what, idts, k)
ORDER BY t.ord, c.n;

-- The ends of each type: its first id against the time just before and its
-- first time; its last id against its last time and the time just after
SELECT t.type, c.what,
       tq_ops(t.type, format('%s_from_parts(%L)', t.type, CASE WHEN c.n <= 2 THEN t.first_time ELSE t.last_time END),
              CASE c.n WHEN 1 THEN t.first_time - interval '1 us' WHEN 2 THEN t.first_time
                       WHEN 3 THEN t.last_time ELSE t.last_time + interval '1 us' END)
FROM tq_types t,
     (VALUES (1, 'first id, 1 us before'), (2, 'first id, first time'),
             (3, 'last id, last time'), (4, 'last id, 1 us after')) c(n, what)
ORDER BY t.ord, c.n;

-- <> is not provided: it would always be true
SELECT try($$wiji_from_parts('2024-03-01') <> '2024-03-01'::timestamptz$$);
-- A time is written as a timestamptz: an untyped literal is read as the id's type
SELECT try($$wiji_from_parts('2024-03-01') >= '2024-03-01'$$);


-- Containment, both argument orders, and the range's own answer for the
-- id's timestamp: the smallest id made at 12:00:00.5 (r a tstzrange or a
-- tstzmultirange)
CREATE FUNCTION tq_contains(type text, r anyelement) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE format('SELECT concat((x <@ $1)::text, '' '', ($1 @> x)::text, '' '', (%1$s_extract_timestamp(x) <@ $1)::text)
                    FROM (SELECT %1$s_from_parts(%2$L) AS x) s', type, '2024-03-01 12:00:00.5+00')
    INTO result USING r;
    RETURN replace(replace(result, 'true', 't'), 'false', 'f');
END
$$;
SELECT r.r, string_agg(tq_contains(t.type, r.r), ' | ' ORDER BY t.ord) AS "wiji | ulid | sno | siq | muid: <@ @> time<@"
FROM tq_types t,
     (VALUES (1, '[2024-03-01 12:00:00.5,2024-03-01 12:00:00.501)'::tstzrange),
             (2, '(2024-03-01 12:00:00.5,2024-03-01 12:00:00.501)'),
             (3, '(2024-03-01 12:00:00.499999,2024-03-01 12:00:00.5]'),
             (4, '(2024-03-01 12:00:00.499999,2024-03-01 12:00:00.5)'),
             (5, '(,2024-03-01 12:00:00.5]'),
             (6, '[2024-03-01 12:00:00.5,)'),
             (7, '(,)'),
             (8, 'empty'),
             (9, '[infinity,infinity]'),
             (10, '[-infinity,2024-03-01 12:00:00.5]'),
             (11, '(-infinity,infinity)')) r(n, r)
GROUP BY r.n, r.r ORDER BY r.n;
-- In a multirange: when one of its ranges holds the time; not in a gap
-- between them, however close its ranges come to the time
SELECT r.r, string_agg(tq_contains(t.type, r.r), ' | ' ORDER BY t.ord) AS "wiji | ulid | sno | siq | muid: <@ @> time<@"
FROM tq_types t,
     (VALUES (1, '{}'::tstzmultirange),
             (2, '{[2024-03-01 12:00:00.5,2024-03-01 12:00:00.501)}'),
             (3, '{[2024-03-01 11:00,2024-03-01 12:00), [2024-03-01 12:00:00.5,2024-03-01 12:00:00.501)}'),
             (4, '{[2024-03-01 11:00,2024-03-01 12:00:00.5), (2024-03-01 12:00:00.5,2024-03-01 13:00)}'),
             (5, '{(,2024-03-01), [2024-03-01 12:00:00.5,2024-03-01 12:00:00.5]}'),
             (6, '{(,2024-03-01), [2024-03-02,)}'),
             (7, '{(,)}')) r(n, r)
GROUP BY r.n, r.r ORDER BY r.n;
SELECT wiji_from_parts('2024-03-01') <@ NULL::tstzmultirange AS null_multirange,
       NULL::wiji <@ '{(,)}'::tstzmultirange AS null_id;

-- The half-open bounds behind id <@ r: r holds a time exactly when
-- idgen_range_start(r) <= time < idgen_range_end(r)
SELECT r, idgen_range_start(r), idgen_range_end(r)
FROM (VALUES ('[2024-03-01,2024-04-01)'::tstzrange), ('(2024-03-01,2024-04-01]'), ('(,2024-04-01)'),
             ('[2024-03-01,)'), ('empty'), ('(,)'), ('[infinity,infinity]'),
             ('(294276-12-31 23:59:59.999998+00,294276-12-31 23:59:59.999999+00]')) v(r);

-- A time column compared with an id, where the time column has an index:
-- the index cannot answer it (its family has no ids), and the support
-- function behind the comparison does not take it for containment
CREATE TABLE tq_times (ts timestamptz, id wiji);
CREATE INDEX ON tq_times (ts);
INSERT INTO tq_times SELECT '2024-03-01'::timestamptz + n * interval '1 minute',
                            wiji_from_parts('2024-03-01'::timestamptz + n * interval '1 minute')
FROM generate_series(1, 2000) n;
ANALYZE tq_times;
SET enable_seqscan = off;
SELECT depth, node, cond FROM plan_nodes($$SELECT * FROM tq_times WHERE ts >= wiji_from_parts('2024-03-02')$$);
SELECT count(*) FILTER (WHERE ts >= wiji_from_parts('2024-03-02')) AS time_after_id,
       count(*) FILTER (WHERE id >= '2024-03-02'::timestamptz) AS id_at_or_after_time,
       count(*) FILTER (WHERE wiji_ge_timestamptz(id, '2024-03-02')) AS by_name
FROM tq_times;
RESET enable_seqscan;
DROP TABLE tq_times;

-- BRIN minmax and minmax-multi indexes answer comparisons with times and
-- <@ too (checked on wiji: the operator families come from one template)
CREATE TABLE tq_brin (id wiji);
INSERT INTO tq_brin SELECT wiji_from_parts('2024-03-01'::timestamptz + n * interval '1 second', 0, n)
FROM generate_series(1, 20000) n;
ANALYZE tq_brin;
SET enable_seqscan = off;
CREATE INDEX tq_brin_minmax ON tq_brin USING brin (id);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM tq_brin WHERE id >= '2024-03-01 05:00:00+00'::timestamptz$$);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM tq_brin WHERE id <@ tstzrange('2024-03-01 01:00:00+00', '2024-03-01 02:00:00+00')$$);
DROP INDEX tq_brin_minmax;
CREATE INDEX tq_brin_multi ON tq_brin USING brin (id wiji_minmax_multi_ops);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM tq_brin WHERE id < '2024-03-01 01:00:00+00'::timestamptz$$);
SELECT count(*) FILTER (WHERE id >= '2024-03-01 05:00:00+00'::timestamptz) AS after_5,
       count(*) FILTER (WHERE id <@ tstzrange('2024-03-01 01:00:00+00', '2024-03-01 02:00:00+00')) AS from_1_to_2,
       count(*) FILTER (WHERE id < '2024-03-01 01:00:00+00'::timestamptz) AS before_1
FROM tq_brin;
SELECT (SELECT count(*) FROM tq_brin WHERE id >= '2024-03-01 05:00:00+00'::timestamptz) AS after_5,
       (SELECT count(*) FROM tq_brin WHERE id <@ tstzrange('2024-03-01 01:00:00+00', '2024-03-01 02:00:00+00')) AS from_1_to_2,
       (SELECT count(*) FROM tq_brin WHERE id < '2024-03-01 01:00:00+00'::timestamptz) AS before_1;
RESET enable_seqscan;
DROP TABLE tq_brin;

--
-- A million ids over 30 days for each type, with a primary key: 250,000
-- ticks 10.368 s apart, each some ms past its second, four ids per tick;
-- and the type's first and last ids
--
CREATE FUNCTION tq_build(type text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    t tq_types;
BEGIN
    SELECT * INTO t FROM tq_types WHERE tq_types.type = tq_build.type;
    EXECUTE format('CREATE UNLOGGED TABLE tq_%s AS SELECT %s AS id FROM generate_series(0, 999999) k', type,
                   tq_make(t.make, 'unix_us(1709251200000000 + (k / 4) * 10368000::bigint + (k / 4)::bigint * 7919 % 10007)', 'k'));
    EXECUTE format('INSERT INTO tq_%s VALUES (%s), (%s)', type,
                   tq_make(t.make, quote_literal(t.first_time) || '::timestamptz', '0'),
                   tq_make(t.make, quote_literal(t.last_time) || '::timestamptz', '3'));
    EXECUTE format('ALTER TABLE tq_%s ADD PRIMARY KEY (id)', type);
    EXECUTE format('ANALYZE tq_%s', type);
END
$$;
CREATE FUNCTION tq_drop(type text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN EXECUTE format('DROP TABLE tq_%s', type); END $$;
SET maintenance_work_mem = '256MB';
SELECT type, tq_build(type) FROM tq_types ORDER BY ord;
RESET maintenance_work_mem;

-- The primary key answers conditions on time alone: an index scan with the
-- time in its index condition; for <@, the two comparisons it stands for,
-- with constant bounds when the range is known at planning, else bounds
-- computed from it at run time
SELECT t.type, p.depth, p.node, p.cond
FROM tq_types t,
     LATERAL (VALUES (1, 'SELECT id FROM tq_%s WHERE id >= %L::timestamptz', '2024-03-30 23:00:00+00', NULL),
                     (2, 'SELECT id FROM tq_%s WHERE id < %L::timestamptz', '2024-03-01 01:00:00+00', NULL),
                     (3, 'SELECT id FROM tq_%s WHERE id <@ tstzrange(%L, %L)', '2024-03-11 07:00:00+00', '2024-03-11 08:00:00+00'),
                     (4, 'SELECT id FROM tq_%s WHERE id <@ tstzrange(%L, %L, ''(]'')', '2024-03-11 07:00:00+00', '2024-03-11 08:00:00+00'),
                     (5, 'SELECT id FROM tq_%s WHERE tstzrange(%L, NULL) @> id', '2024-03-30 23:00:00+00', NULL),
                     (6, 'SELECT id FROM tq_%s WHERE id >= %L::timestamptz AND id < %L::timestamptz', '2024-03-11 07:00:00+00', '2024-03-11 08:00:00+00'),
                     (7, 'SELECT id FROM tq_%1$s WHERE %1$s_contained_by_tstzrange(id, tstzrange(%2$L, %3$L))', '2024-03-11 07:00:00+00', '2024-03-11 08:00:00+00'))
             q(n, query, a, b),
     LATERAL plan_nodes(format(q.query, t.type, q.a, q.b)) p
ORDER BY t.ord, q.n, p.depth;

-- The same with parameters, in a generic plan: the comparisons take them as
-- they are, <@ computes its bounds from its range when the scan starts.
-- (Without a LIMIT, a lone id >= $1 would be estimated at a third of the
-- table, and read by a sequential scan, as for any type.)
SET plan_cache_mode = force_generic_plan;
CREATE FUNCTION tq_generic_plans(type text)
RETURNS TABLE (n integer, depth integer, node text, cond text)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('PREPARE tq_ge(timestamptz) AS SELECT id FROM tq_%s WHERE id >= $1 ORDER BY id LIMIT 10', type);
    EXECUTE format('PREPARE tq_lt(timestamptz) AS SELECT id FROM tq_%s WHERE id < $1 ORDER BY id DESC LIMIT 10', type);
    EXECUTE format('PREPARE tq_both(timestamptz, timestamptz) AS SELECT id FROM tq_%s WHERE id >= $1 AND id < $2', type);
    EXECUTE format('PREPARE tq_in(timestamptz, timestamptz) AS SELECT id FROM tq_%s WHERE id <@ tstzrange($1, $2)', type);
    RETURN QUERY SELECT 1, p.depth, p.node, p.cond FROM plan_nodes($q$EXECUTE tq_ge('2024-03-30 23:00:00+00')$q$) p;
    RETURN QUERY SELECT 2, p.depth, p.node, p.cond FROM plan_nodes($q$EXECUTE tq_lt('2024-03-01 01:00:00+00')$q$) p;
    RETURN QUERY SELECT 3, p.depth, p.node, p.cond FROM plan_nodes($q$EXECUTE tq_both('2024-03-11 07:00:00+00', '2024-03-11 08:00:00+00')$q$) p;
    RETURN QUERY SELECT 4, p.depth, p.node, p.cond FROM plan_nodes($q$EXECUTE tq_in('2024-03-11 07:00:00+00', '2024-03-11 08:00:00+00')$q$) p;
    DEALLOCATE tq_ge;
    DEALLOCATE tq_lt;
    DEALLOCATE tq_both;
    DEALLOCATE tq_in;
END
$$;
SELECT t.type, p.* FROM tq_types t, LATERAL tq_generic_plans(t.type) p ORDER BY t.ord, p.n, p.depth;
RESET plan_cache_mode;

--
-- Exact results for random ranges.  Each range's bounds come from: random
-- microseconds over the 30 days and a day either side; the time of a random
-- id, or 1 us either side of it; a time within 10 ms of one (between ticks
-- of the coarser types); -infinity, infinity, the earliest and latest
-- timestamptz, the type's first and last times and 1 us beyond them, times
-- before the epochs; or no bound.  Bounds are inclusive or exclusive at
-- random, and some ranges are empty.
--
-- The truth comes from the ids' timestamps in id order, which never
-- decrease (checked first), so the rows a condition on the timestamp
-- selects are a run of consecutive ids, found by binary search; the first
-- and last of the run, and their neighbours, are checked against the
-- condition as written (T_extract_timestamp(id) <@ r).  The index answers
-- id >= a AND id < b and id <@ r (each also written the other way round);
-- its first and last ids must be those of the run, and the operators, run
-- as filters on the rows at either edge of the run, must agree.
--
CREATE FUNCTION tq_pick(t tq_types, near timestamptz) RETURNS timestamptz
LANGUAGE plpgsql AS $$
DECLARE
    c double precision := random();
BEGIN
    IF c < 0.35 THEN
        RETURN unix_us(1709164800000000 + floor(random() * 2764800000000)::bigint);
    ELSIF c < 0.55 THEN
        RETURN near + (floor(random() * 3) - 1) * interval '1 us';
    ELSIF c < 0.65 THEN
        RETURN near + (floor(random() * 20001) - 10000) * interval '1 us';
    ELSIF c < 0.95 THEN
        RETURN (ARRAY['-infinity', 'infinity', '4714-11-24 00:00:00+00 BC', '294276-12-31 23:59:59.999999+00',
                      t.first_time - interval '1 us', t.first_time, t.last_time, t.last_time + interval '1 us',
                      '1960-01-01 00:00:00+00', '2009-12-31 23:59:59.999999+00']::timestamptz[])[1 + floor(random() * 10)::integer];
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION tq_exact(type text, nranges integer)
RETURNS TABLE (form text, ranges integer, rows_compared bigint, mismatches integer)
LANGUAGE plpgsql AS $$
DECLARE
    t tq_types;
    ids text[];
    tss timestamptz[];
    n integer;
    lo timestamptz;
    hi timestamptz;
    r tstzrange;
    v timestamptz[];
    incl boolean[];
    pos integer[];
    i integer;
    j integer;
    mid integer;
    first_id text;
    last_id text;
    bad integer;
    tf integer;
    tl integer;
    form_no integer;
    cnt bigint[] := ARRAY[0, 0, 0];
    miss integer[] := ARRAY[0, 0, 0];
    edge text[];
    expect boolean[];
BEGIN
    SELECT * INTO t FROM tq_types WHERE tq_types.type = tq_exact.type;
    -- read in index order (a misread order would show as mismatches)
    EXECUTE format('SELECT array_agg(x), array_agg(ts)
                    FROM (SELECT id::text AS x, %s_extract_timestamp(id) AS ts FROM tq_%1$s ORDER BY id) s', type)
    INTO ids, tss;
    n := array_length(ids, 1);
    SELECT count(*) FILTER (WHERE a > b) INTO bad FROM unnest(tss[1:n - 1], tss[2:n]) u(a, b);
    miss[3] := miss[3] + bad;

    PERFORM setseed(0.5);
    FOR i IN 1..nranges LOOP
        lo := tq_pick(t, tss[1 + floor(random() * n)::integer]);
        hi := tq_pick(t, tss[1 + floor(random() * n)::integer]);
        IF lo > hi THEN
            SELECT hi, lo INTO lo, hi;
        END IF;
        r := CASE WHEN random() < 0.02 THEN 'empty'::tstzrange
                  ELSE tstzrange(lo, hi, (ARRAY['[)', '[]', '()', '(]'])[1 + floor(random() * 4)::integer]) END;
        lo := coalesce(lo, '-infinity');
        hi := coalesce(hi, 'infinity');

        -- First positions k with tss[k] >= lo, >= hi, past r's lower and
        -- upper bounds (n + 1 when none)
        v := ARRAY[lo, hi, lower(r), upper(r)];
        incl := ARRAY[true, true, lower_inc(r), NOT upper_inc(r)];
        pos := ARRAY[n + 1, n + 1, 1, n + 1];
        FOR j IN 1..4 LOOP
            CONTINUE WHEN v[j] IS NULL;
            pos[j] := 1;
            mid := n + 1;
            WHILE pos[j] < mid LOOP
                IF tss[(pos[j] + mid) / 2] > v[j] OR (incl[j] AND tss[(pos[j] + mid) / 2] = v[j]) THEN
                    mid := (pos[j] + mid) / 2;
                ELSE
                    pos[j] := (pos[j] + mid) / 2 + 1;
                END IF;
            END LOOP;
        END LOOP;

        FOR form_no IN 1..2 LOOP
            IF form_no = 1 THEN
                tf := pos[1];
                tl := pos[2] - 1;
                EXECUTE format(CASE WHEN i % 2 = 0
                    THEN 'SELECT (SELECT x.id::text FROM tq_%1$s x WHERE id >= $1 AND id < $2 ORDER BY x.id LIMIT 1),
                                 (SELECT x.id::text FROM tq_%1$s x WHERE id >= $1 AND id < $2 ORDER BY x.id DESC LIMIT 1)'
                    ELSE 'SELECT (SELECT x.id::text FROM tq_%1$s x WHERE $1 <= id AND $2 > id ORDER BY x.id LIMIT 1),
                                 (SELECT x.id::text FROM tq_%1$s x WHERE $1 <= id AND $2 > id ORDER BY x.id DESC LIMIT 1)' END, type)
                INTO first_id, last_id USING lo, hi;
            ELSE
                tf := CASE WHEN isempty(r) THEN 1 ELSE pos[3] END;
                tl := CASE WHEN isempty(r) THEN 0 ELSE pos[4] - 1 END;
                EXECUTE format(CASE WHEN i % 2 = 0
                    THEN 'SELECT (SELECT x.id::text FROM tq_%1$s x WHERE id <@ $1 ORDER BY x.id LIMIT 1),
                                 (SELECT x.id::text FROM tq_%1$s x WHERE id <@ $1 ORDER BY x.id DESC LIMIT 1)'
                    ELSE 'SELECT (SELECT x.id::text FROM tq_%1$s x WHERE $1 @> id ORDER BY x.id LIMIT 1),
                                 (SELECT x.id::text FROM tq_%1$s x WHERE $1 @> id ORDER BY x.id DESC LIMIT 1)' END, type)
                INTO first_id, last_id USING r;
                -- the run is what the condition as written selects
                SELECT count(*) INTO bad
                FROM unnest(ARRAY[tf - 1, tf, tl, tl + 1]) k
                WHERE k BETWEEN 1 AND n AND (tss[k] <@ r) <> (k BETWEEN tf AND tl);
                miss[3] := miss[3] + bad;
            END IF;

            IF NOT ((tf <= tl AND first_id = ids[tf] AND last_id = ids[tl]) OR
                    (tf > tl AND first_id IS NULL AND last_id IS NULL)) THEN
                miss[form_no] := miss[form_no] + 1;
            END IF;
            cnt[form_no] := cnt[form_no] + greatest(tl - tf + 1, 0);

            -- The operators as filters on the rows at the run's edges
            SELECT array_agg(ids[k]), array_agg(k BETWEEN tf AND tl) INTO edge, expect
            FROM (SELECT DISTINCT k FROM unnest(ARRAY[tf - 1, tf, tl, tl + 1]) k WHERE k BETWEEN 1 AND n) e;
            IF edge IS NOT NULL THEN
                EXECUTE format(CASE form_no WHEN 1
                    THEN 'SELECT count(*) FROM unnest($3::%1$s[], $4::boolean[]) u(x, e)
                          WHERE (x >= $1 AND x < $2) <> e OR ($1 <= x AND $2 > x) <> e'
                    ELSE 'SELECT count(*) FROM unnest($3::%1$s[], $4::boolean[]) u(x, e)
                          WHERE (x <@ $5) <> e OR ($5 @> x) <> e' END, type)
                INTO bad USING lo, hi, edge, expect, r;
                miss[form_no] := miss[form_no] + bad;
            END IF;
        END LOOP;
    END LOOP;

    RETURN QUERY VALUES ('id >= a AND id < b', nranges, cnt[1], miss[1]),
                        ('id <@ r', nranges, cnt[2], miss[2]),
                        ('the timestamps, in id order', nranges, n::bigint, miss[3]);
END
$$;
SELECT t.type, e.* FROM tq_types t, LATERAL tq_exact(t.type, 1000) e ORDER BY t.ord, e.form;

--
-- Row estimates, from the id column's statistics, for ranges holding 0.1%,
-- 1% and 10% of the rows: whether the planner's estimate is within 2x of
-- the actual count.  Both id <@ r and the comparisons are estimated from the
-- times of the histogram's bounds, interpolated within a bin (within some
-- 15% here).  The comparisons on one column share out the estimate of the
-- range they bound: the tightest lower bound gives its own estimate, the
-- tightest upper one the rest of the range's, looser bounds nothing, so the
-- product the planner makes is the range's estimate, in either argument
-- order and with a redundant bound too.  Alone, each comparison gets its
-- own (here the bounds hold about a third to nine tenths of the rows), and
-- so does each side of an OR, combined as independent.  A range that is
-- empty (a >= b) comes out at one row.  ANALYZE samples at random: every
-- range lies well inside the histogram, where the estimate holds for any
-- sample.  One letter per condition: id <@ r; the same by name;
-- id >= a AND id < b; a <= id AND b > id; id > a - 1 day AND id >= a AND
-- id < b; id >= a; id < b; id < a OR id >= b; then, after a space, whether
-- id >= b AND id < a comes out at 5 rows or fewer.
--
CREATE FUNCTION tq_estimates(type text, a timestamptz, b timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    actual bigint;
    estimate double precision;
    plan json;
    result text := '';
    cond text;
BEGIN
    FOREACH cond IN ARRAY ARRAY[
        'id <@ tstzrange(%2$L, %3$L)',
        '%1$s_contained_by_tstzrange(id, tstzrange(%2$L, %3$L))',
        'id >= %2$L::timestamptz AND id < %3$L::timestamptz',
        '%2$L::timestamptz <= id AND %3$L::timestamptz > id',
        'id > %2$L::timestamptz - interval ''1 day'' AND id >= %2$L::timestamptz AND id < %3$L::timestamptz',
        'id >= %2$L::timestamptz',
        'id < %3$L::timestamptz',
        'id < %2$L::timestamptz OR id >= %3$L::timestamptz',
        'id >= %3$L::timestamptz AND id < %2$L::timestamptz'] LOOP
        EXECUTE format('SELECT count(*) FROM tq_%1$s WHERE ' || cond, type, a, b) INTO actual;
        EXECUTE format('EXPLAIN (FORMAT JSON) SELECT id FROM tq_%1$s WHERE ' || cond, type, a, b) INTO plan;
        estimate := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
        result := result || CASE
            WHEN actual = 0 THEN ' ' || CASE WHEN estimate <= 5 THEN 't' ELSE 'f' END
            WHEN estimate / actual BETWEEN 0.5 AND 2 THEN 't' ELSE 'f' END;
    END LOOP;
    RETURN result;
END
$$;
SELECT t.type, p.share, tq_estimates(t.type, p.a, p.a + p.share * interval '30 days')
         AS "within 2x; empty"
FROM tq_types t,
     (VALUES (0.001, '2024-03-11 07:00:00+00'::timestamptz), (0.01, '2024-03-17 13:13:13+00'),
             (0.1, '2024-03-04 02:00:00+00')) p(share, a)
ORDER BY t.ord, p.share;

--
-- Containment in a tstzmultirange: the primary key is scanned between the
-- multirange's overall bounds (constant ones when it is known at planning,
-- else from range_merge() of it when the scan starts), and the operator
-- filters out the ids in its gaps.  The rows are those whose time the
-- multirange holds (counted from the times of the ids between its overall
-- bounds), and the estimate, the sum of its ranges' estimates, is within 2x
-- of them: two hours on the 11th (the second inclusive), the first and last
-- days with the type's first and last ids, and nothing.
--
EXPLAIN (COSTS OFF)
SELECT id FROM tq_wiji WHERE id <@ '{[2024-03-11 07:00,2024-03-11 08:00), [2024-03-11 10:00,2024-03-11 11:00]}'::tstzmultirange;
EXPLAIN (COSTS OFF)
SELECT id FROM tq_wiji WHERE tstzmultirange(tstzrange(now() - interval '1 day', now())) @> id;
SET plan_cache_mode = force_generic_plan;
PREPARE tq_multi(tstzmultirange) AS SELECT id FROM tq_wiji WHERE id <@ $1;
EXPLAIN (COSTS OFF) EXECUTE tq_multi('{[2024-03-11 07:00,2024-03-11 08:00)}');
DEALLOCATE tq_multi;
RESET plan_cache_mode;
CREATE FUNCTION tq_multirange(type text, m tstzmultirange) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    actual bigint;
    truth bigint;
    estimate double precision;
    plan json;
BEGIN
    EXECUTE format('SELECT count(*) FROM tq_%s WHERE id <@ %L::tstzmultirange', type, m) INTO actual;
    EXECUTE format('SELECT count(*) FROM tq_%1$s WHERE id <@ range_merge(%2$L::tstzmultirange)
                    AND %1$s_extract_timestamp(id) <@ %2$L::tstzmultirange', type, m) INTO truth;
    EXECUTE format('EXPLAIN (FORMAT JSON) SELECT id FROM tq_%s WHERE %L::tstzmultirange @> id', type, m) INTO plan;
    estimate := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
    RETURN concat_ws(' ', actual, CASE WHEN actual = truth THEN 'exact' ELSE 'expected ' || truth END,
                     CASE WHEN actual = 0 AND estimate <= 5 THEN 'estimate at most 5'
                          WHEN estimate / actual BETWEEN 0.5 AND 2 THEN 'estimate within 2x'
                          ELSE 'estimate ' || estimate END);
END
$$;
SELECT t.type, m.n, tq_multirange(t.type, m.m) AS "rows, estimate"
FROM tq_types t,
     (VALUES (1, '{[2024-03-11 07:00,2024-03-11 08:00), [2024-03-11 10:00,2024-03-11 11:00]}'::tstzmultirange),
             (2, '{(,2024-03-02), [2024-03-30,)}'),
             (3, '{}')) m(n, m)
ORDER BY t.ord, m.n;

SELECT type, tq_drop(type) FROM tq_types ORDER BY ord;

--
-- Partitions by time on an id column: twelve monthly partitions with
-- T_from_parts() bounds, one id a day at noon in them.  A query prunes to the
-- partitions its range touches: at plan time for constants, at run time for
-- the parameters of a generic plan and for now().  The id column is of the
-- type, or of coltype (a domain over it).
--
CREATE FUNCTION tq_partition(type text, name text, first_month timestamptz,
                             coltype text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    t tq_types;
BEGIN
    SELECT * INTO t FROM tq_types WHERE tq_types.type = tq_partition.type;
    EXECUTE format('CREATE TABLE %I (id %s PRIMARY KEY, note text) PARTITION BY RANGE (id)', name,
                   coalesce(coltype, type));
    FOR m IN 0..11 LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%3$s_from_parts(%4$L)) TO (%3$s_from_parts(%5$L))',
                       name || '_m' || to_char(m + 1, 'FM00'), name, type,
                       first_month + m * interval '1 month', first_month + (m + 1) * interval '1 month');
    END LOOP;
    EXECUTE format('INSERT INTO %I SELECT %s, ''day '' || d FROM generate_series(0, 365) d
                    WHERE %L::timestamptz + d * interval ''1 day'' < %L::timestamptz + interval ''12 months''', name,
                   tq_make(t.make, format('(%L::timestamptz + d * interval ''1 day'' + interval ''12 hours'')', first_month), 'd'),
                   first_month, first_month);
    EXECUTE format('ANALYZE %I', name);
END
$$;

-- The partitions a query reads (their suffixes), the rows it returns, and
-- how many partitions were removed at run time, from EXPLAIN's JSON
CREATE FUNCTION tq_scanned(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
    result text;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, FORMAT JSON) ' || query INTO plan;
    WITH RECURSIVE n(p) AS (
        SELECT plan -> 0 -> 'Plan'
        UNION ALL
        SELECT c FROM n, json_array_elements(n.p -> 'Plans') c
    )
    SELECT coalesce(string_agg(substring(p ->> 'Relation Name' FROM '_(m[0-9]+)$'), ' '
                               ORDER BY p ->> 'Relation Name'), 'none')
           || ', ' || (plan -> 0 -> 'Plan' ->> 'Actual Rows')::numeric::bigint || ' rows'
           || coalesce(', ' || nullif(sum((p ->> 'Subplans Removed')::integer), 0) || ' removed at run time', '')
    INTO result FROM n;
    RETURN result;
END
$$;

SELECT type, tq_partition(type, 'tqp_' || type, '2024-01-01 00:00:00+00') FROM tq_types ORDER BY ord;

-- Constants: pruned at plan time, also at a partition's first time (10 to
-- 12), where a comparison with a time becomes one with T_from_parts(time).
-- In 11, id > t holds for the ids made at t, so February's last microsecond
-- keeps February for the types with microseconds
SELECT t.type, q.n, tq_scanned(format('SELECT * FROM tqp_%s WHERE ' || q.cond, t.type)) AS partitions
FROM tq_types t,
     (VALUES (1, $$id >= '2024-03-10'::timestamptz AND id < '2024-05-20'::timestamptz$$),
             (2, $$'2024-06-15'::timestamptz <= id AND '2024-07-01'::timestamptz > id$$),
             (3, $$id <@ tstzrange('2024-03-10', '2024-05-01')$$),
             (4, $$id <@ tstzrange('2024-03-10', '2024-05-01', '[]')$$),
             (5, $$tstzrange(NULL, '2024-02-01') @> id$$),
             (6, $$id >= %1$s_from_parts('2024-03-10') AND id < %1$s_from_parts('2024-05-20')$$),
             (7, $$id < '2024-01-01'::timestamptz$$),
             (8, $$id >= '2024-12-31 23:00:00+00'::timestamptz$$),
             (9, $$id <@ 'empty'::tstzrange$$),
             (10, $$id >= '2024-03-01'::timestamptz AND id < '2024-05-01'::timestamptz$$),
             (11, $$id > '2024-02-29 23:59:59.999999+00'::timestamptz AND id <= '2024-04-30 23:59:59.999999+00'::timestamptz$$),
             (12, $$id <@ tstzrange('2024-03-01', '2024-05-01')$$)) q(n, cond)
ORDER BY t.ord, q.n;

-- A multirange prunes by its overall bounds, written as the comparisons
-- with them beside the operator, which leaves out its gaps, and gives the
-- rows of its ranges: ten in March, two in May (1).  An empty multirange
-- prunes every partition (2), one unbounded below and infinite above
-- nothing (3), one infinite above the months before it (4).  A parameter
-- of a generic plan prunes when the query starts (5), a multirange made
-- from now() too (6: none of 2024 is within a day of now).
SELECT t.type, m.n, tq_scanned(format('SELECT * FROM tqp_%s WHERE id <@ %L::tstzmultirange', t.type, m.m)) AS partitions
FROM tq_types t,
     (VALUES (1, '{[2024-03-10,2024-03-20), [2024-05-01,2024-05-03)}'),
             (2, '{}'),
             (3, '{(,2024-01-03), [2024-12-30,infinity]}'),
             (4, '{[2024-06-10,2024-06-12), [2024-08-01,infinity)}')) m(n, m)
ORDER BY t.ord, m.n;
EXPLAIN (COSTS OFF) SELECT * FROM tqp_wiji WHERE id <@ '{[2024-03-10,2024-03-20), [2024-05-01,2024-05-03)}'::tstzmultirange;
SET plan_cache_mode = force_generic_plan;
SELECT format('PREPARE tq_multi_%s(tstzmultirange) AS SELECT * FROM tqp_%1$s WHERE $1 @> id', type)
FROM tq_types ORDER BY ord \gexec
SELECT type, 5 AS n, tq_scanned(format('EXECUTE tq_multi_%s(%L)', type, '{[2024-03-10,2024-03-20), [2024-05-01,2024-05-03)}')) AS partitions
FROM tq_types ORDER BY ord;
SELECT format('DEALLOCATE tq_multi_%s', type) FROM tq_types ORDER BY ord \gexec
RESET plan_cache_mode;
SELECT type, 6 AS n, tq_scanned(format('SELECT * FROM tqp_%s WHERE id <@ tstzmultirange(tstzrange(now() - interval ''1 day'', now()))', type)) AS partitions
FROM tq_types ORDER BY ord;

-- Parameters of a generic plan: pruned at run time.  A lower bound known
-- only at run time that falls exactly at a partition's first time keeps the
-- partition before it too (4, 5: pruning counts on values between the
-- time and that partition's first id); T_from_parts(time) prunes exactly (6)
SET plan_cache_mode = force_generic_plan;
CREATE FUNCTION tq_generic_pruning(type text) RETURNS TABLE (n integer, partitions text)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('PREPARE tq_p1(timestamptz, timestamptz) AS SELECT * FROM tqp_%s WHERE id >= $1 AND id < $2', type);
    EXECUTE format('PREPARE tq_p2(timestamptz, timestamptz) AS SELECT * FROM tqp_%s WHERE id <@ tstzrange($1, $2)', type);
    EXECUTE format('PREPARE tq_p3(timestamptz) AS SELECT * FROM tqp_%s WHERE id >= %1$s_from_parts($1)', type);
    RETURN QUERY VALUES (1, tq_scanned($q$EXECUTE tq_p1('2024-03-10', '2024-05-20')$q$)),
                        (2, tq_scanned($q$EXECUTE tq_p2('2024-03-10', '2024-05-01')$q$)),
                        (3, tq_scanned($q$EXECUTE tq_p3('2024-11-15')$q$)),
                        (4, tq_scanned($q$EXECUTE tq_p1('2024-03-01', '2024-05-01')$q$)),
                        (5, tq_scanned($q$EXECUTE tq_p2('2024-03-01', '2024-05-01')$q$)),
                        (6, tq_scanned($q$EXECUTE tq_p3('2024-11-01')$q$));
    DEALLOCATE tq_p1;
    DEALLOCATE tq_p2;
    DEALLOCATE tq_p3;
END
$$;
SELECT t.type, g.* FROM tq_types t, LATERAL tq_generic_pruning(t.type) g ORDER BY t.ord, g.n;
RESET plan_cache_mode;

-- now(): partitions for the six months before this one and the six from
-- it (m07 is this month); pruned at run time
SELECT type, tq_partition(type, 'tqn_' || type, date_trunc('month', now()) - interval '6 months')
FROM tq_types ORDER BY ord;
SELECT t.type, q.n, regexp_replace(tq_scanned(format('SELECT * FROM tqn_%s WHERE ' || q.cond, t.type)),
                                   ', [0-9]+ rows', '') AS partitions
FROM tq_types t,
     (VALUES (1, $$id >= now()$$),
             (2, $$id >= date_trunc('month', now()) AND id < date_trunc('month', now()) + interval '1 month'$$),
             (3, $$id <@ tstzrange(date_trunc('month', now()), date_trunc('month', now()) + interval '1 month')$$),
             (4, $$id < date_trunc('month', now()) - interval '5 months'$$),
             (5, $$id >= %1$s_from_parts(date_trunc('month', now()))$$)) q(n, cond)
ORDER BY t.ord, q.n;

DROP TABLE tqp_wiji, tqp_ulid, tqp_sno, tqp_siq, tqp_muid, tqn_wiji, tqn_ulid, tqn_sno, tqn_siq, tqn_muid;
