
# Derived node fields (no node settings) through promotion and copies: a
# promoted standby takes its origin's fields plus one; a pg_basebackup
# clone started without a signal file, a file copy of a stopped cluster and
# a copy of a copy each take fields of their own in all four generators,
# log the change once, and generate no value their origin generates at the
# same time; a copy keeps its fields through a crash; a damaged node record
# refuses with 55000.  With idgen preloaded the record is written at server
# start; without, at CREATE EXTENSION.  Records of the first layout (no
# settings), of the second (no snowflake node) and of the third (no place
# of the settings' own) are read and rewritten; a copy started with its
# origin's node setting refuses that generator (t/025 and t/036 have the
# rest of that).

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $ROWS = 20000;

# The sno partition, siq shard, muid medallion and snowflake node of values
# the server generates
sub generated_fields
{
	my ($node) = @_;
	return [
		split /\|/,
		$node->safe_psql('postgres', q{
			SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
			       muid_extract_medallion(gen_muid()), snowflake_extract_node(gen_snowflake())})
	];
}

# All but the sno partition (in the places generated_fields gives them)
sub generated_fields_but_sno
{
	my ($node) = @_;
	return [
		undef,
		split /\|/,
		$node->safe_psql('postgres', q{
			SELECT siq_extract_shard(gen_siq('user')), muid_extract_medallion(gen_muid()),
			       snowflake_extract_node(gen_snowflake())})
	];
}

# The same fields as idgen_stats() shows them
sub stats_fields
{
	my ($node) = @_;
	return [
		split /\|/,
		$node->safe_psql('postgres', q{
			SELECT string_agg(substring(node FROM '^[a-z]+=([0-9]+)'), '|'
			                  ORDER BY array_position(ARRAY['sno', 'siq', 'muid', 'snowflake'], generator))
			FROM idgen_stats() WHERE generator IN ('sno', 'siq', 'muid', 'snowflake')})
	];
}

sub node_source
{
	my ($node) = @_;
	return $node->safe_psql('postgres',
		"SELECT node_source FROM idgen_stats() WHERE generator = 'siq'");
}

# Fields plus one, each modulo its width (the medallion within [2^40, 2^41))
sub plus_one
{
	my ($f) = @_;
	return [ ($f->[0] + 1) % 65536, ($f->[1] + 1) % 256,
		2**40 + ($f->[2] - 2**40 + 1) % 2**40, ($f->[3] + 1) % 1024 ];
}

# How many of the four fields of a and b are equal
sub fields_equal
{
	my ($a, $b) = @_;
	return scalar grep { $a->[$_] == $b->[$_] } 0 .. 3;
}

sub fields_text
{
	my ($f) = @_;
	return "sno partition $f->[0], siq shard $f->[1], muid medallion $f->[2], snowflake node $f->[3]";
}

# How often the server's log says its data directory is a copy
sub copy_lines
{
	my ($node) = @_;
	my @lines = slurp_file($node->logfile) =~ /LOG:  data directory "[^"]*" is a copy: /g;
	return scalar @lines;
}

# Does the server's log show the change from the fields from to the fields to?
sub logged_change
{
	my ($node, $from, $to) = @_;
	my $text = 'is a copy: derived node fields change from '
	  . fields_text($from) . ' to ' . fields_text($to);
	return slurp_file($node->logfile) =~ /\Q$text\E\n/ ? 1 : 0;
}

# Both servers generate $ROWS values of each type, one transaction per row
# (so one muid bundle each), into a fresh table gen, starting at the same
# moment; returns how many values of each type they have in common, and
# whether their sno values' times overlap, as "sno|siq|muid|snowflake|overlap"
sub common_values
{
	my ($x, $y) = @_;
	my $start = $x->safe_psql('postgres', "SELECT clock_timestamp() + interval '3.5 s'");
	my @sessions;
	for my $node ($x, $y)
	{
		$node->safe_psql('postgres',
			'DROP TABLE IF EXISTS gen; CREATE TABLE gen (sno sno, siq siq, muid muid, snowflake bigint)');
		my $s = $node->background_psql('postgres');
		$s->query_until(qr/started/, "\\echo started\n" . qq{
			DO \$\$
			BEGIN
				PERFORM pg_sleep_until('$start');
				FOR i IN 1..$ROWS LOOP
					INSERT INTO gen VALUES (gen_sno(), gen_siq('user'), gen_muid(), gen_snowflake());
					COMMIT;
				END LOOP;
			END
			\$\$;
		});
		push @sessions, $s;
	}
	$_->query_safe('SELECT 1') for @sessions;    # the DO blocks have ended
	$_->quit for @sessions;
	my @common;
	for my $type ('sno', 'siq', 'muid', 'snowflake')
	{
		my %seen;
		for my $node ($x, $y)
		{
			my @values = split /\n/,
			  $node->safe_psql('postgres', "SELECT DISTINCT ${type}::text FROM gen");
			die "$type: " . scalar(@values) . " distinct values, not $ROWS"
			  unless @values == $ROWS;
			$seen{$_}++ for @values;
		}
		push @common, scalar grep { $seen{$_} > 1 } keys %seen;
	}
	my @spans = map {
		[
			split /\|/,
			$_->safe_psql('postgres', q{
				SELECT extract(epoch FROM min(sno_extract_timestamp(sno))),
				       extract(epoch FROM max(sno_extract_timestamp(sno)))
				FROM gen})
		]
	} ($x, $y);
	push @common,
	  ($spans[0][0] <= $spans[1][1] && $spans[1][0] <= $spans[0][1]) ? 'overlap' : 'apart';
	return join '|', @common;
}

# A clone of node by pg_basebackup -X stream (node running) or by a file
# copy (node stopped), started as a server of its own: no signal file
sub clone
{
	my ($node, $name, $how) = @_;
	my $clone = PostgreSQL::Test::Cluster->new($name);
	if ($how eq 'basebackup')
	{
		$node->backup($name, backup_options => [ '-X', 'stream' ]);
	}
	else
	{
		$node->backup_fs_cold($name);
	}
	$clone->init_from_backup($node, $name);
	ok(!-f $clone->data_dir . '/standby.signal' && !-f $clone->data_dir . '/recovery.signal',
		"$name: no signal file");
	$clone->start;
	is($clone->safe_psql('postgres', 'SELECT pg_is_in_recovery()'), 'f', "$name: not in recovery");
	return $clone;
}

# Preloaded: the record is written at server start
my $origin = PostgreSQL::Test::Cluster->new('origin');
$origin->init(allows_streaming => 1);
$origin->append_conf('postgresql.conf',
	"shared_preload_libraries = 'idgen'\nrestart_after_crash = on");
$origin->start;
ok(-f $origin->data_dir . '/idgen.node', 'preloaded: the node record is written at server start');
$origin->safe_psql('postgres', q{
	CREATE EXTENSION idgen;
	CREATE TABLE race (shard integer, partition integer, medallion bigint, node integer);
});
my $sysid = $origin->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
my $f0 = generated_fields($origin);
is_deeply(stats_fields($origin), $f0, 'origin: idgen_stats() shows the fields its values carry');
is(node_source($origin), "derived from system identifier $sysid, timeline 1",
	'origin: derived from the system identifier and timeline 1');
note 'origin: ' . fields_text($f0);

# (a) A streaming standby, promoted: its origin's fields plus one
$origin->backup('standby_base');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($origin, 'standby_base', has_streaming => 1);
$standby->start;
$origin->wait_for_catchup($standby);
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';
my $fs = generated_fields($standby);
note 'promoted standby: ' . fields_text($fs);
is_deeply($fs, plus_one($f0),
	"promoted standby: sno partition, siq shard, muid medallion and snowflake node are each its origin's plus one");
is_deeply(stats_fields($standby), $fs, 'promoted standby: idgen_stats() shows them');
is(node_source($standby), "derived from system identifier $sysid, timeline 2",
	'promoted standby: derived from the new timeline, with its origin\'s copy');
is(copy_lines($standby), 0, 'promoted standby: no copy logged');
$standby->stop;

# (b) A pg_basebackup clone started without a signal file: eight sessions
# derive at once, one decision
my $clone = clone($origin, 'clone', 'basebackup');
$clone->pgbench(
	'--no-vacuum --client=8 --jobs=8 --transactions=5',
	0, [qr{processed: 40/40}], [qr{^$}],
	'clone: eight sessions derive the fields at once',
	{
		'race' => q{INSERT INTO race SELECT siq_extract_shard(gen_siq('user')),
			sno_extract_partition(gen_sno()), muid_extract_medallion(gen_muid()),
			snowflake_extract_node(gen_snowflake());}
	});
is($clone->safe_psql('postgres', 'SELECT count(DISTINCT (shard, partition, medallion, node)) FROM race'),
	'1', 'clone: all sessions derived the same fields');
my $fc = generated_fields($clone);
note 'clone: ' . fields_text($fc);
is(fields_equal($fc, $f0), 0, 'clone: all four fields differ from its origin\'s');
is_deeply(stats_fields($clone), $fc, 'clone: idgen_stats() shows them');
like(node_source($clone), qr/^derived from system identifier $sysid, timeline 1, copy [1-9][0-9]*$/,
	'clone: derived from the same identifier and timeline, with a copy of its own');
is(copy_lines($clone), 1, 'clone: the copy is logged once');
ok(logged_change($clone, $f0, $fc), 'clone: the log shows the old and the new fields');
is(common_values($origin, $clone), '0|0|0|0|overlap',
	"clone and origin generating $ROWS values of each type at once: none in common");

# (d) The clone keeps its fields through a crash and a restart
ok(crash_backend($clone), 'clone: crash-restart');
is_deeply(generated_fields($clone), $fc, 'clone: the same fields after a crash-restart');
$clone->restart;
is_deeply(generated_fields($clone), $fc, 'clone: the same fields after a restart');
is(copy_lines($clone), 1, 'clone: still logged once: no new copy at each restart');

# (c) A file copy of the stopped origin, started as a server of its own
$origin->stop;
my $fcopy = clone($origin, 'fcopy', 'file copy');
$origin->start;
is_deeply(generated_fields($origin), $f0, 'origin: the same fields after a restart');
my $ff = generated_fields($fcopy);
note 'file copy: ' . fields_text($ff);
is(fields_equal($ff, $f0), 0, 'file copy: all four fields differ from its origin\'s');
ok(logged_change($fcopy, $f0, $ff), 'file copy: the log shows the old and the new fields');
is(common_values($origin, $fcopy), '0|0|0|0|overlap',
	"file copy and origin generating at once: no value in common");
$fcopy->stop;

# (f) A copy of the copy: fields different from the first copy's
my $clone2 = clone($clone, 'clone2', 'basebackup');
my $fc2 = generated_fields($clone2);
note 'copy of the clone: ' . fields_text($fc2);
is(fields_equal($fc2, $fc), 0, 'copy of a copy: all four fields differ from its origin\'s (the clone)');
ok(logged_change($clone2, $fc, $fc2), 'copy of a copy: the log shows the old and the new fields');
is(common_values($clone, $clone2), '0|0|0|0|overlap',
	"copy of a copy and its origin generating at once: no value in common");
$clone2->stop;
$clone->stop;

# (e) A damaged record refuses with 55000, until settings replace what it
# derives or it is removed
$origin->stop;
my $path = $origin->data_dir . '/idgen.node';
my $record = -f $path ? slurp_file($path) : 'x' x 296;
substr($record, 20, 1) = chr(ord(substr($record, 20, 1)) ^ 0x55);
open my $fh, '>', $path or die "could not write $path: $!";
binmode $fh;
print $fh $record;
close $fh;
$origin->start;
ok($origin->log_contains('node record file "idgen.node" cannot be trusted'),
	'damaged record: the server logs it at start');
my ($out, $err) = run_script($origin,
	"SELECT gen_sno();\nSELECT gen_siq('user');\nSELECT gen_muid();\nSELECT gen_snowflake();");
like($err,
	qr/ERROR:  55000: node record file "idgen.node" cannot be trusted\nDETAIL:  Its checksum does not match its contents\. .*\nHINT:  Set "idgen.sno_partition" for this server, or remove the file if this data directory is not a copy of a running server/,
	'damaged record: gen_sno() refuses with 55000, the file and the problem, and a hint');
like($err, qr/ERROR:  55000: node record file .*HINT:  Set "idgen.siq_shard".*ERROR:  55000: node record file .*HINT:  Set "idgen.muid_medallion".*ERROR:  55000: node record file .*HINT:  Set "idgen.snowflake_node"/s,
	'damaged record: gen_siq(), gen_muid() and gen_snowflake() refuse too');
is($out, '', 'damaged record: no value');
is(node_source($origin),
	"derived from system identifier $sysid, refused: \"idgen.node\" cannot be trusted",
	'damaged record: idgen_stats() shows the refusal');
configure($origin, sno_partition => 4242);
is($origin->safe_psql('postgres', 'SELECT sno_extract_partition(gen_sno())'), '4242',
	'damaged record: a node setting needs no record');
configure($origin, sno_partition => -1);
unlink $path or die "could not remove $path: $!";
is_deeply(generated_fields($origin), $f0,
	'record removed: the next call writes a new one, and the origin derives its own fields');
$origin->stop;

# Not preloaded: CREATE EXTENSION writes the record; a file copy is told apart
my $plain = PostgreSQL::Test::Cluster->new('plain');
$plain->init;
$plain->start;
ok(!-f $plain->data_dir . '/idgen.node', 'not preloaded: no record before CREATE EXTENSION');
$plain->safe_psql('postgres', 'CREATE EXTENSION idgen');
ok(-f $plain->data_dir . '/idgen.node', 'not preloaded: CREATE EXTENSION writes the record');
is($plain->safe_psql('postgres',
		"SELECT count(*) FROM pg_proc WHERE proname = 'idgen_node_record'"),
	'0', 'not preloaded: the install script leaves no function behind');
my $fp = generated_fields($plain);
$plain->stop;
my $pcopy = clone($plain, 'plain_copy', 'file copy');
$plain->start;
my $fpc = generated_fields($pcopy);
is(fields_equal($fpc, $fp), 0, 'not preloaded: a file copy\'s fields all differ from its origin\'s');
ok(logged_change($pcopy, $fp, $fpc), 'not preloaded: the copy\'s log shows the old and the new fields');
is_deeply(generated_fields($plain), $fp, 'not preloaded: the origin keeps its fields');
$pcopy->stop;

# (g) Records of the layouts before the lineage, made here as those
# versions wrote them (a place with a 256-byte host name, the timeline, the
# copied generators, the copy, then the settings as each layout had them),
# are read as they are, trusted, and rewritten in this layout: one use, the
# server's own
my $ppath = $plain->data_dir . '/idgen.node';

# Stop the server, write a record of payload $payload with its magic and
# CRC, and start it
sub older_record
{
	my ($payload) = @_;
	$plain->stop;
	my $bytes = pack('L<', 0x69644e44) . $payload;
	write_bytes($ppath, $bytes . pack('L', crc32c($bytes)));
	$plain->start;
	return;
}
my @dir = stat($plain->data_dir);
my $host = `hostname`;
chomp $host;
# timeline 1, nothing copied, copy 0: the plain cluster's own
my $older_head = pack('Q< Q< a256 L< L< Q<', $dir[0], $dir[1], $host, 1, 0, 0);
my $this_layout = 4 + 112 + 272 + 4;    # magic, header, one use, CRC

is(length(slurp_file($ppath)), $this_layout, 'the record: magic, a header and one use, CRC');
older_record($older_head);
is_deeply(generated_fields($plain), $fp, 'a record of the first layout: trusted, the same fields');
is(length(slurp_file($ppath)), $this_layout, '... and rewritten in this layout, with one use');

# (h) The second layout (what 1.2 wrote: settings without the snowflake
# node, then the quiet time) likewise, its settings kept: the origin's own
# sno partition is not taken for a copied one
configure($plain, sno_partition => 78);
is($plain->safe_psql('postgres', 'SELECT sno_extract_partition(gen_sno())'), '78',
	'the origin generates with a partition of its own');
older_record($older_head . pack('l< S< S< l< L< q< q<', 78, 0, 65535, -1, 0, -1, 0));
is($plain->safe_psql('postgres', 'SELECT sno_extract_partition(gen_sno())'), '78',
	'a record of the second layout: trusted, its setting the server\'s own');
is_deeply(generated_fields_but_sno($plain), [ undef, @$fp[ 1 .. 3 ] ],
	'a record of the second layout: the same derived fields');
is(length(slurp_file($ppath)), $this_layout, '... and rewritten in this layout');

# (i) The third layout (what 1.3 wrote: the snowflake node, no place of the
# settings' own) likewise
older_record($older_head . pack('l< S< S< l< L< q< l< L< q<', 78, 0, 65535, -1, 0, -1, -1, 0, 0));
is($plain->safe_psql('postgres', 'SELECT sno_extract_partition(gen_sno())'), '78',
	'a record of the third layout: trusted, its setting the server\'s own');
is_deeply(generated_fields_but_sno($plain), [ undef, @$fp[ 1 .. 3 ] ],
	'a record of the third layout: the same derived fields');
is(length(slurp_file($ppath)), $this_layout, '... and rewritten in this layout');

# A file copy started on its own with its origin's setting refuses that
# generator (out of recovery: the refusal gives the confirmation code);
# the fields it derives are its own
configure($plain, sno_partition => 77);
is($plain->safe_psql('postgres', 'SELECT sno_extract_partition(gen_sno())'), '77',
	'the origin generates with its setting');
$plain->stop;
my $pcopy2 = clone($plain, 'plain_copy2', 'file copy');
($out, $err) = run_script($pcopy2, 'SELECT gen_sno();');
like( $err,
	qr/ERROR:  55000: cannot generate with sno partition 77 \(sequence 0 to 65535\): another server of this data directory's lineage used it\nDETAIL:  The server at host "\Q$host\E", directory "\Q${\ $plain->data_dir }\E", timeline 1, used it, and its node record came with this data directory: that server may still be making values with it\.\nHINT:  Give this server its own "idgen\.sno_partition" and reload, or unset it to derive one; or, once that server has stopped for good, confirm with ALTER SYSTEM SET idgen\.node_confirm = '[0-9a-f]{16}' and reload\./,
	'a copy with its origin\'s setting: gen_sno() refuses with 55000');
is($out, '', '... and returns nothing');
my $fpc2 = generated_fields_but_sno($pcopy2);
is(join('|', map { $fpc2->[$_] eq $fp->[$_] ? 'same' : 'differs' } 1 .. 3), 'differs|differs|differs',
	'a copy with its origin\'s setting: the fields it derives (siq, muid, snowflake) are its own');
$pcopy2->stop;

done_testing();
