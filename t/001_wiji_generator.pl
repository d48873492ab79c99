# gen_wiji() across sessions: no duplicate under concurrency, with and
# without preloading, and server-wide monotonic order with
# idgen.monotonic = server.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

foreach my $preload (0, 1)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'preload' : 'plain', preload => $preload);
	$node->safe_psql('postgres',
		'CREATE TABLE t (id wiji PRIMARY KEY DEFAULT gen_wiji(), pid integer DEFAULT pg_backend_pid(), n bigserial)');

	three_sessions_insert($node, $mode);
	is( $node->safe_psql('postgres',
			'SELECT count(DISTINCT wiji_extract_node(id)) FROM t'),
		'3', "each session has its own random node ($mode)");

	# The statistics are server-wide: another session sees all 450,000.
	is( $node->safe_psql('postgres',
			"SELECT generated >= 450000 FROM idgen_stats() WHERE generator = 'wiji'"),
		't', "idgen_stats() totals every session's ids ($mode)");

	# One generator for the server: two sessions calling alternately get
	# strictly increasing values with one node.
	configure($node, monotonic => 'server');
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
	configure($node, monotonic => 'backend');
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

	# Sessions whose clocks disagree, under the server scope: B's runs 10 s
	# ahead, A's does not, and they call alternately, B first.  Each of B's
	# values starts a new microsecond of B's clock (sequence 0); each of A's,
	# its clock behind, follows B's in the same microsecond (sequence 1).  The
	# server-wide generator never goes back to A's time, nor to what A had.
	configure($node, monotonic => 'server');
	my ($session_a, $session_b) = map { $node->background_psql('postgres') } 1 .. 2;
	$session_b->query_safe("SET idgen.clock_offset = '10s'");
	my @alternate;
	for my $i (0 .. 5)
	{
		push @alternate, ($i % 2 ? $session_a : $session_b)->query_safe('SELECT gen_wiji()::uuid');
	}
	$_->quit for ($session_a, $session_b);
	$values = join(',', map { "($_, '$alternate[$_]'::uuid)" } 0 .. $#alternate);
	is( $node->safe_psql('postgres', qq{
			SELECT i, CASE WHEN i % 2 = 0 THEN 'B' ELSE 'A' END, wiji_extract_sequence(w), w > prev,
			       wiji_extract_timestamp(w) = wiji_extract_timestamp(prev),
			       wiji_extract_timestamp(w) > clock_timestamp() + interval '5 s'
			FROM (SELECT i, w, lag(w) OVER (ORDER BY i) AS prev
			      FROM (SELECT i, u::wiji AS w FROM (VALUES $values) v(i, u)) a) b
			ORDER BY i}),
		"0|B|0|||t\n1|A|1|t|t|t\n2|B|0|t|f|t\n3|A|1|t|t|t\n4|B|0|t|f|t\n5|A|1|t|t|t",
		"sessions whose clocks disagree: the session behind gets values after the other's ($mode)");
	configure($node, monotonic => 'backend');

	# The review's case: with the server-wide generator's own node, A's
	# values under the backend scope share neither a value nor the node with
	# B's, made under the server scope at the same time.  A restart first,
	# so that A is the first caller of a fresh server-wide generator.
	$node->restart;
	scope_handover($node, $mode, 'wiji', 'gen_wiji()', 6000000);
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT count(*) FROM handover_a JOIN handover_b USING (id)),
			       (SELECT count(*) FROM (SELECT DISTINCT wiji_extract_node(id) AS n FROM handover_a) x
			                       JOIN (SELECT DISTINCT wiji_extract_node(id) AS n FROM handover_b) y USING (n))}),
		'0|0', "$mode: no value and no node in common");
	$node->safe_psql('postgres', 'ALTER SYSTEM RESET idgen.monotonic; SELECT pg_reload_conf();');
	$node->stop;
}

done_testing();
