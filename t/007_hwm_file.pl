
# The sno high-water mark file (idgen preloaded) when it cannot be trusted:
# a file of the wrong size, with a damaged mark, with the wrong magic number
# or that cannot be read is not taken for a missing one.  gen_sno() refuses with 55000 (and
# the server log says why) until the file is restored or removed, which
# takes effect at the next call, without a restart; a clean shutdown leaves
# the damaged file alone.  Marks a newer version wrote are kept.  A
# temporary file in the way is reported while it cannot be written, and
# written over whole, a longer one too, when it can.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $magic = 0x69644857;

# A file's contents: magic, nmarks, the marks, the stored CRC and whether it
# matches (native byte order, as the server writes it)
sub parse_hwm
{
	my ($data) = @_;
	my %f;
	@f{qw(magic nmarks)} = unpack 'LL', $data;
	$f{marks} = [ unpack "x8 Q$f{nmarks}", $data ];
	$f{size_ok} = length($data) == 8 + 8 * $f{nmarks} + 4;
	$f{crc} = unpack 'L', substr($data, -4);
	$f{crc_ok} = crc32c(substr($data, 0, -4)) == $f{crc};
	return \%f;
}

# A file with the given marks and a correct CRC
sub make_hwm
{
	my (@marks) = @_;
	my $body = pack 'LLQ*', $magic, scalar(@marks), @marks;
	return $body . pack('L', crc32c($body));
}

is(sprintf('0x%08x', crc32c('123456789')), '0xe3069283',
	'CRC-32C of the standard check string');

my $node = idgen_node('hwm_file', preload => 1,
	sql => 'CREATE TABLE ids (id sno PRIMARY KEY, phase integer);');
my $hwm = $node->data_dir . '/idgen.hwm';

# A query in a background session; returns its stderr
sub session_query
{
	my ($session, $sql) = @_;
	$session->{stderr} = '';
	$session->query($sql);
	my $err = $session->{stderr};
	$session->{stderr} = '';
	return $err;
}

sub phase_count
{
	my ($phase) = @_;
	return $node->safe_psql('postgres', "SELECT count(*) FROM ids WHERE phase = $phase");
}

# The whole refusal, as psql prints it with VERBOSITY=verbose
sub refusal
{
	my ($problem) = @_;
	my $text = 'ERROR:  55000: high-water mark file "idgen.hwm" cannot be trusted' . "\n"
	  . "DETAIL:  $problem Without it, values issued before the server started could be issued again.\n"
	  . 'HINT:  Restore the file from a backup, or remove it once the clock is known to be past every value issued before';
	return qr/\Q$text\E/;
}

# Start the server and check that its log says the file cannot be trusted
sub start_untrusted
{
	my ($label, $problem) = @_;
	my $offset = -s $node->logfile;
	$node->start;
	ok( $node->log_contains(
			qr/LOG:  high-water mark file "idgen\.hwm" cannot be trusted; the server-wide generators refuse until it is resolved\n.*DETAIL:  \Q$problem\E\n/,
			$offset),
		"$label: the server log says the file cannot be trusted, and why");
	return;
}

# 1. Values over 3 s, so that they cover the recent past; a clean shutdown
# then writes the exact marks
sno_for($node, 3, 1);
$node->stop;
ok(-f $hwm, 'the high-water mark file exists after a clean shutdown');
my $good = read_bytes($hwm);
my $f = parse_hwm($good);
# This version's slots: sno tick and tock first, then the other generators'
my $nslots = $f->{nmarks};
cmp_ok($nslots, '>=', 2, 'the file holds the two sno marks, and those of the other generators');
is(length($good), 8 + 8 * $nslots + 4, 'it holds a header, the marks and a CRC');
is($f->{magic}, $magic, 'it starts with the magic number');
ok($f->{crc_ok}, 'the CRC-32C computed here matches the one the server stored');
cmp_ok($f->{marks}[0], '>', 0, 'the tick mark is set');
is($f->{marks}[1], 0, 'the tock timeline was not used');

# 2. Each kind of damage: 55000 on every call, nothing issued, and the
# damaged file left alone at a clean shutdown
my @damages = (
	[
		'truncated to 20 bytes',
		sub { substr($_[0], 0, 20) },
		'Its size, 20 bytes, does not match its header.'
	],
	[
		'a flipped bit in a mark',
		sub { my $d = $_[0]; substr($d, 8, 1) = chr(ord(substr($d, 8, 1)) ^ 0x01); $d },
		'Its checksum does not match its contents.'
	],
	[
		'the wrong magic number',
		sub { my $d = $_[0]; substr($d, 0, 4) = pack('L', 0xdeadbeef); $d },
		'It starts with 0xdeadbeef, not the magic number 0x69644857.'
	],);
my $phase = 10;
for my $damage (@damages)
{
	my ($label, $mangle, $problem) = @$damage;
	$phase++;
	write_bytes($hwm, $good);
	my $damaged = $mangle->($good);
	write_bytes($hwm, $damaged);
	start_untrusted($label, $problem);

	my ($out, $err) = run_script($node, qq{
		SET idgen.clock_offset = '-5s';
		INSERT INTO ids SELECT gen_sno(), $phase FROM generate_series(1, 1000);
		SELECT gen_sno();
		SELECT gen_siq('user');
		SELECT gen_muid();
	});
	like($err, refusal($problem), "$label: gen_sno() raises 55000 with what is wrong");
	my @errors = $err =~ /ERROR:  55000: high-water mark file/g;
	is(scalar(@errors), 4,
		"$label: and again on the next call, and so do gen_siq() and gen_muid(), whose marks are in the same file");
	is(phase_count($phase), '0', "$label: nothing was inserted");

	$node->stop;
	ok(read_bytes($hwm) eq $damaged,
		"$label: a clean shutdown leaves the damaged file as it was");
}

# A file that cannot be read: a directory in its place
unlink $hwm or die "could not remove $hwm: $!";
mkdir $hwm or die "could not create $hwm: $!";
start_untrusted('unreadable', 'It could not be read: Is a directory.');
my ($out, $err) = run_script($node, q{
	INSERT INTO ids SELECT gen_sno(), 14 FROM generate_series(1, 1000);
});
like($err, refusal('It could not be read: Is a directory.'),
	'unreadable: gen_sno() raises 55000 with what is wrong');
is(phase_count(14), '0', 'unreadable: nothing was inserted');
$node->stop;
ok(-d $hwm, 'unreadable: a clean shutdown leaves it as it was');
rmdir $hwm or die "could not remove $hwm: $!";

# 3. Restored while the server runs: the next call in the same session
# reads it again and works.  The clock is set back into the first sixth of
# phase 1, 2.5 s behind its end, where the clean shutdown put the mark:
# further behind it than any mark is written ahead of the clock
# (IDGEN_HWM_MAX_LEAD, 1.5 s), so the restored mark makes that a step back,
# not a crash to wait out, and the values take the other tick-tock bit.
write_bytes($hwm, $damages[1][1]->($good));
start_untrusted('restore', $damages[1][2]);
my $session = $node->background_psql('postgres', on_error_stop => 0,
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
my $back_ms = $node->safe_psql('postgres', q{
	SELECT ceil(extract(epoch FROM clock_timestamp()
		- (min(sno_extract_timestamp(id)) + (max(sno_extract_timestamp(id)) - min(sno_extract_timestamp(id))) / 6)) * 1000)::bigint
	FROM ids WHERE phase = 1});
session_query($session, "SET idgen.clock_offset = '-${back_ms}ms'");
$err = session_query($session,
	'INSERT INTO ids SELECT gen_sno(), 20 FROM generate_series(1, 1000)');
like($err, refusal($damages[1][2]), 'restore: refused while the file is damaged');
is(phase_count(20), '0', 'restore: nothing was inserted');

write_bytes($hwm, $good);
$err = session_query($session,
	'INSERT INTO ids SELECT gen_sno(), 21 FROM generate_series(1, 1000)');
is($err, '', 'restore: the next call in the same session works, the clock set back, with no duplicate');
is(phase_count(21), '1000', 'restore: every value is in the table');
is( $node->safe_psql('postgres', q{
		SELECT bool_and(sno_extract_timestamp(id) BETWEEN p1.lo AND p1.hi)
		FROM ids,
			(SELECT min(sno_extract_timestamp(id)) AS lo, max(sno_extract_timestamp(id)) AS hi
			 FROM ids WHERE phase = 1) p1
		WHERE phase = 21}),
	't', 'restore: inside the span of phase 1');
is( $node->safe_psql('postgres', q{
		SELECT string_agg(DISTINCT sno_extract_tick_tock(id)::text, ',' ORDER BY sno_extract_tick_tock(id)::text)
		FROM ids WHERE phase IN (1, 21) GROUP BY phase ORDER BY phase}),
	"false\ntrue", 'restore: with the other tick-tock bit');
$session->quit;
($out, $err) = run_script($node, q{
	INSERT INTO ids SELECT gen_sno(), 22 FROM generate_series(1, 1000);
});
is($err, '', 'restore: a new session works as well');
$node->stop;
my $after_restore = read_bytes($hwm);
$f = parse_hwm($after_restore);
ok($f->{size_ok} && $f->{crc_ok} && $f->{nmarks} == $nslots,
	'restore: the clean shutdown wrote a sound file of this version\'s marks');
cmp_ok($f->{marks}[1], '>', 0, 'restore: with the tock mark set');

# Removed while the server runs: the next call works
write_bytes($hwm, $damages[2][1]->($after_restore));
start_untrusted('remove', $damages[2][2]);
$session = $node->background_psql('postgres', on_error_stop => 0,
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
$err = session_query($session,
	'INSERT INTO ids SELECT gen_sno(), 30 FROM generate_series(1, 1000)');
like($err, refusal($damages[2][2]), 'remove: refused while the file is damaged');
is(phase_count(30), '0', 'remove: nothing was inserted');
unlink $hwm or die "could not remove $hwm: $!";
$err = session_query($session,
	'INSERT INTO ids SELECT gen_sno(), 31 FROM generate_series(1, 1000)');
is($err, '', 'remove: the next call in the same session works');
is(phase_count(31), '1000', 'remove: every value is in the table');
$session->quit;
ok(-f $hwm, 'remove: the server wrote a new file');
$f = parse_hwm(read_bytes($hwm));
ok($f->{size_ok} && $f->{crc_ok} && $f->{nmarks} == $nslots,
	'remove: a sound file of this version\'s marks');
$node->stop;

# 4. A file a newer version wrote, with 2 more marks: kept unchanged when
# the mark advances and at a clean shutdown
my $current = read_bytes($hwm);
$f = parse_hwm($current);
ok($f->{size_ok} && $f->{crc_ok}, 'newer: the file the server wrote is sound');
my @ours = @{ $f->{marks} };
my @extra = do
{
	no warnings 'portable';
	(0x1111111111111111, 0x2222222222222222);
};
write_bytes($hwm, make_hwm(@ours, @extra));
my $offset = -s $node->logfile;
$node->start;
ok(!$node->log_contains(qr/cannot be trusted/, $offset),
	'newer: a file of 2 more marks with a correct CRC is trusted');
($out, $err) = run_script($node, q{
	INSERT INTO ids SELECT gen_sno(), 40 FROM generate_series(1, 1000);
});
is($err, '', 'newer: values are issued');
is(phase_count(40), '1000', 'newer: every value is in the table');

sub check_newer
{
	my ($label) = @_;
	my $data = read_bytes($hwm);
	my $f = parse_hwm($data);
	is($f->{magic}, $magic, "newer, $label: the magic number");
	is($f->{nmarks}, $nslots + 2, "newer, $label: still 2 more marks than this version's");
	ok($f->{size_ok}, "newer, $label: the size matches the header");
	is(sprintf('%016x,%016x', @{ $f->{marks} }[ $nslots, $nslots + 1 ]),
		'1111111111111111,2222222222222222',
		"newer, $label: the newer version's marks are unchanged");
	cmp_ok($f->{marks}[0], '>', $ours[0], "newer, $label: the tick mark moved on");
	ok($f->{crc_ok}, "newer, $label: the CRC is valid");
	return;
}
check_newer('after the mark advanced');
$node->stop;
check_newer('after a clean shutdown');

# 6. A file that cannot be written (a directory in the way of the temporary
# file).  While the mark in force still covers the values, gen_sno() goes on
# with one warning; once a value needs a new mark, 58030, with nothing taken
# and thrown away.  Under the server scope serials are taken one at a time,
# so each 4 ms unit's serials are 0, 1, 2, ... with no gap.
$node->start;
configure($node, monotonic => 'server');
$node->safe_psql('postgres', q{
	CREATE TABLE wf (id sno PRIMARY KEY, t timestamptz NOT NULL);
	CREATE TABLE wf_err (t timestamptz NOT NULL, state text, msg text);
	SELECT gen_sno();
});
my $tmpfile = $node->data_dir . '/idgen.hwm.tmp';
mkdir $tmpfile or die "could not create directory $tmpfile: $!";
my $written = 'could not write high-water mark file "idgen.hwm": could not create "idgen.hwm.tmp": Is a directory';
($out, $err) = run_script($node, q{
	DO $$
	DECLARE
		stop timestamptz := clock_timestamp() + interval '2.5 s';
		state text;
		msg text;
	BEGIN
		WHILE clock_timestamp() < stop LOOP
			BEGIN
				INSERT INTO wf SELECT gen_sno(), clock_timestamp();
			EXCEPTION WHEN OTHERS THEN
				GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
				INSERT INTO wf_err VALUES (clock_timestamp(), state, msg);
			END;
			PERFORM pg_sleep(0.0005);
		END LOOP;
	END
	$$;
});
my @warnings = ($err =~ /WARNING:  (.*)$/mg);
is(join("\n", @warnings), "58030: $written",
	'unwritable: one warning when an early rewrite first failed');
is( $node->safe_psql('postgres', q{
		SELECT count(*) > 0, count(*) FILTER (WHERE state <> '58030' OR msg <> } . "'$written'" . q{)
		FROM wf_err}),
	't|0', 'unwritable: once the mark was reached, 58030 naming the file and the system error');
# the tick-tock bit in use, and its mark on disk (not rewritten since)
$f = parse_hwm(read_bytes($hwm));
my $bit = $node->safe_psql('postgres', 'SELECT sno_extract_tick_tock(id)::integer FROM wf LIMIT 1');
is( $node->safe_psql('postgres', qq{
		SELECT max(sno_extract_timestamp(id))
		       = timestamptz '2010-01-01 00:00:00+00' + ($f->{marks}[$bit] - 1) * interval '4 ms'
		FROM wf WHERE t < (SELECT min(t) FROM wf_err)}),
	't', 'unwritable: values up to the last 4 ms unit below the mark, without an error');
is( $node->safe_psql('postgres', q{
		SELECT count(*) FROM (
			SELECT count(*) AS n, min(sno_extract_sequence(id)) AS lo, max(sno_extract_sequence(id)) AS hi
			FROM wf GROUP BY sno_extract_timestamp(id), sno_extract_tick_tock(id)) u
		WHERE lo <> 0 OR hi <> n - 1}),
	'0', 'unwritable: no serial skipped or repeated in any 4 ms unit');
rmdir $tmpfile or die "could not remove directory $tmpfile: $!";
($out, $err) = run_script($node, q{
	INSERT INTO wf SELECT gen_sno(), clock_timestamp() FROM generate_series(1, 1000);
});
is($err, '', 'unwritable: once the directory is gone, the next call works');
cmp_ok(parse_hwm(read_bytes($hwm))->{marks}[$bit], '>', $f->{marks}[$bit],
	'unwritable: ... and moved the mark on');
configure($node, monotonic => 'backend');
$node->stop;

# 7. A temporary file left behind, longer than what is written next (as
# after a crash while it was written): it is written over whole, not just
# its start.  The first new mark goes through it; a backend crashes before
# anything else is written (no exact marks at a clean shutdown then), and
# after the crash-restart, which reads the file again, every generator
# works.
write_bytes($tmpfile, "\xAB" x 200);
$node->append_conf('postgresql.conf', 'restart_after_crash = on');
$node->start;
is($node->safe_psql('postgres', 'INSERT INTO ids SELECT gen_sno(), 70 RETURNING true'),
	't', 'leftover: a value, for which the mark moves');
ok(!-e $tmpfile, 'leftover: the temporary file became the mark file');
$f = parse_hwm(read_bytes($hwm));
is(join(',', $f->{nmarks}, $f->{size_ok} ? 'size' : 'bad size', $f->{crc_ok} ? 'crc' : 'bad crc'),
	($nslots + 2) . ',size,crc',
	'leftover: the mark file holds the new marks (and the newer version\'s 2) and nothing of the old tail');
$offset = -s $node->logfile;
ok(crash_backend($node), 'leftover: a backend crashes, and the server reinitialises');
($out, $err) = run_script($node, q{
	INSERT INTO ids SELECT gen_sno(), 71 FROM generate_series(1, 100);
	SELECT count(DISTINCT gen_siq('user')), count(DISTINCT gen_muid()) FROM generate_series(1, 100);
});
is($err, '', 'leftover, after the crash: gen_sno(), gen_siq() and gen_muid() work');
is($out, '100|100', 'leftover, after the crash: they made their values');
ok(!$node->log_contains(qr/cannot be trusted/, $offset),
	'leftover, after the crash: the mark file is trusted');
$node->stop;

# 5. No value was issued twice
$node->start;
is($node->safe_psql('postgres', 'SELECT count(*) = count(DISTINCT id) FROM ids'),
	't', 'no value was ever issued twice');
$node->stop;
done_testing();
