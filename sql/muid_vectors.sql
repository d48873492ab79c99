--
-- muid against test/data/muid.tsv and the muid rows of test/data/inputs.tsv
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE vec (
    timestamp_us bigint, medallion bigint, "offset" integer, bytes_hex text,
    text text, uuid uuid, timestamptz_utc text);
\copy vec FROM 'test/data/muid.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER)
SELECT count(*) AS vectors,
       count(*) FILTER (WHERE "offset" < 0) AS negative_offsets,
       count(*) FILTER (WHERE "offset" = 0) AS zero_offsets,
       count(*) FILTER (WHERE medallion = 0) AS zero_medallions,
       min(timestamp_us) AS first_us, max(timestamp_us) AS last_us,
       max(medallion) AS max_medallion, min("offset") AS min_offset, max("offset") AS max_offset
FROM vec;

-- text and lower-case text -> each field, bytes, uuid, timestamp; the
-- bundle, and the short forms of the bundle and of the timestamp alone;
-- any row listed is wrong
SELECT v.text, s::text AS out, muid_extract_timestamp(s)::text AS ts,
       muid_extract_medallion(s) AS medallion, muid_extract_offset(s) AS "offset",
       s::bytea, s::uuid, muid_bundle(s) AS bundle
FROM vec v,
     LATERAL (SELECT v.text::muid AS s,
                     lower(v.text)::muid AS sl,
                     left(v.text, 25)::muid AS tm,
                     lower(left(v.text, 25))::muid AS tml,
                     left(v.text, 13)::muid AS t,
                     lower(left(v.text, 13))::muid AS tl) x
WHERE s::text IS DISTINCT FROM v.text
   OR sl::text IS DISTINCT FROM v.text
   OR sl <> s
   OR muid_extract_timestamp(s) IS DISTINCT FROM unix_us(v.timestamp_us)
   OR muid_extract_timestamp(s)::text IS DISTINCT FROM v.timestamptz_utc
   OR s::timestamptz IS DISTINCT FROM unix_us(v.timestamp_us)
   OR muid_extract_medallion(s) IS DISTINCT FROM v.medallion
   OR muid_extract_offset(s) IS DISTINCT FROM v."offset"
   OR s::bytea IS DISTINCT FROM decode(v.bytes_hex, 'hex')
   OR muid_send(s) IS DISTINCT FROM decode(v.bytes_hex, 'hex')
   OR s::uuid IS DISTINCT FROM v.uuid
   OR s::uuid::text IS DISTINCT FROM v.uuid::text
   OR NOT muid_is_valid(v.text)
   OR NOT muid_is_valid(lower(v.text))
   OR NOT muid_is_valid(left(v.text, 25))
   OR NOT muid_is_valid(lower(left(v.text, 25)))
   OR NOT muid_is_valid(left(v.text, 13))
   OR NOT muid_is_valid(lower(left(v.text, 13)))
   -- the bundle: the same timestamp and medallion, offset 0
   OR muid_bundle(s) IS DISTINCT FROM muid_from_parts(unix_us(v.timestamp_us), v.medallion)
   OR muid_bundle(s)::text IS DISTINCT FROM left(v.text, 26) || '00000000'
   OR muid_bundle(s) IS DISTINCT FROM tm
   OR muid_bundle(s) IS DISTINCT FROM tml
   OR muid_extract_offset(muid_bundle(s)) <> 0
   OR muid_extract_medallion(muid_bundle(s)) <> v.medallion
   OR muid_extract_timestamp(muid_bundle(s)) <> unix_us(v.timestamp_us)
   -- the timestamp alone: medallion and offset 0
   OR t IS DISTINCT FROM muid_from_parts(unix_us(v.timestamp_us))
   OR t::text IS DISTINCT FROM left(v.text, 13) || '-00000000000-00000000'
   OR tl IS DISTINCT FROM t;

-- The short forms of the rows themselves: T-M where the offset is 0, T
-- where the medallion and the offset are 0; any row listed is wrong
SELECT v.text, left(v.text, 25)::muid AS tm
FROM vec v
WHERE v."offset" = 0
  AND (left(v.text, 25)::muid <> v.text::muid OR lower(left(v.text, 25))::muid <> v.text::muid);
SELECT v.text, left(v.text, 13)::muid AS t
FROM vec v
WHERE v."offset" = 0 AND v.medallion = 0
  AND (left(v.text, 13)::muid <> v.text::muid OR lower(left(v.text, 13))::muid <> v.text::muid);
SELECT count(*) FILTER (WHERE "offset" = 0) AS tm_rows,
       count(*) FILTER (WHERE "offset" = 0 AND medallion = 0) AS t_rows,
       count(*) FILTER (WHERE "offset" = 0 AND left(text, 25)::muid = text::muid) AS tm_read,
       count(*) FILTER (WHERE "offset" = 0 AND medallion = 0
                          AND left(text, 13)::muid = text::muid) AS t_read
FROM vec;

-- fields, bytes and uuid -> text
SELECT v.text, f::text AS from_parts, b::text AS from_bytea, u::text AS from_uuid
FROM vec v,
     LATERAL (SELECT muid_from_parts(unix_us(v.timestamp_us), v.medallion, v."offset") AS f,
                     decode(v.bytes_hex, 'hex')::muid AS b,
                     v.uuid::muid AS u) x
WHERE f::text IS DISTINCT FROM v.text
   OR muid_from_parts(v.timestamptz_utc::timestamptz, v.medallion, v."offset")::text
      IS DISTINCT FROM v.text
   OR muid_from_parts(ts => unix_us(v.timestamp_us), "offset" => v."offset",
                      medallion => v.medallion) IS DISTINCT FROM f
   OR b::text IS DISTINCT FROM v.text
   OR u::text IS DISTINCT FROM v.text
   OR v.uuid::text::uuid::muid::text IS DISTINCT FROM v.text
   OR upper(replace(v.uuid::text, '-', '')) <> replace(v.text, '-', '')
   OR upper(v.bytes_hex) <> replace(v.text, '-', '');
SELECT count(*) AS checked_both_ways FROM vec;

-- bytes -> muid through muid_recv: every row's 16 bytes by COPY BINARY of a
-- bytea column, read back as muid in the same order
CREATE TEMP TABLE vb (n integer, b bytea);
INSERT INTO vb SELECT row_number() OVER (ORDER BY text), decode(bytes_hex, 'hex') FROM vec;
\copy vb TO 'results/muid_vectors.bin' WITH (FORMAT binary)
CREATE TEMP TABLE vr (n integer, m muid);
\copy vr FROM 'results/muid_vectors.bin' WITH (FORMAT binary)
SELECT count(*) AS received,
       count(*) FILTER (WHERE vr.m::bytea = vb.b AND vr.m::text = v.text
                          AND muid_extract_offset(vr.m) = v."offset") AS received_as_listed
FROM vr JOIN vb USING (n) JOIN vec v ON decode(v.bytes_hex, 'hex') = vb.b;

-- The extremes and the spec's example, in full
SELECT text, muid_extract_timestamp(text::muid), text::muid::bytea, text::muid::uuid,
       muid_extract_medallion(text::muid) AS medallion, muid_extract_offset(text::muid) AS "offset"
FROM vec WHERE timestamp_us IN (0, 4503599627370495, 1642579230975519) ORDER BY timestamp_us;

-- inputs.tsv: every accepted form gives its canonical text
SELECT input, output, try_input('muid', input) AS got
FROM inputs
WHERE type = 'muid' AND output <> 'ERROR'
  AND (try_input('muid', input) <> output OR NOT muid_is_valid(input)
       OR input::muid::text <> output);
SELECT count(*) AS accepted_forms_checked,
       count(*) FILTER (WHERE length(input) = 13) AS t_forms,
       count(*) FILTER (WHERE length(input) = 25) AS tm_forms,
       count(*) FILTER (WHERE input <> upper(input)) AS lower_case_forms
FROM inputs WHERE type = 'muid' AND output <> 'ERROR';

-- inputs.tsv: every rejected form fails with 22P02, and muid_is_valid() says false
SELECT input, muid_is_valid(input), try_input('muid', input)
FROM inputs WHERE type = 'muid' AND output = 'ERROR' ORDER BY input;

-- Sorting muid values sorts their bytes; their uuid casts and their
-- canonical text (fixed-width upper-case hex) keep the order
SELECT array_agg(text ORDER BY text::muid) = array_agg(text ORDER BY decode(bytes_hex, 'hex'))
       AS sorted_as_bytes,
       array_agg(text ORDER BY text::muid DESC) = array_agg(text ORDER BY decode(bytes_hex, 'hex') DESC)
       AS sorted_desc_as_bytes,
       array_agg(text ORDER BY text::muid) = array_agg(text ORDER BY uuid) AS sorted_as_uuid,
       array_agg(text ORDER BY text::muid) = array_agg(text ORDER BY text COLLATE "C")
       AS sorted_as_text,
       array_agg(text ORDER BY text::muid) = array_agg(text ORDER BY timestamp_us) AS sorted_by_time
FROM vec;

-- The offset is compared as the unsigned bytes hold it: within a bundle,
-- offsets 0 to 2147483647 come first, then the negative ones, -2147483648
-- to -1; the next medallion and the next µs come after all of them
SELECT ts_step, medallion, "offset", id, id::bytea AS bytes,
       rank() OVER (ORDER BY id) AS by_id,
       rank() OVER (ORDER BY ts_step, medallion, "offset") AS by_signed_fields
FROM (VALUES (0, 1923190821165, 0), (0, 1923190821165, 1), (0, 1923190821165, 11),
             (0, 1923190821165, 2147483647), (0, 1923190821165, -2147483648),
             (0, 1923190821165, -2), (0, 1923190821165, -1),
             (0, 1923190821166, 0), (0, 1923190821166, -1),
             (1, 0, -1), (1, 0, 0)) v(ts_step, medallion, "offset"),
     LATERAL (SELECT muid_from_parts('2022-01-19 08:00:30.975519+00'::timestamptz
                                     + ts_step * interval '1 us', medallion, "offset") AS id) x
ORDER BY id;

-- and so it does for many values with random fields: random timestamps over
-- the whole range, and timestamps from a few so that the medallion decides,
-- and of those, medallions from a few so that the offset decides
SELECT setseed(0.5);
CREATE TEMP TABLE r AS
SELECT n, floor(random() * 67108864)::bigint << 26 | floor(random() * 67108864)::bigint AS us,
       floor(random() * 4194304)::bigint << 22 | floor(random() * 4194304)::bigint AS medallion,
       (floor(random() * 4294967296)::bigint - 2147483648)::integer AS "offset"
FROM generate_series(1, 30000) n;
UPDATE r SET us = 1642579230975519 + n / 2 % 4 WHERE n % 2 = 0;
UPDATE r SET medallion = 1923190821165 + n / 24 % 2 WHERE n % 6 = 0;
CREATE TEMP TABLE g AS
SELECT n, us, medallion, "offset", muid_from_parts(unix_us(us), medallion, "offset") AS id FROM r;
SELECT count(*) AS generated,
       count(DISTINCT id) > 29900 AS mostly_distinct,
       count(*) FILTER (WHERE n % 2 = 0) AS tied_rows,
       count(DISTINCT us) FILTER (WHERE n % 2 = 0) AS tied_timestamps,
       count(*) FILTER (WHERE n % 6 = 0) AS bundle_rows,
       count(DISTINCT (us, medallion)) FILTER (WHERE n % 6 = 0) AS bundles,
       count(*) FILTER (WHERE "offset" < 0) BETWEEN 14000 AND 16000 AS half_negative,
       count(*) FILTER (WHERE muid_extract_timestamp(id) <> unix_us(us)
                           OR muid_extract_medallion(id) <> medallion
                           OR muid_extract_offset(id) <> "offset") AS wrong_fields,
       count(*) FILTER (WHERE id::text::muid <> id OR id::uuid::muid <> id
                           OR id::bytea::muid <> id) AS not_round_trip
FROM g;
SELECT array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::bytea, n) AS sorted_as_bytes,
       array_agg(n ORDER BY id DESC, n) = array_agg(n ORDER BY id::bytea DESC, n) AS sorted_desc_as_bytes,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::uuid, n) AS sorted_as_uuid,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY id::text COLLATE "C", n) AS sorted_as_text,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY us, medallion, "offset"::bigint & 4294967295, n)
       AS sorted_as_fields_unsigned_offset,
       array_agg(n ORDER BY id, n) = array_agg(n ORDER BY us, medallion, "offset", n)
       AS sorted_as_fields_signed_offset
FROM g;
-- where the timestamp and the medallion tie, the negative offsets come
-- after all the others: in each bundle, one step from a non-negative offset
-- to a negative one, and none back
SELECT count(DISTINCT (us, medallion)) AS bundles,
       count(*) FILTER (WHERE prev >= 0 AND "offset" < 0) AS non_negative_then_negative,
       count(*) FILTER (WHERE prev < 0 AND "offset" >= 0) AS negative_then_non_negative,
       count(*) FILTER (WHERE prev >= 0 AND "offset" >= 0) > 1000 AS many_non_negative_pairs,
       count(*) FILTER (WHERE prev < 0 AND "offset" < 0) > 1000 AS many_negative_pairs
FROM (SELECT us, medallion, "offset",
             lag("offset") OVER (PARTITION BY us, medallion ORDER BY id) AS prev
      FROM g WHERE n % 6 = 0) x;
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
