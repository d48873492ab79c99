
# Helpers shared by idgen's TAP tests.

package IdgenTest;

use strict;
use warnings;

use Exporter 'import';
use Test::More;
use Time::HiRes;
use Math::BigInt;
use POSIX ();
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils ();
our @EXPORT = qw(@TYPES @CORE_GENERATORS %GEN %COLUMN idgen_node lineage_refusal fixed_ids fixed_ids_md5_sql $FIXED_IDS_MD5
  extension_catalog same_catalog configure reset_settings derived_fields run_together
  run_script crash_backend sno_for three_sessions_insert scope_handover crc32c read_bytes write_bytes);

# The five types, and a call of each one's generator (siq's for the kind 'user')
our @TYPES = qw(wiji ulid sno siq muid);
our %GEN = (
	wiji => 'gen_wiji()',
	ulid => 'gen_ulid()',
	sno => 'gen_sno()',
	siq => "gen_siq('user')",
	muid => 'gen_muid()',
	snowflake => 'gen_snowflake()',
	uuidv7 => 'gen_uuidv7()');

# The generators of core types' values, each named as its functions'
# prefix, and the column type of every generator's values
our @CORE_GENERATORS = qw(snowflake uuidv7);
our %COLUMN = ((map { $_ => $_ } @TYPES), snowflake => 'bigint', uuidv7 => 'uuid');

# A new cluster NAME, started, with idgen created in its database postgres.
# Options: preload => true puts idgen in shared_preload_libraries; conf =>
# further postgresql.conf lines; init => a hash of arguments for init
# (allows_streaming, ...); sql => more SQL, run with the CREATE EXTENSION.
sub idgen_node
{
	my ($name, %opt) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init(%{ $opt{init} // {} });
	my $conf = ($opt{preload} ? "shared_preload_libraries = 'idgen'\n" : '') . ($opt{conf} // '');
	$node->append_conf('postgresql.conf', $conf) if $conf ne '';
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION idgen;' . ($opt{sql} // ''));
	return $node;
}

# SQL for a table "ids" of a thousand rows with a fixed value of every type,
# a minute apart from 2026-03-01 12:00 UTC, each column indexed
sub fixed_ids
{
	return q{
	CREATE TABLE ids (n integer PRIMARY KEY, w wiji, u ulid, s sno, q siq, m muid);
	INSERT INTO ids
	SELECT n, wiji_from_parts(ts, n % 7, n), ulid_from_parts(ts, int8send(n) || '\x0000'::bytea),
		   sno_from_parts(ts, 1, 2, n), siq_from_parts(ts, 'user', n), muid_from_parts(ts, 1000 + n, n)
	FROM generate_series(1, 1000) n,
		 LATERAL (SELECT '2026-03-01 12:00+00'::timestamptz + n * interval '1 min' AS ts) x;
	CREATE INDEX ids_w ON ids (w);
	CREATE INDEX ids_u ON ids (u);
	CREATE INDEX ids_s ON ids (s);
	CREATE INDEX ids_q ON ids (q);
	CREATE INDEX ids_m ON ids (m);
};
}

# The md5 of the table of fixed_ids(), and its value there
sub fixed_ids_md5_sql
{
	return q{SELECT md5(string_agg(concat_ws(' ', n, w, u, s, q, m), ',' ORDER BY n)) FROM ids};
}
our $FIXED_IDS_MD5 = '472142053373c6aacb6c42475d9f4206';

# What the comparison covers, each as one query giving one line of text
# per object, sorted: the extension's members, and the operator-family
# members and comments that belong to them.  No OIDs: objects by name.
my $members = q{
	WITH member AS (
		SELECT d.classid, d.objid FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
		WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'idgen' AND d.deptype = 'e'
	)
};
my @catalog = (
	[
		extension => q{
		SELECT concat_ws(' ', extname, extversion, extrelocatable, extnamespace::regnamespace,
						 pg_get_userbyid(extowner), extconfig, extcondition)
		FROM pg_extension WHERE extname = 'idgen'}
	],
	[
		functions => qq{$members
		SELECT p.oid::regprocedure || E'\\n'
			   || CASE WHEN p.prokind = 'a' THEN '' ELSE pg_get_functiondef(p.oid) END
			   || format('kind %s volatile %s parallel %s strict %s leakproof %s security definer %s '
						 'cost %s rows %s support %s config %s owner %s acl %s',
						 p.prokind, p.provolatile, p.proparallel, p.proisstrict, p.proleakproof,
						 p.prosecdef, p.procost, p.prorows, p.prosupport::regprocedure, p.proconfig,
						 pg_get_userbyid(p.proowner), p.proacl)
		FROM pg_proc p JOIN member m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid}
	],
	[
		aggregates => qq{$members
		SELECT concat_ws(' ', a.aggfnoid::regprocedure, a.aggkind, a.aggnumdirectargs,
						 a.aggtransfn::regprocedure, a.aggfinalfn, a.aggcombinefn::regprocedure,
						 a.aggserialfn, a.aggdeserialfn, a.aggmtransfn, a.aggminvtransfn,
						 a.aggmfinalfn, a.aggfinalextra, a.aggmfinalextra, a.aggfinalmodify,
						 a.aggmfinalmodify, a.aggsortop::regoperator, a.aggtranstype::regtype,
						 a.aggtransspace, a.aggmtranstype::regtype, a.aggmtransspace,
						 a.agginitval, a.aggminitval)
		FROM pg_aggregate a JOIN member m ON m.classid = 'pg_proc'::regclass AND m.objid = a.aggfnoid}
	],
	[
		operators => qq{$members
		SELECT concat_ws(' ', o.oid::regoperator, o.oprkind, o.oprresult::regtype,
						 o.oprcode::regprocedure, 'commutator', o.oprcom::regoperator,
						 'negator', o.oprnegate::regoperator, 'restrict', o.oprrest::regprocedure,
						 'join', o.oprjoin::regprocedure, 'merges', o.oprcanmerge,
						 'hashes', o.oprcanhash, pg_get_userbyid(o.oprowner))
		FROM pg_operator o JOIN member m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid}
	],
	[
		operator_families => qq{$members
		SELECT concat_ws(' ', am.amname, f.opfname, f.opfnamespace::regnamespace,
						 pg_get_userbyid(f.opfowner))
		FROM pg_opfamily f JOIN pg_am am ON am.oid = f.opfmethod
		JOIN member m ON m.classid = 'pg_opfamily'::regclass AND m.objid = f.oid}
	],
	[
		operator_classes => qq{$members
		SELECT concat_ws(' ', am.amname, c.opcname, c.opcnamespace::regnamespace,
						 'family', f.opfname, 'for', c.opcintype::regtype, 'default', c.opcdefault,
						 'storage', c.opckeytype::regtype, pg_get_userbyid(c.opcowner))
		FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
		JOIN pg_opfamily f ON f.oid = c.opcfamily
		JOIN member m ON m.classid = 'pg_opclass'::regclass AND m.objid = c.oid}
	],
	[
		operator_family_operators => qq{$members
		SELECT concat_ws(' ', am.amname, f.opfname, o.amoplefttype::regtype,
						 o.amoprighttype::regtype, 'strategy', o.amopstrategy,
						 'purpose', o.amoppurpose, o.amopopr::regoperator,
						 'sort family', o.amopsortfamily)
		FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily
		JOIN pg_am am ON am.oid = o.amopmethod
		JOIN member m ON m.classid = 'pg_opfamily'::regclass AND m.objid = f.oid}
	],
	[
		operator_family_functions => qq{$members
		SELECT concat_ws(' ', am.amname, f.opfname, p.amproclefttype::regtype,
						 p.amprocrighttype::regtype, 'support', p.amprocnum,
						 p.amproc::regprocedure)
		FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
		JOIN pg_am am ON am.oid = f.opfmethod
		JOIN member m ON m.classid = 'pg_opfamily'::regclass AND m.objid = f.oid}
	],
	[
		casts => qq{$members
		SELECT concat_ws(' ', c.castsource::regtype, '->', c.casttarget::regtype,
						 'function', c.castfunc::regprocedure, 'context', c.castcontext,
						 'method', c.castmethod)
		FROM pg_cast c JOIN member m ON m.classid = 'pg_cast'::regclass AND m.objid = c.oid}
	],
	[
		types => qq{$members
		SELECT concat_ws(' ', t.oid::regtype, t.typnamespace::regnamespace, t.typlen, t.typbyval,
						 t.typtype, t.typcategory, t.typispreferred, t.typisdefined, t.typdelim,
						 t.typsubscript, t.typelem::regtype, t.typarray::regtype,
						 t.typinput::regprocedure, t.typoutput::regprocedure,
						 t.typreceive::regprocedure, t.typsend::regprocedure, t.typmodin,
						 t.typmodout, t.typanalyze, t.typalign, t.typstorage, t.typnotnull,
						 t.typbasetype, t.typtypmod, t.typndims, t.typcollation, t.typdefault,
						 pg_get_userbyid(t.typowner), t.typacl)
		FROM pg_type t
		WHERE t.oid IN (SELECT objid FROM member WHERE classid = 'pg_type'::regclass)
		   OR t.typelem IN (SELECT objid FROM member WHERE classid = 'pg_type'::regclass)}
	],
	[
		# every comment on an object made after initdb: the databases hold
		# nothing else with a comment
		comments => q{
		SELECT pg_describe_object(d.classoid, d.objoid, d.objsubid) || ': ' || d.description
		FROM pg_description d WHERE d.objoid >= 16384}
	],
	[
		dependencies => qq{$members,
		object AS (
			SELECT classid, objid FROM member
			UNION ALL
			SELECT 'pg_amop'::regclass, o.oid FROM pg_amop o JOIN member m
				ON m.classid = 'pg_opfamily'::regclass AND m.objid = o.amopfamily
			UNION ALL
			SELECT 'pg_amproc'::regclass, p.oid FROM pg_amproc p JOIN member m
				ON m.classid = 'pg_opfamily'::regclass AND m.objid = p.amprocfamily
		)
		SELECT pg_describe_object(d.classid, d.objid, d.objsubid) || ' -> '
			   || pg_describe_object(d.refclassid, d.refobjid, d.refobjsubid) || ' ' || d.deptype::text
		FROM pg_depend d JOIN object o ON o.classid = d.classid AND o.objid = d.objid}
	],);

# The catalog of idgen in database $db of $node as text, section by section
sub extension_catalog
{
	my ($node, $db) = @_;
	my %text;
	for my $c (@catalog)
	{
		my ($name, $query) = @$c;
		$text{$name} = $node->safe_psql($db, "SELECT line FROM ($query) s(line) ORDER BY 1");
	}
	$text{'\dx+ idgen'} = $node->safe_psql($db, '\dx+ idgen');
	return \%text;
}

# One test per section of two catalogs, each named by the format $label
# with the section's name for its %s; a difference shows as a unified diff
sub same_catalog
{
	my ($got, $want, $label) = @_;
	for my $section ((map { $_->[0] } @catalog), '\dx+ idgen')
	{
		next if is($got->{$section} eq $want->{$section} ? 'same' : 'different',
			'same', sprintf($label, $section));
		my $dir = PostgreSQL::Test::Utils::tempdir();
		PostgreSQL::Test::Utils::append_to_file("$dir/want", "$want->{$section}\n");
		PostgreSQL::Test::Utils::append_to_file("$dir/got", "$got->{$section}\n");
		diag(scalar `diff -u '$dir/want' '$dir/got'`);
	}
	return;
}

# Set idgen.* settings server-wide (ALTER SYSTEM and a reload) and wait
# until a new session sees them.  ALTER SYSTEM knows the idgen.* settings
# once the library is loaded in the session, hence LOAD.
sub configure
{
	my ($node, %settings) = @_;
	$node->safe_psql('postgres',
		"LOAD 'idgen';\n"
		  . join('', map { "ALTER SYSTEM SET idgen.$_ = '$settings{$_}';\n" } sort keys %settings)
		  . "SELECT pg_reload_conf();");
	for my $name (keys %settings)
	{
		$node->poll_query_until('postgres',
			"SELECT current_setting('idgen.$name') = '$settings{$name}'")
		  or die "setting idgen.$name did not take effect";
	}
	return;
}

# Unset idgen.* settings server-wide (ALTER SYSTEM RESET and a reload), and
# wait until a new session sees their defaults
sub reset_settings
{
	my ($node, @names) = @_;
	$node->safe_psql('postgres',
		"LOAD 'idgen';\n"
		  . join('', map { "ALTER SYSTEM RESET idgen.$_;\n" } @names)
		  . "SELECT pg_reload_conf();");
	for my $name (@names)
	{
		$node->poll_query_until('postgres',
			"SELECT setting = boot_val FROM pg_settings WHERE name = 'idgen.$name'")
		  or die "setting idgen.$name was not reset";
	}
	return;
}

# The node fields a server derives, as src/node.c computes them from its
# system identifier, timeline and copy: [sno partition, siq shard, muid
# medallion, snowflake node].  Written again here, in Perl, so that a test
# can say which fields a cluster must derive before it generates anything.
my $two64 = Math::BigInt->new(2)->bpow(64);

# splitmix64's finaliser, modulo 2^64
sub _node_mix
{
	my ($z) = @_;
	$z = $z->copy;
	$z->bxor($z->copy->brsft(30))->bmul(Math::BigInt->from_hex('bf58476d1ce4e5b9'))->bmod($two64);
	$z->bxor($z->copy->brsft(27))->bmul(Math::BigInt->from_hex('94d049bb133111eb'))->bmod($two64);
	return $z->bxor($z->copy->brsft(31));
}

sub derived_fields
{
	my ($sysid, $timeline, $copy) = @_;
	my @fields;
	# each generator's width, salt (its name) and base, as in node.c
	for my $spec ([ 16, 0x736e6f, 0 ], [ 8, 0x736971, 0 ], [ 40, 0x6d756964, 2**40 ],
		[ 10, 0x736e6f77, 0 ])
	{
		my ($bits, $salt, $base) = @$spec;
		my $salted = Math::BigInt->new($salt)->badd(Math::BigInt->from_hex('9e3779b97f4a7c15'))
		  ->bmod($two64);
		my $hash = _node_mix(_node_mix(Math::BigInt->new($sysid))->bxor(_node_mix($salted)));
		my $field = $hash->badd($timeline)->badd($copy)
		  ->bmod(Math::BigInt->new(2)->bpow($bits))->badd($base);
		push @fields, $field->bstr;
	}
	return \@fields;
}

# The start of a refusal of a node field, as a pattern: the message, and
# the detail naming the server of the lineage that used the field, $origin
# (a node, or its data directory) on $timeline, up to where it differs in
# and out of recovery.  $field as the message shows it: "siq shard 7
# (domain hash 0)".
sub lineage_refusal
{
	my ($field, $origin, $timeline) = @_;
	my $host = (POSIX::uname())[1];    # what gethostname() gives the server
	my $dir = ref $origin ? $origin->data_dir : $origin;
	return qr/ERROR:  55000: cannot generate with \Q$field\E: another server of this data directory's lineage used it
DETAIL:  The server at host "\Q$host\E", directory "\Q$dir\E", timeline $timeline, used it, and its node record came with this data directory: /;
}

# Run each job, [node, SQL], in a session of its own on its node, all
# starting at the same moment (by the first node's clock: the servers of a
# test share one machine), and return when every one has finished.  Dies
# with the error if a job fails.
sub run_together
{
	my (@jobs) = @_;
	my $start = $jobs[0][0]->safe_psql('postgres', "SELECT clock_timestamp() + interval '4 s'");
	my @sessions;
	for my $job (@jobs)
	{
		my ($node, $sql) = @$job;
		my $s = $node->background_psql('postgres', on_error_stop => 0);
		$s->query_until(qr/started/,
			"\\echo started\nSELECT pg_sleep_until('$start');\n$sql\n");
		push @sessions, $s;
	}
	for my $s (@sessions)
	{
		$s->query_safe('SELECT 1');    # dies if the job wrote an error
		$s->quit;
	}
	return;
}

# Run a script in one session, going on after errors; return its stdout and
# stderr, where each error shows its SQLSTATE
sub run_script
{
	my ($node, $sql) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres', $sql,
		stdout => \$out, stderr => \$err, on_error_stop => 0,
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	return ($out, $err);
}

# Kill a backend with SIGKILL: the postmaster reinitialises shared memory,
# as after any crash.  Returns whether its log shows this reinitialisation,
# once the server takes connections again.  The server takes connections
# until the postmaster has seen the backend die, so a connection alone
# does not show that the crash is over: the log must show it first.
sub crash_backend
{
	my ($node) = @_;
	my $offset = -s $node->logfile;
	my $victim = $node->background_psql('postgres');
	my $victim_pid = $victim->query_safe('SELECT pg_backend_pid()');
	kill 'KILL', $victim_pid;
	$victim->quit;
	my $deadline = Time::HiRes::time() + $PostgreSQL::Test::Utils::timeout_default;

	# Until recovery is over, a connection is refused; poll_query_until()'s
	# psql then exits before reading its query, and the broken pipe kills
	# the test: wait for the log to say the server is ready first
	for my $line ('all server processes terminated; reinitializing',
		'database system is ready to accept connections')
	{
		until ($node->log_contains($line, $offset))
		{
			return 0 if Time::HiRes::time() > $deadline;
			Time::HiRes::usleep(20_000);
		}
	}
	$node->poll_query_until('postgres', 'SELECT 1', '1')
	  or die 'the server did not come back after the crash';
	return 1;
}

# Insert gen_sno() values into table ids (id sno, phase integer) for the
# given seconds, about one a millisecond: values in every 4 ms unit of that
# stretch of time
sub sno_for
{
	my ($node, $seconds, $phase) = @_;
	$node->safe_psql('postgres', qq{
		DO \$\$
		DECLARE
			stop timestamptz := clock_timestamp() + interval '$seconds s';
		BEGIN
			WHILE clock_timestamp() < stop LOOP
				INSERT INTO ids SELECT gen_sno(), $phase;
				PERFORM pg_sleep(0.001);
			END LOOP;
		END
		\$\$;
	});
	return;
}

# Three sessions insert 150,000 rows each at the same time into table t
# (id with the generator as its default, pid integer, n bigserial): a
# duplicate would violate the primary key and fail a session.  Checks that
# all the values are there, distinct, and increasing in each session.
sub three_sessions_insert
{
	my ($node, $label) = @_;
	$node->pgbench(
		'--no-vacuum --client=3 --jobs=3 --transactions=1',
		0,
		[qr{processed: 3/3}],
		[qr{^$}],
		"$label: three concurrent sessions insert without a duplicate",
		{
			'three_sessions_insert' =>
			  'INSERT INTO t (pid) SELECT pg_backend_pid() FROM generate_series(1, 150000);'
		});
	is( $node->safe_psql('postgres',
			'SELECT count(*), count(DISTINCT id), count(DISTINCT pid) FROM t'),
		'450000|450000|3', "$label: 450,000 distinct values from three sessions");
	is( $node->safe_psql('postgres',
			'SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY pid ORDER BY n) AS down FROM t) s WHERE down'),
		'0', "$label: each session's values strictly increase");
	return;
}

# A long statement under the server scope while the scope changes back.
# Session A calls the server-wide generator gen (of type T) first; B starts
# a long INSERT into handover_b, which keeps the server scope until it ends
# (a reload is seen between statements); then A, under the backend scope,
# inserts into handover_a.  Checks that the two statements overlapped; the
# caller checks what the two tables must not share.  (generate_series in
# the select list streams its rows: in FROM it would first store them all.)
sub scope_handover
{
	my ($node, $label, $type, $gen, $b_rows) = @_;
	$node->safe_psql('postgres',
		"CREATE TABLE handover_a (id $type); CREATE TABLE handover_b (id $type);");
	configure($node, monotonic => 'server');
	my $a = $node->background_psql('postgres');
	my $b = $node->background_psql('postgres');
	$a->query_safe("SELECT $gen");
	$b->query_until(qr/started/,
		"\\echo started\nINSERT INTO handover_b SELECT $gen FROM (SELECT generate_series(1, $b_rows)) s;\n");
	$node->poll_query_until('postgres', q{
		SELECT count(*) = 1 FROM pg_stat_activity
		WHERE state = 'active' AND query LIKE 'INSERT INTO handover_b %'})
	  or die "B's INSERT did not start";
	$node->safe_psql('postgres',
		"LOAD 'idgen'; ALTER SYSTEM SET idgen.monotonic = 'backend'; SELECT pg_reload_conf();");
	# A sees the reload at its next statement
	for (1 .. 100)
	{
		last if $a->query_safe("SELECT current_setting('idgen.monotonic')") eq 'backend';
		Time::HiRes::usleep(50_000);
	}
	# B is running, but may not have made its first value yet: A starts a
	# little later (B runs for seconds; the check below says if they met)
	$a->query_safe('SELECT pg_sleep(0.2)');
	$a->query_safe("INSERT INTO handover_a SELECT $gen FROM (SELECT generate_series(1, 300000)) s");
	$b->query_safe('SELECT 1');    # B's INSERT has ended
	$a->quit;
	$b->quit;
	is( $node->safe_psql('postgres', qq{
			SELECT (SELECT min(id) FROM handover_b) < (SELECT min(id) FROM handover_a)
			   AND (SELECT max(${type}_extract_timestamp(id)) FROM handover_b)
			     > (SELECT max(${type}_extract_timestamp(id)) FROM handover_a)}),
		't', "$label: B's statement ran under the server scope all through A's");
	return;
}

# CRC-32C (Castagnoli) as pg_crc32c computes it, for the checksums of the
# state files idgen keeps in the data directory
sub crc32c
{
	my ($data) = @_;
	my $crc = 0xFFFFFFFF;
	for my $byte (unpack 'C*', $data)
	{
		$crc ^= $byte;
		for (1 .. 8)
		{
			$crc = ($crc & 1) ? (($crc >> 1) ^ 0x82F63B78) : ($crc >> 1);
		}
	}
	return $crc ^ 0xFFFFFFFF;
}

# A file's bytes, and a file written with bytes
sub read_bytes
{
	my ($path) = @_;
	open my $fh, '<:raw', $path or die "could not open $path: $!";
	local $/;
	my $data = <$fh>;
	close $fh;
	return $data;
}

sub write_bytes
{
	my ($path, $data) = @_;
	open my $fh, '>:raw', $path or die "could not open $path: $!";
	print $fh $data or die "could not write $path: $!";
	close $fh or die "could not close $path: $!";
	return;
}

1;
