--
-- muid: I/O, operators, functions, casts, aggregates, indexes
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Every input form and case gives the canonical text
SELECT input, input::muid AS muid
FROM (VALUES
    ('5D5EAC793E61F-1BFC71B112D-0000000B'),
    ('5d5eac793e61f-1bfc71b112d-0000000b'),
    ('5d5EaC793e61F-1bFc71B112d-0000000b'),
    ('5D5EAC793E61F-1BFC71B112D'),
    ('5d5eac793e61f-1bfc71b112d'),
    ('5D5EAC793E61F-1BFC71B112D-00000000'),
    ('5D5EAC793E61F'),
    ('5d5eac793e61f'),
    ('5D5EAC793E61F-00000000000'),
    ('0000000000000'),
    ('0000000000000-00000000000'),
    ('0000000000000-00000000000-00000000'),
    ('0000000000000-00000000000-00000001'),
    ('fffffffffffff-fffffffffff-ffffffff'),
    ('FFFFFFFFFFFFF-FFFFFFFFFFF'),
    ('FFFFFFFFFFFFF'),
    ('abcdef0123456-789ABCDEF01-23456789')) v(input);

-- The bytes and fields of a few values
-- (the 16 bytes: timestamp 52 bits | medallion 44 bits | offset 32 bits)
SELECT m::bytea, muid_extract_timestamp(m), muid_extract_medallion(m) AS medallion,
       muid_extract_offset(m) AS "offset"
FROM (VALUES ('5D5EAC793E61F-1BFC71B112D-0000000B'::muid),
             ('5D5EAC793E61F'),
             ('0000000000001-00000000001-00000001'),
             ('0000000000000-00000000000-7FFFFFFF'),
             ('0000000000000-00000000000-80000000'),
             ('8000000000000-80000000000-80000000'),
             ('FFFFFFFFFFFFF-00000000000-00000000'),
             ('0000000000000-FFFFFFFFFFF-00000000'),
             ('FFFFFFFFFFFFF-FFFFFFFFFFF-FFFFFFFF')) v(m);

-- The example of the muid spec: unix time 1642579230.975519 is 5D5EAC793E61F,
-- medallion 1923190821165 is 1BFC71B112D
SELECT muid_from_parts(to_timestamp(1642579230) + interval '975519 us', 1923190821165, 11) AS example,
       muid_from_parts(to_timestamp(1642579230) + interval '975519 us', 1923190821165, 11)
       = '5D5EAC793E61F-1BFC71B112D-0000000B' AS as_published,
       muid_from_parts(unix_us(1642579230975519)) AS timestamp_only,
       to_hex(1923190821165) AS medallion_hex;
-- the reference's medallion 2^44 - 1 (its "-1") is a medallion like any other
SELECT muid_extract_medallion('5D5EAC793E61F-FFFFFFFFFFF'),
       muid_from_parts('2022-01-19 08:00:30.975519+00', 17592186044415);

-- muid_from_parts: medallion and offset default to 0
SELECT muid_from_parts('2022-01-19 08:00:30.975519+00') AS defaults,
       muid_from_parts('2022-01-19 08:00:30.975519+00', 0, 0) AS explicit,
       muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821165) AS medallion_only;
-- named arguments: "offset" is a keyword and is written quoted
SELECT muid_from_parts('2022-01-19 08:00:30.975519+00', "offset" => 11) AS offset_only,
       muid_from_parts('2022-01-19 08:00:30.975519+00', medallion => 1923190821165) AS medallion_only;
SELECT muid_from_parts(ts => '2022-01-19 08:00:30.975519+00', "offset" => 11,
                       medallion => 1923190821165) AS all_named,
       muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821165, "offset" => 11) AS mixed;
SELECT muid_from_parts(ts => '2022-01-19 08:00:30.975519+00', "offset" => 11,
                       medallion => 1923190821165)
       = '5D5EAC793E61F-1BFC71B112D-0000000B' AS named_as_positional,
       muid_from_parts('2022-01-19 08:00:30.975519+00', "offset" => -1)
       = muid_from_parts('2022-01-19 08:00:30.975519+00', 0, -1) AS named_offset_default_medallion;

-- The offset is signed: negative offsets are the high half of the 32 bits,
-- and come back from the text and from the bytes
SELECT "offset", m, muid_extract_offset(m) AS extracted, right(m::text, 8) AS offset_hex,
       muid_extract_offset(m::text::muid) = "offset" AS text_back,
       muid_extract_offset(m::bytea::muid) = "offset" AS bytea_back
FROM (VALUES (0), (1), (11), (2147483647), (-2147483648), (-2147483647), (-11), (-1)) v("offset"),
     LATERAL (SELECT muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821165, "offset") AS m) x;
SELECT muid_extract_offset('5D5EAC793E61F-1BFC71B112D-FFFFFFFF') AS ffffffff,
       muid_extract_offset('5D5EAC793E61F-1BFC71B112D-80000000') AS "80000000",
       muid_extract_offset('5D5EAC793E61F-1BFC71B112D-7FFFFFFF') AS "7fffffff",
       muid_extract_offset('5D5EAC793E61F-1BFC71B112D-FFFFFFF5') AS fffffff5;

-- muid_from_parts(ts) is the smallest muid at ts: every medallion and offset
-- at ts lies between it and the medallion 2^44 - 1 with offset -1 (all F),
-- which the smallest muid of the next µs follows
CREATE TEMP TABLE at_ts AS
SELECT ts, medallion, "offset", muid_from_parts(ts, medallion, "offset") AS m
FROM (VALUES ('1970-01-01 00:00:00+00'::timestamptz), ('2022-01-19 08:00:30.975519+00'),
             ('2112-09-17 23:53:47.370494+00')) t(ts),
     (VALUES (0::bigint), (1), (1923190821165), (17592186044414), (17592186044415)) md(medallion),
     (VALUES (0), (1), (2147483647), (-2147483648), (-1)) o("offset");
SELECT ts, smallest, largest, count(*) AS values,
       min(m) = smallest AS min_is_smallest, max(m) = largest AS max_is_largest,
       bool_and(m >= smallest AND m <= largest) AS all_between,
       bool_and(m < next) AS all_below_next,
       bool_and(muid_extract_timestamp(m) = ts) AS same_timestamp, next
FROM at_ts,
     LATERAL (SELECT muid_from_parts(ts) AS smallest, muid_from_parts(ts, 17592186044415, -1) AS largest,
                     muid_from_parts(ts + interval '1 us') AS next) x
GROUP BY ts, smallest, largest, next ORDER BY ts;

-- muid_bundle: the same timestamp and medallion with offset 0
SELECT m, muid_bundle(m) AS bundle,
       muid_bundle(muid_bundle(m)) = muid_bundle(m) AS idempotent,
       muid_bundle(m) = left(m::text, 25)::muid AS short_form,
       muid_bundle(m) = muid_from_parts(muid_extract_timestamp(m), muid_extract_medallion(m))
       AS from_parts,
       muid_bundle(m) <= m AS not_above
FROM (VALUES ('5D5EAC793E61F-1BFC71B112D-0000000B'::muid),
             ('5D5EAC793E61F-1BFC71B112D-00000000'),
             ('5D5EAC793E61F-1BFC71B112D-7FFFFFFF'),
             ('5D5EAC793E61F-1BFC71B112D-80000000'),
             ('5D5EAC793E61F-1BFC71B112D-FFFFFFFF'),
             ('0000000000000-00000000000-00000001'),
             ('FFFFFFFFFFFFF-FFFFFFFFFFF-FFFFFFFF')) v(m);

-- Casts of one value, and back; the uuid is the same 16 bytes
SELECT m::uuid, m::bytea, m::timestamptz,
       m::uuid::muid = m AS uuid_back, m::bytea::muid = m AS bytea_back,
       m::text::muid = m AS text_back,
       m::timestamptz = muid_extract_timestamp(m) AS timestamptz_is_extract,
       muid_from_parts(m::timestamptz, muid_extract_medallion(m), muid_extract_offset(m)) = m
       AS parts_back
FROM (SELECT '8815305CFD53B-161174E3F4B-87124B2F'::muid AS m) x;
-- every uuid is a muid, and comes back
SELECT count(*) AS uuids,
       count(*) FILTER (WHERE u::muid::uuid <> u) AS uuid_not_round_trip,
       count(*) FILTER (WHERE u::muid::text::muid::uuid <> u) AS text_not_round_trip,
       count(*) FILTER (WHERE u::muid::bytea <> uuid_send(u)) AS bytes_differ,
       count(*) FILTER (WHERE replace(u::text, '-', '') <> lower(replace(u::muid::text, '-', '')))
       AS hex_differs
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 2000)) x;

-- Many values: 1000 ms, 3 medallions each, 10 offsets (1 to 10) each, the
-- way gen_muid numbers the rows of a transaction
CREATE TEMP TABLE t (id muid PRIMARY KEY, n integer);
INSERT INTO t
SELECT muid_from_parts('2026-01-01 00:00:00+00'::timestamptz + (n / 30) * interval '1 ms',
                       1099511627776 + n / 10 % 3, n % 10 + 1), n
FROM generate_series(0, 29999) n;
ANALYZE t;
SELECT count(*) AS values, count(DISTINCT muid_bundle(id)) AS bundles,
       count(DISTINCT muid_extract_timestamp(id)) AS timestamps,
       count(*) FILTER (WHERE id::uuid::muid <> id) AS uuid_not_round_trip,
       count(*) FILTER (WHERE id::bytea::muid <> id) AS bytea_not_round_trip,
       count(*) FILTER (WHERE id::text::muid <> id) AS text_not_round_trip,
       count(*) FILTER (WHERE lower(id::text)::muid <> id) AS lower_not_round_trip,
       count(*) FILTER (WHERE id::timestamptz <> muid_extract_timestamp(id)) AS timestamptz_not_extract,
       count(*) FILTER (WHERE id::bytea <> muid_send(id)) AS send_not_bytea,
       count(*) FILTER (WHERE muid_from_parts(muid_extract_timestamp(id), muid_extract_medallion(id),
                                              muid_extract_offset(id)) <> id) AS not_from_parts
FROM t;
SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY n) AS sorted_as_generated,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::bytea) AS sorted_as_bytes,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::uuid) AS sorted_as_uuid,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::text COLLATE "C") AS sorted_as_text
FROM t;

-- Indexes: a range scan by time with muid_from_parts gives the rows whose
-- timestamp lies in the range
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT node, cond
FROM plan_nodes($$SELECT n FROM t WHERE id >= muid_from_parts('2026-01-01 00:00:00.1+00')
                                    AND id < muid_from_parts('2026-01-01 00:00:00.2+00')$$);
SELECT count(*), min(n), max(n),
       bool_and(muid_extract_timestamp(id) >= '2026-01-01 00:00:00.1+00') AS all_at_or_after,
       bool_and(muid_extract_timestamp(id) < '2026-01-01 00:00:00.2+00') AS all_before
FROM t
WHERE id >= muid_from_parts('2026-01-01 00:00:00.1+00') AND id < muid_from_parts('2026-01-01 00:00:00.2+00');
SELECT (SELECT count(*) FROM t WHERE id >= muid_from_parts('2026-01-01 00:00:00.4105+00')
                                 AND id < muid_from_parts('2026-01-01 00:00:00.733+00')) AS by_id,
       (SELECT count(*) FROM t WHERE muid_extract_timestamp(id) >= '2026-01-01 00:00:00.4105+00'
                                 AND muid_extract_timestamp(id) < '2026-01-01 00:00:00.733+00') AS by_timestamp;
SELECT n, id FROM t ORDER BY id DESC LIMIT 3;
SELECT min(id), (SELECT n FROM t ORDER BY id LIMIT 1) AS min_n, max(id),
       (SELECT n FROM t ORDER BY id DESC LIMIT 1) AS max_n
FROM t;
-- min and max are answered from the index
SELECT depth, node FROM plan_nodes('SELECT min(id) FROM t');
SELECT depth, node FROM plan_nodes('SELECT max(id) FROM t');

-- One bundle: the rows n = 12340 to 12349 (411 ms, medallion 2^40 + 1),
-- selected by muid_bundle(id) = the bundle, and by the range from the
-- bundle to its offset 2147483647 (0x7FFFFFFF), the last gen_muid issues
CREATE TEMP TABLE one AS SELECT id AS x FROM t WHERE n = 12345;
SELECT x, muid_bundle(x) AS bundle,
       muid_from_parts(muid_extract_timestamp(x), muid_extract_medallion(x), 2147483647) AS bundle_end
FROM one;
SELECT n, id FROM t WHERE muid_bundle(id) = (SELECT muid_bundle(x) FROM one) ORDER BY id;
SELECT (SELECT array_agg(n ORDER BY id) FROM t, one WHERE muid_bundle(id) = muid_bundle(x)) AS by_bundle,
       (SELECT array_agg(n ORDER BY id) FROM t, one
        WHERE id >= muid_bundle(x)
          AND id <= muid_from_parts(muid_extract_timestamp(x), muid_extract_medallion(x), 2147483647))
       AS by_range;
SELECT node, cond
FROM plan_nodes($$SELECT n FROM t WHERE id >= muid_bundle(muid_from_parts('2026-01-01 00:00:00.411+00', 1099511627777, 6))
                                    AND id <= muid_from_parts('2026-01-01 00:00:00.411+00', 1099511627777, 2147483647)$$);
-- every bundle: both ways select the same rows
SELECT count(*) AS bundles, sum(cardinality(e.ns)) AS rows,
       count(*) FILTER (WHERE r.ns IS DISTINCT FROM e.ns) AS range_differs
FROM (SELECT muid_bundle(id) AS b, array_agg(n ORDER BY n) AS ns FROM t GROUP BY 1) e,
     LATERAL (SELECT array_agg(n ORDER BY n) AS ns FROM t
              WHERE id >= e.b
                AND id <= muid_from_parts(muid_extract_timestamp(e.b), muid_extract_medallion(e.b),
                                          2147483647)) r;
-- negative offsets belong to the bundle too, but sort after 0x7FFFFFFF: a
-- range that takes them in ends at offset -1 (0xFFFFFFFF)
INSERT INTO t SELECT muid_from_parts(muid_extract_timestamp(x), muid_extract_medallion(x), o), o
FROM one, (VALUES (-1), (-2147483648)) v(o);
SELECT (SELECT array_agg(n ORDER BY id) FROM t, one WHERE muid_bundle(id) = muid_bundle(x)) AS by_bundle,
       (SELECT array_agg(n ORDER BY id) FROM t, one
        WHERE id >= muid_bundle(x)
          AND id <= muid_from_parts(muid_extract_timestamp(x), muid_extract_medallion(x), 2147483647))
       AS to_7fffffff,
       (SELECT array_agg(n ORDER BY id) FROM t, one
        WHERE id >= muid_bundle(x)
          AND id <= muid_from_parts(muid_extract_timestamp(x), muid_extract_medallion(x), -1))
       AS to_ffffffff;
DELETE FROM t WHERE n < 0;

CREATE INDEX t_hash ON t USING hash (id);
-- n = 15000: 500 ms in, medallion 2^40, offset 1
SELECT n FROM t WHERE id = muid_from_parts('2026-01-01 00:00:00.5+00', 1099511627776, 1);
SELECT node, cond
FROM plan_nodes($$SELECT n FROM t WHERE id = muid_from_parts('2026-01-01 00:00:00.5+00', 1099511627776, 1)$$);
RESET enable_seqscan;
RESET enable_bitmapscan;

-- Operators, on a value with offset 1, then offset -1, the next medallion
-- and the next µs: each of them sorts after the one before
CREATE TEMP TABLE vals (label text, m muid);
INSERT INTO vals VALUES
    ('a: offset 1', muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821165, 1)),
    ('b: offset -1', muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821165, -1)),
    ('c: medallion + 1', muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821166, 0)),
    ('d: 1 us later', muid_from_parts('2022-01-19 08:00:30.97552+00', 0, 0));
SELECT label, m FROM vals ORDER BY m;
SELECT a.label AS a, b.label AS b,
       a.m = b.m AS eq, a.m <> b.m AS ne, a.m < b.m AS lt, a.m <= b.m AS le,
       a.m > b.m AS gt, a.m >= b.m AS ge, muid_cmp(a.m, b.m) AS cmp,
       muid_smaller(a.m, b.m) = least(a.m::bytea, b.m::bytea)::muid AS smaller,
       muid_larger(a.m, b.m) = greatest(a.m::bytea, b.m::bytea)::muid AS larger
FROM vals a, vals b ORDER BY a.m, b.m;

-- Hashes: the extended hash with seed 0 agrees with the plain one in its
-- low 32 bits, the seed matters, and equal values from every input form and
-- cast hash alike
SELECT muid_hash(m) = (muid_hash_extended(m, 0) & 4294967295)::bit(32)::integer AS seed0_agrees,
       muid_hash_extended(m, 0) <> muid_hash_extended(m, 1) AS seed_matters,
       muid_hash(m) = muid_hash(lower(m::text)::muid) AS lower_same_hash,
       muid_hash(m) = muid_hash(m::uuid::muid) AS uuid_same_hash,
       muid_hash(m) = muid_hash(m::bytea::muid) AS bytea_same_hash,
       muid_hash(m) = muid_hash(muid_from_parts('2022-01-19 08:00:30.975519+00', 1923190821165, 11))
       AS from_parts_same_hash,
       muid_hash_extended(m, 3) = muid_hash_extended(m::uuid::muid, 3) AS extended_same_hash,
       muid_hash(m) <> muid_hash(muid_bundle(m)) AS different_value
FROM (SELECT '5D5EAC793E61F-1BFC71B112D-0000000B'::muid AS m) x;
-- the short forms hash as their full form
SELECT muid_hash('5d5eac793e61f-1bfc71b112d'::muid) = muid_hash('5D5EAC793E61F-1BFC71B112D-00000000'::muid)
       AS tm_same_hash,
       muid_hash('5d5eac793e61f'::muid) = muid_hash('5D5EAC793E61F-00000000000-00000000'::muid)
       AS t_same_hash,
       muid_hash_extended('5D5EAC793E61F'::muid, 7)
       = muid_hash_extended(muid_from_parts('2022-01-19 08:00:30.975519+00'), 7) AS t_same_extended_hash;
-- and a hash join finds the same value in any form
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) AS hash_joined
FROM (SELECT id FROM t) a JOIN (SELECT lower(id::uuid::text)::uuid::muid AS id FROM t) b USING (id);
RESET enable_mergejoin;
RESET enable_nestloop;

-- Aggregates: by the bytes, so offset -1 is the largest of a bundle
SELECT min(m), max(m), count(*)
FROM (VALUES ('5D5EAC793E61F-1BFC71B112D-00000001'::muid), ('5D5EAC793E61F-1BFC71B112D-FFFFFFFF'),
             ('5D5EAC793E61F-1BFC71B112D-7FFFFFFF'), ('5D5EAC793E61F-1BFC71B112D'), (NULL)) v(m);
SELECT min(m), max(m), count(*)
FROM (VALUES ('5D5EAC793E61F-1BFC71B112D-FFFFFFFF'::muid), ('5D5EAC793E620'),
             ('5D5EAC793E61F-1BFC71B112E'), (NULL)) v(m);
SELECT min(m), max(m), count(m) FROM (VALUES (NULL::muid)) v(m);

-- NULLs pass through STRICT functions
SELECT muid_extract_timestamp(NULL), muid_extract_medallion(NULL), muid_extract_offset(NULL),
       muid_is_valid(NULL), NULL::muid::uuid, NULL::muid::bytea, NULL::muid::timestamptz,
       muid_from_parts(NULL), muid_bundle(NULL);
SELECT muid_from_parts('2022-01-19 08:00:30.975519+00', NULL) AS null_medallion,
       muid_from_parts('2022-01-19 08:00:30.975519+00', 1, NULL) AS null_offset,
       muid_from_parts('2022-01-19 08:00:30.975519+00', "offset" => NULL) AS named_null_offset;

-- COPY round trip, text and binary
CREATE TEMP TABLE c (id muid);
INSERT INTO c SELECT text::muid FROM (VALUES ('5D5EAC793E61F-1BFC71B112D-0000000B'),
                                             ('5d5eac793e61f-1bfc71b112d'),
                                             ('8815305CFD53B-161174E3F4B-87124B2F'),
                                             ('0000000000000-00000000000-00000000'),
                                             ('FFFFFFFFFFFFF-FFFFFFFFFFF-FFFFFFFF'),
                                             ('5D5EAC793E61F-1BFC71B112D-80000000')) v(text);
\copy c TO 'results/muid_copy.txt'
\copy c TO 'results/muid_copy.bin' WITH (FORMAT binary)
CREATE TEMP TABLE c2 (id muid);
\copy c2 FROM 'results/muid_copy.txt'
\copy c2 FROM 'results/muid_copy.bin' WITH (FORMAT binary)
SELECT id, count(*) FROM c2 GROUP BY id ORDER BY id;
SELECT (SELECT array_agg(id ORDER BY id) FROM c) = (SELECT array_agg(DISTINCT id) FROM c2) AS same_values;
-- the text file holds the canonical text
CREATE TEMP TABLE ct (line text);
\copy ct FROM 'results/muid_copy.txt'
SELECT line FROM ct ORDER BY line COLLATE "C";
