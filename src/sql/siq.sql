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
