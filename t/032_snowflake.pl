
# gen_snowflake() with idgen preloaded: idgen.snowflake_node in every value,
# a new node from a new millisecond on, two sessions taking turns under
# idgen.monotonic = server, a clock that steps back (the last millisecond
# is kept, and 4,096 in one move on to the next without waiting, until
# the values are the mark's window, 1.2 s, ahead: then paced to the clock,
# whether they are 5 s ahead or 2 s, between one window and two),
# snowflake_continue_above(), and four pgbench clients inserting for 30 s
# without a duplicate.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('snowflake', preload => 1,
	sql => 'CREATE TABLE p (id bigint PRIMARY KEY DEFAULT gen_snowflake(), pid integer, n bigserial)');

# The node setting: every value carries it, and idgen_stats() shows it
configure($node, snowflake_node => 1023);
is( $node->safe_psql('postgres', q{
		SELECT count(DISTINCT id), min(snowflake_extract_node(id)), max(snowflake_extract_node(id))
		FROM (SELECT gen_snowflake() AS id FROM generate_series(1, 10000)) s}),
	'10000|1023|1023', 'idgen.snowflake_node = 1023 is in every value');
is( $node->safe_psql('postgres',
		"SELECT scope, node, node_source FROM idgen_stats() WHERE generator = 'snowflake'"),
	'server|node=1023|setting', 'idgen_stats() shows it');
my ($out, $err) = run_script($node, "LOAD 'idgen'; ALTER SYSTEM SET idgen.snowflake_node = 1024");
like($err, qr/ERROR:  22023: 1024 is outside the valid range for parameter "idgen.snowflake_node" \(-1 \.\. 1023\)/,
	'a node past 1023 is refused when set');

# A new node, reloaded while a session runs ahead of the clock, applies to
# its next value, which starts a new millisecond: values keep increasing
configure($node, snowflake_node => 5);
my $a = $node->background_psql('postgres');
my $ahead = $a->query_safe(
	q{SET idgen.clock_offset = '30s'; SELECT gen_snowflake(); RESET idgen.clock_offset});
configure($node, snowflake_node => 6);
$a->query_safe('SELECT 1');    # let the session see the reload
my $next = $a->query_safe('SELECT gen_snowflake()');
$a->quit;
is( $node->safe_psql('postgres', qq{
		SELECT snowflake_extract_node($ahead), snowflake_extract_node($next), $next > $ahead,
		       snowflake_extract_timestamp($next) > snowflake_extract_timestamp($ahead)}),
	'5|6|t|t', 'a new node applies at the next value, in a new millisecond, above the last value');
configure($node, snowflake_node => -1);

# One sequence number at a time for the server: two sessions calling in
# turn get strictly increasing values
configure($node, monotonic => 'server');
my @s = map { $node->background_psql('postgres') } 1 .. 2;
my @values = map { $s[ $_ % 2 ]->query_safe('SELECT gen_snowflake()') } 1 .. 200;
is( $node->safe_psql('postgres',
		'SELECT count(*) FILTER (WHERE v <= prev), count(DISTINCT v)
		 FROM (SELECT v, lag(v) OVER (ORDER BY i) AS prev
		       FROM unnest(ARRAY[' . join(',', @values) . ']::bigint[]) WITH ORDINALITY u(v, i)) a'),
	'0|200', 'idgen.monotonic = server: two sessions taking turns get strictly increasing values');
# Back to blocks: a session goes on above what it had before
my $last = $s[0]->query_safe('SELECT gen_snowflake()');
configure($node, monotonic => 'backend');
$s[0]->query_safe('SELECT 1');    # let the session see the reload
is($s[0]->query_safe("SELECT gen_snowflake() > $last"), 't',
	'a session keeps increasing across a change of scope');
$_->quit for @s;

# The clock steps back 5 s: no wait, no error; the values stay on the last
# millisecond reached, 4,096 in each, then the next, ahead of the clock
($out, $err) = run_script($node, q{
	CREATE TABLE clk (phase integer, n integer, id bigint PRIMARY KEY);
	CREATE TABLE stats1 AS SELECT * FROM idgen_stats() WHERE generator = 'snowflake';
	INSERT INTO clk SELECT 1, n, gen_snowflake() FROM generate_series(1, 10000) n;
	SET idgen.clock_offset = '-5s';
	INSERT INTO clk SELECT 2, n, gen_snowflake() FROM generate_series(1, 10000) n;
	RESET idgen.clock_offset;
	INSERT INTO clk SELECT 3, n, gen_snowflake() FROM generate_series(1, 10000) n;
});
is($err, '', 'a step back of the clock is no error');
is( $node->safe_psql('postgres', q{
		SELECT count(*), count(*) FILTER (WHERE id <= prev) FROM
		(SELECT id, lag(id) OVER (ORDER BY phase, n) AS prev FROM clk) s}),
	'30000|0', '... and the values keep increasing');
is( $node->safe_psql('postgres', q{
		WITH m AS (
			SELECT snowflake_extract_timestamp(id) AS ts, count(*) AS c FROM clk
			WHERE phase IN (1, 2)
			  AND snowflake_extract_timestamp(id) >= (SELECT min(snowflake_extract_timestamp(id)) FROM clk WHERE phase = 2)
			GROUP BY 1)
		SELECT count(*) >= 3, count(*) FILTER (WHERE c <> 4096 AND ts < (SELECT max(ts) FROM m)),
		       (SELECT min(ts) FROM m) - (SELECT max(snowflake_extract_timestamp(id)) FROM clk WHERE phase = 1)
		         BETWEEN interval '0' AND interval '1 ms'
		FROM m}),
	't|0|t', 'behind the clock, the values go on from the last millisecond reached, 4,096 in each, then the next');
is( $node->safe_psql('postgres', q{
		SELECT s.clock_regressions > s1.clock_regressions, s.overflow_waits - s1.overflow_waits >= 2
		FROM idgen_stats() s JOIN stats1 s1 USING (generator)}),
	't|t', 'idgen_stats() counted the step back and the milliseconds used up');

# Ahead of the clock by more than the mark's window (1.2 s; here 5 s, the
# clock set back), the lead does not grow: a millisecond used up moves on
# only as the clock moves on.  2,000,000 values need 489 of them (which an
# unpaced loop here makes in less than half that time).
($out, $err) = run_script($node, q{
	SET idgen.clock_offset = '-5s';
	CREATE TABLE paced AS
	SELECT max(id) AS hi, min(id) AS lo, clock_timestamp() - statement_timestamp() AS took
	FROM (SELECT gen_snowflake() AS id FROM (SELECT generate_series(1, 2000000)) g) s;
});
is($err, '', 'far ahead of the clock: 2,000,000 values, no error');
is( $node->safe_psql('postgres', q{
		SELECT snowflake_extract_timestamp(hi) - snowflake_extract_timestamp(lo) >= interval '487 ms',
		       snowflake_extract_timestamp(hi) - snowflake_extract_timestamp(lo) <= took + interval '2 ms'
		FROM paced}),
	't|t', '... they take their milliseconds no faster than the clock moves');

# Ahead of the clock by between one window and two: the session's clock
# set 2 s behind the last value (which the earlier steps left ahead of the
# system clock).  The lead is bounded by the window (1.2 s), so the values,
# already further ahead, are paced to the clock at once: 3,000,000 values
# (733 milliseconds' worth, which an unpaced loop makes in less than half
# that time) leave the lead where it was.  A bound of two windows (2.4 s)
# would let them run on, unpaced, until 2.4 s ahead.
($out, $err) = run_script($node, q{
	SELECT round(extract(epoch FROM snowflake_extract_timestamp(gen_snowflake()) - clock_timestamp())
				 * 1000)::integer - 2000 AS offset_ms \gset
	SET idgen.clock_offset = :offset_ms;
	CREATE TABLE lead2_start AS
	SELECT gen_snowflake() AS v, clock_timestamp() + :offset_ms * interval '1 ms' AS t;
	CREATE TABLE lead2_end AS
	SELECT max(id) AS v, clock_timestamp() + :offset_ms * interval '1 ms' AS t
	FROM (SELECT gen_snowflake() AS id FROM (SELECT generate_series(1, 3000000)) g) s;
});
is($err, '', '2 s ahead of the clock: 3,000,000 values, no error');
my ($start_ok, $end_ok, $at_start, $at_end) = split /\|/, $node->safe_psql('postgres', q{
	SELECT at_start BETWEEN interval '1.3 s' AND interval '2.1 s', at_end <= at_start + interval '5 ms',
		   extract(epoch FROM at_start), extract(epoch FROM at_end)
	FROM (SELECT snowflake_extract_timestamp(s.v) - s.t AS at_start,
				 snowflake_extract_timestamp(e.v) - e.t AS at_end
		  FROM lead2_start s, lead2_end e) l});
is($start_ok, 't', "... the values were $at_start s ahead of the clock, between one window and two");
is($end_ok, 't', "... and were paced to it: $at_end s ahead after them, no more");

# snowflake_continue_above() of a value 0.5 s ahead of the clock (with the
# largest node and sequence): it returns once the clock has passed the
# value's millisecond, and the next value is above it
is( $node->safe_psql('postgres', q{
		CREATE TABLE floor_value AS
		SELECT snowflake_from_parts(clock_timestamp() + interval '500 ms', 1023, 4095) AS v;
		SELECT snowflake_continue_above(v) FROM floor_value;
		SELECT clock_timestamp() >= snowflake_extract_timestamp(v) + interval '1 ms', gen_snowflake() > v
		FROM floor_value}),
	"\nt|t", 'snowflake_continue_above(): it waits for the clock to pass the value, and the next value is above it');

# Four clients insert for 30 s: a duplicate would violate the primary key
$node->pgbench(
	'--no-vacuum --client=4 --jobs=4 --time=30',
	0,
	[qr{number of failed transactions: 0 }],
	[qr{^$}],
	'pgbench, four clients for 30 s: no error, so no duplicate',
	{ 'insert' => 'INSERT INTO p (pid) SELECT pg_backend_pid() FROM generate_series(1, 100);' });
my ($rows, $distinct, $clients, $down) = split /\|/, $node->safe_psql('postgres', q{
	SELECT count(*), count(DISTINCT id), count(DISTINCT pid),
	       (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY pid ORDER BY n) AS down FROM p) s
	        WHERE down)
	FROM p});
cmp_ok($rows, '>', 100000, "pgbench inserted $rows rows");
is("$distinct|$clients|$down", "$rows|4|0", '... all distinct, from four sessions, each one\'s increasing');

$node->stop;
done_testing();
