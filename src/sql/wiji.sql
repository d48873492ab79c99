-- wiji: µs timestamp, sequence, version 1, random per-generator node
-- internallength: 16
-- Casts with uuid: the same 16 bytes, copied without a function to uuid;
-- from uuid a function checks them (version nibble, timestamp range).
-- cast to uuid: binary
-- cast from uuid: function

COMMENT ON TYPE wiji IS
'Wiji identifier: 56-bit µs timestamp, 16-bit sequence, version 1, 52-bit node; 26 Crockford base32 characters';

CREATE FUNCTION wiji_extract_sequence(wiji) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_extract_sequence(wiji) IS 'sequence of a wiji (0 to 65535)';
CREATE FUNCTION wiji_extract_version(wiji) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_extract_version(wiji) IS 'version nibble of a wiji (always 1)';
CREATE FUNCTION wiji_extract_node(wiji) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_extract_node(wiji) IS '52-bit node of a wiji';
CREATE FUNCTION wiji_from_parts(ts timestamptz, sequence integer DEFAULT 0, node bigint DEFAULT 0)
RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_from_parts(timestamptz, integer, bigint) IS
'wiji from its fields; wiji_from_parts(ts) is the smallest wiji at ts';
CREATE FUNCTION wiji_to_hex(wiji) RETURNS text
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_to_hex(wiji) IS 'the 16 bytes of a wiji as 32 lower-case hex digits';
CREATE FUNCTION gen_wiji() RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_wiji() IS
'new wiji; strictly increasing per session, or per server with idgen.monotonic = server';
