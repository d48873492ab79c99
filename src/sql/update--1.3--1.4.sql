-- Update from 1.3 to 1.4.  1.4 adds two functions, with the same files as
-- the install script: snowflake_continue_above() (snowflake-continue.sql)
-- and idgen_uuidv7_bound_before() (uuidv7-before.sql), and changes nothing
-- else.

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.4'" to load this file. \quit
