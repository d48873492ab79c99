-- Update from 1.3 to 1.4.  1.4 adds one function,
-- snowflake_continue_above() (snowflake-continue.sql, the same file as
-- the install script), and changes nothing else.

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.4'" to load this file. \quit
