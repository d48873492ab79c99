-- 1.0 made the casts between uuid and the types that hold the same 16 bytes
-- with functions, and stored their calls in index expressions; since 1.1
-- the casts copy the bytes.  This support function simplifies a call of
-- those functions to the binary cast, in queries and, through the relcache,
-- in stored index expressions and predicates, so that both read the same.
CREATE FUNCTION idgen_binary_cast_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_binary_cast_support(internal) IS
'planner support for T_to_uuid and T_from_uuid where the cast copies the 16 bytes: a call becomes that cast';
