-- Update from 1.2 to 1.3.  1.3 adds no type and changes none: uuid v7 on
-- core's uuid (uuidv7.sql) and snowflake ids on bigint (snowflake.sql),
-- the same files as the install script.

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.3'" to load this file. \quit
