# gen_wiji() across sessions: no duplicate under concurrency, with and
# without preloading, and server-wide monotonic order with
# idgen.monotonic = server.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes;

foreach my $preload (0, 1)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = PostgreSQL::Test::Cluster->new($preload ? 'preload' : 'plain');
	$node->init;
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idgen'")
	  if $preload;
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION idgen');
	$node->safe_psql('postgres',
		'CREATE TABLE t (id wiji PRIMARY KEY DEFAULT gen_wiji(), pid integer DEFAULT pg_backend_pid(), n bigserial)');

	# Three sessions insert 150,000 rows each at the same time: a duplicate
	# would violate the primary key and fail a session.
	$node->pgbench(
		'--no-vacuum --client=3 --jobs=3 --transactions=1',
		0,
		[qr{processed: 3/3}],
		[qr{^$}],
		"three concurrent sessions insert without a duplicate ($mode)",
		{
			'001_wiji_insert' =>
			  'INSERT INTO t (pid) SELECT pg_backend_pid() FROM generate_series(1, 150000);'
		});
	is( $node->safe_psql('postgres',
			'SELECT count(*), count(DISTINCT id), count(DISTINCT pid) FROM t'),
		'450000|450000|3',
		"450,000 distinct values from three sessions ($mode)");
	is( $node->safe_psql('postgres',
			'SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY pid ORDER BY n) AS down FROM t) s WHERE down'),
		'0',
		"each session's values strictly increase ($mode)");
	is( $node->safe_psql('postgres',
			'SELECT count(DISTINCT wiji_extract_node(id)) FROM t'),
		'3', "each session has its own random node ($mode)");

	# The statistics are server-wide: another session sees all 450,000.
	is( $node->safe_psql('postgres',
			"SELECT generated >= 450000 FROM idgen_stats() WHERE generator = 'wiji'"),
		't', "idgen_stats() totals every session's ids ($mode)");

	# One generator for the server: two sessions calling alternately get
	# strictly increasing values with one node.
	# (Without preloading, a session must load the library before it can
	# set one of its settings.)
	$node->safe_psql('postgres',
		"LOAD 'idgen'; ALTER SYSTEM SET idgen.monotonic = 'server'; SELECT pg_reload_conf();");
	$node->poll_query_until('postgres',
		"SELECT current_setting('idgen.monotonic', true)", 'server');
	my @s = map { $node->background_psql('postgres') } 1 .. 2;
	my @values;
	for my $i (1 .. 200)
	{
		push @values, $s[$i % 2]->query_safe('SELECT gen_wiji()::uuid');
	}
	my $values = join(',', map { "($_, '$values[$_]'::uuid)" } 0 .. $#values);
	is( $node->safe_psql('postgres',
			"SELECT count(*) FILTER (WHERE w <= prev), count(DISTINCT wiji_extract_node(w))
			 FROM (SELECT w, lag(w) OVER (ORDER BY i) AS prev
			       FROM (SELECT i, u::wiji AS w FROM (VALUES $values) v(i, u)) a) b"),
		'0|1',
		"alternating sessions get strictly increasing values with idgen.monotonic = server ($mode)");
	is( $node->safe_psql('postgres',
			"SELECT scope FROM idgen_stats() WHERE generator = 'wiji'"),
		'server', "idgen_stats() shows the server scope ($mode)");

	# Switching back to per-session generators keeps each session increasing.
	my $last = $s[0]->query_safe('SELECT gen_wiji()::uuid');
	$node->safe_psql('postgres',
		"LOAD 'idgen'; ALTER SYSTEM SET idgen.monotonic = 'backend'; SELECT pg_reload_conf();");
	$node->poll_query_until('postgres',
		"SELECT current_setting('idgen.monotonic', true)", 'backend');
	$s[0]->query_safe('SELECT 1');    # let the session see the reload
	is( $s[0]->query_safe("SELECT gen_wiji() > '$last'::uuid::wiji"),
		't', "a session keeps increasing across a change of scope ($mode)");

	# The server-wide generator has a node of its own: back under the
	# backend scope, neither session generates with it, not even the one
	# that called it first
	my $server_node = $node->safe_psql('postgres',
		"SELECT wiji_extract_node('$values[-1]'::uuid::wiji)");
	for my $i (0, 1)
	{
		$s[$i]->query_safe('SELECT 1');
		isnt($s[$i]->query_safe('SELECT wiji_extract_node(gen_wiji())'),
			$server_node, "session $i does not use the server-wide node ($mode)");
	}
	$_->quit for @s;

	# A long statement under the server scope while the scope changes back:
	# session A calls the server-wide generator first; B starts a long
	# INSERT, which keeps the server scope until it ends (a reload is seen
	# between statements); then A, under the backend scope, inserts too.
	# No value of A's may equal one of B's.  (generate_series in the select
	# list streams its rows: in FROM it would first store all of them.)
	$node->restart;
	$node->safe_psql('postgres', q{
		LOAD 'idgen'; ALTER SYSTEM SET idgen.monotonic = 'server'; SELECT pg_reload_conf();
		CREATE TABLE wa (id wiji);
		CREATE TABLE wb (id wiji);
	});
	$node->poll_query_until('postgres',
		"SELECT current_setting('idgen.monotonic', true)", 'server');
	my $a = $node->background_psql('postgres');
	my $b = $node->background_psql('postgres');
	$a->query_safe('SELECT gen_wiji()');
	$b->query_until(qr/started/,
		"\\echo started\nINSERT INTO wb SELECT gen_wiji() FROM (SELECT generate_series(1, 6000000)) s;\n");
	$node->poll_query_until('postgres', q{
		SELECT count(*) = 1 FROM pg_stat_activity
		WHERE state = 'active' AND query LIKE 'INSERT INTO wb %'})
	  or die "B's INSERT did not start";
	$node->safe_psql('postgres',
		"LOAD 'idgen'; ALTER SYSTEM SET idgen.monotonic = 'backend'; SELECT pg_reload_conf();");
	# A sees the reload at its next statement
	for (1 .. 100)
	{
		last if $a->query_safe("SELECT current_setting('idgen.monotonic')") eq 'backend';
		Time::HiRes::usleep(50_000);
	}
	$a->query_safe('INSERT INTO wa SELECT gen_wiji() FROM generate_series(1, 300000)');

	$b->query_safe('SELECT 1');    # B's INSERT has ended
	$a->quit;
	$b->quit;
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT min(id) FROM wb) < (SELECT min(id) FROM wa)
			   AND (SELECT max(wiji_extract_timestamp(id)) FROM wb)
			     > (SELECT max(wiji_extract_timestamp(id)) FROM wa)}),
		't', "B's statement ran under the server scope all through A's ($mode)");
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT count(*) FROM wa JOIN wb USING (id)),
			       (SELECT count(*) FROM (SELECT DISTINCT wiji_extract_node(id) AS n FROM wa) x
			                       JOIN (SELECT DISTINCT wiji_extract_node(id) AS n FROM wb) y USING (n))}),
		'0|0', "no value and no node in common ($mode)");
	$node->safe_psql('postgres', 'ALTER SYSTEM RESET idgen.monotonic; SELECT pg_reload_conf();');
	$node->stop;
}

done_testing();
