
# Updates: every earlier version whose install script is installed
# (idgen--V.sql) is installed in a database of its own, filled with data,
# and updated with ALTER EXTENSION idgen UPDATE; its catalog must then equal
# that of a fresh install of the newest version, object for object, and its
# data, indexes and views must work as before, with the new operators.
# Indexes, a partial index's predicate and ON CONFLICT targets made on the
# casts to and from uuid keep matching those casts as written after the
# update, though 1.0 made them with functions and 1.1 binary.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = PostgreSQL::Test::Cluster->new('upgrade');
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'UTC'\nautovacuum = off");
$node->start;

# The versions: every installed install script, the newest being the
# control file's default
my $extdir = $node->config_data('--sharedir') . '/extension';
opendir(my $dh, $extdir) or die "cannot read $extdir: $!";
my @versions = sort { version_cmp($a, $b) } map { /^idgen--([0-9.]+)\.sql$/ ? $1 : () } readdir $dh;
closedir $dh;
my $newest = $node->safe_psql('postgres',
	"SELECT default_version FROM pg_available_extensions WHERE name = 'idgen'");
my @earlier = grep { $_ ne $newest } @versions;
is($versions[-1], $newest, "the newest install script ($newest) is the default version");
is(join(' ', grep { $_ eq '1.0' || $_ eq '1.1' || $_ eq '1.2' || $_ eq '1.3' } @earlier), '1.0 1.1 1.2 1.3',
	'the earlier versions found include 1.0, 1.1, 1.2 and 1.3: ' . join(', ', @earlier));

# Compare version strings part by part, as numbers
sub version_cmp
{
	my @a = split /\./, shift;
	my @b = split /\./, shift;
	while (@a || @b)
	{
		my $c = (shift(@a) // 0) <=> (shift(@b) // 0);
		return $c if $c;
	}
	return 0;
}

# The newest version, installed fresh
$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('fresh', 'CREATE EXTENSION idgen');
is($node->safe_psql('fresh', "SELECT extversion FROM pg_extension WHERE extname = 'idgen'"),
	$newest, "a fresh install is $newest");
my $fresh = extension_catalog($node, 'fresh');
like($fresh->{casts}, qr/^wiji -> uuid function - context e method b$/m,
	'the comparison sees the casts (wiji -> uuid is binary)');
like($fresh->{operator_family_functions},
	qr/^btree wiji_ops wiji timestamp with time zone support 1 wiji_cmp_timestamptz/m,
	'the comparison sees the operator families\' support functions');

# Data of every type, with fixed values (exact below) and generated ones
my $fill = fixed_ids() . q{
	CREATE TABLE ids_brin AS SELECT u FROM ids;
	CREATE INDEX ids_brin_u ON ids_brin USING brin (u);
	CREATE TABLE generated AS
	SELECT n, gen_wiji() AS w, gen_ulid() AS u, gen_sno() AS s, gen_siq('user') AS q, gen_muid() AS m
	FROM generate_series(1, 100) n;
	-- a view made with this version's casts
	CREATE VIEW as_uuid AS
	SELECT n, w::uuid AS w, u::uuid AS u, s::uuid AS s, q::uuid AS q, m::uuid AS m,
		   w::uuid::wiji AS w2, u::uuid::ulid AS u2, s::uuid::sno AS s2, q::uuid::siq AS q2,
		   m::uuid::muid AS m2
	FROM ids;
	VACUUM ANALYZE ids;
	VACUUM ANALYZE ids_brin;
	-- Indexes on the casts to and from uuid, which 1.0 made with functions
	-- (1.1 made those of wiji, ulid and muid binary): expressions, a
	-- predicate, and unique ones to serve as ON CONFLICT targets
	CREATE TABLE by_uuid AS SELECT n, w, u, m, u::uuid AS b FROM ids;
	CREATE UNIQUE INDEX by_uuid_w ON by_uuid ((w::uuid));
	CREATE UNIQUE INDEX by_uuid_u ON by_uuid ((u::uuid));
	CREATE UNIQUE INDEX by_uuid_m ON by_uuid ((m::uuid));
	CREATE INDEX by_uuid_b ON by_uuid ((b::ulid));
	CREATE INDEX by_uuid_early ON by_uuid (n) WHERE m::uuid < '64c032df-6680-0000-0000-07d0000003e8';
	VACUUM ANALYZE by_uuid;
};
my $row_1000 = q{SELECT concat_ws(' ', w, u, s, q, m, w::uuid, u::uuid, s::uuid, q::uuid, m::uuid)
	FROM ids WHERE n = 1000};
my $row_1000_want = join(' ',
	qw(069G1JVXK80000C400000000Z8 01KJPDH48000000000001YG000 9fjfc562262262xa
	  did:siq:jk3wqliagtjiuuaaaaaaaaaaaa7ia 64C032DF66800-000000007D0-000003E8
	  064c032d-f668-0000-0610-0000000003e8 019cacd8-9100-0000-0000-000003e80000
	  3b62d50c-8001-8000-880f-a00000000000 0069a514-a000-8000-8000-000001f40000
	  64c032df-6680-0000-0000-07d0000003e8));
my $generated = q{SELECT string_agg(concat_ws(' ', n, w, u, s, q, m), E'\n' ORDER BY n) FROM generated};
my $view = q{SELECT md5(string_agg(concat_ws(' ', n, w, u, s, q, m, w2, u2, s2, q2, m2), ',' ORDER BY n))
	FROM as_uuid};

for my $v (@earlier)
{
	(my $db = "from_$v") =~ tr/./_/;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, "CREATE EXTENSION idgen VERSION '$v'");
	is($node->safe_psql($db, "SELECT extversion FROM pg_extension WHERE extname = 'idgen'"),
		$v, "$v: installed with the newest module");
	ok( $node->safe_psql($db,
			"SELECT path FROM pg_extension_update_paths('idgen') WHERE source = '$v' AND target = '$newest'") ne '',
		"$v: there is an update path to $newest");

	$node->safe_psql($db, $fill);
	is($node->safe_psql($db, fixed_ids_md5_sql()), $FIXED_IDS_MD5, "$v: the data as made");
	my $generated_before = $node->safe_psql($db, $generated);
	my $view_before = $node->safe_psql($db, $view);

	$node->safe_psql($db, 'ALTER EXTENSION idgen UPDATE');
	is($node->safe_psql($db, "SELECT extversion FROM pg_extension WHERE extname = 'idgen'"),
		$newest, "$v: updated to $newest");

	# The catalog equals a fresh install's
	same_catalog(extension_catalog($node, $db), $fresh, "$v: %s as in a fresh install of $newest");

	# The data is unchanged, and reads as before
	is($node->safe_psql($db, fixed_ids_md5_sql()), $FIXED_IDS_MD5, "$v: the data unchanged");
	is($node->safe_psql($db, $row_1000), $row_1000_want, "$v: a row and its casts to uuid, exactly");
	is($node->safe_psql($db, $generated), $generated_before, "$v: generated values unchanged");
	is($node->safe_psql($db, $view), $view_before, "$v: a view made with the old casts reads the same");
	is($node->safe_psql($db, q{SELECT count(*) FROM ids
			WHERE w::uuid::wiji <> w OR u::uuid::ulid <> u OR s::uuid::sno <> s
			   OR q::uuid::siq <> q OR m::uuid::muid <> m}),
		'0', "$v: every value goes through uuid and back unchanged");
	is( $node->safe_psql(
			$db, q{SELECT count(*) FILTER (WHERE amvalidate(c.oid)), count(*)
			FROM pg_opclass c JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid
			JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'}),
		'25|25', "$v: all 25 operator classes valid");

	# The old indexes answer comparisons with times: 13:00 <= time < 14:00
	# holds for rows 60 to 119
	for my $col (qw(w u s q m))
	{
		my $cond = "$col >= '2026-03-01 13:00+00'::timestamptz AND $col < '2026-03-01 14:00+00'::timestamptz";
		my $plan = $node->safe_psql($db,
			"SET enable_seqscan = off; SET enable_bitmapscan = off;
			 EXPLAIN (COSTS OFF) SELECT count(*) FROM ids WHERE $cond");
		like($plan, qr/Index Only Scan using ids_$col on ids/, "$v: $col: time comparisons use the index");
		like($plan,
			qr/Index Cond: \(\($col >= '2026-03-01 13:00:00\+00'::timestamp with time zone\) AND \($col < '2026-03-01 14:00:00\+00'::timestamp with time zone\)\)/,
			"$v: $col: as its index condition");
		is($node->safe_psql($db, "SELECT count(*), min(n), max(n) FROM ids WHERE $cond"),
			'60|60|119', "$v: $col: the rows of that hour");

		my $range = "$col <@ tstzrange('2026-03-01 13:00+00', '2026-03-01 14:00+00')";
		$plan = $node->safe_psql($db,
			"SET enable_seqscan = off; SET enable_bitmapscan = off;
			 EXPLAIN (COSTS OFF) SELECT count(*) FROM ids WHERE $range");
		like($plan, qr/Index Only Scan using ids_$col on ids/, "$v: $col: <@ tstzrange uses the index");
		is($node->safe_psql($db, "SELECT count(*), min(n), max(n) FROM ids WHERE $range"),
			'60|60|119', "$v: $col: <@ gives the rows of that hour");
	}
	# The indexes on casts made by this version: each answers the cast as
	# written now, and the unique ones are ON CONFLICT targets.  Row 1000's
	# values, as uuid and ulid
	my %by_uuid = (
		by_uuid_w => q{w::uuid = '064c032d-f668-0000-0610-0000000003e8'},
		by_uuid_u => q{u::uuid = '019cacd8-9100-0000-0000-000003e80000'},
		by_uuid_m => q{m::uuid = '64c032df-6680-0000-0000-07d0000003e8'},
		by_uuid_b => q{b::ulid = '01KJPDH48000000000001YG000'});
	for my $index (sort keys %by_uuid)
	{
		my $plan = $node->safe_psql($db,
			"SET enable_seqscan = off; EXPLAIN (COSTS OFF) SELECT n FROM by_uuid WHERE $by_uuid{$index}");
		like($plan, qr/Index Scan using $index on by_uuid/, "$v: $index answers $by_uuid{$index}");
		is($node->safe_psql($db, "SELECT n FROM by_uuid WHERE $by_uuid{$index}"),
			'1000', "$v: $index: row 1000");
	}
	my $early = q{m::uuid < '64c032df-6680-0000-0000-07d0000003e8' AND n BETWEEN 10 AND 19};
	like(
		$node->safe_psql($db,
			"SET enable_seqscan = off; SET enable_bitmapscan = off;
			 EXPLAIN (COSTS OFF) SELECT count(*) FROM by_uuid WHERE $early"),
		qr/Index Only Scan using by_uuid_early on by_uuid/,
		"$v: a partial index whose predicate casts to uuid answers that condition");
	is($node->safe_psql($db, "SELECT count(*), min(n), max(n) FROM by_uuid WHERE $early"),
		'10|10|19', "$v: with its rows");
	for my $col (qw(w u m))
	{
		# rows 1 to 5 again: each conflicts; then a new row: none does
		my ($rc, $out, $err) = $node->psql($db,
			"WITH i AS (INSERT INTO by_uuid SELECT n + 1000, w, u, m, b FROM by_uuid WHERE n <= 5
			            ON CONFLICT ((${col}::uuid)) DO NOTHING RETURNING n) SELECT count(*) FROM i;
			 WITH i AS (INSERT INTO by_uuid
			            SELECT 2001, wiji_from_parts(t), ulid_from_parts(t), muid_from_parts(t), NULL
			            FROM (SELECT '2027-01-01 00:00+00'::timestamptz AS t) x
			            ON CONFLICT ((${col}::uuid)) DO NOTHING RETURNING n) SELECT count(*) FROM i;
			 DELETE FROM by_uuid WHERE n > 1000");
		is("$out|$err", "0\n1|", "$v: ON CONFLICT ((${col}::uuid)) finds its unique index");
	}

	# Containment in a multirange, new in 1.2, answered by the old indexes:
	# 13:00 to 13:30 and 14:00 to 14:30 (inclusive) hold rows 60 to 89 and
	# 120 to 150
	for my $col (qw(w u s q m))
	{
		my $multirange = "$col <@ tstzmultirange(tstzrange('2026-03-01 13:00+00', '2026-03-01 13:30+00'),"
		  . " tstzrange('2026-03-01 14:00+00', '2026-03-01 14:30+00', '[]'))";
		my $plan = $node->safe_psql($db,
			"SET enable_seqscan = off; SET enable_bitmapscan = off;
			 EXPLAIN (COSTS OFF) SELECT count(*) FROM ids WHERE $multirange");
		like(
			$plan,
			qr/Index Only Scan using ids_$col on ids\n.*Index Cond: \(\($col >= '2026-03-01 13:00:00\+00'::timestamp with time zone\) AND \($col < '2026-03-01 14:30:00.000001\+00'::timestamp with time zone\)\)\n.*Filter: \($col <@ /,
			"$v: $col: <@ tstzmultirange scans the index between its overall bounds");
		is( $node->safe_psql($db,
				"SELECT count(*), min(n), max(n), count(*) FILTER (WHERE n BETWEEN 90 AND 119) FROM ids WHERE $multirange"),
			'61|60|150|0', "$v: $col: <@ gives the rows of the two half hours");
	}

	# UUIDv7 on core's uuid, new in 1.3: a uuid primary key answers
	# comparisons with times and containment, 13:00 <= time < 14:00 holding
	# rows 60 to 119; gen_uuidv7() makes version 7 values
	$node->safe_psql($db, q{
		CREATE TABLE v7 (id uuid PRIMARY KEY, n integer);
		INSERT INTO v7 SELECT uuidv7_from_parts('2026-03-01 12:00+00'::timestamptz + n * interval '1 min'), n
		FROM generate_series(1, 1000) n;
		ANALYZE v7});
	for my $cond (
		"id >= '2026-03-01 13:00+00'::timestamptz AND id < '2026-03-01 14:00+00'::timestamptz",
		"id <@ tstzrange('2026-03-01 13:00+00', '2026-03-01 14:00+00')")
	{
		like(
			$node->safe_psql($db,
				"SET enable_seqscan = off; SET enable_bitmapscan = off;
				 EXPLAIN (COSTS OFF) SELECT count(*) FROM v7 WHERE $cond"),
			qr/Index Only Scan using v7_pkey on v7\n.*Index Cond: \(\(id >= '019ca97b-f880-7000-8000-000000000000'::uuid\) AND \(id < '019ca9b2-e700-7000-8000-000000000000'::uuid\)\)/,
			"$v: uuid: $cond has an index condition on the primary key");
		is($node->safe_psql($db, "SELECT count(*), min(n), max(n) FROM v7 WHERE $cond"),
			'60|60|119', "$v: uuid: $cond gives the rows of that hour");
	}
	is( $node->safe_psql($db,
			"SELECT get_byte(uuid_send(u), 6) >> 4, get_byte(uuid_send(u), 8) >> 6,
			        uuidv7_extract_timestamp(u) > now() - interval '1 min' FROM gen_uuidv7() u"),
		'7|2|t', "$v: gen_uuidv7() makes version 7 values");

	my $plan = $node->safe_psql($db,
		"SET enable_seqscan = off; EXPLAIN (COSTS OFF) SELECT count(*) FROM ids_brin
		 WHERE u >= '2026-03-01 13:00+00'::timestamptz AND u < '2026-03-01 14:00+00'::timestamptz");
	like($plan, qr/Bitmap Index Scan on ids_brin_u/, "$v: a BRIN index answers time comparisons");
	is( $node->safe_psql($db,
			"SELECT count(*) FROM ids_brin WHERE u >= '2026-03-01 13:00+00'::timestamptz AND u < '2026-03-01 14:00+00'::timestamptz"),
		'60', "$v: with the rows of that hour");
	my $multirange = "u <@ '{[2026-03-01 13:00+00,2026-03-01 13:30+00), [2026-03-01 14:00+00,2026-03-01 14:30+00]}'::tstzmultirange";
	$plan = $node->safe_psql($db,
		"SET enable_seqscan = off; EXPLAIN (COSTS OFF) SELECT count(*) FROM ids_brin WHERE $multirange");
	like($plan, qr/Bitmap Index Scan on ids_brin_u/, "$v: and <@ tstzmultirange");
	is($node->safe_psql($db, "SELECT count(*) FROM ids_brin WHERE $multirange"),
		'61', "$v: with the rows of the two half hours");
}

$node->stop;
done_testing();
