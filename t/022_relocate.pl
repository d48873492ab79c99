
# A relocatable extension: ALTER EXTENSION idgen SET SCHEMA moves every
# object, and the types, generators, casts and comparisons with times, with
# their index scans, work in the new schema, named through search_path or
# schema-qualified.  A non-superuser who installed it cannot move it: its
# objects belong to the superuser.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('relocate', conf => "timezone = 'UTC'\nautovacuum = off", sql => fixed_ids() . q{
	VACUUM ANALYZE ids;
	CREATE SCHEMA idgen_moved;
	ALTER EXTENSION idgen SET SCHEMA idgen_moved;
});

is( $node->safe_psql('postgres', q{
		SELECT e.extnamespace::regnamespace, count(*) FILTER (WHERE o.schema <> 'idgen_moved'),
			   count(*) > 300
		FROM pg_extension e, LATERAL (
			SELECT (pg_identify_object(d.classid, d.objid, 0)).schema
			FROM pg_depend d WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
			  AND d.deptype = 'e' AND d.classid <> 'pg_cast'::regclass) o
		WHERE e.extname = 'idgen' GROUP BY 1}),
	'idgen_moved|0|t', 'SET SCHEMA moved the extension and every object of it that lives in a schema');
is( $node->safe_psql('postgres', q{
		SELECT count(*) FROM pg_type
		WHERE typnamespace = 'idgen_moved'::regnamespace AND typname IN ('_wiji', '_ulid', '_sno', '_siq', '_muid')}),
	'5', 'the array types too');
is($node->safe_psql('postgres', 'SET search_path = public, idgen_moved; ' . fixed_ids_md5_sql()),
	$FIXED_IDS_MD5, 'the data reads as before');

# The same queries, once with the schema on search_path and once
# schema-qualified, each giving the rows of 13:00 to 14:00 (60 to 119)
my %way = (
	'on search_path' => {
		setup => 'SET search_path = public, idgen_moved;',
		schema => '',
		op => sub { $_[0] },
	},
	'schema-qualified' => {
		setup => 'SET search_path = public;',
		schema => 'idgen_moved.',
		op => sub { "OPERATOR(idgen_moved.$_[0])" },
	},);
for my $how (sort keys %way)
{
	my ($setup, $s, $op) = @{ $way{$how} }{qw(setup schema op)};
	my $ge = $op->('>=');
	my $lt = $op->('<');
	my $in = $op->('<@');
	my $eq = $op->('=');

	my ($out, $err) = ('', '');
	$node->psql('postgres', qq{
		$setup
		SELECT ${s}gen_wiji() IS NOT NULL, ${s}gen_ulid() IS NOT NULL, ${s}gen_sno() IS NOT NULL,
			   ${s}gen_siq('user') IS NOT NULL, ${s}gen_muid() IS NOT NULL;
		CREATE TEMP TABLE g (w ${s}wiji DEFAULT ${s}gen_wiji(), q ${s}siq DEFAULT ${s}gen_siq('event'));
		INSERT INTO g DEFAULT VALUES;
		SELECT count(*) FROM g WHERE w::text::${s}wiji $eq w AND q::uuid::${s}siq $eq q;
		SELECT w::uuid, u::uuid, s::uuid, q::uuid, m::uuid, w::uuid::${s}wiji, u::uuid::${s}ulid,
			   m::uuid::${s}muid, '01KJMMA2G00000000000000000'::${s}ulid
		FROM ids WHERE n = 1000;
		SELECT ${s}wiji_extract_timestamp(w), ${s}siq_from_parts('2026-03-01 12:00+00', 'user', 7)
		FROM ids WHERE n = 1000;
	}, stdout => \$out, stderr => \$err, on_error_stop => 0);
	is($err, '', "$how: no error");
	is( $out, join("\n",
			't|t|t|t|t', '1',
			'064c032d-f668-0000-0610-0000000003e8|019cacd8-9100-0000-0000-000003e80000|'
			  . '3b62d50c-8001-8000-880f-a00000000000|0069a514-a000-8000-8000-000001f40000|'
			  . '64c032df-6680-0000-0000-07d0000003e8|069G1JVXK80000C400000000Z8|'
			  . '01KJPDH48000000000001YG000|64C032DF66800-000000007D0-000003E8|01KJMMA2G00000000000000000',
			'2026-03-02 04:40:00+00|did:siq:htlqutuagtjbkiaaaaaaaaaaaaaha'),
		"$how: generators, text, casts and functions");

	for my $col (qw(w u s q m))
	{
		my $cond = "$col $ge '2026-03-01 13:00+00'::timestamptz AND $col $lt '2026-03-01 14:00+00'::timestamptz";
		my $plan = $node->safe_psql('postgres',
			"$setup SET enable_seqscan = off; SET enable_bitmapscan = off;
			 EXPLAIN (COSTS OFF) SELECT count(*) FROM ids WHERE $cond");
		like($plan, qr/Index Only Scan using ids_$col on ids/, "$how: $col: time comparisons use the index");
		is($node->safe_psql('postgres', "$setup SELECT count(*), min(n), max(n) FROM ids WHERE $cond"),
			'60|60|119', "$how: $col: the rows of that hour");

		# with a range known only at run time, the support function's index
		# conditions call idgen_range_start() and idgen_range_end(), which it
		# finds in its own schema
		my $prepare = "$setup SET enable_seqscan = off; SET enable_bitmapscan = off;
			SET plan_cache_mode = force_generic_plan;
			PREPARE q(tstzrange) AS SELECT count(*), min(n), max(n) FROM ids WHERE $col $in \$1;";
		my $range = "tstzrange('2026-03-01 13:00+00', '2026-03-01 14:00+00')";
		$plan = $node->safe_psql('postgres', "$prepare EXPLAIN (COSTS OFF) EXECUTE q($range)");
		like($plan, qr/Index (Only )?Scan using ids_$col on ids/, "$how: $col: <@ uses the index");
		like($plan, qr/Index Cond: .*\Q${s}\Eidgen_range_start\(\$1\)/,
			"$how: $col: with idgen_range_start() of the new schema");
		is($node->safe_psql('postgres', "$prepare EXECUTE q($range)"),
			'60|60|119', "$how: $col: <@ gives the rows of that hour");
	}
}

# Back again
$node->safe_psql('postgres', 'ALTER EXTENSION idgen SET SCHEMA public');
is( $node->safe_psql('postgres',
		"SELECT count(*) FROM ids WHERE w >= '2026-03-01 13:00+00'::timestamptz AND w < '2026-03-01 14:00+00'::timestamptz"),
	'60', 'moved back to public, it works there');

# A database owner who installed it cannot move it: the objects are the
# bootstrap superuser's
$node->safe_psql('postgres', q{
	CREATE ROLE owner LOGIN;
	CREATE DATABASE owned OWNER owner;
});
my ($out, $err) = ('', '');
$node->psql('owned', q{
	CREATE EXTENSION idgen;
	CREATE SCHEMA mine;
	ALTER EXTENSION idgen SET SCHEMA mine;
	SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'idgen';
}, stdout => \$out, stderr => \$err, on_error_stop => 0,
	connstr => $node->connstr('owned') . ' user=owner',
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/^psql:<stdin>:\d+: ERROR:  42501: must be owner of function \w+\n/,
	'SET SCHEMA by the owner of a trusted install: 42501');
is($out, 'public', 'it stays where it was');

$node->stop;
done_testing();
