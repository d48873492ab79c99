
# A quick restart brings no value back.  Without idgen preloaded nothing on
# disk remembers how far the server-wide generators went, so none of them
# runs ahead of the clock: a burst that uses up a tick waits for the next
# one, and a server back within a fraction of a second starts past every
# earlier value.  Preloaded, the generators run ahead within the window of
# the marks on disk, which cover them across the same restart.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# A snowflake burst of 6,000,000 values in one statement is 1.46 s' worth
# of 4,096 a millisecond, made in about 0.8 s where the calls are not held
# back: a generator that runs ahead of the clock ends about 0.6 s further
# ahead of it than a restart takes.  The value of the burst that comes
# last, against the clock read right after it.
my $PUSH = q{
	SELECT extract(epoch FROM snowflake_extract_timestamp(max(v)) - clock_timestamp())
	FROM (SELECT gen_snowflake() AS v FROM generate_series(1, 6000000)) b};

# The value column's extractor of its time, and the SQL of a burst of each
# generator into a table, with each value and the clock read just after it.
# snowflake's follows the burst above; after the restart 6,000,000 more,
# of which only those at or below the last before are kept (a table takes
# values slower than 4,096 a millisecond), are counted against them.  muid's bundles are transactions: one a
# transaction, committed in a loop.  siq and sno cannot outrun a tick from
# SQL (2,048 serials in 1/65,536 s; sno waits), but come back from the
# restart as the others do.
my %burst = (
	snowflake => {
		time => 'snowflake_extract_timestamp',
		sql => "CREATE TABLE %s AS SELECT gen_snowflake() AS v, clock_timestamp() AS t
			FROM generate_series(1, 30000)",
		after => q{
			WITH a AS (
				SELECT array_agg(v) FILTER (WHERE v <= (SELECT max(v) FROM before)) AS vs
				FROM (SELECT gen_snowflake() AS v FROM generate_series(1, 6000000)) g)
			SELECT (SELECT count(*) FROM unnest(a.vs) u(v) JOIN before USING (v)),
				   coalesce(cardinality(a.vs), 0)
			FROM a},
	},
	siq => {
		time => 'siq_extract_timestamp',
		sql => "CREATE TABLE %s AS SELECT gen_siq('user') AS v, clock_timestamp() AS t
			FROM generate_series(1, 300000)"
	},
	sno => {
		time => 'sno_extract_timestamp',
		sql => "CREATE TABLE %s AS SELECT gen_sno() AS v, clock_timestamp() AS t
			FROM generate_series(1, 300000)"
	},
	muid => {
		time => 'muid_extract_timestamp',
		sql => q{SET synchronous_commit = off;
			CREATE TABLE %1$s (v muid, t timestamptz);
			DO $$
			BEGIN
				FOR i IN 1 .. 20000 LOOP
					INSERT INTO %1$s SELECT gen_muid(), clock_timestamp();
					COMMIT;
				END LOOP;
			END
			$$;}
	});

# Stop and start again at once; returns the seconds it took
sub restart_quickly
{
	my ($node, $mode) = @_;
	my $start = Time::HiRes::time();
	$node->stop($mode);
	$node->start;
	return Time::HiRes::time() - $start;
}

# The values of table b that equal one of table a, and those at or below
# a's last
sub repeats
{
	my ($node, $a, $b) = @_;
	return split /\|/, $node->safe_psql('postgres', qq{
		SELECT (SELECT count(*) FROM $b JOIN $a USING (v)
				WHERE $b.v <= (SELECT max(v) FROM $a)),
			   (SELECT count(*) FROM $b WHERE v <= (SELECT max(v) FROM $a))});
}

for my $preload (0, 1)
{
	my $how = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node("no_preload_restart_$preload", preload => $preload);

	for my $mode ('immediate', 'fast')
	{
		for my $gen (sort keys %burst)
		{
			my $b = $burst{$gen};
			if ($gen eq 'snowflake')
			{
				my $start = Time::HiRes::time();
				my $last = $node->safe_psql('postgres', $PUSH);
				note sprintf('%s: 6,000,000 values took %.3f s; the last was %.3f s ahead of the clock',
					$how, Time::HiRes::time() - $start, $last);
				cmp_ok($last, '<=', 0,
					"$how, $gen: the last value of a burst is not ahead of the clock") if !$preload;
			}
			my $start = Time::HiRes::time();
			$node->safe_psql('postgres', sprintf($b->{sql}, 'before'));
			my $took = Time::HiRes::time() - $start;
			my $lead = $node->safe_psql('postgres',
				"SELECT max(extract(epoch FROM $b->{time}(v) - t)) FROM before");
			note sprintf('%s, %s: the burst took %.3f s; its values ran up to %.3f s ahead of the clock',
				$how, $gen, $took, $lead);
			if (!$preload)
			{
				cmp_ok($lead, '<=', 0,
					"$how, $gen: no value of the burst is ahead of the clock when it is made");
			}

			my $secs = restart_quickly($node, $mode);
			note sprintf('%s, %s: the %s restart took %.3f s', $how, $gen, $mode, $secs);

			my ($equal, $below);
			if ($b->{after})
			{
				($equal, $below) = split /\|/, $node->safe_psql('postgres', $b->{after});
				$node->safe_psql('postgres', 'CREATE TABLE after ()');
			}
			else
			{
				$node->safe_psql('postgres', sprintf($b->{sql}, 'after'));
				($equal, $below) = repeats($node, 'before', 'after');
			}
			is($equal, 0,
				"$how, $gen: after a quick $mode restart no value equals an earlier one");
			is($below, 0,
				"$how, $gen: and none is at or below the last earlier one");
			$node->safe_psql('postgres', 'DROP TABLE before, after');
		}
	}
	$node->stop;
}

done_testing();
