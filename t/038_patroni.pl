
# idgen under Patroni: three members, elected through etcd, with the idgen
# settings where README's "With Patroni" puts them, through what Patroni
# does to a cluster over its life.  The test reads the README's patroni.yml
# parts and merges them into the configuration it writes for each member,
# so that the recipe runs as written.
#
#  A. derived node fields (no idgen node setting);
#  B. each member's own node settings in its own patroni.yml
#     (postgresql.parameters, local: the cluster-wide configuration in the
#     DCS does not override them);
#     in both, one after the other: the leader's postmaster killed (Patroni
#     brings it back through crash recovery and a promotion, on a new
#     timeline), a switchover (patronictl switchover), a member made anew
#     (patronictl reinit), a failover (the leader's Patroni and postmaster
#     killed: its machine gone), the old leader back through pg_rewind, and
#     a switchover to it.  A client writes rows with the four node
#     generators to whichever member leads, connecting anew after each
#     event: the leader generates after each one with no manual step, with
#     the node fields it must have, and no value ever repeats.  The
#     replicas refuse in recovery with derived fields (A) and generate with
#     their own settings (B);
#  C. the same node settings for every member in the cluster-wide (DCS)
#     configuration, the mistake the README warns of: the replicas refuse
#     the four generators, and after a failover the new leader refuses,
#     until given settings of its own in its patroni.yml (the way out for
#     good); after a second failover the last member refuses until
#     confirmed with the code its hint gives (the old leaders gone for
#     good), and then the settings leave the DCS, as the README says.
#

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;
use CPAN::Meta::YAML;
use Digest::SHA ();
use HTTP::Tiny;
use IPC::Run;
use JSON::PP;
use POSIX ();
use Time::HiRes ();

# A program on PATH
sub program
{
	my ($name) = @_;
	for my $dir (split /:/, $ENV{PATH} // '')
	{
		return "$dir/$name" if $dir ne '' && -x "$dir/$name";
	}
	return undef;
}
my ($patroni, $patronictl, $etcd) = map { program($_) } qw(patroni patronictl etcd);
plan skip_all => 'Patroni is not installed (Debian package patroni)' unless $patroni && $patronictl;
plan skip_all => 'etcd is not installed (Debian package etcd-server)' unless $etcd;

# The PostgreSQL under test: PG_CONFIG's, else the pg_config on PATH (make
# installcheck puts the installation's bindir first)
my $pg_config = $ENV{PG_CONFIG} || 'pg_config';
my $bindir = `"$pg_config" --bindir`;
die "could not run $pg_config --bindir" if $? or !defined $bindir;
chomp $bindir;

my $TIMEOUT = 90;    # the longest any wait below may take, in seconds
my $GENERATORS = q{gen_sno(), gen_siq('user'), gen_muid(), gen_snowflake()};
my $FIELDS = q{sno_extract_partition(sno), siq_extract_shard(siq), muid_extract_medallion(muid),
	snowflake_extract_node(snowflake)};
my @NODE_SETTINGS = qw(idgen.sno_partition idgen.siq_shard idgen.muid_medallion idgen.snowflake_node);
my %SETTING_OF = (
	'gen_sno()' => 'idgen.sno_partition',
	"gen_siq('user')" => 'idgen.siq_shard',
	'gen_muid()' => 'idgen.muid_medallion',
	'gen_snowflake()' => 'idgen.snowflake_node');

# --- The README's recipe ---------------------------------------------------

# The ```yaml blocks of README.md's "With Patroni", each parsed: the first
# is every member's (the cluster-wide part), each other one a member's own,
# named by its first line, "# patroni.yml of NAME"
sub readme_recipe
{
	open my $fh, '<', "$FindBin::RealBin/../README.md" or die "cannot read README.md: $!";
	my ($in, $block, @blocks) = (0, undef);
	while (my $line = <$fh>)
	{
		if (defined $block)
		{
			if ($line =~ /^```\s*$/)
			{
				push @blocks, $block;
				undef $block;
			}
			else
			{
				$block .= $line;
			}
		}
		elsif ($line =~ /^#+ /)
		{
			last if $in;
			$in = 1 if $line =~ /^#### With Patroni\s*$/;
		}
		elsif ($in && $line =~ /^```yaml\s*$/)
		{
			$block = '';
		}
	}
	close $fh;
	my ($cluster_wide, %own) = (shift @blocks);
	for my $text (@blocks)
	{
		$text =~ /\A# patroni\.yml of (\S+)\n/
		  or die "README: a yml part without '# patroni.yml of NAME': $text";
		$own{$1} = CPAN::Meta::YAML->read_string($text)->[0];
	}
	return (defined $cluster_wide ? CPAN::Meta::YAML->read_string($cluster_wide)->[0] : undef, %own);
}
my ($recipe_all, %recipe_own) = readme_recipe();

# The siq domain hash of the README's domain: SHA-256's last 4 bytes
my $DOMAIN_HASH = unpack('N',
	substr(Digest::SHA::sha256($recipe_all->{bootstrap}{dcs}{postgresql}{parameters}{'idgen.siq_domain'}), -4));
my @NAMES = sort keys %recipe_own;
ok(defined $recipe_all && @NAMES == 3,
	"README's With Patroni: a cluster-wide yml part and the parts of three members (@NAMES)");
is( $recipe_all->{bootstrap}{dcs}{postgresql}{parameters}{shared_preload_libraries},
	'idgen', 'the cluster-wide part preloads idgen');
for my $name (@NAMES)
{
	is( join(' ', sort keys %{ $recipe_own{$name}{postgresql}{parameters} }),
		join(' ', sort @NODE_SETTINGS), "${name}'s part sets the four node settings");
}

# YAML's scalars, as Patroni's YAML reader types them (booleans and
# integers; the README's parts use no other kind), for the JSON the
# members' configuration files are written in
sub typed
{
	my ($v) = @_;
	return { map { $_ => typed($v->{$_}) } keys %$v } if ref $v eq 'HASH';
	return [ map { typed($_) } @$v ] if ref $v eq 'ARRAY';
	return JSON::PP::true if $v eq 'true';
	return JSON::PP::false if $v eq 'false';
	return 0 + $v if $v =~ /^-?[0-9]+$/;
	return $v;
}

# $from merged into $into, which is changed; $from wins
sub merge
{
	my ($into, $from) = @_;
	for my $k (keys %$from)
	{
		if (ref $into->{$k} eq 'HASH' && ref $from->{$k} eq 'HASH')
		{
			merge($into->{$k}, $from->{$k});
		}
		else
		{
			$into->{$k} = typed($from->{$k});
		}
	}
	return $into;
}

# --- Processes --------------------------------------------------------------

my (@spawned, @members_ever);

# Start a command in a session of its own (so that its process group can
# be killed), its output appended to $log
sub spawn
{
	my ($log, @cmd) = @_;
	my $pid = fork // die "fork: $!";
	if ($pid == 0)
	{
		POSIX::setsid();
		# Patroni and etcd connect where their configuration says; nothing of
		# the test's libpq environment (PGHOST is the test's socket directory)
		delete $ENV{$_} for grep { /^PG/ } keys %ENV;
		open STDIN, '<', '/dev/null';
		open STDOUT, '>>', $log or POSIX::_exit(126);
		open STDERR, '>&', \*STDOUT;
		exec @cmd or POSIX::_exit(127);
	}
	push @spawned, $pid;
	return $pid;
}

# Whether a process is alive (a zombie is not)
sub alive
{
	my ($pid) = @_;
	waitpid($pid, POSIX::WNOHANG());    # reaps it if it is a child of ours
	open my $fh, '<', "/proc/$pid/stat" or return 0;
	my $stat = <$fh>;
	close $fh;
	return ($stat // '') !~ /^\d+ \(.*\) Z/s;
}

# Wait, at most $TIMEOUT seconds, until $check returns true; return its
# value, or die naming $what (after the members' logs' ends)
sub wait_for
{
	my ($what, $check) = @_;
	my $deadline = Time::HiRes::time() + $TIMEOUT;
	while (1)
	{
		my $got = $check->();
		return $got if $got;
		if (Time::HiRes::time() > $deadline)
		{
			for my $m (@members_ever)
			{
				my $log = slurp_file($m->{log});
				diag("--- end of $m->{log}:\n" . substr($log, -3000));
			}
			die "timed out waiting for $what";
		}
		Time::HiRes::usleep(250_000);
	}
}

# The postmaster's process and its children, from postmaster.pid
sub postmaster_pids
{
	my ($m) = @_;
	open my $fh, '<', "$m->{data}/postmaster.pid" or return ();
	my $pid = <$fh>;
	close $fh;
	chomp $pid if defined $pid;
	return () unless $pid && $pid =~ /^\d+$/ && alive($pid);
	my @kids;
	for my $stat (glob '/proc/[0-9]*/stat')
	{
		open my $sf, '<', $stat or next;
		my $line = <$sf> // '';
		close $sf;
		push @kids, $1 if $line =~ /^(\d+) \(.*\) \S+ (\d+) /s && $2 == $pid;
	}
	return ($pid, @kids);
}

# kill -9 of a member's postmaster, and first of its Patroni too if
# $patroni_too (the machine gone: then a postmaster being restarted may be
# none); returns once every process of that postmaster is gone
sub kill_member
{
	my ($m, $patroni_too) = @_;
	if ($patroni_too)
	{
		kill 'KILL', -$m->{pid};
		wait_for("$m->{name}'s Patroni to go", sub { !alive($m->{pid}) });
		$m->{pid} = undef;
	}
	my @pids = postmaster_pids($m);
	die "$m->{name} has no postmaster" unless @pids || $patroni_too;
	kill 'KILL', $pids[0] if @pids;
	wait_for("the processes of $m->{name}'s postmaster to go", sub { !grep { alive($_) } @pids });
	return;
}

# Stop everything this test started, whatever happened: Patroni first (so
# that it starts nothing again), then the postmasters, then etcd
END
{
	local $?;
	for my $m (@members_ever)
	{
		kill 'KILL', -$m->{pid} if $m->{pid};
	}
	my @postmasters;
	for my $m (@members_ever)
	{
		my @pids = postmaster_pids($m);
		next unless @pids;
		kill 'QUIT', $pids[0];
		push @postmasters, @pids;
	}
	my $deadline = Time::HiRes::time() + 20;
	Time::HiRes::usleep(100_000) while grep({ alive($_) } @postmasters) && Time::HiRes::time() < $deadline;
	kill 'KILL', grep { alive($_) } @postmasters;
	kill 'KILL', -$_ for @spawned;
	waitpid($_, 0) for @spawned;
}

# --- etcd -------------------------------------------------------------------

my $tmp = PostgreSQL::Test::Utils::tempdir();
my $logdir = $PostgreSQL::Test::Utils::log_path;
my ($etcd_port, $etcd_peer) = map { PostgreSQL::Test::Cluster::get_free_port() } 1 .. 2;
spawn("$logdir/038_etcd.log", $etcd,
	'--name' => 'idgen',
	'--data-dir' => "$tmp/etcd",
	'--listen-client-urls' => "http://127.0.0.1:$etcd_port",
	'--advertise-client-urls' => "http://127.0.0.1:$etcd_port",
	'--listen-peer-urls' => "http://127.0.0.1:$etcd_peer",
	'--initial-advertise-peer-urls' => "http://127.0.0.1:$etcd_peer",
	'--initial-cluster' => "idgen=http://127.0.0.1:$etcd_peer");
my $http = HTTP::Tiny->new(timeout => 3);
wait_for('etcd',
	sub { ($http->get("http://127.0.0.1:$etcd_port/health")->{content} // '') =~ /"health":"true"/ });

# --- Members ----------------------------------------------------------------

# Three members of a new Patroni cluster $case: each a Cluster object (for
# psql through the test's socket directory) with its own ports, directory
# and configuration file: the README's parts merged into the test's, plus
# %opt's: own => whether each member gets its README part, dcs => more
# cluster-wide PostgreSQL parameters
sub new_members
{
	my ($case, %opt) = @_;
	my @members;
	for my $name (@NAMES)
	{
		my $node = PostgreSQL::Test::Cluster->new("${case}_$name");
		my $m = {
			name => $name,
			node => $node,
			port => $node->port,
			rest => PostgreSQL::Test::Cluster::get_free_port(),
			dir => "$tmp/$case/$name",
			log => "$logdir/038_${case}_$name.log",
		};
		$m->{data} = "$m->{dir}/data";
		$m->{yml} = "$m->{dir}/patroni.yml";
		mkdir "$tmp/$case";
		mkdir $m->{dir};
		my $config = {
			scope => "idgen_$case",
			name => $name,
			restapi => { listen => "127.0.0.1:$m->{rest}", connect_address => "127.0.0.1:$m->{rest}" },
			etcd3 => { hosts => ["127.0.0.1:$etcd_port"] },
			bootstrap => {
				dcs => {
					ttl => 10,
					loop_wait => 2,
					retry_timeout => 4,
					# use_pg_rewind and shared_preload_libraries come from
					# the README; Patroni turns wal_log_hints on anyway
					postgresql => {
						parameters => {
							wal_log_hints => 'on',
							max_connections => 30,
							shared_buffers => '16MB',
							fsync => 'off',
							%{ $opt{dcs} // {} },
						},
					},
				},
				initdb => [ { encoding => 'UTF8' }, { locale => 'C' } ],
			},
			postgresql => {
				listen => "127.0.0.1:$m->{port}",
				connect_address => "127.0.0.1:$m->{port}",
				data_dir => $m->{data},
				bin_dir => $bindir,
				pgpass => "$m->{dir}/pgpass",
				authentication => {
					superuser => { username => 'postgres' },
					replication => { username => 'postgres' },
					rewind => { username => 'postgres' },
				},
				pg_hba => [
					'local all all trust',
					'host all all 127.0.0.1/32 trust',
					'host replication all 127.0.0.1/32 trust',
				],
				basebackup => [ { checkpoint => 'fast' } ],
				parameters => { unix_socket_directories => $node->host },
			},
		};
		merge($config, $recipe_all);
		merge($config, $recipe_own{$name}) if $opt{own};
		append_to_file($m->{yml}, JSON::PP->new->canonical->pretty->encode($config));
		push @members, $m;
		push @members_ever, $m;
	}
	return @members;
}

sub start_member
{
	my ($m) = @_;
	$m->{pid} = spawn($m->{log}, $patroni, $m->{yml});
	return;
}

# patronictl with a member's configuration; dies unless it succeeds
sub patronictl
{
	my ($m, @args) = @_;
	my ($out, $err) = ('', '');
	local %ENV = %ENV;
	delete $ENV{$_} for grep { /^PG/ } keys %ENV;
	IPC::Run::run([ $patronictl, '-c', $m->{yml}, @args ], '<', \'', '>', \$out, '2>', \$err,
		IPC::Run::timeout($TIMEOUT))
	  or die "patronictl @args failed: $out$err";
	return $out;
}

# A member's state, as its REST API gives it (undef when it does not answer)
sub rest_state
{
	my ($m) = @_;
	my $r = $http->get("http://127.0.0.1:$m->{rest}/patroni");
	return undef unless $r->{status} == 200 || $r->{status} == 503;
	return eval { decode_json($r->{content}) };
}

# SQL on a member, through the test's socket directory: its output, or
# undef if it fails (not up yet, or refused)
sub sql
{
	my ($m, $sql) = @_;
	my ($out, $err, $timed_out);
	# a psql that cannot connect exits before reading its SQL: the broken
	# pipe then kills psql(), hence eval
	my $ret = eval {
		$m->{node}->psql('postgres', $sql,
			stdout => \$out, stderr => \$err, timeout => 10, timed_out => \$timed_out);
	};
	return defined $ret && $ret == 0 ? $out : undef;
}

# The timeline the leader writes on
my $TIMELINE = q{('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int};

# Wait until a leader runs, per its REST API and its SQL: one of @$ms,
# $want (a name) if given, on $timeline; return it
sub wait_leader
{
	my ($ms, $timeline, $want) = @_;
	return wait_for(
		"a leader on timeline $timeline" . ($want ? " ($want)" : ''),
		sub {
			my @leaders = grep {
				my $s = $_->{pid} ? rest_state($_) : undef;
				$s && $s->{state} eq 'running' && $s->{role} =~ /^(master|primary)$/
			} @$ms;
			return undef unless @leaders == 1;
			return undef if $want && $leaders[0]{name} ne $want;
			my $got = sql($leaders[0], "SELECT pg_is_in_recovery(), $TIMELINE");
			return defined $got && $got eq "f|$timeline" ? $leaders[0] : undef;
		});
}

# Wait until each of @$replicas streams from $leader on $timeline and has
# replayed all it had written
sub wait_replicas
{
	my ($leader, $timeline, @replicas) = @_;
	my $lsn = sql($leader, 'SELECT pg_current_wal_lsn()') // die "$leader->{name} does not answer";
	for my $r (@replicas)
	{
		wait_for(
			"$r->{name} to stream from $leader->{name} on timeline $timeline",
			sub {
				my $s = rest_state($r);
				return 0 unless $s && $s->{state} eq 'running' && $s->{role} eq 'replica';
				my $got = sql($r, qq{
					SELECT status, sender_port, received_tli, pg_last_wal_replay_lsn() >= '$lsn'
					FROM pg_stat_wal_receiver});
				return defined $got && $got eq "streaming|$leader->{port}|$timeline|t";
			});
	}
	return;
}

# --- The client ------------------------------------------------------------

# Every value the client was given, of every case: none may come twice
my %given;

# The client: connects to whichever member takes writes (libpq tries each
# in turn, target_session_attrs=read-write), and inserts $n rows made by
# the four generators, with the member and timeline that made them.  It
# connects anew each time, and tries again (for at most $TIMEOUT seconds)
# while no member takes writes, or the one it reached stops taking them.
# Returns the rows (member|timeline|the four node fields), or the error
# when it is something else (a refusal).
sub client_write
{
	my ($ms, $event, $n) = @_;
	my $member = 'CASE inet_server_port() '
	  . join(' ', map { "WHEN $_->{port} THEN '$_->{name}'" } @$ms) . ' END';
	my $conninfo = 'host=' . join(',', map { '127.0.0.1' } @$ms)
	  . ' port=' . join(',', map { $_->{port} } @$ms)
	  . ' user=postgres dbname=postgres target_session_attrs=read-write connect_timeout=3';
	my $sql = qq{
		INSERT INTO made (event, member, timeline, sno, siq, muid, snowflake)
		SELECT '$event', $member, $TIMELINE, $GENERATORS FROM generate_series(1, $n)
		RETURNING member, timeline, sno, siq, muid, snowflake, $FIELDS};
	my ($out, $err);
	wait_for(
		"a member that takes the client's writes ($event)",
		sub {
			($out, $err) = ('', '');
			IPC::Run::run(
				[
					'psql', '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1',
					'-v', 'VERBOSITY=verbose', '-d', $conninfo, '-c', $sql
				],
				'<', \'', '>', \$out, '2>', \$err, IPC::Run::timeout($TIMEOUT));
			# no member takes writes, or the one reached is stopping or
			# being demoted: the client tries again
			return 0
			  if $err =~ /psql: error: |server closed the connection|(?:ERROR|FATAL):  (?:25006|57P0[123]):/;
			return 1;
		});
	return { error => $err } if $err ne '';
	my @rows = split /\n/, $out;
	for my $row (@rows)
	{
		my (undef, undef, @values) = split /\|/, $row;
		$given{$_}++ for map { "$_:$values[$_]" } 0 .. 3;
	}
	return { rows => [ map { join '|', (split /\|/)[ 0, 1, 6 .. 9 ] } @rows ] };
}

# The client writes after an event; checks that all $n rows were made by
# $leader on $timeline with the node fields @$fields
sub write_after
{
	my ($ms, $event, $leader, $timeline, $fields) = @_;
	my $n = 200;
	my $got = client_write($ms, $event, $n);
	is($got->{error}, undef, "$event: the client's write succeeds");
	my %distinct = map { $_ => 1 } @{ $got->{rows} // [] };
	is( join(', ', keys %distinct) . ' x ' . scalar(@{ $got->{rows} // [] }),
		join('|', $leader->{name}, $timeline, @$fields) . " x $n",
		"$event: $leader->{name} made its $n rows on timeline $timeline with node fields @$fields");
	return;
}

# Whether a member's log (Patroni's and its server's) has a line matching
# $re after $offset
sub log_has
{
	my ($m, $re, $offset) = @_;
	return substr(slurp_file($m->{log}), $offset) =~ $re;
}

# A generator's refusal on a member, whole: in recovery with derived
# fields, the refusal to derive ($origin undef); else the refusal of a
# field that $origin, the member the base backups copied, used on timeline
# 1, whose hint gives the code that confirms it if $confirmable (out of
# recovery) and none otherwise.  Returns the code, if any.
my %FIELD_TEXT = (
	'gen_sno()' => sub { "sno partition $_[0] (sequence 0 to 65535)" },
	"gen_siq('user')" => sub { "siq shard $_[0] (domain hash $_[1])" },
	'gen_muid()' => sub { "muid medallion $_[0]" },
	'gen_snowflake()' => sub { "snowflake node $_[0]" });

sub refused
{
	my ($m, $gen, $what, $confirmable, $origin) = @_;
	my ($out, $err) = run_script($m->{node}, "SELECT $gen;");
	my $setting = $SETTING_OF{$gen};
	my ($code) = $err =~ /idgen\.node_confirm = '([0-9a-f]{16})'/;
	if (!defined $origin)
	{
		like( $err,
			qr/^psql:<stdin>:1: ERROR:  55000: cannot derive the node of a generator on a server in recovery
DETAIL:  A server in recovery shares its system identifier with the server it copies\.
HINT:  Set "\Q$setting\E" for this server in postgresql\.conf or with ALTER SYSTEM, then reload\./,
			"$what: $gen refuses on $m->{name} to derive, with 55000");
	}
	else
	{
		my $value = sql($m, "SELECT current_setting('$setting')");
		my $field = $FIELD_TEXT{$gen}->($value, $DOMAIN_HASH);
		my $hint =
		  $confirmable
		  ? qr/HINT:  Give this server its own "\Q$setting\E" and reload, or unset it to derive one; or, once that server has stopped for good, confirm with ALTER SYSTEM SET idgen\.node_confirm = '[0-9a-f]{16}' and reload\./
		  : qr/HINT:  Give this server its own "\Q$setting\E", one no server of its lineage used, in postgresql\.conf or with ALTER SYSTEM, then reload\./;
		like( $err,
			qr/^psql:<stdin>:1: ${\ lineage_refusal($field, $origin->{data}, 1) }${\ ($confirmable ? 'that server may still be making values with it' : "in recovery, this server would make that server's values") }\.\n$hint/,
			"$what: $gen refuses on $m->{name} with 55000, naming $field and $origin->{name}");
	}
	is(defined $code ? 'a code' : 'no code', $confirmable ? 'a code' : 'no code',
		"$what: its hint gives " . ($confirmable ? 'the code that confirms the setting' : 'no code'));
	is($out, '', "$what: $gen makes no value on $m->{name}");
	return $code;
}

# --- Cases A and B: failover events ----------------------------------------

# db1 first, so that it bootstraps the cluster; CREATE EXTENSION there, and
# the client's table, with a unique constraint on each generator's column;
# the client's first write; then the others, which copy db1.  Returns the
# cluster's system identifier.
sub bootstrap
{
	my ($label, $fields, @ms) = @_;
	my ($db1, $db2, $db3) = @ms;
	start_member($db1);
	wait_leader(\@ms, 1, $db1->{name});
	$db1->{node}->safe_psql('postgres', q{
		CREATE EXTENSION idgen;
		CREATE TABLE made (
			n bigint GENERATED ALWAYS AS IDENTITY, event text NOT NULL, member text NOT NULL,
			timeline integer NOT NULL, sno sno UNIQUE, siq siq UNIQUE, muid muid UNIQUE,
			snowflake bigint UNIQUE, at timestamptz NOT NULL DEFAULT clock_timestamp())});
	my $sysid = $db1->{node}->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
	write_after(\@ms, "$label, bootstrap", $db1, 1, $fields->($db1, 1, $sysid));
	start_member($_) for ($db2, $db3);
	wait_replicas($db1, 1, $db2, $db3);
	return $sysid;
}

# Runs one case; $fields->($member, $timeline) gives the node fields the
# rows of a member on a timeline must have
sub run_events
{
	my ($case, $label, $fields, @ms) = @_;
	my ($db1, $db2, $db3) = @ms;

	my $sysid = bootstrap($label, $fields, @ms);
	my $leader;

	# 1. kill -9 of the leader's postmaster.  Patroni, which still holds
	# the leader key, runs crash recovery in single-user mode, starts the
	# server read-only and promotes it: the same member, a new timeline.
	my $offset = -s $db1->{log};
	kill_member($db1, 0);
	$leader = wait_leader(\@ms, 2);
	is($leader->{name}, $db1->{name}, "$label, leader killed: $db1->{name} leads again, on timeline 2");
	ok( log_has($db1, qr/doing crash recovery in a single user mode/, $offset)
		  && log_has($db1, qr/starting as readonly because i had the session lock/, $offset),
		"$label, leader killed: Patroni brought it back through crash recovery, then promoted it");
	write_after(\@ms, "$label, leader killed", $db1, 2, $fields->($db1, 2, $sysid));
	wait_replicas($db1, 2, $db2, $db3);

	# 2. a switchover to db2
	patronictl($db1, 'switchover', '--leader', $db1->{name}, '--candidate', $db2->{name}, '--force');
	wait_leader(\@ms, 3, $db2->{name});
	write_after(\@ms, "$label, switchover", $db2, 3, $fields->($db2, 3, $sysid));
	wait_replicas($db2, 3, $db1, $db3);

	# 3. db3 made anew from the leader
	$offset = -s $db3->{log};
	patronictl($db1, 'reinit', "idgen_$case", $db3->{name}, '--force', '--wait');
	wait_replicas($db2, 3, $db1, $db3);
	ok(log_has($db3, qr/replica has been created using basebackup/, $offset),
		"$label, reinit: $db3->{name} was made anew");
	write_after(\@ms, "$label, reinit", $db2, 3, $fields->($db2, 3, $sysid));
	wait_replicas($db2, 3, $db1, $db3);

	# 4. failover: the leader's machine gone, Patroni and all.  Its key
	# expires (ttl), and db1 or db3 takes over.
	kill_member($db2, 1);
	my $new = wait_leader([ $db1, $db3 ], 4);
	note "$label, failover: $new->{name} leads";
	write_after(\@ms, "$label, failover", $new, 4, $fields->($new, 4, $sysid));

	# 5. the old leader comes back: crash recovery, then pg_rewind from the
	# new leader, whose timeline it had left
	$offset = -s $db2->{log};
	start_member($db2);
	my ($other) = grep { $_ != $new && $_ != $db2 } @ms;
	wait_replicas($new, 4, $db2, $other);
	ok( log_has($db2, qr/running pg_rewind from \Q$new->{name}\E/, $offset)
		  && log_has($db2, qr/pg_rewind exit code=0/, $offset),
		"$label, rejoin: $db2->{name} came back through pg_rewind from $new->{name}");
	write_after(\@ms, "$label, rejoin", $new, 4, $fields->($new, 4, $sysid));
	wait_replicas($new, 4, $db2, $other);

	# 6. a switchover to the rewound member
	patronictl($new, 'switchover', '--leader', $new->{name}, '--candidate', $db2->{name}, '--force');
	wait_leader(\@ms, 5, $db2->{name});
	write_after(\@ms, "$label, switchover to the rewound member", $db2, 5, $fields->($db2, 5, $sysid));
	wait_replicas($db2, 5, grep { $_ != $db2 } @ms);

	# Every row the client wrote is there, and no value twice
	is( $db2->{node}->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT sno), count(DISTINCT siq), count(DISTINCT muid),
			       count(DISTINCT snowflake), count(DISTINCT (member, timeline)) FROM made}),
		'1400|1400|1400|1400|1400|5',
		"$label: 1,400 rows from 5 leaders and timelines, each value of each generator distinct");
	return;
}

# Stop a case's members: Patroni, then its postmaster
sub stop_members
{
	for my $m (@_)
	{
		kill_member($m, 1) if $m->{pid};
	}
	return;
}

# A. Derived fields: those of the cluster's system identifier and the
# leader's timeline, copy 0
my @a = new_members('a');
run_events('a', 'derived', sub { my ($m, $tl, $sysid) = @_; derived_fields($sysid, $tl, 0) }, @a);
# The replicas (all but db2, the last leader) derive nothing in recovery
for my $m (@a[ 0, 2 ])
{
	refused($m, $_, "derived, replica $m->{name}", 0) for sort keys %SETTING_OF;
}
stop_members(@a);

# B. Each member's own settings in its own patroni.yml
my @b = new_members('b', own => 1);
my %own = map {
	my $p = $recipe_own{$_}{postgresql}{parameters};
	$_ => [ map { $p->{$_} } @NODE_SETTINGS ]
} @NAMES;
run_events('b', 'own settings', sub { my ($m) = @_; $own{ $m->{name} } }, @b);
# The replicas generate in recovery, with their own settings
for my $m (@b[ 0, 2 ])
{
	is( sql($m, "SELECT pg_is_in_recovery(), $FIELDS FROM (SELECT $GENERATORS) g(sno, siq, muid, snowflake)"),
		join('|', 't', @{ $own{ $m->{name} } }),
		"own settings: replica $m->{name} generates in recovery with its own settings");
}

# Patroni wrote them into the postgresql.conf it writes, and the DCS
# cannot override them: a cluster-wide setting of the same name, changed
# with the other one below, is ignored
for my $m (@b)
{
	my $conf = slurp_file("$m->{data}/postgresql.conf");
	is( join(', ', map { $conf =~ /^(\Q$_\E = .*)$/m ? $1 : "no $_" } @NODE_SETTINGS),
		join(', ', map { "$NODE_SETTINGS[$_] = '$own{$m->{name}}[$_]'" } 0 .. 3),
		"$m->{name}: Patroni wrote its own settings into its postgresql.conf");
}
patronictl($b[0], 'edit-config', '--force', '-p', 'idgen.siq_shard=99', '-p', 'idgen.worker_idle=3min');
for my $m (@b)
{
	wait_for("$m->{name} to take the DCS's idgen.worker_idle",
		sub { (sql($m, q{SELECT current_setting('idgen.worker_idle')}) // '') eq '3min' });
	is(sql($m, q{SELECT setting, sourcefile FROM pg_settings WHERE name = 'idgen.siq_shard'}),
		"$own{$m->{name}}[1]|$m->{data}/postgresql.conf",
		"$m->{name}: idgen.siq_shard in the DCS does not replace its own");
}
stop_members(@b);

# C. The node settings in the cluster-wide configuration (bootstrap.dcs;
# patronictl edit-config would put them there too): db1's part of the
# README, given to every member
my $in_dcs = $recipe_own{ $NAMES[0] }{postgresql}{parameters};
my @dcs_fields = map { $in_dcs->{$_} } @NODE_SETTINGS;
my @c = new_members('c', dcs => $in_dcs);
my ($c1, $c2, $c3) = @c;
bootstrap('DCS settings', sub { \@dcs_fields }, @c);
for my $m (@c)
{
	is( sql($m, 'SELECT ' . join(', ', map { "current_setting('$_')" } @NODE_SETTINGS)),
		join('|', @dcs_fields), "DCS settings: $m->{name} runs with the same node settings");
}

# The replicas copied db1's node record with the base backup: they refuse
# each generator whose setting came from it
for my $m ($c2, $c3)
{
	refused($m, $_, "DCS settings, replica $m->{name}", 0, $c1) for sort keys %SETTING_OF;
}

# Its own settings in a member's patroni.yml (the README's part for it),
# and Patroni made to read them (patronictl reload); waits until the
# member runs with them
sub own_settings
{
	my ($m, @reload) = @_;
	my $yml = decode_json(slurp_file($m->{yml}));
	merge($yml, $recipe_own{ $m->{name} });
	unlink $m->{yml};
	append_to_file($m->{yml}, JSON::PP->new->canonical->pretty->encode($yml));
	patronictl($m, 'reload', @reload, '--force');
	my $want = join('|', @{ $own{ $m->{name} } });
	my $settings = 'SELECT ' . join(q{ || '|' || }, map { "current_setting('$_')" } @NODE_SETTINGS);
	wait_for("$m->{name} to take its own settings", sub { (sql($m, $settings) // '') eq $want });
	return;
}

# Failover: db1 gone for good.  The new leader refuses the client, and
# each generator, with the code that confirms the setting; the other
# member, its replica, refuses with none.
kill_member($c1, 1);
my $x = wait_leader([ $c2, $c3 ], 2);
my ($y) = grep { $_ != $x } ($c2, $c3);
note "DCS settings, failover: $x->{name} leads";
my $refused = client_write(\@c, 'DCS settings, failover', 200);
like($refused->{error} // '', qr/^ERROR:  55000: /m,
	'DCS settings, failover: the new leader refuses the client');
my %codes = map { refused($x, $_, "DCS settings, failover, leader $x->{name}", 1, $c1) // 'none' => 1 }
  sort keys %SETTING_OF;
is(scalar(keys %codes), 1, 'DCS settings, failover: the four refusals give the same code');
wait_replicas($x, 2, $y);
refused($y, "gen_siq('user')", "DCS settings, failover, replica $y->{name}", 0, $c1);

# The way out for good: the leader's own settings in its patroni.yml.  They
# are not the ones that came with its copy: it generates at once, without
# a confirmation.
own_settings($x, 'idgen_c', $x->{name});
write_after(\@c, 'DCS settings, own settings on the leader', $x, 2, $own{ $x->{name} });

# A second failover: that leader gone for good too.  The last member
# refuses the settings from the DCS, which came with its copy of db1, until
# confirmed with the code its hint gives (ALTER SYSTEM on it).  Then the
# client writes with no other step.
kill_member($x, 1);
wait_leader([$y], 3);
%codes = map { refused($y, $_, "DCS settings, second failover, leader $y->{name}", 1, $c1) // 'none' => 1 }
  sort keys %SETTING_OF;
is(scalar(keys %codes), 1, 'DCS settings, second failover: the four refusals give the same code');
my ($code) = keys %codes;
configure($y->{node}, node_confirm => $code);
write_after(\@c, 'DCS settings, confirmed', $y, 3, \@dcs_fields);

# And out of the DCS, as the README says: its own settings in its
# patroni.yml, reloaded for the whole cluster, then the settings removed
# from the DCS
own_settings($y, 'idgen_c');
patronictl($y, 'edit-config', '--force', map { ('-p', "$_=null") } @NODE_SETTINGS);
my $dcs = CPAN::Meta::YAML->read_string(patronictl($y, 'show-config'))->[0];
is( join(' ', grep { /^idgen\./ } sort keys %{ $dcs->{postgresql}{parameters} }),
	'idgen.siq_domain', 'DCS settings: the node settings are out of the DCS');
write_after(\@c, 'DCS settings, own settings', $y, 3, $own{ $y->{name} });

is( $y->{node}->safe_psql('postgres', q{
		SELECT count(*), count(DISTINCT sno), count(DISTINCT siq), count(DISTINCT muid),
		       count(DISTINCT snowflake), count(DISTINCT (member, timeline)) FROM made}),
	'800|800|800|800|800|3', 'DCS settings: 800 rows from 3 leaders, each value of each generator distinct');
stop_members(@c);

# Every value the client was given, in the three cases: none twice
is(scalar(grep { $given{$_} > 1 } keys %given), 0,
	'no value was given to the client twice (' . scalar(keys %given) . ' values)');

done_testing();
