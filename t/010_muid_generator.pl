
# gen_muid() on a server without idgen preloaded and on one with it: the
# medallion setting, three sessions at once with one transaction per
# statement, and a clock that steps back; with idgen preloaded, restarts and
# crashes with the clock set 30 s back.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# Every bundle of phase p is later than every bundle before it
sub bundles_after
{
	my ($node, $phase) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT count(DISTINCT muid_bundle(id)) > 0,
		       min(muid_bundle(id)) > (SELECT max(id) FROM ids WHERE phase < $phase)
		FROM ids WHERE phase = $phase});
}

foreach my $preload (0, 1)
{
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'muid_preload' : 'muid_plain', preload => $preload,
		conf => ($preload ? "restart_after_crash = on\n" : '') . 'max_prepared_transactions = 2',
		sql => q{
		CREATE TABLE ids (id muid PRIMARY KEY, phase integer, pid integer DEFAULT pg_backend_pid(),
		                  n bigserial);
	});

	# The medallion setting, in hex
	$node->safe_psql('postgres',
		"LOAD 'idgen'; ALTER SYSTEM SET idgen.muid_medallion = '0x1BFC71B112D'; SELECT pg_reload_conf();");
	$node->poll_query_until('postgres',
		"SELECT current_setting('idgen.muid_medallion') = '0x1BFC71B112D'")
	  or die 'idgen.muid_medallion did not take effect';
	is( $node->safe_psql('postgres', q{
			SELECT muid_extract_medallion(gen_muid()), node, node_source
			FROM idgen_stats() WHERE generator = 'muid'}),
		'1923190821165|medallion=1923190821165 (0x1BFC71B112D)|setting',
		"$label: idgen.muid_medallion = '0x1BFC71B112D' is the medallion 1923190821165");
	$node->safe_psql('postgres',
		"LOAD 'idgen'; ALTER SYSTEM RESET idgen.muid_medallion; SELECT pg_reload_conf();");
	$node->poll_query_until('postgres', "SELECT current_setting('idgen.muid_medallion') = ''")
	  or die 'idgen.muid_medallion was not reset';

	# Three sessions, each inserting 150,000 rows in 1,500 statements of
	# 100, each statement its own transaction: no duplicate (the primary
	# key), 100 rows and offsets 1 to 100 to a bundle, and each session's
	# bundles increase
	$node->pgbench(
		'--no-vacuum --client=3 --jobs=3 --transactions=1500',
		0,
		[qr{processed: 4500/4500}],
		[qr{^$}],
		"$label: three concurrent sessions insert without a duplicate",
		{
			'010_muid_insert' =>
			  'INSERT INTO ids (id, phase) SELECT gen_muid(), 1 FROM generate_series(1, 100);'
		});
	is( $node->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT id), count(DISTINCT pid), count(DISTINCT muid_bundle(id))
			FROM ids WHERE phase = 1}),
		'450000|450000|3|4500', "$label: 450,000 distinct values in 4,500 bundles");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE rows <> 100 OR lo <> 1 OR hi <> 100)
			FROM (SELECT count(*) AS rows, min(muid_extract_offset(id)) AS lo, max(muid_extract_offset(id)) AS hi
			      FROM ids WHERE phase = 1 GROUP BY muid_bundle(id)) b}),
		'0', "$label: each bundle holds one statement's 100 rows, offsets 1 to 100");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE id <= prev)
			FROM (SELECT id, lag(id) OVER (PARTITION BY pid ORDER BY n) AS prev FROM ids WHERE phase = 1) s}),
		'0', "$label: each session's values strictly increase");

	# PREPARE TRANSACTION ends the transaction in the session: the next
	# gen_muid() starts a new bundle, also before COMMIT PREPARED
	my ($out, $err) = run_script($node, q{
		BEGIN;
		INSERT INTO ids (id, phase) SELECT gen_muid(), 7 FROM generate_series(1, 3);
		PREPARE TRANSACTION 'p';
		BEGIN;
		INSERT INTO ids (id, phase) SELECT gen_muid(), 8 FROM generate_series(1, 2);
		COMMIT;
		COMMIT PREPARED 'p';
	});
	is($err, '', "$label: a prepared transaction and the next one");
	is( $node->safe_psql('postgres', q{
			SELECT phase, string_agg(muid_extract_offset(id)::text, ',' ORDER BY id), count(DISTINCT muid_bundle(id))
			FROM ids WHERE phase IN (7, 8) GROUP BY phase ORDER BY phase}),
		"7|1,2,3|1\n8|1,2|1", "$label: ... have bundles of their own");

	# The clock steps back 5 s: the next transaction's bundle is still later
	# than every earlier one
	($out, $err) = run_script($node, q{
		SET idgen.clock_offset = '-5s';
		INSERT INTO ids (id, phase) SELECT gen_muid(), 2 FROM generate_series(1, 10);
		INSERT INTO ids (id, phase) SELECT gen_muid(), 3 FROM generate_series(1, 10);
	});
	is($err, '', "$label: with the clock 5 s back, no error");
	is(bundles_after($node, 2), 't|t', "$label: ... the next bundle is later than every earlier one");
	is(bundles_after($node, 3), 't|t', "$label: ... and so is the one after it");
	is( $node->safe_psql('postgres',
			"SELECT clock_regressions > 0 FROM idgen_stats() WHERE generator = 'muid'"),
		't', "$label: idgen_stats() counted the regression");

	if ($preload)
	{
		# A clean restart, a backend crash, an immediate shutdown: each time
		# with the clock 30 s back, every new bundle is later than every old one
		$node->restart;
		($out, $err) = run_script($node, q{
			SET idgen.clock_offset = '-30s';
			INSERT INTO ids (id, phase) SELECT gen_muid(), 4 FROM generate_series(1, 10);
		});
		is($err, '', 'after a restart with the clock 30 s back, no error');
		is(bundles_after($node, 4), 't|t', '... the new bundle is later than every earlier one');

		ok(crash_backend($node), 'the server went through crash recovery');
		($out, $err) = run_script($node, q{
			SET idgen.clock_offset = '-30s';
			INSERT INTO ids (id, phase) SELECT gen_muid(), 5 FROM generate_series(1, 10);
		});
		is($err, '', 'after a crash with the clock 30 s back, no error');
		is(bundles_after($node, 5), 't|t', '... the new bundle is later than every earlier one');

		$node->stop('immediate');
		$node->start;
		($out, $err) = run_script($node, q{
			SET idgen.clock_offset = '-30s';
			INSERT INTO ids (id, phase) SELECT gen_muid(), 6 FROM generate_series(1, 10);
		});
		is($err, '', 'after an immediate shutdown with the clock 30 s back, no error');
		is(bundles_after($node, 6), 't|t', '... the new bundle is later than every earlier one');
	}
	$node->stop;
}

done_testing();
