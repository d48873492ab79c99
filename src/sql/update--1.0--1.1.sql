-- Update from 1.0 to 1.1.  1.1 adds ids compared with times: operators with
-- timestamptz in each type's btree and BRIN families, and <@ tstzrange with
-- planner support (time.sql, then type-time.sql.in for each type: the same
-- files as the install script).  And the casts between uuid and the types
-- that hold the same 16 bytes copy them without a function call
-- (update--1.0--1.1-type.sql.in, after each type's part): 1.0's casts called
-- T_to_uuid and T_from_uuid, which stay, since expressions may call them.

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.1'" to load this file. \quit

-- The node record, which 1.1 writes at CREATE EXTENSION
CREATE FUNCTION idgen_node_record() RETURNS void AS 'MODULE_PATHNAME' LANGUAGE C; SELECT idgen_node_record(); DROP FUNCTION idgen_node_record();
