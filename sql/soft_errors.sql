--
-- Soft input errors, from PostgreSQL 16 on: pg_input_is_valid() and
-- pg_input_error_info() report bad input for every type without raising,
-- with the SQLSTATE, message and detail that the cast raises.  PostgreSQL 15
-- has neither function, so this file's output truly differs there:
-- expected/soft_errors_1.out is what 15 prints.
--
SELECT current_setting('server_version_num')::integer >= 160000 AS has_soft_errors \gset
\if :has_soft_errors
-- The extension's types
CREATE TEMP TABLE types AS
SELECT t.typname::text AS type
FROM pg_type t JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
WHERE d.deptype = 'e' AND t.typcategory <> 'A';

-- Every row of test/data/inputs.tsv: valid or not as listed, and every
-- rejected one reported softly exactly as the cast reports it
WITH i AS MATERIALIZED (SELECT * FROM inputs WHERE type IN (SELECT type FROM types))
SELECT i.type, count(*) AS inputs,
       count(*) FILTER (WHERE pg_input_is_valid(i.input, i.type) = (i.output <> 'ERROR')) AS valid_as_listed,
       count(*) FILTER (WHERE i.output = 'ERROR') AS rejected,
       count(*) FILTER (WHERE i.output = 'ERROR'
                          AND e.sql_error_code || ': ' || e.message || coalesce(' / ' || e.detail, '')
                              = try_input(i.type, i.input)) AS reported_softly
FROM i CROSS JOIN LATERAL pg_input_error_info(i.input, i.type) e
GROUP BY i.type ORDER BY i.type;

-- One of them in full, for each type
SELECT type, e.*
FROM types CROSS JOIN LATERAL pg_input_error_info('garbage', type) e
ORDER BY type;
\else
\echo PostgreSQL 15: no soft input errors
\endif
