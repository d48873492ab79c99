
# Crash-restarts close together (idgen preloaded): three within 5 s, then
# ten one second apart, every type, uuid v7 and snowflake ids generated
# after each.  No call fails, no
# value repeats, the server-wide generators go on above what they issued
# before each crash (sno on the same tick-tock timeline), and no value is
# more than the mark's window (1.2 s) ahead of the clock.

use strict;
use warnings;

use Time::HiRes;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('crash_loop', preload => 1, conf => 'restart_after_crash = on');

# One table per generator: the value, the clock just after it was made (a call
# can wait for the mark's fsync: the lead is the value's time minus the
# clock when it is returned), and the phase
my %gen = (
	wiji => 'gen_wiji()',
	ulid => 'gen_ulid()',
	sno => 'gen_sno()',
	siq => q{gen_siq('user')},
	muid => 'gen_muid()',
	snowflake => 'gen_snowflake()',
	uuidv7 => 'gen_uuidv7()');
my @types = sort keys %gen;
my @serverwide = qw(muid siq sno snowflake);
$node->safe_psql('postgres',
	"CREATE TABLE ids_$_ (id $COLUMN{$_} PRIMARY KEY, t timestamptz NOT NULL, phase integer NOT NULL)")
  for @types;

# Every type, 2,000 values each (muid: 20 transactions of 100), in a new
# session; returns what it printed on stderr
sub generate
{
	my ($phase) = @_;
	my $sql = join('',
		map { "INSERT INTO ids_$_ (id, t, phase) SELECT $gen{$_}, clock_timestamp(), $phase FROM generate_series(1, 2000);\n" }
		  grep { $_ ne 'muid' } @types);
	$sql .= "INSERT INTO ids_muid (id, t, phase) SELECT gen_muid(), clock_timestamp(), $phase FROM generate_series(1, 100);\n"
	  x 20;
	my ($out, $err) = run_script($node, $sql);
	return $err;
}

# The counters of this server life (they start again at every crash)
sub stats
{
	return $node->safe_psql('postgres', q{
		SELECT string_agg(generator || ':' || clock_regressions || '/' || overflow_waits, ' '
		                  ORDER BY generator)
		FROM idgen_stats() WHERE generator IN ('sno', 'siq', 'muid', 'snowflake')});
}

is(generate(0), '', 'before the crashes: every type generated');

# crashes(FIRST, N, PAUSE): N crash-restarts (phases FIRST..), each followed
# by a round of every type, a new crash PAUSE s after the one before
sub crashes
{
	my ($first, $n, $pause) = @_;
	my (@errors, @stats);
	my $crashed = 0;
	for my $phase ($first .. $first + $n - 1)
	{
		my $start = Time::HiRes::time();
		$crashed++ if crash_backend($node);
		my $err = generate($phase);
		push @errors, "phase $phase: $err" if $err ne '';
		push @stats, stats();
		my $left = $pause - (Time::HiRes::time() - $start);
		Time::HiRes::sleep($left) if $left > 0;
	}
	return ($crashed, join('', @errors), join(',', @stats));
}

# Every value unique (the primary keys too), none more than 1.2 s ahead of
# the clock, and sno, siq, muid and snowflake values of each phase above all earlier
# phases' (sno: on the same tick-tock timeline)
sub check
{
	my ($label, $first, $last) = @_;
	for my $type (@types)
	{
		is( $node->safe_psql('postgres', qq{
				SELECT count(*) = count(DISTINCT id),
				       max(${type}_extract_timestamp(id) - t) <= interval '1.2 s'
				FROM ids_$type}),
			't|t', "$label: $type values are unique and at most 1.2 s ahead of the clock")
		  or diag($node->safe_psql('postgres', qq{
				SELECT phase, max(${type}_extract_timestamp(id) - t) FROM ids_$type
				GROUP BY phase ORDER BY phase}));
	}
	note("$label: the largest lead over the clock: "
		  . join(', ', map { "$_ " . $node->safe_psql('postgres',
				"SELECT max(${_}_extract_timestamp(id) - t) FROM ids_$_ WHERE phase BETWEEN $first AND $last") }
			  @serverwide));
	for my $type (@serverwide)
	{
		is( $node->safe_psql('postgres', qq{
				SELECT count(*) FROM generate_series($first, $last) p
				WHERE (SELECT min(id) FROM ids_$type WHERE phase = p)
				      <= (SELECT max(id) FROM ids_$type WHERE phase < p)}),
			'0', "$label: every phase's $type values are above the earlier phases'");
	}
	is( $node->safe_psql('postgres', qq{
			SELECT count(DISTINCT sno_extract_tick_tock(id)) FROM ids_sno WHERE phase <= $last}),
		'1', "$label: sno stayed on one tick-tock timeline");
	return;
}

# Three crashes within 5 s
my $start = Time::HiRes::time();
my ($crashed, $errors, $stats) = crashes(1, 3, 0);
my $took = Time::HiRes::time() - $start;
is($crashed, 3, 'three crash-restarts');
cmp_ok($took, '<', 5, 'all three within 5 s, each with every type generated after it');
is($errors, '', 'no call failed');
is($stats, join(',', ('muid:0/0 siq:0/0 sno:0/0 snowflake:0/0') x 3),
	'no clock regression and no overflow counted after any of them');
check('three crashes within 5 s', 1, 3);

# Ten crashes one second apart
($crashed, $errors, $stats) = crashes(4, 10, 1);
is($crashed, 10, 'ten crash-restarts one second apart');
is($errors, '', 'no call failed');
is($stats, join(',', ('muid:0/0 siq:0/0 sno:0/0 snowflake:0/0') x 10),
	'no clock regression and no overflow counted after any of them');
check('ten crashes one second apart', 4, 13);

$node->stop;
done_testing();
