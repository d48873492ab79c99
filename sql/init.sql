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

-- The plan of a query, one row per node, from EXPLAIN's JSON (whose keys,
-- unlike its text, read the same on every version): the node with its index
-- and direction, its index condition, and what it outputs
CREATE FUNCTION plan_nodes(query text)
RETURNS TABLE (depth integer, node text, cond text, output text)
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF, FORMAT JSON) ' || query INTO plan;
    RETURN QUERY
    WITH RECURSIVE n(depth, p) AS (
        SELECT 0, plan -> 0 -> 'Plan'
        UNION ALL
        SELECT n.depth + 1, c FROM n, json_array_elements(n.p -> 'Plans') c
    )
    SELECT n.depth,
           CASE WHEN (n.p ->> 'Parallel Aware')::boolean THEN 'Parallel ' ELSE '' END
           || (n.p ->> 'Node Type')
           || CASE WHEN n.p ->> 'Scan Direction' = 'Backward' THEN ' Backward' ELSE '' END
           || coalesce(' using ' || (n.p ->> 'Index Name'), ''),
           coalesce(n.p ->> 'Index Cond', n.p ->> 'Recheck Cond'),
           (SELECT string_agg(o, ', ') FROM json_array_elements_text(n.p -> 'Output') o)
    FROM n;
END
$$;

-- Parallel plans even for small tables, two workers that scan every row
-- (the leader only gathers, however fast or slow the workers start); or
-- back to the defaults
CREATE FUNCTION parallel_plans(on_off boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    setting record;
BEGIN
    FOR setting IN SELECT * FROM (VALUES ('parallel_setup_cost', '0'), ('parallel_tuple_cost', '0'),
                                         ('min_parallel_table_scan_size', '0'),
                                         ('max_parallel_workers_per_gather', '2'),
                                         ('parallel_leader_participation', 'off')) v(name, value)
    LOOP
        IF on_off THEN
            PERFORM set_config(setting.name, setting.value, false);
        ELSE
            EXECUTE format('RESET %I', setting.name);
        END IF;
    END LOOP;
END
$$;

-- Run the statements that follow in a parallel worker wherever the planner
-- may (debug_parallel_query, called force_parallel_mode before 16)
CREATE FUNCTION force_parallel(on_off text) RETURNS text
LANGUAGE sql AS $$
    SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                           THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END,
                      on_off, false)
$$;

-- The vectors every type is tested against (test/data/inputs.tsv)
CREATE TABLE inputs (type text, input text, output text);
\copy inputs FROM 'test/data/inputs.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER, FORCE_NOT_NULL (input, output))
SELECT type, count(*) FILTER (WHERE output <> 'ERROR') AS accepted,
       count(*) FILTER (WHERE output = 'ERROR') AS rejected
FROM inputs GROUP BY type ORDER BY type;

SET timezone = 'UTC';
SELECT try('1/0'), try_input('int', 'x'), unix_us(18014398509481983);
