--
-- siq: I/O, operators, functions, casts, aggregates, indexes
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Every input form gives the canonical text
SELECT input, input::siq AS siq
FROM (VALUES
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhhan'),
    ('DID:SIQ:LPH4U4QAGKRNVGA2XXZSZU6FRHHAN'),
    ('DID:SIQ:lph4u4qagkrnvga2xxzszu6frhhan'),
    ('did:siq:LPH4U4QAGKRNVGA2XXZSZU6FRHHAN'),
    ('Did:sIq:lPh4U4qAgKrNvGa2XxZsZu6FrHhAn'),
    ('8023617922851917690107583503373'),
    ('0008023617922851917690107583503373'),
    ('0'),
    ('0000'),
    ('1')) v(input);

-- The bytes and fields of a few values
-- (the 14 bytes: ticks 7 | shard 1 | domain hash 4 | serial and suffix 2)
SELECT s::bytea, siq_extract_timestamp(s), siq_extract_shard(s) AS shard,
       siq_extract_domain_hash(s) AS domain_hash, siq_extract_kind(s) AS kind,
       siq_extract_serial(s) AS serial
FROM (VALUES ('did:siq:lph4u4qagkrnvga2xxzszu6frhhan'::siq),
             ('did:siq:c4kdasqaixcd5odsnzhft6c4uyvza'),
             ('7451106619238957490390643507207'),
             ('0'),
             ('1'),
             ('5192296858534827628530496329220095')) v(s);

-- Casts of one value, and back
SELECT s::uuid, s::numeric, s::timestamptz,
       s::uuid::siq = s AS uuid_back, s::bytea::siq = s AS bytea_back,
       s::numeric::siq = s AS numeric_back, s::text::siq = s AS text_back
FROM (SELECT 'did:siq:lph4u4qagkrnvga2xxzszu6frhhan'::siq AS s) x;

-- siq_from_parts: the defaults are kind user, serial, shard and domain hash 0
SELECT siq_from_parts('2026-03-25 00:03:20+00') AS defaults,
       siq_from_parts('2026-03-25 00:03:20+00', 'user', 0, 0, 0) AS explicit,
       siq_from_parts('2026-03-25 00:03:20+00')::bytea AS bytes;
SELECT s::bytea, siq_extract_timestamp(s), siq_extract_shard(s) AS shard,
       siq_extract_domain_hash(s) AS domain_hash, siq_extract_kind(s) AS kind,
       siq_extract_serial(s) AS serial
FROM (SELECT siq_from_parts('2026-03-25 00:03:20+00', 'message', 1234, 56,
                            siq_domain_hash('example.com')) AS s) x;

-- Named arguments
SELECT siq_from_parts('2026-03-25 00:03:20+00', serial => 9) =
       siq_from_parts('2026-03-25 00:03:20+00', 'user', 9, 0, 0) AS named_serial,
       siq_from_parts('2026-03-25 00:03:20+00', domain_hash => 7, kind => 'tag') =
       siq_from_parts('2026-03-25 00:03:20+00', 'tag', 0, 0, 7) AS named_kind_domain_hash;

-- The timestamp rounds up to 1/65536 s (15.2587890625 µs): ticks counted
-- from the tick at 2026-03-25 00:03:20, and the timestamp each tick prints
SELECT ts, div(siq_from_parts(ts)::numeric, 72057594037927936)
           - div(siq_from_parts('2026-03-25 00:03:20+00')::numeric, 72057594037927936) AS tick,
       siq_extract_timestamp(siq_from_parts(ts))
FROM (VALUES ('2026-03-25 00:03:19.999984+00'::timestamptz),
             ('2026-03-25 00:03:19.999985+00'),
             ('2026-03-25 00:03:20+00'),
             ('2026-03-25 00:03:20.000001+00'),
             ('2026-03-25 00:03:20.000015+00'),
             ('2026-03-25 00:03:20.000016+00'),
             ('2026-03-25 00:03:20.000030+00'),
             ('2026-03-25 00:03:20.000031+00'),
             ('2026-03-25 00:03:20.999984+00'),
             ('2026-03-25 00:03:20.999985+00'),
             ('2026-03-25 00:03:21+00')) v(ts);

-- The 15 kinds: each through siq_from_parts and back, with serial 0 and its
-- largest serial; low16 is serial << n | the kind's value mod 2^n
CREATE TEMP TABLE kinds (kind text, value integer, nbits integer);
INSERT INTO kinds VALUES
    ('content', 15, 3), ('multi', 11, 3), ('manytomany', 13, 3), ('ternary', 9, 3),
    ('thread', 22, 4), ('message', 30, 4), ('tag', 34, 5), ('channel', 42, 5),
    ('user', 32, 5), ('group', 36, 5), ('event', 40, 5), ('invite', 44, 5),
    ('application', 48, 5), ('collection', 52, 5), ('premium', 56, 5);
CREATE FUNCTION pg_temp.low16(s siq) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT get_byte(s::bytea, 12) << 8 | get_byte(s::bytea, 13) $$;
SELECT k.kind, k.nbits, k.max_serial,
       pg_temp.low16(a)::bit(16) AS low16_serial_0, pg_temp.low16(b)::bit(16) AS low16_max_serial,
       siq_extract_kind(a) AS kind_0, siq_extract_serial(a) AS serial_0,
       siq_extract_kind(b) AS kind_max, siq_extract_serial(b) AS serial_max,
       pg_temp.low16(a) = k.value % (1 << k.nbits)
       AND pg_temp.low16(b) = k.max_serial << k.nbits | k.value % (1 << k.nbits) AS layout
FROM (SELECT *, (1 << (16 - nbits)) - 1 AS max_serial FROM kinds) k,
     LATERAL (SELECT siq_from_parts('2026-03-25 00:03:20+00', k.kind, 0, 3, 4) AS a,
                     siq_from_parts('2026-03-25 00:03:20+00', k.kind, k.max_serial, 3, 4) AS b) x
ORDER BY k.nbits, k.value;

-- All 65536 values of the low 16 bits: each belongs to one kind, whose
-- serials it covers once, or to none: the three unassigned suffixes
CREATE TEMP TABLE low AS
SELECT l, decode('006545b530357be659a78b13' || lpad(to_hex(l), 4, '0'), 'hex')::siq AS s
FROM generate_series(0, 65535) l;
SELECT coalesce(siq_extract_kind(s), '(none)') AS kind, count(*) AS values,
       count(DISTINCT siq_extract_serial(s)) AS serials,
       min(siq_extract_serial(s)) AS min_serial, max(siq_extract_serial(s)) AS max_serial,
       string_agg(DISTINCT (l & 31)::bit(5)::text, ', ') AS low5
FROM low GROUP BY 1 ORDER BY count(*) DESC, 1;
SELECT count(*) AS checked,
       count(*) FILTER (WHERE siq_extract_kind(s) IS NOT NULL
                          AND siq_from_parts(siq_extract_timestamp(s), siq_extract_kind(s),
                                             siq_extract_serial(s), siq_extract_shard(s),
                                             siq_extract_domain_hash(s)) <> s) AS not_from_parts,
       count(*) FILTER (WHERE s::text::siq <> s OR NOT siq_is_valid(s::text)
                           OR s::uuid::siq <> s OR s::numeric::siq <> s) AS not_round_trip,
       count(*) FILTER (WHERE pg_temp.low16(s) <> l) AS wrong_low16
FROM low;

-- A value with an unassigned suffix (11100, 10010, 11010) is valid and
-- round-trips; its kind and serial are NULL
SELECT s::bytea, s, siq_is_valid(s::text) AS valid, s::text::siq = s AS text_back,
       s::uuid::siq = s AS uuid_back, s::numeric::siq = s AS numeric_back,
       siq_extract_kind(s) AS kind, siq_extract_serial(s) AS serial,
       siq_extract_shard(s) AS shard, siq_extract_domain_hash(s) AS domain_hash
FROM (VALUES (decode('006545b530357be659a78b13003c', 'hex')::siq),
             (decode('006545b530357be659a78b13ffdc', 'hex')::siq),
             (decode('006545b530357be659a78b130012', 'hex')::siq),
             (decode('006545b530357be659a78b13001a', 'hex')::siq)) v(s);

-- siq_from_parts(ts) is the smallest siq at ts: every kind, serial, shard and
-- domain hash at ts lies between it and siq_from_parts of the next tick
CREATE TEMP TABLE at_ts AS
SELECT ts, k.kind, serial, shard, dh,
       siq_from_parts(ts, k.kind, serial, shard, dh) AS s
FROM (VALUES ('1970-01-01 00:00:00+00'::timestamptz), ('2026-03-25 00:03:20.5+00'),
             ('2026-03-25 00:03:20.123456+00'), ('36812-02-20 00:36:15.999969+00')) t(ts),
     (SELECT kind, (1 << (16 - nbits)) - 1 AS max_serial FROM kinds) k,
     LATERAL (VALUES (0), (1), (k.max_serial)) se(serial),
     (VALUES (0), (255)) sh(shard), (VALUES (0::bigint), (1), (4294967295)) d(dh);
-- (the smallest siq of the next tick: 1 µs after the printed timestamp of
-- this one, which is its start floored to the µs)
SELECT ts, smallest, count(*) AS values,
       min(s) = smallest AS min_is_smallest,
       bool_and(s >= smallest) AS all_at_or_above,
       bool_and(s < next) AS all_below_next,
       div(next::numeric, 72057594037927936) - div(smallest::numeric, 72057594037927936) AS next_tick,
       bool_and(siq_extract_timestamp(s) = siq_extract_timestamp(smallest)) AS same_timestamp,
       bool_and(siq_extract_timestamp(s) >= ts) AS not_before_ts
FROM at_ts,
     LATERAL (SELECT siq_from_parts(ts) AS smallest,
                     siq_from_parts(siq_extract_timestamp(siq_from_parts(ts)) + interval '1 us') AS next) x
GROUP BY ts, smallest, next ORDER BY ts;

-- Many values: casts round-trip, and uuid casts are UUIDv8 with the siq's
-- bits in order
CREATE TEMP TABLE t (id siq PRIMARY KEY, n integer);
INSERT INTO t
SELECT siq_from_parts('2026-01-01 00:00:00+00'::timestamptz + (n / 3) * interval '1 ms',
                      k.kind, n % 7, n % 256, n * 7919), n
FROM generate_series(0, 29999) n
JOIN (SELECT row_number() OVER (ORDER BY value) - 1 AS i, kind FROM kinds) k ON k.i = n % 15;
ANALYZE t;
SELECT count(*) AS values,
       count(*) FILTER (WHERE substr(id::uuid::text, 15, 1) <> '8') AS not_v8,
       count(*) FILTER (WHERE substr(id::uuid::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) AS bad_variant,
       count(*) FILTER (WHERE (get_byte(uuid_send(id::uuid), 14) & 3) <> 0
                           OR get_byte(uuid_send(id::uuid), 15) <> 0) AS low_bits_set,
       count(*) FILTER (WHERE id::uuid::siq <> id) AS uuid_not_round_trip,
       count(*) FILTER (WHERE id::bytea::siq <> id) AS bytea_not_round_trip,
       count(*) FILTER (WHERE id::numeric::siq <> id) AS numeric_not_round_trip,
       count(*) FILTER (WHERE id::text::siq <> id) AS text_not_round_trip,
       count(*) FILTER (WHERE id::timestamptz <> siq_extract_timestamp(id)) AS timestamptz_not_extract,
       count(*) FILTER (WHERE id::bytea <> siq_send(id)) AS send_not_bytea
FROM t;
SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY id::bytea) AS sorted_as_bytes,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::uuid) AS sorted_as_uuid,
       array_agg(n ORDER BY id) = array_agg(n ORDER BY id::numeric) AS sorted_as_integer
FROM t;

-- Indexes: a range scan by time with siq_from_parts gives the rows whose
-- timestamp lies in the range, also from bounds inside a tick
SET enable_seqscan = off;
SELECT count(*), min(n), max(n),
       bool_and(siq_extract_timestamp(id) >= '2026-01-01 00:00:01+00') AS all_at_or_after,
       bool_and(siq_extract_timestamp(id) < '2026-01-01 00:00:02+00') AS all_before
FROM t
WHERE id >= siq_from_parts('2026-01-01 00:00:01+00') AND id < siq_from_parts('2026-01-01 00:00:02+00');
SELECT (SELECT count(*) FROM t WHERE id >= siq_from_parts('2026-01-01 00:00:03.00105+00')
                                 AND id < siq_from_parts('2026-01-01 00:00:04.50005+00')) AS by_id,
       (SELECT count(*) FROM t WHERE siq_extract_timestamp(id) >= '2026-01-01 00:00:03.00105+00'
                                 AND siq_extract_timestamp(id) < '2026-01-01 00:00:04.50005+00') AS by_timestamp;
SELECT n FROM t ORDER BY id DESC LIMIT 3;
SELECT min(id), (SELECT n FROM t ORDER BY id LIMIT 1) AS min_n, max(id),
       (SELECT n FROM t ORDER BY id DESC LIMIT 1) AS max_n
FROM t;
CREATE INDEX t_hash ON t USING hash (id);
-- n = 15000: 5 s in, the first kind by value (ternary), serial 15000 % 7
SELECT n FROM t WHERE id = siq_from_parts('2026-01-01 00:00:05+00', 'ternary', 15000 % 7, 15000 % 256, 15000 * 7919);
RESET enable_seqscan;

-- siq_domain_hash: the last 4 bytes of the SHA-256 of the domain; a nonzero
-- local_id replaces the top byte (256 with 0); '' and '0' are 0
SELECT domain, local_id, siq_domain_hash(domain, local_id), to_hex(siq_domain_hash(domain, local_id))
FROM (VALUES ('example.com', 0), ('example.com', 1), ('example.com', 255), ('example.com', 256),
             ('', 0), ('', 5), ('0', 0), ('0', 1), ('00', 0), ('localhost', 0)) v(domain, local_id)
ORDER BY domain, local_id;
SELECT siq_domain_hash('example.com') = 2261653831 AS reference,
       siq_domain_hash('example.com') = siq_domain_hash('example.com', 0) AS default_local_id,
       encode(sha256('example.com'), 'hex') AS sha256;
-- against core's sha256() for many domains and local ids
SELECT count(*) AS checked,
       count(*) FILTER (WHERE siq_domain_hash(d, lid) <>
                              CASE WHEN lid = 0 THEN h ELSE ((lid % 256)::bigint << 24) | (h & 16777215) END)
           AS wrong
FROM (SELECT 'host' || n || '.example.org' AS d, n % 300 AS lid FROM generate_series(1, 2000) n) v,
     LATERAL (SELECT ('x' || right(encode(sha256(convert_to(d, 'UTF8')), 'hex'), 8))::bit(32)::bigint AS h) x
WHERE lid <= 256;

-- Operators, on a value, one a serial step above and one a shard step above
CREATE TEMP TABLE vals AS
SELECT siq_from_parts('2026-03-25 00:03:20+00', 'user', serial, shard, 5) AS s
FROM (VALUES (7, 1), (8, 1), (7, 2)) v(serial, shard);
CREATE TEMP TABLE ops AS SELECT a.s AS a, b.s AS b FROM vals a, vals b;
SELECT siq_extract_serial(a) AS a_serial, siq_extract_shard(a) AS a_shard,
       siq_extract_serial(b) AS b_serial, siq_extract_shard(b) AS b_shard,
       a = b AS eq, a <> b AS ne, a < b AS lt, a <= b AS le, a > b AS gt, a >= b AS ge,
       siq_cmp(a, b) AS cmp, siq_smaller(a, b) = least(a::bytea, b::bytea)::siq AS smaller,
       siq_larger(a, b) = greatest(a::bytea, b::bytea)::siq AS larger
FROM ops ORDER BY a, b;

-- Hashes: the extended hash with seed 0 agrees with the plain one in its
-- low 32 bits, the seed matters, and equal values from every input form and
-- cast hash alike
SELECT siq_hash(s) = (siq_hash_extended(s, 0) & 4294967295)::bit(32)::integer AS seed0_agrees,
       siq_hash_extended(s, 0) <> siq_hash_extended(s, 1) AS seed_matters,
       siq_hash(s) = siq_hash(upper(s::text)::siq) AS upper_same_hash,
       siq_hash(s) = siq_hash(s::numeric::text::siq) AS integer_same_hash,
       siq_hash(s) = siq_hash(s::uuid::siq) AS uuid_same_hash,
       siq_hash(s) = siq_hash(s::bytea::siq) AS bytea_same_hash,
       siq_hash_extended(s, 3) = siq_hash_extended(s::numeric::siq, 3) AS extended_same_hash,
       siq_hash(s) <> siq_hash('did:siq:c4kdasqaixcd5odsnzhft6c4uyvza'::siq) AS different_value
FROM (SELECT 'did:siq:lph4u4qagkrnvga2xxzszu6frhhan'::siq AS s) x;
-- and a hash join finds the same value in any form
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) AS hash_joined
FROM (SELECT id FROM t) a JOIN (SELECT id::numeric::text::siq AS id FROM t) b USING (id);
RESET enable_mergejoin;
RESET enable_nestloop;

-- Aggregates
SELECT min(s), max(s), count(*)
FROM (VALUES ('did:siq:lph4u4qagkrnvga2xxzszu6frhhan'::siq), ('did:siq:bheje2x7777777777777777777777'),
             ('did:siq:ndo3zy4aaaaaaaaaaaaaaaaaaaaaa'), (NULL)) v(s);

-- NULLs pass through STRICT functions
SELECT siq_extract_timestamp(NULL), siq_extract_kind(NULL), siq_extract_serial(NULL),
       siq_is_valid(NULL), NULL::siq::uuid, NULL::siq::numeric, siq_from_parts(NULL),
       siq_domain_hash(NULL), gen_siq(NULL);

-- COPY round trip, text and binary
CREATE TEMP TABLE c (id siq);
INSERT INTO c SELECT text::siq FROM (VALUES ('did:siq:lph4u4qagkrnvga2xxzszu6frhhan'),
                                            ('did:siq:bheje2x7777777777777777777777'),
                                            ('did:siq:ndo3zy4aaaaaaaaaaaaaaaaaaaaaa')) v(text);
INSERT INTO c SELECT s FROM low WHERE l IN (0, 28, 65535);
\copy c TO 'results/siq_copy.txt'
\copy c TO 'results/siq_copy.bin' WITH (FORMAT binary)
CREATE TEMP TABLE c2 (id siq);
\copy c2 FROM 'results/siq_copy.txt'
\copy c2 FROM 'results/siq_copy.bin' WITH (FORMAT binary)
SELECT id, count(*) FROM c2 GROUP BY id ORDER BY id;
SELECT (SELECT array_agg(id ORDER BY id) FROM c) = (SELECT array_agg(DISTINCT id) FROM c2) AS same_values;
