--
-- sno: I/O, operators, functions, casts, aggregates, indexes
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

SELECT 'c8llqx2s8lhediff'::sno AS lower_case, 'C8LLQX2S8LHEDIFF'::sno AS upper_case,
       'c8LLqx2s8LHedIFF'::sno AS mixed_case;

-- Fields
SELECT sno_extract_timestamp(s), sno_extract_tick_tock(s), sno_extract_meta(s),
       sno_extract_partition(s), sno_extract_sequence(s), s::uuid, s::bytea, s::timestamptz
FROM (SELECT 'c8llqx2s8lhediff'::sno AS s) x;

-- sno_from_parts: defaults; the timestamp rounds up to 4 ms
SELECT sno_from_parts('2026-03-25 00:03:20+00') AS at_unit,
       sno_from_parts('2026-03-25 00:03:20.000001+00') AS rounded_up,
       sno_extract_timestamp(sno_from_parts('2026-03-25 00:03:20.000001+00')) AS rounded_ts,
       sno_from_parts('2026-03-25 00:03:20.004+00') AS next_unit,
       sno_from_parts('2026-03-25 00:03:20+00', 7, 1234, 42, true) AS all_fields,
       sno_from_parts('2010-01-01 00:00:00+00') AS first,
       sno_from_parts('2079-09-07 15:47:35.548+00', 255, 65535, 65535, true) AS last;
SELECT sno_extract_timestamp(s), sno_extract_tick_tock(s), sno_extract_meta(s),
       sno_extract_partition(s), sno_extract_sequence(s)
FROM (SELECT sno_from_parts('2026-03-25 00:03:20+00', 7, 1234, 42, true) AS s) x;

-- Named arguments
SELECT sno_from_parts('2026-03-25 00:03:20+00', sequence => 9) =
       sno_from_parts('2026-03-25 00:03:20+00', 0, 0, 9, false) AS named;

-- The tick-tock bit sorts as if 2 ms later, below the next unit
SELECT sno_from_parts('2026-03-25 00:03:20+00', 255, 65535, 65535, false)
       < sno_from_parts('2026-03-25 00:03:20+00', tick_tock => true) AS tock_after_tick,
       sno_from_parts('2026-03-25 00:03:20+00', 255, 65535, 65535, true)
       < sno_from_parts('2026-03-25 00:03:20.004+00') AS tock_before_next_unit;

-- Operators, on a value, one a sequence step above and one a metabyte step above
CREATE TEMP TABLE vals AS
SELECT text::sno AS s FROM (VALUES ('c8llqx2s8lhediff'), ('c8llqx2s8lhedifg'),
                                   ('c8llqx2s8phediff')) v(text);
CREATE TEMP TABLE ops AS SELECT a.s AS a, b.s AS b FROM vals a, vals b;
SELECT a, b, a = b AS eq, a <> b AS ne, a < b AS lt, a <= b AS le, a > b AS gt, a >= b AS ge,
       sno_cmp(a, b) AS cmp, sno_smaller(a, b) = least(a::bytea, b::bytea)::sno AS smaller,
       sno_larger(a, b) = greatest(a::bytea, b::bytea)::sno AS larger
FROM ops ORDER BY a, b;

-- Hashes: the extended hash with seed 0 agrees with the plain one in its
-- low 32 bits, and the seed matters
SELECT sno_hash(s) = (sno_hash_extended(s, 0) & 4294967295)::bit(32)::integer AS seed0_agrees,
       sno_hash_extended(s, 0) <> sno_hash_extended(s, 1) AS seed_matters,
       sno_hash(s) = sno_hash(upper(s::text)::sno) AS same_value_same_hash,
       sno_hash(s) <> sno_hash('c8llqx2s8lhedifg'::sno) AS different_value
FROM (SELECT 'c8llqx2s8lhediff'::sno AS s) x;

-- Aggregates
SELECT min(s), max(s), count(*)
FROM (VALUES ('c8llqx2s8lhediff'::sno), ('i4vr92tg9hlfsnfl'), ('2222222222222222'), (NULL)) v(s);

-- NULLs pass through STRICT functions
SELECT sno_extract_timestamp(NULL), sno_extract_meta(NULL), sno_is_valid(NULL), NULL::sno::uuid,
       sno_from_parts(NULL), gen_sno(NULL);

-- COPY round trip, text and binary
CREATE TEMP TABLE c (id sno);
INSERT INTO c SELECT text::sno FROM (VALUES ('c8llqx2s8lhediff'), ('xxxxxxxxxxxxxxxx'),
                                            ('2222222222222222')) v(text);
\copy c TO 'results/sno_copy.txt'
\copy c TO 'results/sno_copy.bin' WITH (FORMAT binary)
CREATE TEMP TABLE c2 (id sno);
\copy c2 FROM 'results/sno_copy.txt'
\copy c2 FROM 'results/sno_copy.bin' WITH (FORMAT binary)
SELECT id, count(*) FROM c2 GROUP BY id ORDER BY id;

-- Indexes: a range scan by time with sno_from_parts, on btree, hash and BRIN
CREATE TEMP TABLE t (id sno PRIMARY KEY, n integer);
INSERT INTO t
SELECT sno_from_parts('2026-01-01 00:00:00+00'::timestamptz + (n / 3) * interval '4 ms',
                      n % 5, 1000 + n % 2, n % 3, n % 7 = 0), n
FROM generate_series(0, 29999) n;
ANALYZE t;
SET enable_seqscan = off;
SELECT count(*), min(n), max(n),
       bool_and(sno_extract_timestamp(id) >= '2026-01-01 00:00:01+00') AS all_at_or_after,
       bool_and(sno_extract_timestamp(id) < '2026-01-01 00:00:02+00') AS all_before
FROM t
WHERE id >= sno_from_parts('2026-01-01 00:00:01+00') AND id < sno_from_parts('2026-01-01 00:00:02+00');
-- the same rows as by extracted timestamp, also from a bound inside a unit
SELECT count(*) FROM t WHERE id >= sno_from_parts('2026-01-01 00:00:01.001+00');
SELECT count(*) FROM t WHERE sno_extract_timestamp(id) >= '2026-01-01 00:00:01.001+00';
SELECT depth, node, cond FROM plan_nodes($$SELECT n FROM t ORDER BY id DESC LIMIT 3$$);
SELECT n FROM t ORDER BY id DESC LIMIT 3;
-- unit 0 holds n = 0 (tick-tock set), 1 and 2: n = 1 is the smallest
SELECT min(id), (SELECT n FROM t ORDER BY id LIMIT 1) AS min_n, max(id),
       max(id) = sno_from_parts('2026-01-01 00:00:39.996+00', 29999 % 5, 1001, 2, false) AS max_ok
FROM t;
CREATE INDEX t_hash ON t USING hash (id);
SELECT n FROM t WHERE id = sno_from_parts('2026-01-01 00:00:20+00', 15000 % 5, 1000, 0, false);
RESET enable_seqscan;

-- BRIN, each operator class, through bitmap scans
CREATE TEMP TABLE tb AS SELECT * FROM t;
ANALYZE tb;
SET enable_seqscan = off;
CREATE INDEX tb_brin ON tb USING brin (id);
SELECT depth, node, cond FROM plan_nodes($$SELECT count(*) FROM tb
WHERE id >= sno_from_parts('2026-01-01 00:00:01+00') AND id < sno_from_parts('2026-01-01 00:00:02+00')$$);
SELECT count(*) FROM tb
WHERE id >= sno_from_parts('2026-01-01 00:00:01+00') AND id < sno_from_parts('2026-01-01 00:00:02+00');
DROP INDEX tb_brin;
CREATE INDEX tb_brin_multi ON tb USING brin (id sno_minmax_multi_ops);
SELECT count(*) FROM tb
WHERE id >= sno_from_parts('2026-01-01 00:00:01+00') AND id < sno_from_parts('2026-01-01 00:00:02+00');
DROP INDEX tb_brin_multi;
CREATE INDEX tb_bloom ON tb USING brin (id sno_bloom_ops);
SELECT n FROM tb WHERE id = sno_from_parts('2026-01-01 00:00:20+00', 15000 % 5, 1000, 0, false);
RESET enable_seqscan;

-- Sorting many values (abbreviated keys) agrees with sorting their bytes
SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY id::bytea) AS sorted_as_bytes
FROM t;

-- uuid casts are UUIDv8 and round-trip
SELECT count(*) FILTER (WHERE substr(id::uuid::text, 15, 1) <> '8') AS not_v8,
       count(*) FILTER (WHERE substr(id::uuid::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) AS bad_variant,
       count(*) FILTER (WHERE id::uuid::sno <> id) AS not_round_trip,
       count(*) FILTER (WHERE id::bytea::sno <> id) AS bytea_not_round_trip
FROM t;
