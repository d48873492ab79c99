--
-- sno against test/data/sno.tsv and the sno rows of test/data/inputs.tsv
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE vec (
    time_units_4ms bigint, tick_tock integer, meta integer, partition integer,
    sequence integer, bytes_hex text, text text, uuid uuid, timestamptz_utc text);
\copy vec FROM 'test/data/sno.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER)
SELECT count(*) AS vectors, count(*) FILTER (WHERE tick_tock = 1) AS tocks FROM vec;

-- The timestamp of a row, exactly: 2010-01-01 plus its 4 ms units
CREATE FUNCTION pg_temp.sno_ts(units bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT unix_us(1262304000000000 + units * 4000) $$;

-- text and upper-case text -> each field, bytes, uuid, timestamp; any row listed is wrong
SELECT v.text, s::text AS out, sno_extract_timestamp(s)::text AS ts,
       sno_extract_tick_tock(s) AS tt, sno_extract_meta(s) AS meta,
       sno_extract_partition(s) AS part, sno_extract_sequence(s) AS seq, s::bytea, s::uuid
FROM vec v, LATERAL (SELECT v.text::sno AS s, upper(v.text)::sno AS su) x
WHERE s::text <> v.text
   OR su::text <> v.text
   OR su <> s
   OR sno_extract_timestamp(s) <> pg_temp.sno_ts(v.time_units_4ms)
   OR sno_extract_timestamp(s)::text <> v.timestamptz_utc
   OR s::timestamptz <> pg_temp.sno_ts(v.time_units_4ms)
   OR sno_extract_tick_tock(s) <> (v.tick_tock = 1)
   OR sno_extract_meta(s) <> v.meta
   OR sno_extract_partition(s) <> v.partition
   OR sno_extract_sequence(s) <> v.sequence
   OR s::bytea <> decode(v.bytes_hex, 'hex')
   OR sno_send(s) <> decode(v.bytes_hex, 'hex')
   OR s::uuid <> v.uuid
   OR NOT sno_is_valid(v.text)
   OR NOT sno_is_valid(upper(v.text));

-- fields, bytes and uuid -> text
SELECT v.text, f::text AS from_parts, b::text AS from_bytea, u::text AS from_uuid
FROM vec v,
     LATERAL (SELECT sno_from_parts(pg_temp.sno_ts(v.time_units_4ms), v.meta, v.partition,
                                    v.sequence, v.tick_tock = 1) AS f,
                     decode(v.bytes_hex, 'hex')::sno AS b,
                     v.uuid::sno AS u) x
WHERE f::text <> v.text
   OR sno_from_parts(v.timestamptz_utc::timestamptz, v.meta, v.partition, v.sequence,
                     v.tick_tock = 1)::text <> v.text
   OR b::text <> v.text
   OR u::text <> v.text
   OR v.uuid::text::uuid::sno::text <> v.text;

-- sno_from_parts rounds up: a timestamp just after a unit's start gives the
-- next unit, and one just before it gives that unit
SELECT v.text
FROM vec v
WHERE v.time_units_4ms BETWEEN 1 AND 549755813886
  AND (sno_extract_timestamp(sno_from_parts(pg_temp.sno_ts(v.time_units_4ms) + interval '1 us'))
       <> pg_temp.sno_ts(v.time_units_4ms + 1)
    OR sno_extract_timestamp(sno_from_parts(pg_temp.sno_ts(v.time_units_4ms) - interval '1 us'))
       <> pg_temp.sno_ts(v.time_units_4ms));
SELECT count(*) AS rounding_checked FROM vec WHERE time_units_4ms BETWEEN 1 AND 549755813886;

-- The extremes, in full
SELECT text, sno_extract_timestamp(text::sno), text::sno::bytea, text::sno::uuid,
       sno_extract_tick_tock(text::sno), sno_extract_meta(text::sno),
       sno_extract_partition(text::sno), sno_extract_sequence(text::sno)
FROM vec WHERE time_units_4ms IN (0, 549755813887) ORDER BY time_units_4ms;

-- Sorting sno values sorts their bytes, and their uuid casts keep the order
SELECT array_agg(text ORDER BY text::sno) = array_agg(text ORDER BY decode(bytes_hex, 'hex'))
       AS sorted_as_bytes,
       array_agg(text ORDER BY text::sno DESC) = array_agg(text ORDER BY decode(bytes_hex, 'hex') DESC)
       AS sorted_desc_as_bytes,
       array_agg(text ORDER BY text::sno) = array_agg(text ORDER BY uuid) AS sorted_as_uuid,
       array_agg(text ORDER BY text::sno) = array_agg(text ORDER BY text COLLATE "C")
       AS sorted_as_text
FROM vec;

-- inputs.tsv: every accepted form gives its canonical text
SELECT input, output, try_input('sno', input) AS got
FROM inputs
WHERE type = 'sno' AND output <> 'ERROR'
  AND (try_input('sno', input) <> output OR NOT sno_is_valid(input));
SELECT count(*) AS accepted_forms_checked FROM inputs WHERE type = 'sno' AND output <> 'ERROR';

-- inputs.tsv: every rejected form fails with 22P02, and sno_is_valid() says false
SELECT input, sno_is_valid(input), try_input('sno', input)
FROM inputs WHERE type = 'sno' AND output = 'ERROR' ORDER BY input;
