-- A short tour of idgen.  Run by `make demo` against a throwaway server
-- with idgen in shared_preload_libraries.
SET DateStyle = 'ISO';
SET timezone = 'UTC';
CREATE EXTENSION idgen;

-- wiji: µs timestamp, sequence, version 1, random 52-bit node per session
CREATE TABLE event (
    id wiji PRIMARY KEY DEFAULT gen_wiji(),
    what text NOT NULL
);
INSERT INTO event (what) SELECT 'event ' || n FROM generate_series(1, 5) n;
SELECT id, what FROM event ORDER BY id;

-- Its parts, its uuid and hex forms
SELECT id,
       wiji_extract_timestamp(id) AS created,
       wiji_extract_sequence(id) AS seq,
       wiji_extract_node(id) AS node,
       id::uuid AS as_uuid,
       wiji_to_hex(id) AS as_hex
FROM event ORDER BY id LIMIT 3;

-- Any of its text forms reads back as the same value
SELECT '09K530M99HYMG4Y4F2ZS0MRD1W'::wiji = '0999460a-2531-f520-4f11-e2fe414c343c'::wiji AS same;

-- Ids compare with times: ids created in the last minute, from the index
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM event WHERE id >= now() - interval '1 minute';
SELECT count(*) AS last_minute FROM event WHERE id >= now() - interval '1 minute';
-- a period as a range, and the same with T_from_parts() bounds
SELECT count(*) AS around_now FROM event
WHERE id <@ tstzrange(now() - interval '1 minute', now() + interval '1 minute');
SELECT count(*) AS around_now FROM event
WHERE id >= wiji_from_parts(now() - interval '1 minute')
  AND id < wiji_from_parts(now() + interval '1 minute');
RESET enable_seqscan;
-- A time sits just before the ids made at that time: >= and > both mean
-- "made at or after", and an id never equals a time
SELECT x >= t AS "x >= t", x > t AS "x > t", x = t AS "x = t", x < t AS "x < t"
FROM (SELECT wiji_from_parts('2026-03-01 12:00+00') AS x, timestamptz '2026-03-01 12:00+00' AS t) v;


-- ulid: standard ULIDs, monotonic within each millisecond; the 32-hex
-- "quasi-ULIDs" of SQLite applications load as they are
CREATE TABLE note (id ulid PRIMARY KEY DEFAULT gen_ulid(), body text);
INSERT INTO note (body) SELECT 'note ' || n FROM generate_series(1, 3) n;
INSERT INTO note (id, body) VALUES ('0184E14B9D33DF0EA40E00D20FC31406', 'from SQLite');
SELECT id, ulid_extract_timestamp(id) AS created, ulid_extract_random(id) AS random,
       ulid_to_hex(id) AS sqlite_hex, body
FROM note ORDER BY id;

-- sno: 10-byte ids from one server-wide generator, with a metabyte
-- (here: 4 = login, 5 = logout)
CREATE TABLE request (id sno PRIMARY KEY DEFAULT gen_sno(), path text);
INSERT INTO request (id, path) VALUES (gen_sno(4), '/login'), (gen_sno(5), '/logout');
INSERT INTO request (path) SELECT '/page/' || n FROM generate_series(1, 1000) n;
SELECT id, sno_extract_timestamp(id), sno_extract_meta(id) AS meta,
       sno_extract_partition(id) AS partition, sno_extract_sequence(id) AS seq, id::uuid AS as_uuid
FROM request ORDER BY id LIMIT 3;
-- the last minute, by index range scan
SELECT count(*) FROM request WHERE id >= now() - interval '1 minute';
SELECT 'c8llqx2s8lhediff'::sno::uuid::sno, sno_from_parts('2026-01-01', meta => 7);

-- siq: 112-bit ids that say what kind of object they name, from one
-- server-wide generator
CREATE TABLE account (id siq PRIMARY KEY DEFAULT gen_siq('user'), name text);
CREATE TABLE post (id siq PRIMARY KEY DEFAULT gen_siq('message'), author siq REFERENCES account, body text);
INSERT INTO account (name) VALUES ('ada'), ('grace');
INSERT INTO post (author, body) SELECT id, 'hello from ' || name FROM account;
SELECT p.id, siq_extract_kind(p.id) AS kind, siq_extract_serial(p.id) AS serial,
       siq_extract_timestamp(p.id) AS created, a.id AS author, siq_extract_kind(a.id) AS author_kind
FROM post p JOIN account a ON a.id = p.author ORDER BY p.id;
-- its integer and uuid forms, and the reference's published value
SELECT id, id::numeric AS as_integer, id::uuid AS as_uuid FROM account ORDER BY id LIMIT 1;
SELECT '7451106619238957490390643507207'::siq AS from_integer, siq_domain_hash('example.com');

-- muid: every row a transaction writes shares one bundle (timestamp and
-- medallion), with offsets 1, 2, 3, ...
CREATE TABLE change (id muid PRIMARY KEY DEFAULT gen_muid(), what text);
BEGIN;
INSERT INTO change (what) VALUES ('create order'), ('add line'), ('add line');
COMMIT;
INSERT INTO change (what) VALUES ('ship order');
SELECT id, muid_bundle(id) AS bundle, muid_extract_offset(id) AS "offset",
       muid_extract_medallion(id) AS medallion, muid_extract_timestamp(id) AS at
FROM change ORDER BY id;
-- one transaction's rows, by its bundle or by an index range scan
SELECT what FROM change
WHERE muid_bundle(id) = (SELECT muid_bundle(min(id)) FROM change) ORDER BY id;
SELECT count(*) FROM change, (SELECT muid_bundle(min(id)) AS b FROM change) x
WHERE id >= x.b AND id <= muid_from_parts(muid_extract_timestamp(x.b), muid_extract_medallion(x.b), 2147483647);

-- snowflake ids: 64-bit ids on a plain bigint column, in pgEdge's layout
-- (ms since 2023, node, sequence); a bigserial moved to them keeps its order
CREATE TABLE ticket (id bigserial PRIMARY KEY, title text);
INSERT INTO ticket (title) VALUES ('printer jammed'), ('no coffee');
ALTER TABLE ticket ALTER COLUMN id SET DEFAULT gen_snowflake();
DROP SEQUENCE ticket_id_seq;
INSERT INTO ticket (title) VALUES ('wifi down');
SELECT id, title, snowflake_extract_timestamp(id) AS made, snowflake_extract_node(id) AS node
FROM ticket WHERE id > 1000 ORDER BY id;
SELECT title FROM ticket ORDER BY id;
SELECT snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, 1) AS pgedge_documented_value;

-- Bad input is refused with a reason
\set ON_ERROR_STOP 0
SELECT '09K530M99HYMG4Y4F2ZS0MRD1!'::wiji;
SELECT gen_sno(256);
SELECT 'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai'::siq;
SELECT gen_siq('widget');
SELECT '5D5EAC793E61F-1BFC71B112D-B'::muid;
SELECT '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
SELECT snowflake_from_parts(now(), 1024);
\set ON_ERROR_STOP 1
SELECT wiji_is_valid('09K530M99HYMG4Y4F2ZS0MRD1!') AS valid;

-- What the generators have done
SELECT * FROM idgen_stats();
