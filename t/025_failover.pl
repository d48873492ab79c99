
# Failover with derived node fields, and split brain.  t/004 shows that a
# standby of a preloaded server refuses gen_sno(), gen_siq() and gen_muid()
# while their fields are derived, and that node settings lift the refusal;
# t/013 that a promoted standby derives its origin's fields plus one.  Here:
#
#  - a standby without idgen preloaded (its state attached at first use,
#    in recovery) refuses the same three with the whole error, message,
#    detail and hint; wiji and ulid, whose node bits are random, generate
#    there, and idgen_stats() says which is which;
#  - a session opened on the standby before its promotion generates in the
#    same session after it, with the fields of the new timeline;
#  - split brain: the old primary goes on generating every type, one
#    transaction at a time, through the promotion and all the while the
#    promoted standby generates every type too; no value of any type is
#    common to the two servers, counting every value the old primary ever
#    made, those the standby replayed included.  Values of the two made
#    in the same tick with the same node fields would meet (sno's and
#    siq's sequences start again at each tick): what keeps them apart is
#    the timeline in the derived fields, which the last checks show;
#  - node settings set on a primary travel with pg_basebackup to its
#    standby, and ALTER SYSTEM on the standby, in recovery, replaces them.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my %field = (
	sno => 'sno_extract_partition(id)',
	siq => 'siq_extract_shard(id)',
	muid => 'muid_extract_medallion(id)');
my $PROMOTED_ROWS = 5000;    # rows of each type the promoted standby makes

my $primary = PostgreSQL::Test::Cluster->new('failover_primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'idgen'");
$primary->start;
$primary->safe_psql('postgres',
	'CREATE EXTENSION idgen; CREATE TABLE stop ();'
	  . join('', map {
		"CREATE TABLE v_$_ (id $_ PRIMARY KEY, server text NOT NULL,
		                    made timestamptz NOT NULL DEFAULT clock_timestamp());
		 INSERT INTO v_$_ (id, server) SELECT $GEN{$_}, 'primary' FROM generate_series(1, 1000);"
	  } @TYPES));
my $sysid = $primary->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
my ($f1, $f2) = (derived_fields($sysid, 1, 0), derived_fields($sysid, 2, 0));

$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('failover_standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->append_conf('postgresql.conf', "shared_preload_libraries = ''");
$standby->start;
$primary->wait_for_catchup($standby);
is($standby->safe_psql('postgres', 'SELECT pg_is_in_recovery(), current_setting(\'shared_preload_libraries\')'),
	't|', 'the standby is in recovery, without idgen preloaded');

# The refusal, whole, from each generator whose node fields are derived
my %setting = (sno => 'idgen.sno_partition', siq => 'idgen.siq_shard', muid => 'idgen.muid_medallion');
for my $type ('sno', 'siq', 'muid')
{
	my ($out, $err) = run_script($standby, "SELECT $GEN{$type};");
	like( $err,
		qr/^psql:<stdin>:1: ERROR:  55000: cannot derive the node of a generator on a server in recovery
DETAIL:  A server in recovery shares its system identifier with the server it copies\.
HINT:  Set "\Q$setting{$type}\E" for this server in postgresql\.conf or with ALTER SYSTEM, then reload\.
/, "standby: $GEN{$type} refuses with 55000, the detail, and a hint to set $setting{$type}");
	is($out, '', "standby: $GEN{$type} returns nothing");
}
is( $standby->safe_psql('postgres', q{
		SELECT count(DISTINCT w), count(DISTINCT u)
		FROM (SELECT gen_wiji() AS w, gen_ulid() AS u FROM generate_series(1, 1000)) s}),
	'1000|1000', 'standby: gen_wiji() and gen_ulid() generate, with their random node bits');
is( $standby->safe_psql('postgres',
		"SELECT string_agg(generator || ': ' || node_source, ', ' ORDER BY generator) FROM idgen_stats()"),
	"muid: derived from system identifier $sysid, refused in recovery, "
	  . "siq: derived from system identifier $sysid, refused in recovery, "
	  . "sno: derived from system identifier $sysid, refused in recovery, "
	  . 'ulid: random, wiji: random',
	'standby: idgen_stats() shows the three refusals and the two random nodes');

# A session of the standby, refused before the promotion
my $early = $standby->background_psql('postgres', on_error_stop => 0);
$early->query("SELECT gen_siq('user'), gen_sno(), gen_muid()");
like($early->{stderr}, qr/ERROR:  cannot derive the node of a generator on a server in recovery/,
	'a session of the standby: refused before the promotion');
$early->{stderr} = '';    # BackgroundPsql keeps stderr until it is cleared

# The old primary generates one row of each type per transaction until it
# is told to stop, through the promotion and after it
my $loop = $primary->background_psql('postgres', on_error_stop => 0);
$loop->query_until(qr/started/, "\\echo started\n" . q{
	DO $$
	DECLARE
		deadline timestamptz := clock_timestamp() + interval '150 s';
	BEGIN
		WHILE NOT EXISTS (SELECT FROM stop) LOOP
			IF clock_timestamp() > deadline THEN
				RAISE EXCEPTION 'the primary was never told to stop';
			END IF;
}
	  . join('', map { "INSERT INTO v_$_ (id, server) VALUES ($GEN{$_}, 'primary');\n" } @TYPES) . q{
			COMMIT;
		END LOOP;
	END
	$$;
});
$primary->poll_query_until('postgres', 'SELECT count(*) > 2000 FROM v_muid')
  or die 'the primary does not generate';

$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';

is( $early->query_safe(q{
		SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
		       muid_extract_medallion(gen_muid())}),
	join('|', @$f2),
	'the same session, after the promotion: it generates, with the fields of timeline 2');
$early->quit;

# The promoted standby generates while the old primary still does
$standby->safe_psql('postgres', qq{
	DO \$\$
	BEGIN
		FOR i IN 1..$PROMOTED_ROWS LOOP
}
	  . join('', map { "INSERT INTO v_$_ (id, server) VALUES ($GEN{$_}, 'promoted');\n" } @TYPES) . q{
			COMMIT;
		END LOOP;
	END
	$$;
});
$primary->safe_psql('postgres', 'INSERT INTO stop DEFAULT VALUES');
$loop->query_safe('SELECT 1');    # dies if the loop failed
$loop->quit;

for my $type (@TYPES)
{
	# Both generated at the same time: the old primary went on during the
	# promoted standby's run (a few seconds) and after it
	my ($first, $last) = split /\|/, $standby->safe_psql('postgres',
		"SELECT min(made), max(made) FROM v_$type WHERE server = 'promoted'");
	is( $primary->safe_psql('postgres', qq{
			SELECT count(*) FILTER (WHERE made BETWEEN '$first' AND '$last') > 100,
			       count(*) FILTER (WHERE made > '$last') > 0
			FROM v_$type}),
		't|t', "$type: the old primary generated during the promoted standby's run and after it");

	# Every value the old primary made, against those the promoted made
	my %seen;
	$seen{$_}++ for split /\n/, $primary->safe_psql('postgres', "SELECT id FROM v_$type");
	my @promoted = split /\n/,
	  $standby->safe_psql('postgres', "SELECT id FROM v_$type WHERE server = 'promoted'");
	is(scalar(@promoted), $PROMOTED_ROWS, "$type: the promoted standby made $PROMOTED_ROWS values");
	note "$type: the old primary made " . scalar(keys %seen) . ' values';
	is(scalar(grep { $seen{$_} } @promoted), 0,
		"$type: no value of the promoted standby is one the old primary made");

	next unless $field{$type};
	# Why: their node fields, the old timeline's and the new one's
	my $k = { sno => 0, siq => 1, muid => 2 }->{$type};
	is( $primary->safe_psql('postgres',
			"SELECT string_agg(DISTINCT $field{$type}::text, ',') FROM v_$type"),
		$f1->[$k], "$type: the old primary's values all carry its field of timeline 1");
	is( $standby->safe_psql('postgres',
			"SELECT string_agg(DISTINCT $field{$type}::text, ',') FROM v_$type WHERE server = 'promoted'"),
		$f2->[$k], "$type: the promoted standby's all carry the field of timeline 2");
}

# Node settings are in the data directory's configuration, so a standby
# made by pg_basebackup starts with its primary's (set by ALTER SYSTEM
# here): both would make siq values of shard 7.  ALTER SYSTEM on the
# standby itself, in recovery, gives it a shard of its own.
$standby->stop;
configure($primary, siq_shard => 7);
$primary->backup('base2');
my $standby2 = PostgreSQL::Test::Cluster->new('failover_standby2');
$standby2->init_from_backup($primary, 'base2', has_streaming => 1);
$standby2->start;
is($standby2->safe_psql('postgres', "SELECT pg_is_in_recovery(), siq_extract_shard(gen_siq('user'))"),
	't|7', 'a standby made by pg_basebackup generates with its primary\'s idgen.siq_shard');
configure($standby2, siq_shard => 8);
is($standby2->safe_psql('postgres', "SELECT pg_is_in_recovery(), siq_extract_shard(gen_siq('user'))"),
	't|8', 'ALTER SYSTEM on the standby, in recovery, gives it its own');
is($primary->safe_psql('postgres', "SELECT siq_extract_shard(gen_siq('user'))"),
	'7', '... and leaves the primary\'s as it was');

$standby2->stop;
$primary->stop;

done_testing();
