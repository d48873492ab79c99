
# Load, on a server without idgen preloaded and on one with it: pgbench,
# four clients for 30 s, each transaction inserting values of every type
# (a wiji, a ulid, a sno, a siq event, 20 siq users, two muids), half of
# them committed and half rolled back, while idgen.monotonic flips by
# reload every 200 ms and the node settings (sno partition, siq shard, muid
# medallion) change by reload every 400 ms.  No transaction fails, no value
# repeats, each session's values strictly increase (siq per kind, muid by
# bundle), and each sno 4 ms unit and each siq tick has one node
# configuration.

use strict;
use warnings;

use IPC::Run;
use Time::HiRes;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# One table per generator: the value (the column default), the session and
# the order in which the session made its values (the sequence is read
# after the id, in the same row); muid rows also record their transaction
my %gen = (
	wiji => 'gen_wiji()',
	ulid => 'gen_ulid()',
	sno => 'gen_sno()',
	siq_event => q{gen_siq('event')},
	siq_user => q{gen_siq('user')},
	muid => 'gen_muid()');
my @tables = sort keys %gen;
# Values a transaction takes: one of each, but two muids, of one bundle, and
# 20 siq users in one statement, so that many siq values share a tick
my %rows = (map({ $_ => 1 } @tables), muid => 2, siq_user => 20);

sub type_of
{
	my ($table) = @_;
	return $table =~ /^siq/ ? 'siq' : $table;
}

# The node settings cycle through three configurations
my @partitions = (101, 102, 103);
my @shards = (11, 12, 13);
my @medallions = (1001, 1002, 1003);

sub node_settings
{
	my ($k) = @_;
	return (
		sno_partition => $partitions[ $k % 3 ],
		siq_shard => $shards[ $k % 3 ],
		muid_medallion => $medallions[ $k % 3 ]);
}

sub test_load
{
	my ($preload) = @_;
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'load_preload' : 'load_plain', preload => $preload);
	for my $t (@tables)
	{
		my $type = type_of($t);
		$node->safe_psql('postgres', qq{
			CREATE TABLE ids_$t (id $type PRIMARY KEY DEFAULT $gen{$t},
			                     pid integer NOT NULL DEFAULT pg_backend_pid(),
			                     n bigserial)});
	}
	$node->safe_psql('postgres', 'ALTER TABLE ids_muid ADD x bigint NOT NULL DEFAULT txid_current()');
	configure($node, monotonic => 'backend', node_settings(0));

	# Two scripts of equal weight, one committing, the other rolling back;
	# pgbench logs each transaction with the script it ran
	my $dir = PostgreSQL::Test::Utils::tempdir();
	my $body = join('',
		map {
			$rows{$_} == 1
			  ? "INSERT INTO ids_$_ DEFAULT VALUES;\n"
			  : "INSERT INTO ids_$_ SELECT FROM generate_series(1, $rows{$_});\n"
		} @tables);
	PostgreSQL::Test::Utils::append_to_file("$dir/commit.sql", "BEGIN;\n${body}COMMIT;\n");
	PostgreSQL::Test::Utils::append_to_file("$dir/rollback.sql", "BEGIN;\n${body}ROLLBACK;\n");
	my ($out, $err) = ('', '');
	my $pgbench = IPC::Run::start(
		[ 'pgbench', '--no-vacuum', '--client=4', '--jobs=4', '--time=30',
		  '--log', "--log-prefix=$dir/tx",
		  '--file', "$dir/commit.sql\@1", '--file', "$dir/rollback.sql\@1",
		  $node->connstr('postgres') ],
		'>', \$out, '2>', \$err);

	# Meanwhile, every 200 ms, flip the scope, and every 400 ms move the
	# node settings on to the next configuration
	my $admin = $node->background_psql('postgres');
	$admin->query_safe("LOAD 'idgen'");
	my $flips = 0;
	while ($pgbench->pumpable)
	{
		Time::HiRes::usleep(200_000);
		$flips++;
		my %set = (monotonic => $flips % 2 ? 'server' : 'backend');
		%set = (%set, node_settings(int($flips / 2))) if $flips % 2 == 0;
		$admin->query_safe(join('',
			map { "ALTER SYSTEM SET idgen.$_ = '$set{$_}';\n" } sort keys %set)
			  . 'SELECT pg_reload_conf();');
		$pgbench->pump_nb;
	}
	$admin->quit;
	my $ok = $pgbench->finish;
	note("$flips reloads\n$out$err");

	is($ok ? 0 : $pgbench->result(0), 0, "$label: pgbench exits with status 0");
	is($err, '', "$label: pgbench printed no error");
	my ($failed) = $out =~ /^number of failed transactions: (\d+) /m;
	is($failed // 'not reported', '0', "$label: no transaction failed");
	my ($total) = $out =~ /^number of transactions actually processed: (\d+)$/m;
	$total //= -1;

	# The log: "client transaction time script ...", one line a transaction
	my %scripts = (0 => 0, 1 => 0);
	my $logged = 0;
	opendir(my $dh, $dir) or die "opendir $dir: $!";
	for my $log (grep { /^tx\./ } readdir($dh))
	{
		for my $line (split /\n/, PostgreSQL::Test::Utils::slurp_file("$dir/$log"))
		{
			my @f = split / /, $line;
			$scripts{ $f[3] }++;
			$logged++;
		}
	}
	closedir($dh);
	my ($commits, $rollbacks) = @scripts{ 0, 1 };
	is(join('|', $logged, scalar(keys %scripts)), "$total|2",
		"$label: pgbench logged every transaction, each of one of the two scripts");
	is(join('|', $commits > 0 ? 'some' : 'none', $rollbacks > 0 ? 'some' : 'none'),
		'some|some', "$label: some transactions committed, some rolled back");

	# Every transaction took its values (the sequences count them), and the
	# committed transactions' are in the tables, all distinct
	for my $t (@tables)
	{
		my $rows = $rows{$t};
		is( $node->safe_psql('postgres', qq{
				SELECT count(*), count(DISTINCT id), count(DISTINCT pid),
				       (SELECT last_value FROM ids_${t}_n_seq)
				FROM ids_$t}),
			join('|', $commits * $rows, $commits * $rows, 4, $total * $rows),
			"$label: $t: "
			  . ($total * $rows)
			  . " values taken, the $commits committed transactions' "
			  . ($commits * $rows)
			  . " distinct, from 4 sessions");
	}
	# Each session's values strictly increase (siq per kind: a table each)
	for my $t (grep { $_ ne 'muid' } @tables)
	{
		is( $node->safe_psql('postgres', qq{
				SELECT count(*) FILTER (WHERE id <= prev)
				FROM (SELECT id, lag(id) OVER (PARTITION BY pid ORDER BY n) AS prev FROM ids_$t) s}),
			'0', "$label: $t: each session's values strictly increase");
	}

	# muid: each transaction's two rows share a bundle, with offsets 1 and
	# 2; each session's bundles strictly increase
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE rows <> 2 OR bundles <> 1 OR lo <> 1 OR hi <> 2),
			       count(DISTINCT bundle) = count(*)
			FROM (SELECT count(*) AS rows, count(DISTINCT muid_bundle(id)) AS bundles,
			             min(muid_bundle(id)) AS bundle,
			             min(muid_extract_offset(id)) AS lo, max(muid_extract_offset(id)) AS hi
			      FROM ids_muid GROUP BY x) s}),
		'0|t', "$label: muid: one bundle to a transaction, with offsets 1 and 2");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE bundle <= prev)
			FROM (SELECT muid_bundle(id) AS bundle,
			             lag(muid_bundle(id)) OVER (PARTITION BY pid ORDER BY n) AS prev
			      FROM ids_muid WHERE muid_extract_offset(id) = 1) s}),
		'0', "$label: muid: each session's bundles strictly increase");

	# The reloads took effect: under the server scope wiji has one generator
	# with a node of its own, besides each session's
	is( $node->safe_psql('postgres',
			'SELECT count(DISTINCT wiji_extract_node(id)) FROM ids_wiji'),
		'5', "$label: wiji values have five nodes: the four sessions' and the server generator's");
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT string_agg(DISTINCT sno_extract_partition(id)::text, ',') FROM ids_sno),
			       (SELECT string_agg(DISTINCT siq_extract_shard(id)::text, ',')
			        FROM (SELECT id FROM ids_siq_event UNION ALL SELECT id FROM ids_siq_user) s),
			       (SELECT string_agg(DISTINCT muid_extract_medallion(id)::text, ',') FROM ids_muid)}),
		join('|', join(',', @partitions), join(',', @shards), join(',', @medallions)),
		"$label: every partition, shard and medallion set was used");

	# One configuration per sno 4 ms unit (time and tick-tock bit) and per
	# siq tick (of both kinds)
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE partitions > 1), count(*) > 0
			FROM (SELECT count(DISTINCT sno_extract_partition(id)) AS partitions
			      FROM ids_sno GROUP BY sno_extract_timestamp(id), sno_extract_tick_tock(id)) u}),
		'0|t', "$label: sno: every 4 ms unit has one partition");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE shards > 1), count(*) > 0
			FROM (SELECT count(DISTINCT siq_extract_shard(id)) AS shards
			      FROM (SELECT id FROM ids_siq_event UNION ALL SELECT id FROM ids_siq_user) s
			      GROUP BY siq_extract_timestamp(id)) t}),
		'0|t', "$label: siq: every tick has one shard");

	$node->stop;
	return;
}

test_load(0);
test_load(1);

done_testing();
