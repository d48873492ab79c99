
# Crash cycles (idgen preloaded): twenty cycles, each of three new sessions
# generating every type at once, then a crash: a backend killed (the
# server reinitialises) or the postmaster killed and started again, in
# turn; every third cycle the sessions' clocks are 30 s back.  No session
# sees an error, no value repeats, and each cycle's siq (per kind) and
# muid bundles are above every value issued in the cycles before it: the
# marks on disk hold them above what was issued before each crash, also
# with the clock 30 s back (when sno, on its other timeline, sorts below
# the cycle before).

use strict;
use warnings;

use IPC::Run;
use POSIX ':sys_wait_h';
use Time::HiRes;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $cycles = 20;

# A postmaster killed with SIGKILL must be reaped before a new one starts:
# its pid in postmaster.pid would still be taken.  pg_ctl leaves it to the
# init process, which in a container may never reap it; on Linux this
# process adopts it instead (a child subreaper) and reaps it below.
eval {
	require 'syscall.ph';
	syscall(&SYS_prctl, 36, 1, 0, 0, 0);    # PR_SET_CHILD_SUBREAPER
};

my $node = idgen_node('crash_cycles', preload => 1, conf => 'restart_after_crash = on', sql => q{
	CREATE TABLE ids_wiji (id wiji PRIMARY KEY, cycle integer NOT NULL);
	CREATE TABLE ids_ulid (id ulid PRIMARY KEY, cycle integer NOT NULL);
	CREATE TABLE ids_sno (id sno PRIMARY KEY, cycle integer NOT NULL);
	CREATE TABLE ids_siq (id siq PRIMARY KEY, kind text NOT NULL, cycle integer NOT NULL);
	CREATE TABLE ids_muid (id muid PRIMARY KEY, cycle integer NOT NULL);
});

# What each of the three sessions of a cycle inserts: 2,000 values of each
# type (siq: of two kinds; muid: 20 transactions of 100), every statement
# bounded by a statement timeout
my $dir = PostgreSQL::Test::Utils::tempdir();
my $generate = "SET statement_timeout = '20s';\n"
  . join('',
	map { "INSERT INTO ids_$_ (id, cycle) SELECT gen_$_(), :cycle FROM generate_series(1, 2000);\n" }
	  qw(wiji ulid sno))
  . join('',
	map { "INSERT INTO ids_siq (id, kind, cycle) SELECT gen_siq('$_'), '$_', :cycle FROM generate_series(1, 2000);\n" }
	  qw(event user))
  . "INSERT INTO ids_muid (id, cycle) SELECT gen_muid(), :cycle FROM generate_series(1, 100);\n" x 20;
PostgreSQL::Test::Utils::append_to_file("$dir/now.sql", $generate);
PostgreSQL::Test::Utils::append_to_file("$dir/back.sql",
	"SET idgen.clock_offset = '-30s';\n" . $generate);

# Three sessions at once, once each; returns what went wrong, if anything
sub generate
{
	my ($cycle, $script) = @_;
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(
		[ 'pgbench', '--no-vacuum', '--client=3', '--jobs=3', '--transactions=1',
		  '--define', "cycle=$cycle", '--file', "$dir/$script",
		  $node->connstr('postgres') ],
		'>', \$out, '2>', \$err);
	return '' if $ok && $err eq '' && $out =~ /^number of transactions actually processed: 3\/3$/m;
	return "cycle $cycle: pgbench " . ($ok ? 'succeeded' : 'failed') . "\n$out$err";
}

# Kill the postmaster with SIGKILL, wait until it and its children have
# gone (they leave on noticing its death; a new postmaster refuses to start
# while any is attached to the old shared memory), and start it again.
# Returns whether the new server went through crash recovery.
sub kill_postmaster
{
	my $offset = -s $node->logfile;
	my @pids = split /\n/,
	  $node->safe_psql('postgres', 'SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()');
	push @pids, $node->{_pid};
	$node->kill9;
	my $deadline = Time::HiRes::time() + $PostgreSQL::Test::Utils::timeout_default;
	while (grep { waitpid($_, WNOHANG) == 0 || kill(0, $_) } @pids)
	{
		die 'the postmaster\'s children did not exit' if Time::HiRes::time() > $deadline;
		Time::HiRes::usleep(50_000);
	}
	$node->start;
	return $node->log_contains('database system was not properly shut down; automatic recovery in progress',
		$offset);
}

my (@errors, @crashes);
my $start = Time::HiRes::time();
for my $cycle (1 .. $cycles)
{
	my $back = $cycle % 3 == 0;
	push @errors, generate($cycle, $back ? 'back.sql' : 'now.sql');
	if ($cycle % 2)
	{
		push @crashes, 'backend:' . (crash_backend($node) ? 'reinitialised' : 'not seen');
	}
	else
	{
		push @crashes, 'postmaster:' . (kill_postmaster() ? 'recovered' : 'not seen');
	}
}
note(sprintf('%d cycles in %.1f s', $cycles, Time::HiRes::time() - $start));
is(join('', @errors), '', 'no session saw an error in any cycle');
is(join(' ', @crashes),
	join(' ', map { $_ % 2 ? 'backend:reinitialised' : 'postmaster:recovered' } 1 .. $cycles),
	'every cycle ended in a crash, of a backend or of the postmaster in turn');

# Every value is there once
for my $type (qw(wiji ulid sno siq muid))
{
	my $per_cycle = $type eq 'siq' ? 12000 : 6000;
	is( $node->safe_psql('postgres', qq{
			SELECT count(*), count(DISTINCT id), count(DISTINCT cycle) FROM ids_$type}),
		join('|', $per_cycle * $cycles, $per_cycle * $cycles, $cycles),
		"$type: " . ($per_cycle * $cycles) . " distinct values from $cycles cycles");
}

# siq (per kind) and muid bundles: each cycle's lowest above every earlier
# cycle's highest
is( $node->safe_psql('postgres', qq{
		SELECT string_agg(format('%s %s', k, c), ', ' ORDER BY k, c)
		FROM generate_series(2, $cycles) c, (VALUES ('event'), ('user')) v(k)
		WHERE (SELECT min(id) FROM ids_siq WHERE cycle = c AND kind = k)
		      <= (SELECT max(id) FROM ids_siq WHERE cycle < c AND kind = k)}),
	'', 'siq: every cycle above all earlier cycles, for each kind');
is( $node->safe_psql('postgres', qq{
		SELECT string_agg(c::text, ', ' ORDER BY c)
		FROM generate_series(2, $cycles) c
		WHERE (SELECT min(muid_bundle(id)) FROM ids_muid WHERE cycle = c)
		      <= (SELECT max(muid_bundle(id)) FROM ids_muid WHERE cycle < c)}),
	'', 'muid: every cycle\'s bundles above all earlier cycles\' bundles');
is( $node->safe_psql('postgres', q{
		SELECT count(*), count(*) FILTER (WHERE rows = 100 AND lo = 1 AND hi = 100)
		FROM (SELECT count(*) AS rows, min(muid_extract_offset(id)) AS lo, max(muid_extract_offset(id)) AS hi
		      FROM ids_muid GROUP BY muid_bundle(id)) b}),
	join('|', 60 * $cycles, 60 * $cycles), 'muid: 60 bundles a cycle, each of offsets 1 to 100');

# The cycles 30 s back were so: sno stepped back (the other tick-tock
# timeline, whose values sort below the cycle before), siq and muid did not
# (their values stayed above, ahead of the sessions' clocks)
is( $node->safe_psql('postgres', qq{
		SELECT string_agg(c::text, ',' ORDER BY c)
		FROM generate_series(2, $cycles) c
		WHERE (SELECT max(id) FROM ids_sno WHERE cycle = c) < (SELECT min(id) FROM ids_sno WHERE cycle = c - 1)}),
	join(',', grep { $_ % 3 == 0 } 2 .. $cycles),
	'sno: the cycles with the clock 30 s back, and only they, sort below the cycle before');

$node->stop;
done_testing();
