
# The sno high-water mark (idgen preloaded): values issued before a restart
# or a crash do not come back when the clock is behind them afterwards.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('sno_restart', preload => 1, conf => 'restart_after_crash = on',
	sql => 'CREATE TABLE ids (id sno PRIMARY KEY, phase integer)');
# Values in every 4 ms unit of the last 6 s before the restart, so that a
# clock 5 s behind afterwards lands on units already used
sno_for($node, 6, 1);
ok(-f $node->data_dir . '/idgen.hwm', 'the high-water mark file exists');

# Tick-tock bits of a phase
sub bits
{
	my ($phase) = @_;
	return $node->safe_psql('postgres',
		"SELECT string_agg(DISTINCT sno_extract_tick_tock(id)::text, ',') FROM ids WHERE phase = $phase");
}

# A clean restart, then the clock 5 s behind: the gap counts as a step back
$node->restart;
my ($out, $err) = run_script($node, q{
	SET idgen.clock_offset = '-5s';
	INSERT INTO ids SELECT gen_sno(), 2 FROM generate_series(1, 5000);
});
is($err, '', 'after a restart, 5,000 values with the clock 5 s behind, and no duplicate');
is($node->safe_psql('postgres', 'SELECT count(*) FROM ids WHERE phase = 2'),
	'5000', 'every value is in the table');
isnt(bits(2), bits(1), 'they have the other tick-tock bit');
is( $node->safe_psql('postgres', q{
		SELECT count(DISTINCT sno_extract_timestamp(id)) > 0 FROM ids
		WHERE phase = 2
		  AND sno_extract_timestamp(id) IN (SELECT sno_extract_timestamp(id) FROM ids WHERE phase = 1)}),
	't', 'and 4 ms units that values before the restart had used');
is( $node->safe_psql('postgres',
		"SELECT clock_regressions FROM idgen_stats() WHERE generator = 'sno'"),
	'1', 'the restart counted as one step back');

# A backend crashes: the server reinitialises and reads the marks, written
# 1.2 s ahead of the clock; the timeline in use goes on from its mark, ahead
# of the clock, with no wait, no toggle and no step back counted
$node->safe_psql('postgres', 'INSERT INTO ids SELECT gen_sno(), 3 FROM generate_series(1, 5000)');
ok(crash_backend($node), 'the server went through crash recovery');
($out, $err) = run_script($node, q{
	CREATE TABLE lead AS SELECT max(sno_extract_timestamp(id) - t) AS lead
	FROM (SELECT gen_sno() AS id, clock_timestamp() AS t FROM generate_series(1, 5000)) g;
	INSERT INTO ids SELECT gen_sno(), 4 FROM generate_series(1, 5000);
});
is($err, '', 'after the crash, 5,000 more values and no duplicate');
is(bits(4), bits(3), 'they have the same tick-tock bit');
is( $node->safe_psql('postgres',
		'SELECT (SELECT min(id) FROM ids WHERE phase = 4) > (SELECT max(id) FROM ids WHERE phase = 3)'),
	't', 'and are above every value before the crash');
is($node->safe_psql('postgres', q{SELECT lead <= interval '1.2 s' FROM lead}),
	't', 'none was more than 1.2 s ahead of the clock');
is( $node->safe_psql('postgres',
		"SELECT clock_regressions FROM idgen_stats() WHERE generator = 'sno'"),
	'0', 'the crash counted as no step back');

# A real step back, into the 6 s of phase 1 on the other timeline and behind
# this one: the wait for the clock to pass both would take seconds, so
# 55000, and nothing issued
my $back = $node->safe_psql('postgres', q{
	SELECT floor(extract(epoch FROM
		(SELECT max(sno_extract_timestamp(id)) FROM ids WHERE phase = 1) - clock_timestamp()) * 1000) - 3000});
($out, $err) = run_script($node, qq{
	SET idgen.clock_offset = $back;
	INSERT INTO ids SELECT gen_sno(), 5;
});
like($err, qr/ERROR:  55000: gen_sno\(\) would have to wait more than 1 s for the clock.*DETAIL:  The clock stepped back/s,
	'a step back into periods both timelines have used is 55000');

# An immediate shutdown, then the same again
$node->stop('immediate');
$node->start;
($out, $err) = run_script($node, q{
	INSERT INTO ids SELECT gen_sno(), 6 FROM generate_series(1, 5000);
});
is($err, '', 'after an immediate shutdown, 5,000 more values and no duplicate');

is( $node->safe_psql('postgres', 'SELECT count(*) = count(DISTINCT id) FROM ids'),
	't', 'no value was ever issued twice');

$node->stop;
done_testing();
