
# gen_siq() on a server without idgen preloaded and on one with it: the
# node settings, three sessions at once, the server scope (for siq and
# sno), and a clock that steps back.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;
use Time::HiRes;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

foreach my $preload (0, 1)
{
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'siq_preload' : 'siq_plain', preload => $preload);

	# The node settings: every value carries them
	configure($node, siq_domain => 'example.com', siq_shard => 77);
	is( $node->safe_psql('postgres', q{
			SELECT count(*), min(siq_extract_shard(id)), max(siq_extract_shard(id)),
			       min(siq_extract_domain_hash(id)), max(siq_extract_domain_hash(id))
			FROM (SELECT gen_siq('message') AS id FROM generate_series(1, 1000)) s}),
		'1000|77|77|2261653831|2261653831',
		"$label: idgen.siq_domain = 'example.com' and idgen.siq_shard = 77 are in every value");
	is( $node->safe_psql('postgres',
			"SELECT node, node_source FROM idgen_stats() WHERE generator = 'siq'"),
		'shard=77 domain_hash=2261653831|setting', "$label: idgen_stats() shows them");
	configure($node, siq_local_id => 1);
	is( $node->safe_psql('postgres',
			"SELECT siq_extract_domain_hash(gen_siq('user')) = siq_domain_hash('example.com', 1)"),
		't', "$label: idgen.siq_local_id replaces the top byte of the domain hash");
	my ($out, $err) = run_script($node,
		"LOAD 'idgen'; ALTER SYSTEM SET idgen.siq_domain = 'bücher.example'");
	like($err, qr/ERROR:  22023: invalid value for parameter "idgen.siq_domain"/,
		"$label: a domain that is not ASCII is refused when set");
	configure($node, siq_local_id => 0, siq_domain => '', siq_shard => -1);

	# The node settings change while four sessions generate: every tick is
	# made with one configuration (shard k, a domain hash of local id k)
	$node->safe_psql('postgres', 'CREATE TABLE churn (id siq PRIMARY KEY)');
	configure($node, siq_domain => 'example.com', siq_shard => 1, siq_local_id => 1);
	my $script = PostgreSQL::Test::Utils::tempdir() . '/churn.sql';
	PostgreSQL::Test::Utils::append_to_file($script,
		"INSERT INTO churn SELECT gen_siq('event') FROM generate_series(1, 100);\n");
	my ($pgb_out, $pgb_err) = ('', '');
	my $pgbench = IPC::Run::start(
		[ 'pgbench', '-n', '-c', '4', '-j', '4', '-T', '3', '-f', $script,
		  $node->connstr('postgres') ],
		'>', \$pgb_out, '2>', \$pgb_err);
	for my $k (2 .. 9)
	{
		Time::HiRes::usleep(150_000);
		configure($node, siq_shard => $k, siq_local_id => $k);
	}
	ok($pgbench->finish, "$label: four sessions inserted while the settings changed")
	  or diag($pgb_out, $pgb_err);
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE configs > 1),
			       count(*) FILTER (WHERE domain_hash <> siq_domain_hash('example.com', shard)),
			       count(DISTINCT shard) > 1
			FROM (SELECT min(siq_extract_shard(id)) AS shard,
			             min(siq_extract_domain_hash(id)) AS domain_hash,
			             count(DISTINCT (siq_extract_shard(id), siq_extract_domain_hash(id))) AS configs
			      FROM churn GROUP BY siq_extract_timestamp(id)) t}),
		'0|0|t', "$label: each tick has one shard and the domain hash that went with it");
	configure($node, siq_local_id => 0, siq_domain => '', siq_shard => -1);

	$node->safe_psql('postgres',
		"CREATE TABLE t (id siq PRIMARY KEY DEFAULT gen_siq('event'), pid integer, n bigserial)");
	three_sessions_insert($node, $label);

	# One serial at a time for the server: two sessions calling alternately
	# get strictly increasing values, for siq and for sno
	configure($node, monotonic => 'server');
	my @s = map { $node->background_psql('postgres') } 1 .. 2;
	for my $gen ("gen_siq('user')", 'gen_sno()')
	{
		my @values;
		for my $i (1 .. 200)
		{
			push @values, $s[ $i % 2 ]->query_safe("SELECT $gen\::uuid");
		}
		my $values = join(',', map { "($_, '$values[$_]'::uuid)" } 0 .. $#values);
		is( $node->safe_psql('postgres',
				"SELECT count(*) FILTER (WHERE u <= prev), count(DISTINCT u)
				 FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev
				       FROM (VALUES $values) v(i, u)) a"),
			'0|200',
			"$label: alternating sessions get strictly increasing values from $gen with idgen.monotonic = server");
	}
	# Back to blocks: a session goes on above what it had before
	my $last = $s[0]->query_safe("SELECT gen_siq('user')");
	configure($node, monotonic => 'backend');
	$s[0]->query_safe('SELECT 1');    # let the session see the reload
	is( $s[0]->query_safe("SELECT gen_siq('user') > '$last'::siq"),
		't', "$label: a session keeps increasing across a change of scope");
	$_->quit for @s;

	# The clock steps back 5 s: no wait, no error, values keep increasing on
	# the timestamp the generator had reached
	($out, $err) = run_script($node, q{
		CREATE TABLE clk (phase integer, n integer, id siq PRIMARY KEY);
		CREATE TABLE stats1 AS SELECT * FROM idgen_stats() WHERE generator = 'siq';
		INSERT INTO clk SELECT 1, n, gen_siq('content') FROM generate_series(1, 10000) n;
		SET idgen.clock_offset = '-5s';
		INSERT INTO clk SELECT 2, n, gen_siq('content') FROM generate_series(1, 10000) n;
		RESET idgen.clock_offset;
		INSERT INTO clk SELECT 3, n, gen_siq('content') FROM generate_series(1, 10000) n;
	});
	is($err, '', "$label: a step back of the clock is no error");
	is( $node->safe_psql('postgres', q{
			SELECT count(*), count(*) FILTER (WHERE id <= prev),
			       (SELECT max(siq_extract_timestamp(id)) - min(siq_extract_timestamp(id))
			        FROM clk WHERE phase = 2) < interval '1 s'
			FROM (SELECT id, lag(id) OVER (ORDER BY phase, n) AS prev FROM clk) s}),
		'30000|0|t', "$label: ... and the values keep increasing, on the timestamp reached");
	is( $node->safe_psql('postgres', q{
			SELECT s.clock_regressions > s1.clock_regressions
			FROM idgen_stats() s JOIN stats1 s1 USING (generator)}),
		't', "$label: idgen_stats() counted the regression");

	# A node setting reloaded while the generator runs ahead of the clock
	# (a session 30 s ahead took a value; back on the real clock, the rest of
	# its block is still good)
	# applies to the next value, in that session and in others, which starts
	# a new tick, so values keep increasing
	configure($node, siq_shard => 5);
	my $a = $node->background_psql('postgres');
	my $ahead = $a->query_safe(
		q{SET idgen.clock_offset = '30s'; SELECT gen_siq('user'); RESET idgen.clock_offset});
	configure($node, siq_shard => 200);
	$a->query_safe('SELECT 1');    # let the session see the reload
	my $next_a = $a->query_safe(q{SELECT gen_siq('user')});
	$a->quit;
	my $next = $node->safe_psql('postgres', q{SELECT gen_siq('user')});
	is( $node->safe_psql('postgres', qq{
			SELECT siq_extract_shard('$ahead'), siq_extract_shard('$next_a'), siq_extract_shard('$next'),
			       '$next_a'::siq > '$ahead', '$next'::siq > '$next_a'}),
		'5|200|200|t|t', "$label: a shard reloaded while the generator runs ahead applies to the next value");

	# A session in a statement since before a reload still has the old
	# settings; its values take the newer ones in force all the same
	$node->safe_psql('postgres', 'CREATE TABLE flag (go boolean); INSERT INTO flag VALUES (false);
		CREATE TABLE stale (id siq, setting text)');
	my $b = $node->background_psql('postgres');
	$b->query_until(qr/started/, q{
		\echo started
		DO $$
		BEGIN
			WHILE NOT (SELECT go FROM flag) LOOP
				PERFORM pg_sleep(0.01);
			END LOOP;
			INSERT INTO stale SELECT gen_siq('user'), current_setting('idgen.siq_shard');
		END
		$$;
	});
	configure($node, siq_shard => 201);
	$next = $node->safe_psql('postgres', q{SELECT gen_siq('user')});
	$node->safe_psql('postgres', 'UPDATE flag SET go = true');
	$b->quit;
	is( $node->safe_psql('postgres', qq{
			SELECT siq_extract_shard('$next'), setting, siq_extract_shard(id), id > '$next' FROM stale}),
		"201|200|201|t",
		"$label: a session still on the old shard makes values with the newer one");

	$node->stop;
}

done_testing();
