-- Update from 1.1 to 1.2.

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.2'" to load this file. \quit
