
# gen_ulid() across sessions, without idgen preloaded and with it: no
# duplicate under concurrency, the server scope and changes of scope, fresh
# random bits in every session; and a column moved from an existing type
# named ulid (as pgx_ulid installs) to idgen's, installed beside it.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;
use Time::HiRes;

# Set idgen.monotonic server-wide, and wait until session $s has seen the
# reload too (a session reads it between statements)
sub scope_in_session
{
	my ($node, $s, $scope) = @_;
	configure($node, monotonic => $scope);
	for (1 .. 100)
	{
		return if $s->query_safe("SELECT current_setting('idgen.monotonic')") eq $scope;
		Time::HiRes::usleep(50_000);
	}
	die "the session did not see idgen.monotonic = $scope";
}

# ulid's overflow_waits in idgen_stats()
sub ulid_overflows
{
	my ($node) = @_;
	return $node->safe_psql('postgres',
		"SELECT overflow_waits FROM idgen_stats() WHERE generator = 'ulid'");
}

foreach my $preload (0, 1)
{
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'ulid_preload' : 'ulid_plain', preload => $preload,
		sql => 'CREATE TABLE t (id ulid PRIMARY KEY DEFAULT gen_ulid(), pid integer, n bigserial)');

	three_sessions_insert($node, $label);

	# Sessions started from the postmaster draw random bits of their own:
	# their first values differ in the random part
	my @first = map {
		$node->safe_psql('postgres', 'SELECT encode(ulid_extract_random(gen_ulid()), \'hex\')')
	} 1 .. 20;
	my %seen = map { $_ => 1 } @first;
	is(scalar(keys %seen), 20, "$label: 20 new sessions' first values have 20 different random parts");

	# One generator for the server: alternating sessions get strictly
	# increasing values
	configure($node, monotonic => 'server');
	my @s = map { $node->background_psql('postgres') } 1 .. 2;
	my @values;
	for my $i (1 .. 200)
	{
		push @values, $s[ $i % 2 ]->query_safe('SELECT gen_ulid()');
	}
	my $values = join(',', map { "($_, '$values[$_]'::ulid)" } 0 .. $#values);
	is( $node->safe_psql('postgres',
			"SELECT count(*) FILTER (WHERE u <= prev), count(DISTINCT u)
			 FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM (VALUES $values) v(i, u)) a"),
		'0|200', "$label: alternating sessions get strictly increasing values with idgen.monotonic = server");
	my $last = $s[0]->query_safe('SELECT gen_ulid()');
	configure($node, monotonic => 'backend');
	$s[0]->query_safe('SELECT 1');    # let the session see the reload
	is($s[0]->query_safe("SELECT gen_ulid() > '$last'::ulid"),
		't', "$label: a session keeps increasing across a change of scope");
	$_->quit for @s;

	# A generator taking over from the other does not continue its random
	# sequence: A's values under the backend scope share none with B's,
	# made under the server scope at the same time
	scope_handover($node, $label, 'ulid', 'gen_ulid()', 3000000);
	is($node->safe_psql('postgres', 'SELECT count(*) FROM handover_a JOIN handover_b USING (id)'),
		'0', "$label: no value in common");

	# A session 5 s ahead of the clock makes v1 under the backend scope; the
	# scope changes to server and its clock goes back to normal.  The
	# server-wide generator, behind v1, catches up: it starts the
	# millisecond after v1's, which the clock has not reached, and goes on
	# counting in it for the next session.  (A restart first: the
	# server-wide generator has not run ahead yet.)
	$node->restart;
	my $s = $node->background_psql('postgres', on_error_stop => 0);
	$s->query_safe("SET idgen.clock_offset = '5s'");
	my $v1 = $s->query_safe('SELECT gen_ulid()');
	scope_in_session($node, $s, 'server');
	$s->query_safe('RESET idgen.clock_offset');
	my ($out, $failed) = $s->query(qq{
		SELECT v > '$v1', ulid_extract_timestamp(v) - ulid_extract_timestamp('$v1') FROM gen_ulid() v});
	is($failed ? "error: $s->{stderr}" : $out, 't|00:00:00.001',
		"$label: the server-wide generator catches up with a session ahead of the clock: the millisecond after its last value, no error");
	is( $node->safe_psql('postgres', qq{
			SELECT u > '$v1', ulid_extract_timestamp(u) - ulid_extract_timestamp('$v1') FROM gen_ulid() u}),
		't|00:00:00.001', "$label: and another session's value follows, in that millisecond");
	$s->quit;

	# Changes of scope while a session is a minute ahead of the clock: each
	# generator taking over starts the millisecond after the session's last
	# value, which the clock has not reached.  That is no overflow of the
	# random part and does not count as one.
	$node->restart;
	configure($node, monotonic => 'backend');
	my $overflows = ulid_overflows($node);
	$s = $node->background_psql('postgres');
	$s->query_safe("SET idgen.clock_offset = '1min'");
	my $u1 = $s->query_safe('SELECT gen_ulid()');
	$s->query_safe('RESET idgen.clock_offset');
	scope_in_session($node, $s, 'server');
	my $u2 = $s->query_safe('SELECT gen_ulid()');
	scope_in_session($node, $s, 'backend');
	my $u3 = $s->query_safe('SELECT gen_ulid()');
	$s->quit;
	is( $node->safe_psql('postgres', qq{
			SELECT '$u1'::ulid < '$u2' AND '$u2'::ulid < '$u3',
			       ulid_extract_timestamp('$u2') - ulid_extract_timestamp('$u1'),
			       ulid_extract_timestamp('$u3') - ulid_extract_timestamp('$u2')}),
		't|00:00:00.001|00:00:00.001',
		"$label: each change of scope starts the millisecond after the session's last value");
	is(ulid_overflows($node), $overflows,
		"$label: changes of scope leave overflow_waits as it was");
	$node->stop;
}

# A random part run out within its millisecond: the next millisecond, with
# fresh bits, counted in overflow_waits.  The random part starts at fresh
# bits from pg_strong_random() and counts up by one a value, so running it
# out takes about 2^79 values; no setting or SQL function sets it.  What
# can be done is to make the fresh bits all ones: pg_strong_random() takes
# them from OpenSSL's RAND_bytes(), and this server runs with a library
# preloaded (LD_PRELOAD) whose RAND_bytes() returns 0xFF bytes.  With the
# clock held back the next value is then in the same millisecond.
SKIP:
{
	my $node = PostgreSQL::Test::Cluster->new('ulid_exhaust');
	skip 'pg_strong_random() reads RAND_bytes() only in builds with OpenSSL', 2
	  unless $node->config_data('--configure') =~ /--with-openssl/;
	my $dir = PostgreSQL::Test::Utils::tempdir;
	open(my $fh, '>', "$dir/all_ones.c") or die "could not write $dir/all_ones.c: $!";
	print $fh <<'C';
#include <string.h>

/* OpenSSL's RAND_bytes() for a test: every byte is 0xFF */
int
RAND_bytes(unsigned char *buf, int num)
{
	memset(buf, 0xFF, num);
	return 1;
}
C
	close($fh);
	system_or_bail($node->config_data('--cc'), '-shared', '-fPIC',
		'-o', "$dir/all_ones.so", "$dir/all_ones.c");
	$node->init;
	{
		local $ENV{LD_PRELOAD} = "$dir/all_ones.so";
		$node->start;
	}
	$node->safe_psql('postgres', 'CREATE EXTENSION idgen');
	my $overflows = ulid_overflows($node);
	my $out = $node->safe_psql('postgres', q{
		CREATE TEMP TABLE g (n integer, id ulid);
		INSERT INTO g VALUES (1, gen_ulid());
		SET idgen.clock_offset = '-10s';
		INSERT INTO g VALUES (2, gen_ulid());
		INSERT INTO g VALUES (3, gen_ulid());
		SELECT n, encode(ulid_extract_random(id), 'hex'),
		       ulid_extract_timestamp(id) - lag(ulid_extract_timestamp(id)) OVER (ORDER BY n),
		       id > lag(id) OVER (ORDER BY n)
		FROM g ORDER BY n;
	});
	is( $out,
		"1|ffffffffffffffffffff||\n"
		  . "2|ffffffffffffffffffff|00:00:00.001|t\n"
		  . "3|ffffffffffffffffffff|00:00:00.001|t",
		'random parts of all ones: each next value, in the same millisecond by the clock, takes the next millisecond');
	is(ulid_overflows($node) - $overflows, 2, 'each of the two counts in overflow_waits');
	$node->stop;
}

# Moving from pgx_ulid, whose type and generator are also called ulid and
# gen_ulid: idgen goes into a schema of its own, and the column is converted
# through its text.  pgx_ulid cannot be installed here; a domain over text
# with the same canonical text, and a gen_ulid() of its own in public, stand
# in for it.
my $node = PostgreSQL::Test::Cluster->new('ulid_from_pgx');
$node->init;
$node->start;
$node->safe_psql('postgres', q{
	CREATE DOMAIN public.ulid AS text CHECK (VALUE ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$');
	CREATE SEQUENCE public.stand_in_seq;
	CREATE FUNCTION public.gen_ulid() RETURNS public.ulid LANGUAGE sql AS
	$$ SELECT ('01H' || lpad(upper(to_hex(nextval('public.stand_in_seq'))), 23, '0'))::public.ulid $$;
	CREATE TABLE account (id public.ulid PRIMARY KEY DEFAULT public.gen_ulid(), name text);
	INSERT INTO account (name) SELECT 'user ' || n FROM generate_series(1, 1000) n;
	CREATE TABLE account_before AS SELECT id::text AS id, name FROM account;
});
$node->safe_psql('postgres', q{
	CREATE SCHEMA idgen;
	CREATE EXTENSION idgen SCHEMA idgen;
	ALTER TABLE account
	    ALTER COLUMN id DROP DEFAULT,
	    ALTER COLUMN id TYPE idgen.ulid USING id::text::idgen.ulid,
	    ALTER COLUMN id SET DEFAULT idgen.gen_ulid();
	INSERT INTO account (name) VALUES ('new user');
	-- idgen's operators and aggregates are found through the search path;
	-- after public, so that public.gen_ulid() keeps its meaning
	ALTER DATABASE postgres SET search_path = "$user", public, idgen;
});
is( $node->safe_psql('postgres', q{
		SELECT format_type(atttypid, atttypmod) FROM pg_attribute
		WHERE attrelid = 'account'::regclass AND attname = 'id'}),
	'idgen.ulid', 'the column is of idgen\'s type, beside the other ulid type');
is( $node->safe_psql('postgres', q{
		SELECT count(*) FROM account a JOIN account_before b ON a.id::text = b.id AND a.name = b.name}),
	'1000', 'every converted value has its old text');
is( $node->safe_psql('postgres', q{
		SELECT (SELECT array_agg(name ORDER BY id) FROM account WHERE name <> 'new user')
		     = (SELECT array_agg(name ORDER BY id) FROM account_before)}),
	't', 'and sorts as before');
is( $node->safe_psql('postgres', q{
		SELECT id = (SELECT max(id) FROM account), ulid_extract_timestamp(id) > now() - interval '1 minute'
		FROM account WHERE name = 'new user'}),
	't|t', 'new rows get idgen.gen_ulid(), after the old ones; with idgen on the search path, its operators and aggregates work unqualified');
is( $node->safe_psql('postgres', q{
		SELECT count(*) FROM account WHERE id::uuid::idgen.ulid = id}),
	'1001', 'the uuid casts work on the converted column');
is($node->safe_psql('postgres', 'SELECT public.gen_ulid()::text ~ \'^01H\''),
	't', 'the other gen_ulid() is still there, in public');
$node->stop;

done_testing();
