
# The server-wide tick generators at the end of their range: gen_snowflake()
# (2092-09-06) and gen_siq() (36812-02-20).  No clock setting reaches that
# far (idgen.clock_offset spans 24 days), so the high-water mark file puts
# them there: with idgen preloaded, everything below a mark counts as used
# after a restart, and a generator goes on from its mark, here the last
# tick of its range, while the clock reads today.  It issues the values of
# that tick, then refuses with 2200H, saying that it has used up the last
# tick of its range, not that the clock reads outside it.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# The slots of the mark file (IdgenHwmSlot in src/hwm.h)
my $SLOT_SIQ = 2;
my $SLOT_SNOWFLAKE = 4;
# The last tick of each range: milliseconds in 41 bits, 1/65536 s in 56
my $LAST_SNOWFLAKE_MS = (1 << 41) - 1;
my $LAST_SIQ_TICK = (1 << 56) - 1;

my $node = idgen_node('range_end', preload => 1);
configure($node, snowflake_node => 1023);
$node->safe_psql('postgres', q{SELECT gen_snowflake(), gen_siq('user')});
$node->stop;

# The file a clean shutdown wrote, with the two marks moved to the last tick
my $hwm = $node->data_dir . '/idgen.hwm';
my ($magic, $nmarks) = unpack 'LL', read_bytes($hwm);
cmp_ok($nmarks, '>', $SLOT_SNOWFLAKE, 'the mark file has a slot for snowflake');
my @marks = unpack "x8 Q$nmarks", read_bytes($hwm);
$marks[$SLOT_SIQ] = $LAST_SIQ_TICK;
$marks[$SLOT_SNOWFLAKE] = $LAST_SNOWFLAKE_MS;
my $body = pack 'LLQ*', $magic, $nmarks, @marks;
write_bytes($hwm, $body . pack('L', crc32c($body)));
$node->start;

# snowflake: the 4,096 values of the last millisecond, the last of them the
# largest bigint (node 1023, sequence 4095); then a refusal, at every call
my ($out, $err) = run_script($node, q{
	SET timezone = 'UTC';
	CREATE TABLE last_ms AS SELECT n, gen_snowflake() AS id FROM generate_series(1, 4096) n;
	SELECT gen_snowflake();
	SELECT gen_snowflake();
});
is( $node->safe_psql('postgres', q{
		SELECT count(DISTINCT id), min(id) = snowflake_from_parts('2092-09-06 15:47:35.551+00', 1023, 0),
		       max(id), count(*) FILTER (WHERE id <= prev)
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM last_ms) s}),
	'4096|t|9223372036854775807|0',
	'snowflake: the 4,096 values of the last millisecond, increasing, up to the largest bigint');
my $refusal = "ERROR:  2200H: the generator of snowflake ids has reached the end of its range\n"
  . "DETAIL:  It has used up the last millisecond of its range, 2092-09-06 15:47:35.551+00, which the clock has not passed.\n";
like($err, qr/\Q$refusal\E/,
	'snowflake: the next call says the last millisecond is used up (2200H)');
my @refusals = $err =~ /ERROR:  2200H: the generator of snowflake ids/g;
is(scalar(@refusals), 2, 'snowflake: and so does the call after it');
unlike($err, qr/clock reads outside/, 'snowflake: no word of a clock outside the range');

# siq: the 2,048 serials of kind user in the last tick, then a refusal;
# another kind still has the serials of its own counter in that tick
($out, $err) = run_script($node, q{
	SET timezone = 'UTC';
	CREATE TABLE last_tick AS SELECT n, gen_siq('user') AS id FROM generate_series(1, 2048) n;
	SELECT gen_siq('user');
	SELECT siq_extract_kind(gen_siq('content'));
});
is( $node->safe_psql('postgres', q{
		SELECT count(DISTINCT id), count(*) FILTER (WHERE siq_extract_timestamp(id) <> '36812-02-20 00:36:15.999984+00'),
		       count(*) FILTER (WHERE id <= prev)
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM last_tick) s}),
	'2048|0|0', 'siq: the 2,048 values of kind user in the last tick, increasing');
$refusal = "ERROR:  2200H: the generator of type siq has reached the end of its range\n"
  . "DETAIL:  It has used up the last tick (1/65536 s) of its range, 36812-02-20 00:36:15.999984+00, which the clock has not passed.\n";
like($err, qr/\Q$refusal\E/,
	'siq: the next value of kind user is refused, saying the last tick is used up (2200H)');
@refusals = $err =~ /ERROR: /g;
is(scalar(@refusals), 1, 'siq: kind content still has values in the last tick');
like($out, qr/^content$/m, '... and gets one');

$node->stop;
done_testing();
