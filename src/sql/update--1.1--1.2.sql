-- Update from 1.1 to 1.2.  1.2 adds ids contained in a tstzmultirange
-- (type-multirange.sql.in for each type: the same file as the install
-- script).

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.2'" to load this file. \quit
