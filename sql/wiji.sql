--
-- wiji: I/O, operators, functions, casts, aggregates
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

SELECT '0999460A2531F5204F11E2FE414C343C'::wiji AS from_hex,
       '0999460a-2531-f520-4f11-e2fe414c343c'::wiji AS from_uuid_form,
       'o9K530M99HYMG4Y4F2ZS0MRDIW'::wiji AS with_substitutions;

-- Fields
SELECT wiji_extract_timestamp(w), wiji_extract_sequence(w), wiji_extract_version(w),
       wiji_extract_node(w), wiji_to_hex(w), w::uuid, w::bytea, w::timestamptz
FROM (SELECT '09K530M99HYMG4Y4F2ZS0MRD1W'::wiji AS w) s;

-- wiji_from_parts: defaults, and its timestamp is already at wiji's resolution
SELECT wiji_from_parts('2026-03-25 00:03:20+00'),
       wiji_from_parts('2026-03-25 00:03:20+00', 42, 188900967593797),
       wiji_from_parts('1970-01-01 00:00:00+00'),
       wiji_from_parts('2540-11-07 23:35:09.481983+00', 65535, 4503599627370495);
-- the seed's vectors 1 and 2 (SPEC.md §3)
SELECT wiji_from_parts(unix_us(0))::text = '00000000000000040000000000' AS vector1,
       '0006524DE00000002A1ABCDEF0123450'::wiji::text = '000S94VR000002M6NWVVR14D2G' AS vector2;

-- Operators, on a value, one a node step above and one a sequence step above
CREATE TEMP TABLE vals AS
SELECT text::wiji AS w FROM (VALUES ('08TAT5NMARMF15R4TVZ74YKHGP'), ('08TAT5NMARMF15R4TVZ74YKHGQ'),
                                    ('08TAT5NMARMF15R4VVZ74YKHGP')) v(text);
CREATE TEMP TABLE ops AS SELECT a.w AS a, b.w AS b FROM vals a, vals b;
SELECT a, b, a = b AS eq, a <> b AS ne, a < b AS lt, a <= b AS le, a > b AS gt, a >= b AS ge,
       wiji_cmp(a, b) AS cmp, wiji_smaller(a, b) = least(a::bytea, b::bytea)::wiji AS smaller
FROM ops ORDER BY a, b;

-- Hashes: the extended hash with seed 0 agrees with the plain one in its
-- low 32 bits (as the hash index requires), and the seed matters
SELECT wiji_hash(w) = (wiji_hash_extended(w, 0) & 4294967295)::bit(32)::integer AS seed0_agrees,
       wiji_hash_extended(w, 0) <> wiji_hash_extended(w, 1) AS seed_matters,
       wiji_hash(w) = wiji_hash(wiji_to_hex(w)::wiji) AS same_value_same_hash
FROM (SELECT '09K530M99HYMG4Y4F2ZS0MRD1W'::wiji AS w) s;

-- Aggregates
SELECT min(w), max(w), count(*)
FROM (VALUES ('08TAT5NMARMF15R4TVZ74YKHGP'::wiji), ('09K530M99HYMG4Y4F2ZS0MRD1W'),
             ('00000000000000040000000000'), (NULL)) v(w);

-- NULLs pass through STRICT functions
SELECT wiji_extract_timestamp(NULL), wiji_is_valid(NULL), NULL::wiji::uuid;

-- COPY round trip, text and binary
CREATE TEMP TABLE c (id wiji);
INSERT INTO c SELECT text::wiji FROM (VALUES ('08TAT5NMARMF15R4TVZ74YKHGP'), ('1ZZZZZZZZZZZZZY7ZZZZZZZZZZ'),
                                             ('00000000000000040000000000')) v(text);
\copy c TO 'results/wiji_copy.txt'
\copy c TO 'results/wiji_copy.bin' WITH (FORMAT binary)
CREATE TEMP TABLE c2 (id wiji);
\copy c2 FROM 'results/wiji_copy.txt'
\copy c2 FROM 'results/wiji_copy.bin' WITH (FORMAT binary)
SELECT id, count(*) FROM c2 GROUP BY id ORDER BY id;

-- A range scan by time: id >= wiji_from_parts(t) holds exactly for ids at or after t
SELECT w, w >= wiji_from_parts('2048-09-11 21:17:53.300643+00') AS at_or_after
FROM (VALUES ('08TAT5NMARMF15R4TVZ74YKHGP'::wiji),
             (wiji_from_parts('2048-09-11 21:17:53.300642+00', 65535, 4503599627370495)),
             (wiji_from_parts('2048-09-11 21:17:53.300643+00'))) v(w)
ORDER BY w;

-- Casts are explicit only
SELECT castsource::regtype, casttarget::regtype, castcontext
FROM pg_cast WHERE 'wiji'::regtype IN (castsource, casttarget) ORDER BY 1::text, 2::text;
