--
-- wiji against test/data/wiji.tsv and the wiji rows of test/data/inputs.tsv
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

CREATE TEMP TABLE vec (
    timestamp_us bigint, sequence integer, node bigint,
    bytes_hex text, text text, uuid uuid, timestamptz_utc text);
\copy vec FROM 'test/data/wiji.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER)
SELECT count(*) AS vectors FROM vec;

-- text -> each field, bytes, uuid, timestamp, hex; any row listed is wrong
SELECT v.text, w::text AS out, wiji_extract_timestamp(w)::text AS ts,
       wiji_extract_sequence(w) AS seq, wiji_extract_node(w) AS node,
       wiji_extract_version(w) AS ver, w::bytea, w::uuid, wiji_to_hex(w)
FROM vec v, LATERAL (SELECT v.text::wiji AS w) x
WHERE w::text <> v.text
   OR wiji_extract_timestamp(w) <> unix_us(v.timestamp_us)
   OR wiji_extract_timestamp(w)::text <> v.timestamptz_utc
   OR w::timestamptz <> unix_us(v.timestamp_us)
   OR wiji_extract_sequence(w) <> v.sequence
   OR wiji_extract_node(w) <> v.node
   OR wiji_extract_version(w) <> 1
   OR w::bytea <> decode(v.bytes_hex, 'hex')
   OR wiji_send(w) <> decode(v.bytes_hex, 'hex')
   OR w::uuid <> v.uuid
   OR wiji_to_hex(w) <> v.bytes_hex
   OR NOT wiji_is_valid(v.text);

-- fields, bytes, uuid and every other input form -> text
SELECT v.text, f::text AS from_parts, b::text AS from_bytea, u::text AS from_uuid
FROM vec v,
     LATERAL (SELECT wiji_from_parts(unix_us(v.timestamp_us), v.sequence, v.node) AS f,
                     decode(v.bytes_hex, 'hex')::wiji AS b,
                     v.uuid::wiji AS u) x
WHERE f::text <> v.text
   OR wiji_from_parts(v.timestamptz_utc::timestamptz, v.sequence, v.node)::text <> v.text
   OR b::text <> v.text
   OR u::text <> v.text
   OR v.bytes_hex::wiji::text <> v.text
   OR upper(v.bytes_hex)::wiji::text <> v.text
   OR v.uuid::text::wiji::text <> v.text
   OR lower(v.text)::wiji::text <> v.text;

-- The extremes, in full
SELECT text, wiji_extract_timestamp(text::wiji), wiji_to_hex(text::wiji), text::wiji::uuid
FROM vec WHERE timestamp_us IN (0, 18014398509481983) ORDER BY timestamp_us;

-- Sorting wiji values sorts their bytes
SELECT array_agg(text ORDER BY text::wiji) = array_agg(text ORDER BY decode(bytes_hex, 'hex'))
       AS sorted_as_bytes,
       array_agg(text ORDER BY text::wiji DESC) = array_agg(text ORDER BY decode(bytes_hex, 'hex') DESC)
       AS sorted_desc_as_bytes
FROM vec;

-- inputs.tsv: every accepted form gives its canonical text
SELECT input, output, try_input('wiji', input) AS got
FROM inputs
WHERE type = 'wiji' AND output <> 'ERROR'
  AND (try_input('wiji', input) <> output OR NOT wiji_is_valid(input));
SELECT count(*) AS accepted_forms_checked FROM inputs WHERE type = 'wiji' AND output <> 'ERROR';

-- inputs.tsv: every rejected form fails with 22P02, and wiji_is_valid() says false
SELECT input, wiji_is_valid(input), try_input('wiji', input)
FROM inputs WHERE type = 'wiji' AND output = 'ERROR' ORDER BY input;
