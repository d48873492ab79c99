
# The idgen worker (idgen preloaded): it is named in pg_stat_activity,
# writes nothing while the generators are idle, and keeps the marks of
# sno, siq, muid and snowflake ahead so that in steady use, slow or fast, no caller
# writes the mark file (each write is counted from its DEBUG1 log line).
# Terminated during load, the callers renew the marks themselves, no
# client sees an error, no value repeats, and it comes back.  Killed with
# SIGKILL, the server restarts as after any backend's crash, with no
# repeat afterwards.  Then crash cycles under load, the postmaster killed
# (every other time with the worker at the same instant): no value
# repeats, each cycle's siq, muid and snowflake values are above the
# cycles' before,
# and none runs more than the window (1.2 s) ahead of the clock.  Idle:
# a call within idgen.worker_idle finds its mark ahead; that long after the
# last value the worker stops writing, and the next call writes the mark.  A standby
# has no worker; promoted, it has one.

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

# A killed postmaster is reaped here (see t/017_crash_cycles.pl)
eval {
	require 'syscall.ph';
	syscall(&SYS_prctl, 36, 1, 0, 0, 0);    # PR_SET_CHILD_SUBREAPER
};

my $node = PostgreSQL::Test::Cluster->new('mark_worker');
$node->init;
$node->append_conf('postgresql.conf',
	"shared_preload_libraries = 'idgen'\nrestart_after_crash = on\nlog_min_messages = debug1");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idgen;
	CREATE TABLE ids (s sno NOT NULL, q siq NOT NULL, m muid NOT NULL, f bigint NOT NULL,
	                  t timestamptz NOT NULL, phase integer NOT NULL);
});

my $dir = PostgreSQL::Test::Utils::tempdir();
PostgreSQL::Test::Utils::append_to_file("$dir/insert.sql",
	"INSERT INTO ids VALUES (gen_sno(), gen_siq('event'), gen_muid(), gen_snowflake(), clock_timestamp(), :phase);\n");

# Mark-file writes logged since offset in the server log: [by callers, by the worker]
sub writes
{
	my ($offset) = @_;
	my $log = PostgreSQL::Test::Utils::slurp_file($node->logfile, $offset);
	my $callers = () = $log =~ /high-water marks written by a caller$/mg;
	my $worker = () = $log =~ /high-water marks written by the worker$/mg;
	return [ $callers, $worker ];
}

sub worker_pid
{
	return $node->safe_psql('postgres',
		q{SELECT pid FROM pg_stat_activity WHERE backend_type = 'idgen worker'});
}

# pgbench inserting rows of phase for seconds at rate a second (2 clients);
# started in the background, returns the harness and its output refs
sub load_start
{
	my ($phase, $seconds, $rate) = @_;
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start(
		[ 'pgbench', '--no-vacuum', '--client=2', '--jobs=2', "--time=$seconds",
		  "--rate=$rate", '--define', "phase=$phase", '--file', "$dir/insert.sql",
		  $node->connstr('postgres') ],
		'>', \$out, '2>', \$err);
	return [ $h, \$out, \$err ];
}

# Wait for a load; '' if it ran without an error, else what it printed
sub load_finish
{
	my ($load) = @_;
	my ($h, $out, $err) = @$load;
	my $ok = eval { $h->finish; 1 } && $h->result == 0;
	return '' if $ok && $$err eq '' && $$out =~ /^number of failed transactions: 0 /m;
	return "pgbench " . ($ok ? 'succeeded' : 'failed') . "\n$$out$$err";
}

# No value repeats; none more than the window ahead of the clock
sub check_unique
{
	my ($label) = @_;
	is( $node->safe_psql('postgres', q{
			SELECT count(*) = count(DISTINCT s), count(*) = count(DISTINCT q), count(*) = count(DISTINCT m),
			       count(*) = count(DISTINCT f),
			       max(greatest(sno_extract_timestamp(s), siq_extract_timestamp(q), muid_extract_timestamp(m),
			                    snowflake_extract_timestamp(f)) - t)
			         <= interval '1.2 s'
			FROM ids}),
		't|t|t|t|t', "$label: no sno, siq, muid or snowflake value repeats, none more than 1.2 s ahead of the clock");
	return;
}

# 1. The worker, named, idle: no write while nothing is generated
is($node->safe_psql('postgres', q{
		SELECT backend_type, wait_event_type FROM pg_stat_activity WHERE backend_type = 'idgen worker'}),
	'idgen worker|Extension', 'the worker is named in pg_stat_activity, and sleeps');
my $offset = -s $node->logfile;
sleep 2;
is_deeply(writes($offset), [ 0, 0 ], 'idle: no mark-file write by anyone');

# 2. Steady use.  The first call of each generator after start finds no
# mark ahead and writes it (one write each); from then on only the worker
# writes: five rows 1.5 s apart, then 3 s of 200 rows a second.
$offset = -s $node->logfile;
$node->safe_psql('postgres',
	q{INSERT INTO ids VALUES (gen_sno(), gen_siq('event'), gen_muid(), gen_snowflake(), clock_timestamp(), 0)});
is(writes($offset)->[0], 4, 'first calls: each generator wrote its first mark');
$offset = -s $node->logfile;
for (1 .. 5)
{
	Time::HiRes::sleep(1.5);
	$node->safe_psql('postgres',
		q{INSERT INTO ids VALUES (gen_sno(), gen_siq('event'), gen_muid(), gen_snowflake(), clock_timestamp(), 1)});
}
is(load_finish(load_start(1, 3, 200)), '', 'steady use: no error');
my $w = writes($offset);
is($w->[0], 0, 'steady use, one row every 1.5 s, then 200 a second: no caller wrote the mark file');
cmp_ok($w->[1], '>=', 8, "steady use: the worker wrote it ($w->[1] times in about 10 s)");

# 3. The worker terminated during load: the callers renew the marks
my $pid = worker_pid();
my $load = load_start(2, 9, 200);
sleep 2;
$offset = -s $node->logfile;
is($node->safe_psql('postgres', "SELECT pg_terminate_backend($pid)"), 't', 'terminate the worker');
is(load_finish($load), '', 'worker terminated during load: no client saw an error');
cmp_ok(writes($offset)->[0], '>', 0, 'while the worker was gone, callers wrote the marks');
ok($node->poll_query_until('postgres',
		qq{SELECT count(*) = 1 FROM pg_stat_activity WHERE backend_type = 'idgen worker' AND pid <> $pid}),
	'the worker came back');
check_unique('worker terminated');

# 4. SIGKILL of the worker: the server restarts, as after any backend's crash
$pid = worker_pid();
$offset = -s $node->logfile;
kill 'KILL', $pid;
for my $line ('all server processes terminated; reinitializing',
	'database system is ready to accept connections')
{
	$node->wait_for_log(qr/\Q$line\E/, $offset);
}
ok($node->log_contains(qr/background worker "idgen worker" \(PID $pid\) was terminated by signal 9/, $offset),
	'SIGKILL of the worker: the postmaster saw it killed');
$node->poll_query_until('postgres', 'SELECT 1', '1') or die 'the server did not come back';
is(load_finish(load_start(3, 2, 200)), '', 'after the restart: no error');
is( $node->safe_psql('postgres', q{
		SELECT (SELECT min(q) FROM ids WHERE phase = 3) > (SELECT max(q) FROM ids WHERE phase < 3),
		       (SELECT min(muid_bundle(m)) FROM ids WHERE phase = 3) > (SELECT max(muid_bundle(m)) FROM ids WHERE phase < 3),
		       (SELECT min(s) FROM ids WHERE phase = 3) > (SELECT max(s) FROM ids WHERE phase < 3),
		       (SELECT min(f) FROM ids WHERE phase = 3) > (SELECT max(f) FROM ids WHERE phase < 3)}),
	't|t|t|t', 'after the restart: sno, siq, muid and snowflake values above every earlier one');
check_unique('worker killed');
ok($node->poll_query_until('postgres',
		q{SELECT count(*) = 1 FROM pg_stat_activity WHERE backend_type = 'idgen worker'}),
	'the worker is back after the restart');

# 5. Crash cycles: under load, with the worker writing the marks every
# 0.6 s, the postmaster killed at a moment 1 to 2.5 s into the load (every
# other cycle the worker too, at the same instant, so that a write of its
# may be cut short), then started again.  Loads cut off by the crash fail.
sub kill_postmaster
{
	my ($with_worker) = @_;
	my @pids = split /\n/,
	  $node->safe_psql('postgres', 'SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()');
	my $worker = worker_pid();
	push @pids, $node->{_pid};
	kill 'KILL', $worker if $with_worker && $worker ne '';
	$node->kill9;
	my $deadline = Time::HiRes::time() + $PostgreSQL::Test::Utils::timeout_default;
	while (grep { waitpid($_, WNOHANG) == 0 || kill(0, $_) } @pids)
	{
		die 'the postmaster\'s children did not exit' if Time::HiRes::time() > $deadline;
		Time::HiRes::usleep(50_000);
	}
	$node->start;
	return;
}

my $cycles = 8;
my @active;
for my $cycle (1 .. $cycles)
{
	my $phase = 10 + $cycle;
	$load = load_start($phase, 5, 200);
	Time::HiRes::sleep(1 + rand(1.5));
	push @active, worker_pid() ne '' ? 'worker' : 'none';
	kill_postmaster($cycle % 2 == 0);
	load_finish($load);
}
is(join(' ', @active), join(' ', ('worker') x $cycles), 'the worker ran when each crash came');
is($node->safe_psql('postgres', 'SELECT count(DISTINCT phase) FROM ids WHERE phase > 10'),
	$cycles, 'every crash cycle inserted rows');
check_unique('crash cycles');
is( $node->safe_psql('postgres', qq{
		SELECT string_agg(p::text, ',' ORDER BY p)
		FROM generate_series(12, 10 + $cycles) p
		WHERE (SELECT min(q) FROM ids WHERE phase = p) <= (SELECT max(q) FROM ids WHERE phase < p)
		   OR (SELECT min(muid_bundle(m)) FROM ids WHERE phase = p)
		      <= (SELECT max(muid_bundle(m)) FROM ids WHERE phase < p)
		   OR (SELECT min(f) FROM ids WHERE phase = p) <= (SELECT max(f) FROM ids WHERE phase < p)}),
	'', 'crash cycles: each cycle\'s siq, muid and snowflake values above every earlier cycle\'s');

# 6. Idle.  A call within idgen.worker_idle of the last still finds its
# mark ahead: the worker keeps writing that long after a generator's last
# value, then stops, and the next call writes the mark itself (one write
# for each generator).  The period is two minutes unless set; here it is
# set to 20 s with a reload, which the worker reads at once.
is($node->safe_psql('postgres', 'SHOW idgen.worker_idle'), '2min', 'the idle period is two minutes by default');
$node->safe_psql('postgres', "ALTER SYSTEM SET idgen.worker_idle = '20s'; SELECT pg_reload_conf()");
is(load_finish(load_start(30, 1, 200)), '', 'a last second of load');
my $last = Time::HiRes::time();

# 7. A standby has no worker; once promoted, it has one (while the
# generators of the first server stand idle)
my $primary = PostgreSQL::Test::Cluster->new('mark_worker_primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'idgen'");
$primary->start;
$primary->backup('b');
my $standby = PostgreSQL::Test::Cluster->new('mark_worker_standby');
$standby->init_from_backup($primary, 'b', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);
is($primary->safe_psql('postgres',
		q{SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'idgen worker'}),
	'1', 'the primary has the worker');
is($standby->safe_psql('postgres',
		q{SELECT pg_is_in_recovery(), count(*) FROM pg_stat_activity WHERE backend_type = 'idgen worker'}),
	't|0', 'a standby has none');
$standby->promote;
ok($standby->poll_query_until('postgres',
		q{SELECT count(*) = 1 FROM pg_stat_activity WHERE backend_type = 'idgen worker'}),
	'promoted, it has one');
$standby->stop;
$primary->stop;

sub sleep_until
{
	my ($t) = @_;
	my $left = $t - Time::HiRes::time();
	Time::HiRes::sleep($left) if $left > 0;
	return;
}
sleep_until($last + 10);
$offset = -s $node->logfile;
sleep_until($last + 15);
$w = writes($offset);
is($w->[0], 0, 'idle for 15 s of 20: no caller wrote');
cmp_ok($w->[1], '>=', 3, "idle for 15 s of 20: the worker still wrote ($w->[1] times in 5 s)");
$offset = -s $node->logfile;
$node->safe_psql('postgres',
	q{INSERT INTO ids VALUES (gen_sno(), gen_siq('event'), gen_muid(), gen_snowflake(), clock_timestamp(), 31)});
$last = Time::HiRes::time();
is(writes($offset)->[0], 0, 'a call after 15 s found its mark ahead');
sleep_until($last + 22);
$offset = -s $node->logfile;
sleep_until($last + 26);
is_deeply(writes($offset), [ 0, 0 ], 'idle for 20 s: nobody writes');
is($node->safe_psql('postgres',
		q{SELECT wait_event_type FROM pg_stat_activity WHERE backend_type = 'idgen worker'}),
	'Extension', 'the worker sleeps');
$offset = -s $node->logfile;
$node->safe_psql('postgres',
	q{INSERT INTO ids VALUES (gen_sno(), gen_siq('event'), gen_muid(), gen_snowflake(), clock_timestamp(), 32)});
is(writes($offset)->[0], 4, 'the first call after it writes each generator\'s mark');
check_unique('idle');
$node->stop;
done_testing();
