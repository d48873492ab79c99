
# A trusted extension: a role that is no superuser but owns a database
# creates idgen there, updates it from 1.0, uses every type, and gets the
# functions and the extension's ownership: the superuser-only and
# server-wide settings stay out of its reach, and DROP EXTENSION ... CASCADE
# drops other roles' columns of its types, as for any extension.  What can
# stop an update (an object of the owner's under a name it adds) stops it as
# the README says, and is cleared as it says.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;

my $node = PostgreSQL::Test::Cluster->new('trusted');
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'UTC'");
$node->start;

$node->safe_psql('postgres', q{
	CREATE ROLE owner LOGIN;
	CREATE DATABASE owned OWNER owner;
	CREATE DATABASE owned_10 OWNER owner;
	CREATE ROLE other LOGIN;
});
is($node->safe_psql('postgres', "SELECT rolsuper FROM pg_roles WHERE rolname = 'owner'"),
	'f', 'the database owner is no superuser');

# Run SQL in database $db as role $role: stdout, or stderr with SQLSTATEs
sub as_role
{
	my ($role, $db, $sql) = @_;
	my ($out, $err) = ('', '');
	$node->psql($db, $sql,
		stdout => \$out, stderr => \$err, on_error_stop => 0,
		connstr => $node->connstr($db) . " user=$role",
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	return ($out, $err);
}

my ($out, $err) = as_role('owner', 'owned', 'CREATE EXTENSION idgen');
is($err, '', 'the database owner creates the extension');
is( $node->safe_psql('owned',
		"SELECT pg_get_userbyid(extowner), extversion FROM pg_extension WHERE extname = 'idgen'"),
	'owner|1.4', 'the extension is the owner\'s');
like(
	$node->safe_psql('owned', q{
		SELECT count(*) FILTER (WHERE p.proowner <> 10), count(*) FILTER (WHERE p.prosecdef), count(*)
		FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
		JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'}),
	qr/^0\|0\|[1-9][0-9]*$/,
	'its functions belong to the bootstrap superuser, none is SECURITY DEFINER');

($out, $err) = as_role('other', 'postgres', 'CREATE EXTENSION idgen');
like(
	$err,
	qr/ERROR:  42501: permission denied to create extension "idgen"\nHINT:  Must have CREATE privilege on current database to create this extension\./,
	'a role without CREATE on the database cannot');

# Every type: a table with the generators as defaults, text round trips,
# casts, comparisons with times
($out, $err) = as_role('owner', 'owned', q{
	CREATE TABLE t (
		w wiji DEFAULT gen_wiji(), u ulid DEFAULT gen_ulid(), s sno DEFAULT gen_sno(),
		q siq DEFAULT gen_siq('user'), m muid DEFAULT gen_muid(), made timestamptz DEFAULT now());
	INSERT INTO t DEFAULT VALUES;
	INSERT INTO t DEFAULT VALUES;
	INSERT INTO t DEFAULT VALUES;
	SELECT count(DISTINCT w), count(DISTINCT u), count(DISTINCT s), count(DISTINCT q), count(DISTINCT m)
	FROM t;
	SELECT count(*) FROM t
	WHERE w::text::wiji = w AND u::text::ulid = u AND s::text::sno = s AND q::text::siq = q
	  AND m::text::muid = m;
	SELECT count(*) FROM t
	WHERE w::uuid::wiji = w AND u::uuid::ulid = u AND s::uuid::sno = s AND q::uuid::siq = q
	  AND m::uuid::muid = m AND w::bytea::wiji = w AND q::numeric::siq = q;
	SELECT count(*) FROM t
	WHERE w >= made - interval '1 min' AND u >= made - interval '1 min' AND s >= made - interval '1 min'
	  AND q >= made - interval '1 min' AND m >= made - interval '1 min'
	  AND w < now() + interval '1 min' AND m::timestamptz < now() + interval '1 min'
	  AND q <@ tstzrange(made - interval '1 min', now() + interval '1 min');
	SELECT gen_wiji() > max(w), gen_ulid() > max(u), gen_siq('user') > max(q), gen_muid() > max(m) FROM t;
	SELECT wiji_from_parts('2026-03-01 12:00+00', 5, 42), ulid_from_parts('2026-03-01 12:00+00'),
		   sno_from_parts('2026-03-01 12:00+00', 1, 2, 3), siq_from_parts('2026-03-01 12:00+00', 'user', 7),
		   muid_from_parts('2026-03-01 12:00+00', 9, 10);
});
is($err, '', 'every type works for the owner, without an error');
is( $out, join("\n",
		'3|3|3|3|3', '3', '3', '3', 't|t|t|t',
		'069FTKBBRG0000A4000000001A|01KJMMA2G00000000000000000|9fiioka226226225|'
		  . 'did:siq:htlqutuagtjbkiaaaaaaaaaaaaaha|64BF535AF1000-00000000009-0000000A'),
	'generated, read back, cast and compared with times');

# The settings: idgen.clock_offset is the superuser's, node settings the
# server's (the library is loaded first, so that they are known)
($out, $err) = as_role('owner', 'owned', q{
	SELECT gen_wiji() IS NOT NULL;
	SET idgen.clock_offset = '-1s';
	SET idgen.sno_partition = 5;
	SET idgen.monotonic = 'server';
	ALTER SYSTEM SET idgen.sno_partition = 5;
	SELECT current_setting('idgen.clock_offset'), current_setting('idgen.sno_partition');
});
like(
	$err,
	qr/ERROR:  42501: permission denied to set parameter "idgen.clock_offset"/,
	'SET idgen.clock_offset: 42501 for a non-superuser');
like(
	$err,
	qr/ERROR:  55P02: parameter "idgen.sno_partition" cannot be changed now/,
	'SET idgen.sno_partition: 55P02, as for any setting of the server');
like(
	$err,
	qr/ERROR:  55P02: parameter "idgen.monotonic" cannot be changed now/,
	'SET idgen.monotonic: 55P02');
like(
	$err,
	qr/ERROR:  42501: permission denied to set parameter "idgen.sno_partition"/,
	'ALTER SYSTEM: 42501');
is($out, "t\n0|-1", 'the settings are unchanged');

# snowflake_continue_above() moves the server's snowflake generator, but
# nowhere the clock has not reached (it waits for the clock): any role may
# call it, and a value far ahead is refused all the same
($out, $err) = as_role('owner', 'owned', q{
	BEGIN;
	SELECT snowflake_continue_above(snowflake_from_parts(now() + interval '50 ms', 1023, 4095));
	SELECT gen_snowflake() > snowflake_from_parts(now() + interval '50 ms', 1023, 4095);
	COMMIT;
	SELECT snowflake_continue_above(snowflake_from_parts(now() + interval '2 min'));
});
like($err, qr/\Apsql:<stdin>:[0-9]+: ERROR:  22023: snowflake id [0-9]+ is too far ahead of the clock\n/,
	'snowflake_continue_above(): a value 2 min ahead is 22023 for the owner too, and nothing else fails');
is($out, "\nt", '... one 50 ms ahead is waited for, and the next value is above it');

# An update from 1.0, by the owner too (1.1 makes binary casts and 1.2
# support functions, which need a superuser: the update runs as one), then
# DROP EXTENSION
($out, $err) = as_role('owner', 'owned_10', q{
	CREATE EXTENSION idgen VERSION '1.0';
	ALTER EXTENSION idgen UPDATE;
	SELECT extversion FROM pg_extension WHERE extname = 'idgen';
	SELECT castmethod FROM pg_cast WHERE castsource = 'ulid'::regtype AND casttarget = 'uuid'::regtype;
	SELECT count(*) FROM (SELECT gen_ulid() AS u) s
	WHERE u >= now() - interval '1 min' AND u::uuid::ulid = u;
	DROP EXTENSION idgen;
	SELECT count(*) FROM pg_extension WHERE extname = 'idgen';
});
is($err, '', 'the owner installs 1.0, updates it and drops it, without an error');
is($out, "1.4\nb\n1\n0", 'updated to 1.4, with the binary casts of 1.1, then dropped');

# The owner of the extension may drop it with CASCADE, which drops what
# depends on it whoever owns that, as for any extension: here the column of
# an idgen type, and its default, in a table of another role
$node->safe_psql('postgres', 'CREATE DATABASE owned_shared OWNER owner');
($out, $err) = as_role('owner', 'owned_shared', 'CREATE EXTENSION idgen');
is($err, '', 'the database owner creates the extension, in public');
$node->safe_psql('owned_shared', 'CREATE SCHEMA other AUTHORIZATION other');
($out, $err) = as_role('other', 'owned_shared', q{
	CREATE TABLE other.kept (n integer, id wiji DEFAULT gen_wiji());
	INSERT INTO other.kept (n) VALUES (1);
});
is($err, '', 'another role makes a table with a wiji column, in a schema of its own');
($out, $err) = as_role('owner', 'owned_shared', 'DROP EXTENSION idgen CASCADE');
like($err, qr/drop cascades to .*column id of table other\.kept/s,
	'DROP EXTENSION idgen CASCADE by the extension\'s owner reaches that column');
is( $node->safe_psql('owned_shared', q{
		SELECT pg_get_userbyid(c.relowner), string_agg(a.attname, ' ' ORDER BY a.attnum),
			   (SELECT count(*) FROM other.kept)
		FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE c.oid = 'other.kept'::regclass GROUP BY c.relowner}),
	'other|n|1', 'the other role\'s table is left without its wiji column');

# What can stop an update (the README's "What can stop an update"): an
# object of the database owner's under a name the update adds.  A shell
# operator left by the owner's own operators, named as their commutator or
# negator, stops the update for the owner and for a superuser alike; so
# does a function.  The README's query finds the shells; once they are
# dropped and the function renamed, the update goes through and the owner's
# objects still work.
my $readme = slurp_file("$FindBin::RealBin/../README.md");
my ($shell_query) = $readme =~ /\*\*What can stop an update\.\*\*.*?```sql\n(.*?)```\n/s
  or die 'README.md: no query for shell operators';
my $owners_operator = q{
	CREATE SCHEMA mine;
	CREATE FUNCTION mine.before(uuid, timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS 'SELECT uuid_send($1) < uuid_send(gen_random_uuid())';
};

# From 1.2: the shell >(timestamptz, uuid), the commutator of mine.<
$node->safe_psql('postgres', 'CREATE DATABASE blocked OWNER owner');
($out, $err) = as_role('owner', 'blocked', qq{
	CREATE EXTENSION idgen VERSION '1.2';
	$owners_operator
	CREATE OPERATOR mine.< (LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = mine.before,
		COMMUTATOR = OPERATOR(public.>));
});
is($err, '', 'the owner makes an operator whose commutator is a shell in public');
my $commutator_error =
  qr/ERROR:  42P13: commutator operator > is already the commutator of operator <$/m;
($out, $err) = as_role('owner', 'blocked', 'ALTER EXTENSION idgen UPDATE');
like($err, $commutator_error, 'the shell stops the owner\'s update');
($out, $err) = as_role('postgres', 'blocked', 'ALTER EXTENSION idgen UPDATE');
like($err, $commutator_error, '... and a superuser\'s');
is($node->safe_psql('blocked', q{
		SELECT extversion, gen_ulid() IS NOT NULL FROM pg_extension WHERE extname = 'idgen'}),
	'1.2|t', 'the database keeps 1.2, working');
is($node->safe_psql('blocked', $shell_query), '>(timestamp with time zone,uuid)|owner',
	'the README\'s query names the shell and its owner');
$node->safe_psql('blocked', 'DROP OPERATOR >(timestamptz, uuid)');
($out, $err) = as_role('owner', 'blocked', q{
	ALTER EXTENSION idgen UPDATE;
	SELECT extversion FROM pg_extension WHERE extname = 'idgen';
	SELECT count(*) FROM (VALUES (gen_uuidv7())) v(u)
	WHERE u OPERATOR(mine.<) now() IS NOT NULL AND u OPERATOR(public.<) now() + interval '1 min';
	SELECT oprcom FROM pg_operator WHERE oid = 'mine.<(uuid, timestamptz)'::regoperator;
});
is($err, '', 'with the shell dropped, the owner updates');
is($out, "1.4\n1\n0", 'to 1.4; the owner\'s operator works, without a commutator');

# From 1.0: a function of the owner's named as one the update adds, then
# the shell <(uuid, timestamptz), the negator of mine.>=
$node->safe_psql('postgres', 'CREATE DATABASE planted OWNER owner');
($out, $err) = as_role('owner', 'planted', qq{
	CREATE EXTENSION idgen VERSION '1.0';
	CREATE FUNCTION public.idgen_uuidv7_bound(timestamptz) RETURNS uuid
	LANGUAGE sql AS 'SELECT gen_random_uuid()';
	$owners_operator
	CREATE OPERATOR mine.>= (LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = mine.before,
		NEGATOR = OPERATOR(public.<));
	ALTER EXTENSION idgen UPDATE;
});
like($err,
	qr/ERROR:  42723: function "idgen_uuidv7_bound" already exists with same argument types$/m,
	'a function of the owner\'s stops the update from 1.0');
($out, $err) = as_role('owner', 'planted', q{
	ALTER FUNCTION idgen_uuidv7_bound(timestamptz) RENAME TO my_bound;
	ALTER EXTENSION idgen UPDATE;
});
# Which check meets the shell first depends on the version: on 15 its
# ownership, on 18 its membership of the extension
my $owner_error = qr/ERROR:  42501: must be owner of operator <$/m;
my $member_error =
  qr/ERROR:  55000: operator <\(uuid,timestamp with time zone\) is not a member of extension "idgen"$/m;
my $shell_error =
    $node->pg_version < 16 ? $owner_error
  : $node->pg_version >= 18 ? $member_error
  :                           qr/$owner_error|$member_error/;
like($err, $shell_error, 'renamed, the shell still stops it');
($out, $err) = as_role('postgres', 'planted', 'ALTER EXTENSION idgen UPDATE');
like($err, $shell_error, '... for a superuser too');
is($node->safe_psql('planted', "SELECT extversion FROM pg_extension WHERE extname = 'idgen'"),
	'1.0', 'the database keeps 1.0');
is($node->safe_psql('planted', $shell_query), '<(uuid,timestamp with time zone)|owner',
	'the README\'s query names this shell');
$node->safe_psql('planted', 'DROP OPERATOR <(uuid, timestamptz)');
($out, $err) = as_role('owner', 'planted', q{
	ALTER EXTENSION idgen UPDATE;
	SELECT extversion FROM pg_extension WHERE extname = 'idgen';
	SELECT count(*) FROM pg_proc WHERE proname = 'my_bound';
	SELECT gen_uuidv7() OPERATOR(mine.>=) now();
});
is($err, '', 'with both out of the way, the update goes through');
is($out, "1.4\n1\nt", 'updated to 1.4; the owner\'s function and operator kept');

$node->stop;
done_testing();
