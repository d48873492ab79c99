
# No value made after a crash is more than the window (1.2 s) ahead of the
# clock at the moment it is made, however quickly the server comes back, and
# every one is above the values made before the crash (idgen preloaded).
# Values that run at the window's edge leave a mark on disk up to a quarter
# of a window further ahead (1.33 to 1.49 s at a crash); a server back within
# about 0.3 s waits for the clock to come within the window of the mark
# before its first value, rather than start past the window.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# A sequence slice of 4, so that a burst of gen_sno() outruns its units; a
# short idle period, after which the worker writes no mark
my $node = idgen_node('crash_lead', preload => 1,
	conf => "restart_after_crash = on\nidgen.sno_sequence_max = 3\nidgen.worker_idle = 1");

# Each generator with a mark: its column type, call, the extractor of its
# time, and its slot in the mark file with the slot's units a second
my %gen = (
	sno => { type => 'sno', call => 'gen_sno()', time => 'sno_extract_timestamp' },
	siq => { type => 'siq', call => "gen_siq('user')", time => 'siq_extract_timestamp',
		slot => 2, per_s => 65536 },
	muid => { type => 'muid', call => 'gen_muid()', time => 'muid_extract_timestamp',
		slot => 3, per_s => 1_000_000 },
	snowflake => { type => 'bigint', call => 'gen_snowflake()',
		time => 'snowflake_extract_timestamp' });

# A burst of n values: the last, and how far ahead of the clock it was
# when the statement ended
sub burst
{
	my ($g, $n) = @_;
	my $x = $gen{$g};
	return split /\|/, $node->safe_psql('postgres', qq{
		SELECT max(v), extract(epoch FROM $x->{time}(max(v)) - clock_timestamp())
		FROM (SELECT $x->{call} AS v FROM generate_series(1, $n)) b});
}

# After the crash: whether the first 1,000 values (sno: 100, muid: one, a
# bundle) are
# all above last, and the most any of them was ahead of the clock read just
# after it
sub first_after
{
	my ($g, $last) = @_;
	my $x = $gen{$g};
	my $n = { muid => 1, sno => 100 }->{$g} // 1000;
	my $start = Time::HiRes::time();
	my ($above, $lead) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT min(v) > '$last'::$x->{type}, max(extract(epoch FROM $x->{time}(v) - t))
		FROM (SELECT $x->{call} AS v, clock_timestamp() AS t FROM generate_series(1, $n)) a});
	note sprintf('%s: the first values after the crash took %.3f s; they ran up to %.3f s ahead of the clock',
		$g, Time::HiRes::time() - $start, $lead);
	return ($above, $lead);
}

# snowflake: bursts of 6,000,000 values until the last is at the edge of the
# window (about 1 s each, when the calls are not held back), then a crash at
# once
my ($last, $lead);
for (1 .. 6)
{
	($last, $lead) = burst('snowflake', 6_000_000);
	last if $lead >= 1.15;
}
note sprintf('snowflake: the last value of the burst was %.3f s ahead of the clock', $lead);
cmp_ok($lead, '>=', 1.15, 'snowflake: the bursts reached the edge of the window');
ok(crash_backend($node), 'snowflake: the server went through crash recovery');
my ($above, $after) = first_after('snowflake', $last);
is($above, 't', 'snowflake: the first values after the crash are above every value before it');
cmp_ok($after, '<=', 1.2, 'snowflake: and none is more than 1.2 s ahead of the clock');

# sno runs ahead only after a crash, from its mark: a crash, then a burst
# that reaches the edge of the window (4 values a 4 ms unit), then a crash
# at once.  The server must go on above every value, on the same tick-tock
# timeline, not toggle to the other one below them.
burst('sno', 100);
ok(crash_backend($node), 'sno: the server went through crash recovery');
($last, $lead) = burst('sno', 2000);
note sprintf('sno: the last value of the burst was %.3f s ahead of the clock', $lead);
cmp_ok($lead, '>=', 1.1, 'sno: the burst reached the edge of the window');
ok(crash_backend($node), 'sno: the server went through crash recovery again');
($above, $after) = first_after('sno', $last);
is($above, 't', 'sno: the first values after the crash are above every value before it');
cmp_ok($after, '<=', 1.2, 'sno: and none is more than 1.2 s ahead of the clock');

# siq and muid cannot reach the edge from SQL (siq: 2,048 serials in
# 1/65,536 s; muid: a transaction a microsecond): their marks are written
# 1.45 s ahead of the clock, where a burst at the edge leaves a mark, once
# the worker has gone idle and writes none, and the server crashes at once
my %last;
$last{siq} = (burst('siq', 10000))[0];
$last{muid} = (burst('muid', 1))[0];
sleep 3;
my $hwm = $node->data_dir . '/idgen.hwm';
my $data = read_bytes($hwm);
my ($magic, $nmarks) = unpack 'LL', $data;
my @marks = unpack "x8 Q$nmarks", $data;
my $now = Time::HiRes::time();
for my $g ('siq', 'muid')
{
	my $mark = int(($now + 1.45) * $gen{$g}{per_s});
	$marks[ $gen{$g}{slot} ] = $mark if $mark > $marks[ $gen{$g}{slot} ];
}
my $body = pack 'LLQ*', $magic, scalar(@marks), @marks;
write_bytes($hwm, $body . pack('L', crc32c($body)));
ok(crash_backend($node), 'siq and muid: the server went through crash recovery');
for my $g ('siq', 'muid')
{
	($above, $after) = first_after($g, $last{$g});
	is($above, 't', "$g: the first values after the crash are above every value before it");
	cmp_ok($after, '<=', 1.2, "$g: and none is more than 1.2 s ahead of the clock");
}

$node->stop;
done_testing();
