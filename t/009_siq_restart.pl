
# The siq and snowflake high-water marks (idgen preloaded): after a clean
# restart, a crash or an immediate shutdown with the clock set 30 s back, no
# siq repeats and none is lower than one issued before, per kind; nor does
# any snowflake id.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('siq_restart', preload => 1, conf => 'restart_after_crash = on',
	sql => 'CREATE TABLE ids (id siq PRIMARY KEY, phase integer);
		CREATE TABLE sf (id bigint PRIMARY KEY, phase integer)');

# Values of three kinds in phase p, from a session with the clock shifted
sub generate
{
	my ($phase, $offset) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres', qq{
		SET idgen.clock_offset = '$offset';
		INSERT INTO ids SELECT gen_siq(k), $phase
		FROM unnest(array['user', 'content', 'message']) k, generate_series(1, 3000);
		INSERT INTO sf SELECT gen_snowflake(), $phase FROM generate_series(1, 9000);
	},
		stdout => \$out, stderr => \$err, on_error_stop => 0,
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	return $err;
}

# Per kind, the values of a phase are all above those of every earlier phase
sub above_earlier
{
	my ($phase) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT count(*), bool_and(lo > (SELECT max(id) FROM ids e
		                                WHERE e.phase < $phase AND siq_extract_kind(e.id) = k))
		FROM (SELECT siq_extract_kind(id) AS k, min(id) AS lo
		      FROM ids WHERE phase = $phase GROUP BY 1) p});
}

# The snowflake ids of a phase are all above those of every earlier phase
sub sf_above_earlier
{
	my ($phase) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT count(*), min(id) > (SELECT max(id) FROM sf WHERE phase < $phase)
		FROM sf WHERE phase = $phase});
}

is(generate(1, '0'), '', 'values before the restart');
ok(-f $node->data_dir . '/idgen.hwm', 'the high-water mark file exists');

# A clean restart: the file holds the exact end of what was used
$node->restart;
is(generate(2, '-30s'), '', 'after a restart, with the clock 30 s back: no error, no duplicate');
is(above_earlier(2), '3|t', '... every kind above all its earlier values');
is(sf_above_earlier(2), '9000|t', '... and every snowflake id above the earlier ones');

# A backend crashes: the server reinitialises and reads the mark written
# ahead of the values in use
ok(crash_backend($node), 'the server went through crash recovery');
is(generate(3, '-30s'), '', 'after the crash, with the clock 30 s back: no error, no duplicate');
is(above_earlier(3), '3|t', '... every kind above all its earlier values');
is(sf_above_earlier(3), '9000|t', '... and every snowflake id above the earlier ones');

# An immediate shutdown, then the same again
$node->stop('immediate');
$node->start;
is(generate(4, '-30s'), '', 'after an immediate shutdown: no error, no duplicate');
is(above_earlier(4), '3|t', '... every kind above all its earlier values');
is(sf_above_earlier(4), '9000|t', '... and every snowflake id above the earlier ones');

is( $node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id) FROM ids'),
	'36000|36000', 'no value was ever issued twice');
is($node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id) FROM sf'),
	'36000|36000', 'no snowflake id was ever issued twice');

$node->stop;
done_testing();
