--
-- The numeric settings: at each end of its range, the last valid value and
-- the first invalid one (22023).  The node settings are set with ALTER
-- SYSTEM, which checks a value and writes it to postgresql.auto.conf
-- without applying it (there is no reload); each valid one is recorded as
-- written and reset at once, so that nothing is left in the file.  A
-- session knows the idgen.* settings once the library is loaded in it.
--
LOAD 'idgen';

-- What ALTER SYSTEM wrote, and the valid values seen there
CREATE TEMP VIEW auto_conf AS
SELECT name, setting FROM pg_file_settings
WHERE sourcefile LIKE '%/postgresql.auto.conf' AND name LIKE 'idgen.%';
CREATE TEMP TABLE written (n serial, name text, setting text);

-- idgen.sno_partition: -1 (derived) .. 65535
ALTER SYSTEM SET idgen.sno_partition = -2;
\echo :SQLSTATE
ALTER SYSTEM SET idgen.sno_partition = -1;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.sno_partition;
ALTER SYSTEM SET idgen.sno_partition = 65535;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.sno_partition;
ALTER SYSTEM SET idgen.sno_partition = 65536;
\echo :SQLSTATE

-- idgen.sno_sequence_min and idgen.sno_sequence_max: 0 .. 65535 each (a
-- minimum above the maximum is gen_sno()'s error, not the settings')
ALTER SYSTEM SET idgen.sno_sequence_min = -1;
\echo :SQLSTATE
ALTER SYSTEM SET idgen.sno_sequence_min = 0;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.sno_sequence_min;
ALTER SYSTEM SET idgen.sno_sequence_min = 65535;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.sno_sequence_min;
ALTER SYSTEM SET idgen.sno_sequence_min = 65536;
\echo :SQLSTATE
ALTER SYSTEM SET idgen.sno_sequence_max = -1;
\echo :SQLSTATE
ALTER SYSTEM SET idgen.sno_sequence_max = 0;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.sno_sequence_max;
ALTER SYSTEM SET idgen.sno_sequence_max = 65535;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.sno_sequence_max;
ALTER SYSTEM SET idgen.sno_sequence_max = 65536;
\echo :SQLSTATE

-- idgen.siq_local_id: 0 .. 256 (256 makes the top byte 0)
ALTER SYSTEM SET idgen.siq_local_id = -1;
\echo :SQLSTATE
ALTER SYSTEM SET idgen.siq_local_id = 0;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.siq_local_id;
ALTER SYSTEM SET idgen.siq_local_id = 256;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.siq_local_id;
ALTER SYSTEM SET idgen.siq_local_id = 257;
\echo :SQLSTATE

-- idgen.siq_shard: -1 (derived) .. 255
ALTER SYSTEM SET idgen.siq_shard = -2;
\echo :SQLSTATE
ALTER SYSTEM SET idgen.siq_shard = -1;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.siq_shard;
ALTER SYSTEM SET idgen.siq_shard = 255;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.siq_shard;
ALTER SYSTEM SET idgen.siq_shard = 256;
\echo :SQLSTATE

-- idgen.muid_medallion: '' (derived), or 1 .. 2^44 - 2 in decimal or 0x
-- hex.  2^44 - 1, all F, is what muid's reference reads as -1.
ALTER SYSTEM SET idgen.muid_medallion = '';
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.muid_medallion;
ALTER SYSTEM SET idgen.muid_medallion = '0';
\echo :SQLSTATE
ALTER SYSTEM SET idgen.muid_medallion = '0x0';
\echo :SQLSTATE
ALTER SYSTEM SET idgen.muid_medallion = '1';
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.muid_medallion;
ALTER SYSTEM SET idgen.muid_medallion = '0x1';
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.muid_medallion;
ALTER SYSTEM SET idgen.muid_medallion = '17592186044414';
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.muid_medallion;
ALTER SYSTEM SET idgen.muid_medallion = '0xFFFFFFFFFFE';
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.muid_medallion;
ALTER SYSTEM SET idgen.muid_medallion = '17592186044415';
\echo :SQLSTATE
ALTER SYSTEM SET idgen.muid_medallion = '0xFFFFFFFFFFF';
\echo :SQLSTATE

-- idgen.worker_idle: 1 s .. 1 day, two minutes unless set; a number
-- without a unit is seconds (out of range, only the SQLSTATE: 15's message
-- gives the bounds without their unit, 18's with it)
SHOW idgen.worker_idle;
\set VERBOSITY sqlstate
ALTER SYSTEM SET idgen.worker_idle = 0;
\set VERBOSITY default
ALTER SYSTEM SET idgen.worker_idle = 1;
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.worker_idle;
ALTER SYSTEM SET idgen.worker_idle = '1d';
INSERT INTO written (name, setting) TABLE auto_conf;
ALTER SYSTEM RESET idgen.worker_idle;
\set VERBOSITY sqlstate
ALTER SYSTEM SET idgen.worker_idle = 86401;
\set VERBOSITY default

-- Every valid value was written as given, and nothing is left
SELECT name, setting FROM written ORDER BY n;
SELECT count(*) AS left_in_auto_conf FROM auto_conf;

-- idgen.clock_offset, set per session: milliseconds (a number without a
-- unit is milliseconds) from -2147483647 to 2147483647
SET idgen.clock_offset = 5000;
SHOW idgen.clock_offset;
-- (below the range, 15's message gives the bounds without their unit and
-- 18's with it: only its SQLSTATE here)
\set VERBOSITY sqlstate
SET idgen.clock_offset = -2147483648;
\set VERBOSITY default
SET idgen.clock_offset = -2147483647;
SHOW idgen.clock_offset;
SET idgen.clock_offset = 2147483647;
SHOW idgen.clock_offset;
SET idgen.clock_offset = 2147483648;
\echo :SQLSTATE
SHOW idgen.clock_offset;
RESET idgen.clock_offset;
