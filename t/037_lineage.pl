
# A copy never takes its origin's node fields: random sequences of what
# operators do to the data directories born from one initdb'd primary, up
# to four servers, all with idgen preloaded (the node record is written at
# start and at each reload only then):
#
#  - pg_basebackup with -R (a standby) and without (started as a primary of
#    its own); a file copy of a stopped server, started without a signal
#    file; promotion of a standby; pg_rewind of a stopped server from a
#    running one, started as a standby of it or without standby.signal;
#    restart; crash (immediate stop, then start);
#  - ALTER SYSTEM SET and RESET of each node setting, then a reload (on a
#    standby too), with values drawn from a small pool so that they meet
#    often: 1, 2, 7 and the derived fields the servers show; siq domains ''
#    and 'a.example', local ids 0, 1 and 7;
#  - confirmation with the code of a refusal's hint, on a server out of
#    recovery.
#
# After each step every running server makes values of the four node
# types (sno, siq, muid, snowflake), all starting at one moment, each
# generator in statements of its own so that a refusal (55000) of one stops
# none of the others.  A refusal is recorded; any other error fails.  No
# two servers may share a value unless the model below excuses it.
#
# The model, written here without the product's code: for each server and
# node type, the effective field (what the generator puts into its values:
# sno partition, siq shard with the domain hash, muid medallion, snowflake
# node, set or derived) and the step at which it was fixed, that is, last
# changed in effect.  A setting that changes the field fixes it at that
# step; one that leaves it as it was (a siq local id while the domain is
# '', which hashes to 0 whatever the local id) fixes nothing.  Derived
# fields belong to a derived identity, fixed when it begins: the first start
# of the primary, a promotion, a copy that comes up as a primary of its own
# (a file copy, a base backup without -R, a server rewound and started
# without standby.signal, a standby started without it); their values,
# which a copy draws at random, are read from idgen_stats().  In recovery a
# server derives nothing.  A copy takes its origin's settings
# (postgresql.auto.conf and postgresql.conf travel), and so its origin's
# explicit fields with the steps they were fixed at; pg_rewind gives the
# target the source's postgresql.auto.conf, while it keeps its own
# postgresql.conf (ports), as with Debian's /etc/postgresql.  Two servers
# parted at the step their histories separated: the copy, or the rewind,
# that took one of them off the line of their last common ancestor.  A value
# of type k that two servers share is a failure unless:
#
#  (a) both fields were fixed at or after the parting, and the common line
#      made no value with that field before it: chosen independently, on two
#      sides that no longer know each other (two standbys of one primary
#      both promoted onto one timeline derive the same fields, as the
#      README says; two servers set to 1 after the copy); or
#  (b) one of them confirmed the field (idgen.node_confirm) and the other
#      made the value at or after that step: the operator was told not to
#      confirm while the server it came from runs.
#
# So a copy that makes its origin's values through a field that came with
# it fails, whatever settings it went through in between.  The model
# excuses, it never requires a collision.  And so that a product that
# refuses everything cannot pass: a server out of recovery whose settings
# of a type are all unset must never refuse that type.  Each value must
# also carry the field the model expects, which keeps the model honest.
#
# Three fixed sequences run first, each a way a copy used to make its
# origin's values: a setting changed without changing the field, a return
# to the copied settings, and explicit settings equal to the origin's
# derived fields.  Then IDGEN_LINEAGE_RUNS random sequences (default 3),
# from IDGEN_LINEAGE_SEED (drawn when unset, and printed) and the seeds after
# it: IDGEN_LINEAGE_SEED=<seed> IDGEN_LINEAGE_RUNS=1 replays one.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::RecursiveCopy;
use PostgreSQL::Test::Utils;
use Test::More;
use Digest::SHA ();
use File::Path ();
use IPC::Run ();
use Math::BigInt;
use Time::HiRes ();
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my @KINDS = qw(sno siq muid snowflake);
my %GEN = (
	sno => 'gen_sno()',
	siq => "gen_siq('user')",
	muid => 'gen_muid()',
	snowflake => 'gen_snowflake()');

# The node field of a value v, as text: what the model predicts
my %FIELD_SQL = (
	sno => 'sno_extract_partition(v)',
	siq => "siq_extract_shard(v) || '/' || siq_extract_domain_hash(v)",
	muid => 'muid_extract_medallion(v)',
	snowflake => 'snowflake_extract_node(v)');

# The node settings of each type, and their defaults (unset)
my %SETTINGS = (
	sno => ['sno_partition'],
	siq => [ 'siq_shard', 'siq_domain', 'siq_local_id' ],
	muid => ['muid_medallion'],
	snowflake => ['snowflake_node']);
my @SETTING_NAMES = map { @{ $SETTINGS{$_} } } @KINDS;
my %DEFAULT = (
	sno_partition => '-1',
	siq_shard => '-1',
	siq_domain => '',
	siq_local_id => '0',
	muid_medallion => '',
	snowflake_node => '-1');
# The setting of each type's field itself, and the name idgen_stats()
# gives the field in its node column ("partition=9505 sequence=0..65535",
# "shard=205 domain_hash=0", "medallion=...", "node=...")
my %MAIN = (
	sno => 'sno_partition',
	siq => 'siq_shard',
	muid => 'muid_medallion',
	snowflake => 'snowflake_node');
my %STATS_FIELD = (sno => 'partition', siq => 'shard', muid => 'medallion', snowflake => 'node');

my $RANDOM_VALUES = 2000;    # of each type per server and step, random sequences
my $FIXED_VALUES = 5000;     # the same, fixed sequences
my $PER_STATEMENT = 20;
my $MAX_SERVERS = 4;
my $INF = 1e9;

my $seed = $ENV{IDGEN_LINEAGE_SEED};
if (!defined $seed || $seed eq '')
{
	srand();
	$seed = int(rand(2**31));
}
die "IDGEN_LINEAGE_SEED must be a number, not \"$seed\"" unless $seed =~ /^[0-9]+$/;
my $runs = $ENV{IDGEN_LINEAGE_RUNS} // 3;
die "IDGEN_LINEAGE_RUNS must be a number, not \"$runs\"" unless $runs =~ /^[0-9]+$/;
note "IDGEN_LINEAGE_SEED=$seed IDGEN_LINEAGE_RUNS=$runs";

my $tmp = PostgreSQL::Test::Utils::tempdir();
my $sequences = 0;    # for unique node names

# ---------------------------------------------------------------------------
# The model's arithmetic

# siq's domain hash: the last 4 bytes of the SHA-256 of the ASCII domain, 0
# for '' and '0'; a nonzero local id replaces the top byte (256 with 0)
sub domain_hash
{
	my ($domain, $local_id) = @_;
	return 0 if $domain eq '' || $domain eq '0';
	my $h = unpack('N', substr(Digest::SHA::sha256($domain), -4));
	$h = (($local_id % 256) << 24) | ($h & 0xFFFFFF) if $local_id != 0;
	return $h;
}

# A medallion as decimal text, from the setting's decimal or 0x hex
sub medallion
{
	my ($text) = @_;
	return $text =~ /^0x(.*)$/i ? Math::BigInt->from_hex($1)->bstr : Math::BigInt->new($text)->bstr;
}

# A setting in force on an incarnation: postgresql.auto.conf's, else
# postgresql.conf's, else the default
sub setting
{
	my ($inc, $name) = @_;
	return $inc->{auto}{$name} // $inc->{conf}{$name} // $DEFAULT{$name};
}

# The explicit field a type's settings give, or undef while it is derived
sub explicit_main
{
	my ($inc, $kind) = @_;
	my $v = setting($inc, $MAIN{$kind});
	return undef if $v eq $DEFAULT{ $MAIN{$kind} };
	return $kind eq 'muid' ? medallion($v) : $v + 0;
}

# Whether all of a type's settings are unset (in effect)
sub all_unset
{
	my ($inc, $kind) = @_;
	return !grep { setting($inc, $_) ne $DEFAULT{$_} } @{ $SETTINGS{$kind} };
}

sub same
{
	my ($x, $y) = @_;
	return (!defined $x && !defined $y) || (defined $x && defined $y && $x eq $y);
}

# Bring the model's fields of an incarnation up to date after a step: each
# part of a field (the main field; siq's domain hash) that changes is fixed
# at this step if set, or at the start of the derived identity if derived
sub recompute
{
	my ($inc, $step) = @_;
	for my $kind (@KINDS)
	{
		my $exp = explicit_main($inc, $kind);
		my $new = $exp // ($inc->{recovery} ? undef : $inc->{observed}{$kind});
		my $main = $inc->{comp}{$kind}{main};
		if (!same($main->{v}, $new))
		{
			$main->{v} = $new;
			$main->{s} = defined $exp ? $step : ($inc->{token} // $step);
		}
		next unless $kind eq 'siq';
		my $dh = domain_hash(setting($inc, 'siq_domain'), setting($inc, 'siq_local_id'));
		my $part = $inc->{comp}{siq}{dhash};
		if (!same($part->{v}, $dh))
		{
			$part->{v} = $dh;
			$part->{s} = $step;
		}
	}
	return;
}

# The field in effect, or undef for none (a refusal), and the step it was
# fixed at
sub field
{
	my ($inc, $kind) = @_;
	my $main = $inc->{comp}{$kind}{main};
	return undef unless defined $main->{v};
	return $main->{v} unless $kind eq 'siq';
	return "$main->{v}/$inc->{comp}{siq}{dhash}{v}";
}

sub fixed_at
{
	my ($inc, $kind) = @_;
	my $s = $inc->{comp}{$kind}{main}{s};
	$s = $inc->{comp}{siq}{dhash}{s} if $kind eq 'siq' && $inc->{comp}{siq}{dhash}{s} > $s;
	return $s;
}

# The step two incarnations parted at, and how many elements of their
# chains (their lines of data directories) they share
sub parting
{
	my ($x, $y) = @_;
	my ($ca, $cb) = ($x->{chain}, $y->{chain});
	my $i = 0;
	$i++ while $i < @$ca && $i < @$cb && $ca->[$i][0] == $cb->[$i][0];
	my $pa = $i < @$ca ? $ca->[$i][1] : $INF;
	my $pb = $i < @$cb ? $cb->[$i][1] : $INF;
	return ($pa < $pb ? $pa : $pb, $i);
}

# Whether the line two incarnations share made values with a field before
# they parted: each of its data directories up to the step the next one
# was copied from it, the last up to the parting
sub common_line_made
{
	my ($seq, $x, $kind, $field, $p, $shared) = @_;
	for my $j (0 .. $shared - 1)
	{
		my $e = $seq->{incs}[ $x->{chain}[$j][0] ];
		my $until = $j + 1 < $shared ? $x->{chain}[ $j + 1 ][1] : $p;
		my $first = $e->{made}{$kind}{$field};
		return 1 if defined $first && $first < $until;
	}
	return 0;
}

# The model's verdict on a value of $kind with field $field that
# incarnation x made at step sa and y at sb: 'a' or 'b' (the excuse), or
# undef (a failure)
sub excuse
{
	my ($seq, $kind, $field, $x, $sa, $y, $sb) = @_;
	for my $pair ([ $x, $sa, $sb ], [ $y, $sb, $sa ])
	{
		my ($inc, $sx, $sy) = @$pair;
		my $c = $inc->{confirmed}{$kind};
		return 'b' if $c && $sx >= $c->[0] && $field eq $c->[1] && $sy >= $c->[0];
	}
	my ($p, $shared) = parting($x, $y);
	my ($ra, $rb) = ($x->{rounds}{$sa}{$kind}, $y->{rounds}{$sb}{$kind});
	return undef unless defined $ra->{fixed} && defined $rb->{fixed};
	return 'a'
	  if $ra->{fixed} >= $p
	  && $rb->{fixed} >= $p
	  && !common_line_made($seq, $x, $kind, $field, $p, $shared);
	return undef;
}

# ---------------------------------------------------------------------------
# Servers and incarnations.  A server is a data directory (one
# PostgreSQL::Test::Cluster); an incarnation is the history the directory
# holds, a new one when pg_rewind replaces it.

sub new_server
{
	my ($seq) = @_;
	my $i = scalar @{ $seq->{servers} };
	my $srv = {
		name => "n$i",
		node => PostgreSQL::Test::Cluster->new("l$seq->{number}_n$i"),
		running => 0
	};
	push @{ $seq->{servers} }, $srv;
	return $srv;
}

# A new incarnation of server srv, copied from parent (none for the
# initdb'd primary) at this step, with the settings given; explicit fields
# that came with the copy keep the steps they were fixed at
sub new_inc
{
	my ($seq, $srv, %opt) = @_;
	my $parent = $opt{parent};
	my $inc = {
		idx => scalar @{ $seq->{incs} },
		srv => $srv,
		id => $srv->{inc} ? $srv->{inc}{id} . "'" : $srv->{name},
		chain => [ ($parent ? @{ $parent->{chain} } : ()), [ scalar @{ $seq->{incs} }, $seq->{step} ] ],
		conf => { %{ $opt{conf} } },
		auto => { %{ $opt{auto} } },
		recovery => $opt{recovery},
		token => $opt{recovery} ? undef : $seq->{step},
		observed => {},
		made => {},
		rounds => {},
		confirmed => {},
		refusal => {},
		wal => [ $parent ? @{ $parent->{wal} } : () ],
		upstream => undef,
	};
	for my $kind (@KINDS)
	{
		my $main = { v => undef, s => $seq->{step} };
		my $exp = explicit_main($inc, $kind);
		if ($parent && defined $exp && same($exp, explicit_main($parent, $kind)))
		{
			$main = { %{ $parent->{comp}{$kind}{main} } };
		}
		$inc->{comp}{$kind}{main} = $main;
	}
	$inc->{comp}{siq}{dhash} = $parent ? { %{ $parent->{comp}{siq}{dhash} } } : { v => undef, s => 0 };
	push @{ $seq->{incs} }, $inc;
	$srv->{inc} = $inc;
	return $inc;
}

sub running_servers
{
	my ($seq) = @_;
	return grep { $_->{running} } @{ $seq->{servers} };
}

sub start
{
	my ($srv) = @_;
	$srv->{node}->start;
	$srv->{running} = 1;
	return;
}

sub stop
{
	my ($srv, $mode) = @_;
	$srv->{node}->stop($mode // 'fast');
	$srv->{running} = 0;
	return;
}

# The timeline pg_rewind reads from a server's control file
sub timeline
{
	my ($srv) = @_;
	my ($out) = run_command([ 'pg_controldata', $srv->{node}->data_dir ]);
	my ($checkpoint) = $out =~ /^Latest checkpoint's TimeLineID:\s+(\d+)$/m;
	my ($min) = $out =~ /^Min recovery ending loc's timeline:\s+(\d+)$/m;
	die "no timeline in pg_controldata's output:\n$out" unless defined $checkpoint && defined $min;
	return $checkpoint > $min ? $checkpoint : $min;
}

# WAL histories, for pg_rewind.  pg_rewind tells where two histories
# parted from their timeline histories alone, so it rewinds rightly only a
# target whose WAL is, timeline by timeline, the source's up to a switch to
# a new timeline of the source's: not one that wrote WAL of its own on a
# timeline the source went on too (a copy started as a primary stays on its
# origin's timeline), which it would take for common history.  Each
# incarnation keeps the list of the writers of its WAL: a new one at each
# start out of recovery, marked when it begins a timeline (a promotion).
sub new_writer
{
	my ($seq, $inc, $new_timeline) = @_;
	push @{ $seq->{writers} }, $new_timeline ? 1 : 0;
	push @{ $inc->{wal} }, $#{ $seq->{writers} };
	return;
}

sub prefix_of
{
	my ($x, $y) = @_;
	return 0 if @$x > @$y;
	for my $i (0 .. $#$x)
	{
		return 0 if $x->[$i] != $y->[$i];
	}
	return 1;
}

# A standby replays what its upstream writes, across its promotions too;
# it cannot follow an upstream whose history no longer holds its own
sub follow
{
	my ($seq) = @_;
	for (1 .. @{ $seq->{servers} })
	{
		for my $srv (@{ $seq->{servers} })
		{
			my $inc = $srv->{inc};
			next unless $inc->{recovery} && $inc->{upstream};
			my $up = $inc->{upstream}{inc};
			$inc->{wal} = [ @{ $up->{wal} } ] if prefix_of($inc->{wal}, $up->{wal});
		}
	}
	return;
}

sub rewindable
{
	my ($seq, $target, $source) = @_;
	my ($t, $s) = ($target->{inc}{wal}, $source->{inc}{wal});
	return @$t < @$s && prefix_of($t, $s) && $seq->{writers}[ $s->[ scalar @$t ] ];
}

# Set (a value) or reset (undef) idgen settings with ALTER SYSTEM, reload,
# and wait until a new session has them.  ALTER SYSTEM knows idgen.* once
# the library is loaded in the session.
sub alter
{
	my ($srv, $changes) = @_;
	my $inc = $srv->{inc};
	my $sql = "LOAD 'idgen';\n";
	for my $name (sort keys %$changes)
	{
		if (defined $changes->{$name})
		{
			$sql .= "ALTER SYSTEM SET idgen.$name = '$changes->{$name}';\n";
			$inc->{auto}{$name} = $changes->{$name};
		}
		else
		{
			$sql .= "ALTER SYSTEM RESET idgen.$name;\n";
			delete $inc->{auto}{$name};
		}
	}
	$srv->{node}->safe_psql('postgres', $sql . 'SELECT pg_reload_conf();');
	for my $name (sort keys %$changes)
	{
		my $want = $name eq 'node_confirm' ? $changes->{$name} : setting($inc, $name);
		$srv->{node}->poll_query_until('postgres', "SELECT current_setting('idgen.$name') = '$want'")
		  or die "$srv->{name}: idgen.$name did not become '$want'";
	}
	return;
}

sub describe_changes
{
	my ($changes) = @_;
	return join(', ',
		map { defined $changes->{$_} ? "SET idgen.$_ = '$changes->{$_}'" : "RESET idgen.$_" }
		  sort keys %$changes);
}

# ---------------------------------------------------------------------------
# What operators do.  Each returns the step's description.

# pg_basebackup of src: with -R a standby of it, without a primary of its own
sub op_backup
{
	my ($seq, $src, $standby) = @_;
	my $srv = new_server($seq);
	my $name = "to_$srv->{name}";
	$src->{node}->backup($name, backup_options => $standby ? ['--write-recovery-conf'] : []);
	$srv->{node}->init_from_backup($src->{node}, $name);
	File::Path::rmtree($src->{node}->backup_dir . "/$name");
	# a backup of a standby holds its standby.signal
	unlink($srv->{node}->data_dir . '/standby.signal', $srv->{node}->data_dir . '/recovery.signal')
	  unless $standby;
	start($srv);
	my $inc = new_inc($seq, $srv,
		parent => $src->{inc},
		conf => $src->{inc}{conf},
		auto => $src->{inc}{auto},
		recovery => $standby);
	if ($standby)
	{
		$inc->{upstream} = $src;
	}
	else
	{
		new_writer($seq, $inc, 0);
	}
	return "pg_basebackup " . ($standby ? '-R ' : '') . "of $src->{inc}{id} -> $srv->{name}"
	  . ($standby ? ', a standby of it' : ', started as a primary of its own');
}

# A file copy of src, stopped for it (and started again), started without
# a signal file
sub op_file_copy
{
	my ($seq, $src) = @_;
	my $was_running = $src->{running};
	stop($src) if $was_running;
	my $srv = new_server($seq);
	my $node = $srv->{node};
	PostgreSQL::Test::RecursiveCopy::copypath($src->{node}->data_dir, $node->data_dir,
		filterfn => sub { $_[0] ne 'postmaster.pid' });
	chmod(0700, $node->data_dir) or die $!;
	mkdir $node->backup_dir;
	unlink($node->data_dir . '/standby.signal', $node->data_dir . '/recovery.signal');
	$node->append_conf('postgresql.conf',
		"port = " . $node->port . "\n"
		  . ($use_unix_sockets
			? "unix_socket_directories = '" . $node->host . "'"
			: "listen_addresses = '" . $node->host . "'"));
	start($src) if $was_running;
	start($srv);
	my $inc = new_inc($seq, $srv,
		parent => $src->{inc},
		conf => $src->{inc}{conf},
		auto => $src->{inc}{auto},
		recovery => 0);
	new_writer($seq, $inc, 0);
	return "file copy of $src->{inc}{id}, stopped -> $srv->{name}, started without a signal file";
}

sub op_promote
{
	my ($seq, $srv) = @_;
	$srv->{node}->promote;
	$srv->{node}->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
	  or die "$srv->{name} was not promoted";
	# its control file on the new timeline, for pg_rewind
	$srv->{node}->safe_psql('postgres', 'CHECKPOINT');
	$srv->{inc}{recovery} = 0;
	$srv->{inc}{token} = $seq->{step};
	$srv->{inc}{upstream} = undef;
	new_writer($seq, $srv->{inc}, 1);
	return "promote $srv->{inc}{id}";
}

# pg_rewind of target from the running source, the target stopped for it.
# pg_rewind copies postgresql.conf too, which holds each server's port: the
# target keeps its own, as with Debian's /etc/postgresql (t/036 does the
# same).  As a standby, pg_rewind -R writes standby.signal and the source's
# primary_conninfo (into postgresql.auto.conf, after the source's own);
# otherwise the target starts without a signal file.
sub op_rewind
{
	my ($seq, $target, $source, $standby) = @_;
	my $what = "pg_rewind of $target->{inc}{id} from $source->{inc}{id}";
	stop($target);
	$source->{node}->safe_psql('postgres', 'CHECKPOINT');
	my ($tt, $ts) = (timeline($target), timeline($source));
	if ($tt == $ts)
	{
		# Nothing to rewind on one timeline, even where the histories
		# parted (a copy started as a primary): start it again as it was
		start($target);
		return "$what: both on timeline $tt, nothing to rewind; $target->{inc}{id} started again";
	}
	my $dir = $target->{node}->data_dir;
	my $conf = slurp_file("$dir/postgresql.conf");
	my ($out, $err) = ('', '');
	IPC::Run::run(
		[
			'pg_rewind',
			'--target-pgdata' => $dir,
			'--source-server' => $source->{node}->connstr('postgres'),
			$standby ? ('--write-recovery-conf') : ()
		],
		'>' => \$out,
		'2>' => \$err)
	  or die "$what failed:\n$out$err";
	unlink "$dir/postgresql.conf";
	append_to_file("$dir/postgresql.conf", $conf);
	unlink("$dir/standby.signal", "$dir/recovery.signal") unless $standby;
	my $inc = $target->{inc};
	if ($err =~ /no rewind required/)
	{
		# The target's data stay its own: the same incarnation
		$what .= ' (no rewind required)';
		if ($standby)
		{
			$inc->{token} = undef;
		}
		elsif ($inc->{recovery})
		{
			# a standby started without standby.signal: a primary of its own
			$inc->{token} = $seq->{step};
			new_writer($seq, $inc, 0);
		}
		$inc->{recovery} = $standby;
	}
	else
	{
		$inc = new_inc($seq, $target,
			parent => $source->{inc},
			conf => $inc->{conf},
			auto => $source->{inc}{auto},
			recovery => $standby);
		new_writer($seq, $inc, 0) unless $standby;
	}
	$inc->{upstream} = $standby ? $source : undef;
	start($target);
	return "$what -> $target->{inc}{id}"
	  . ($standby ? ', a standby of it' : ', started without standby.signal');
}

sub op_restart
{
	my ($seq, $srv) = @_;
	$srv->{node}->restart;
	return "restart $srv->{inc}{id}";
}

sub op_crash
{
	my ($seq, $srv) = @_;
	stop($srv, 'immediate');
	start($srv);
	return "crash $srv->{inc}{id} (immediate stop), start";
}

sub op_settings
{
	my ($seq, $srv, $changes) = @_;
	alter($srv, $changes);
	return "$srv->{inc}{id}: " . describe_changes($changes) . ', reload';
}

# Confirm, with the code its last refusals gave, the fields they named
sub op_confirm
{
	my ($seq, $srv, $code) = @_;
	my $inc = $srv->{inc};
	my @kinds = grep { $inc->{refusal}{$_} && ($inc->{refusal}{$_}{code} // '') eq $code } @KINDS;
	alter($srv, { node_confirm => $code });
	$inc->{confirmed}{$_} = [ $seq->{step}, field($inc, $_) ] for grep { defined field($inc, $_) } @kinds;
	return "$inc->{id}: SET idgen.node_confirm = '$code' (" . join(' ', @kinds) . '), reload';
}

# ---------------------------------------------------------------------------
# Generation, all servers at one moment, and the checks

# The statements each server runs: rounds of one statement per type
sub body_file
{
	my ($n) = @_;
	my $file = "$tmp/body_$n.sql";
	return $file if -e $file;
	my $sql = '';
	for (1 .. $n / $PER_STATEMENT)
	{
		$sql .= "SELECT '$_', v::text, $FIELD_SQL{$_} FROM "
		  . "(SELECT $GEN{$_} AS v FROM generate_series(1, $PER_STATEMENT)) s;\n"
		  for @KINDS;
	}
	append_to_file($file, $sql);
	return $file;
}

# What each running server shows: whether it is in recovery (which must be
# what the model says) and idgen_stats(), whose node column gives the
# derived fields the model cannot know (a copy's are drawn at random)
sub observe
{
	my ($seq) = @_;
	for my $srv (running_servers($seq))
	{
		my $inc = $srv->{inc};
		my $recovery = $srv->{node}->safe_psql('postgres', 'SELECT pg_is_in_recovery()');
		die "$inc->{id} is " . ($recovery eq 't' ? '' : 'not ') . 'in recovery, unlike the model says'
		  if ($recovery eq 't') != ($inc->{recovery} ? 1 : 0);
		my $stats = $srv->{node}->safe_psql('postgres', q{
			SELECT generator, node, node_source FROM idgen_stats()
			WHERE generator IN ('sno', 'siq', 'muid', 'snowflake')});
		$inc->{stats} = $stats;
		for my $line (split /\n/, $stats)
		{
			my ($kind, $node) = split /\|/, $line;
			my ($v) = $node =~ /\b$STATS_FIELD{$kind}=([0-9]+)/;
			$inc->{observed}{$kind} = $v;
		}
		recompute($inc, $seq->{step});
	}
	return;
}

# Every running server makes the values of the four types, starting at
# one moment a second ahead.  Returns, for each server's name and each
# type, its values and refusals.
sub generate
{
	my ($seq) = @_;
	my $body = body_file($seq->{values});
	my $start = sprintf('%.6f', Time::HiRes::time() + 1);
	my @jobs;
	for my $srv (running_servers($seq))
	{
		my $base = "$tmp/l$seq->{number}_s$seq->{step}_$srv->{name}";
		append_to_file("$base.sql", "SELECT pg_sleep_until(to_timestamp($start));\n\\i $body\n");
		my $h = IPC::Run::start(
			[
				'psql', '-X', '-q', '-A', '-t',
				'-F' => '|',
				'-v' => 'ON_ERROR_STOP=0',
				'-v' => 'VERBOSITY=verbose',
				'-d' => $srv->{node}->connstr('postgres'),
				'-f' => "$base.sql"
			],
			'<' => \'',
			'>' => "$base.out",
			'2>' => "$base.err",
			IPC::Run::timeout($PostgreSQL::Test::Utils::timeout_default));
		push @jobs, [ $srv, $h, $base ];
	}
	my %result;
	for my $job (@jobs)
	{
		my ($srv, $h, $base) = @$job;
		my $ok = $h->finish;
		my $inc = $srv->{inc};
		my $r = $result{ $srv->{name} } = { map { $_ => { values => [], refused => 0 } } @KINDS };
		push @{ $seq->{errors} }, "$inc->{id}, step $seq->{step}: psql failed: " . ($h->full_result // '?')
		  unless $ok;
		for my $line (split /\n/, slurp_file("$base.out"))
		{
			next if $line eq '';
			my ($kind, $value, $f) = split /\|/, $line;
			die "unexpected output of $inc->{id}: $line" unless defined $f && $r->{$kind};
			push @{ $r->{$kind}{values} }, [ $value, $f ];
		}
		$inc->{refusal} = {};
		my $err;
		for my $line (split /\n/, slurp_file("$base.err"))
		{
			if ($line =~ /^psql:(.*?):(\d+): (ERROR|FATAL):  (?:([0-9A-Z]{5}): )?(.*)$/)
			{
				my ($file, $lineno, $state, $msg) = ($1, $2, $4 // '', $5);
				my $kind = $file eq $body ? $KINDS[ ($lineno - 1) % @KINDS ] : undef;
				$err = { kind => $kind, state => $state, msg => $msg, hint => '', detail => '' };
				if ($kind && $state eq '55000')
				{
					$r->{$kind}{refused}++;
					$inc->{refusal}{$kind} //= $err;
				}
				else
				{
					push @{ $seq->{errors} }, "$inc->{id}, step $seq->{step}: $line";
				}
			}
			elsif ($err && $line =~ /^(DETAIL|HINT|LOCATION|CONTEXT):  (.*)$/)
			{
				my ($field, $text) = (lc $1, $2);
				$err->{$field} = $text;
				($err->{code}) = $text =~ /idgen\.node_confirm = '([0-9a-f]{16})'/ if $field eq 'hint';
			}
			elsif ($line =~ /^psql:.*: (WARNING|NOTICE|LOG|INFO):  /)
			{
				$err = undef;
			}
			else
			{
				push @{ $seq->{errors} }, "$inc->{id}, step $seq->{step}: $line";
			}
		}
	}
	return \%result;
}

# Record a round's values and check them against the model
sub check_round
{
	my ($seq, $result) = @_;
	my $step = $seq->{step};
	for my $srv (running_servers($seq))
	{
		my $inc = $srv->{inc};
		my $r = $result->{ $srv->{name} };
		for my $kind (@KINDS)
		{
			my $want = field($inc, $kind);
			$inc->{rounds}{$step}{$kind} =
			  { field => $want, fixed => defined $want ? fixed_at($inc, $kind) : undef };
			my $statements = $seq->{values} / $PER_STATEMENT;
			$seq->{refusals}{$kind} += $r->{$kind}{refused};
			$seq->{statements}{$kind} += $statements;
			if ($r->{$kind}{refused} && !$inc->{recovery} && all_unset($inc, $kind))
			{
				push @{ $seq->{liveness} },
				  "step $step: $inc->{id} is out of recovery with every setting of $kind unset, "
				  . "yet refused $r->{$kind}{refused} of $statements statements: "
				  . "$inc->{refusal}{$kind}{msg} / $inc->{refusal}{$kind}{detail}";
			}
			my $mismatch = 0;
			for my $pair (@{ $r->{$kind}{values} })
			{
				my ($value, $f) = @$pair;
				$seq->{made}++;
				$mismatch++ unless defined $want && $f eq $want;
				$inc->{made}{$kind}{$f} //= $step;
				my $seen = $seq->{seen}{$kind}{$value};
				if (!$seen)
				{
					$seq->{seen}{$kind}{$value} = [ $inc->{idx}, $step ];
					next;
				}
				my ($other, $at) = @$seen;
				my $key = "$kind|$other|$at|$inc->{idx}|$step";
				my $g = $seq->{groups}{$key} //= {
					kind => $kind,
					a => $other,
					sa => $at,
					b => $inc->{idx},
					sb => $step,
					field => $f,
					example => $value,
					count => 0,
				};
				$g->{count}++;
			}
			if ($mismatch)
			{
				my %got;
				$got{ $_->[1] }++ for @{ $r->{$kind}{values} };
				my ($shown) = grep { /^$kind\|/ } split /\n/, $inc->{stats};
				push @{ $seq->{mismatches} },
				  "step $step: $inc->{id} made $mismatch $kind values with fields "
				  . join(', ', map { "$_ ($got{$_})" } sort keys %got)
				  . ' where the model expects ' . ($want // 'a refusal')
				  . "; idgen_stats() showed " . ($shown // "nothing");
			}
		}
	}
	return;
}

sub inc_of
{
	my ($seq, $idx) = @_;
	return $seq->{incs}[$idx];
}

# Judge the values in common that this step's round found.  A failure is
# shown at once, with what it takes to see why.
sub judge_round
{
	my ($seq) = @_;
	my $step = $seq->{step};
	my @failed;
	for my $key (sort grep { $seq->{groups}{$_}{sb} == $step } keys %{ $seq->{groups} })
	{
		my $g = $seq->{groups}{$key};
		my ($x, $y) = (inc_of($seq, $g->{a}), inc_of($seq, $g->{b}));
		my $kind = $g->{kind};
		my $where = sub {
			my ($inc, $at) = @_;
			my $r = $inc->{rounds}{$at}{$kind};
			return "$inc->{id} at step $at (field " . ($r->{field} // 'none') . ', fixed at step '
			  . ($r->{fixed} // '-') . ')';
		};
		if ($g->{a} == $g->{b})
		{
			push @failed,
			  "$kind: $g->{count} values made twice by " . $where->($x, $g->{sa}) . " and at step $g->{sb}, "
			  . "e.g. $g->{example}";
			next;
		}
		my ($p) = parting($x, $y);
		my $what = "$kind: $g->{count} values in common between " . $where->($x, $g->{sa}) . ' and '
		  . $where->($y, $g->{sb}) . ", parted at step $p, e.g. $g->{example} (field $g->{field})";
		my $why = excuse($seq, $kind, $g->{field}, $x, $g->{sa}, $y, $g->{sb});
		if ($why)
		{
			$seq->{excused}{$why} += $g->{count};
			$seq->{excused_groups}{$why}++;
			push @{ $seq->{excused_notes} }, "excused by ($why): $what";
			next;
		}
		push @failed, $what;
	}
	return unless @failed;
	push @{ $seq->{failures} }, @failed;
	diag((defined $seq->{seed} ? "IDGEN_LINEAGE_SEED=$seq->{seed} IDGEN_LINEAGE_RUNS=1 replays this\n" : '')
	  . "$seq->{label}, step $step: values in common that the model does not excuse:\n"
	  . join("\n", @failed) . "\n"
	  . "steps so far:\n  " . join("\n  ", @{ $seq->{steps} }) . "\n"
	  . "idgen_stats() of each server at step $step:\n"
	  . join("\n", map { "$_->{inc}{id}:\n$_->{inc}{stats}" } running_servers($seq)));
	return;
}

# One step: the operator's action, then every server generates
sub step
{
	my ($seq, $op) = @_;
	$seq->{step}++;
	my $what = $op->();
	push @{ $seq->{steps} }, "$seq->{step}: $what";
	note "$seq->{label}: $seq->{step}: $what";
	follow($seq);
	observe($seq);
	my $result = generate($seq);
	check_round($seq, $result);
	judge_round($seq);
	return $result;
}

# A sequence: the initdb'd primary n0, started with idgen preloaded, conf
# lines in its postgresql.conf and auto settings by ALTER SYSTEM (step 0)
sub new_sequence
{
	my (%opt) = @_;
	my $seq = {
		number => ++$sequences,
		label => $opt{label},
		seed => $opt{seed},
		values => $opt{values},
		step => 0,
		steps => [],
		servers => [],
		incs => [],
		seen => {},
		groups => {},
		made => 0,
		refusals => { map { $_ => 0 } @KINDS },
		errors => [],
		mismatches => [],
		liveness => [],
		failures => [],
		excused => { a => 0, b => 0 },
		excused_groups => { a => 0, b => 0 },
		excused_notes => [],
		writers => [],
	};
	my $conf = $opt{conf} // {};
	my $srv = new_server($seq);
	my $node = $srv->{node};
	$node->init(allows_streaming => 1);
	# pg_rewind needs the WAL back to the last checkpoint before the servers'
	# histories part (wal_log_hints is on with allows_streaming)
	$node->append_conf('postgresql.conf',
		"shared_preload_libraries = 'idgen'\nwal_keep_size = 64MB\n"
		  . join('', map { "idgen.$_ = '$conf->{$_}'\n" } sort keys %$conf));
	start($srv);
	$node->safe_psql('postgres', 'CREATE EXTENSION idgen');
	new_writer($seq, new_inc($seq, $srv, conf => $conf, auto => {}, recovery => 0), 1);
	alter($srv, $opt{auto}) if $opt{auto};
	$seq->{sysid} = $node->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
	my $what = 'initdb n0, idgen preloaded'
	  . join('', map { ", idgen.$_ = '$conf->{$_}' in postgresql.conf" } sort keys %$conf)
	  . ($opt{auto} ? ', ALTER SYSTEM ' . describe_changes($opt{auto}) : '');
	push @{ $seq->{steps} }, "0: $what";
	note "$seq->{label}: 0: $what";
	observe($seq);
	check_round($seq, generate($seq));
	judge_round($seq);
	return $seq;
}

# The end of a sequence: its verdicts, its summary, its servers gone
sub end_sequence
{
	my ($seq) = @_;
	my $label = $seq->{label};
	my $replay =
	  defined $seq->{seed} ? "IDGEN_LINEAGE_SEED=$seq->{seed} IDGEN_LINEAGE_RUNS=1 replays it\n" : '';
	my $steps = "steps:\n  " . join("\n  ", @{ $seq->{steps} }) . "\n";
	my @errors = @{ $seq->{errors} };
	is(scalar @errors, 0, "$label: no error but refusals (55000)")
	  or diag($replay . $steps . join("\n", @errors[ 0 .. ($#errors < 19 ? $#errors : 19) ]));
	is(scalar @{ $seq->{mismatches} }, 0, "$label: every value carries the node field the model expects")
	  or diag($replay . $steps . join("\n", @{ $seq->{mismatches} }));
	is(scalar @{ $seq->{failures} }, 0,
		"$label: no value in common between two servers that the model does not excuse")
	  or diag($replay . "(each shown above with its steps and idgen_stats())\n"
		  . join("\n", @{ $seq->{failures} }));
	is(scalar @{ $seq->{liveness} }, 0,
		"$label: no server out of recovery refuses a type whose settings are all unset")
	  or diag($replay . $steps . join("\n", @{ $seq->{liveness} }));
	note sprintf(
		'%s: %d steps, %d servers, %d values; refused statements: %s; '
		  . 'excused values in common: %d (%d groups) by (a), %d (%d groups) by (b)',
		$label, $seq->{step}, scalar @{ $seq->{servers} }, $seq->{made},
		join(', ', map { "$_ $seq->{refusals}{$_}/$seq->{statements}{$_}" } @KINDS),
		$seq->{excused}{a}, $seq->{excused_groups}{a}, $seq->{excused}{b}, $seq->{excused_groups}{b});
	note $_ for @{ $seq->{excused_notes} };
	my $passed = !grep { @{ $seq->{$_} } } qw(errors mismatches failures liveness);
	for my $srv (@{ $seq->{servers} })
	{
		stop($srv) if $srv->{running};
		$srv->{node}->clean_node if $passed;
	}
	return;
}

# The values two servers made at one step in common, for a type
sub in_common
{
	my ($result, $x, $y, $kind) = @_;
	my %made = map { $_->[0] => 1 } @{ $result->{ $x->{name} }{$kind}{values} };
	return scalar grep { $made{ $_->[0] } } @{ $result->{ $y->{name} }{$kind}{values} };
}

# A fixed sequence's check of one step: server s refuses every statement of
# each type (55000), and the two servers share no value
sub refuses_all
{
	my ($seq, $result, $p, $s, $what, @kinds) = @_;
	my $statements = $seq->{values} / $PER_STATEMENT;
	for my $kind (@kinds)
	{
		my $r = $result->{ $s->{name} }{$kind};
		my $refusal = $s->{inc}{refusal}{$kind};
		is( sprintf('%d refused, %d values', $r->{refused}, scalar @{ $r->{values} }),
			"$statements refused, 0 values",
			"$seq->{label}: $what: $GEN{$kind} refuses with 55000 in every statement")
		  or diag("first refusal: "
			  . ($refusal ? "$refusal->{msg}\nDETAIL: $refusal->{detail}\nHINT: $refusal->{hint}" : 'none'));
		is(in_common($result, $p, $s, $kind), 0,
			"$seq->{label}: $what: no $kind value in common with $p->{inc}{id}, made at the same moment");
	}
	return;
}

# ---------------------------------------------------------------------------
# Path 1: a setting that does not change the field.  With the domain '',
# the domain hash is 0 whatever the local id, so a standby given a local id
# still has its primary's siq field, shard 7 with domain hash 0.

{
	my $seq = new_sequence(label => 'path 1', values => $FIXED_VALUES, auto => { siq_shard => 7 });
	my $p = $seq->{servers}[0];
	my $s;
	step($seq, sub { my $w = op_backup($seq, $p, 1); $s = $seq->{servers}[1]; $w });
	my $result = step($seq, sub { op_settings($seq, $s, { siq_local_id => 1 }) });
	is(field($s->{inc}, 'siq'), '7/0', 'path 1: the standby\'s siq field is still shard 7, domain hash 0');
	refuses_all($seq, $result, $p, $s, 'a standby given only siq_local_id = 1', 'siq');
	end_sequence($seq);
}

# Path 2: back to the copied settings.  The primary's 7s are in its
# postgresql.conf, which travels with the base backup; the standby's 8s go
# to its postgresql.auto.conf, which overrides them, and RESET brings the
# copied 7s back.  RESET ALL would also drop the primary_conninfo that -R
# wrote to postgresql.auto.conf: the idgen settings are reset by name.

{
	my %seven = map { $MAIN{$_} => 7 } @KINDS;
	my $seq = new_sequence(label => 'path 2', values => $FIXED_VALUES, conf => \%seven);
	my $p = $seq->{servers}[0];
	my $s;
	my $result = step($seq, sub { my $w = op_backup($seq, $p, 1); $s = $seq->{servers}[1]; $w });
	refuses_all($seq, $result, $p, $s, 'a standby with the copied 7s', @KINDS);

	# 8, or 9 where the primary would derive 8: a field its record may keep
	my $derived = derived_fields($seq->{sysid}, 1, 0);
	my %own = map { $MAIN{ $KINDS[$_] } => $derived->[$_] == 8 ? 9 : 8 } 0 .. $#KINDS;
	$result = step($seq, sub { op_settings($seq, $s, \%own) });
	my $made = $result->{ $s->{name} };
	is( join(' ', map { "$_ $made->{$_}{refused}/" . scalar @{ $made->{$_}{values} } } @KINDS),
		join(' ', map { "$_ 0/$FIXED_VALUES" } @KINDS),
		'path 2: given settings of its own, the standby generates every type');

	$result = step($seq, sub { op_settings($seq, $s, { map { $_ => undef } keys %own }) });
	is(join(' ', map { field($s->{inc}, $_) } @KINDS),
		'7 7/0 7 7', 'path 2: reset, the standby has the copied 7s again');
	refuses_all($seq, $result, $p, $s, 'the standby back to the copied 7s', @KINDS);

	$result = step($seq, sub { op_restart($seq, $s) });
	refuses_all($seq, $result, $p, $s, 'restarted', @KINDS);

	$result = step($seq, sub { op_promote($seq, $s) });
	refuses_all($seq, $result, $p, $s, 'promoted', @KINDS);
	like($s->{inc}{refusal}{sno}{hint} // '', qr/idgen\.node_confirm = '[0-9a-f]{16}'/,
		'path 2: promoted, the hint gives the code that confirms');
	end_sequence($seq);
}

# Path 3: explicit settings equal to the origin's derived fields

{
	my $seq = new_sequence(label => 'path 3', values => $FIXED_VALUES);
	my $p = $seq->{servers}[0];
	my @derived = map { $p->{inc}{observed}{$_} } @KINDS;
	is( join(' ', @derived),
		join(' ', @{ derived_fields($seq->{sysid}, 1, 0) }),
		'path 3: the primary derives the fields of its system identifier on timeline 1');
	my $s;
	step($seq, sub { my $w = op_backup($seq, $p, 1); $s = $seq->{servers}[1]; $w });
	my $result = step($seq,
		sub { op_settings($seq, $s, { map { $MAIN{ $KINDS[$_] } => $derived[$_] } 0 .. $#KINDS }) });
	refuses_all($seq, $result, $p, $s, "a standby set to its primary's derived fields", @KINDS);
	$result = step($seq, sub { op_promote($seq, $s) });
	refuses_all($seq, $result, $p, $s, 'promoted', @KINDS);
	end_sequence($seq);
}

# ---------------------------------------------------------------------------
# Random sequences

sub pick
{
	my (@list) = @_;
	return $list[ int(rand(scalar @list)) ];
}

# Values a node setting is drawn from: few, so that settings meet often;
# for the fields, 1, 2, 7 and the derived fields the servers have shown
# (the first primary's, copies', promoted servers'), in an order that does
# not depend on their values, so that a seed replays the same choices
sub pool
{
	my ($seq, $name) = @_;
	return ('', 'a.example') if $name eq 'siq_domain';
	return (0, 1, 7) if $name eq 'siq_local_id';
	my ($i) = grep { $MAIN{ $KINDS[$_] } eq $name } 0 .. $#KINDS;
	my $kind = $KINDS[$i];
	my @v = (1, 2, 7, derived_fields($seq->{sysid}, 1, 0)->[$i]);
	for my $inc (@{ $seq->{incs} })
	{
		my $main = $inc->{comp}{$kind}{main};
		push @v, $main->{v} if defined $main->{v} && !defined explicit_main($inc, $kind);
	}
	return @v;
}

# Draw one step the state allows and do it; returns the description
sub random_step
{
	my ($seq) = @_;
	my @running = running_servers($seq);
	my @standbys = grep { $_->{inc}{recovery} } @running;
	my @primaries = grep { !$_->{inc}{recovery} } @running;
	my $room = @{ $seq->{servers} } < $MAX_SERVERS;
	my @confirmable = grep {
		my $inc = $_->{inc};
		grep { $inc->{refusal}{$_} && $inc->{refusal}{$_}{code} } @KINDS
	} @primaries;
	my @rewinds;
	for my $source (@primaries)
	{
		push @rewinds,
		  map { [ $_, $source ] } grep { $_ != $source && rewindable($seq, $_, $source) } @running;
	}
	my @ops = (
		($room ? ((['backup -R']) x 3, (['backup']) x 2, (['file copy']) x 2) : ()),
		(@standbys ? (['promote']) x 3 : ()),
		(@rewinds ? (['rewind']) x 2 : ()),
		['restart'],
		['crash'],
		(['settings']) x 6,
		(@confirmable ? (['confirm']) x 3 : ()));
	my $op = pick(@ops)->[0];
	if ($op eq 'backup -R' || $op eq 'backup')
	{
		return op_backup($seq, pick(@running), $op eq 'backup -R');
	}
	return op_file_copy($seq, pick(@running)) if $op eq 'file copy';
	return op_promote($seq, pick(@standbys)) if $op eq 'promote';
	if ($op eq 'rewind')
	{
		my ($target, $source) = @{ pick(@rewinds) };
		return op_rewind($seq, $target, $source, rand() < 0.5);
	}
	return op_restart($seq, pick(@running)) if $op eq 'restart';
	return op_crash($seq, pick(@running)) if $op eq 'crash';
	if ($op eq 'confirm')
	{
		my $srv = pick(@confirmable);
		my ($code) = map { $srv->{inc}{refusal}{$_} ? $srv->{inc}{refusal}{$_}{code} // () : () } @KINDS;
		return op_confirm($seq, $srv, $code);
	}
	my $srv = pick(@running);
	my %changes;
	for (1 .. 1 + int(rand(2)))
	{
		my $name = pick(@SETTING_NAMES);
		$changes{$name} = rand() < 0.25 ? undef : pick(pool($seq, $name));
	}
	return op_settings($seq, $srv, \%changes);
}

for my $run (0 .. $runs - 1)
{
	my $s = $seed + $run;
	srand($s);
	my $started = Time::HiRes::time();
	my $seq = new_sequence(label => "seed $s", seed => $s, values => $RANDOM_VALUES);
	my $steps = 6 + int(rand(5));
	step($seq, sub { random_step($seq) }) for 1 .. $steps;
	end_sequence($seq);
	note sprintf('seed %d: %.0f s', $s, Time::HiRes::time() - $started);
}

done_testing();
