
# gen_snowflake() with idgen preloaded: idgen.snowflake_node in every value,
# a new node from a new millisecond on, two sessions taking turns under
# idgen.monotonic = server, a clock that steps back (the last millisecond
# is kept, and 4,096 in one move on to the next without waiting), and four
# pgbench clients inserting for 30 s without a duplicate.

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
