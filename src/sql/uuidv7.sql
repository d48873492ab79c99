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

-- uuid compared with times.  id op t is id op uuidv7_from_parts(t), by
-- bytes: for version 7 values, a time sits just before the ids made at that
-- time (SPEC section 10); a time before 1970 is below every uuid, one after
-- 10889 above every uuid.  There is no =, and the operators are not in the
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
