--
-- siq: every kind of bad input is refused with the right SQLSTATE and a detail
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- The outcome of an expression, as try() gives it, with the hint of its
-- error as well
CREATE FUNCTION pg_temp.try_hint(expr text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
    state text;
    msg text;
    detail text;
    hint text;
BEGIN
    EXECUTE 'SELECT (' || expr || ')::text' INTO result;
    RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
    RETURN state || ': ' || msg || coalesce(' / ' || nullif(detail, ''), '')
           || coalesce(' / hint: ' || nullif(hint, ''), '');
END
$$;

-- Text: 22P02, around the valid did:siq:lph4u4qagkrnvga2xxzszu6frhhan
SELECT input, siq_is_valid(input) AS valid, try_input('siq', input) AS result
FROM (VALUES
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhhan'),     -- valid
    ('did:sig:lph4u4qagkrnvga2xxzszu6frhhan'),     -- another method
    ('siq:lph4u4qagkrnvga2xxzszu6frhhan'),         -- no "did:"
    ('urn:siq:lph4u4qagkrnvga2xxzszu6frhhan'),     -- another scheme
    ('did-siq:lph4u4qagkrnvga2xxzszu6frhhan'),     -- hyphen for colon
    ('lph4u4qagkrnvga2xxzszu6frhhan'),             -- the body alone
    ('did:siq'),                                   -- the prefix, short of its colon
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhha'),      -- 28 characters
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhhana'),    -- 30 characters
    ('did:siq:'),                                  -- 0 characters
    ('did:siq:did:siq:lph4u4qagkrnvga2xxzszu6frhhan'), -- the prefix twice
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhham'),     -- last character changed
    ('did:siq:kph4u4qagkrnvga2xxzszu6frhhan'),     -- first character changed (checksum)
    ('did:siq:lph4u4qagkrnvgb2xxzszu6frhhan'),     -- a character of the value changed
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhhna'),     -- last two characters swapped
    ('did:siq:pph4u4qagkrnvga2xxzszu6frhhan'),     -- p: the largest first character
    ('did:siq:0ph4u4qagkrnvga2xxzszu6frhhan'),     -- 0 is outside the alphabet
    ('did:siq:lph4u4qag1rnvga2xxzszu6frhhan'),     -- 1
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhha8'),     -- 8
    ('did:siq:lph49...'),                          -- 9, and too short
    ('did:siq:lph4u4qagkrnvga2xx9szu6frhhan'),     -- 9
    ('did:siq:lph4u4qagkrnvga!xxzszu6frhhan'),     -- punctuation
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhha='),     -- base32 padding
    ('did:siq:éph4u4qagkrnvga2xxzszu6frhhan'),     -- non-ASCII first
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhhaé'),     -- non-ASCII last
    ('dïd:siq:lph4u4qagkrnvga2xxzszu6frhhan'),     -- non-ASCII in the prefix
    (E'did:siq:lph4u4qagkrnv\x01a2xxzszu6frhhan'), -- control character
    (E'did:siq:lph4u4qagkrnv\x7fa2xxzszu6frhhan'), -- DEL
    ('did:siq:qph4u4qagkrnvga2xxzszu6frhhan'),     -- q: overflows the checksum field
    ('did:siq:zph4u4qagkrnvga2xxzszu6frhhan'),     -- z
    ('did:siq:2ph4u4qagkrnvga2xxzszu6frhhan'),     -- 2
    ('did:siq:7ph4u4qagkrnvga2xxzszu6frhhan'),     -- 7
    ('DID:SIQ:QPH4U4QAGKRNVGA2XXZSZU6FRHHAN'),     -- Q
    ('5192296858534827628530496329220095'),        -- 2^112 - 1: valid
    ('5192296858534827628530496329220096'),        -- 2^112
    ('0005192296858534827628530496329220096'),     -- 2^112, leading zeros
    ('340282366920938463463374607431768211455'),   -- 2^128 - 1
    ('340282366920938463463374607431768211456'),   -- 2^128
    ('18446744073709551616000000000000000000000000'), -- 2^64 * 10^24
    (repeat('9', 60)),                             -- many digits
    ('-1'),                                        -- negative
    ('-0'),
    ('+5'),                                        -- signed
    ('+0'),
    ('12a3'),                                      -- not digits
    ('1.5'),
    ('1e5'),
    ('0x10'),
    ('1_000'),
    ('٣'),                                         -- a non-ASCII digit
    (' did:siq:lph4u4qagkrnvga2xxzszu6frhhan'),    -- leading space
    ('did:siq:lph4u4qagkrnvga2xxzszu6frhhan '),    -- trailing space
    (E'did:siq:lph4u4qagkrnvga2xxzszu6frhhan\n'),  -- trailing newline
    (E'\tdid:siq:lph4u4qagkrnvga2xxzszu6frhhan'),  -- leading tab
    ('did:siq:lph4u4qagkrnv a2xxzszu6frhhan'),     -- inner space
    ('did:siq: lph4u4qagkrnvga2xxzszu6frhhan'),    -- space after the prefix
    (' 5'),
    ('5 '),
    ('1 2'),
    ('006545b530357be659a78b139c0d'),              -- hex of the bytes
    ('006545b5-3035-87be-9966-9e2c4e703400'),      -- its uuid
    ('')) v(input);

-- siq_is_valid never raises, whatever it is given
SELECT siq_is_valid(repeat('a', 10000)) AS a_10000,
       siq_is_valid(repeat('9', 10000)) AS nines_10000,
       siq_is_valid(repeat('0', 10000)) AS zeros_10000,
       siq_is_valid('did:siq:' || repeat('a', 10000)) AS did_10000,
       siq_is_valid(repeat('é', 5000)) AS non_ascii_5000,
       siq_is_valid(E'\x01') AS control, siq_is_valid('d') AS d, siq_is_valid('') AS empty,
       siq_is_valid(NULL) AS null;

-- Binary: a siq of the wrong length, by COPY BINARY of a bytea column
CREATE TEMP TABLE b (x bytea);
INSERT INTO b VALUES ('\x006545b530357be659a78b139c'); -- 13 bytes
\copy b TO 'results/siq_short.bin' WITH (FORMAT binary)
CREATE TEMP TABLE s (id siq);
\set VERBOSITY sqlstate
\copy s FROM 'results/siq_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy s FROM 'results/siq_short.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x006545b530357be659a78b139c0d00'); -- 15 bytes
\copy b TO 'results/siq_long.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy s FROM 'results/siq_long.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy s FROM 'results/siq_long.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x0000006545b530357be659a78b139c0d'); -- 16 bytes, as stored
\copy b TO 'results/siq_stored.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy s FROM 'results/siq_stored.bin' WITH (FORMAT binary)
\set VERBOSITY default
TRUNCATE b;
INSERT INTO b VALUES ('\x006545b530357be659a78b139c0d'); -- 14 bytes: fine
\copy b TO 'results/siq_ok.bin' WITH (FORMAT binary)
\copy s FROM 'results/siq_ok.bin' WITH (FORMAT binary)
SELECT id, count(*) AS rows_loaded FROM s GROUP BY id;

-- bytea and uuid casts: 22P03 for anything that is not exactly a siq
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$'\x006545b530357be659a78b139c0d'::bytea::siq$$),
    ($$'\x006545b530357be659a78b139c'::bytea::siq$$),      -- 13 bytes
    ($$'\x006545b530357be659a78b139c0d00'::bytea::siq$$),  -- 15 bytes
    ($$'\x0000006545b530357be659a78b139c0d'::bytea::siq$$), -- 16 bytes, as stored
    ($$''::bytea::siq$$),
    ($$'006545b5-3035-87be-9966-9e2c4e703400'::uuid::siq$$),
    ($$'006545b5-3035-07be-9966-9e2c4e703400'::uuid::siq$$),  -- version 0
    ($$'006545b5-3035-47be-9966-9e2c4e703400'::uuid::siq$$),  -- version 4
    ($$'006545b5-3035-77be-9966-9e2c4e703400'::uuid::siq$$),  -- version 7
    ($$'006545b5-3035-f7be-9966-9e2c4e703400'::uuid::siq$$),  -- version 15
    ($$'006545b5-3035-87be-1966-9e2c4e703400'::uuid::siq$$),  -- variant 0
    ($$'006545b5-3035-87be-d966-9e2c4e703400'::uuid::siq$$),  -- variant 110
    ($$'006545b5-3035-87be-f966-9e2c4e703400'::uuid::siq$$),  -- variant 111
    ($$'006545b5-3035-87be-9966-9e2c4e703401'::uuid::siq$$),  -- the last bit
    ($$'006545b5-3035-87be-9966-9e2c4e703500'::uuid::siq$$),  -- the 10th bit from the end
    ($$'006545b5-3035-87be-9966-9e2c4e7037ff'::uuid::siq$$),  -- all 10 low bits
    ($$'006545b5-3035-87be-9966-9e2c4e703800'::uuid::siq$$),  -- the 11th: a value bit
    ($$'9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'::uuid::siq$$),  -- a random UUIDv4
    ($$'00000000-0000-0000-0000-000000000000'::uuid::siq$$),  -- nil UUID
    ($$'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::siq$$),  -- max UUID
    ($$'ffffffff-ffff-8fff-bfff-fffffffffc00'::uuid::siq$$)) v(expr);

-- numeric: anything but an integer from 0 to 2^112 - 1 is 22003
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$'-1'::numeric::siq$$),
    ($$'-0.5'::numeric::siq$$),
    ($$'12.5'::numeric::siq$$),
    ($$'1.0000000001'::numeric::siq$$),
    ($$'0.00001'::numeric::siq$$),
    ($$'NaN'::numeric::siq$$),
    ($$'Infinity'::numeric::siq$$),
    ($$'-Infinity'::numeric::siq$$),
    ($$'5192296858534827628530496329220096'::numeric::siq$$),  -- 2^112
    ($$'1e40'::numeric::siq$$),
    ($$'5192296858534827628530496329220095'::numeric::siq$$),  -- 2^112 - 1
    ($$'5.000'::numeric::siq$$),
    ($$'0'::numeric::siq$$),
    ($$'0.000'::numeric::siq$$),
    ($$'-0'::numeric::siq$$),
    ($$'1e3'::numeric::siq$$)) v(expr);


-- siq_from_parts: fields 22003, timestamps 22008
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'user', 2048)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'user', 2047)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'user', -1)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'content', 8192)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'content', 8191)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'content', -1)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'thread', 4096)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'message', 4095)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'premium', 2048)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', shard => 256)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', shard => -1)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', shard => 255)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', domain_hash => -1)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', domain_hash => 4294967296)$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', domain_hash => 4294967295)$$),
    -- rounded up to 1/65536 s (15.26 us), then checked: 15 us before 1970
    -- is 1970's, 16 us is outside
    ($$siq_from_parts('1969-12-31 23:59:59.999999+00')$$),
    ($$siq_from_parts('1969-12-31 23:59:59.99999+00')$$),
    ($$siq_from_parts('1969-12-31 23:59:59.999985+00')$$),
    ($$siq_from_parts('1969-12-31 23:59:59.999984+00')$$),
    ($$siq_from_parts('1970-01-01 00:00:00+00')$$),
    ($$siq_from_parts('1970-01-01 00:00:00.000001+00')$$),
    ($$siq_from_parts('36812-02-20 00:36:15.999984+00', 'content', 8191, 255, 4294967295)$$),
    ($$siq_from_parts('36812-02-20 00:36:15.999985+00')$$),
    ($$siq_from_parts('36812-02-20 00:36:16+00')$$),
    ($$siq_from_parts('infinity')$$),
    ($$siq_from_parts('-infinity')$$),
    -- the last and first finite timestamps: no overflow on the way to units
    ($$siq_from_parts('294276-12-31 23:59:59.999999+00')$$),
    ($$siq_from_parts('4714-11-24 00:00:00+00 BC')$$)) v(expr);

-- siq_from_parts and gen_siq: an unknown kind is 22023, with a hint listing the kinds
SELECT expr, pg_temp.try_hint(expr) AS result
FROM (VALUES
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'User')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'USER')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'foo')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', '')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'user ')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'manyToMany')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', 'product')$$),
    ($$siq_from_parts('2026-01-01 00:00:00+00', '32')$$),
    ($$gen_siq('User')$$)) v(expr);
-- a NULL kind gives NULL (STRICT)
SELECT siq_from_parts('2026-01-01 00:00:00+00', NULL) AS null_kind;

-- siq_domain_hash: domains are ASCII (22023); local_id is 0 to 256 (22003)
SELECT expr, pg_temp.try_hint(expr) AS result
FROM (VALUES
    ($$siq_domain_hash('exämple.com')$$),
    ($$siq_domain_hash('例え.jp')$$),
    ($$siq_domain_hash('xn--exmple-cua.com')$$),
    ($$siq_domain_hash('example.com', 257)$$),
    ($$siq_domain_hash('example.com', -1)$$),
    ($$siq_domain_hash('example.com', 256)$$)) v(expr);
