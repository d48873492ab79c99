
# A physical standby turned into a logical subscriber of its primary by
# pg_createsubscriber (PostgreSQL 17 and later): promoted, with a new system
# identifier, and from then on a server whose rows meet its primary's.
# Derived node fields are those of its new identifier and timeline; a node
# setting that came with the standby's copy of the primary (ALTER SYSTEM on
# the primary travels in postgresql.auto.conf) is refused with 55000,
# while the primary goes on with it.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $primary = PostgreSQL::Test::Cluster->new('primary');
plan skip_all => 'pg_createsubscriber comes with PostgreSQL 17 and later'
  unless -x $primary->config_data('--bindir') . '/pg_createsubscriber';

$primary->init(allows_streaming => 'logical');
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'idgen'");
$primary->start;
$primary->safe_psql('postgres', 'CREATE EXTENSION idgen');
configure($primary, snowflake_node => 5);

$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);
$standby->stop;

command_ok(
	[
		'pg_createsubscriber',
		'--recovery-timeout' => $PostgreSQL::Test::Utils::timeout_default,
		'--pgdata' => $standby->data_dir,
		'--publisher-server' => $primary->connstr('postgres'),
		'--socketdir' => $standby->host,
		'--subscriber-port' => $standby->port,
		'--database' => 'postgres',
	],
	'pg_createsubscriber turns the standby into a subscriber');
$standby->start;

my $control = q{SELECT system_identifier, timeline_id FROM pg_control_system(), pg_control_checkpoint()};
my ($sysid, $timeline) = split /\|/, $standby->safe_psql('postgres', $control);
my ($primary_sysid) = split /\|/, $primary->safe_psql('postgres', $control);
isnt($sysid, $primary_sysid, 'the subscriber has a system identifier of its own');
is($timeline, 2, 'on the timeline of its promotion');

is( $standby->safe_psql(
		'postgres', q{
		SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
			   muid_extract_medallion(gen_muid())}),
	join('|', @{ derived_fields($sysid, $timeline, 0) }[ 0 .. 2 ]),
	'derived node fields: those of its system identifier and timeline');

my ($out, $err) = run_script($standby, 'SELECT gen_snowflake()');
like($err,
	qr/${\ lineage_refusal('snowflake node 5', $primary, 1) }that server may still/,
	'the snowflake node that came with the copy is refused');
is($out, '', 'no value');
is($primary->safe_psql('postgres', 'SELECT snowflake_extract_node(gen_snowflake())'),
	'5', 'the primary goes on with it');

$standby->stop;
$primary->stop;
done_testing();
