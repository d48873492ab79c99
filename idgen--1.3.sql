-- generated from src/sql/ by gen-sql.sh: edit those files, not this one

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

-- Objects shared by every type's comparisons with times

CREATE FUNCTION idgen_range_start(tstzrange) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_range_start(tstzrange) IS
'first microsecond of a range: infinity when it is empty, -infinity when unbounded below';
CREATE FUNCTION idgen_range_end(tstzrange) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_range_end(tstzrange) IS
'first microsecond after a range: -infinity when it is empty, infinity when unbounded above';

-- 1.0 made the casts between uuid and the types that hold the same 16 bytes
-- with functions, and stored their calls in index expressions; since 1.1
-- the casts copy the bytes.  This support function simplifies a call of
-- those functions to the binary cast, in queries and, through the relcache,
-- in stored index expressions and predicates, so that both read the same.
CREATE FUNCTION idgen_binary_cast_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_binary_cast_support(internal) IS
'planner support for T_to_uuid and T_from_uuid where the cast copies the 16 bytes: a call becomes that cast';

-- UUIDv7 on core's uuid (SPEC section 11): new in 1.3.  No type of its own
-- and nothing added to core's uuid operator family.

CREATE FUNCTION gen_uuidv7() RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_uuidv7() IS
'new RFC 9562 version 7 uuid, monotonic: within a millisecond its 74 random bits count up; per session, or per server with idgen.monotonic = server';
CREATE FUNCTION uuidv7_extract_timestamp(uuid) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_extract_timestamp(uuid) IS
'the millisecond of a version 7 uuid; null for any other version or variant';
CREATE FUNCTION uuidv7_from_parts(ts timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_from_parts(timestamptz) IS
'the smallest version 7 uuid at or after ts (rounded up to the ms): for partition bounds';
CREATE FUNCTION idgen_uuidv7_bound(timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_uuidv7_bound(timestamptz) IS
'the uuid a time compares as: uuidv7_from_parts(ts), the nil uuid before 1970, the max uuid after 10889';

-- uuid compared with times.  id op t is id op idgen_uuidv7_bound(t), by
-- bytes: for version 7 values, a time sits just before the ids made at that
-- time (SPEC section 10).  There is no =, and the operators are not in the
-- btree family (core's): the support function gives core's comparisons of
-- uuids with the bounds as their index conditions, and writes the
-- operators as those comparisons on a partition key, for partition
-- pruning.  Elsewhere they stay, and are estimated from the times of the
-- uuid column's histogram (uuid_time_sel), as the other types' are.

CREATE FUNCTION uuid_time_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_support(internal) IS
'planner support for comparisons of uuid with times: index conditions, partition pruning, selectivity';

CREATE FUNCTION uuid_time_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_sel(internal, oid, internal, integer) IS
'restriction selectivity of comparisons of uuid with timestamptz, from the times of the uuid column''s statistics';

CREATE FUNCTION uuid_lt_timestamptz(uuid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION uuid_lt_timestamptz(uuid, timestamptz) IS 'implementation of < for uuid and timestamptz';

CREATE FUNCTION timestamptz_lt_uuid(timestamptz, uuid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION timestamptz_lt_uuid(timestamptz, uuid) IS 'implementation of < for timestamptz and uuid';

CREATE FUNCTION uuid_le_timestamptz(uuid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION uuid_le_timestamptz(uuid, timestamptz) IS 'implementation of <= for uuid and timestamptz';

CREATE FUNCTION timestamptz_le_uuid(timestamptz, uuid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION timestamptz_le_uuid(timestamptz, uuid) IS 'implementation of <= for timestamptz and uuid';

CREATE FUNCTION uuid_ge_timestamptz(uuid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION uuid_ge_timestamptz(uuid, timestamptz) IS 'implementation of >= for uuid and timestamptz';

CREATE FUNCTION timestamptz_ge_uuid(timestamptz, uuid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION timestamptz_ge_uuid(timestamptz, uuid) IS 'implementation of >= for timestamptz and uuid';

CREATE FUNCTION uuid_gt_timestamptz(uuid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION uuid_gt_timestamptz(uuid, timestamptz) IS 'implementation of > for uuid and timestamptz';

CREATE FUNCTION timestamptz_gt_uuid(timestamptz, uuid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT uuid_time_support;
COMMENT ON FUNCTION timestamptz_gt_uuid(timestamptz, uuid) IS 'implementation of > for timestamptz and uuid';

CREATE OPERATOR < (
    LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_lt_timestamptz,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = uuid_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (uuid, timestamptz) IS 'less than: the uuid is before the time';

CREATE OPERATOR < (
    LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_lt_uuid,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = uuid_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (timestamptz, uuid) IS 'less than: the uuid is at or after the time';

CREATE OPERATOR <= (
    LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_le_timestamptz,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = uuid_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (uuid, timestamptz) IS 'less than or equal: the uuid is before the time';

CREATE OPERATOR <= (
    LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_le_uuid,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = uuid_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (timestamptz, uuid) IS 'less than or equal: the uuid is at or after the time';

CREATE OPERATOR >= (
    LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_ge_timestamptz,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = uuid_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (uuid, timestamptz) IS 'greater than or equal: the uuid is at or after the time';

CREATE OPERATOR >= (
    LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_ge_uuid,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = uuid_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (timestamptz, uuid) IS 'greater than or equal: the uuid is before the time';

CREATE OPERATOR > (
    LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_gt_timestamptz,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = uuid_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (uuid, timestamptz) IS 'greater than: the uuid is at or after the time';

CREATE OPERATOR > (
    LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_gt_uuid,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = uuid_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (timestamptz, uuid) IS 'greater than: the uuid is before the time';

-- uuids in a range of times: id >= the bound of its start and < that of
-- its end, an unbounded or infinite side no condition

CREATE FUNCTION uuid_tstzrange_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of uuid <@ tstzrange and <@ tstzmultirange, from the times of the uuid column''s statistics';

CREATE FUNCTION uuid_contained_by_tstzrange(uuid, tstzrange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT uuid_time_support;
COMMENT ON FUNCTION uuid_contained_by_tstzrange(uuid, tstzrange) IS 'implementation of <@ for uuid and tstzrange';
CREATE FUNCTION tstzrange_contains_uuid(tstzrange, uuid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT uuid_time_support;
COMMENT ON FUNCTION tstzrange_contains_uuid(tstzrange, uuid) IS 'implementation of @> for tstzrange and uuid';
CREATE OPERATOR <@ (
    LEFTARG = uuid, RIGHTARG = tstzrange, FUNCTION = uuid_contained_by_tstzrange,
    COMMUTATOR = @>,
    RESTRICT = uuid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (uuid, tstzrange) IS 'is contained by: the uuid''s time lies in the range';
CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = uuid, FUNCTION = tstzrange_contains_uuid,
    COMMUTATOR = <@,
    RESTRICT = uuid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzrange, uuid) IS 'contains: the uuid''s time lies in the range';

CREATE FUNCTION uuid_contained_by_tstzmultirange(uuid, tstzmultirange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT uuid_time_support;
COMMENT ON FUNCTION uuid_contained_by_tstzmultirange(uuid, tstzmultirange) IS 'implementation of <@ for uuid and tstzmultirange';
CREATE FUNCTION tstzmultirange_contains_uuid(tstzmultirange, uuid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT uuid_time_support;
COMMENT ON FUNCTION tstzmultirange_contains_uuid(tstzmultirange, uuid) IS 'implementation of @> for tstzmultirange and uuid';
CREATE OPERATOR <@ (
    LEFTARG = uuid, RIGHTARG = tstzmultirange, FUNCTION = uuid_contained_by_tstzmultirange,
    COMMUTATOR = @>,
    RESTRICT = uuid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (uuid, tstzmultirange) IS 'is contained by: the uuid''s time lies in one of the ranges';
CREATE OPERATOR @> (
    LEFTARG = tstzmultirange, RIGHTARG = uuid, FUNCTION = tstzmultirange_contains_uuid,
    COMMUTATOR = <@,
    RESTRICT = uuid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzmultirange, uuid) IS 'contains: the uuid''s time lies in one of the ranges';

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

-- wiji: the type and what it shares with every idgen type

CREATE TYPE wiji;

CREATE FUNCTION wiji_in(cstring) RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_in(cstring) IS 'text input of wiji';
CREATE FUNCTION wiji_out(wiji) RETURNS cstring
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_out(wiji) IS 'canonical text of wiji';
CREATE FUNCTION wiji_recv(internal) RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_recv(internal) IS 'binary input of wiji';
CREATE FUNCTION wiji_send(wiji) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_send(wiji) IS 'binary output of wiji';

CREATE TYPE wiji (
    INPUT = wiji_in,
    OUTPUT = wiji_out,
    RECEIVE = wiji_recv,
    SEND = wiji_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);
COMMENT ON TYPE wiji[] IS 'array of wiji';

-- Comparison

CREATE FUNCTION wiji_eq(wiji, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_eq(wiji, wiji) IS 'implementation of = for wiji';
CREATE FUNCTION wiji_ne(wiji, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_ne(wiji, wiji) IS 'implementation of <> for wiji';
CREATE FUNCTION wiji_lt(wiji, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_lt(wiji, wiji) IS 'implementation of < for wiji';
CREATE FUNCTION wiji_le(wiji, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_le(wiji, wiji) IS 'implementation of <= for wiji';
CREATE FUNCTION wiji_gt(wiji, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_gt(wiji, wiji) IS 'implementation of > for wiji';
CREATE FUNCTION wiji_ge(wiji, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_ge(wiji, wiji) IS 'implementation of >= for wiji';
CREATE FUNCTION wiji_cmp(wiji, wiji) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_cmp(wiji, wiji) IS 'three-way comparison of wiji (btree support)';
CREATE FUNCTION wiji_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_sortsupport(internal) IS 'sort support for wiji, with abbreviated keys';
CREATE FUNCTION wiji_hash(wiji) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_hash(wiji) IS 'hash of wiji';
CREATE FUNCTION wiji_hash_extended(wiji, bigint) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_hash_extended(wiji, bigint) IS '64-bit seeded hash of wiji';
CREATE FUNCTION wiji_smaller(wiji, wiji) RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_smaller(wiji, wiji) IS 'smaller of two wiji values';
CREATE FUNCTION wiji_larger(wiji, wiji) RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_larger(wiji, wiji) IS 'larger of two wiji values';
CREATE FUNCTION wiji_minmax_multi_distance(internal, internal) RETURNS double precision
AS 'MODULE_PATHNAME', 'wiji_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_minmax_multi_distance(internal, internal) IS
'distance between two wiji values for BRIN minmax-multi: their leading bytes read as numbers';

CREATE OPERATOR = (
    LEFTARG = wiji, RIGHTARG = wiji, FUNCTION = wiji_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, MERGES, HASHES
);
COMMENT ON OPERATOR = (wiji, wiji) IS 'equal';
CREATE OPERATOR <> (
    LEFTARG = wiji, RIGHTARG = wiji, FUNCTION = wiji_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (wiji, wiji) IS 'not equal';
CREATE OPERATOR < (
    LEFTARG = wiji, RIGHTARG = wiji, FUNCTION = wiji_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (wiji, wiji) IS 'less than';
CREATE OPERATOR <= (
    LEFTARG = wiji, RIGHTARG = wiji, FUNCTION = wiji_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (wiji, wiji) IS 'less than or equal';
CREATE OPERATOR > (
    LEFTARG = wiji, RIGHTARG = wiji, FUNCTION = wiji_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (wiji, wiji) IS 'greater than';
CREATE OPERATOR >= (
    LEFTARG = wiji, RIGHTARG = wiji, FUNCTION = wiji_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (wiji, wiji) IS 'greater than or equal';

-- Operator classes

CREATE OPERATOR CLASS wiji_ops DEFAULT FOR TYPE wiji USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 wiji_cmp(wiji, wiji),
    FUNCTION 2 wiji_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS wiji_ops USING btree IS 'default btree operator class for wiji';
COMMENT ON OPERATOR FAMILY wiji_ops USING btree IS 'btree operators for wiji';

CREATE OPERATOR CLASS wiji_ops DEFAULT FOR TYPE wiji USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 wiji_hash(wiji),
    FUNCTION 2 wiji_hash_extended(wiji, bigint);
COMMENT ON OPERATOR CLASS wiji_ops USING hash IS 'default hash operator class for wiji';
COMMENT ON OPERATOR FAMILY wiji_ops USING hash IS 'hash operators for wiji';

CREATE OPERATOR CLASS wiji_minmax_ops DEFAULT FOR TYPE wiji USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal);
COMMENT ON OPERATOR CLASS wiji_minmax_ops USING brin IS 'BRIN minmax operator class for wiji';
COMMENT ON OPERATOR FAMILY wiji_minmax_ops USING brin IS 'BRIN minmax operators for wiji';

-- minmax-multi and bloom BRIN exist from PostgreSQL 14 on
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            CREATE OPERATOR CLASS wiji_minmax_multi_ops FOR TYPE wiji USING brin AS
                OPERATOR 1 <,
                OPERATOR 2 <=,
                OPERATOR 3 =,
                OPERATOR 4 >=,
                OPERATOR 5 >,
                FUNCTION 1 brin_minmax_multi_opcinfo(internal),
                FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
                FUNCTION 5 brin_minmax_multi_options(internal),
                FUNCTION 11 wiji_minmax_multi_distance(internal, internal);
            COMMENT ON OPERATOR CLASS wiji_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operator class for wiji';
            COMMENT ON OPERATOR FAMILY wiji_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operators for wiji';
            CREATE OPERATOR CLASS wiji_bloom_ops FOR TYPE wiji USING brin AS
                OPERATOR 1 =,
                FUNCTION 1 brin_bloom_opcinfo(internal),
                FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_bloom_union(internal, internal, internal),
                FUNCTION 5 brin_bloom_options(internal),
                FUNCTION 11 wiji_hash(wiji);
            COMMENT ON OPERATOR CLASS wiji_bloom_ops USING brin IS
                'BRIN bloom operator class for wiji';
            COMMENT ON OPERATOR FAMILY wiji_bloom_ops USING brin IS
                'BRIN bloom operators for wiji';
        $sql$;
    END IF;
END
$do$;

-- Aggregates (SORTOP lets the planner answer them from a btree index)

CREATE AGGREGATE min(wiji) (
    SFUNC = wiji_smaller, STYPE = wiji, COMBINEFUNC = wiji_smaller,
    SORTOP = <, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(wiji) IS 'smallest wiji value';
CREATE AGGREGATE max(wiji) (
    SFUNC = wiji_larger, STYPE = wiji, COMBINEFUNC = wiji_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(wiji) IS 'largest wiji value';

-- Casts (all explicit) and validation.  A cast to or from uuid is either
-- WITHOUT FUNCTION, where the 16 bytes stay as they are and every uuid is a
-- valid wiji, or WITH FUNCTION wiji_to_uuid/wiji_from_uuid (the type's
-- "-- cast to uuid:" and "-- cast from uuid:" lines choose).  The functions
-- exist for every type, so that expressions that call them keep working.

CREATE FUNCTION wiji_to_uuid(wiji) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_to_uuid(wiji) IS 'wiji as uuid';
CREATE FUNCTION wiji_from_uuid(uuid) RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_from_uuid(uuid) IS 'wiji from uuid; rejects a uuid that holds no valid wiji';
CREATE FUNCTION wiji_to_bytea(wiji) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_to_bytea(wiji) IS 'the bytes of wiji, big-endian';
CREATE FUNCTION wiji_from_bytea(bytea) RETURNS wiji
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_from_bytea(bytea) IS 'wiji from its bytes; rejects a wrong length or an invalid value';
CREATE FUNCTION wiji_extract_timestamp(wiji) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_extract_timestamp(wiji) IS 'the time a wiji carries, at the type''s resolution';
CREATE FUNCTION wiji_is_valid(text) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_is_valid(text) IS 'whether the text is a valid wiji input; never raises';

CREATE CAST (wiji AS uuid) WITHOUT FUNCTION;
COMMENT ON CAST (wiji AS uuid) IS 'wiji to uuid';
CREATE CAST (uuid AS wiji) WITH FUNCTION wiji_from_uuid(uuid);
COMMENT ON CAST (uuid AS wiji) IS 'uuid to wiji';
CREATE CAST (wiji AS bytea) WITH FUNCTION wiji_to_bytea(wiji);
COMMENT ON CAST (wiji AS bytea) IS 'wiji to its bytes';
CREATE CAST (bytea AS wiji) WITH FUNCTION wiji_from_bytea(bytea);
COMMENT ON CAST (bytea AS wiji) IS 'bytes to wiji';
CREATE CAST (wiji AS timestamptz) WITH FUNCTION wiji_extract_timestamp(wiji);
COMMENT ON CAST (wiji AS timestamptz) IS 'the time a wiji carries';

-- wiji compared with times: new in 1.1.  The update from 1.0 runs this same
-- template, so that an updated database and a new one hold the same objects.

-- Ids compared with times (SPEC section 10).  A time sits just before the
-- ids made at that time (before wiji_from_parts(t), rounded up to the type's
-- tick): id >= t and id > t hold when the id's time is at or after t,
-- id < t and id <= t when it is before t, and id = t never.  In the btree
-- family, with core's timestamptz comparisons, so that a btree index on the
-- id, and partition pruning on it, answer conditions on time.  Rows are
-- estimated from the times of the id column's histogram, the bounds on one
-- column together as the range they make (wiji_time_sel).

CREATE FUNCTION wiji_time_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_time_support(internal) IS
'planner support for comparisons of wiji with times: index conditions, partition pruning, selectivity';
CREATE FUNCTION wiji_cmp_timestamptz(wiji, timestamptz) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION wiji_cmp_timestamptz(wiji, timestamptz) IS
'three-way comparison of wiji with a time, never 0 (btree support)';
CREATE FUNCTION timestamptz_cmp_wiji(timestamptz, wiji) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION timestamptz_cmp_wiji(timestamptz, wiji) IS
'three-way comparison of a time with wiji, never 0 (btree support)';

CREATE FUNCTION wiji_time_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_time_sel(internal, oid, internal, integer) IS
'restriction selectivity of wiji compared with a time, from the times of the wiji column''s statistics, with the other bounds on the column';

CREATE FUNCTION wiji_lt_timestamptz(wiji, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_lt_timestamptz(wiji, timestamptz) IS 'implementation of < for wiji and timestamptz';
CREATE FUNCTION timestamptz_lt_wiji(timestamptz, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION timestamptz_lt_wiji(timestamptz, wiji) IS 'implementation of < for timestamptz and wiji';

CREATE FUNCTION wiji_le_timestamptz(wiji, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_le_timestamptz(wiji, timestamptz) IS 'implementation of <= for wiji and timestamptz';
CREATE FUNCTION timestamptz_le_wiji(timestamptz, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION timestamptz_le_wiji(timestamptz, wiji) IS 'implementation of <= for timestamptz and wiji';

CREATE FUNCTION wiji_eq_timestamptz(wiji, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_eq_timestamptz(wiji, timestamptz) IS 'implementation of = for wiji and timestamptz';
CREATE FUNCTION timestamptz_eq_wiji(timestamptz, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION timestamptz_eq_wiji(timestamptz, wiji) IS 'implementation of = for timestamptz and wiji';

CREATE FUNCTION wiji_ge_timestamptz(wiji, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_ge_timestamptz(wiji, timestamptz) IS 'implementation of >= for wiji and timestamptz';
CREATE FUNCTION timestamptz_ge_wiji(timestamptz, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION timestamptz_ge_wiji(timestamptz, wiji) IS 'implementation of >= for timestamptz and wiji';

CREATE FUNCTION wiji_gt_timestamptz(wiji, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_gt_timestamptz(wiji, timestamptz) IS 'implementation of > for wiji and timestamptz';
CREATE FUNCTION timestamptz_gt_wiji(timestamptz, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT wiji_time_support;
COMMENT ON FUNCTION timestamptz_gt_wiji(timestamptz, wiji) IS 'implementation of > for timestamptz and wiji';


CREATE OPERATOR < (
    LEFTARG = wiji, RIGHTARG = timestamptz, FUNCTION = wiji_lt_timestamptz,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = wiji_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (wiji, timestamptz) IS 'less than: the id was made before the time';

CREATE OPERATOR < (
    LEFTARG = timestamptz, RIGHTARG = wiji, FUNCTION = timestamptz_lt_wiji,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = wiji_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (timestamptz, wiji) IS 'less than: the id was made at or after the time';

CREATE OPERATOR <= (
    LEFTARG = wiji, RIGHTARG = timestamptz, FUNCTION = wiji_le_timestamptz,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = wiji_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (wiji, timestamptz) IS 'less than or equal: the id was made before the time';

CREATE OPERATOR <= (
    LEFTARG = timestamptz, RIGHTARG = wiji, FUNCTION = timestamptz_le_wiji,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = wiji_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (timestamptz, wiji) IS 'less than or equal: the id was made at or after the time';

CREATE OPERATOR = (
    LEFTARG = wiji, RIGHTARG = timestamptz, FUNCTION = wiji_eq_timestamptz,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (wiji, timestamptz) IS 'equal: never true';

CREATE OPERATOR = (
    LEFTARG = timestamptz, RIGHTARG = wiji, FUNCTION = timestamptz_eq_wiji,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (timestamptz, wiji) IS 'equal: never true';

CREATE OPERATOR >= (
    LEFTARG = wiji, RIGHTARG = timestamptz, FUNCTION = wiji_ge_timestamptz,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = wiji_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (wiji, timestamptz) IS 'greater than or equal: the id was made at or after the time';

CREATE OPERATOR >= (
    LEFTARG = timestamptz, RIGHTARG = wiji, FUNCTION = timestamptz_ge_wiji,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = wiji_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (timestamptz, wiji) IS 'greater than or equal: the id was made before the time';

CREATE OPERATOR > (
    LEFTARG = wiji, RIGHTARG = timestamptz, FUNCTION = wiji_gt_timestamptz,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = wiji_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (wiji, timestamptz) IS 'greater than: the id was made at or after the time';

CREATE OPERATOR > (
    LEFTARG = timestamptz, RIGHTARG = wiji, FUNCTION = timestamptz_gt_wiji,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = wiji_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (timestamptz, wiji) IS 'greater than: the id was made before the time';

-- BRIN minmax and minmax-multi indexes compare their ranges' ends with the
-- time (cross-type operators need no support functions there)
ALTER OPERATOR FAMILY wiji_minmax_ops USING brin ADD
    OPERATOR 1 < (wiji, timestamptz),
    OPERATOR 2 <= (wiji, timestamptz),
    OPERATOR 3 = (wiji, timestamptz),
    OPERATOR 4 >= (wiji, timestamptz),
    OPERATOR 5 > (wiji, timestamptz);
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            ALTER OPERATOR FAMILY wiji_minmax_multi_ops USING brin ADD
                OPERATOR 1 < (wiji, timestamptz),
                OPERATOR 2 <= (wiji, timestamptz),
                OPERATOR 3 = (wiji, timestamptz),
                OPERATOR 4 >= (wiji, timestamptz),
                OPERATOR 5 > (wiji, timestamptz);
        $sql$;
    END IF;
END
$do$;

ALTER OPERATOR FAMILY wiji_ops USING btree ADD
    OPERATOR 1 < (wiji, timestamptz),
    OPERATOR 2 <= (wiji, timestamptz),
    OPERATOR 3 = (wiji, timestamptz),
    OPERATOR 4 >= (wiji, timestamptz),
    OPERATOR 5 > (wiji, timestamptz),
    FUNCTION 1 (wiji, timestamptz) wiji_cmp_timestamptz(wiji, timestamptz),
    OPERATOR 1 < (timestamptz, wiji),
    OPERATOR 2 <= (timestamptz, wiji),
    OPERATOR 3 = (timestamptz, wiji),
    OPERATOR 4 >= (timestamptz, wiji),
    OPERATOR 5 > (timestamptz, wiji),
    FUNCTION 1 (timestamptz, wiji) timestamptz_cmp_wiji(timestamptz, wiji),
    OPERATOR 1 < (timestamptz, timestamptz),
    OPERATOR 2 <= (timestamptz, timestamptz),
    OPERATOR 3 = (timestamptz, timestamptz),
    OPERATOR 4 >= (timestamptz, timestamptz),
    OPERATOR 5 > (timestamptz, timestamptz),
    FUNCTION 1 (timestamptz, timestamptz) timestamptz_cmp(timestamptz, timestamptz);

-- Ids in a range of times: exactly when the id's time lies in the range.  Not
-- in the btree family: the support function gives a btree index the two
-- comparisons that are equivalent, and partition pruning too.

CREATE FUNCTION wiji_contained_by_tstzrange(wiji, tstzrange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_contained_by_tstzrange(wiji, tstzrange) IS 'implementation of <@ for wiji and tstzrange';
CREATE FUNCTION tstzrange_contains_wiji(tstzrange, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT wiji_time_support;
COMMENT ON FUNCTION tstzrange_contains_wiji(tstzrange, wiji) IS 'implementation of @> for tstzrange and wiji';
CREATE FUNCTION wiji_tstzrange_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION wiji_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of wiji <@ tstzrange, from the times of the wiji column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = wiji, RIGHTARG = tstzrange, FUNCTION = wiji_contained_by_tstzrange,
    COMMUTATOR = @>,
    RESTRICT = wiji_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (wiji, tstzrange) IS 'is contained by: the id was made at a time in the range';
CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = wiji, FUNCTION = tstzrange_contains_wiji,
    COMMUTATOR = <@,
    RESTRICT = wiji_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzrange, wiji) IS 'contains: the id was made at a time in the range';

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

-- wiji in a tstzmultirange: new in 1.2.  Exactly when the id's time lies in
-- one of the multirange's ranges.  The support function of <@ tstzrange
-- serves it too: a btree or BRIN index on the id is scanned between the
-- multirange's overall bounds, and the operator checks each id found.  Its
-- estimator too, which sums the estimates of the ranges.

CREATE FUNCTION wiji_contained_by_tstzmultirange(wiji, tstzmultirange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT wiji_time_support;
COMMENT ON FUNCTION wiji_contained_by_tstzmultirange(wiji, tstzmultirange) IS
'implementation of <@ for wiji and tstzmultirange';
CREATE FUNCTION tstzmultirange_contains_wiji(tstzmultirange, wiji) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT wiji_time_support;
COMMENT ON FUNCTION tstzmultirange_contains_wiji(tstzmultirange, wiji) IS
'implementation of @> for tstzmultirange and wiji';
COMMENT ON FUNCTION wiji_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of wiji <@ tstzrange and <@ tstzmultirange, from the times of the wiji column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = wiji, RIGHTARG = tstzmultirange, FUNCTION = wiji_contained_by_tstzmultirange,
    COMMUTATOR = @>,
    RESTRICT = wiji_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (wiji, tstzmultirange) IS 'is contained by: the id was made at a time in one of the ranges';
CREATE OPERATOR @> (
    LEFTARG = tstzmultirange, RIGHTARG = wiji, FUNCTION = tstzmultirange_contains_wiji,
    COMMUTATOR = <@,
    RESTRICT = wiji_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzmultirange, wiji) IS 'contains: the id was made at a time in one of the ranges';

-- wiji's cast functions where the cast to or from uuid is binary: a call of
-- them is planned as the cast (new in 1.2; see binary-cast.sql)
ALTER FUNCTION wiji_to_uuid(wiji) SUPPORT idgen_binary_cast_support;

-- sno: the type and what it shares with every idgen type

CREATE TYPE sno;

CREATE FUNCTION sno_in(cstring) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_in(cstring) IS 'text input of sno';
CREATE FUNCTION sno_out(sno) RETURNS cstring
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_out(sno) IS 'canonical text of sno';
CREATE FUNCTION sno_recv(internal) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_recv(internal) IS 'binary input of sno';
CREATE FUNCTION sno_send(sno) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_send(sno) IS 'binary output of sno';

CREATE TYPE sno (
    INPUT = sno_in,
    OUTPUT = sno_out,
    RECEIVE = sno_recv,
    SEND = sno_send,
    INTERNALLENGTH = 10,
    ALIGNMENT = char,
    STORAGE = plain
);
COMMENT ON TYPE sno[] IS 'array of sno';

-- Comparison

CREATE FUNCTION sno_eq(sno, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_eq(sno, sno) IS 'implementation of = for sno';
CREATE FUNCTION sno_ne(sno, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_ne(sno, sno) IS 'implementation of <> for sno';
CREATE FUNCTION sno_lt(sno, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_lt(sno, sno) IS 'implementation of < for sno';
CREATE FUNCTION sno_le(sno, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_le(sno, sno) IS 'implementation of <= for sno';
CREATE FUNCTION sno_gt(sno, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_gt(sno, sno) IS 'implementation of > for sno';
CREATE FUNCTION sno_ge(sno, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_ge(sno, sno) IS 'implementation of >= for sno';
CREATE FUNCTION sno_cmp(sno, sno) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_cmp(sno, sno) IS 'three-way comparison of sno (btree support)';
CREATE FUNCTION sno_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_sortsupport(internal) IS 'sort support for sno, with abbreviated keys';
CREATE FUNCTION sno_hash(sno) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_hash(sno) IS 'hash of sno';
CREATE FUNCTION sno_hash_extended(sno, bigint) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_hash_extended(sno, bigint) IS '64-bit seeded hash of sno';
CREATE FUNCTION sno_smaller(sno, sno) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_smaller(sno, sno) IS 'smaller of two sno values';
CREATE FUNCTION sno_larger(sno, sno) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_larger(sno, sno) IS 'larger of two sno values';
CREATE FUNCTION sno_minmax_multi_distance(internal, internal) RETURNS double precision
AS 'MODULE_PATHNAME', 'sno_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_minmax_multi_distance(internal, internal) IS
'distance between two sno values for BRIN minmax-multi: their leading bytes read as numbers';

CREATE OPERATOR = (
    LEFTARG = sno, RIGHTARG = sno, FUNCTION = sno_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, MERGES, HASHES
);
COMMENT ON OPERATOR = (sno, sno) IS 'equal';
CREATE OPERATOR <> (
    LEFTARG = sno, RIGHTARG = sno, FUNCTION = sno_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (sno, sno) IS 'not equal';
CREATE OPERATOR < (
    LEFTARG = sno, RIGHTARG = sno, FUNCTION = sno_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (sno, sno) IS 'less than';
CREATE OPERATOR <= (
    LEFTARG = sno, RIGHTARG = sno, FUNCTION = sno_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (sno, sno) IS 'less than or equal';
CREATE OPERATOR > (
    LEFTARG = sno, RIGHTARG = sno, FUNCTION = sno_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (sno, sno) IS 'greater than';
CREATE OPERATOR >= (
    LEFTARG = sno, RIGHTARG = sno, FUNCTION = sno_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (sno, sno) IS 'greater than or equal';

-- Operator classes

CREATE OPERATOR CLASS sno_ops DEFAULT FOR TYPE sno USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 sno_cmp(sno, sno),
    FUNCTION 2 sno_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS sno_ops USING btree IS 'default btree operator class for sno';
COMMENT ON OPERATOR FAMILY sno_ops USING btree IS 'btree operators for sno';

CREATE OPERATOR CLASS sno_ops DEFAULT FOR TYPE sno USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 sno_hash(sno),
    FUNCTION 2 sno_hash_extended(sno, bigint);
COMMENT ON OPERATOR CLASS sno_ops USING hash IS 'default hash operator class for sno';
COMMENT ON OPERATOR FAMILY sno_ops USING hash IS 'hash operators for sno';

CREATE OPERATOR CLASS sno_minmax_ops DEFAULT FOR TYPE sno USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal);
COMMENT ON OPERATOR CLASS sno_minmax_ops USING brin IS 'BRIN minmax operator class for sno';
COMMENT ON OPERATOR FAMILY sno_minmax_ops USING brin IS 'BRIN minmax operators for sno';

-- minmax-multi and bloom BRIN exist from PostgreSQL 14 on
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            CREATE OPERATOR CLASS sno_minmax_multi_ops FOR TYPE sno USING brin AS
                OPERATOR 1 <,
                OPERATOR 2 <=,
                OPERATOR 3 =,
                OPERATOR 4 >=,
                OPERATOR 5 >,
                FUNCTION 1 brin_minmax_multi_opcinfo(internal),
                FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
                FUNCTION 5 brin_minmax_multi_options(internal),
                FUNCTION 11 sno_minmax_multi_distance(internal, internal);
            COMMENT ON OPERATOR CLASS sno_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operator class for sno';
            COMMENT ON OPERATOR FAMILY sno_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operators for sno';
            CREATE OPERATOR CLASS sno_bloom_ops FOR TYPE sno USING brin AS
                OPERATOR 1 =,
                FUNCTION 1 brin_bloom_opcinfo(internal),
                FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_bloom_union(internal, internal, internal),
                FUNCTION 5 brin_bloom_options(internal),
                FUNCTION 11 sno_hash(sno);
            COMMENT ON OPERATOR CLASS sno_bloom_ops USING brin IS
                'BRIN bloom operator class for sno';
            COMMENT ON OPERATOR FAMILY sno_bloom_ops USING brin IS
                'BRIN bloom operators for sno';
        $sql$;
    END IF;
END
$do$;

-- Aggregates (SORTOP lets the planner answer them from a btree index)

CREATE AGGREGATE min(sno) (
    SFUNC = sno_smaller, STYPE = sno, COMBINEFUNC = sno_smaller,
    SORTOP = <, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(sno) IS 'smallest sno value';
CREATE AGGREGATE max(sno) (
    SFUNC = sno_larger, STYPE = sno, COMBINEFUNC = sno_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(sno) IS 'largest sno value';

-- Casts (all explicit) and validation.  A cast to or from uuid is either
-- WITHOUT FUNCTION, where the 16 bytes stay as they are and every uuid is a
-- valid sno, or WITH FUNCTION sno_to_uuid/sno_from_uuid (the type's
-- "-- cast to uuid:" and "-- cast from uuid:" lines choose).  The functions
-- exist for every type, so that expressions that call them keep working.

CREATE FUNCTION sno_to_uuid(sno) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_to_uuid(sno) IS 'sno as uuid';
CREATE FUNCTION sno_from_uuid(uuid) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_from_uuid(uuid) IS 'sno from uuid; rejects a uuid that holds no valid sno';
CREATE FUNCTION sno_to_bytea(sno) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_to_bytea(sno) IS 'the bytes of sno, big-endian';
CREATE FUNCTION sno_from_bytea(bytea) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_from_bytea(bytea) IS 'sno from its bytes; rejects a wrong length or an invalid value';
CREATE FUNCTION sno_extract_timestamp(sno) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_extract_timestamp(sno) IS 'the time a sno carries, at the type''s resolution';
CREATE FUNCTION sno_is_valid(text) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_is_valid(text) IS 'whether the text is a valid sno input; never raises';

CREATE CAST (sno AS uuid) WITH FUNCTION sno_to_uuid(sno);
COMMENT ON CAST (sno AS uuid) IS 'sno to uuid';
CREATE CAST (uuid AS sno) WITH FUNCTION sno_from_uuid(uuid);
COMMENT ON CAST (uuid AS sno) IS 'uuid to sno';
CREATE CAST (sno AS bytea) WITH FUNCTION sno_to_bytea(sno);
COMMENT ON CAST (sno AS bytea) IS 'sno to its bytes';
CREATE CAST (bytea AS sno) WITH FUNCTION sno_from_bytea(bytea);
COMMENT ON CAST (bytea AS sno) IS 'bytes to sno';
CREATE CAST (sno AS timestamptz) WITH FUNCTION sno_extract_timestamp(sno);
COMMENT ON CAST (sno AS timestamptz) IS 'the time a sno carries';

-- sno compared with times: new in 1.1.  The update from 1.0 runs this same
-- template, so that an updated database and a new one hold the same objects.

-- Ids compared with times (SPEC section 10).  A time sits just before the
-- ids made at that time (before sno_from_parts(t), rounded up to the type's
-- tick): id >= t and id > t hold when the id's time is at or after t,
-- id < t and id <= t when it is before t, and id = t never.  In the btree
-- family, with core's timestamptz comparisons, so that a btree index on the
-- id, and partition pruning on it, answer conditions on time.  Rows are
-- estimated from the times of the id column's histogram, the bounds on one
-- column together as the range they make (sno_time_sel).

CREATE FUNCTION sno_time_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_time_support(internal) IS
'planner support for comparisons of sno with times: index conditions, partition pruning, selectivity';
CREATE FUNCTION sno_cmp_timestamptz(sno, timestamptz) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION sno_cmp_timestamptz(sno, timestamptz) IS
'three-way comparison of sno with a time, never 0 (btree support)';
CREATE FUNCTION timestamptz_cmp_sno(timestamptz, sno) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION timestamptz_cmp_sno(timestamptz, sno) IS
'three-way comparison of a time with sno, never 0 (btree support)';

CREATE FUNCTION sno_time_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_time_sel(internal, oid, internal, integer) IS
'restriction selectivity of sno compared with a time, from the times of the sno column''s statistics, with the other bounds on the column';

CREATE FUNCTION sno_lt_timestamptz(sno, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_lt_timestamptz(sno, timestamptz) IS 'implementation of < for sno and timestamptz';
CREATE FUNCTION timestamptz_lt_sno(timestamptz, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION timestamptz_lt_sno(timestamptz, sno) IS 'implementation of < for timestamptz and sno';

CREATE FUNCTION sno_le_timestamptz(sno, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_le_timestamptz(sno, timestamptz) IS 'implementation of <= for sno and timestamptz';
CREATE FUNCTION timestamptz_le_sno(timestamptz, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION timestamptz_le_sno(timestamptz, sno) IS 'implementation of <= for timestamptz and sno';

CREATE FUNCTION sno_eq_timestamptz(sno, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_eq_timestamptz(sno, timestamptz) IS 'implementation of = for sno and timestamptz';
CREATE FUNCTION timestamptz_eq_sno(timestamptz, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION timestamptz_eq_sno(timestamptz, sno) IS 'implementation of = for timestamptz and sno';

CREATE FUNCTION sno_ge_timestamptz(sno, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_ge_timestamptz(sno, timestamptz) IS 'implementation of >= for sno and timestamptz';
CREATE FUNCTION timestamptz_ge_sno(timestamptz, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION timestamptz_ge_sno(timestamptz, sno) IS 'implementation of >= for timestamptz and sno';

CREATE FUNCTION sno_gt_timestamptz(sno, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_gt_timestamptz(sno, timestamptz) IS 'implementation of > for sno and timestamptz';
CREATE FUNCTION timestamptz_gt_sno(timestamptz, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT sno_time_support;
COMMENT ON FUNCTION timestamptz_gt_sno(timestamptz, sno) IS 'implementation of > for timestamptz and sno';


CREATE OPERATOR < (
    LEFTARG = sno, RIGHTARG = timestamptz, FUNCTION = sno_lt_timestamptz,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = sno_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (sno, timestamptz) IS 'less than: the id was made before the time';

CREATE OPERATOR < (
    LEFTARG = timestamptz, RIGHTARG = sno, FUNCTION = timestamptz_lt_sno,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = sno_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (timestamptz, sno) IS 'less than: the id was made at or after the time';

CREATE OPERATOR <= (
    LEFTARG = sno, RIGHTARG = timestamptz, FUNCTION = sno_le_timestamptz,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = sno_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (sno, timestamptz) IS 'less than or equal: the id was made before the time';

CREATE OPERATOR <= (
    LEFTARG = timestamptz, RIGHTARG = sno, FUNCTION = timestamptz_le_sno,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = sno_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (timestamptz, sno) IS 'less than or equal: the id was made at or after the time';

CREATE OPERATOR = (
    LEFTARG = sno, RIGHTARG = timestamptz, FUNCTION = sno_eq_timestamptz,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (sno, timestamptz) IS 'equal: never true';

CREATE OPERATOR = (
    LEFTARG = timestamptz, RIGHTARG = sno, FUNCTION = timestamptz_eq_sno,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (timestamptz, sno) IS 'equal: never true';

CREATE OPERATOR >= (
    LEFTARG = sno, RIGHTARG = timestamptz, FUNCTION = sno_ge_timestamptz,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = sno_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (sno, timestamptz) IS 'greater than or equal: the id was made at or after the time';

CREATE OPERATOR >= (
    LEFTARG = timestamptz, RIGHTARG = sno, FUNCTION = timestamptz_ge_sno,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = sno_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (timestamptz, sno) IS 'greater than or equal: the id was made before the time';

CREATE OPERATOR > (
    LEFTARG = sno, RIGHTARG = timestamptz, FUNCTION = sno_gt_timestamptz,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = sno_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (sno, timestamptz) IS 'greater than: the id was made at or after the time';

CREATE OPERATOR > (
    LEFTARG = timestamptz, RIGHTARG = sno, FUNCTION = timestamptz_gt_sno,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = sno_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (timestamptz, sno) IS 'greater than: the id was made before the time';

-- BRIN minmax and minmax-multi indexes compare their ranges' ends with the
-- time (cross-type operators need no support functions there)
ALTER OPERATOR FAMILY sno_minmax_ops USING brin ADD
    OPERATOR 1 < (sno, timestamptz),
    OPERATOR 2 <= (sno, timestamptz),
    OPERATOR 3 = (sno, timestamptz),
    OPERATOR 4 >= (sno, timestamptz),
    OPERATOR 5 > (sno, timestamptz);
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            ALTER OPERATOR FAMILY sno_minmax_multi_ops USING brin ADD
                OPERATOR 1 < (sno, timestamptz),
                OPERATOR 2 <= (sno, timestamptz),
                OPERATOR 3 = (sno, timestamptz),
                OPERATOR 4 >= (sno, timestamptz),
                OPERATOR 5 > (sno, timestamptz);
        $sql$;
    END IF;
END
$do$;

ALTER OPERATOR FAMILY sno_ops USING btree ADD
    OPERATOR 1 < (sno, timestamptz),
    OPERATOR 2 <= (sno, timestamptz),
    OPERATOR 3 = (sno, timestamptz),
    OPERATOR 4 >= (sno, timestamptz),
    OPERATOR 5 > (sno, timestamptz),
    FUNCTION 1 (sno, timestamptz) sno_cmp_timestamptz(sno, timestamptz),
    OPERATOR 1 < (timestamptz, sno),
    OPERATOR 2 <= (timestamptz, sno),
    OPERATOR 3 = (timestamptz, sno),
    OPERATOR 4 >= (timestamptz, sno),
    OPERATOR 5 > (timestamptz, sno),
    FUNCTION 1 (timestamptz, sno) timestamptz_cmp_sno(timestamptz, sno),
    OPERATOR 1 < (timestamptz, timestamptz),
    OPERATOR 2 <= (timestamptz, timestamptz),
    OPERATOR 3 = (timestamptz, timestamptz),
    OPERATOR 4 >= (timestamptz, timestamptz),
    OPERATOR 5 > (timestamptz, timestamptz),
    FUNCTION 1 (timestamptz, timestamptz) timestamptz_cmp(timestamptz, timestamptz);

-- Ids in a range of times: exactly when the id's time lies in the range.  Not
-- in the btree family: the support function gives a btree index the two
-- comparisons that are equivalent, and partition pruning too.

CREATE FUNCTION sno_contained_by_tstzrange(sno, tstzrange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_contained_by_tstzrange(sno, tstzrange) IS 'implementation of <@ for sno and tstzrange';
CREATE FUNCTION tstzrange_contains_sno(tstzrange, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT sno_time_support;
COMMENT ON FUNCTION tstzrange_contains_sno(tstzrange, sno) IS 'implementation of @> for tstzrange and sno';
CREATE FUNCTION sno_tstzrange_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of sno <@ tstzrange, from the times of the sno column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = sno, RIGHTARG = tstzrange, FUNCTION = sno_contained_by_tstzrange,
    COMMUTATOR = @>,
    RESTRICT = sno_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (sno, tstzrange) IS 'is contained by: the id was made at a time in the range';
CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = sno, FUNCTION = tstzrange_contains_sno,
    COMMUTATOR = <@,
    RESTRICT = sno_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzrange, sno) IS 'contains: the id was made at a time in the range';

-- sno: 4 ms timestamp, tick-tock bit, metabyte, partition, sequence
-- internallength: 10
-- Casts with uuid: functions that pack the 80 bits into a UUIDv8 and back.
-- cast to uuid: function
-- cast from uuid: function

COMMENT ON TYPE sno IS
'sno identifier: 39-bit 4 ms timestamp since 2010, tick-tock bit, metabyte, 16-bit partition, 16-bit sequence; 16 characters of 23456789abcdefghijklmnopqrstuvwx';

CREATE FUNCTION sno_extract_meta(sno) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_extract_meta(sno) IS 'metabyte of a sno (0 to 255)';
CREATE FUNCTION sno_extract_partition(sno) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_extract_partition(sno) IS 'partition of a sno (0 to 65535)';
CREATE FUNCTION sno_extract_sequence(sno) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_extract_sequence(sno) IS 'sequence of a sno (0 to 65535)';
CREATE FUNCTION sno_extract_tick_tock(sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_extract_tick_tock(sno) IS
'tick-tock bit of a sno: toggled by the generator each time the clock steps back';
CREATE FUNCTION sno_from_parts(ts timestamptz, meta integer DEFAULT 0, partition integer DEFAULT 0,
                               sequence integer DEFAULT 0, tick_tock boolean DEFAULT false)
RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sno_from_parts(timestamptz, integer, integer, integer, boolean) IS
'sno from its fields, the timestamp rounded up to 4 ms; sno_from_parts(ts) is the smallest sno at or after ts';
CREATE FUNCTION gen_sno(meta integer DEFAULT 0) RETURNS sno
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_sno(integer) IS
'new sno from the server-wide generator, with the given metabyte and the partition and sequence slice of the idgen.sno_* settings';

-- sno in a tstzmultirange: new in 1.2.  Exactly when the id's time lies in
-- one of the multirange's ranges.  The support function of <@ tstzrange
-- serves it too: a btree or BRIN index on the id is scanned between the
-- multirange's overall bounds, and the operator checks each id found.  Its
-- estimator too, which sums the estimates of the ranges.

CREATE FUNCTION sno_contained_by_tstzmultirange(sno, tstzmultirange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT sno_time_support;
COMMENT ON FUNCTION sno_contained_by_tstzmultirange(sno, tstzmultirange) IS
'implementation of <@ for sno and tstzmultirange';
CREATE FUNCTION tstzmultirange_contains_sno(tstzmultirange, sno) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT sno_time_support;
COMMENT ON FUNCTION tstzmultirange_contains_sno(tstzmultirange, sno) IS
'implementation of @> for tstzmultirange and sno';
COMMENT ON FUNCTION sno_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of sno <@ tstzrange and <@ tstzmultirange, from the times of the sno column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = sno, RIGHTARG = tstzmultirange, FUNCTION = sno_contained_by_tstzmultirange,
    COMMUTATOR = @>,
    RESTRICT = sno_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (sno, tstzmultirange) IS 'is contained by: the id was made at a time in one of the ranges';
CREATE OPERATOR @> (
    LEFTARG = tstzmultirange, RIGHTARG = sno, FUNCTION = tstzmultirange_contains_sno,
    COMMUTATOR = <@,
    RESTRICT = sno_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzmultirange, sno) IS 'contains: the id was made at a time in one of the ranges';

-- sno's cast functions where the cast to or from uuid is binary: a call of
-- them is planned as the cast (new in 1.2; see binary-cast.sql)

-- siq: the type and what it shares with every idgen type

CREATE TYPE siq;

CREATE FUNCTION siq_in(cstring) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_in(cstring) IS 'text input of siq';
CREATE FUNCTION siq_out(siq) RETURNS cstring
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_out(siq) IS 'canonical text of siq';
CREATE FUNCTION siq_recv(internal) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_recv(internal) IS 'binary input of siq';
CREATE FUNCTION siq_send(siq) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_send(siq) IS 'binary output of siq';

CREATE TYPE siq (
    INPUT = siq_in,
    OUTPUT = siq_out,
    RECEIVE = siq_recv,
    SEND = siq_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);
COMMENT ON TYPE siq[] IS 'array of siq';

-- Comparison

CREATE FUNCTION siq_eq(siq, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_eq(siq, siq) IS 'implementation of = for siq';
CREATE FUNCTION siq_ne(siq, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_ne(siq, siq) IS 'implementation of <> for siq';
CREATE FUNCTION siq_lt(siq, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_lt(siq, siq) IS 'implementation of < for siq';
CREATE FUNCTION siq_le(siq, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_le(siq, siq) IS 'implementation of <= for siq';
CREATE FUNCTION siq_gt(siq, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_gt(siq, siq) IS 'implementation of > for siq';
CREATE FUNCTION siq_ge(siq, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_ge(siq, siq) IS 'implementation of >= for siq';
CREATE FUNCTION siq_cmp(siq, siq) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_cmp(siq, siq) IS 'three-way comparison of siq (btree support)';
CREATE FUNCTION siq_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_sortsupport(internal) IS 'sort support for siq, with abbreviated keys';
CREATE FUNCTION siq_hash(siq) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_hash(siq) IS 'hash of siq';
CREATE FUNCTION siq_hash_extended(siq, bigint) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_hash_extended(siq, bigint) IS '64-bit seeded hash of siq';
CREATE FUNCTION siq_smaller(siq, siq) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_smaller(siq, siq) IS 'smaller of two siq values';
CREATE FUNCTION siq_larger(siq, siq) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_larger(siq, siq) IS 'larger of two siq values';
CREATE FUNCTION siq_minmax_multi_distance(internal, internal) RETURNS double precision
AS 'MODULE_PATHNAME', 'siq_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_minmax_multi_distance(internal, internal) IS
'distance between two siq values for BRIN minmax-multi: their leading bytes read as numbers';

CREATE OPERATOR = (
    LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, MERGES, HASHES
);
COMMENT ON OPERATOR = (siq, siq) IS 'equal';
CREATE OPERATOR <> (
    LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (siq, siq) IS 'not equal';
CREATE OPERATOR < (
    LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (siq, siq) IS 'less than';
CREATE OPERATOR <= (
    LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (siq, siq) IS 'less than or equal';
CREATE OPERATOR > (
    LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (siq, siq) IS 'greater than';
CREATE OPERATOR >= (
    LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (siq, siq) IS 'greater than or equal';

-- Operator classes

CREATE OPERATOR CLASS siq_ops DEFAULT FOR TYPE siq USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 siq_cmp(siq, siq),
    FUNCTION 2 siq_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS siq_ops USING btree IS 'default btree operator class for siq';
COMMENT ON OPERATOR FAMILY siq_ops USING btree IS 'btree operators for siq';

CREATE OPERATOR CLASS siq_ops DEFAULT FOR TYPE siq USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 siq_hash(siq),
    FUNCTION 2 siq_hash_extended(siq, bigint);
COMMENT ON OPERATOR CLASS siq_ops USING hash IS 'default hash operator class for siq';
COMMENT ON OPERATOR FAMILY siq_ops USING hash IS 'hash operators for siq';

CREATE OPERATOR CLASS siq_minmax_ops DEFAULT FOR TYPE siq USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal);
COMMENT ON OPERATOR CLASS siq_minmax_ops USING brin IS 'BRIN minmax operator class for siq';
COMMENT ON OPERATOR FAMILY siq_minmax_ops USING brin IS 'BRIN minmax operators for siq';

-- minmax-multi and bloom BRIN exist from PostgreSQL 14 on
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            CREATE OPERATOR CLASS siq_minmax_multi_ops FOR TYPE siq USING brin AS
                OPERATOR 1 <,
                OPERATOR 2 <=,
                OPERATOR 3 =,
                OPERATOR 4 >=,
                OPERATOR 5 >,
                FUNCTION 1 brin_minmax_multi_opcinfo(internal),
                FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
                FUNCTION 5 brin_minmax_multi_options(internal),
                FUNCTION 11 siq_minmax_multi_distance(internal, internal);
            COMMENT ON OPERATOR CLASS siq_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operator class for siq';
            COMMENT ON OPERATOR FAMILY siq_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operators for siq';
            CREATE OPERATOR CLASS siq_bloom_ops FOR TYPE siq USING brin AS
                OPERATOR 1 =,
                FUNCTION 1 brin_bloom_opcinfo(internal),
                FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_bloom_union(internal, internal, internal),
                FUNCTION 5 brin_bloom_options(internal),
                FUNCTION 11 siq_hash(siq);
            COMMENT ON OPERATOR CLASS siq_bloom_ops USING brin IS
                'BRIN bloom operator class for siq';
            COMMENT ON OPERATOR FAMILY siq_bloom_ops USING brin IS
                'BRIN bloom operators for siq';
        $sql$;
    END IF;
END
$do$;

-- Aggregates (SORTOP lets the planner answer them from a btree index)

CREATE AGGREGATE min(siq) (
    SFUNC = siq_smaller, STYPE = siq, COMBINEFUNC = siq_smaller,
    SORTOP = <, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(siq) IS 'smallest siq value';
CREATE AGGREGATE max(siq) (
    SFUNC = siq_larger, STYPE = siq, COMBINEFUNC = siq_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(siq) IS 'largest siq value';

-- Casts (all explicit) and validation.  A cast to or from uuid is either
-- WITHOUT FUNCTION, where the 16 bytes stay as they are and every uuid is a
-- valid siq, or WITH FUNCTION siq_to_uuid/siq_from_uuid (the type's
-- "-- cast to uuid:" and "-- cast from uuid:" lines choose).  The functions
-- exist for every type, so that expressions that call them keep working.

CREATE FUNCTION siq_to_uuid(siq) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_uuid(siq) IS 'siq as uuid';
CREATE FUNCTION siq_from_uuid(uuid) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_from_uuid(uuid) IS 'siq from uuid; rejects a uuid that holds no valid siq';
CREATE FUNCTION siq_to_bytea(siq) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_bytea(siq) IS 'the bytes of siq, big-endian';
CREATE FUNCTION siq_from_bytea(bytea) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_from_bytea(bytea) IS 'siq from its bytes; rejects a wrong length or an invalid value';
CREATE FUNCTION siq_extract_timestamp(siq) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_timestamp(siq) IS 'the time a siq carries, at the type''s resolution';
CREATE FUNCTION siq_is_valid(text) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_is_valid(text) IS 'whether the text is a valid siq input; never raises';

CREATE CAST (siq AS uuid) WITH FUNCTION siq_to_uuid(siq);
COMMENT ON CAST (siq AS uuid) IS 'siq to uuid';
CREATE CAST (uuid AS siq) WITH FUNCTION siq_from_uuid(uuid);
COMMENT ON CAST (uuid AS siq) IS 'uuid to siq';
CREATE CAST (siq AS bytea) WITH FUNCTION siq_to_bytea(siq);
COMMENT ON CAST (siq AS bytea) IS 'siq to its bytes';
CREATE CAST (bytea AS siq) WITH FUNCTION siq_from_bytea(bytea);
COMMENT ON CAST (bytea AS siq) IS 'bytes to siq';
CREATE CAST (siq AS timestamptz) WITH FUNCTION siq_extract_timestamp(siq);
COMMENT ON CAST (siq AS timestamptz) IS 'the time a siq carries';

-- siq compared with times: new in 1.1.  The update from 1.0 runs this same
-- template, so that an updated database and a new one hold the same objects.

-- Ids compared with times (SPEC section 10).  A time sits just before the
-- ids made at that time (before siq_from_parts(t), rounded up to the type's
-- tick): id >= t and id > t hold when the id's time is at or after t,
-- id < t and id <= t when it is before t, and id = t never.  In the btree
-- family, with core's timestamptz comparisons, so that a btree index on the
-- id, and partition pruning on it, answer conditions on time.  Rows are
-- estimated from the times of the id column's histogram, the bounds on one
-- column together as the range they make (siq_time_sel).

CREATE FUNCTION siq_time_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_time_support(internal) IS
'planner support for comparisons of siq with times: index conditions, partition pruning, selectivity';
CREATE FUNCTION siq_cmp_timestamptz(siq, timestamptz) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION siq_cmp_timestamptz(siq, timestamptz) IS
'three-way comparison of siq with a time, never 0 (btree support)';
CREATE FUNCTION timestamptz_cmp_siq(timestamptz, siq) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION timestamptz_cmp_siq(timestamptz, siq) IS
'three-way comparison of a time with siq, never 0 (btree support)';

CREATE FUNCTION siq_time_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_time_sel(internal, oid, internal, integer) IS
'restriction selectivity of siq compared with a time, from the times of the siq column''s statistics, with the other bounds on the column';

CREATE FUNCTION siq_lt_timestamptz(siq, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_lt_timestamptz(siq, timestamptz) IS 'implementation of < for siq and timestamptz';
CREATE FUNCTION timestamptz_lt_siq(timestamptz, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION timestamptz_lt_siq(timestamptz, siq) IS 'implementation of < for timestamptz and siq';

CREATE FUNCTION siq_le_timestamptz(siq, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_le_timestamptz(siq, timestamptz) IS 'implementation of <= for siq and timestamptz';
CREATE FUNCTION timestamptz_le_siq(timestamptz, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION timestamptz_le_siq(timestamptz, siq) IS 'implementation of <= for timestamptz and siq';

CREATE FUNCTION siq_eq_timestamptz(siq, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_eq_timestamptz(siq, timestamptz) IS 'implementation of = for siq and timestamptz';
CREATE FUNCTION timestamptz_eq_siq(timestamptz, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION timestamptz_eq_siq(timestamptz, siq) IS 'implementation of = for timestamptz and siq';

CREATE FUNCTION siq_ge_timestamptz(siq, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_ge_timestamptz(siq, timestamptz) IS 'implementation of >= for siq and timestamptz';
CREATE FUNCTION timestamptz_ge_siq(timestamptz, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION timestamptz_ge_siq(timestamptz, siq) IS 'implementation of >= for timestamptz and siq';

CREATE FUNCTION siq_gt_timestamptz(siq, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_gt_timestamptz(siq, timestamptz) IS 'implementation of > for siq and timestamptz';
CREATE FUNCTION timestamptz_gt_siq(timestamptz, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT siq_time_support;
COMMENT ON FUNCTION timestamptz_gt_siq(timestamptz, siq) IS 'implementation of > for timestamptz and siq';


CREATE OPERATOR < (
    LEFTARG = siq, RIGHTARG = timestamptz, FUNCTION = siq_lt_timestamptz,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = siq_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (siq, timestamptz) IS 'less than: the id was made before the time';

CREATE OPERATOR < (
    LEFTARG = timestamptz, RIGHTARG = siq, FUNCTION = timestamptz_lt_siq,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = siq_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (timestamptz, siq) IS 'less than: the id was made at or after the time';

CREATE OPERATOR <= (
    LEFTARG = siq, RIGHTARG = timestamptz, FUNCTION = siq_le_timestamptz,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = siq_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (siq, timestamptz) IS 'less than or equal: the id was made before the time';

CREATE OPERATOR <= (
    LEFTARG = timestamptz, RIGHTARG = siq, FUNCTION = timestamptz_le_siq,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = siq_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (timestamptz, siq) IS 'less than or equal: the id was made at or after the time';

CREATE OPERATOR = (
    LEFTARG = siq, RIGHTARG = timestamptz, FUNCTION = siq_eq_timestamptz,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (siq, timestamptz) IS 'equal: never true';

CREATE OPERATOR = (
    LEFTARG = timestamptz, RIGHTARG = siq, FUNCTION = timestamptz_eq_siq,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (timestamptz, siq) IS 'equal: never true';

CREATE OPERATOR >= (
    LEFTARG = siq, RIGHTARG = timestamptz, FUNCTION = siq_ge_timestamptz,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = siq_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (siq, timestamptz) IS 'greater than or equal: the id was made at or after the time';

CREATE OPERATOR >= (
    LEFTARG = timestamptz, RIGHTARG = siq, FUNCTION = timestamptz_ge_siq,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = siq_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (timestamptz, siq) IS 'greater than or equal: the id was made before the time';

CREATE OPERATOR > (
    LEFTARG = siq, RIGHTARG = timestamptz, FUNCTION = siq_gt_timestamptz,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = siq_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (siq, timestamptz) IS 'greater than: the id was made at or after the time';

CREATE OPERATOR > (
    LEFTARG = timestamptz, RIGHTARG = siq, FUNCTION = timestamptz_gt_siq,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = siq_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (timestamptz, siq) IS 'greater than: the id was made before the time';

-- BRIN minmax and minmax-multi indexes compare their ranges' ends with the
-- time (cross-type operators need no support functions there)
ALTER OPERATOR FAMILY siq_minmax_ops USING brin ADD
    OPERATOR 1 < (siq, timestamptz),
    OPERATOR 2 <= (siq, timestamptz),
    OPERATOR 3 = (siq, timestamptz),
    OPERATOR 4 >= (siq, timestamptz),
    OPERATOR 5 > (siq, timestamptz);
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            ALTER OPERATOR FAMILY siq_minmax_multi_ops USING brin ADD
                OPERATOR 1 < (siq, timestamptz),
                OPERATOR 2 <= (siq, timestamptz),
                OPERATOR 3 = (siq, timestamptz),
                OPERATOR 4 >= (siq, timestamptz),
                OPERATOR 5 > (siq, timestamptz);
        $sql$;
    END IF;
END
$do$;

ALTER OPERATOR FAMILY siq_ops USING btree ADD
    OPERATOR 1 < (siq, timestamptz),
    OPERATOR 2 <= (siq, timestamptz),
    OPERATOR 3 = (siq, timestamptz),
    OPERATOR 4 >= (siq, timestamptz),
    OPERATOR 5 > (siq, timestamptz),
    FUNCTION 1 (siq, timestamptz) siq_cmp_timestamptz(siq, timestamptz),
    OPERATOR 1 < (timestamptz, siq),
    OPERATOR 2 <= (timestamptz, siq),
    OPERATOR 3 = (timestamptz, siq),
    OPERATOR 4 >= (timestamptz, siq),
    OPERATOR 5 > (timestamptz, siq),
    FUNCTION 1 (timestamptz, siq) timestamptz_cmp_siq(timestamptz, siq),
    OPERATOR 1 < (timestamptz, timestamptz),
    OPERATOR 2 <= (timestamptz, timestamptz),
    OPERATOR 3 = (timestamptz, timestamptz),
    OPERATOR 4 >= (timestamptz, timestamptz),
    OPERATOR 5 > (timestamptz, timestamptz),
    FUNCTION 1 (timestamptz, timestamptz) timestamptz_cmp(timestamptz, timestamptz);

-- Ids in a range of times: exactly when the id's time lies in the range.  Not
-- in the btree family: the support function gives a btree index the two
-- comparisons that are equivalent, and partition pruning too.

CREATE FUNCTION siq_contained_by_tstzrange(siq, tstzrange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_contained_by_tstzrange(siq, tstzrange) IS 'implementation of <@ for siq and tstzrange';
CREATE FUNCTION tstzrange_contains_siq(tstzrange, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT siq_time_support;
COMMENT ON FUNCTION tstzrange_contains_siq(tstzrange, siq) IS 'implementation of @> for tstzrange and siq';
CREATE FUNCTION siq_tstzrange_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of siq <@ tstzrange, from the times of the siq column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = siq, RIGHTARG = tstzrange, FUNCTION = siq_contained_by_tstzrange,
    COMMUTATOR = @>,
    RESTRICT = siq_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (siq, tstzrange) IS 'is contained by: the id was made at a time in the range';
CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = siq, FUNCTION = tstzrange_contains_siq,
    COMMUTATOR = <@,
    RESTRICT = siq_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzrange, siq) IS 'contains: the id was made at a time in the range';

-- siq: 1/65536 s timestamp, shard, domain hash, serial and kind qualifier
-- internallength: 16
-- Casts with uuid: functions that pack the 112 bits into a UUIDv8 and back.
-- cast to uuid: function
-- cast from uuid: function

COMMENT ON TYPE siq IS
'siq identifier: 56-bit timestamp in 1/65536 s, 8-bit shard, 32-bit domain hash, serial and kind qualifier (112 bits); did:siq: and 29 base32 characters, or a decimal integer';

CREATE FUNCTION siq_extract_shard(siq) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_shard(siq) IS 'shard of a siq (0 to 255)';
CREATE FUNCTION siq_extract_domain_hash(siq) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_domain_hash(siq) IS 'domain hash of a siq (0 to 4294967295)';
CREATE FUNCTION siq_extract_kind(siq) RETURNS text
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_kind(siq) IS
'kind of a siq (user, content, message, ...), from its qualifier suffix; NULL for an unassigned suffix';
CREATE FUNCTION siq_extract_serial(siq) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_serial(siq) IS
'serial of a siq within its tick and kind; NULL for an unassigned suffix';
CREATE FUNCTION siq_from_parts(ts timestamptz, kind text DEFAULT 'user', serial integer DEFAULT 0,
                               shard integer DEFAULT 0, domain_hash bigint DEFAULT 0)
RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_from_parts(timestamptz, text, integer, integer, bigint) IS
'siq from its fields, the timestamp rounded up to 1/65536 s; siq_from_parts(ts) is the smallest siq at or after ts';
CREATE FUNCTION siq_domain_hash(domain text, local_id integer DEFAULT 0) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_domain_hash(text, integer) IS
'siq domain hash: the last 4 bytes of the SHA-256 of an ASCII domain (0 for '''' and ''0''), its top byte replaced by a nonzero local_id (256 for 0)';

CREATE FUNCTION siq_to_numeric(siq) RETURNS numeric
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_numeric(siq) IS 'siq as its 112-bit integer';
CREATE FUNCTION siq_from_numeric(numeric) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_from_numeric(numeric) IS 'siq from its integer; rejects anything but an integer from 0 to 2^112 - 1';
CREATE CAST (siq AS numeric) WITH FUNCTION siq_to_numeric(siq);
COMMENT ON CAST (siq AS numeric) IS 'siq to its integer';
CREATE CAST (numeric AS siq) WITH FUNCTION siq_from_numeric(numeric);
COMMENT ON CAST (numeric AS siq) IS 'integer to siq';

CREATE FUNCTION gen_siq(kind text) RETURNS siq
AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_siq(text) IS
'new siq of the given kind from the server-wide generator, with the shard and domain hash of the idgen.siq_* settings';

-- siq in a tstzmultirange: new in 1.2.  Exactly when the id's time lies in
-- one of the multirange's ranges.  The support function of <@ tstzrange
-- serves it too: a btree or BRIN index on the id is scanned between the
-- multirange's overall bounds, and the operator checks each id found.  Its
-- estimator too, which sums the estimates of the ranges.

CREATE FUNCTION siq_contained_by_tstzmultirange(siq, tstzmultirange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT siq_time_support;
COMMENT ON FUNCTION siq_contained_by_tstzmultirange(siq, tstzmultirange) IS
'implementation of <@ for siq and tstzmultirange';
CREATE FUNCTION tstzmultirange_contains_siq(tstzmultirange, siq) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT siq_time_support;
COMMENT ON FUNCTION tstzmultirange_contains_siq(tstzmultirange, siq) IS
'implementation of @> for tstzmultirange and siq';
COMMENT ON FUNCTION siq_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of siq <@ tstzrange and <@ tstzmultirange, from the times of the siq column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = siq, RIGHTARG = tstzmultirange, FUNCTION = siq_contained_by_tstzmultirange,
    COMMUTATOR = @>,
    RESTRICT = siq_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (siq, tstzmultirange) IS 'is contained by: the id was made at a time in one of the ranges';
CREATE OPERATOR @> (
    LEFTARG = tstzmultirange, RIGHTARG = siq, FUNCTION = tstzmultirange_contains_siq,
    COMMUTATOR = <@,
    RESTRICT = siq_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzmultirange, siq) IS 'contains: the id was made at a time in one of the ranges';

-- siq's cast functions where the cast to or from uuid is binary: a call of
-- them is planned as the cast (new in 1.2; see binary-cast.sql)

-- muid: the type and what it shares with every idgen type

CREATE TYPE muid;

CREATE FUNCTION muid_in(cstring) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_in(cstring) IS 'text input of muid';
CREATE FUNCTION muid_out(muid) RETURNS cstring
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_out(muid) IS 'canonical text of muid';
CREATE FUNCTION muid_recv(internal) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_recv(internal) IS 'binary input of muid';
CREATE FUNCTION muid_send(muid) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_send(muid) IS 'binary output of muid';

CREATE TYPE muid (
    INPUT = muid_in,
    OUTPUT = muid_out,
    RECEIVE = muid_recv,
    SEND = muid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);
COMMENT ON TYPE muid[] IS 'array of muid';

-- Comparison

CREATE FUNCTION muid_eq(muid, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_eq(muid, muid) IS 'implementation of = for muid';
CREATE FUNCTION muid_ne(muid, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_ne(muid, muid) IS 'implementation of <> for muid';
CREATE FUNCTION muid_lt(muid, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_lt(muid, muid) IS 'implementation of < for muid';
CREATE FUNCTION muid_le(muid, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_le(muid, muid) IS 'implementation of <= for muid';
CREATE FUNCTION muid_gt(muid, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_gt(muid, muid) IS 'implementation of > for muid';
CREATE FUNCTION muid_ge(muid, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_ge(muid, muid) IS 'implementation of >= for muid';
CREATE FUNCTION muid_cmp(muid, muid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_cmp(muid, muid) IS 'three-way comparison of muid (btree support)';
CREATE FUNCTION muid_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_sortsupport(internal) IS 'sort support for muid, with abbreviated keys';
CREATE FUNCTION muid_hash(muid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_hash(muid) IS 'hash of muid';
CREATE FUNCTION muid_hash_extended(muid, bigint) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_hash_extended(muid, bigint) IS '64-bit seeded hash of muid';
CREATE FUNCTION muid_smaller(muid, muid) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_smaller(muid, muid) IS 'smaller of two muid values';
CREATE FUNCTION muid_larger(muid, muid) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_larger(muid, muid) IS 'larger of two muid values';
CREATE FUNCTION muid_minmax_multi_distance(internal, internal) RETURNS double precision
AS 'MODULE_PATHNAME', 'muid_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_minmax_multi_distance(internal, internal) IS
'distance between two muid values for BRIN minmax-multi: their leading bytes read as numbers';

CREATE OPERATOR = (
    LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, MERGES, HASHES
);
COMMENT ON OPERATOR = (muid, muid) IS 'equal';
CREATE OPERATOR <> (
    LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (muid, muid) IS 'not equal';
CREATE OPERATOR < (
    LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (muid, muid) IS 'less than';
CREATE OPERATOR <= (
    LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (muid, muid) IS 'less than or equal';
CREATE OPERATOR > (
    LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (muid, muid) IS 'greater than';
CREATE OPERATOR >= (
    LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (muid, muid) IS 'greater than or equal';

-- Operator classes

CREATE OPERATOR CLASS muid_ops DEFAULT FOR TYPE muid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 muid_cmp(muid, muid),
    FUNCTION 2 muid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS muid_ops USING btree IS 'default btree operator class for muid';
COMMENT ON OPERATOR FAMILY muid_ops USING btree IS 'btree operators for muid';

CREATE OPERATOR CLASS muid_ops DEFAULT FOR TYPE muid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 muid_hash(muid),
    FUNCTION 2 muid_hash_extended(muid, bigint);
COMMENT ON OPERATOR CLASS muid_ops USING hash IS 'default hash operator class for muid';
COMMENT ON OPERATOR FAMILY muid_ops USING hash IS 'hash operators for muid';

CREATE OPERATOR CLASS muid_minmax_ops DEFAULT FOR TYPE muid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal);
COMMENT ON OPERATOR CLASS muid_minmax_ops USING brin IS 'BRIN minmax operator class for muid';
COMMENT ON OPERATOR FAMILY muid_minmax_ops USING brin IS 'BRIN minmax operators for muid';

-- minmax-multi and bloom BRIN exist from PostgreSQL 14 on
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            CREATE OPERATOR CLASS muid_minmax_multi_ops FOR TYPE muid USING brin AS
                OPERATOR 1 <,
                OPERATOR 2 <=,
                OPERATOR 3 =,
                OPERATOR 4 >=,
                OPERATOR 5 >,
                FUNCTION 1 brin_minmax_multi_opcinfo(internal),
                FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
                FUNCTION 5 brin_minmax_multi_options(internal),
                FUNCTION 11 muid_minmax_multi_distance(internal, internal);
            COMMENT ON OPERATOR CLASS muid_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operator class for muid';
            COMMENT ON OPERATOR FAMILY muid_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operators for muid';
            CREATE OPERATOR CLASS muid_bloom_ops FOR TYPE muid USING brin AS
                OPERATOR 1 =,
                FUNCTION 1 brin_bloom_opcinfo(internal),
                FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_bloom_union(internal, internal, internal),
                FUNCTION 5 brin_bloom_options(internal),
                FUNCTION 11 muid_hash(muid);
            COMMENT ON OPERATOR CLASS muid_bloom_ops USING brin IS
                'BRIN bloom operator class for muid';
            COMMENT ON OPERATOR FAMILY muid_bloom_ops USING brin IS
                'BRIN bloom operators for muid';
        $sql$;
    END IF;
END
$do$;

-- Aggregates (SORTOP lets the planner answer them from a btree index)

CREATE AGGREGATE min(muid) (
    SFUNC = muid_smaller, STYPE = muid, COMBINEFUNC = muid_smaller,
    SORTOP = <, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(muid) IS 'smallest muid value';
CREATE AGGREGATE max(muid) (
    SFUNC = muid_larger, STYPE = muid, COMBINEFUNC = muid_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(muid) IS 'largest muid value';

-- Casts (all explicit) and validation.  A cast to or from uuid is either
-- WITHOUT FUNCTION, where the 16 bytes stay as they are and every uuid is a
-- valid muid, or WITH FUNCTION muid_to_uuid/muid_from_uuid (the type's
-- "-- cast to uuid:" and "-- cast from uuid:" lines choose).  The functions
-- exist for every type, so that expressions that call them keep working.

CREATE FUNCTION muid_to_uuid(muid) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_to_uuid(muid) IS 'muid as uuid';
CREATE FUNCTION muid_from_uuid(uuid) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_from_uuid(uuid) IS 'muid from uuid; rejects a uuid that holds no valid muid';
CREATE FUNCTION muid_to_bytea(muid) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_to_bytea(muid) IS 'the bytes of muid, big-endian';
CREATE FUNCTION muid_from_bytea(bytea) RETURNS muid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_from_bytea(bytea) IS 'muid from its bytes; rejects a wrong length or an invalid value';
CREATE FUNCTION muid_extract_timestamp(muid) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_extract_timestamp(muid) IS 'the time a muid carries, at the type''s resolution';
CREATE FUNCTION muid_is_valid(text) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_is_valid(text) IS 'whether the text is a valid muid input; never raises';

CREATE CAST (muid AS uuid) WITHOUT FUNCTION;
COMMENT ON CAST (muid AS uuid) IS 'muid to uuid';
CREATE CAST (uuid AS muid) WITHOUT FUNCTION;
COMMENT ON CAST (uuid AS muid) IS 'uuid to muid';
CREATE CAST (muid AS bytea) WITH FUNCTION muid_to_bytea(muid);
COMMENT ON CAST (muid AS bytea) IS 'muid to its bytes';
CREATE CAST (bytea AS muid) WITH FUNCTION muid_from_bytea(bytea);
COMMENT ON CAST (bytea AS muid) IS 'bytes to muid';
CREATE CAST (muid AS timestamptz) WITH FUNCTION muid_extract_timestamp(muid);
COMMENT ON CAST (muid AS timestamptz) IS 'the time a muid carries';

-- muid compared with times: new in 1.1.  The update from 1.0 runs this same
-- template, so that an updated database and a new one hold the same objects.

-- Ids compared with times (SPEC section 10).  A time sits just before the
-- ids made at that time (before muid_from_parts(t), rounded up to the type's
-- tick): id >= t and id > t hold when the id's time is at or after t,
-- id < t and id <= t when it is before t, and id = t never.  In the btree
-- family, with core's timestamptz comparisons, so that a btree index on the
-- id, and partition pruning on it, answer conditions on time.  Rows are
-- estimated from the times of the id column's histogram, the bounds on one
-- column together as the range they make (muid_time_sel).

CREATE FUNCTION muid_time_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_time_support(internal) IS
'planner support for comparisons of muid with times: index conditions, partition pruning, selectivity';
CREATE FUNCTION muid_cmp_timestamptz(muid, timestamptz) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_cmp_timestamptz(muid, timestamptz) IS
'three-way comparison of muid with a time, never 0 (btree support)';
CREATE FUNCTION timestamptz_cmp_muid(timestamptz, muid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION timestamptz_cmp_muid(timestamptz, muid) IS
'three-way comparison of a time with muid, never 0 (btree support)';

CREATE FUNCTION muid_time_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_time_sel(internal, oid, internal, integer) IS
'restriction selectivity of muid compared with a time, from the times of the muid column''s statistics, with the other bounds on the column';

CREATE FUNCTION muid_lt_timestamptz(muid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_lt_timestamptz(muid, timestamptz) IS 'implementation of < for muid and timestamptz';
CREATE FUNCTION timestamptz_lt_muid(timestamptz, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION timestamptz_lt_muid(timestamptz, muid) IS 'implementation of < for timestamptz and muid';

CREATE FUNCTION muid_le_timestamptz(muid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_le_timestamptz(muid, timestamptz) IS 'implementation of <= for muid and timestamptz';
CREATE FUNCTION timestamptz_le_muid(timestamptz, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION timestamptz_le_muid(timestamptz, muid) IS 'implementation of <= for timestamptz and muid';

CREATE FUNCTION muid_eq_timestamptz(muid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_eq_timestamptz(muid, timestamptz) IS 'implementation of = for muid and timestamptz';
CREATE FUNCTION timestamptz_eq_muid(timestamptz, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION timestamptz_eq_muid(timestamptz, muid) IS 'implementation of = for timestamptz and muid';

CREATE FUNCTION muid_ge_timestamptz(muid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_ge_timestamptz(muid, timestamptz) IS 'implementation of >= for muid and timestamptz';
CREATE FUNCTION timestamptz_ge_muid(timestamptz, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION timestamptz_ge_muid(timestamptz, muid) IS 'implementation of >= for timestamptz and muid';

CREATE FUNCTION muid_gt_timestamptz(muid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_gt_timestamptz(muid, timestamptz) IS 'implementation of > for muid and timestamptz';
CREATE FUNCTION timestamptz_gt_muid(timestamptz, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT muid_time_support;
COMMENT ON FUNCTION timestamptz_gt_muid(timestamptz, muid) IS 'implementation of > for timestamptz and muid';


CREATE OPERATOR < (
    LEFTARG = muid, RIGHTARG = timestamptz, FUNCTION = muid_lt_timestamptz,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = muid_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (muid, timestamptz) IS 'less than: the id was made before the time';

CREATE OPERATOR < (
    LEFTARG = timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_lt_muid,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = muid_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (timestamptz, muid) IS 'less than: the id was made at or after the time';

CREATE OPERATOR <= (
    LEFTARG = muid, RIGHTARG = timestamptz, FUNCTION = muid_le_timestamptz,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = muid_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (muid, timestamptz) IS 'less than or equal: the id was made before the time';

CREATE OPERATOR <= (
    LEFTARG = timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_le_muid,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = muid_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (timestamptz, muid) IS 'less than or equal: the id was made at or after the time';

CREATE OPERATOR = (
    LEFTARG = muid, RIGHTARG = timestamptz, FUNCTION = muid_eq_timestamptz,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (muid, timestamptz) IS 'equal: never true';

CREATE OPERATOR = (
    LEFTARG = timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_eq_muid,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (timestamptz, muid) IS 'equal: never true';

CREATE OPERATOR >= (
    LEFTARG = muid, RIGHTARG = timestamptz, FUNCTION = muid_ge_timestamptz,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = muid_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (muid, timestamptz) IS 'greater than or equal: the id was made at or after the time';

CREATE OPERATOR >= (
    LEFTARG = timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_ge_muid,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = muid_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (timestamptz, muid) IS 'greater than or equal: the id was made before the time';

CREATE OPERATOR > (
    LEFTARG = muid, RIGHTARG = timestamptz, FUNCTION = muid_gt_timestamptz,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = muid_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (muid, timestamptz) IS 'greater than: the id was made at or after the time';

CREATE OPERATOR > (
    LEFTARG = timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_gt_muid,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = muid_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (timestamptz, muid) IS 'greater than: the id was made before the time';

-- BRIN minmax and minmax-multi indexes compare their ranges' ends with the
-- time (cross-type operators need no support functions there)
ALTER OPERATOR FAMILY muid_minmax_ops USING brin ADD
    OPERATOR 1 < (muid, timestamptz),
    OPERATOR 2 <= (muid, timestamptz),
    OPERATOR 3 = (muid, timestamptz),
    OPERATOR 4 >= (muid, timestamptz),
    OPERATOR 5 > (muid, timestamptz);
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            ALTER OPERATOR FAMILY muid_minmax_multi_ops USING brin ADD
                OPERATOR 1 < (muid, timestamptz),
                OPERATOR 2 <= (muid, timestamptz),
                OPERATOR 3 = (muid, timestamptz),
                OPERATOR 4 >= (muid, timestamptz),
                OPERATOR 5 > (muid, timestamptz);
        $sql$;
    END IF;
END
$do$;

ALTER OPERATOR FAMILY muid_ops USING btree ADD
    OPERATOR 1 < (muid, timestamptz),
    OPERATOR 2 <= (muid, timestamptz),
    OPERATOR 3 = (muid, timestamptz),
    OPERATOR 4 >= (muid, timestamptz),
    OPERATOR 5 > (muid, timestamptz),
    FUNCTION 1 (muid, timestamptz) muid_cmp_timestamptz(muid, timestamptz),
    OPERATOR 1 < (timestamptz, muid),
    OPERATOR 2 <= (timestamptz, muid),
    OPERATOR 3 = (timestamptz, muid),
    OPERATOR 4 >= (timestamptz, muid),
    OPERATOR 5 > (timestamptz, muid),
    FUNCTION 1 (timestamptz, muid) timestamptz_cmp_muid(timestamptz, muid),
    OPERATOR 1 < (timestamptz, timestamptz),
    OPERATOR 2 <= (timestamptz, timestamptz),
    OPERATOR 3 = (timestamptz, timestamptz),
    OPERATOR 4 >= (timestamptz, timestamptz),
    OPERATOR 5 > (timestamptz, timestamptz),
    FUNCTION 1 (timestamptz, timestamptz) timestamptz_cmp(timestamptz, timestamptz);

-- Ids in a range of times: exactly when the id's time lies in the range.  Not
-- in the btree family: the support function gives a btree index the two
-- comparisons that are equivalent, and partition pruning too.

CREATE FUNCTION muid_contained_by_tstzrange(muid, tstzrange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_contained_by_tstzrange(muid, tstzrange) IS 'implementation of <@ for muid and tstzrange';
CREATE FUNCTION tstzrange_contains_muid(tstzrange, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT muid_time_support;
COMMENT ON FUNCTION tstzrange_contains_muid(tstzrange, muid) IS 'implementation of @> for tstzrange and muid';
CREATE FUNCTION muid_tstzrange_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of muid <@ tstzrange, from the times of the muid column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = muid, RIGHTARG = tstzrange, FUNCTION = muid_contained_by_tstzrange,
    COMMUTATOR = @>,
    RESTRICT = muid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (muid, tstzrange) IS 'is contained by: the id was made at a time in the range';
CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = muid, FUNCTION = tstzrange_contains_muid,
    COMMUTATOR = <@,
    RESTRICT = muid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzrange, muid) IS 'contains: the id was made at a time in the range';

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

-- muid in a tstzmultirange: new in 1.2.  Exactly when the id's time lies in
-- one of the multirange's ranges.  The support function of <@ tstzrange
-- serves it too: a btree or BRIN index on the id is scanned between the
-- multirange's overall bounds, and the operator checks each id found.  Its
-- estimator too, which sums the estimates of the ranges.

CREATE FUNCTION muid_contained_by_tstzmultirange(muid, tstzmultirange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT muid_time_support;
COMMENT ON FUNCTION muid_contained_by_tstzmultirange(muid, tstzmultirange) IS
'implementation of <@ for muid and tstzmultirange';
CREATE FUNCTION tstzmultirange_contains_muid(tstzmultirange, muid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT muid_time_support;
COMMENT ON FUNCTION tstzmultirange_contains_muid(tstzmultirange, muid) IS
'implementation of @> for tstzmultirange and muid';
COMMENT ON FUNCTION muid_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of muid <@ tstzrange and <@ tstzmultirange, from the times of the muid column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = muid, RIGHTARG = tstzmultirange, FUNCTION = muid_contained_by_tstzmultirange,
    COMMUTATOR = @>,
    RESTRICT = muid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (muid, tstzmultirange) IS 'is contained by: the id was made at a time in one of the ranges';
CREATE OPERATOR @> (
    LEFTARG = tstzmultirange, RIGHTARG = muid, FUNCTION = tstzmultirange_contains_muid,
    COMMUTATOR = <@,
    RESTRICT = muid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzmultirange, muid) IS 'contains: the id was made at a time in one of the ranges';

-- muid's cast functions where the cast to or from uuid is binary: a call of
-- them is planned as the cast (new in 1.2; see binary-cast.sql)
ALTER FUNCTION muid_to_uuid(muid) SUPPORT idgen_binary_cast_support;
ALTER FUNCTION muid_from_uuid(uuid) SUPPORT idgen_binary_cast_support;

-- ulid: the type and what it shares with every idgen type

CREATE TYPE ulid;

CREATE FUNCTION ulid_in(cstring) RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_in(cstring) IS 'text input of ulid';
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_out(ulid) IS 'canonical text of ulid';
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_recv(internal) IS 'binary input of ulid';
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_send(ulid) IS 'binary output of ulid';

CREATE TYPE ulid (
    INPUT = ulid_in,
    OUTPUT = ulid_out,
    RECEIVE = ulid_recv,
    SEND = ulid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);
COMMENT ON TYPE ulid[] IS 'array of ulid';

-- Comparison

CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_eq(ulid, ulid) IS 'implementation of = for ulid';
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_ne(ulid, ulid) IS 'implementation of <> for ulid';
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_lt(ulid, ulid) IS 'implementation of < for ulid';
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_le(ulid, ulid) IS 'implementation of <= for ulid';
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_gt(ulid, ulid) IS 'implementation of > for ulid';
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_ge(ulid, ulid) IS 'implementation of >= for ulid';
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_cmp(ulid, ulid) IS 'three-way comparison of ulid (btree support)';
CREATE FUNCTION ulid_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_sortsupport(internal) IS 'sort support for ulid, with abbreviated keys';
CREATE FUNCTION ulid_hash(ulid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_hash(ulid) IS 'hash of ulid';
CREATE FUNCTION ulid_hash_extended(ulid, bigint) RETURNS bigint
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_hash_extended(ulid, bigint) IS '64-bit seeded hash of ulid';
CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_smaller(ulid, ulid) IS 'smaller of two ulid values';
CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_larger(ulid, ulid) IS 'larger of two ulid values';
CREATE FUNCTION ulid_minmax_multi_distance(internal, internal) RETURNS double precision
AS 'MODULE_PATHNAME', 'ulid_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_minmax_multi_distance(internal, internal) IS
'distance between two ulid values for BRIN minmax-multi: their leading bytes read as numbers';

CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, MERGES, HASHES
);
COMMENT ON OPERATOR = (ulid, ulid) IS 'equal';
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel
);
COMMENT ON OPERATOR <> (ulid, ulid) IS 'not equal';
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (ulid, ulid) IS 'less than';
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (ulid, ulid) IS 'less than or equal';
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (ulid, ulid) IS 'greater than';
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (ulid, ulid) IS 'greater than or equal';

-- Operator classes

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 ulid_cmp(ulid, ulid),
    FUNCTION 2 ulid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
COMMENT ON OPERATOR CLASS ulid_ops USING btree IS 'default btree operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING btree IS 'btree operators for ulid';

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 ulid_hash(ulid),
    FUNCTION 2 ulid_hash_extended(ulid, bigint);
COMMENT ON OPERATOR CLASS ulid_ops USING hash IS 'default hash operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING hash IS 'hash operators for ulid';

CREATE OPERATOR CLASS ulid_minmax_ops DEFAULT FOR TYPE ulid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 brin_minmax_opcinfo(internal),
    FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 brin_minmax_union(internal, internal, internal);
COMMENT ON OPERATOR CLASS ulid_minmax_ops USING brin IS 'BRIN minmax operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_minmax_ops USING brin IS 'BRIN minmax operators for ulid';

-- minmax-multi and bloom BRIN exist from PostgreSQL 14 on
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            CREATE OPERATOR CLASS ulid_minmax_multi_ops FOR TYPE ulid USING brin AS
                OPERATOR 1 <,
                OPERATOR 2 <=,
                OPERATOR 3 =,
                OPERATOR 4 >=,
                OPERATOR 5 >,
                FUNCTION 1 brin_minmax_multi_opcinfo(internal),
                FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
                FUNCTION 5 brin_minmax_multi_options(internal),
                FUNCTION 11 ulid_minmax_multi_distance(internal, internal);
            COMMENT ON OPERATOR CLASS ulid_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operator class for ulid';
            COMMENT ON OPERATOR FAMILY ulid_minmax_multi_ops USING brin IS
                'BRIN minmax-multi operators for ulid';
            CREATE OPERATOR CLASS ulid_bloom_ops FOR TYPE ulid USING brin AS
                OPERATOR 1 =,
                FUNCTION 1 brin_bloom_opcinfo(internal),
                FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
                FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
                FUNCTION 4 brin_bloom_union(internal, internal, internal),
                FUNCTION 5 brin_bloom_options(internal),
                FUNCTION 11 ulid_hash(ulid);
            COMMENT ON OPERATOR CLASS ulid_bloom_ops USING brin IS
                'BRIN bloom operator class for ulid';
            COMMENT ON OPERATOR FAMILY ulid_bloom_ops USING brin IS
                'BRIN bloom operators for ulid';
        $sql$;
    END IF;
END
$do$;

-- Aggregates (SORTOP lets the planner answer them from a btree index)

CREATE AGGREGATE min(ulid) (
    SFUNC = ulid_smaller, STYPE = ulid, COMBINEFUNC = ulid_smaller,
    SORTOP = <, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(ulid) IS 'smallest ulid value';
CREATE AGGREGATE max(ulid) (
    SFUNC = ulid_larger, STYPE = ulid, COMBINEFUNC = ulid_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE max(ulid) IS 'largest ulid value';

-- Casts (all explicit) and validation.  A cast to or from uuid is either
-- WITHOUT FUNCTION, where the 16 bytes stay as they are and every uuid is a
-- valid ulid, or WITH FUNCTION ulid_to_uuid/ulid_from_uuid (the type's
-- "-- cast to uuid:" and "-- cast from uuid:" lines choose).  The functions
-- exist for every type, so that expressions that call them keep working.

CREATE FUNCTION ulid_to_uuid(ulid) RETURNS uuid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_uuid(ulid) IS 'ulid as uuid';
CREATE FUNCTION ulid_from_uuid(uuid) RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_uuid(uuid) IS 'ulid from uuid; rejects a uuid that holds no valid ulid';
CREATE FUNCTION ulid_to_bytea(ulid) RETURNS bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS 'the bytes of ulid, big-endian';
CREATE FUNCTION ulid_from_bytea(bytea) RETURNS ulid
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_bytea(bytea) IS 'ulid from its bytes; rejects a wrong length or an invalid value';
CREATE FUNCTION ulid_extract_timestamp(ulid) RETURNS timestamptz
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_extract_timestamp(ulid) IS 'the time a ulid carries, at the type''s resolution';
CREATE FUNCTION ulid_is_valid(text) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_is_valid(text) IS 'whether the text is a valid ulid input; never raises';

CREATE CAST (ulid AS uuid) WITHOUT FUNCTION;
COMMENT ON CAST (ulid AS uuid) IS 'ulid to uuid';
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION;
COMMENT ON CAST (uuid AS ulid) IS 'uuid to ulid';
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_to_bytea(ulid);
COMMENT ON CAST (ulid AS bytea) IS 'ulid to its bytes';
CREATE CAST (bytea AS ulid) WITH FUNCTION ulid_from_bytea(bytea);
COMMENT ON CAST (bytea AS ulid) IS 'bytes to ulid';
CREATE CAST (ulid AS timestamptz) WITH FUNCTION ulid_extract_timestamp(ulid);
COMMENT ON CAST (ulid AS timestamptz) IS 'the time a ulid carries';

-- ulid compared with times: new in 1.1.  The update from 1.0 runs this same
-- template, so that an updated database and a new one hold the same objects.

-- Ids compared with times (SPEC section 10).  A time sits just before the
-- ids made at that time (before ulid_from_parts(t), rounded up to the type's
-- tick): id >= t and id > t hold when the id's time is at or after t,
-- id < t and id <= t when it is before t, and id = t never.  In the btree
-- family, with core's timestamptz comparisons, so that a btree index on the
-- id, and partition pruning on it, answer conditions on time.  Rows are
-- estimated from the times of the id column's histogram, the bounds on one
-- column together as the range they make (ulid_time_sel).

CREATE FUNCTION ulid_time_support(internal) RETURNS internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_time_support(internal) IS
'planner support for comparisons of ulid with times: index conditions, partition pruning, selectivity';
CREATE FUNCTION ulid_cmp_timestamptz(ulid, timestamptz) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_cmp_timestamptz(ulid, timestamptz) IS
'three-way comparison of ulid with a time, never 0 (btree support)';
CREATE FUNCTION timestamptz_cmp_ulid(timestamptz, ulid) RETURNS integer
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION timestamptz_cmp_ulid(timestamptz, ulid) IS
'three-way comparison of a time with ulid, never 0 (btree support)';

CREATE FUNCTION ulid_time_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_time_sel(internal, oid, internal, integer) IS
'restriction selectivity of ulid compared with a time, from the times of the ulid column''s statistics, with the other bounds on the column';

CREATE FUNCTION ulid_lt_timestamptz(ulid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_lt_timestamptz(ulid, timestamptz) IS 'implementation of < for ulid and timestamptz';
CREATE FUNCTION timestamptz_lt_ulid(timestamptz, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION timestamptz_lt_ulid(timestamptz, ulid) IS 'implementation of < for timestamptz and ulid';

CREATE FUNCTION ulid_le_timestamptz(ulid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_le_timestamptz(ulid, timestamptz) IS 'implementation of <= for ulid and timestamptz';
CREATE FUNCTION timestamptz_le_ulid(timestamptz, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION timestamptz_le_ulid(timestamptz, ulid) IS 'implementation of <= for timestamptz and ulid';

CREATE FUNCTION ulid_eq_timestamptz(ulid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_eq_timestamptz(ulid, timestamptz) IS 'implementation of = for ulid and timestamptz';
CREATE FUNCTION timestamptz_eq_ulid(timestamptz, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION timestamptz_eq_ulid(timestamptz, ulid) IS 'implementation of = for timestamptz and ulid';

CREATE FUNCTION ulid_ge_timestamptz(ulid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_ge_timestamptz(ulid, timestamptz) IS 'implementation of >= for ulid and timestamptz';
CREATE FUNCTION timestamptz_ge_ulid(timestamptz, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION timestamptz_ge_ulid(timestamptz, ulid) IS 'implementation of >= for timestamptz and ulid';

CREATE FUNCTION ulid_gt_timestamptz(ulid, timestamptz) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_gt_timestamptz(ulid, timestamptz) IS 'implementation of > for ulid and timestamptz';
CREATE FUNCTION timestamptz_gt_ulid(timestamptz, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT ulid_time_support;
COMMENT ON FUNCTION timestamptz_gt_ulid(timestamptz, ulid) IS 'implementation of > for timestamptz and ulid';


CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_lt_timestamptz,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = ulid_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (ulid, timestamptz) IS 'less than: the id was made before the time';

CREATE OPERATOR < (
    LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_lt_ulid,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = ulid_time_sel, JOIN = scalarltjoinsel
);
COMMENT ON OPERATOR < (timestamptz, ulid) IS 'less than: the id was made at or after the time';

CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_le_timestamptz,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = ulid_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (ulid, timestamptz) IS 'less than or equal: the id was made before the time';

CREATE OPERATOR <= (
    LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_le_ulid,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = ulid_time_sel, JOIN = scalarlejoinsel
);
COMMENT ON OPERATOR <= (timestamptz, ulid) IS 'less than or equal: the id was made at or after the time';

CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_eq_timestamptz,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (ulid, timestamptz) IS 'equal: never true';

CREATE OPERATOR = (
    LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_eq_ulid,
    COMMUTATOR = =,
    RESTRICT = eqsel, JOIN = eqjoinsel
);
COMMENT ON OPERATOR = (timestamptz, ulid) IS 'equal: never true';

CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_ge_timestamptz,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = ulid_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (ulid, timestamptz) IS 'greater than or equal: the id was made at or after the time';

CREATE OPERATOR >= (
    LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_ge_ulid,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = ulid_time_sel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR >= (timestamptz, ulid) IS 'greater than or equal: the id was made before the time';

CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_gt_timestamptz,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = ulid_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (ulid, timestamptz) IS 'greater than: the id was made at or after the time';

CREATE OPERATOR > (
    LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_gt_ulid,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = ulid_time_sel, JOIN = scalargtjoinsel
);
COMMENT ON OPERATOR > (timestamptz, ulid) IS 'greater than: the id was made before the time';

-- BRIN minmax and minmax-multi indexes compare their ranges' ends with the
-- time (cross-type operators need no support functions there)
ALTER OPERATOR FAMILY ulid_minmax_ops USING brin ADD
    OPERATOR 1 < (ulid, timestamptz),
    OPERATOR 2 <= (ulid, timestamptz),
    OPERATOR 3 = (ulid, timestamptz),
    OPERATOR 4 >= (ulid, timestamptz),
    OPERATOR 5 > (ulid, timestamptz);
DO $do$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        EXECUTE $sql$
            ALTER OPERATOR FAMILY ulid_minmax_multi_ops USING brin ADD
                OPERATOR 1 < (ulid, timestamptz),
                OPERATOR 2 <= (ulid, timestamptz),
                OPERATOR 3 = (ulid, timestamptz),
                OPERATOR 4 >= (ulid, timestamptz),
                OPERATOR 5 > (ulid, timestamptz);
        $sql$;
    END IF;
END
$do$;

ALTER OPERATOR FAMILY ulid_ops USING btree ADD
    OPERATOR 1 < (ulid, timestamptz),
    OPERATOR 2 <= (ulid, timestamptz),
    OPERATOR 3 = (ulid, timestamptz),
    OPERATOR 4 >= (ulid, timestamptz),
    OPERATOR 5 > (ulid, timestamptz),
    FUNCTION 1 (ulid, timestamptz) ulid_cmp_timestamptz(ulid, timestamptz),
    OPERATOR 1 < (timestamptz, ulid),
    OPERATOR 2 <= (timestamptz, ulid),
    OPERATOR 3 = (timestamptz, ulid),
    OPERATOR 4 >= (timestamptz, ulid),
    OPERATOR 5 > (timestamptz, ulid),
    FUNCTION 1 (timestamptz, ulid) timestamptz_cmp_ulid(timestamptz, ulid),
    OPERATOR 1 < (timestamptz, timestamptz),
    OPERATOR 2 <= (timestamptz, timestamptz),
    OPERATOR 3 = (timestamptz, timestamptz),
    OPERATOR 4 >= (timestamptz, timestamptz),
    OPERATOR 5 > (timestamptz, timestamptz),
    FUNCTION 1 (timestamptz, timestamptz) timestamptz_cmp(timestamptz, timestamptz);

-- Ids in a range of times: exactly when the id's time lies in the range.  Not
-- in the btree family: the support function gives a btree index the two
-- comparisons that are equivalent, and partition pruning too.

CREATE FUNCTION ulid_contained_by_tstzrange(ulid, tstzrange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_contained_by_tstzrange(ulid, tstzrange) IS 'implementation of <@ for ulid and tstzrange';
CREATE FUNCTION tstzrange_contains_ulid(tstzrange, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT ulid_time_support;
COMMENT ON FUNCTION tstzrange_contains_ulid(tstzrange, ulid) IS 'implementation of @> for tstzrange and ulid';
CREATE FUNCTION ulid_tstzrange_sel(internal, oid, internal, integer) RETURNS double precision
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of ulid <@ tstzrange, from the times of the ulid column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = ulid, RIGHTARG = tstzrange, FUNCTION = ulid_contained_by_tstzrange,
    COMMUTATOR = @>,
    RESTRICT = ulid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (ulid, tstzrange) IS 'is contained by: the id was made at a time in the range';
CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = ulid, FUNCTION = tstzrange_contains_ulid,
    COMMUTATOR = <@,
    RESTRICT = ulid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzrange, ulid) IS 'contains: the id was made at a time in the range';

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

-- ulid in a tstzmultirange: new in 1.2.  Exactly when the id's time lies in
-- one of the multirange's ranges.  The support function of <@ tstzrange
-- serves it too: a btree or BRIN index on the id is scanned between the
-- multirange's overall bounds, and the operator checks each id found.  Its
-- estimator too, which sums the estimates of the ranges.

CREATE FUNCTION ulid_contained_by_tstzmultirange(ulid, tstzmultirange) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT ulid_time_support;
COMMENT ON FUNCTION ulid_contained_by_tstzmultirange(ulid, tstzmultirange) IS
'implementation of <@ for ulid and tstzmultirange';
CREATE FUNCTION tstzmultirange_contains_ulid(tstzmultirange, ulid) RETURNS boolean
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE SUPPORT ulid_time_support;
COMMENT ON FUNCTION tstzmultirange_contains_ulid(tstzmultirange, ulid) IS
'implementation of @> for tstzmultirange and ulid';
COMMENT ON FUNCTION ulid_tstzrange_sel(internal, oid, internal, integer) IS
'restriction selectivity of ulid <@ tstzrange and <@ tstzmultirange, from the times of the ulid column''s statistics';

CREATE OPERATOR <@ (
    LEFTARG = ulid, RIGHTARG = tstzmultirange, FUNCTION = ulid_contained_by_tstzmultirange,
    COMMUTATOR = @>,
    RESTRICT = ulid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR <@ (ulid, tstzmultirange) IS 'is contained by: the id was made at a time in one of the ranges';
CREATE OPERATOR @> (
    LEFTARG = tstzmultirange, RIGHTARG = ulid, FUNCTION = tstzmultirange_contains_ulid,
    COMMUTATOR = <@,
    RESTRICT = ulid_tstzrange_sel, JOIN = contjoinsel
);
COMMENT ON OPERATOR @> (tstzmultirange, ulid) IS 'contains: the id was made at a time in one of the ranges';

-- ulid's cast functions where the cast to or from uuid is binary: a call of
-- them is planned as the cast (new in 1.2; see binary-cast.sql)
ALTER FUNCTION ulid_to_uuid(ulid) SUPPORT idgen_binary_cast_support;
ALTER FUNCTION ulid_from_uuid(uuid) SUPPORT idgen_binary_cast_support;
