--
-- ulid: I/O, operators, functions, casts, aggregates, indexes
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Every input form and case gives the canonical text
SELECT input, input::ulid AS ulid
FROM (VALUES
    ('01G7JF53H1QBNYCPM1950E58GA'),
    ('01g7jf53h1qbnycpm1950e58ga'),
    ('01g7JF53h1qbNYCPm1950e58Ga'),
    ('0181E4F28E21BAEBE65A814940E2A20A'),
    ('0181e4f28e21baebe65a814940e2a20a'),
    ('0181e4F28E21baebE65A814940e2A20a'),
    ('0181e4f2-8e21-baeb-e65a-814940e2a20a'),
    ('0181E4F2-8E21-BAEB-E65A-814940E2A20A'),
    ('0181e4F2-8E21-baeb-E65A-814940e2A20a'),
    ('00000000000000000000000000'),
    ('00000000000000000000000000000000'),
    ('00000000-0000-0000-0000-000000000000'),
    ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
    ('7zzzzzzzzzzzzzzzzzzzzzzzzz'),
    ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'),
    ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('0184E14B9D33DF0EA40E00D20FC31406')) v(input);

-- 26 characters are always base32, even when they are all hex digits; 32
-- are always hex, even when they would be base32 of a shorter value
SELECT input, length(input) AS len, input::ulid AS ulid, ulid_to_hex(input::ulid) AS hex
FROM (VALUES ('0181E4F28E21BAEBE65A814940'),
             ('0181E4F28E21BAEBE65A814940E2A20A'),
             ('00000000000000000000000001'),
             ('00000000000000000000000000000001')) v(input);

-- Crockford's substitutions: I, i, L, l as 1, O, o as 0, in every
-- position, the first included (U is no digit: ulid_errors)
SELECT input, input::ulid AS ulid, ulid_is_valid(input) AS valid
FROM (VALUES
    ('O1G7JF53HIQBNYCPMl950E58GA'),        -- 01G7JF53H1QBNYCPM1950E58GA
    ('o1G7JF53HiQBNYCPML950E58GA'),
    ('OLG7JF53HLQBNYCPMI950E58GA'),        -- L and I for the first 1s
    ('0ICE1EVCSXvF3H46S8O176YPMM'),        -- 01CE1EVCSXVF3H46S80176YPMM
    ('olce1evcsxvf3h46s8o176ypmm'),
    ('IZZZZZZZZZZZZZZZZZZZZZZZZZ'),        -- first character I: 1
    ('lzzzzzzzzzzzzzzzzzzzzzzzzz'),        -- first character l: 1
    ('OOOOOOOOOOOOOOOOOOOOOOOOOO'),        -- all O: the smallest ulid
    ('oooooooooooooooooooooooooo'),
    ('7VVVVVVVVVVVVVVVVVVVVVVVVV')) v(input);
-- the same value from each substitution hashes and compares alike
SELECT count(DISTINCT u) AS distinct_values, count(DISTINCT ulid_hash(u)) AS distinct_hashes,
       bool_and(u = '01G7JF53H1QBNYCPM1950E58GA') AS all_equal
FROM (VALUES ('O1G7JF53HIQBNYCPMl950E58GA'::ulid), ('o1G7JF53HiQBNYCPML950E58GA'),
             ('OLG7JF53HLQBNYCPMI950E58GA'), ('01G7JF53H1QBNYCPM1950E58GA'),
             ('0181e4f28e21baebe65a814940e2a20a')) v(u);

-- The bytes and fields of a few values
-- (the 16 bytes: timestamp_ms 48 bits | random 80 bits)
SELECT u, u::bytea, ulid_extract_timestamp(u), ulid_extract_random(u) AS random,
       ulid_to_hex(u) AS hex
FROM (VALUES ('01G7JF53H1QBNYCPM1950E58GA'::ulid),
             ('00000000000000000000000000'),
             ('00000000010000000000000000'),
             ('00000000000000000000000001'),
             ('0000000000ZZZZZZZZZZZZZZZZ'),
             ('7ZZZZZZZZZ0000000000000000'),
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
             ('0184E14B9D33DF0EA40E00D20FC31406')) v(u);

-- ulid_from_parts: the random part defaults to 10 zero bytes
SELECT ulid_from_parts('2022-07-09 21:51:50.305+00') AS defaults,
       ulid_from_parts('2022-07-09 21:51:50.305+00', '\x00000000000000000000') AS explicit,
       ulid_from_parts('2022-07-09 21:51:50.305+00', '\xbaebe65a814940e2a20a') AS with_random,
       ulid_extract_random(ulid_from_parts('2022-07-09 21:51:50.305+00')) AS default_random;
-- named arguments
SELECT ulid_from_parts(ts => '2022-07-09 21:51:50.305+00') AS ts_named,
       ulid_from_parts(ts => '2022-07-09 21:51:50.305+00', random => '\xbaebe65a814940e2a20a')
       AS both_named,
       ulid_from_parts(random => '\xbaebe65a814940e2a20a', ts => '2022-07-09 21:51:50.305+00')
       AS reversed,
       ulid_from_parts('2022-07-09 21:51:50.305+00', random => '\xbaebe65a814940e2a20a') AS mixed;
SELECT ulid_from_parts(random => '\xbaebe65a814940e2a20a', ts => '2022-07-09 21:51:50.305+00')
       = '01G7JF53H1QBNYCPM1950E58GA' AS named_as_text,
       ulid_from_parts(ts => '2022-07-09 21:51:50.305+00')
       = ulid_from_parts('2022-07-09 21:51:50.305+00', '\x00000000000000000000') AS named_default;
-- the timestamp is rounded up to the ms, never down; in another time zone too
SELECT ts, ulid_from_parts(ts) AS u, ulid_extract_timestamp(ulid_from_parts(ts)) AS ms,
       ulid_extract_timestamp(ulid_from_parts(ts)) >= ts AS not_before
FROM (VALUES ('2022-07-09 21:51:50.304+00'::timestamptz),
             ('2022-07-09 21:51:50.304001+00'),
             ('2022-07-09 21:51:50.3045+00'),
             ('2022-07-09 21:51:50.304999+00'),
             ('2022-07-09 21:51:50.305+00'),
             ('2022-07-10 07:21:50.305001+09:30'),
             ('1970-01-01 00:00:00.000999+00'),
             ('1970-01-01 00:00:00.001+00'),
             ('1970-01-01 00:00:00.001001+00')) v(ts);

-- ulid_from_parts(ts) is the smallest ulid at ts: every random part at ts
-- lies between it and the random part of all ones, which the smallest ulid
-- of the next ms follows
CREATE TEMP TABLE at_ts AS
SELECT ts, random, ulid_from_parts(ts, random) AS u
FROM (VALUES ('1970-01-01 00:00:00+00'::timestamptz), ('2022-07-09 21:51:50.305+00'),
             ('10889-08-02 05:31:50.654+00')) t(ts),
     (VALUES ('\x00000000000000000000'::bytea), ('\x00000000000000000001'),
             ('\x7fffffffffffffffffff'), ('\x80000000000000000000'),
             ('\xbaebe65a814940e2a20a'), ('\xfffffffffffffffffffe'),
             ('\xffffffffffffffffffff')) r(random);
SELECT ts, smallest, largest, count(*) AS values,
       min(u) = smallest AS min_is_smallest, max(u) = largest AS max_is_largest,
       bool_and(u >= smallest AND u <= largest) AS all_between,
       bool_and(u < next) AS all_below_next,
       bool_and(ulid_extract_timestamp(u) = ts) AS same_timestamp, next
FROM at_ts,
     LATERAL (SELECT ulid_from_parts(ts) AS smallest,
                     ulid_from_parts(ts, '\xffffffffffffffffffff') AS largest,
                     ulid_from_parts(ts + interval '1 ms') AS next) x
GROUP BY ts, smallest, largest, next ORDER BY ts;

-- Casts of one value, and back; the uuid is the same 16 bytes
SELECT u::uuid, u::bytea, u::timestamptz,
       u::uuid::ulid = u AS uuid_back, u::bytea::ulid = u AS bytea_back,
       u::text::ulid = u AS text_back, u::uuid::text::ulid = u AS uuid_text_back,
       u::timestamptz = ulid_extract_timestamp(u) AS timestamptz_is_extract,
       ulid_from_parts(u::timestamptz, ulid_extract_random(u)) = u AS parts_back
FROM (SELECT '01G7JF53H1QBNYCPM1950E58GA'::ulid AS u) x;
-- every uuid is a ulid, and comes back
SELECT count(*) AS uuids,
       count(*) FILTER (WHERE x::ulid::uuid <> x) AS uuid_not_round_trip,
       count(*) FILTER (WHERE x::ulid::text::ulid::uuid <> x) AS text_not_round_trip,
       count(*) FILTER (WHERE x::text::ulid::uuid <> x) AS uuid_form_not_read,
       count(*) FILTER (WHERE x::ulid::bytea <> uuid_send(x)) AS bytes_differ,
       count(*) FILTER (WHERE replace(x::text, '-', '') <> lower(ulid_to_hex(x::ulid))) AS hex_differs
FROM (SELECT gen_random_uuid() AS x FROM generate_series(1, 2000)) x;
-- Casts are explicit only
SELECT castsource::regtype, casttarget::regtype, castcontext
FROM pg_cast WHERE 'ulid'::regtype IN (castsource, casttarget)
ORDER BY castsource::regtype::text, casttarget::regtype::text;

-- ulid_to_hex: 32 upper-case hex digits, read back in either case
SELECT u, ulid_to_hex(u) AS hex,
       ulid_to_hex(u)::ulid = u AS hex_back, lower(ulid_to_hex(u))::ulid = u AS lower_hex_back,
       ulid_to_hex(u) = upper(encode(u::bytea, 'hex')) AS hex_of_bytes,
       ulid_to_hex(u) = upper(replace(u::uuid::text, '-', '')) AS hex_of_uuid
FROM (VALUES ('01G7JF53H1QBNYCPM1950E58GA'::ulid), ('00000000000000000000000000'),
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('01CE1EVCSXVF3H46S80176YPMM')) v(u);

-- A SQLite table of quasi-ULIDs, as seeds/sqlite-hex-ulid-article.txt makes
-- them (printf('%012X', ms) || hex(randomblob(10))), loaded into a ulid
-- column and written back in SQLite's form
CREATE TEMP TABLE sqlite_event (id text, name text);
INSERT INTO sqlite_event VALUES
    ('0184E14B9D33DF0EA40E00D20FC31406', 'the article''s example'),
    ('0181E4F28E21BAEBE65A814940E2A20A', 'launch'),
    ('0181E4F28E21BAEBE65A814940E2A20B', 'launch, 1 later'),
    ('0181E4F28E22000000000000000000FF', 'next ms'),
    ('016382EDB33DDBC7121B28004E6F5A94', 'older'),
    ('0181e4f28e21baebe65a814940e2a209', 'written with %x'),
    ('00000000000000000000000000000000', 'epoch');
CREATE TEMP TABLE event (id ulid PRIMARY KEY, name text);
INSERT INTO event SELECT id::ulid, name FROM sqlite_event;
SELECT id, ulid_to_hex(id) AS sqlite_id, ulid_extract_timestamp(id), name FROM event ORDER BY id;
-- every row comes back in SQLite's form (upper case), in the same order
SELECT count(*) AS loaded,
       count(*) FILTER (WHERE ulid_to_hex(e.id) = upper(s.id)) AS same_hex,
       (SELECT array_agg(name ORDER BY id) FROM event)
       = (SELECT array_agg(name ORDER BY upper(id) COLLATE "C") FROM sqlite_event) AS same_order
FROM event e JOIN sqlite_event s ON s.id::ulid = e.id;
-- the timestamp and the random part are the two parts of the SQLite text
SELECT s.id, ulid_extract_timestamp(s.id::ulid)
             = to_timestamp(('x' || lpad(left(s.id, 12), 16, '0'))::bit(64)::bigint / 1000.0) AS ts_is_first_12,
       ulid_extract_random(s.id::ulid) = decode(right(s.id, 20), 'hex') AS random_is_last_20
FROM sqlite_event s ORDER BY s.id COLLATE "C";
-- the article's earlier forms are not quasi-ULIDs of 128 bits: an unpadded
-- %X timestamp (11 digits) and randomblob(8) give other lengths
SELECT input, length(input) AS len, ulid_is_valid(input) AS valid, try_input('ulid', input) AS result
FROM (VALUES ('184E14B9D33DF0EA40E00D20FC31406'),
             ('184E14B9D33DF0EA40E00D20FC314'),
             ('0184E14B9D33DF0EA40E00D20FC3')) v(input);
-- and back to SQLite: the hex column of a ulid table
SELECT ulid_to_hex(id) AS id, name FROM event ORDER BY id DESC LIMIT 3;

-- Many values: 1000 ms, 30 random parts each
CREATE TEMP TABLE t (id ulid PRIMARY KEY, n integer);
INSERT INTO t
SELECT ulid_from_parts('2026-01-01 00:00:00+00'::timestamptz + (n / 30) * interval '1 ms',
                       substr(decode(md5(n::text), 'hex'), 1, 10)), n
FROM generate_series(0, 29999) n;
ANALYZE t;
SELECT count(*) AS values, count(DISTINCT ulid_extract_timestamp(id)) AS timestamps,
       count(DISTINCT ulid_extract_random(id)) AS random_parts,
       count(*) FILTER (WHERE id::uuid::ulid <> id) AS uuid_not_round_trip,
       count(*) FILTER (WHERE id::bytea::ulid <> id) AS bytea_not_round_trip,
       count(*) FILTER (WHERE id::text::ulid <> id) AS text_not_round_trip,
       count(*) FILTER (WHERE lower(id::text)::ulid <> id) AS lower_not_round_trip,
       count(*) FILTER (WHERE ulid_to_hex(id)::ulid <> id) AS hex_not_round_trip,
       count(*) FILTER (WHERE lower(ulid_to_hex(id))::ulid <> id) AS lower_hex_not_round_trip,
       count(*) FILTER (WHERE id::uuid::text::ulid <> id) AS uuid_form_not_round_trip,
       count(*) FILTER (WHERE id::timestamptz <> ulid_extract_timestamp(id)) AS timestamptz_not_extract,
       count(*) FILTER (WHERE id::bytea <> ulid_send(id)) AS send_not_bytea,
       count(*) FILTER (WHERE ulid_from_parts(ulid_extract_timestamp(id), ulid_extract_random(id)) <> id)
       AS not_from_parts
FROM t;
SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY n / 30, substr(decode(md5(n::text), 'hex'), 1, 10))
       AS sorted_as_fields,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::bytea) AS sorted_as_bytes,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::uuid) AS sorted_as_uuid,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::text COLLATE "C") AS sorted_as_text,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY ulid_to_hex(id) COLLATE "C") AS sorted_as_hex
FROM t;

-- Indexes: a range scan by time with ulid_from_parts gives the rows whose
-- timestamp lies in the range
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT node, cond
FROM plan_nodes($$SELECT n FROM t WHERE id >= ulid_from_parts('2026-01-01 00:00:00.1+00')
                                    AND id < ulid_from_parts('2026-01-01 00:00:00.2+00')$$);
SELECT count(*), min(n), max(n),
       bool_and(ulid_extract_timestamp(id) >= '2026-01-01 00:00:00.1+00') AS all_at_or_after,
       bool_and(ulid_extract_timestamp(id) < '2026-01-01 00:00:00.2+00') AS all_before
FROM t
WHERE id >= ulid_from_parts('2026-01-01 00:00:00.1+00') AND id < ulid_from_parts('2026-01-01 00:00:00.2+00');
-- bounds between two ms: rounded up, they select the same rows as the timestamps
SELECT (SELECT count(*) FROM t WHERE id >= ulid_from_parts('2026-01-01 00:00:00.4105+00')
                                 AND id < ulid_from_parts('2026-01-01 00:00:00.7329+00')) AS by_id,
       (SELECT count(*) FROM t WHERE ulid_extract_timestamp(id) >= '2026-01-01 00:00:00.4105+00'
                                 AND ulid_extract_timestamp(id) < '2026-01-01 00:00:00.7329+00') AS by_timestamp,
       (SELECT min(n) FROM t WHERE id >= ulid_from_parts('2026-01-01 00:00:00.4105+00')) AS first_n;
SELECT node, cond
FROM plan_nodes($$SELECT n FROM t WHERE id >= ulid_from_parts('2026-01-01 00:00:00.4105+00')
                                    AND id < ulid_from_parts('2026-01-01 00:00:00.7329+00')$$);
-- one ms: the 30 rows n = 9990 to 10019, in the order of their random parts
SELECT count(*), min(n), max(n),
       bool_and(ulid_extract_timestamp(id) = '2026-01-01 00:00:00.333+00') AS all_at_333,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY ulid_extract_random(id)) AS by_random
FROM t WHERE id >= ulid_from_parts('2026-01-01 00:00:00.333+00')
         AND id < ulid_from_parts('2026-01-01 00:00:00.334+00');
SELECT n, id FROM t ORDER BY id DESC LIMIT 3;
SELECT min(id), (SELECT n FROM t ORDER BY id LIMIT 1) AS min_n, max(id),
       (SELECT n FROM t ORDER BY id DESC LIMIT 1) AS max_n
FROM t;
-- min and max are answered from the index
SELECT depth, node FROM plan_nodes('SELECT min(id) FROM t');
SELECT depth, node FROM plan_nodes('SELECT max(id) FROM t');

CREATE INDEX t_hash ON t USING hash (id);
-- n = 15000: 500 ms in, its random part from md5('15000')
SELECT n FROM t WHERE id = ulid_from_parts('2026-01-01 00:00:00.5+00', substr(decode(md5('15000'), 'hex'), 1, 10));
SELECT node, cond
FROM plan_nodes($$SELECT n FROM t WHERE id = ulid_from_parts('2026-01-01 00:00:00.5+00',
                                                              substr(decode(md5('15000'), 'hex'), 1, 10))$$);
RESET enable_seqscan;
RESET enable_bitmapscan;

-- Operators, on a value, the same with random + 1, the largest ulid of the
-- same ms, and the smallest of the next ms: each sorts after the one before
CREATE TEMP TABLE vals (label text, u ulid);
INSERT INTO vals VALUES
    ('a: the value', '01G7JF53H1QBNYCPM1950E58GA'),
    ('b: random + 1', '01G7JF53H1QBNYCPM1950E58GB'),
    ('c: random all ones', ulid_from_parts('2022-07-09 21:51:50.305+00', '\xffffffffffffffffffff')),
    ('d: 1 ms later', ulid_from_parts('2022-07-09 21:51:50.306+00'));
SELECT label, u, ulid_extract_random(u) AS random FROM vals ORDER BY u;
SELECT a.label AS a, b.label AS b,
       a.u = b.u AS eq, a.u <> b.u AS ne, a.u < b.u AS lt, a.u <= b.u AS le,
       a.u > b.u AS gt, a.u >= b.u AS ge, ulid_cmp(a.u, b.u) AS cmp,
       ulid_smaller(a.u, b.u) = least(a.u::bytea, b.u::bytea)::ulid AS smaller,
       ulid_larger(a.u, b.u) = greatest(a.u::bytea, b.u::bytea)::ulid AS larger
FROM vals a, vals b ORDER BY a.u, b.u;

-- Hashes: the extended hash with seed 0 agrees with the plain one in its
-- low 32 bits, the seed matters, and equal values from every input form and
-- cast hash alike
SELECT ulid_hash(u) = (ulid_hash_extended(u, 0) & 4294967295)::bit(32)::integer AS seed0_agrees,
       ulid_hash_extended(u, 0) <> ulid_hash_extended(u, 1) AS seed_matters,
       ulid_hash(u) = ulid_hash(lower(u::text)::ulid) AS lower_same_hash,
       ulid_hash(u) = ulid_hash(ulid_to_hex(u)::ulid) AS hex_same_hash,
       ulid_hash(u) = ulid_hash(lower(ulid_to_hex(u))::ulid) AS lower_hex_same_hash,
       ulid_hash(u) = ulid_hash(u::uuid::text::ulid) AS uuid_form_same_hash,
       ulid_hash(u) = ulid_hash(u::uuid::ulid) AS uuid_same_hash,
       ulid_hash(u) = ulid_hash(u::bytea::ulid) AS bytea_same_hash,
       ulid_hash(u) = ulid_hash(ulid_from_parts('2022-07-09 21:51:50.305+00', '\xbaebe65a814940e2a20a'))
       AS from_parts_same_hash,
       ulid_hash_extended(u, 3) = ulid_hash_extended(ulid_to_hex(u)::ulid, 3) AS extended_same_hash,
       ulid_hash(u) <> ulid_hash(ulid_from_parts(u::timestamptz)) AS different_value
FROM (SELECT '01G7JF53H1QBNYCPM1950E58GA'::ulid AS u) x;
-- and a hash join finds the same value in any form
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) AS hash_joined
FROM (SELECT id FROM t) a JOIN (SELECT lower(ulid_to_hex(id))::ulid AS id FROM t) b USING (id);
SELECT depth, node FROM plan_nodes($$SELECT count(*) FROM (SELECT id FROM t) a
                                     JOIN (SELECT lower(ulid_to_hex(id))::ulid AS id FROM t) b USING (id)$$)
WHERE node LIKE '%Join%';
RESET enable_mergejoin;
RESET enable_nestloop;

-- Aggregates: by the bytes
SELECT min(u), max(u), count(*)
FROM (VALUES ('01G7JF53H1QBNYCPM1950E58GA'::ulid), ('01G7JF53H1QBNYCPM1950E58GB'),
             ('01G7JF53H00000000000000000'), ('01G7JF53H1ZZZZZZZZZZZZZZZZ'), (NULL)) v(u);
SELECT min(u), max(u), count(*)
FROM (VALUES ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid), ('00000000000000000000000000'), (NULL)) v(u);
SELECT min(u), max(u), count(u) FROM (VALUES (NULL::ulid)) v(u);

-- NULLs pass through STRICT functions
SELECT ulid_extract_timestamp(NULL), ulid_extract_random(NULL), ulid_to_hex(NULL),
       ulid_is_valid(NULL), NULL::ulid::uuid, NULL::ulid::bytea, NULL::ulid::timestamptz,
       ulid_from_parts(NULL), NULL::uuid::ulid, NULL::bytea::ulid;

-- COPY round trip, text and binary
CREATE TEMP TABLE c (id ulid);
INSERT INTO c SELECT text::ulid FROM (VALUES ('01G7JF53H1QBNYCPM1950E58GA'),
                                             ('01ce1evcsxvf3h46s80176ypmm'),
                                             ('0184E14B9D33DF0EA40E00D20FC31406'),
                                             ('02283dd6-7a16-0554-f9bd-dea5d12982e4'),
                                             ('00000000000000000000000000'),
                                             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) v(text);
\copy c TO 'results/ulid_copy.txt'
\copy c TO 'results/ulid_copy.bin' WITH (FORMAT binary)
CREATE TEMP TABLE c2 (id ulid);
\copy c2 FROM 'results/ulid_copy.txt'
\copy c2 FROM 'results/ulid_copy.bin' WITH (FORMAT binary)
SELECT id, count(*) FROM c2 GROUP BY id ORDER BY id;
SELECT (SELECT array_agg(id ORDER BY id) FROM c) = (SELECT array_agg(DISTINCT id) FROM c2) AS same_values;
-- the text file holds the canonical text
CREATE TEMP TABLE ct (line text);
\copy ct FROM 'results/ulid_copy.txt'
SELECT line FROM ct ORDER BY line COLLATE "C";
-- a text file of SQLite hex and UUID forms loads into a ulid column
CREATE TEMP TABLE hx (line text);
INSERT INTO hx VALUES ('0184E14B9D33DF0EA40E00D20FC31406'), ('0181e4f28e21baebe65a814940e2a20a'),
                      ('016382ed-b33d-dbc7-121b-28004e6f5a94');
\copy hx TO 'results/ulid_hex.txt'
CREATE TEMP TABLE c3 (id ulid);
\copy c3 FROM 'results/ulid_hex.txt'
SELECT id, ulid_to_hex(id) AS hex FROM c3 ORDER BY id;
