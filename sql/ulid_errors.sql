--
-- ulid: every kind of bad input is refused with the right SQLSTATE and a detail
--
SET DateStyle = 'ISO';
SET timezone = 'UTC';

-- Text: 22P02, around the valid 01G7JF53H1QBNYCPM1950E58GA (hex
-- 0181E4F28E21BAEBE65A814940E2A20A, uuid 0181e4f2-8e21-baeb-e65a-814940e2a20a)
SELECT input, length(input) AS len, ulid_is_valid(input) AS valid, try_input('ulid', input) AS result
FROM (VALUES
    ('01G7JF53H1QBNYCPM1950E58GA'),                -- valid: base32
    ('01g7jf53h1qbnycpm1950e58ga'),                -- valid: base32, lower case
    ('0181E4F28E21BAEBE65A814940E2A20A'),          -- valid: 32 hex digits
    ('0181e4f28e21baebe65a814940e2a20a'),          -- valid: 32 hex digits, lower case
    ('0181e4f2-8e21-baeb-e65a-814940e2a20a'),      -- valid: UUID form
    ('0181E4F2-8E21-BAEB-E65A-814940E2A20A'),      -- valid: UUID form, upper case
    -- lengths
    ('01G7JF53H1QBNYCPM1950E58G'),                 -- 25
    ('01G7JF53H1QBNYCPM1950E58GA0'),               -- 27
    ('001G7JF53H1QBNYCPM1950E58GA'),               -- 27, a zero first
    ('0181E4F28E21BAEBE65A814940E2A20'),           -- 31
    ('0181E4F28E21BAEBE65A814940E2A20A0'),         -- 33
    ('00181E4F28E21BAEBE65A814940E2A20A'),         -- 33, a zero first
    ('0181e4f2-8e21-baeb-e65a-814940e2a20'),       -- 35
    ('0181e4f2-8e21-baeb-e65a-814940e2a20a0'),     -- 37
    ('0181e4f2--8e21-baeb-e65a-814940e2a20a'),     -- 37: "--"
    ('0'),                                         -- 1
    ('01G7JF53H1QBNYCPM1950E58GA000000'),          -- 32, but base32
    (''),                                          -- 0
    -- base32: characters outside the alphabet (every letter and digit is in it)
    ('01G7JF53H1QBNYCPM1950E58G*'),                -- "*" last
    ('*1G7JF53H1QBNYCPM1950E58GA'),                -- "*" first
    ('01G7JF53H1-QBNYCPM1950E58G'),                -- a hyphen (Crockford's optional one)
    ('01G7JF53H1QBNYCPM1950E58G='),                -- padding
    ('01G7JF53H1QBNYCPM1950E58G_'),                -- underscore
    ('01G7JF53H1QBNYC.M1950E58GA'),                -- dot
    ('01G7JF53H1QBNYCPM1950E58G@'),                -- "@", just below A
    ('01G7JF53H1QBNYCPM1950E58G['),                -- "[", just after Z
    ('01G7JF53H1QBNYCPM1950E58G`'),                -- "`", just below a
    ('01G7JF53H1QBNYCPM1950E58G{'),                -- "{", just after z
    ('01G7JF53H1QBNYCPM1950E58G/'),                -- "/", just below 0
    ('01G7JF53H1QBNYCPM1950E58G:'),                -- ":", just after 9
    ('01G7JF53H1QBNYCPM1950E58Gé'),                -- non-ASCII
    ('é1G7JF53H1QBNYCPM1950E58GA'),                -- non-ASCII first
    ('01G7JF53H1QBNYCPM1950E58G５'),               -- a full-width digit
    (E'01G7JF53H1QBNYC\x01M1950E58GA'),            -- control character
    (E'01G7JF53H1QBNYC\x7fM1950E58GA'),            -- DEL
    -- base32: the first character carries 3 bits: 0 to 7 (and I, L, O)
    ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),                -- valid: the largest ulid
    ('80000000000000000000000000'),                -- 8
    ('9ZZZZZZZZZZZZZZZZZZZZZZZZZ'),                -- 9
    ('A1G7JF53H1QBNYCPM1950E58GA'),                -- A
    ('Z1G7JF53H1QBNYCPM1950E58GA'),                -- Z
    ('z1g7jf53h1qbnycpm1950e58ga'),                -- z
    ('U1G7JF53H1QBNYCPM1950E58GA'),                -- U is no Crockford digit
    ('01G7JF53H1QBNYCPM1950E58GU'),                -- nor as the last
    ('u1G7JF53H1QBNYCPM1950E58GA'),                -- u
    ('81G7JF53H1QBNYCPM1950E58G*'),                -- 8, and a bad character
    -- hex: not hex digits
    ('0181E4F28E21BAEBE65A814940E2A20G'),          -- G last
    ('0181e4f28e21baebe65a814940e2a20g'),          -- g last
    ('g181e4f28e21baebe65a814940e2a20a'),          -- g first
    ('0181E4F28E21BAEBZ65A814940E2A20A'),          -- Z (base32, not hex)
    ('0181E4F28E21BAEBE65A814940E2A2OA'),          -- O, which base32 reads as 0
    ('0181E4F2-8E21BAEBE65A814940E2A20'),          -- a hyphen in 32 characters
    ('0x0181E4F28E21BAEBE65A814940E2A2'),          -- a 0x prefix, 32 characters
    ('0x0181E4F28E21BAEBE65A814940E2A20A'),        -- a 0x prefix, 34 characters
    ('\x0181E4F28E21BAEBE65A814940E2A2'),          -- bytea's \x, 32 characters
    ('0181E4F28E21BAEB+65A814940E2A20A'),          -- a sign
    -- the UUID form: hyphens misplaced, braces, bad digits
    ('0181e4f28-e21-baeb-e65a-814940e2a20a'),      -- first hyphen one late
    ('0181e4f-28e21-baeb-e65a-814940e2a20a'),      -- first hyphen one early
    ('0181e4f2-8e21-baeb-e65a8-14940e2a20a'),      -- last hyphen one late
    ('0181e4f2-8e21-baeb-e65a0814940e2a20a'),      -- a digit for the last hyphen
    ('0181e4f2-8e21-baeb-e65a-814940e2a20a-'),     -- a trailing hyphen
    ('-0181e4f2-8e21-baeb-e65a-814940e2a20'),      -- a leading hyphen, 36 characters
    ('0181e4f2+8e21-baeb-e65a-814940e2a20a'),      -- "+" for "-"
    ('0181e4f2:8e21:baeb:e65a:814940e2a20a'),      -- ":" for "-"
    ('0181e4f2_8e21_baeb_e65a_814940e2a20a'),      -- "_" for "-"
    ('0181e4f2–8e21–baeb–e65a–814940e2a20a'),      -- en dashes for "-"
    ('{0181e4f2-8e21-baeb-e65a-814940e2a20a}'),    -- braces
    ('{0181e4f28e21baebe65a814940e2a20a}'),        -- braces around 32 digits
    ('urn:uuid:0181e4f2-8e21-baeb-e65a-814940e2a20a'), -- a URN
    ('0181-e4f2-8e21-baeb-e65a-8149-40e2-a20a'),   -- hyphens every 4 digits
    ('0181e4f2-8e21-baeb-e65a-814940e2a20g'),      -- g last
    ('0181e4g2-8e21-baeb-e65a-814940e2a20a'),      -- g in the first group
    ('0181e4f2-8e21-bxeb-e65a-814940e2a20a'),      -- x in the third group
    ('0181e4f2-8e21-baeb-e65a-8149 0e2a20a'),      -- a space for a digit
    ('------------------------------------'),      -- 36 hyphens
    -- whitespace
    (' 01G7JF53H1QBNYCPM1950E58GA'),               -- leading space
    ('01G7JF53H1QBNYCPM1950E58GA '),               -- trailing space
    (' 01G7JF53H1QBNYCPM1950E58G'),                -- leading space, 26 characters
    ('01G7JF53H1QBNYCPM1950E58G '),                -- trailing space, 26 characters
    ('01G7JF53H1QBN CPM1950E58GA'),                -- a space for a character
    (E'\t01G7JF53H1QBNYCPM1950E58GA'),             -- leading tab
    (E'01G7JF53H1QBNYCPM1950E58GA\n'),             -- trailing newline
    (E'01G7JF53H1QBNYCPM1950\t58GA'),              -- a tab inside
    (' 0181E4F28E21BAEBE65A814940E2A20A'),         -- around the hex form
    ('0181E4F28E21BAEBE65A814940E2A20A '),
    ('0181E4F28E21BAEB 65A814940E2A20A'),
    (' 0181e4f2-8e21-baeb-e65a-814940e2a20a'),     -- around the UUID form
    ('0181e4f2-8e21-baeb-e65a-814940e2a20a '),
    ('0181e4f2 8e21 baeb e65a 814940e2a20a'),      -- spaces for hyphens
    (' '),
    (repeat(' ', 26))) v(input);

-- Every printable ASCII character but the space as the last of 26: the
-- digits and the letters of either case but U are read (I, L and O as 1, 1
-- and 0), every other character is refused, naming it and its position
SELECT count(*) AS characters,
       string_agg(c, '' ORDER BY c COLLATE "C") FILTER (WHERE ulid_is_valid('01G7JF53H1QBNYCPM1950E58G' || c))
       AS read,
       string_agg(c, '' ORDER BY c COLLATE "C") FILTER (WHERE NOT ulid_is_valid('01G7JF53H1QBNYCPM1950E58G' || c))
       AS refused
FROM (SELECT chr(i) AS c FROM generate_series(33, 126) i) x;
SELECT c, ('01G7JF53H1QBNYCPM1950E58G' || c)::ulid AS read_as,
       right(('01G7JF53H1QBNYCPM1950E58G' || c)::ulid::text, 1) AS last
FROM (VALUES ('I'), ('i'), ('L'), ('l'), ('O'), ('o'), ('V'), ('v'), ('1'), ('0')) v(c);
SELECT count(*) AS refused,
       count(*) FILTER (WHERE try_input('ulid', '01G7JF53H1QBNYCPM1950E58G' || c)
                              = format('22P02: invalid input syntax for type ulid: "%s" / '
                                       'Unexpected character "%s" at position 26.',
                                       '01G7JF53H1QBNYCPM1950E58G' || c, c)) AS named_at_26
FROM (SELECT chr(i) AS c FROM generate_series(33, 126) i) x
WHERE c !~ '[0-9A-TV-Za-tv-z]';
-- and as the first: 0 to 7 and I, L, O (1, 1, 0) in either case are read,
-- every other digit and letter but U would not fit in 128 bits
SELECT string_agg(c, '' ORDER BY c COLLATE "C") FILTER (WHERE ulid_is_valid(c || '1G7JF53H1QBNYCPM1950E58GA'))
       AS read_first,
       string_agg(c, '' ORDER BY c COLLATE "C") FILTER (WHERE NOT ulid_is_valid(c || '1G7JF53H1QBNYCPM1950E58GA'))
       AS overflowing_first,
       count(*) FILTER (WHERE NOT ulid_is_valid(c || '1G7JF53H1QBNYCPM1950E58GA')
                          AND try_input('ulid', c || '1G7JF53H1QBNYCPM1950E58GA')
                              = format('22P02: invalid input syntax for type ulid: "%s" / '
                                       'The first character must be 0 to 7, not "%s": '
                                       'the value would not fit in 128 bits.',
                                       c || '1G7JF53H1QBNYCPM1950E58GA', c)) AS overflow_detail
FROM (SELECT chr(i) AS c FROM generate_series(33, 126) i) x
WHERE c ~ '[0-9A-TV-Za-tv-z]';

-- ulid_is_valid never raises, whatever it is given
SELECT ulid_is_valid(repeat('0', 10000)) AS zeros_10000,
       ulid_is_valid(repeat('Z', 10000)) AS z_10000,
       ulid_is_valid(repeat('F', 10000)) AS f_10000,
       ulid_is_valid(repeat('-', 10000)) AS hyphens_10000,
       ulid_is_valid(repeat('é', 5000)) AS non_ascii_5000,
       ulid_is_valid(repeat('é', 13)) AS non_ascii_26_bytes,
       ulid_is_valid(repeat('é', 16)) AS non_ascii_32_bytes,
       ulid_is_valid(repeat('é', 18)) AS non_ascii_36_bytes,
       ulid_is_valid(E'\x01') AS control, ulid_is_valid(' ') AS space,
       ulid_is_valid('') AS empty, ulid_is_valid(NULL) AS null;
-- and the input function says why, without repeating 10,000 characters in the detail
SELECT left(r, 60) AS result_start, length(r) AS length, right(r, 100) AS result_end
FROM (SELECT try_input('ulid', repeat('0', 10000)) AS r
      UNION ALL SELECT try_input('ulid', repeat('Z', 10000))
      UNION ALL SELECT try_input('ulid', repeat('-', 10000))) x;
-- multi-byte characters whose bytes number 26, 32 or 36 are refused as characters
SELECT n, try_input('ulid', repeat('é', n)) AS result
FROM (VALUES (13), (16), (18)) v(n);

-- Binary: a ulid of the wrong length, by COPY BINARY of a bytea column
CREATE TEMP TABLE b (x bytea);
INSERT INTO b VALUES ('\x0181e4f28e21baebe65a814940e2a2'); -- 15 bytes
\copy b TO 'results/ulid_short.bin' WITH (FORMAT binary)
CREATE TEMP TABLE u (id ulid);
\set VERBOSITY sqlstate
\copy u FROM 'results/ulid_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy u FROM 'results/ulid_short.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x0181e4f28e21baebe65a814940e2a20a00'); -- 17 bytes
\copy b TO 'results/ulid_long.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy u FROM 'results/ulid_long.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy u FROM 'results/ulid_long.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x'); -- 0 bytes
\copy b TO 'results/ulid_empty.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy u FROM 'results/ulid_empty.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy u FROM 'results/ulid_empty.bin' WITH (FORMAT binary)
TRUNCATE b;
INSERT INTO b VALUES ('\x0181e4f28e21baebe65a814940e2a20a'), -- 16 bytes: fine
                     ('\xffffffffffffffffffffffffffffffff'),
                     ('\x00000000000000000000000000000000');
\copy b TO 'results/ulid_ok.bin' WITH (FORMAT binary)
\copy u FROM 'results/ulid_ok.bin' WITH (FORMAT binary)
SELECT id, count(*) AS rows_loaded FROM u GROUP BY id ORDER BY id;

-- bytea casts: 22P03 for anything but 16 bytes; every uuid is a ulid
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$'\x0181e4f28e21baebe65a814940e2a20a'::bytea::ulid$$),     -- 16 bytes
    ($$'\x0181e4f28e21baebe65a814940e2a2'::bytea::ulid$$),       -- 15 bytes
    ($$'\x0181e4f28e21baebe65a814940e2a20a00'::bytea::ulid$$),   -- 17 bytes
    ($$'\x000181e4f28e21baebe65a814940e2a20a'::bytea::ulid$$),   -- 17 bytes, a zero first
    ($$'\x01'::bytea::ulid$$),                                   -- 1 byte
    ($$''::bytea::ulid$$),                                       -- 0 bytes
    ($$'\xbaebe65a814940e2a20a'::bytea::ulid$$),                 -- 10 bytes: a random part
    ($$decode(repeat('ff', 32), 'hex')::ulid$$),                 -- 32 bytes
    ($$convert_to('01G7JF53H1QBNYCPM1950E58GA', 'UTF8')::ulid$$), -- its text, 26 bytes
    ($$convert_to('0181E4F28E21BAEBE65A814940E2A20A', 'UTF8')::ulid$$), -- its hex, 32 bytes
    ($$'00000000-0000-0000-0000-000000000000'::uuid::ulid$$),   -- nil UUID
    ($$'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::ulid$$),   -- max UUID
    ($$'9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'::uuid::ulid$$)) v(expr); -- a UUIDv4

-- ulid_from_parts: the random part 22003 unless 10 bytes, timestamps 22008
SELECT expr, try(expr) AS result
FROM (VALUES
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', '\xbaebe65a814940e2a20a')$$),  -- 10 bytes
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', '\xbaebe65a814940e2a2')$$),    -- 9 bytes
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', '\xbaebe65a814940e2a20a00')$$), -- 11 bytes
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', '\x00baebe65a814940e2a20a')$$), -- 11, a zero first
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', '')$$),                        -- 0 bytes
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', '\x0181e4f28e21baebe65a814940e2a20a')$$), -- 16
    ($$ulid_from_parts('2022-07-09 21:51:50.305+00', random => '\xff')$$),          -- named, 1 byte
    -- rounded up to the millisecond, then checked: less than 1 ms before
    -- 1970 is 1970's
    ($$ulid_from_parts('1969-12-31 23:59:59.999999+00')$$),
    ($$ulid_from_parts('1969-12-31 23:59:59.999001+00')$$),
    ($$ulid_from_parts('1969-12-31 23:59:59.999+00')$$),
    ($$ulid_from_parts('1969-12-31 23:00:00-01')$$),                               -- 1970 in UTC
    ($$ulid_from_parts('1900-01-01 00:00:00+00')$$),
    ($$ulid_from_parts('1970-01-01 00:00:00+00')$$),
    ($$ulid_from_parts('1970-01-01 00:00:00.000001+00')$$),
    ($$ulid_from_parts('10889-08-02 05:31:50.655+00', '\xffffffffffffffffffff')$$),
    ($$ulid_from_parts('10889-08-02 05:31:50.654001+00')$$),
    ($$ulid_from_parts('10889-08-02 05:31:50.655001+00')$$),
    ($$ulid_from_parts('10889-08-02 05:31:50.656+00')$$),
    ($$ulid_from_parts('10889-08-03 00:00:00+00')$$),
    ($$ulid_from_parts('infinity')$$),
    ($$ulid_from_parts('-infinity')$$),
    -- the last and first finite timestamps: no overflow on the way to ms
    ($$ulid_from_parts('294276-12-31 23:59:59.999999+00')$$),
    ($$ulid_from_parts('4714-11-24 00:00:00+00 BC')$$),
    -- a bad timestamp and a bad random part: the timestamp is reported
    ($$ulid_from_parts('infinity', '\x00')$$),
    ($$ulid_from_parts('1969-12-31 23:59:59+00', '\x00')$$)) v(expr);
-- a NULL random part gives NULL (STRICT)
SELECT ulid_from_parts('2022-07-09 21:51:50.305+00', NULL) AS null_random,
       ulid_from_parts(NULL, '\xbaebe65a814940e2a20a') AS null_ts;
