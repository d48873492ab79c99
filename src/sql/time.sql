-- Objects shared by every type's comparisons with times

CREATE FUNCTION idgen_range_start(tstzrange) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_range_start(tstzrange) IS
'first microsecond of a range: infinity when it is empty, -infinity when unbounded below';
CREATE FUNCTION idgen_range_end(tstzrange) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_range_end(tstzrange) IS
'first microsecond after a range: -infinity when it is empty, infinity when unbounded above';
