--
-- Helpers shared by the regression tests that follow
--

-- The outcome of an expression: its text, or the SQLSTATE, message and
-- detail of the error it raises.
CREATE FUNCTION try(expr text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
    state text;
    msg text;
    detail text;
BEGIN
    EXECUTE 'SELECT (' || expr || ')::text' INTO result;
    RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL;
    RETURN state || ': ' || msg || coalesce(' / ' || nullif(detail, ''), '');
END
$$;

-- Text input of a type: try(format('%L::%s', input, type))
CREATE FUNCTION try_input(type text, input text) RETURNS text
LANGUAGE sql AS $$ SELECT try(format('%L::%s', input, type)) $$;

-- Unix microseconds as timestamptz, exact over the whole range
CREATE FUNCTION unix_us(us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
    SELECT ('1970-01-01'::timestamp
            + make_interval(days => (us / 86400000000)::integer)
            + (us % 86400000000) * interval '1 microsecond') AT TIME ZONE 'UTC'
$$;

-- The vectors every type is tested against (test/data/inputs.tsv)
CREATE TABLE inputs (type text, input text, output text);
\copy inputs FROM 'test/data/inputs.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER, FORCE_NOT_NULL (input, output))
SELECT type, count(*) FILTER (WHERE output <> 'ERROR') AS accepted,
       count(*) FILTER (WHERE output = 'ERROR') AS rejected
FROM inputs GROUP BY type ORDER BY type;

SET timezone = 'UTC';
SELECT try('1/0'), try_input('int', 'x'), unix_us(18014398509481983);
