# Values of every idgen type survive pg_dump/pg_restore (plain and custom
# formats) and COPY in text and binary unchanged.
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

# A digest of everything, as text
my $digest_sql = join(' UNION ALL ', map {
	"SELECT '$_', count(*), md5(string_agg(id::text || copy::text, ',' ORDER BY id)) FROM t_$_"
} @types);
my $expected = $node->safe_psql('src', $digest_sql);

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
