-- A floor for the snowflake generator (1.4): a move from pgEdge's
-- snowflake.nextval(), whose values may be ahead of the clock

CREATE FUNCTION snowflake_continue_above(value bigint) RETURNS void
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION snowflake_continue_above(bigint) IS
'make every later gen_snowflake() value of this server greater than value: waits until the clock has passed its millisecond (at most 60 s ahead), and keeps it in the high-water mark when preloaded';
