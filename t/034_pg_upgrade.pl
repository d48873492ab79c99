
# pg_upgrade of a cluster that uses idgen, preloaded.  The suite runs on one
# PostgreSQL version at a time, so the new cluster is of the same version;
# the extension goes the way it goes between versions, through pg_dump
# --binary-upgrade.  It must come through object for object, with every
# stored value and index unchanged (amcheck), a database at idgen 1.0 must
# update afterwards, and the new cluster, which has a system identifier of
# its own, derives its own node fields and goes on above every value the
# old one made.  With the old cluster's high-water marks (idgen.hwm,
# copied as README says) it does so even with its clock an hour behind.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use File::Copy;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $conf = "timezone = 'UTC'\nautovacuum = off";

# Every generator fills a table of its own; a uuid table is partitioned by
# month on its key, with a row each 20 minutes of 2026-01 to 2026-03
my $fill = fixed_ids() . join('', map { qq{
	CREATE TABLE made_$_ (id $COLUMN{$_} PRIMARY KEY DEFAULT $GEN{$_}, n integer);
	INSERT INTO made_$_ (n) SELECT generate_series(1, 1000);} } sort keys %GEN) . q{
	CREATE TABLE events (id uuid PRIMARY KEY, ts timestamptz NOT NULL) PARTITION BY RANGE (id);
	CREATE TABLE events_01 PARTITION OF events
		FOR VALUES FROM (MINVALUE) TO (uuidv7_from_parts('2026-02-01+00'));
	CREATE TABLE events_02 PARTITION OF events
		FOR VALUES FROM (uuidv7_from_parts('2026-02-01+00')) TO (uuidv7_from_parts('2026-03-01+00'));
	CREATE TABLE events_03 PARTITION OF events
		FOR VALUES FROM (uuidv7_from_parts('2026-03-01+00')) TO (MAXVALUE);
	INSERT INTO events
	SELECT uuidv7_from_parts(ts), ts
	FROM generate_series('2026-01-01+00'::timestamptz, '2026-03-31 23:40+00', '20 min') ts;
	CREATE INDEX events_time ON events (uuidv7_extract_timestamp(id));
	VACUUM ANALYZE;
};

my $old = idgen_node('old', preload => 1, conf => $conf, sql => $fill);
$old->safe_psql('postgres', "CREATE DATABASE at_1_0");
$old->safe_psql('at_1_0', "CREATE EXTENSION idgen VERSION '1.0';" . fixed_ids());

# What pg_upgrade must carry: the catalog but the comments on the array
# types, which pg_dump never writes (arrays go with their element type)
my %catalog;
for my $db (qw(postgres at_1_0))
{
	$catalog{$db} = extension_catalog($old, $db);
	my @arrays = $catalog{$db}{comments} =~ /^type (\w+)\[\]: /mg;
	is("@arrays", join(' ', sort @TYPES), "$db: the five types' arrays have comments");
	$catalog{$db}{comments} = join("\n", grep { !/^type \w+\[\]: / } split /\n/, $catalog{$db}{comments});
}
my $sysid = q{SELECT system_identifier FROM pg_control_system()};
my $old_sysid = $old->safe_psql('postgres', $sysid);
$old->stop;

my $new = PostgreSQL::Test::Cluster->new('new');
$new->init;
$new->append_conf('postgresql.conf', "shared_preload_libraries = 'idgen'\n$conf");

# pg_upgrade writes its logs in the working directory (before 16)
my $bindir = $new->config_data('--bindir');
chdir PostgreSQL::Test::Utils::tempdir() or die "chdir: $!";
command_ok(
	[
		"$bindir/pg_upgrade", '--no-sync',
		'-b', $bindir, '-B', $bindir,
		'-d', $old->data_dir, '-D', $new->data_dir,
		'-s', $new->host, '-p', $old->port, '-P', $new->port
	],
	'pg_upgrade of a cluster with idgen');
copy($old->data_dir . '/idgen.hwm', $new->data_dir . '/idgen.hwm') or die "copy idgen.hwm: $!";
$new->start;

# For each generator, a row: its name, and whether a new value is above
# every value it made in the old cluster
sub above_old
{
	return join(' UNION ALL ',
		map { "SELECT '$_', $GEN{$_} > (SELECT id FROM made_$_ ORDER BY id DESC LIMIT 1)" } @_);
}

# Before any other value, a clock set back an hour: the old marks hold
# siq, muid and snowflake above the old values, and sno takes its other
# tick-tock timeline, as after a restart (SPEC section 2)
is( $new->safe_psql(
		'postgres', 'SET idgen.clock_offset = -3600000; ' . above_old(qw(muid siq snowflake)) . ";
		SELECT sno_extract_tick_tock(gen_sno()) <> sno_extract_tick_tock(max(id)) FROM made_sno"),
	"muid|t\nsiq|t\nsnowflake|t\nt",
	'an hour behind, the generators go on above the old values or, for sno, on its other timeline');

for my $db (qw(postgres at_1_0))
{
	same_catalog(extension_catalog($new, $db), $catalog{$db}, "$db: %s as before pg_upgrade");
	is($new->safe_psql($db, fixed_ids_md5_sql()), $FIXED_IDS_MD5, "$db: the fixed values unchanged");
}

# Every btree index of the tables, checked against the heap
$new->safe_psql('postgres', 'CREATE EXTENSION amcheck');
is( $new->safe_psql(
		'postgres', q{
		SELECT count(bt_index_check(c.oid, true)::text)
		FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam
		WHERE s.nspname = 'public' AND c.relkind = 'i' AND a.amname = 'btree'}),
	'19', 'amcheck finds the 19 btree indexes of the tables sound, each holding every row');

is( $new->safe_psql(
		'postgres', q{
		SELECT count(*), min(ts), max(ts) FROM events
		WHERE id <@ tstzrange('2026-02-10+00', '2026-02-11+00')}),
	'72|2026-02-10 00:00:00+00|2026-02-10 23:40:00+00', 'a day of the partitioned uuid table');
my $plan = $new->safe_psql('postgres', q{
	EXPLAIN (COSTS OFF) SELECT count(*) FROM events
	WHERE id <@ tstzrange('2026-02-10+00', '2026-02-11+00')});
ok($plan =~ /on events_02 / && $plan !~ /events_0[13]/, 'it is read from its month alone')
  or diag($plan);
is( $new->safe_psql(
		'postgres', q{
		SET enable_seqscan = off;
		SELECT count(*) FROM events
		WHERE uuidv7_extract_timestamp(id) >= '2026-03-31 23:00+00'}),
	'3', 'the index on uuidv7_extract_timestamp(id) answers');

# The new cluster is a server of its own: node fields of its own system
# identifier, values above the old cluster's
my $new_sysid = $new->safe_psql('postgres', $sysid);
isnt($new_sysid, $old_sysid, 'the new cluster has a system identifier of its own');
is( $new->safe_psql(
		'postgres', q{
		SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
			   muid_extract_medallion(gen_muid()), snowflake_extract_node(gen_snowflake())}),
	join('|', @{ derived_fields($new_sysid, 1, 0) }),
	'it derives its node fields from it');
is($new->safe_psql('postgres', above_old(sort keys %GEN)),
	join("\n", map { "$_|t" } sort keys %GEN),
	"every generator goes on above the old cluster's last value");

# The database at 1.0 updates, and its indexes then answer times
$new->safe_psql('at_1_0', 'ALTER EXTENSION idgen UPDATE');
is( $new->safe_psql(
		'at_1_0', q{
		SELECT extversion = default_version
		FROM pg_extension JOIN pg_available_extensions ON name = extname WHERE extname = 'idgen'}),
	't', 'at_1_0: updated to the newest version');
for my $col (qw(w u s q m))
{
	my $cond = "$col <@ tstzrange('2026-03-01 13:00+00', '2026-03-01 14:00+00')";
	like( $new->safe_psql(
			'at_1_0',
			"SET enable_seqscan = off; SET enable_bitmapscan = off;
			 EXPLAIN (COSTS OFF) SELECT count(*) FROM ids WHERE $cond"),
		qr/Index Only Scan using ids_$col on ids/,
		"at_1_0: $col: <@ tstzrange uses its index");
	is($new->safe_psql('at_1_0', "SELECT count(*), min(n), max(n) FROM ids WHERE $cond"),
		'60|60|119', "at_1_0: $col: the rows of that hour");
}

$new->stop;
done_testing();
