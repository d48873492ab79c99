-- Snowflake ids on bigint (SPEC section 12): pgEdge's layout and epoch, no new type

CREATE FUNCTION gen_snowflake() RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_snowflake() IS
'new snowflake id (bigint) from the server-wide generator: milliseconds since 2023-01-01 UTC << 22 | node (idgen.snowflake_node) << 12 | sequence';
CREATE FUNCTION snowflake_extract_timestamp(bigint) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_timestamp(bigint) IS
'timestamp of a snowflake id, to the millisecond';
CREATE FUNCTION snowflake_extract_node(bigint) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_node(bigint) IS 'node of a snowflake id (0 to 1023)';
CREATE FUNCTION snowflake_extract_sequence(bigint) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_sequence(bigint) IS
'sequence of a snowflake id within its millisecond (0 to 4095)';
CREATE FUNCTION snowflake_from_parts(ts timestamptz, node integer DEFAULT 0, sequence integer DEFAULT 0)
RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_from_parts(timestamptz, integer, integer) IS
'snowflake id from its fields, the timestamp rounded up to the millisecond; snowflake_from_parts(ts) is the smallest snowflake id at or after ts';
