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
