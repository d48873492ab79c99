# Values of every idgen type survive pg_dump/pg_restore (plain and custom
# formats) and COPY in text and binary unchanged; so do tables partitioned
# by time on an id column (T_from_parts() bounds), and views and indexes
# that compare ids with times.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('dump');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE src');
$node->safe_psql('src', 'CREATE EXTENSION idgen');

# One table per type, holding the canonical texts of its vectors
my @types = grep {
	$node->safe_psql('src', "SELECT to_regtype('$_') IS NOT NULL") eq 't'
} qw(wiji ulid sno siq muid);
foreach my $type (@types)
{
	open(my $fh, '<', "test/data/$type.tsv") or die "test/data/$type.tsv: $!";
	my @header = split /\t/, scalar <$fh>;
	chomp @header;
	my ($col) = grep { $header[$_] eq 'text' } 0 .. $#header;
	my @texts = map { chomp; (split /\t/)[$col] } <$fh>;
	close $fh;
	my $values = join(',', map { "('$_')" } @texts);
	$node->safe_psql('src',
		"CREATE TABLE t_$type (id $type PRIMARY KEY, copy $type);
		 INSERT INTO t_$type SELECT v::$type, v::$type FROM (VALUES $values) s(v);");
}
ok(@types >= 1, 'types under test: ' . join(', ', @types));

# Per type: monthly partitions with T_from_parts() bounds, a view comparing
# ids with times (both argument orders, and <@), a partial index whose
# predicate compares ids with a time
foreach my $type (@types)
{
	$node->safe_psql('src', "SET timezone = 'UTC';
		CREATE TABLE p_$type (id $type PRIMARY KEY, n integer) PARTITION BY RANGE (id);
		CREATE TABLE p_${type}_2024_01 PARTITION OF p_$type
			FOR VALUES FROM (${type}_from_parts('2024-01-01')) TO (${type}_from_parts('2024-02-01'));
		CREATE TABLE p_${type}_2024_02 PARTITION OF p_$type
			FOR VALUES FROM (${type}_from_parts('2024-02-01')) TO (${type}_from_parts('2024-03-01'));
		INSERT INTO p_$type SELECT ${type}_from_parts('2024-01-01'::timestamptz + n * interval '1 hour'), n
			FROM generate_series(0, 24 * 60 - 1) n;
		CREATE VIEW v_$type AS SELECT id, n FROM p_$type
			WHERE id >= '2024-01-15 00:00:00+00'::timestamptz AND '2024-02-20 00:00:00+00'::timestamptz > id
			  AND id <@ tstzrange('2024-01-01 00:00:00+00', '2024-03-01 00:00:00+00', '[)');
		CREATE INDEX i_$type ON t_$type (id) WHERE id >= '2000-01-01 00:00:00+00'::timestamptz;");
}

# A digest of everything, as text
my $digest_sql = join(' UNION ALL ', map {
	"SELECT '$_', count(*), md5(string_agg(id::text || copy::text, ',' ORDER BY id)) FROM t_$_"
} @types);
my $expected = $node->safe_psql('src', $digest_sql);

# The partitions' bounds, the views' definitions and rows, the indexes'
# definitions; and the partitions that queries from February on read
my $objects_sql = "SET timezone = 'UTC';
	SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_class c
	WHERE c.relispartition AND c.relkind = 'r' ORDER BY 1;"
  . join('', map {
	"SELECT pg_get_viewdef('v_$_'), count(*), md5(string_agg(id::text || n, ',' ORDER BY id)) FROM v_$_;
	 SELECT pg_get_indexdef('i_$_'::regclass);"
  } @types);
my $pruning_sql = join('', map {
	"EXPLAIN (COSTS OFF) SELECT * FROM p_$_ WHERE id >= '2024-02-01 00:00:00+00'::timestamptz;
	 EXPLAIN (COSTS OFF) SELECT * FROM p_$_ WHERE id <@ tstzrange('2024-02-01 00:00:00+00', NULL);"
  } @types);
sub partitions_read
{
	my ($db) = @_;
	return join(' ', $node->safe_psql($db, $pruning_sql) =~ /\b(p_\w+_2024_\d+)\b/g);
}
my $objects = $node->safe_psql('src', $objects_sql);
my $pruning = partitions_read('src');
is($pruning, join(' ', map { ("p_${_}_2024_02") x 2 } @types),
	'queries from February on read the February partitions only');

my $dir = PostgreSQL::Test::Utils::tempdir;
foreach my $format ('plain', 'custom')
{
	my $db = "restored_$format";
	my $file = "$dir/dump.$format";
	$node->command_ok(
		[ 'pg_dump', '--format', $format, '--file', $file, '-d', $node->connstr('src') ],
		"pg_dump --format=$format");
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	if ($format eq 'plain')
	{
		$node->command_ok(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', $file, '-d', $node->connstr($db) ],
			'restore plain dump');
	}
	else
	{
		$node->command_ok([ 'pg_restore', '-d', $node->connstr($db), $file ],
			'pg_restore custom dump');
	}
	is($node->safe_psql($db, $digest_sql), $expected, "values unchanged after $format dump and restore");
	is($node->safe_psql($db, $objects_sql), $objects,
		"partitions by time, views and indexes comparing ids with times unchanged after $format dump and restore");
	is(partitions_read($db), $pruning, "the same partitions read after $format dump and restore");
}

# COPY text and binary out of one database and into another
$node->safe_psql('postgres', 'CREATE DATABASE copied');
$node->safe_psql('copied', 'CREATE EXTENSION idgen');
foreach my $type (@types)
{
	$node->safe_psql('copied', "CREATE TABLE t_$type (id $type PRIMARY KEY, copy $type)");
	foreach my $format ('text', 'binary')
	{
		my $file = "$dir/$type.$format";
		$node->safe_psql('src', "COPY t_$type TO '$file' WITH (FORMAT $format)");
		$node->safe_psql('copied',
			"TRUNCATE t_$type; COPY t_$type FROM '$file' WITH (FORMAT $format)");
		my $one = "SELECT count(*), md5(string_agg(id::text || copy::text, ',' ORDER BY id)) FROM t_$type";
		is($node->safe_psql('copied', $one), $node->safe_psql('src', $one),
			"$type values unchanged through COPY $format");
	}
}

$node->stop;
done_testing();
