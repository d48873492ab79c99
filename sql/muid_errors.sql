--
-- muid: every kind of bad input is refused with the right SQLSTATE and a detail
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Text: 22P02, around the valid 5D5EAC793E61F-1BFC71B112D-0000000B
SELECT input, muid_is_valid(input) AS valid, try_input('muid', input) AS result
FROM (VALUES
    ('5D5EAC793E61F-1BFC71B112D-0000000B'),       -- valid
    ('5D5EAC793E61F-1BFC71B112D'),                -- valid: T-M
    ('5D5EAC793E61F'),                            -- valid: T
    -- a part too short or too long
    ('5D5EAC793E61-1BFC71B112D-0000000B'),        -- timestamp: 12 digits
    ('05D5EAC793E61F-1BFC71B112D-0000000B'),      -- timestamp: 14 digits
    ('5D5EAC793E61F-1BFC71B112-0000000B'),        -- medallion: 10 digits
    ('5D5EAC793E61F-01BFC71B112D-0000000B'),      -- medallion: 12 digits
    ('5D5EAC793E61F-1BFC71B112D-000000B'),        -- offset: 7 digits
    ('5D5EAC793E61F-1BFC71B112D-00000000B'),      -- offset: 9 digits
    ('5D5EAC793E61F-1BFC71B112D-B'),              -- offset: 1 digit
    ('5D5EAC793E61'),                             -- T: 12 digits
    ('05D5EAC793E61F'),                           -- T: 14 digits
    ('5D5EAC793E61F-1BFC71B112'),                 -- T-M: medallion 10 digits
    ('5D5EAC793E61F-01BFC71B112D'),               -- T-M: medallion 12 digits
    ('5D5EAC793E61F-1BFC71B112D-' || repeat('0', 100)), -- offset: 100 digits
    ('5D5EAC793E61F-0000000000000-00000'),        -- the seed's example: 13 and 5 digits
    ('5D5EAC793E61F-0000000000000'),              -- and its 13-digit medallion alone
    ('0'),
    ('5'),
    -- the number of parts
    ('5D5EAC793E61F-1BFC71B112D-0000000B-0'),     -- 4 parts
    ('5D5EAC793E61F-1BFC71B112D-0000000B-0000000B'), -- 4 full parts
    ('5D5EAC793E61F-1BFC71B112D-0000000B-'),      -- trailing "-" after 3 parts
    ('5D5EAC793E61F-1BFC71B112D-'),               -- trailing "-" after 2 parts
    ('5D5EAC793E61F-'),                           -- trailing "-" after 1 part
    ('-5D5EAC793E61F-1BFC71B112D-0000000B'),      -- leading "-" before 3 parts
    ('-5D5EAC793E61F-1BFC71B112D'),               -- leading "-" before 2 parts
    ('-5D5EAC793E61F'),                           -- leading "-" before 1 part
    ('5D5EAC793E61F--0000000B'),                  -- empty medallion
    ('5D5EAC793E61F-1BFC71B112D--0000000B'),      -- "--"
    ('-'),
    ('--'),
    ('---'),
    ('5d5eac79-3e61-f1bf-c71b-112d0000000b'),     -- its uuid
    -- not hex digits, in each part
    ('GD5EAC793E61F-1BFC71B112D-0000000B'),       -- G: the first character
    ('5D5EAC793E61G-1BFC71B112D-0000000B'),       -- G: the timestamp's last
    ('5D5EAC793E61F-GBFC71B112D-0000000B'),       -- G: the medallion's first
    ('5D5EAC793E61F-1BFC71B112G-0000000B'),       -- G: the medallion's last
    ('5D5EAC793E61F-1BFC71B112D-G000000B'),       -- G: the offset's first
    ('5D5EAC793E61F-1BFC71B112D-0000000G'),       -- G: the last character
    ('5d5eac793e61g-1bfc71b112d-0000000b'),       -- g in each part
    ('5d5eac793e61f-1bfc71b112g-0000000b'),
    ('5d5eac793e61f-1bfc71b112d-0000000g'),
    ('5D5EAC793E61G'),                            -- G in T
    ('5D5EAC793E61F-1BFC71B112G'),                -- G in T-M
    ('5D5EAC793E61F-1BFC71B112D-0000000x'),       -- x
    ('5D5EAC793E61F-1BFC71B112D-0x00000B'),       -- 0x inside
    ('0x5D5EAC793E6'),                            -- a 0x prefix (13 characters)
    ('5D5EAC793E6_F-1BFC71B112D-0000000B'),       -- underscore
    ('5D5EAC793E61F-1BFC71B112D-+000000B'),       -- sign
    ('5D5EAC793E61F-1BFC71B112D-+0000000B'),      -- sign, 9 characters
    ('5D5EAC793E61F_1BFC71B112D_0000000B'),       -- "_" for "-"
    ('5D5EAC793E61F:1BFC71B112D:0000000B'),       -- ":" for "-"
    ('éD5EAC793E61F-1BFC71B112D-0000000B'),       -- non-ASCII, in each part
    ('5D5EAC793E61F-1BFC71B112é-0000000B'),
    ('5D5EAC793E61F-1BFC71B112D-0000000é'),
    ('5D5EAC793E61F-1BFC71B112D-000000é'),        -- non-ASCII, 7 characters
    ('５D5EAC793E61F-1BFC71B112D-0000000B'),       -- a full-width digit
    ('5D5EAC793E61F–1BFC71B112D–0000000B'),       -- en dashes for "-"
    (E'\x01D5EAC793E61F-1BFC71B112D-0000000B'),   -- control characters, in each part
    (E'5D5EAC793E61F-1BFC71\x01112D-0000000B'),
    (E'5D5EAC793E61F-1BFC71B112D-0000000\x01'),
    (E'5D5EAC793E61F-1BFC71B112D-0000\x7f00B'),   -- DEL
    -- whitespace
    (' 5D5EAC793E61F-1BFC71B112D-0000000B'),      -- leading space
    ('5D5EAC793E61F-1BFC71B112D-0000000B '),      -- trailing space
    (E'\t5D5EAC793E61F-1BFC71B112D-0000000B'),    -- leading tab
    (E'5D5EAC793E61F-1BFC71B112D-0000000B\n'),    -- trailing newline
    (' 5D5EAC793E61F'),                           -- around the short forms
    ('5D5EAC793E61F-1BFC71B112D '),
    ('5D5EAC793E61F -1BFC71B112D-0000000B'),      -- a space before "-"
    ('5D5EAC793E61F- 1BFC71B112D-0000000B'),      -- a space after "-"
    ('5D5EAC793E61F-1BFC71B112D-0000 00B'),       -- a space for a digit
    ('5D5EAC793E61F-1BFC71 B112D-0000000B'),      -- a space inside, 12 characters
    (E'5D5EAC793E61F-1BFC71B112D-0000\t00B'),     -- a tab for a digit
    (' '),
    -- 32 hex digits without the dashes, and the empty string
    ('5D5EAC793E61F1BFC71B112D0000000B'),
    ('5d5eac793e61f1bfc71b112d0000000b'),
    ('00000000000000000000000000000000'),
    ('5D5EAC793E61F1BFC71B112D'),                 -- 24 digits: T-M without "-"
    ('')) v(input);

-- muid_is_valid never raises, whatever it is given
SELECT muid_is_valid(repeat('0', 10000)) AS zeros_10000,
       muid_is_valid(repeat('F', 13) || '-' || repeat('F', 9986)) AS medallion_9986,
       muid_is_valid(repeat('-', 10000)) AS dashes_10000,
       muid_is_valid(repeat('0-', 5000)) AS parts_5001,
       muid_is_valid(repeat('G', 10000)) AS g_10000,
       muid_is_valid(repeat('é', 5000)) AS non_ascii_5000,
       muid_is_valid(E'\x01') AS control, muid_is_valid(' ') AS space,
       muid_is_valid('') AS empty, muid_is_valid(NULL) AS null;
-- and the input function says why, without repeating 10,000 characters in the detail
SELECT left(r, 70) AS result_start, length(r) AS length, right(r, 90) AS result_end
FROM (SELECT try_input('muid', repeat('0', 10000)) AS r
      UNION ALL SELECT try_input('muid', repeat('F', 13) || '-' || repeat('F', 9986))
      UNION ALL SELECT try_input('muid', repeat('0-', 5000))) x;

-- Binary: a muid of the wrong length, by COPY BINARY of a bytea column
CREATE TEMP TABLE b (x bytea);
INSERT INTO b VALUES ('\x5d5eac793e61f1bfc71b112d000000'); -- 15 bytes
\copy b TO 'results/muid_short.bin' WITH (FORMAT binary)
CREATE TEMP TABLE m (id muid);
\set VERBOSITY sqlstate
\copy m FROM 'results/muid_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy m FROM 'results/muid_short.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x5d5eac793e61f1bfc71b112d0000000b00'); -- 17 bytes
\copy b TO 'results/muid_long.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy m FROM 'results/muid_long.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy m FROM 'results/muid_long.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x'); -- 0 bytes
\copy b TO 'results/muid_empty.bin' WITH (FORMAT binary)
\copy m FROM 'results/muid_empty.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x5d5eac793e61f1bfc71b112d0000000b'), -- 16 bytes: fine
                     ('\xffffffffffffffffffffffffffffffff');
\copy b TO 'results/muid_ok.bin' WITH (FORMAT binary)
\copy m FROM 'results/muid_ok.bin' WITH (FORMAT binary)
SELECT id, count(*) AS rows_loaded FROM m GROUP BY id ORDER BY id;

-- bytea casts: 22P03 for anything but 16 bytes; every uuid is a muid
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$'\x5d5eac793e61f1bfc71b112d0000000b'::bytea::muid$$),     -- 16 bytes
    ($$'\x5d5eac793e61f1bfc71b112d000000'::bytea::muid$$),       -- 15 bytes
    ($$'\x5d5eac793e61f1bfc71b112d0000000b00'::bytea::muid$$),   -- 17 bytes
    ($$'\x005d5eac793e61f1bfc71b112d0000000b'::bytea::muid$$),   -- 17 bytes, a zero first
    ($$'\x5d'::bytea::muid$$),                                   -- 1 byte
    ($$''::bytea::muid$$),                                       -- 0 bytes
    ($$decode(repeat('5d', 32), 'hex')::muid$$),                 -- 32 bytes
    ($$convert_to('5D5EAC793E61F-1BFC71B112D-0000000B', 'UTF8')::muid$$), -- its text
    ($$'00000000-0000-0000-0000-000000000000'::uuid::muid$$),   -- nil UUID
    ($$'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::muid$$),   -- max UUID
    ($$'9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'::uuid::muid$$)) v(expr); -- a UUIDv4

-- muid_from_parts: the medallion 22003, timestamps 22008; the offset is any integer
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', -1)$$),
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', 17592186044416)$$),        -- 2^44
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', -9223372036854775808)$$),
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', 9223372036854775807)$$),
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', 17592186044415)$$),        -- 2^44 - 1
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', 0)$$),
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', 1, -2147483648)$$),
    ($$muid_from_parts('2022-01-19 08:00:30.975519+00', 1, 2147483647)$$),
    ($$muid_from_parts('1969-12-31 23:59:59.999999+00')$$),
    ($$muid_from_parts('1969-12-31 23:00:00-01')$$),                              -- 1970 in UTC
    ($$muid_from_parts('1900-01-01 00:00:00+00')$$),
    ($$muid_from_parts('1970-01-01 00:00:00+00')$$),
    ($$muid_from_parts('1970-01-01 00:00:00.000001+00')$$),
    ($$muid_from_parts('2112-09-17 23:53:47.370495+00', 17592186044415, -1)$$),
    ($$muid_from_parts('2112-09-17 23:53:47.370496+00')$$),
    ($$muid_from_parts('2112-09-18 00:00:00+00')$$),
    ($$muid_from_parts('3000-01-01 00:00:00+00')$$),
    ($$muid_from_parts('infinity')$$),
    ($$muid_from_parts('-infinity')$$),
    -- the last and first finite timestamps: no overflow on the way to µs
    ($$muid_from_parts('294276-12-31 23:59:59.999999+00')$$),
    ($$muid_from_parts('4714-11-24 00:00:00+00 BC')$$),
    -- a bad timestamp and a bad medallion: the timestamp is reported
    ($$muid_from_parts('infinity', -1)$$)) v(expr);
