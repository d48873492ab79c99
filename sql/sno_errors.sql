--
-- sno: every kind of bad input is refused with the right SQLSTATE and a detail
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Text: 22P02
SELECT input, sno_is_valid(input) AS valid, try_input('sno', input) AS result
FROM (VALUES
    ('c8llqx2s8lhedif'),                -- 15 characters
    ('c8llqx2s8lhediff2'),              -- 17 characters
    ('c8llqx2s-8lhediff'),              -- 17 characters, with a hyphen
    ('c8llqx2s8lhedifz'),               -- z is outside the alphabet
    ('c8llqx2s8lhedify'),               -- y is outside the alphabet
    ('Y8llqx2s8lhediff'),               -- upper-case Y as well
    ('c8llqx2s8lhedif1'),               -- 1 is outside the alphabet
    ('08llqx2s8lhediff'),               -- 0 is outside the alphabet
    ('c8llqx2s8lhe+iff'),               -- punctuation
    ('c8llqx2s8lhedif '),               -- trailing space
    (' c8llqx2s8lhedif'),               -- leading space
    (E'c8llqx2s8lhediff\n'),            -- trailing newline
    ('c8llqx2s8lhediff '),              -- 17 with a trailing space
    ('c8llqx2s8lhedié'),                -- non-ASCII, 16 bytes
    ('c8llqx2s8lhediéf'),               -- non-ASCII, 17 bytes
    (E'c8llqx2s\t8lhedif'),             -- control character
    ('c8llqx2s 8lhedif'),               -- inner space
    ('80bb93836e3be6dd55b3'),           -- hex of the bytes
    ('80bb9383-6e3b-8e6d-b556-cc0000000000'), -- UUID form
    ('')) v(input);

-- Binary: a sno of the wrong length, by COPY BINARY of a bytea column
CREATE TEMP TABLE b (x bytea);
INSERT INTO b VALUES ('\x80bb93836e3be6dd55'); -- 9 bytes
\copy b TO 'results/sno_short.bin' WITH (FORMAT binary)
CREATE TEMP TABLE s (id sno);
\set VERBOSITY sqlstate
\copy s FROM 'results/sno_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy s FROM 'results/sno_short.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x80bb93836e3be6dd55b300'); -- 11 bytes
\copy b TO 'results/sno_long.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy s FROM 'results/sno_long.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy s FROM 'results/sno_long.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x80bb93836e3be6dd55b3'); -- 10 bytes: fine
\copy b TO 'results/sno_ok.bin' WITH (FORMAT binary)
\copy s FROM 'results/sno_ok.bin' WITH (FORMAT binary)
SELECT id, count(*) AS rows_loaded FROM s GROUP BY id;

-- bytea and uuid casts: 22P03 for anything that is not exactly a sno
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$'\x80bb93836e3be6dd55b3'::bytea::sno$$),
    ($$'\x80bb93836e3be6dd55'::bytea::sno$$),
    ($$'\x80bb93836e3be6dd55b300'::bytea::sno$$),
    ($$''::bytea::sno$$),
    ($$'80bb9383-6e3b-8e6d-b556-cc0000000000'::uuid::sno$$),
    ($$'80bb9383-6e3b-4e6d-b556-cc0000000000'::uuid::sno$$),  -- version 4
    ($$'80bb9383-6e3b-7e6d-b556-cc0000000000'::uuid::sno$$),  -- version 7
    ($$'80bb9383-6e3b-8e6d-7556-cc0000000000'::uuid::sno$$),  -- variant 0
    ($$'80bb9383-6e3b-8e6d-f556-cc0000000000'::uuid::sno$$),  -- variant 11
    ($$'80bb9383-6e3b-8e6d-b556-ce0000000000'::uuid::sno$$),  -- a bit after the 80 value bits
    ($$'80bb9383-6e3b-8e6d-b556-cc0000000001'::uuid::sno$$),  -- the last bit
    ($$'9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'::uuid::sno$$),  -- a random UUIDv4
    ($$'00000000-0000-0000-0000-000000000000'::uuid::sno$$),  -- nil UUID
    ($$'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::sno$$),  -- max UUID
    ($$'ffffffff-ffff-8fff-bfff-fc0000000000'::uuid::sno$$)) v(expr);

-- sno_from_parts: fields 22003, timestamps 22008 (after rounding up)
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$sno_from_parts('2026-01-01 00:00:00+00', -1)$$),
    ($$sno_from_parts('2026-01-01 00:00:00+00', 256)$$),
    ($$sno_from_parts('2026-01-01 00:00:00+00', 0, -1)$$),
    ($$sno_from_parts('2026-01-01 00:00:00+00', 0, 65536)$$),
    ($$sno_from_parts('2026-01-01 00:00:00+00', 0, 0, -1)$$),
    ($$sno_from_parts('2026-01-01 00:00:00+00', 0, 0, 65536)$$),
    ($$sno_from_parts('2026-01-01 00:00:00+00', 255, 65535, 65535, true)$$),
    -- rounded up to 4 ms, then checked: less than 4 ms before 2010 is 2010's
    ($$sno_from_parts('2009-12-31 23:59:59.999999+00')$$),
    ($$sno_from_parts('2009-12-31 23:59:59.996001+00')$$),
    ($$sno_from_parts('2009-12-31 23:59:59.996+00')$$),
    ($$sno_from_parts('2010-01-01 00:00:00+00')$$),
    ($$sno_from_parts('2079-09-07 15:47:35.548+00')$$),
    ($$sno_from_parts('2079-09-07 15:47:35.548001+00')$$),
    ($$sno_from_parts('infinity')$$),
    ($$sno_from_parts('-infinity')$$),
    -- the last and first finite timestamps: no overflow on the way to the
    -- type's epoch
    ($$sno_from_parts('294276-12-31 23:59:59.999999+00')$$),
    ($$sno_from_parts('4714-11-24 00:00:00+00 BC')$$)) v(expr);

-- gen_sno: the metabyte is 0..255, 22003 otherwise
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$gen_sno(-1)$$),
    ($$gen_sno(256)$$),
    ($$gen_sno(2147483647)$$),
    ($$sno_extract_meta(gen_sno(255))$$),
    ($$sno_extract_meta(gen_sno(0))$$)) v(expr);

-- Settings: out-of-range values are rejected when set (nothing is written)
\set VERBOSITY sqlstate
ALTER SYSTEM SET idgen.sno_partition = 65536;
ALTER SYSTEM SET idgen.sno_partition = -2;
ALTER SYSTEM SET idgen.sno_sequence_min = -1;
ALTER SYSTEM SET idgen.sno_sequence_max = 65536;
ALTER SYSTEM SET idgen.sno_sequence_max = 'many';
\set VERBOSITY default
ALTER SYSTEM SET idgen.sno_partition = 65536;
ALTER SYSTEM SET idgen.sno_sequence_max = 65536;
-- and they are server-wide, never set per session
SELECT try($$set_config('idgen.sno_partition', '5', false)$$),
       try($$set_config('idgen.sno_sequence_min', '5', false)$$);
SELECT current_setting('idgen.sno_partition') AS partition,
       current_setting('idgen.sno_sequence_min') AS sequence_min,
       current_setting('idgen.sno_sequence_max') AS sequence_max;

-- sno_is_valid never raises, whatever it is given
SELECT sno_is_valid(repeat('x', 1000)), sno_is_valid(E'\x01'), sno_is_valid('2'),
       sno_is_valid('xxxxxxxxxxxxxxxx'), sno_is_valid('XXXXXXXXXXXXXXXX'), sno_is_valid('é');
