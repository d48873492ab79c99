-- Objects shared by every type

\echo Use "CREATE EXTENSION idgen" to load this file. \quit

CREATE FUNCTION idgen_stats(
    OUT generator text,
    OUT scope text,
    OUT node text,
    OUT node_source text,
    OUT generated bigint,
    OUT clock_regressions bigint,
    OUT overflow_waits bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME' LANGUAGE C STRICT VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION idgen_stats() IS
'one row per generator: scope, node fields in effect, and server-wide totals of ids generated, clock regressions seen and sequence overflows';

CREATE FUNCTION idgen_node_record() RETURNS void AS 'MODULE_PATHNAME' LANGUAGE C; SELECT idgen_node_record(); DROP FUNCTION idgen_node_record();
