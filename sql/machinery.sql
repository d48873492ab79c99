--
-- What every type shares, checked on wiji: catalog, operator classes,
-- planner use of each index kind, settings, statistics
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Every operator class is valid
SELECT opc.opcname, am.amname, amvalidate(opc.oid)
FROM pg_opclass opc
JOIN pg_am am ON am.oid = opc.opcmethod
JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = opc.oid
                AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
ORDER BY am.amname, opc.opcname;

-- Every object of the extension has a comment
SELECT pg_describe_object(d.classid, d.objid, 0) AS uncommented
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND obj_description(d.objid, d.classid::regclass::name) IS NULL
ORDER BY 1;

-- No implicit or assignment casts
SELECT count(*) AS non_explicit_casts
FROM pg_cast c JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
WHERE c.castcontext <> 'e';

-- Casts with uuid: binary (castmethod b, no function) where the type holds
-- the uuid's 16 bytes unchanged and needs no check of them, through a
-- function otherwise; no other cast is binary
SELECT c.castsource::regtype AS source, c.casttarget::regtype AS target, c.castmethod AS method,
       c.castfunc::regprocedure AS function
FROM pg_cast c JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
WHERE 'uuid'::regtype IN (c.castsource, c.casttarget) OR c.castmethod <> 'f'
ORDER BY c.castmethod, c.castsource::regtype::text, c.casttarget::regtype::text;

-- A binary cast calls no function: the functions the casts to and from uuid
-- call (EXPLAIN shows a cast the same way with or without a function)
CREATE TABLE cast_t (w wiji, u ulid, m muid, s sno, q siq);
INSERT INTO cast_t VALUES (wiji_from_parts('2026-03-01 12:00+00', 1, 2), ulid_from_parts('2026-03-01 12:00+00'),
                           muid_from_parts('2026-03-01 12:00+00', 3, 4), sno_from_parts('2026-03-01 12:00+00'),
                           siq_from_parts('2026-03-01 12:00+00'));
SET track_functions = 'all';
BEGIN;
SELECT w::uuid::wiji = w AND u::uuid::ulid = u AND m::uuid::muid = m
       AND s::uuid::sno = s AND q::uuid::siq = q AS round_trip
FROM cast_t;
SELECT funcname, calls FROM pg_stat_xact_user_functions WHERE funcname LIKE '%uuid' ORDER BY 1;
COMMIT;
RESET track_functions;
-- and a query keeps no call for one: a view of the casts to uuid depends on
-- the functions of sno and siq only
CREATE VIEW cast_v AS SELECT w::uuid AS w, u::uuid AS u, m::uuid AS m, s::uuid AS s, q::uuid AS q FROM cast_t;
SELECT string_agg(p.proname, ', ' ORDER BY p.proname) AS functions_in_view
FROM pg_depend d JOIN pg_rewrite r ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
JOIN pg_proc p ON d.refclassid = 'pg_proc'::regclass AND d.refobjid = p.oid
WHERE r.ev_class = 'cast_v'::regclass;
DROP VIEW cast_v;
-- A call of a function behind a binary cast is planned as that cast, so
-- that indexes made under 1.0, whose casts called these functions, match
-- the casts as written now (t/020); the functions of the casts that check
-- or repack the bytes stay calls
SELECT p.oid::regprocedure AS planned_as_the_cast FROM pg_proc p
WHERE p.prosupport = 'idgen_binary_cast_support'::regproc ORDER BY p.oid::regprocedure::text;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT wiji_to_uuid(w), ulid_to_uuid(u), muid_to_uuid(m), ulid_from_uuid(u::uuid), muid_from_uuid(m::uuid),
       wiji_from_uuid(w::uuid), sno_to_uuid(s), siq_to_uuid(q)
FROM cast_t;
-- Given to another function, the support function relabels nothing but a
-- call between uuid and another type of 16 bytes
CREATE FUNCTION cast_sno(sno) RETURNS uuid AS 'idgen', 'sno_to_uuid'
LANGUAGE C IMMUTABLE STRICT SUPPORT idgen_binary_cast_support;
CREATE FUNCTION cast_uuid(uuid) RETURNS uuid AS 'idgen', 'ulid_to_uuid'
LANGUAGE C IMMUTABLE STRICT SUPPORT idgen_binary_cast_support;
EXPLAIN (VERBOSE, COSTS OFF) SELECT cast_sno(s), cast_uuid(u::uuid) FROM cast_t;
SELECT cast_sno(s) = s::uuid AND cast_uuid(u::uuid) = u::uuid AS same FROM cast_t;
DROP FUNCTION cast_sno(sno), cast_uuid(uuid);
DROP TABLE cast_t;
-- Every uuid is a ulid and a muid, with a text that reads back
SELECT u::ulid AS ulid, u::ulid::text::ulid::uuid = u AS ulid_round_trip,
       u::muid AS muid, u::muid::text::muid::uuid = u AS muid_round_trip
FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('80000000-0000-0000-0000-000000000001')) v(u);
SELECT ulid_extract_timestamp('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::ulid) AT TIME ZONE 'UTC' AS ulid_last,
       muid_extract_timestamp('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::muid) AT TIME ZONE 'UTC' AS muid_last;

-- Pure functions are immutable, strict and parallel safe; generators volatile
-- and parallel restricted; snowflake_continue_above(), which moves the
-- server's generator, parallel unsafe, as setval() is
SELECT p.provolatile, p.proisstrict, p.proparallel, count(*), string_agg(p.proname, ', ' ORDER BY p.proname) FILTER (WHERE p.provolatile <> 'i')
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
WHERE p.prokind = 'f'
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;

-- The planner uses each index kind (the plans' nodes, not EXPLAIN's text,
-- which differs between versions)
CREATE TABLE plan_t (id wiji, n integer);
INSERT INTO plan_t
SELECT wiji_from_parts('2026-01-01 00:00:00+00'::timestamptz + n * interval '1 ms', n % 7, n), n
FROM generate_series(1, 20000) n;
ANALYZE plan_t;
SET enable_seqscan = off;
SET enable_bitmapscan = off;

CREATE INDEX plan_btree ON plan_t (id);
SELECT depth, node, cond FROM plan_nodes($$SELECT n FROM plan_t WHERE id = wiji_from_parts('2026-01-01 00:00:05+00', 5000 % 7, 5000)$$);
SELECT n FROM plan_t WHERE id = wiji_from_parts('2026-01-01 00:00:05+00', 5000 % 7, 5000);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM plan_t
WHERE id >= wiji_from_parts('2026-01-01 00:00:01+00') AND id < wiji_from_parts('2026-01-01 00:00:02+00')$$);
SELECT count(*), min(n), max(n) FROM plan_t
WHERE id >= wiji_from_parts('2026-01-01 00:00:01+00') AND id < wiji_from_parts('2026-01-01 00:00:02+00');
SELECT depth, node, cond FROM plan_nodes($$SELECT n FROM plan_t ORDER BY id DESC LIMIT 3$$);
SELECT n FROM plan_t ORDER BY id DESC LIMIT 3;
SELECT depth, node, cond FROM plan_nodes($$SELECT min(id), max(id) FROM plan_t$$);
SELECT min(id) = wiji_from_parts('2026-01-01 00:00:00.001+00', 1, 1) AS min_ok,
       max(id) = wiji_from_parts('2026-01-01 00:00:20+00', 20000 % 7, 20000) AS max_ok
FROM plan_t;

-- B-tree deduplication is on (btequalimage)
CREATE EXTENSION IF NOT EXISTS pageinspect;
SELECT allequalimage FROM bt_metap('plan_btree');
DROP INDEX plan_btree;

CREATE INDEX plan_hash ON plan_t USING hash (id);
SELECT depth, node, cond FROM plan_nodes($$SELECT n FROM plan_t WHERE id = wiji_from_parts('2026-01-01 00:00:05+00', 5000 % 7, 5000)$$);
SELECT n FROM plan_t WHERE id = wiji_from_parts('2026-01-01 00:00:05+00', 5000 % 7, 5000);
DROP INDEX plan_hash;

-- BRIN is used through bitmap scans
SET enable_bitmapscan = on;
CREATE INDEX plan_brin ON plan_t USING brin (id);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM plan_t
WHERE id >= wiji_from_parts('2026-01-01 00:00:01+00') AND id < wiji_from_parts('2026-01-01 00:00:02+00')$$);
SELECT count(*) FROM plan_t
WHERE id >= wiji_from_parts('2026-01-01 00:00:01+00') AND id < wiji_from_parts('2026-01-01 00:00:02+00');
DROP INDEX plan_brin;

CREATE INDEX plan_brin_multi ON plan_t USING brin (id wiji_minmax_multi_ops);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM plan_t
WHERE id >= wiji_from_parts('2026-01-01 00:00:01+00') AND id < wiji_from_parts('2026-01-01 00:00:02+00')$$);
SELECT count(*) FROM plan_t
WHERE id >= wiji_from_parts('2026-01-01 00:00:01+00') AND id < wiji_from_parts('2026-01-01 00:00:02+00');
DROP INDEX plan_brin_multi;

CREATE INDEX plan_bloom ON plan_t USING brin (id wiji_bloom_ops);
SELECT depth, node, cond FROM plan_nodes($$SELECT n FROM plan_t WHERE id = wiji_from_parts('2026-01-01 00:00:05+00', 5000 % 7, 5000)$$);
SELECT n FROM plan_t WHERE id = wiji_from_parts('2026-01-01 00:00:05+00', 5000 % 7, 5000);
DROP INDEX plan_bloom;
RESET enable_seqscan;
RESET enable_bitmapscan;

-- Sorting many values (abbreviated keys, ties in the first 8 bytes broken by
-- the rest) agrees with sorting their bytes, ascending and descending
CREATE TEMP TABLE s AS
SELECT wiji_from_parts('2026-01-01 00:00:00+00'::timestamptz + (random() * 1000)::integer * interval '1 us',
                       (random() * 3)::integer, (random() * 4503599627370495)::bigint) AS id
FROM generate_series(1, 30000);
SELECT (SELECT array_agg(id::bytea ORDER BY id) FROM s) = (SELECT array_agg(id::bytea ORDER BY id::bytea) FROM s) AS asc_ok,
       (SELECT array_agg(id::bytea ORDER BY id DESC) FROM s) = (SELECT array_agg(id::bytea ORDER BY id::bytea DESC) FROM s) AS desc_ok;
-- and many equal keys (abbreviation abandoned)
CREATE TEMP TABLE s2 AS SELECT wiji_from_parts('2026-01-01 00:00:00+00', 0, (random() * 100)::bigint) AS id
FROM generate_series(1, 30000);
SELECT (SELECT array_agg(id::bytea ORDER BY id) FROM s2) = (SELECT array_agg(id::bytea ORDER BY id::bytea) FROM s2) AS asc_ok;

-- Settings
SELECT name, setting, unit, context, vartype FROM pg_settings WHERE name LIKE 'idgen.%' ORDER BY name;
SET idgen.clock_offset = '-5s';
SHOW idgen.clock_offset;
RESET idgen.clock_offset;
SELECT try($$set_config('idgen.monotonic', 'server', false)$$);
ALTER SYSTEM SET idgen.sno_partition = 70000;
ALTER SYSTEM SET idgen.sno_sequence_min = -1;
ALTER SYSTEM SET idgen.monotonic = 'cluster';
ALTER SYSTEM SET idgen.siq_shard = 256;
ALTER SYSTEM SET idgen.siq_local_id = 257;
ALTER SYSTEM SET idgen.siq_domain = E'b\u00fccher.example';
ALTER SYSTEM SET idgen.muid_medallion = '0x1FFFFFFFFFFF';
ALTER SYSTEM SET idgen.muid_medallion = '12ab';
SELECT try($$set_config('idgen.no_such_setting', '1', false)$$);
CREATE ROLE idgen_regress_user;
SET ROLE idgen_regress_user;
SELECT try($$set_config('idgen.clock_offset', '1000', false)$$);
RESET ROLE;
DROP ROLE idgen_regress_user;

-- Statistics: one row per generator; derived node fields say what they were
-- derived from
SELECT generator, scope,
       replace(node_source, (SELECT system_identifier::text FROM pg_control_system()), '<sysid>') AS node_source
FROM idgen_stats() ORDER BY generator;

-- A generator reached in a parallel worker, through a function wrongly
-- marked PARALLEL SAFE, raises 25000 (as nextval() does): the worker has
-- none of the session's generator state, so it would start a generator of
-- its own (a muid transaction would get several bundles)
CREATE FUNCTION new_wiji() RETURNS wiji LANGUAGE sql PARALLEL SAFE AS 'SELECT gen_wiji()';
CREATE FUNCTION new_ulid() RETURNS ulid LANGUAGE sql PARALLEL SAFE AS 'SELECT gen_ulid()';
CREATE FUNCTION new_sno() RETURNS sno LANGUAGE sql PARALLEL SAFE AS 'SELECT gen_sno()';
CREATE FUNCTION new_siq() RETURNS siq LANGUAGE sql PARALLEL SAFE AS $$SELECT gen_siq('user')$$;
CREATE FUNCTION new_muid() RETURNS muid LANGUAGE sql PARALLEL SAFE AS 'SELECT gen_muid()';
CREATE TABLE par (g integer);
INSERT INTO par SELECT generate_series(1, 300);
SELECT force_parallel('on');
SELECT count(new_wiji()) FROM par;
SELECT :'LAST_ERROR_SQLSTATE' AS sqlstate;
SELECT count(new_ulid()) FROM par;
SELECT :'LAST_ERROR_SQLSTATE' AS sqlstate;
SELECT count(new_sno()) FROM par;
SELECT :'LAST_ERROR_SQLSTATE' AS sqlstate;
SELECT count(new_siq()) FROM par;
SELECT :'LAST_ERROR_SQLSTATE' AS sqlstate;
SELECT count(new_muid()) FROM par;
SELECT :'LAST_ERROR_SQLSTATE' AS sqlstate;
SELECT force_parallel('off');
-- In the session itself the same functions work
SELECT count(DISTINCT muid_extract_timestamp(new_muid())) AS bundles, count(*) FROM par;
DROP TABLE par;
DROP FUNCTION new_wiji(), new_ulid(), new_sno(), new_siq(), new_muid();
