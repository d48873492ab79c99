
# gen_sno() on a streaming standby: with the partition derived from the
# system identifier (which a standby shares with its primary) it refuses
# with 55000 and a hint; with idgen.sno_partition set it works.  The other
# server-wide generators with derived node fields (siq, muid, snowflake)
# refuse too, and gen_snowflake() works with idgen.snowflake_node set; once
# promoted, the standby derives another snowflake node than its primary's.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $primary = idgen_node('sno_primary', init => { allows_streaming => 1 }, preload => 1, sql => q{
	CREATE TABLE t (id sno PRIMARY KEY DEFAULT gen_sno(), origin text);
	INSERT INTO t (origin) SELECT 'primary' FROM generate_series(1, 100);
});
my $derived = $primary->safe_psql('postgres',
	"SELECT substring(node FROM 'partition=([0-9]+)') FROM idgen_stats() WHERE generator = 'sno'");
my $derived_node = $primary->safe_psql('postgres', 'SELECT snowflake_extract_node(gen_snowflake())');
my $sysid = $primary->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
is( $primary->safe_psql('postgres',
		"SELECT node_source FROM idgen_stats() WHERE generator = 'sno'"),
	"derived from system identifier $sysid, timeline 1",
	'idgen_stats() says what the partition was derived from');
is( $primary->safe_psql('postgres',
		"SELECT count(*) FROM t WHERE sno_extract_partition(id) = $derived"),
	'100', 'the primary generates with its derived partition');

$primary->backup('b');
my $standby = PostgreSQL::Test::Cluster->new('sno_standby');
$standby->init_from_backup($primary, 'b', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);
is($standby->safe_psql('postgres', 'SELECT pg_is_in_recovery()'), 't', 'the standby is in recovery');

# Derived partition: refused
my ($out, $err) = ('', '');
$standby->psql('postgres', 'SELECT gen_sno()',
	stdout => \$out, stderr => \$err, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: cannot derive the node of a generator on a server in recovery/,
	'gen_sno() on the standby with a derived partition is 55000');
like($err, qr/HINT:  Set "idgen.sno_partition" for this server in postgresql.conf or with ALTER SYSTEM, then reload\./,
	'... with a hint to set idgen.sno_partition');
is($out, '', '... and returns nothing');
($out, $err) = ('', '');
$standby->psql('postgres', "SELECT gen_siq('user')",
	stdout => \$out, stderr => \$err, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: cannot derive the node of a generator on a server in recovery.*HINT:  Set "idgen.siq_shard"/s,
	'gen_siq() with a derived shard is 55000 too, with a hint to set idgen.siq_shard');
($out, $err) = ('', '');
$standby->psql('postgres', "SELECT gen_muid()",
	stdout => \$out, stderr => \$err, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: cannot derive the node of a generator on a server in recovery.*HINT:  Set "idgen.muid_medallion"/s,
	'gen_muid() with a derived medallion is 55000 too, with a hint to set idgen.muid_medallion');
($out, $err) = ('', '');
$standby->psql('postgres', "SELECT gen_snowflake()",
	stdout => \$out, stderr => \$err, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: cannot derive the node of a generator on a server in recovery.*HINT:  Set "idgen.snowflake_node"/s,
	'gen_snowflake() with a derived node is 55000 too, with a hint to set idgen.snowflake_node');
is($out, '', '... and returns nothing');
is( $standby->safe_psql('postgres',
		"SELECT node, node_source FROM idgen_stats() WHERE generator = 'snowflake'"),
	"node=none|derived from system identifier $sysid, refused in recovery",
	'idgen_stats() shows the snowflake node as derived, and refused');
is( $standby->safe_psql('postgres',
		"SELECT node, node_source FROM idgen_stats() WHERE generator = 'sno'"),
	"partition=none sequence=0..65535|derived from system identifier $sysid, refused in recovery",
	'idgen_stats() shows the partition as derived, and refused');

# The partition set explicitly: it works (and the snowflake node)
$standby->append_conf('postgresql.conf', "idgen.sno_partition = 4242\nidgen.snowflake_node = 1001");
$standby->reload;
$standby->poll_query_until('postgres', "SELECT current_setting('idgen.sno_partition') = '4242'")
  or die 'idgen.sno_partition did not take effect';
$standby->poll_query_until('postgres', "SELECT current_setting('idgen.snowflake_node') = '1001'")
  or die 'idgen.snowflake_node did not take effect';
is( $standby->safe_psql('postgres', q{
		SELECT count(DISTINCT id), min(snowflake_extract_node(id)), max(snowflake_extract_node(id))
		FROM (SELECT gen_snowflake() AS id FROM generate_series(1, 1000)) s}),
	'1000|1001|1001', 'with idgen.snowflake_node set the standby generates snowflake ids');
is( $standby->safe_psql('postgres', q{
		SELECT count(DISTINCT id), min(sno_extract_partition(id)), max(sno_extract_partition(id))
		FROM (SELECT gen_sno() AS id FROM generate_series(1, 1000)) s}),
	'1000|4242|4242', 'with idgen.sno_partition set the standby generates');
is( $standby->safe_psql('postgres',
		"SELECT node, node_source FROM idgen_stats() WHERE generator = 'sno'"),
	'partition=4242 sequence=0..65535|setting', 'idgen_stats() shows the setting');

# After promotion the derived partition works again, and differs from the
# primary's: the promoted copy keeps the system identifier, but not the
# timeline
$standby->append_conf('postgresql.conf', "idgen.sno_partition = -1\nidgen.snowflake_node = -1");
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';
$standby->reload;
$standby->poll_query_until('postgres', "SELECT current_setting('idgen.sno_partition') = '-1'")
  or die 'idgen.sno_partition was not reset';
$standby->poll_query_until('postgres', "SELECT current_setting('idgen.snowflake_node') = '-1'")
  or die 'idgen.snowflake_node was not reset';
my $promoted = $standby->safe_psql('postgres', 'SELECT sno_extract_partition(gen_sno())');
my $promoted_shard = $standby->safe_psql('postgres', "SELECT siq_extract_shard(gen_siq('user'))");
is( $standby->safe_psql('postgres',
		"SELECT node FROM idgen_stats() WHERE generator = 'siq'"),
	"shard=$promoted_shard domain_hash=0", 'the promoted copy derives its siq shard too');
like($promoted, qr/^[0-9]+$/, 'once promoted, it derives its partition again');
isnt($promoted, $derived, '... another one than its origin, which still generates');
is( $standby->safe_psql('postgres',
		"SELECT node, node_source FROM idgen_stats() WHERE generator = 'sno'"),
	"partition=$promoted sequence=0..65535|derived from system identifier $sysid, timeline 2",
	'... from the same system identifier and the new timeline');
$primary->safe_psql('postgres', "INSERT INTO t (origin) SELECT 'primary' FROM generate_series(1, 100)");
is( $primary->safe_psql('postgres',
		"SELECT count(*) FROM t WHERE sno_extract_partition(id) = $derived"),
	'200', 'the primary keeps its partition');
my $promoted_node = $standby->safe_psql('postgres', 'SELECT snowflake_extract_node(gen_snowflake())');
is($promoted_node, ($derived_node + 1) % 1024,
	'once promoted, it derives a snowflake node again: its primary\'s plus one');
is($primary->safe_psql('postgres', 'SELECT snowflake_extract_node(gen_snowflake())'), $derived_node,
	'the primary keeps its snowflake node');

$standby->stop;
$primary->stop;

done_testing();
