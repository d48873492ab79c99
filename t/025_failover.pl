
# Failover with derived node fields, and split brain.  t/004 shows that a
# standby of a preloaded server refuses gen_sno(), gen_siq(), gen_muid() and
# gen_snowflake() while their fields are derived, and that node settings lift the refusal;
# t/013 that a promoted standby derives its origin's fields plus one.  Here:
#
#  - a standby without idgen preloaded (its state attached at first use,
#    in recovery) refuses the same four with the whole error, message,
#    detail and hint; wiji and ulid, whose node bits are random, generate
#    there, and idgen_stats() says which is which;
#  - a session opened on the standby before its promotion generates in the
#    same session after it, with the fields of the new timeline;
#  - split brain: the old primary goes on generating every type, one
#    transaction at a time, through the promotion and all the while the
#    promoted standby generates every type too; no value of any type is
#    common to the two servers, counting every value the old primary ever
#    made, those the standby replayed included.  Values of the two made
#    in the same tick with the same node fields would meet (sno's and
#    siq's sequences start again at each tick): what keeps them apart is
#    the timeline in the derived fields, which the last checks show;
#  - node settings travel with pg_basebackup (postgresql.auto.conf), so
#    a standby made with -R starts with its primary's.  In recovery it
#    refuses the four generators with 55000, naming the setting, until
#    ALTER SYSTEM on the standby gives it settings of its own; then both
#    make 20,000 values of each type at the same time, none in common;
#  - a planned switchover with copied settings: the old primary stopped,
#    the promoted standby refuses (also after a restart) until the
#    operator confirms the settings with idgen.node_confirm and the code
#    the refusal gives; its first value waits out the window the old
#    primary may have run ahead of the clock, and none of its 20,000 is
#    one of the 20,000 the old primary made last;
#  - split brain with copied settings: a standby of that server is
#    promoted while it goes on generating.  It refuses while both run at
#    the same time (the confirmation it copied names the other server and
#    confirms nothing here), and with settings of its own the two make
#    20,000 values each at the same time, none in common;
#  - the README's recipe: settings of its own added to the standby's
#    postgresql.auto.conf before it starts, which never meets a refusal.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;
use POSIX ();

my %field = (
	sno => 'sno_extract_partition(id)',
	siq => 'siq_extract_shard(id)',
	muid => 'muid_extract_medallion(id)',
	snowflake => 'snowflake_extract_node(id)');

# The types, and snowflake ids, which are bigint values
my @ALL = (@TYPES, 'snowflake');
my %GEN = (%IdgenTest::GEN, snowflake => 'gen_snowflake()');
my %SQL_TYPE = ((map { $_ => $_ } @TYPES), snowflake => 'bigint');
my $PROMOTED_ROWS = 5000;    # rows of each type the promoted standby makes

my $primary = idgen_node('failover_primary',
	init => { allows_streaming => 1 },
	preload => 1,
	sql => 'CREATE TABLE stop ();'
	  . join('', map {
		"CREATE TABLE v_$_ (id $SQL_TYPE{$_} PRIMARY KEY, server text NOT NULL,
		                    made timestamptz NOT NULL DEFAULT clock_timestamp());
		 INSERT INTO v_$_ (id, server) SELECT $GEN{$_}, 'primary' FROM generate_series(1, 1000);"
	  } @ALL));
my $sysid = $primary->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
my ($f1, $f2) = (derived_fields($sysid, 1, 0), derived_fields($sysid, 2, 0));

$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('failover_standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->append_conf('postgresql.conf', "shared_preload_libraries = ''");
$standby->start;
$primary->wait_for_catchup($standby);
is($standby->safe_psql('postgres', 'SELECT pg_is_in_recovery(), current_setting(\'shared_preload_libraries\')'),
	't|', 'the standby is in recovery, without idgen preloaded');

# The refusal, whole, from each generator whose node fields are derived
my %setting = (sno => 'idgen.sno_partition', siq => 'idgen.siq_shard', muid => 'idgen.muid_medallion',
	snowflake => 'idgen.snowflake_node');
for my $type ('sno', 'siq', 'muid', 'snowflake')
{
	my ($out, $err) = run_script($standby, "SELECT $GEN{$type};");
	like( $err,
		qr/^psql:<stdin>:1: ERROR:  55000: cannot derive the node of a generator on a server in recovery
DETAIL:  A server in recovery shares its system identifier with the server it copies\.
HINT:  Set "\Q$setting{$type}\E" for this server in postgresql\.conf or with ALTER SYSTEM, then reload\.
/, "standby: $GEN{$type} refuses with 55000, the detail, and a hint to set $setting{$type}");
	is($out, '', "standby: $GEN{$type} returns nothing");
}
is( $standby->safe_psql('postgres', q{
		SELECT count(DISTINCT w), count(DISTINCT u)
		FROM (SELECT gen_wiji() AS w, gen_ulid() AS u FROM generate_series(1, 1000)) s}),
	'1000|1000', 'standby: gen_wiji() and gen_ulid() generate, with their random node bits');
is( $standby->safe_psql('postgres',
		"SELECT string_agg(generator || ': ' || node_source, ', ' ORDER BY generator) FROM idgen_stats()"),
	"muid: derived from system identifier $sysid, refused in recovery, "
	  . "siq: derived from system identifier $sysid, refused in recovery, "
	  . "sno: derived from system identifier $sysid, refused in recovery, "
	  . "snowflake: derived from system identifier $sysid, refused in recovery, "
	  . 'ulid: random, uuidv7: random, wiji: random',
	'standby: idgen_stats() shows the four refusals and the three random nodes');

# A session of the standby, refused before the promotion
my $early = $standby->background_psql('postgres', on_error_stop => 0);
$early->query("SELECT gen_siq('user'), gen_sno(), gen_muid(), gen_snowflake()");
like($early->{stderr}, qr/ERROR:  cannot derive the node of a generator on a server in recovery/,
	'a session of the standby: refused before the promotion');
$early->{stderr} = '';    # BackgroundPsql keeps stderr until it is cleared

# The old primary generates one row of each type per transaction until it
# is told to stop, through the promotion and after it
my $loop = $primary->background_psql('postgres', on_error_stop => 0);
$loop->query_until(qr/started/, "\\echo started\n" . q{
	DO $$
	DECLARE
		deadline timestamptz := clock_timestamp() + interval '150 s';
	BEGIN
		WHILE NOT EXISTS (SELECT FROM stop) LOOP
			IF clock_timestamp() > deadline THEN
				RAISE EXCEPTION 'the primary was never told to stop';
			END IF;
}
	  . join('', map { "INSERT INTO v_$_ (id, server) VALUES ($GEN{$_}, 'primary');\n" } @ALL) . q{
			COMMIT;
		END LOOP;
	END
	$$;
});
$primary->poll_query_until('postgres', 'SELECT count(*) > 2000 FROM v_muid')
  or die 'the primary does not generate';

$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';

is( $early->query_safe(q{
		SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
		       muid_extract_medallion(gen_muid()), snowflake_extract_node(gen_snowflake())}),
	join('|', @$f2),
	'the same session, after the promotion: it generates, with the fields of timeline 2');
$early->quit;

# The promoted standby generates while the old primary still does
$standby->safe_psql('postgres', qq{
	DO \$\$
	BEGIN
		FOR i IN 1..$PROMOTED_ROWS LOOP
}
	  . join('', map { "INSERT INTO v_$_ (id, server) VALUES ($GEN{$_}, 'promoted');\n" } @ALL) . q{
			COMMIT;
		END LOOP;
	END
	$$;
});
$primary->safe_psql('postgres', 'INSERT INTO stop DEFAULT VALUES');
$loop->query_safe('SELECT 1');    # dies if the loop failed
$loop->quit;

for my $type (@ALL)
{
	# Both generated at the same time: the old primary went on during the
	# promoted standby's run (a few seconds) and after it
	my ($first, $last) = split /\|/, $standby->safe_psql('postgres',
		"SELECT min(made), max(made) FROM v_$type WHERE server = 'promoted'");
	is( $primary->safe_psql('postgres', qq{
			SELECT count(*) FILTER (WHERE made BETWEEN '$first' AND '$last') > 100,
			       count(*) FILTER (WHERE made > '$last') > 0
			FROM v_$type}),
		't|t', "$type: the old primary generated during the promoted standby's run and after it");

	# Every value the old primary made, against those the promoted made
	my %seen;
	$seen{$_}++ for split /\n/, $primary->safe_psql('postgres', "SELECT id FROM v_$type");
	my @promoted = split /\n/,
	  $standby->safe_psql('postgres', "SELECT id FROM v_$type WHERE server = 'promoted'");
	is(scalar(@promoted), $PROMOTED_ROWS, "$type: the promoted standby made $PROMOTED_ROWS values");
	note "$type: the old primary made " . scalar(keys %seen) . ' values';
	is(scalar(grep { $seen{$_} } @promoted), 0,
		"$type: no value of the promoted standby is one the old primary made");

	next unless $field{$type};
	# Why: their node fields, the old timeline's and the new one's
	my $k = { sno => 0, siq => 1, muid => 2, snowflake => 3 }->{$type};
	is( $primary->safe_psql('postgres',
			"SELECT string_agg(DISTINCT $field{$type}::text, ',') FROM v_$type"),
		$f1->[$k], "$type: the old primary's values all carry its field of timeline 1");
	is( $standby->safe_psql('postgres',
			"SELECT string_agg(DISTINCT $field{$type}::text, ',') FROM v_$type WHERE server = 'promoted'"),
		$f2->[$k], "$type: the promoted standby's all carry the field of timeline 2");
}
$standby->stop;
$primary->stop;

# Node settings that came with a copy of the data directory

my $HOST = (POSIX::uname())[1];    # what gethostname() gives the server
my $N = 20000;                     # values of each type per server and run
my @NODE_TYPES = qw(sno siq muid snowflake);
my %SETTING = (sno => 'idgen.sno_partition', siq => 'idgen.siq_shard', muid => 'idgen.muid_medallion',
	snowflake => 'idgen.snowflake_node');

# Each job's server makes $N values of each node type, starting at one
# moment, into the file of dir named after the job: statements of 20
# values of one type in turn (each a transaction: a muid bundle), as rows
# "type|value".  Returns each job's stderr.
my $STATEMENTS = $N / 20;

sub generate_together
{
	my ($dir, @jobs) = @_;
	my $start = $jobs[0][0]->safe_psql('postgres', "SELECT clock_timestamp() + interval '4 s'");
	my (@sessions, %err);
	PostgreSQL::Test::Utils::append_to_file("$dir/generate.sql",
		join('', map { "SELECT '$_', $GEN{$_} FROM generate_series(1, 20);\n" } @NODE_TYPES)
		  x $STATEMENTS)
	  unless -e "$dir/generate.sql";
	for my $job (@jobs)
	{
		my ($node, $tag) = @$job;
		my $s = $node->background_psql('postgres', on_error_stop => 0);
		$s->query_until(qr/started/,
			"\\echo started\nSELECT pg_sleep_until('$start');\n"
			  . "\\o $dir/$tag\n\\i $dir/generate.sql\n\\o\n");
		push @sessions, $s;
	}
	for my $i (0 .. $#jobs)
	{
		$sessions[$i]->query('SELECT 1');
		$err{ $jobs[$i][1] } = $sessions[$i]->{stderr};
		$sessions[$i]->quit;
	}
	return \%err;
}

# On a server that can write: the values of one type in two files, and
# what they hold: counts, values in common, whether their times overlap or
# a's all come before b's, and each one's node fields
sub compare_sets
{
	my ($node, $dir, $a, $b, $type) = @_;
	my $ts = "${type}_extract_timestamp(id)";
	return $node->safe_psql('postgres', qq{
CREATE TEMP TABLE ra (type text, id text);
CREATE TEMP TABLE rb (type text, id text);
\\copy ra FROM '$dir/$a' (FORMAT csv, DELIMITER '|')
\\copy rb FROM '$dir/$b' (FORMAT csv, DELIMITER '|')
CREATE TEMP TABLE a AS SELECT id::$SQL_TYPE{$type} AS id FROM ra WHERE type = '$type';
CREATE TEMP TABLE b AS SELECT id::$SQL_TYPE{$type} AS id FROM rb WHERE type = '$type';
SELECT (SELECT count(DISTINCT id) FROM a), (SELECT count(DISTINCT id) FROM b),
       (SELECT count(*) FROM a JOIN b USING (id)),
       (SELECT min($ts) FROM a) <= (SELECT max($ts) FROM b)
         AND (SELECT min($ts) FROM b) <= (SELECT max($ts) FROM a),
       (SELECT max($ts) FROM a) < (SELECT min($ts) FROM b),
       (SELECT string_agg(DISTINCT $field{$type}::text, ',') FROM a),
       (SELECT string_agg(DISTINCT $field{$type}::text, ',') FROM b);});
}

# The refusal of a generator whose setting meets a field that another
# server of the lineage, $origin on $timeline, used, whole: in recovery it
# names that server; out of it, it gives the code that confirms the
# setting, which is returned
my %FIELD = (
	sno => sub { "sno partition $_[0] (sequence 0 to 65535)" },
	siq => sub { "siq shard $_[0] (domain hash 0)" },
	muid => sub { "muid medallion $_[0]" },
	snowflake => sub { "snowflake node $_[0]" });

sub refusal_in_recovery
{
	my ($node, $type, $value, $origin, $timeline, $what) = @_;
	my ($out, $err) = run_script($node, "SELECT $GEN{$type};");
	like( $err,
		qr/^psql:<stdin>:1: ${\ lineage_refusal($FIELD{$type}->($value), $origin, $timeline) }in recovery, this server would make that server's values\.
HINT:  Give this server its own "\Q$SETTING{$type}\E", one no server of its lineage used, in postgresql\.conf or with ALTER SYSTEM, then reload\.
LOCATION:  /, "$what: $GEN{$type} refuses with 55000, naming the field and where it was used");
	is($out, '', "$what: $GEN{$type} returns nothing");
	return;
}

sub refusal_promoted
{
	my ($node, $type, $value, $origin, $timeline, $what) = @_;
	my ($out, $err) = run_script($node, "SELECT $GEN{$type};");
	my ($code) = $err =~ /idgen\.node_confirm = '([0-9a-f]{16})'/;
	$code //= 'none';
	like( $err,
		qr/^psql:<stdin>:1: ${\ lineage_refusal($FIELD{$type}->($value), $origin, $timeline) }that server may still be making values with it\.
HINT:  Give this server its own "\Q$SETTING{$type}\E" and reload, or unset it to derive one; or, once that server has stopped for good, confirm with ALTER SYSTEM SET idgen\.node_confirm = '$code' and reload\.
LOCATION:  /, "$what: $GEN{$type} refuses with 55000, naming the field, with the code that confirms it");
	is($out, '', "$what: $GEN{$type} returns nothing");
	return $code;
}

# What idgen_stats() says of the four node generators
sub node_sources
{
	my ($node) = @_;
	return $node->safe_psql('postgres',
		"SELECT string_agg(generator || ': ' || node_source, ', ' ORDER BY generator)
		 FROM idgen_stats() WHERE generator IN ('sno', 'siq', 'muid', 'snowflake')");
}
sub refused { "setting, refused: used at host \"$HOST\", timeline $_[0]" }
my $REFUSED = refused(1);

# A primary with node settings set by ALTER SYSTEM, as the README says to
my $p2 = idgen_node('settings_primary', init => { allows_streaming => 1 }, preload => 1);
configure($p2, sno_partition => 1, siq_shard => 7, muid_medallion => 4242, snowflake_node => 1001);

# A standby made with pg_basebackup -R right after the reload, before the
# primary has made a value with the settings: it starts with them, and the
# record the postmaster wrote at the reload holds them
$p2->backup('settings', backup_options => ['--write-recovery-conf']);
is( $p2->safe_psql('postgres', q{
		SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
		       muid_extract_medallion(gen_muid()), snowflake_extract_node(gen_snowflake())}),
	'1|7|4242|1001', 'the primary generates with its settings');
my $s2 = PostgreSQL::Test::Cluster->new('settings_standby');
$s2->init_from_backup($p2, 'settings');
$s2->start;
is( $s2->safe_psql('postgres', q{
		SELECT pg_is_in_recovery(), current_setting('idgen.sno_partition'),
		       current_setting('idgen.siq_shard'), current_setting('idgen.muid_medallion'),
		       current_setting('idgen.snowflake_node')}),
	't|1|7|4242|1001', 'the standby made with -R is in recovery, with its primary\'s node settings');
refusal_in_recovery($s2, 'sno', 1, $p2, 1, 'standby with copied settings');
refusal_in_recovery($s2, 'siq', 7, $p2, 1, 'standby with copied settings');
refusal_in_recovery($s2, 'muid', 4242, $p2, 1, 'standby with copied settings');
refusal_in_recovery($s2, 'snowflake', 1001, $p2, 1, 'standby with copied settings');
is(node_sources($s2), "muid: $REFUSED, siq: $REFUSED, sno: $REFUSED, snowflake: $REFUSED",
	'standby with copied settings: idgen_stats() shows the four refused');

# ALTER SYSTEM on the standby, in recovery: settings of its own.  Both
# servers then make 20,000 values of each type at the same time.
configure($s2, sno_partition => 2, siq_shard => 8, muid_medallion => 4243, snowflake_node => 1002);
is( $s2->safe_psql('postgres', q{
		SELECT pg_is_in_recovery(), sno_extract_partition(gen_sno()),
		       siq_extract_shard(gen_siq('user')), muid_extract_medallion(gen_muid()),
		       snowflake_extract_node(gen_snowflake())}),
	't|2|8|4243|1002', 'with settings of its own the standby generates, in recovery');
is(node_sources($s2), 'muid: setting, siq: setting, sno: setting, snowflake: setting',
	'... and idgen_stats() shows the settings');
my $dir = PostgreSQL::Test::Utils::tempdir();
my $err = generate_together($dir, [ $p2, 'primary' ], [ $s2, 'standby' ]);
is($err->{primary} . $err->{standby}, '', 'both made their values without an error');
my %own = (sno => '1|2', siq => '7|8', muid => '4242|4243', snowflake => '1001|1002');
for my $type (@NODE_TYPES)
{
	is(compare_sets($p2, $dir, 'primary', 'standby', $type), "$N|$N|0|t|f|$own{$type}",
		"$type: $N values each from the primary and its standby, made at the same time, none in common");
}
$s2->stop;

# A planned switchover with copied settings: the old primary makes its
# last values and stops, its standby is promoted
$p2->backup('switchover');
my $s3 = PostgreSQL::Test::Cluster->new('settings_switchover');
$s3->init_from_backup($p2, 'switchover', has_streaming => 1);
$s3->start;
$p2->wait_for_catchup($s3);

# A session of the standby open across its promotion: refused in recovery,
# judged again once recovery ends
my $held = $s3->background_psql('postgres', on_error_stop => 0);
$held->query("SELECT gen_siq('user')");
like($held->{stderr}, qr/in recovery, this server would make that server's values\.\nHINT:  Give this server its own "idgen\.siq_shard", one no server of its lineage used/,
	'a session of the standby: refused in recovery, with no confirmation code');
$held->{stderr} = '';    # BackgroundPsql keeps stderr until it is cleared

$err = generate_together($dir, [ $p2, 'old' ]);
is($err->{old}, '', 'the old primary made its last values');
$p2->stop;
$s3->promote;
$s3->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';
my %value = (sno => 1, siq => 7, muid => 4242, snowflake => 1001);
my %code;
$code{$_} = refusal_promoted($s3, $_, $value{$_}, $p2, 1, 'promoted with copied settings') for @NODE_TYPES;
like($code{sno}, qr/^[0-9a-f]{16}$/, 'the code is 16 hex digits');
is("$code{siq} $code{muid} $code{snowflake}", "$code{sno} $code{sno} $code{sno}",
	'the four refusals give the same code');
is(node_sources($s3), "muid: $REFUSED, siq: $REFUSED, sno: $REFUSED, snowflake: $REFUSED",
	'promoted with copied settings: idgen_stats() shows the four refused');
$held->query("SELECT gen_siq('user')");
like($held->{stderr}, qr/that server may still be making values with it\.\nHINT:  .*idgen\.node_confirm = '$code{sno}'/,
	'the session open across the promotion: judged again, refused with the code that confirms');
$held->quit;

# The refusal is on disk: a restart does not lift it
$s3->restart;
is(refusal_promoted($s3, 'siq', 7, $p2, 1, 'restarted'), $code{sno}, 'after a restart: the same refusal, the same code');

# Another code confirms nothing
configure($s3, node_confirm => '0123456789abcdef');
refusal_promoted($s3, 'sno', 1, $p2, 1, 'with another code');

# Only a superuser confirms: the setting is read from the configuration
# files, which ALTER SYSTEM writes; a session cannot set it
$s3->safe_psql('postgres', 'CREATE ROLE app LOGIN');
my (undef, $role_err) = run_script($s3, qq{SET ROLE app;
ALTER SYSTEM SET idgen.node_confirm = '$code{sno}';
SET idgen.node_confirm = '$code{sno}';});
is( join("\n", $role_err =~ /ERROR:  (.*)$/mg),
	"42501: permission denied to set parameter \"idgen.node_confirm\"\n"
	  . "55P02: parameter \"idgen.node_confirm\" cannot be changed now",
	'a role that is not a superuser can neither ALTER SYSTEM nor SET the confirmation');
refusal_promoted($s3, 'sno', 1, $p2, 1, 'after the attempts');

# The operator confirms: the first value waits out the old primary's window
configure($s3, node_confirm => $code{sno});
is( $s3->safe_psql('postgres', q{
		SELECT sno_extract_partition(gen_sno()), clock_timestamp() - statement_timestamp() >= interval '1.15 s'}),
	'1|t', 'confirmed: it generates with the copied partition, once 1.2 s have passed');
like(slurp_file($s3->logfile),
	qr/LOG:  node fields that another server of this data directory's lineage used are confirmed as this server's own/,
	'the confirmation is logged');
is(node_sources($s3), 'muid: setting, siq: setting, sno: setting, snowflake: setting',
	'... and idgen_stats() shows the settings in force');
$err = generate_together($dir, [ $s3, 'new' ]);
is($err->{new}, '', 'the promoted standby made its values');
for my $type (@NODE_TYPES)
{
	my $v = $value{$type};
	is(compare_sets($s3, $dir, 'old', 'new', $type), "$N|$N|0|f|t|$v|$v",
		"$type: $N values of the old primary, then $N of the promoted one with the same setting: none in common, all later");
}
$s3->restart;
is($s3->safe_psql('postgres', "SELECT siq_extract_shard(gen_siq('user'))"), '7',
	'the confirmation is on disk: after a restart it generates at once');

# Split brain with copied settings: a standby of that server is promoted
# while the server goes on generating.  Its configuration holds the
# confirmation of the server it copies.
$s3->backup('split');
my $s4 = PostgreSQL::Test::Cluster->new('settings_split');
$s4->init_from_backup($s3, 'split', has_streaming => 1);
$s4->start;
$s3->wait_for_catchup($s4);
refusal_in_recovery($s4, 'muid', 4242, $s3, 2, 'a standby of the promoted server');
my $origin_loop = $s3->background_psql('postgres', on_error_stop => 0);
$origin_loop->query_until(qr/started/, "\\echo started\n" . q{
	CREATE TABLE split_stop ();
	DO $$
	DECLARE
		deadline timestamptz := clock_timestamp() + interval '150 s';
	BEGIN
		WHILE NOT EXISTS (SELECT FROM split_stop) LOOP
			IF clock_timestamp() > deadline THEN
				RAISE EXCEPTION 'the origin was never told to stop';
			END IF;
			PERFORM gen_sno(), gen_siq('user'), gen_muid(), gen_snowflake();
			COMMIT;
		END LOOP;
	END
	$$;
});
$s4->promote;
$s4->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';
is($s4->safe_psql('postgres', "SELECT current_setting('idgen.node_confirm')"), $code{sno},
	'split brain: the promoted standby has the confirmation of the server it copies');
my $split_code = refusal_promoted($s4, 'sno', 1, $s3, 2, 'split brain');
isnt($split_code, $code{sno}, '... which confirms nothing here: its own code differs');
refusal_promoted($s4, $_, $value{$_}, $s3, 2, 'split brain') for ('siq', 'muid', 'snowflake');

# Both at the same time: the origin makes its values, the promoted standby none
$err = generate_together($dir, [ $s3, 'origin1' ], [ $s4, 'split1' ]);
is($err->{origin1}, '', 'split brain: the origin generates');
my @errors = grep { /ERROR/ } split /\n/, $err->{split1};
my %error_kinds = map { s/^psql:[^:]*:\d+: //r => 1 } @errors;
is( join("\n", sort keys %error_kinds) . "\nx " . scalar(@errors),
	join("\n", sort map { "ERROR:  cannot generate with ${\ $FIELD{$_}->($value{$_}) }: another server of this data directory's lineage used it" } @NODE_TYPES)
	  . "\nx " . (4 * $STATEMENTS),
	'split brain: at the same time, the promoted standby refuses every statement of the four');
is(-s "$dir/split1", 0, '... and made no value');
for my $type (@NODE_TYPES)
{
	is(compare_sets($s3, $dir, 'origin1', 'split1', $type), "$N|0|0|||$value{$type}|",
		"split brain: $type: $N values of the origin, none of the promoted standby, none in common");
}

# Settings of its own: both make 20,000 values at the same time
configure($s4, sno_partition => 3, siq_shard => 9, muid_medallion => 4244, snowflake_node => 1003);
$err = generate_together($dir, [ $s3, 'origin2' ], [ $s4, 'split2' ]);
is($err->{origin2} . $err->{split2}, '', 'split brain, settings of its own: both generate');
%own = (sno => '1|3', siq => '7|9', muid => '4242|4244', snowflake => '1001|1003');
for my $type (@NODE_TYPES)
{
	is(compare_sets($s4, $dir, 'origin2', 'split2', $type), "$N|$N|0|t|f|$own{$type}",
		"split brain: $type: $N values each, made at the same time, none in common");
}
$s3->safe_psql('postgres', 'INSERT INTO split_stop DEFAULT VALUES');
$origin_loop->query_safe('SELECT 1');    # dies if the loop failed
$origin_loop->quit;
$s4->stop;

# The README's recipe, as written there: the standby's own settings added
# to the postgresql.auto.conf that pg_basebackup -R writes, before it
# starts.  Only the primary's address, the directory, and the port and log
# the test gives each server are put in.  It never refuses, in recovery or
# once promoted.
my $readme = slurp_file("$FindBin::RealBin/../README.md");
my ($recipe) = $readme =~ /\*\*The failover recipe that never meets a refusal:\*\*.*?\n```\n(.*?)```\n/s
  or die 'README.md: no failover recipe';
my %recipe_set = $recipe =~ /^idgen\.(\w+) = (\d+)$/mg;
is(join(',', sort keys %recipe_set), 'muid_medallion,siq_shard,sno_partition,snowflake_node',
	'the recipe sets all four node fields');
my $s5 = PostgreSQL::Test::Cluster->new('settings_recipe');
my $recipe_dir = $s5->data_dir;
$recipe =~ s{-h db1\b}{-h ${\ $s3->host } -p ${\ $s3->port }}g;
$recipe =~ s{/srv/pg/standby}{$recipe_dir}g;
$recipe =~ s{pg_ctl -D (\S+) start}{pg_ctl -D $1 -w -l ${\ $s5->logfile } -o '-p ${\ $s5->port }' start};
rmdir $recipe_dir;
system_or_bail('bash', '-e', '-c', $recipe);
$s5->_update_pid(1);
my $fields = q{SELECT pg_is_in_recovery(), sno_extract_partition(gen_sno()),
	siq_extract_shard(gen_siq('user')), muid_extract_medallion(gen_muid()),
	snowflake_extract_node(gen_snowflake())};
my $recipe_fields = join('|', @recipe_set{qw(sno_partition siq_shard muid_medallion snowflake_node)});
is($s5->safe_psql('postgres', $fields), "t|$recipe_fields", 'the recipe: the standby generates in recovery');
$s5->promote;
$s5->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';
is($s5->safe_psql('postgres', $fields), "f|$recipe_fields", '... and once promoted');

$s5->stop;
$s3->stop;

done_testing();
