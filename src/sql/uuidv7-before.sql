-- The planner's upper bound of a uuid compared with a time known at run
-- time (1.4): the largest uuid before the time, so that the index condition
-- keeps the max uuid for a time after 10889, which is above every uuid.

CREATE FUNCTION idgen_uuidv7_bound_before(timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_uuidv7_bound_before(timestamptz) IS
'the largest uuid before a time, for the planner: the one just below uuidv7_from_parts(ts), the nil uuid before 1970, the max uuid after 10889';
COMMENT ON FUNCTION idgen_uuidv7_bound(timestamptz) IS
'the smallest uuid at or after a time, for the planner: uuidv7_from_parts(ts), the nil uuid before 1970, the max uuid after 10889';
