--
-- wiji: every kind of bad input is refused with the right SQLSTATE and a detail
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Text: 22P02, in every input form
SELECT input, wiji_is_valid(input) AS valid, try_input('wiji', input) AS result
FROM (VALUES
    ('0000000000000004000000000'),              -- 25 characters
    ('000000000000000400000000000'),            -- 27 characters
    ('0000000000000004000000000U0'),            -- 27 characters
    ('00000000000000040000000000 '),            -- trailing space
    (' 00000000000000040000000000'),            -- leading space
    (E'00000000000000040000000000\n'),          -- trailing newline
    ('0000000000000004000000000*'),             -- outside the alphabet
    ('000000000000000400000000é0'),             -- non-ASCII
    (E'0000000000000\t040000000000'),           -- control character
    ('2ZZZZZZZZZZZZZY7ZZZZZZZZZZ'),             -- first character 2
    ('8ZZZZZZZZZZZZZY7ZZZZZZZZZZ'),             -- first character beyond 128 bits
    ('00000000000000000000000000'),             -- version 0
    ('0000000000000008000000000'),              -- short
    ('00000000000000080000000000'),             -- version 2
    ('00000000-0000-0000-0020-000000000000'),   -- UUID form, version 2
    ('00000000-0000-0000-0000-000000000000'),   -- UUID form, version 0
    ('00000000000000000020000000000000'),       -- hex form, version 2
    ('400000000000000000100000000000000'),      -- 33 hex digits
    ('40000000000000000010000000000000'),       -- hex form, timestamp 2^54
    ('40000000-0000-0000-0010-000000000000'),   -- UUID form, timestamp >= 2^54
    ('0000000000000000001000000000000g'),       -- hex form, bad digit
    ('00000000-0000-0000-0010+000000000000'),   -- UUID form, bad separator
    ('000000000-000-0000-0010-000000000000'),   -- UUID form, hyphen misplaced
    ('{00000000-0000-0000-0010-000000000000}'), -- braces
    ('')) v(input);

-- Binary: a wiji of the wrong length, by COPY BINARY of a bytea column
CREATE TEMP TABLE b (x bytea);
INSERT INTO b VALUES ('\x000000000000000000100000000000'); -- 15 bytes
\copy b TO 'results/wiji_short.bin' WITH (FORMAT binary)
CREATE TEMP TABLE w (id wiji);
\set VERBOSITY sqlstate
\copy w FROM 'results/wiji_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy w FROM 'results/wiji_short.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x00000000000000000020000000000000'); -- version 2
\copy b TO 'results/wiji_v2.bin' WITH (FORMAT binary)
\copy w FROM 'results/wiji_v2.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x0000000000000000001000000000000000'); -- 17 bytes
\copy b TO 'results/wiji_long.bin' WITH (FORMAT binary)
\copy w FROM 'results/wiji_long.bin' WITH (FORMAT binary)
SELECT count(*) AS rows_loaded FROM w;

-- bytea and uuid casts: 22P03
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$'\x00000000000000000010000000000000'::bytea::wiji$$),
    ($$'\x000000000000000000100000000000'::bytea::wiji$$),
    ($$'\x0000000000000000001000000000000000'::bytea::wiji$$),
    ($$'\x00000000000000000020000000000000'::bytea::wiji$$),
    ($$'\x40000000000000000010000000000000'::bytea::wiji$$),
    ($$'\x3fffffffffffffffff1fffffffffffff'::bytea::wiji$$),
    ($$''::bytea::wiji$$),
    ($$'00000000-0000-0000-0010-000000000000'::uuid::wiji$$),
    ($$'00000000-0000-0000-0000-000000000000'::uuid::wiji$$),
    ($$'9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'::uuid::wiji$$),
    ($$'40000000-0000-0000-0010-000000000000'::uuid::wiji$$),
    ($$'3fffffff-ffff-ffff-ff1f-ffffffffffff'::uuid::wiji$$)) v(expr);

-- wiji_from_parts: fields 22003, timestamps 22008
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$wiji_from_parts('2026-01-01 00:00:00+00', -1)$$),
    ($$wiji_from_parts('2026-01-01 00:00:00+00', 65536)$$),
    ($$wiji_from_parts('2026-01-01 00:00:00+00', 0, -1)$$),
    ($$wiji_from_parts('2026-01-01 00:00:00+00', 0, 4503599627370496)$$),
    ($$wiji_from_parts('2026-01-01 00:00:00+00', 65535, 4503599627370495)$$),
    ($$wiji_from_parts('1969-12-31 23:59:59.999999+00')$$),
    ($$wiji_from_parts('2540-11-07 23:35:09.481983+00')$$),
    ($$wiji_from_parts('2540-11-07 23:35:09.481984+00')$$),
    ($$wiji_from_parts('infinity')$$),
    ($$wiji_from_parts('-infinity')$$),
    -- the last and first finite timestamps: no overflow on the way to the
    -- type's epoch
    ($$wiji_from_parts('294276-12-31 23:59:59.999999+00')$$),
    ($$wiji_from_parts('4714-11-24 00:00:00+00 BC')$$)) v(expr);

-- wiji_is_valid never raises, whatever it is given
SELECT wiji_is_valid(repeat('Z', 1000)), wiji_is_valid(E'\x01'), wiji_is_valid('0'),
       wiji_is_valid('00000000000000040000000000');
