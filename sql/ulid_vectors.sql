--
-- ulid against test/data/ulid.tsv and the ulid rows of test/data/inputs.tsv
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE vec (
    timestamp_ms bigint, random_hex text, bytes_hex text, text text, uuid uuid,
    hex_upper text, timestamptz_utc text);
\copy vec FROM 'test/data/ulid.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER)
SELECT count(*) AS vectors,
       min(timestamp_ms) AS first_ms, max(timestamp_ms) AS last_ms,
       count(*) FILTER (WHERE random_hex = repeat('0', 20)) AS zero_random,
       count(*) FILTER (WHERE random_hex = repeat('f', 20)) AS full_random,
       count(*) FILTER (WHERE left(text, 1) = '7') AS first_char_7
FROM vec;

-- The file agrees with itself: the bytes are the 48-bit timestamp and the
-- random part, the uuid and the hex are the same bytes; any row listed is wrong
SELECT text, timestamp_ms, random_hex, bytes_hex, uuid, hex_upper
FROM vec
WHERE bytes_hex <> lpad(to_hex(timestamp_ms), 12, '0') || random_hex
   OR length(random_hex) <> 20
   OR replace(uuid::text, '-', '') <> bytes_hex
   OR hex_upper <> upper(bytes_hex)
   OR length(text) <> 26;

-- Every input form -> each field, bytes, uuid, hex, timestamp: the text,
-- the lower-case text, 32 hex digits in upper and lower case (the SQLite
-- form), and the UUID form in lower and upper case; any row listed is wrong
SELECT v.text, s::text AS out, ulid_extract_timestamp(s)::text AS ts,
       ulid_extract_random(s) AS random, s::bytea, s::uuid, ulid_to_hex(s) AS hex
FROM vec v,
     LATERAL (SELECT v.text::ulid AS s,
                     lower(v.text)::ulid AS sl,
                     v.hex_upper::ulid AS hu,
                     lower(v.hex_upper)::ulid AS hl,
                     v.uuid::text::ulid AS ul,
                     upper(v.uuid::text)::ulid AS uu) x
WHERE s::text IS DISTINCT FROM v.text
   OR sl::text IS DISTINCT FROM v.text
   OR hu::text IS DISTINCT FROM v.text
   OR hl::text IS DISTINCT FROM v.text
   OR ul::text IS DISTINCT FROM v.text
   OR uu::text IS DISTINCT FROM v.text
   OR sl <> s OR hu <> s OR hl <> s OR ul <> s OR uu <> s
   OR ulid_extract_timestamp(s) IS DISTINCT FROM unix_us(v.timestamp_ms * 1000)
   OR ulid_extract_timestamp(s)::text IS DISTINCT FROM v.timestamptz_utc
   OR s::timestamptz IS DISTINCT FROM unix_us(v.timestamp_ms * 1000)
   OR ulid_extract_random(s) IS DISTINCT FROM decode(v.random_hex, 'hex')
   OR length(ulid_extract_random(s)) <> 10
   OR s::bytea IS DISTINCT FROM decode(v.bytes_hex, 'hex')
   OR ulid_send(s) IS DISTINCT FROM decode(v.bytes_hex, 'hex')
   OR s::uuid IS DISTINCT FROM v.uuid
   OR s::uuid::text IS DISTINCT FROM v.uuid::text
   OR ulid_to_hex(s) IS DISTINCT FROM v.hex_upper
   OR NOT ulid_is_valid(v.text)
   OR NOT ulid_is_valid(lower(v.text))
   OR NOT ulid_is_valid(v.hex_upper)
   OR NOT ulid_is_valid(lower(v.hex_upper))
   OR NOT ulid_is_valid(v.uuid::text)
   OR NOT ulid_is_valid(upper(v.uuid::text));

-- fields, bytes, uuid and hex -> text; any row listed is wrong
SELECT v.text, f::text AS from_parts, b::text AS from_bytea, u::text AS from_uuid,
       h::text AS from_hex
FROM vec v,
     LATERAL (SELECT ulid_from_parts(unix_us(v.timestamp_ms * 1000), decode(v.random_hex, 'hex')) AS f,
                     decode(v.bytes_hex, 'hex')::ulid AS b,
                     v.uuid::ulid AS u,
                     ulid_to_hex(v.text::ulid)::ulid AS h) x
WHERE f::text IS DISTINCT FROM v.text
   OR ulid_from_parts(v.timestamptz_utc::timestamptz, decode(v.random_hex, 'hex'))::text
      IS DISTINCT FROM v.text
   OR ulid_from_parts(random => decode(v.random_hex, 'hex'),
                      ts => unix_us(v.timestamp_ms * 1000)) IS DISTINCT FROM f
   OR b::text IS DISTINCT FROM v.text
   OR u::text IS DISTINCT FROM v.text
   OR h::text IS DISTINCT FROM v.text
   OR lower(ulid_to_hex(v.text::ulid))::ulid::text IS DISTINCT FROM v.text
   OR v.uuid::text::uuid::ulid::text IS DISTINCT FROM v.text
   OR ulid_to_hex(f) IS DISTINCT FROM v.hex_upper
   OR ulid_to_hex(b) IS DISTINCT FROM v.hex_upper;
SELECT count(*) AS checked_both_ways FROM vec;

-- ulid_from_parts rounds up to the ms: the start of a row's ms and the
-- 999 µs before it give the row's ms, 1 µs after the start gives the next
-- ms; any row listed is wrong
SELECT v.text
FROM vec v
WHERE ulid_from_parts(unix_us(v.timestamp_ms * 1000), decode(v.random_hex, 'hex'))
      <> v.text::ulid
   OR (v.timestamp_ms > 0
       AND (ulid_from_parts(unix_us(v.timestamp_ms * 1000 - 1), decode(v.random_hex, 'hex'))
            <> v.text::ulid
         OR ulid_from_parts(unix_us(v.timestamp_ms * 1000 - 999), decode(v.random_hex, 'hex'))
            <> v.text::ulid
         OR ulid_from_parts(unix_us(v.timestamp_ms * 1000 - 1000), decode(v.random_hex, 'hex'))
            <> ulid_from_parts(unix_us((v.timestamp_ms - 1) * 1000), decode(v.random_hex, 'hex'))
         OR ulid_extract_timestamp(ulid_from_parts(unix_us(v.timestamp_ms * 1000 - 1000)))
            <> unix_us((v.timestamp_ms - 1) * 1000)))
   OR (v.timestamp_ms < 281474976710655
       AND (ulid_extract_timestamp(ulid_from_parts(unix_us(v.timestamp_ms * 1000 + 1)))
            <> unix_us((v.timestamp_ms + 1) * 1000)
         OR ulid_extract_timestamp(ulid_from_parts(unix_us(v.timestamp_ms * 1000 + 999)))
            <> unix_us((v.timestamp_ms + 1) * 1000)
         OR ulid_from_parts(unix_us(v.timestamp_ms * 1000 + 1), decode(v.random_hex, 'hex'))
            <= v.text::ulid));
SELECT count(*) FILTER (WHERE timestamp_ms > 0) AS rounded_from_below,
       count(*) FILTER (WHERE timestamp_ms < 281474976710655) AS rounded_to_next_ms
FROM vec;
-- in full, around the first row with a random part (2022-07-09 21:51:50.305)
SELECT ts, ulid_from_parts(ts) AS smallest, ulid_extract_timestamp(ulid_from_parts(ts)) AS ms
FROM (VALUES ('2022-07-09 21:51:50.303999+00'::timestamptz),
             ('2022-07-09 21:51:50.304+00'),
             ('2022-07-09 21:51:50.304001+00'),
             ('2022-07-09 21:51:50.304999+00'),
             ('2022-07-09 21:51:50.305+00'),
             ('2022-07-09 21:51:50.305001+00'),
             ('2022-07-09 21:51:50.3055+00'),
             ('2022-07-09 21:51:50.305999+00'),
             ('2022-07-09 21:51:50.306+00')) v(ts);

-- bytes -> ulid through ulid_recv: every row's 16 bytes by COPY BINARY of a
-- bytea column, read back as ulid in the same order
CREATE TEMP TABLE vb (n integer, b bytea);
INSERT INTO vb SELECT row_number() OVER (ORDER BY text), decode(bytes_hex, 'hex') FROM vec;
\copy vb TO 'results/ulid_vectors.bin' WITH (FORMAT binary)
CREATE TEMP TABLE vr (n integer, u ulid);
\copy vr FROM 'results/ulid_vectors.bin' WITH (FORMAT binary)
SELECT count(*) AS received,
       count(*) FILTER (WHERE vr.u::bytea = vb.b AND vr.u::text = v.text
                          AND ulid_extract_timestamp(vr.u) = unix_us(v.timestamp_ms * 1000)
                          AND ulid_extract_random(vr.u) = decode(v.random_hex, 'hex'))
       AS received_as_listed
FROM vr JOIN vb USING (n) JOIN vec v ON decode(v.bytes_hex, 'hex') = vb.b;

-- The extremes and the first row with a random part, in full
SELECT text, ulid_extract_timestamp(text::ulid), ulid_extract_random(text::ulid) AS random,
       text::ulid::uuid, ulid_to_hex(text::ulid) AS hex
FROM vec WHERE timestamp_ms IN (0, 281474976710655, 1657403510305) ORDER BY timestamp_ms;

-- inputs.tsv: every accepted form gives its canonical text
SELECT input, output, try_input('ulid', input) AS got
FROM inputs
WHERE type = 'ulid' AND output <> 'ERROR'
  AND (try_input('ulid', input) <> output OR NOT ulid_is_valid(input)
       OR input::ulid::text <> output);
SELECT count(*) AS accepted_forms_checked,
       count(*) FILTER (WHERE length(input) = 26) AS base32_forms,
       count(*) FILTER (WHERE length(input) = 32) AS hex_forms,
       count(*) FILTER (WHERE length(input) = 36) AS uuid_forms,
       count(*) FILTER (WHERE input <> upper(input)) AS lower_case_forms
FROM inputs WHERE type = 'ulid' AND output <> 'ERROR';

-- inputs.tsv: every rejected form fails with 22P02, and ulid_is_valid() says false
SELECT input, ulid_is_valid(input), try_input('ulid', input)
FROM inputs WHERE type = 'ulid' AND output = 'ERROR' ORDER BY input;

-- Sorting ulid values sorts their bytes; their uuid casts, their hex and
-- their canonical text (Crockford's alphabet is in ASCII order) keep the order
SELECT array_agg(text ORDER BY text::ulid) = array_agg(text ORDER BY decode(bytes_hex, 'hex'))
       AS sorted_as_bytes,
       array_agg(text ORDER BY text::ulid DESC) = array_agg(text ORDER BY decode(bytes_hex, 'hex') DESC)
       AS sorted_desc_as_bytes,
       array_agg(text ORDER BY text::ulid) = array_agg(text ORDER BY uuid) AS sorted_as_uuid,
       array_agg(text ORDER BY text::ulid) = array_agg(text ORDER BY hex_upper COLLATE "C")
       AS sorted_as_hex,
       array_agg(text ORDER BY text::ulid) = array_agg(text ORDER BY text COLLATE "C")
       AS sorted_as_text,
       array_agg(text ORDER BY text::ulid) = array_agg(text ORDER BY timestamp_ms) AS sorted_by_time
FROM vec;

-- and so it does for many values with random fields: random timestamps over
-- the whole 48-bit range, and timestamps from a few so that the random part
-- decides, and of those, random parts with their first 5 bytes alike so that
-- the bytes after the first 8 decide
SELECT setseed(0.75);
CREATE TEMP TABLE r AS
SELECT n, floor(random() * 16777216)::bigint << 24 | floor(random() * 16777216)::bigint AS ms,
       decode(lpad(to_hex(floor(random() * 4294967296)::bigint), 8, '0')
              || lpad(to_hex(floor(random() * 4294967296)::bigint), 8, '0')
              || lpad(to_hex(floor(random() * 65536)::integer), 4, '0'), 'hex') AS random
FROM generate_series(1, 30000) n;
UPDATE r SET ms = 1657403510305 + n / 2 % 4 WHERE n % 2 = 0;
UPDATE r SET random = overlay(random PLACING '\xbaebe65a81'::bytea FROM 1) WHERE n % 6 = 0;
CREATE TEMP TABLE g AS
SELECT n, ms, random, ulid_from_parts(unix_us(ms * 1000), random) AS id FROM r;
SELECT count(*) AS generated,
       count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE n % 2 = 0) AS tied_rows,
       count(DISTINCT ms) FILTER (WHERE n % 2 = 0) AS tied_timestamps,
       count(DISTINCT substr(id::bytea, 1, 8)) < count(DISTINCT id) AS leading_bytes_tie,
       count(*) FILTER (WHERE length(random) <> 10) AS wrong_lengths,
       count(*) FILTER (WHERE ulid_extract_timestamp(id) <> unix_us(ms * 1000)
                           OR ulid_extract_random(id) <> random) AS wrong_fields,
       count(*) FILTER (WHERE id::text::ulid <> id OR id::uuid::ulid <> id
                           OR id::bytea::ulid <> id OR ulid_to_hex(id)::ulid <> id
                           OR lower(ulid_to_hex(id))::ulid <> id) AS not_round_trip
FROM g;
SELECT array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::bytea, n) AS sorted_as_bytes,
       array_agg(n ORDER BY id DESC, n) = array_agg(n ORDER BY id::bytea DESC, n) AS sorted_desc_as_bytes,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::uuid, n) AS sorted_as_uuid,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::text COLLATE "C", n) AS sorted_as_text,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY ulid_to_hex(id) COLLATE "C", n)
       AS sorted_as_hex,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY ms, random, n) AS sorted_as_fields
FROM g;
-- and an index returns them in the same order
CREATE INDEX g_id ON g (id);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT (SELECT array_agg(n) FROM (SELECT n FROM g ORDER BY id, n) x)
       = (SELECT array_agg(n ORDER BY id::bytea, n) FROM g) AS index_order_is_bytes,
       (SELECT array_agg(n) FROM (SELECT n FROM g ORDER BY id DESC, n) x)
       = (SELECT array_agg(n ORDER BY id::bytea DESC, n) FROM g) AS index_desc_order_is_bytes;
RESET enable_seqscan;
RESET enable_bitmapscan;
