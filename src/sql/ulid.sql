-- ulid: ms timestamp, 80 random bits
-- internallength: 16
-- Casts with uuid: the same 16 bytes, and any 16 bytes are a ulid, so no
-- function either way.
-- cast to uuid: binary
-- cast from uuid: binary

COMMENT ON TYPE ulid IS
'ULID: 48-bit ms timestamp, 80 random bits; 26 Crockford base32 characters, also read as 32 hex digits or a UUID';

CREATE FUNCTION ulid_extract_random(ulid) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_extract_random(ulid) IS 'the 80-bit random part of a ulid, as 10 bytes';
CREATE FUNCTION ulid_from_parts(ts timestamptz, random bytea DEFAULT '\x00000000000000000000'::bytea)
RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_parts(timestamptz, bytea) IS
'ulid from its fields, the timestamp rounded up to the ms; ulid_from_parts(ts) is the smallest ulid at or after ts';
CREATE FUNCTION ulid_to_hex(ulid) RETURNS text
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_hex(ulid) IS
'the 16 bytes of a ulid as 32 upper-case hex digits, as SQLite''s hex() writes them';

CREATE FUNCTION gen_ulid() RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_ulid() IS
'new ulid, monotonic: within a millisecond the random part counts up; per session, or per server with idgen.monotonic = server';
