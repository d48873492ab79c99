
# gen_uuidv7() across sessions with idgen.monotonic = server: sessions
# taking turns, pgbench with four clients for 30 s, and a session whose
# clock steps back, all get strictly increasing values in call order; and
# without preloading, sessions taking turns too.  The server's generator
# adds random increments within a millisecond, as a session's does.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# Values taken from sessions in turn, in call order: how many are not above
# the one before, and how many are distinct
sub in_turns
{
	my ($node, $sessions, $calls) = @_;
	my @values;
	for my $i (1 .. $calls)
	{
		push @values, $sessions->[ $i % @$sessions ]->query_safe('SELECT gen_uuidv7()');
	}
	my $values = join(',', map { "($_, '$values[$_]'::uuid)" } 0 .. $#values);
	return $node->safe_psql('postgres',
		"SELECT count(*) FILTER (WHERE u <= prev), count(DISTINCT u)
		 FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM (VALUES $values) v(i, u)) a");
}

# Within a millisecond, each of 20,000 values of one statement is the one
# before plus 1 and 32 random bits in the 74 random bits: the same-ms pairs
# (some), those whose increment is 1 or above 2^32 (none; 1 comes one time
# in 2^32), and whether the largest is 2^31 or more (as all but one time in
# 2^20000)
my $increments = q{
	WITH g AS (SELECT n, replace(gen_uuidv7()::text, '-', '') AS h FROM generate_series(1, 20000) n),
	r AS (SELECT n, substr(h, 1, 12) AS ms,
				 ('x' || substr(h, 14, 3))::bit(12)::integer * 2::numeric ^ 62
				 + (('x' || substr(h, 17))::bit(64)::bigint & 4611686018427387903) AS r74
		  FROM g),
	d AS (SELECT r74 - lag(r74) OVER (ORDER BY n) AS inc,
				 ms = lag(ms) OVER (ORDER BY n) AS same_ms
		  FROM r)
	SELECT count(*) > 0, count(*) FILTER (WHERE inc = 1 OR inc > 2::numeric ^ 32),
		   max(inc) >= 2::numeric ^ 31
	FROM d WHERE same_ms};

foreach my $preload (1, 0)
{
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'uuidv7_preload' : 'uuidv7_plain', preload => $preload,
		conf => "idgen.monotonic = 'server'\n");

	is($node->safe_psql('postgres', $increments), 't|0|t',
		"$label: within a millisecond, the values differ by random increments");

	my @s = map { $node->background_psql('postgres') } 1 .. 2;
	is(in_turns($node, \@s, 400), '0|400',
		"$label: two sessions taking turns get strictly increasing values");

	# One session's clock an hour behind: the server's generator goes on
	# from the millisecond it reached
	$s[1]->query_safe("SET idgen.clock_offset = '-1h'");
	is(in_turns($node, \@s, 400), '0|400',
		"$label: with one session's clock an hour back, values still increase");
	is( $node->safe_psql('postgres',
			"SELECT clock_regressions > 0 FROM idgen_stats() WHERE generator = 'uuidv7'"),
		't', "$label: the clock regression is counted");
	$_->quit for @s;
	next unless $preload;

	# pgbench, four clients for 30 s: one script inserts ten values at a time
	# (no duplicate may come out), the other one value with its place in
	# call order, taken under a lock with the value (none may be below the
	# one before)
	$node->safe_psql('postgres', q{
		CREATE TABLE free (id uuid NOT NULL);
		CREATE SEQUENCE calls;
		CREATE TABLE ordered (n bigint PRIMARY KEY, id uuid NOT NULL);
	});
	my $dir = PostgreSQL::Test::Utils::tempdir;
	append_to_file("$dir/free.sql",
		"INSERT INTO free SELECT gen_uuidv7() FROM generate_series(1, 10);\n");
	append_to_file("$dir/ordered.sql",
		"BEGIN;\nSELECT pg_advisory_xact_lock(7);\n"
		  . "INSERT INTO ordered VALUES (nextval('calls'), gen_uuidv7());\nCOMMIT;\n");
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(
		[ 'pgbench', '--no-vacuum', '--client=4', '--jobs=4', '--time=30',
			'-f', "$dir/free.sql", '-f', "$dir/ordered.sql",
			'-h', $node->host, '-p', $node->port, 'postgres' ],
		'>', \$out, '2>', \$err);
	ok($ok, "$label: pgbench ran for 30 s") or diag($out, $err);
	is( $node->safe_psql('postgres', q{
			SELECT count(*) > 10000, count(*) = count(DISTINCT id) FROM free}),
		't|t', "$label: pgbench: no duplicate among the values of four clients");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) > 1000, count(*) FILTER (WHERE id <= prev)
			FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM ordered) a}),
		't|0', "$label: pgbench: no value below the one before in call order");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM (SELECT id FROM free UNION ALL SELECT id FROM ordered) a
			GROUP BY id HAVING count(*) > 1}),
		'', "$label: pgbench: none of the scripts' values in common");
	$node->stop;
}

done_testing();
