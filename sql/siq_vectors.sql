--
-- siq against test/data/siq.tsv and the siq rows of test/data/inputs.tsv
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE vec (
    timestamp_65536ths bigint, shard integer, domain_hash bigint, kind text,
    serial integer, integer numeric, bytes_hex text, text text, uuid uuid,
    timestamptz_utc text);
\copy vec FROM 'test/data/siq.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER)
SELECT count(*) AS vectors, count(DISTINCT kind) AS kinds,
       min(timestamp_65536ths) AS first_tick, max(timestamp_65536ths) AS last_tick
FROM vec;

-- The timestamp of a tick, exactly: ticks * 10^6 / 65536 µs after 1970,
-- floored to the µs
CREATE FUNCTION pg_temp.siq_us(ticks bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT ticks / 65536 * 1000000 + ticks % 65536 * 1000000 / 65536 $$;
CREATE FUNCTION pg_temp.siq_ts(ticks bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT unix_us(pg_temp.siq_us(ticks)) $$;

-- text, upper-case text, upper-case body, upper-case prefix -> each field,
-- bytes, uuid, timestamp, integer; any row listed is wrong
SELECT v.text, s::text AS out, siq_extract_timestamp(s)::text AS ts,
       siq_extract_shard(s) AS shard, siq_extract_domain_hash(s) AS dh,
       siq_extract_kind(s) AS kind, siq_extract_serial(s) AS serial,
       s::bytea, s::uuid, s::numeric
FROM vec v,
     LATERAL (SELECT v.text::siq AS s,
                     upper(v.text)::siq AS su,
                     ('did:siq:' || upper(substr(v.text, 9)))::siq AS sb,
                     ('DID:SIQ:' || substr(v.text, 9))::siq AS sp) x
WHERE s::text IS DISTINCT FROM v.text
   OR su::text IS DISTINCT FROM v.text
   OR sb::text IS DISTINCT FROM v.text
   OR sp::text IS DISTINCT FROM v.text
   OR su <> s OR sb <> s OR sp <> s
   OR siq_extract_timestamp(s) IS DISTINCT FROM pg_temp.siq_ts(v.timestamp_65536ths)
   OR siq_extract_timestamp(s)::text IS DISTINCT FROM v.timestamptz_utc
   OR s::timestamptz IS DISTINCT FROM pg_temp.siq_ts(v.timestamp_65536ths)
   OR siq_extract_shard(s) IS DISTINCT FROM v.shard
   OR siq_extract_domain_hash(s) IS DISTINCT FROM v.domain_hash
   OR siq_extract_kind(s) IS DISTINCT FROM v.kind
   OR siq_extract_serial(s) IS DISTINCT FROM v.serial
   OR s::bytea IS DISTINCT FROM decode(v.bytes_hex, 'hex')
   OR siq_send(s) IS DISTINCT FROM decode(v.bytes_hex, 'hex')
   OR s::uuid IS DISTINCT FROM v.uuid
   OR s::numeric IS DISTINCT FROM v.integer
   OR s::numeric::text IS DISTINCT FROM v.integer::text
   OR NOT siq_is_valid(v.text)
   OR NOT siq_is_valid(upper(v.text))
   OR NOT siq_is_valid('did:siq:' || upper(substr(v.text, 9)))
   OR NOT siq_is_valid('DID:SIQ:' || substr(v.text, 9))
   OR NOT siq_is_valid(v.integer::text);

-- fields, bytes, uuid and integer -> text
SELECT v.text, f::text AS from_parts, b::text AS from_bytea, u::text AS from_uuid,
       i::text AS from_integer_text, n::text AS from_numeric
FROM vec v,
     LATERAL (SELECT siq_from_parts(pg_temp.siq_ts(v.timestamp_65536ths), v.kind, v.serial,
                                    v.shard, v.domain_hash) AS f,
                     decode(v.bytes_hex, 'hex')::siq AS b,
                     v.uuid::siq AS u,
                     v.integer::text::siq AS i,
                     v.integer::siq AS n) x
WHERE f::text IS DISTINCT FROM v.text
   OR siq_from_parts(v.timestamptz_utc::timestamptz, v.kind, v.serial, v.shard,
                     v.domain_hash)::text IS DISTINCT FROM v.text
   OR siq_from_parts(pg_temp.siq_ts(v.timestamp_65536ths), kind => v.kind, serial => v.serial,
                     shard => v.shard, domain_hash => v.domain_hash) IS DISTINCT FROM f
   OR b::text IS DISTINCT FROM v.text
   OR u::text IS DISTINCT FROM v.text
   OR v.uuid::text::uuid::siq::text IS DISTINCT FROM v.text
   OR i::text IS DISTINCT FROM v.text
   OR n::text IS DISTINCT FROM v.text
   OR v.integer::text::numeric::siq::text IS DISTINCT FROM v.text;

-- bytes -> siq through siq_recv: every row's 14 bytes by COPY BINARY of a
-- bytea column, read back as siq in the same order
CREATE TEMP TABLE vb (n integer, b bytea);
INSERT INTO vb SELECT row_number() OVER (ORDER BY text), decode(bytes_hex, 'hex') FROM vec;
\copy vb TO 'results/siq_vectors.bin' WITH (FORMAT binary)
CREATE TEMP TABLE vr (n integer, s siq);
\copy vr FROM 'results/siq_vectors.bin' WITH (FORMAT binary)
SELECT count(*) AS received,
       count(*) FILTER (WHERE vr.s::bytea = vb.b AND vr.s::text = v.text) AS received_as_listed
FROM vr JOIN vb USING (n) JOIN vec v ON decode(v.bytes_hex, 'hex') = vb.b;

-- siq_from_parts rounds up to 1/65536 s: the timestamp t gives the tick
-- ceil(t * 65536 / 10^6 µs), checked for every µs from 20 before to 20 after
-- each row's tick starts (the extremes are checked in siq_errors)
CREATE TEMP TABLE rounding AS
SELECT v.text, d, pg_temp.siq_us(v.timestamp_65536ths) + d AS us,
       div((pg_temp.siq_us(v.timestamp_65536ths) + d)::numeric * 65536 + 999999, 1000000)
           AS expected_tick
FROM vec v, generate_series(-20, 20) d
WHERE v.timestamp_65536ths BETWEEN 2 AND 72057594037927933;
SELECT text, d, us, expected_tick, div(s::numeric, 72057594037927936) AS got_tick
FROM rounding r,
     LATERAL (SELECT siq_from_parts(unix_us(r.us), 'content', 7, 9, 11) AS s) x
WHERE div(s::numeric, 72057594037927936) <> r.expected_tick
   OR siq_extract_timestamp(s) <> pg_temp.siq_ts(r.expected_tick::bigint)
   OR siq_extract_timestamp(s) < unix_us(r.us)
   OR siq_extract_kind(s) <> 'content' OR siq_extract_serial(s) <> 7
   OR siq_extract_shard(s) <> 9 OR siq_extract_domain_hash(s) <> 11;
-- in words: the tick's own timestamp, and 1 µs before it, give the tick;
-- 1 µs after it gives the next tick
SELECT v.text
FROM vec v
WHERE v.timestamp_65536ths BETWEEN 1 AND 72057594037927934
  AND (siq_extract_timestamp(siq_from_parts(pg_temp.siq_ts(v.timestamp_65536ths)))
       <> pg_temp.siq_ts(v.timestamp_65536ths)
    OR siq_extract_timestamp(siq_from_parts(pg_temp.siq_ts(v.timestamp_65536ths) - interval '1 us'))
       <> pg_temp.siq_ts(v.timestamp_65536ths)
    OR siq_extract_timestamp(siq_from_parts(pg_temp.siq_ts(v.timestamp_65536ths) + interval '1 us'))
       <> pg_temp.siq_ts(v.timestamp_65536ths + 1));
SELECT count(DISTINCT text) AS rounding_rows, count(*) AS rounding_checked,
       count(DISTINCT expected_tick) AS ticks_reached
FROM rounding;

-- The extremes, in full
SELECT text, siq_extract_timestamp(text::siq), text::siq::bytea, text::siq::uuid,
       text::siq::numeric, siq_extract_shard(text::siq) AS shard,
       siq_extract_domain_hash(text::siq) AS domain_hash, siq_extract_kind(text::siq) AS kind,
       siq_extract_serial(text::siq) AS serial
FROM vec WHERE timestamp_65536ths IN (0, 72057594037927935) ORDER BY timestamp_65536ths;

-- The reference's published values
SELECT '7451106619238957490390643507207'::siq AS siq,
       siq_extract_kind('7451106619238957490390643507207'::siq) AS kind,
       siq_extract_serial('7451106619238957490390643507207'::siq) AS serial,
       siq_domain_hash('example.com') AS example_com;

-- Sorting siq values sorts their bytes; their uuid casts and their integers
-- keep the order (their text does not: it starts with the checksum)
SELECT array_agg(text ORDER BY text::siq) = array_agg(text ORDER BY decode(bytes_hex, 'hex'))
       AS sorted_as_bytes,
       array_agg(text ORDER BY text::siq DESC) = array_agg(text ORDER BY decode(bytes_hex, 'hex') DESC)
       AS sorted_desc_as_bytes,
       array_agg(text ORDER BY text::siq) = array_agg(text ORDER BY uuid) AS sorted_as_uuid,
       array_agg(text ORDER BY text::siq) = array_agg(text ORDER BY integer) AS sorted_as_integer,
       array_agg(text ORDER BY text::siq) = array_agg(text ORDER BY text COLLATE "C")
       AS sorted_as_text
FROM vec;

-- and so it does for many values with random fields: random ticks over the
-- whole range, and ticks from a few so that the lower fields decide
SELECT setseed(0.25);
CREATE TEMP TABLE kinds (kind text, value integer, nbits integer);
INSERT INTO kinds VALUES
    ('content', 15, 3), ('multi', 11, 3), ('manytomany', 13, 3), ('ternary', 9, 3),
    ('thread', 22, 4), ('message', 30, 4), ('tag', 34, 5), ('channel', 42, 5),
    ('user', 32, 5), ('group', 36, 5), ('event', 40, 5), ('invite', 44, 5),
    ('application', 48, 5), ('collection', 52, 5), ('premium', 56, 5);
CREATE TEMP TABLE r AS
SELECT n, floor(random() * 268435456)::bigint << 28 | floor(random() * 268435456)::bigint AS tick,
       floor(random() * 15)::integer AS k, random() AS serial_r,
       floor(random() * 256)::integer AS shard, floor(random() * 4294967296)::bigint AS dh
FROM generate_series(1, 30000) n;
UPDATE r SET tick = 111350066984315 + n / 2 % 4 WHERE n % 2 = 0;
UPDATE r SET shard = 7, dh = 1504152339 WHERE n % 6 = 0;
CREATE TEMP TABLE g AS
SELECT r.n, siq_from_parts(pg_temp.siq_ts(r.tick), k.kind,
                           floor(r.serial_r * (1 << (16 - k.nbits)))::integer,
                           r.shard, r.dh) AS id, r.tick, k.kind
FROM r JOIN (SELECT row_number() OVER (ORDER BY value) - 1 AS i, * FROM kinds) k ON k.i = r.k;
SELECT count(*) AS generated,
       count(DISTINCT kind) AS kinds,
       count(DISTINCT id) > 29000 AS mostly_distinct,
       count(DISTINCT substr(id::bytea, 1, 8)) < count(DISTINCT id) AS leading_bytes_tie,
       count(*) FILTER (WHERE div(id::numeric, 72057594037927936) <> tick) AS wrong_tick
FROM g;
SELECT array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::bytea, n) AS sorted_as_bytes,
       array_agg(n ORDER BY id DESC, n) = array_agg(n ORDER BY id::bytea DESC, n) AS sorted_desc_as_bytes,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::uuid, n) AS sorted_as_uuid,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::numeric, n) AS sorted_as_integer
FROM g;

-- inputs.tsv: every accepted form gives its canonical text
SELECT input, output, try_input('siq', input) AS got
FROM inputs
WHERE type = 'siq' AND output <> 'ERROR'
  AND (try_input('siq', input) <> output OR NOT siq_is_valid(input));
SELECT count(*) AS accepted_forms_checked FROM inputs WHERE type = 'siq' AND output <> 'ERROR';

-- inputs.tsv: every rejected form fails with 22P02, and siq_is_valid() says false
SELECT input, siq_is_valid(input), try_input('siq', input)
FROM inputs WHERE type = 'siq' AND output = 'ERROR' ORDER BY input;
