
# Three sessions insert 150,000 rows each at once with DEFAULT gen_sno(),
# on a server without idgen preloaded and on one with it: no duplicate, and
# each backend's values strictly increase.

use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

sub test_concurrency
{
	my ($preload) = @_;
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'sno_conc_preload' : 'sno_conc_plain', preload => $preload,
		sql => 'CREATE TABLE t (id sno PRIMARY KEY DEFAULT gen_sno(), session integer, n integer)');

	# Each session inserts in batches, so that the three overlap throughout
	my @sessions;
	for my $s (1 .. 3)
	{
		my $script = join('',
			map {
				my $from = ($_ - 1) * 5000 + 1;
				my $to = $_ * 5000;
				"INSERT INTO t (session, n) SELECT $s, n FROM generate_series($from, $to) n;\n"
			} 1 .. 30);
		# psql reads the script itself, so that the three run at once
		my $file = PostgreSQL::Test::Utils::tempdir() . "/session$s.sql";
		PostgreSQL::Test::Utils::append_to_file($file, $script);
		my ($out, $err) = ('', '');
		my $h = IPC::Run::start(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', $file,
			  '-d', $node->connstr('postgres') ],
			'<', \undef, '>', \$out, '2>', \$err);
		push @sessions, [ $h, \$err ];
	}
	for my $s (@sessions)
	{
		ok($s->[0]->finish, "$label: a session inserted 150,000 rows")
		  or diag(${ $s->[1] });
	}

	is( $node->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT id), count(DISTINCT session) FROM t}),
		'450000|450000|3', "$label: 450,000 rows, no duplicate");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE id <= prev)
			FROM (SELECT id, lag(id) OVER (PARTITION BY session ORDER BY n) AS prev FROM t) s}),
		'0', "$label: each session's values strictly increase");
	# The sessions did overlap: their values interleave
	cmp_ok(
		$node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE session <> prev)
			FROM (SELECT session, lag(session) OVER (ORDER BY id) AS prev FROM t) s}),
		'>', 100, "$label: the sessions ran at the same time");
	is( $node->safe_psql('postgres', q{
			SELECT generated >= 450000, clock_regressions FROM idgen_stats() WHERE generator = 'sno'}),
		't|0', "$label: idgen_stats() counted them");

	$node->stop;
}

test_concurrency(0);
test_concurrency(1);

done_testing();
