
# gen_sno() with changed settings and a clock that steps back, on a server
# without idgen preloaded and on one with it: sequence slices and the waits
# for a new 4 ms unit, invalid combinations of settings, settings changing
# under load, the tick-tock toggle, and the waits (or 55000) on a step back
# into a period both tick-tock timelines have used.

use strict;
use warnings;

use IPC::Run;
use Time::HiRes;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

sub test_generator
{
	my ($preload) = @_;
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'sno_gen_preload' : 'sno_gen_plain', preload => $preload);

	# Combinations that are wrong only together: 22023 from gen_sno()
	configure($node, sno_sequence_min => 100, sno_sequence_max => 50);
	my ($out, $err) = run_script($node, 'SELECT gen_sno()');
	like($err, qr/ERROR:  22023: invalid sno sequence bounds.*DETAIL:  "idgen.sno_sequence_min" \(100\) is above "idgen.sno_sequence_max" \(50\)/s,
		"$label: min above max is 22023");
	configure($node, sno_sequence_min => 10, sno_sequence_max => 12);
	($out, $err) = run_script($node, 'SELECT gen_sno()');
	like($err, qr/ERROR:  22023: invalid sno sequence bounds.*DETAIL:  The sequence slice 10\.\.12 holds 3 values; sno needs at least 4\./s,
		"$label: a slice of 3 is 22023");

	# A slice of 4: 1,200 calls wait for about 300 new 4 ms units
	configure($node, sno_sequence_min => 10, sno_sequence_max => 13, sno_partition => 1234);
	$node->safe_psql('postgres', q{
		CREATE TABLE slice (n integer, id sno PRIMARY KEY);
		CREATE TABLE stats0 AS SELECT * FROM idgen_stats() WHERE generator = 'sno';
		CREATE TABLE started AS SELECT clock_timestamp() AS t;
		INSERT INTO slice SELECT n, gen_sno() FROM generate_series(1, 1200) n;
	});
	is( $node->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT id),
			       min(sno_extract_sequence(id)), max(sno_extract_sequence(id)),
			       count(DISTINCT sno_extract_sequence(id)),
			       count(DISTINCT sno_extract_timestamp(id)) >= 300,
			       min(sno_extract_partition(id)), max(sno_extract_partition(id)),
			       clock_timestamp() - (SELECT t FROM started) >= interval '1.19 s'
			FROM slice}),
		'1200|1200|10|13|4|t|1234|1234|t',
		"$label: 1,200 distinct values with sequences in 10..13 over 300 units or more");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE id <= prev)
			FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM slice) s}),
		'0', "$label: each value above the one before");
	is( $node->safe_psql('postgres', q{
			SELECT s.node, s.node_source, s.overflow_waits - s0.overflow_waits >= 299,
			       s.generated - s0.generated
			FROM idgen_stats() s JOIN stats0 s0 USING (generator)}),
		'partition=1234 sequence=10..13|setting|t|1200',
		"$label: idgen_stats() shows the settings and counts the waits");

	# Settings that change while four sessions generate: every 4 ms unit is
	# made with one configuration (partition k, sequences k*100 .. k*100+99)
	$node->safe_psql('postgres', 'CREATE TABLE churn (id sno PRIMARY KEY)');
	configure($node, sno_partition => 1, sno_sequence_min => 100, sno_sequence_max => 199);
	my $script = PostgreSQL::Test::Utils::tempdir() . '/churn.sql';
	PostgreSQL::Test::Utils::append_to_file($script,
		"INSERT INTO churn SELECT gen_sno() FROM generate_series(1, 100);\n");
	my ($pgb_out, $pgb_err) = ('', '');
	my $pgbench = IPC::Run::start(
		[ 'pgbench', '-n', '-c', '4', '-j', '4', '-T', '4', '-f', $script,
		  $node->connstr('postgres') ],
		'>', \$pgb_out, '2>', \$pgb_err);
	for my $k (2 .. 9)
	{
		Time::HiRes::usleep(200_000);
		configure($node, sno_partition => $k, sno_sequence_min => $k * 100,
			sno_sequence_max => $k * 100 + 99);
	}
	ok($pgbench->finish, "$label: four sessions inserted while the settings changed")
	  or diag($pgb_out, $pgb_err);
	note($pgb_out);
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE partitions > 1),
			       count(*) FILTER (WHERE seq_min / 100 <> partition OR seq_max / 100 <> partition),
			       count(DISTINCT partition) > 1
			FROM (SELECT min(sno_extract_partition(id)) AS partition,
			             count(DISTINCT sno_extract_partition(id)) AS partitions,
			             min(sno_extract_sequence(id)) AS seq_min,
			             max(sno_extract_sequence(id)) AS seq_max
			      FROM churn
			      GROUP BY sno_extract_timestamp(id), sno_extract_tick_tock(id)) u}),
		'0|0|t',
		"$label: each unit has one partition and the slice that went with it");
	cmp_ok($node->safe_psql('postgres', 'SELECT count(*) FROM churn'),
		'>', 10000, "$label: the four sessions inserted many distinct values");

	# The clock steps back: tick-tock toggles at once, and a step back of
	# 4 s, into the toggled period, raises 55000 instead of waiting about 2 s
	# (until the clock passes the lower timeline, 2 s back)
	configure($node, sno_partition => 7, sno_sequence_min => 0, sno_sequence_max => 65535);
	($out, $err) = run_script($node, q{
		CREATE TABLE clk (phase integer, n integer, id sno PRIMARY KEY, t timestamptz);
		CREATE TABLE stats1 AS SELECT * FROM idgen_stats() WHERE generator = 'sno';
		INSERT INTO clk SELECT 1, n, gen_sno(), clock_timestamp() FROM generate_series(1, 1000) n;
		SET idgen.clock_offset = '-2s';
		INSERT INTO clk SELECT 2, n, gen_sno(), clock_timestamp() FROM generate_series(1, 1000) n;
		SET idgen.clock_offset = '-4s';
		CREATE TABLE before3 AS SELECT clock_timestamp() AS t;
		INSERT INTO clk SELECT 3, 1, gen_sno(), clock_timestamp();
		SELECT 'phase 3 took ' || (clock_timestamp() - t < interval '2 s') FROM before3;
		RESET idgen.clock_offset;
		INSERT INTO clk SELECT 4, n, gen_sno(), clock_timestamp() FROM generate_series(1, 1000) n;
	});
	like($err, qr/ERROR:  55000: gen_sno\(\) would have to wait more than 1 s for the clock.*DETAIL:  The clock stepped back/s,
		"$label: a step back into the tick-tocked period raises 55000");
	like($out, qr/phase 3 took true/, "$label: ... at once, without waiting");
	is( $node->safe_psql('postgres', q{
			SELECT phase, count(*), count(DISTINCT sno_extract_tick_tock(id)),
			       min(sno_extract_tick_tock(id)::integer) = (SELECT sno_extract_tick_tock(id)::integer
			                                                  FROM clk WHERE phase = 1 LIMIT 1)
			FROM clk GROUP BY phase ORDER BY phase}),
		"1|1000|1|t\n2|1000|1|f\n4|1000|1|f",
		"$label: phase 2 (and 4 after it) has the other tick-tock bit; phase 3 returned nothing");
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT max(id) FROM clk WHERE phase = 2) < (SELECT min(id) FROM clk WHERE phase = 1),
			       (SELECT min(sno_extract_timestamp(id)) FROM clk WHERE phase = 2)
			         < (SELECT max(sno_extract_timestamp(id)) FROM clk WHERE phase = 1),
			       (SELECT min(id) FROM clk WHERE phase = 4) > (SELECT max(id) FROM clk WHERE phase = 1)}),
		't|t|t',
		"$label: values after the step back sort before the earlier ones, then generation carries on");

	# A shorter step back into a tick-tocked period waits (under 1 s) instead
	($out, $err) = run_script($node, q{
		SELECT pg_sleep(1.5);
		INSERT INTO clk SELECT 5, n, gen_sno(), clock_timestamp() FROM generate_series(1, 100) n;
		SET idgen.clock_offset = '-200ms';
		INSERT INTO clk SELECT 6, n, gen_sno(), clock_timestamp() FROM generate_series(1, 100) n;
		SET idgen.clock_offset = '-500ms';
		INSERT INTO clk SELECT 7, 1, gen_sno(), clock_timestamp();
		RESET idgen.clock_offset;
	});
	is($err, '', "$label: a step back needing a short wait is no error");
	is( $node->safe_psql('postgres', q{
			SELECT s.id > (SELECT max(id) FROM clk e
			               WHERE e.phase IN (5, 6) AND sno_extract_tick_tock(e.id) = sno_extract_tick_tock(s.id))
			FROM clk s WHERE s.phase = 7}),
		't', "$label: ... it waited until its timeline was past every value issued on it");
	is( $node->safe_psql('postgres', q{
			SELECT phase, count(*), count(DISTINCT sno_extract_tick_tock(id)) FROM clk
			WHERE phase >= 5 GROUP BY phase ORDER BY phase}),
		"5|100|1\n6|100|1\n7|1|1", "$label: phases 5-7 generated");
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT min(sno_extract_tick_tock(id)::int) FROM clk WHERE phase = 5)
			       <> (SELECT min(sno_extract_tick_tock(id)::int) FROM clk WHERE phase = 6)}),
		't', "$label: -200 ms toggled tick-tock");

	is( $node->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT id) FROM clk}),
		'3201|3201', "$label: no value was ever repeated");
	is( $node->safe_psql('postgres', q{
			SELECT s.clock_regressions - s1.clock_regressions >= 4
			FROM idgen_stats() s JOIN stats1 s1 USING (generator)}),
		't', "$label: idgen_stats() counted the regressions");

	# Two steps back in a row: 1.5 s ahead, then 0.3 s ahead (a toggle),
	# then the clock itself, behind both timelines.  The first unit free
	# again is past the lower of them, about 300 ms away: a short wait, not
	# 55000 for a wait past the higher one.
	($out, $err) = run_script($node, q{
		SELECT pg_sleep(1.1);
		CREATE TABLE twice (step integer, id sno PRIMARY KEY);
		SET idgen.clock_offset = '1500ms';
		INSERT INTO twice SELECT 1, gen_sno();
		SET idgen.clock_offset = '300ms';
		INSERT INTO twice SELECT 2, gen_sno();
		RESET idgen.clock_offset;
		INSERT INTO twice SELECT 3, gen_sno();
	});
	is($err, '', "$label: a second step back is no error");
	is( $node->safe_psql('postgres', q{
			SELECT string_agg(step || ':' || sno_extract_tick_tock(id)::integer, ' ' ORDER BY step)
			FROM twice}),
		$node->safe_psql('postgres', q{
			SELECT format('1:%s 2:%s 3:%s', b, 1 - b, 1 - b)
			FROM (SELECT sno_extract_tick_tock(id)::integer AS b FROM twice WHERE step = 1) s}),
		"$label: ... the step to 0.3 s toggled, and the third value kept that timeline");
	is( $node->safe_psql('postgres', q{
			SELECT (SELECT id FROM twice WHERE step = 3) > (SELECT id FROM twice WHERE step = 2),
			       count(DISTINCT id)
			FROM twice}),
		't|3', "$label: ... past the value before it on that timeline, no repeat");

	$node->stop;
}

test_generator(0);
test_generator(1);

done_testing();
