-- muid: µs timestamp, medallion, offset within a transaction
-- internallength: 16
-- Casts with uuid: the same 16 bytes, and any 16 bytes are a muid, so no
-- function either way.
-- cast to uuid: binary
-- cast from uuid: binary

COMMENT ON TYPE muid IS
'muid identifier: 52-bit µs timestamp, 44-bit medallion, 32-bit offset; 13-11-8 upper-case hex digits';

CREATE FUNCTION muid_extract_medallion(muid) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_extract_medallion(muid) IS 'medallion (node) of a muid (0 to 17592186044415)';
CREATE FUNCTION muid_extract_offset(muid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_extract_offset(muid) IS
'offset of a muid within its transaction, as a signed 32-bit integer';
CREATE FUNCTION muid_from_parts(ts timestamptz, medallion bigint DEFAULT 0, "offset" integer DEFAULT 0)
RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_from_parts(timestamptz, bigint, integer) IS
'muid from its fields; muid_from_parts(ts) is the smallest muid at ts';
CREATE FUNCTION muid_bundle(muid) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_bundle(muid) IS
'the transaction a muid belongs to: the same timestamp and medallion with offset 0';

CREATE FUNCTION gen_muid() RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_muid() IS
'new muid: the first in a transaction starts its bundle (a timestamp later than every earlier bundle''s, the medallion of idgen.muid_medallion), the others count the offset up';
