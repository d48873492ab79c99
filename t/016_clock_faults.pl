
# Clock faults, on a server without idgen preloaded and on one with it:
# three sessions generate every type in loops while their clocks
# (idgen.clock_offset, set by each session for itself, all three in each
# phase at once) step back 1 s, 10 s and 1 h and forward again.  No value
# repeats; wiji, ulid, siq (per kind) and muid keep increasing in each
# session without an error, and do not follow the clock back; sno toggles
# its tick-tock bit at the first step back, waits on a step back into what
# both timelines have used when the wait is short (no value is ahead of its
# session's clock), raises 55000 (never hanging: statements have a
# timeout) when it would exceed 1 s, and carries on when the clock comes
# forward again.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# Phase 3's offset: 0.5 s before phase 1's last sno, from now
sub before_phase1_end
{
	my ($session) = @_;
	return $session->query_safe(q{
		SELECT round(extract(epoch FROM max(sno_extract_timestamp(id)) - interval '0.5 s'
		                                 - clock_timestamp()) * 1000) || 'ms'
		FROM ids_sno WHERE phase = 1});
}

# The phases: the sessions' clock offset, how long they generate, and what
# gen_sno() does.  All three sessions of a phase have one offset, so their
# clocks agree.  Phase 2 runs on the other timeline for 1.5 s, up to 0.5 s
# past where phase 1 ended on its own; phase 3 steps the clock back to
# 0.5 s before phase 1's last sno: into what both timelines have used, a
# wait of 0.5 s (less the time it takes to start the sessions) until the
# clock passes phase 1's timeline, then back to it.
my @phases = (
	[ 1, '0', 0.8, 'values' ],
	[ 2, '-1s', 1.5, 'values' ],    # tick-tock toggles
	[ 3, \&before_phase1_end, 0.8, 'values' ],    # a short wait, then a toggle back
	[ 4, '0', 0.8, 'values' ],
	[ 5, '-10s', 0.8, '55000' ],    # a wait of about 7 s: refused
	[ 6, '0', 0.8, 'values' ],
	[ 7, '-1h', 0.8, '55000' ],
	[ 8, '0', 0.8, 'values' ]);
my @types = qw(wiji ulid siq muid);

# One phase of session s: set the clock offset, then for some time, in a
# transaction each, a value of every type (siq: two kinds, muid: two of
# one bundle) and a sno, whose errors are caught and recorded (and the
# clock just after it was made)
sub phase_sql
{
	my ($s, $phase, $offset, $seconds) = @_;
	return qq{
		DO \$\$
		DECLARE
			stop timestamptz := clock_timestamp() + interval '$seconds s';
			i integer := 0;
		BEGIN
			SET idgen.clock_offset = '$offset';
			INSERT INTO phases VALUES ($phase, $s, current_setting('idgen.clock_offset')::integer, clock_timestamp());
			WHILE clock_timestamp() < stop LOOP
				i := i + 1;
				INSERT INTO ids_wiji VALUES (gen_wiji(), $s, $phase, i);
				INSERT INTO ids_ulid VALUES (gen_ulid(), $s, $phase, i);
				INSERT INTO ids_siq VALUES (gen_siq('event'), 'event', $s, $phase, i),
				                           (gen_siq('user'), 'user', $s, $phase, i);
				INSERT INTO ids_muid VALUES (gen_muid(), $s, $phase, i), (gen_muid(), $s, $phase, i);
				BEGIN
					INSERT INTO ids_sno VALUES (gen_sno(), $s, $phase, i, clock_timestamp());
				EXCEPTION WHEN OTHERS THEN
					INSERT INTO sno_errors VALUES ($s, $phase, i, SQLSTATE, SQLERRM);
				END;
				COMMIT;
			END LOOP;
		END
		\$\$;
	};
}

sub test_clock_faults
{
	my ($preload) = @_;
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = idgen_node($preload ? 'clock_preload' : 'clock_plain', preload => $preload, sql => q{
		CREATE TABLE ids_wiji (id wiji PRIMARY KEY, s integer, phase integer, i integer);
		CREATE TABLE ids_ulid (id ulid PRIMARY KEY, s integer, phase integer, i integer);
		CREATE TABLE ids_siq (id siq PRIMARY KEY, kind text, s integer, phase integer, i integer);
		CREATE TABLE ids_muid (id muid PRIMARY KEY, s integer, phase integer, i integer);
		CREATE TABLE ids_sno (id sno PRIMARY KEY, s integer, phase integer, i integer, t timestamptz);
		CREATE TABLE sno_errors (s integer, phase integer, i integer, state text, message text);
		CREATE TABLE phases (phase integer, s integer, offset_ms integer, started timestamptz);
	});

	my @sessions = map { $node->background_psql('postgres', on_error_stop => 0) } 0 .. 2;
	$_->query_safe("SET statement_timeout = '20s'") for @sessions;
	my @errors;
	for my $phase (@phases)
	{
		my ($p, $offset, $seconds) = @$phase;
		$offset = $offset->($sessions[0]) if ref $offset;
		$sessions[$_]->query_until(qr/phase $p started/,
			"\\echo phase $p started\n" . phase_sql($_, $p, $offset, $seconds))
		  for 0 .. 2;
		for my $s (0 .. 2)
		{
			$sessions[$s]->query('SELECT 1');
			push @errors, "phase $p, session $s: $sessions[$s]->{stderr}"
			  if $sessions[$s]->{stderr} ne '';
			$sessions[$s]->{stderr} = '';
		}
	}
	$_->quit for @sessions;
	is(join('', @errors), '', "$label: no statement failed or was cancelled");
	note($node->safe_psql('postgres',
		'SELECT phase, s, offset_ms, started FROM phases ORDER BY phase, s'));

	# No value repeats, and every phase has values of every type from every session
	for my $type (@types, 'sno')
	{
		is( $node->safe_psql('postgres', qq{
				SELECT count(*) = count(DISTINCT id),
				       (SELECT string_agg(phase::text, ',' ORDER BY phase)
				        FROM (SELECT phase FROM ids_$type GROUP BY phase
				              HAVING count(DISTINCT s) = 3) p)
				FROM ids_$type}),
			't|' . join(',', map { $_->[0] } grep { $type ne 'sno' || $_->[3] eq 'values' } @phases),
			"$label: $type: no value repeats; values from all three sessions in phases as expected");
	}

	# wiji, ulid, siq (per kind) and muid strictly increase in each session
	my %partition = (wiji => 's', ulid => 's', siq => 's, kind', muid => 's');
	for my $type (@types)
	{
		is( $node->safe_psql('postgres', qq{
				SELECT count(*) FILTER (WHERE id <= prev)
				FROM (SELECT id, lag(id) OVER (PARTITION BY $partition{$type} ORDER BY phase, i, id) AS prev
				      FROM ids_$type) s}),
			'0', "$label: $type: each session's values strictly increase through every step");
	}
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE rows <> 2 OR bundles <> 1 OR lo <> 1 OR hi <> 2)
			FROM (SELECT count(*) AS rows, count(DISTINCT muid_bundle(id)) AS bundles,
			             min(muid_extract_offset(id)) AS lo, max(muid_extract_offset(id)) AS hi
			      FROM ids_muid GROUP BY s, phase, i) t}),
		'0', "$label: muid: each transaction's two values share a bundle, offsets 1 and 2");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM generate_series(2, 8) p
			WHERE (SELECT min(id) FROM ids_muid WHERE phase = p)
			      <= (SELECT max(id) FROM ids_muid WHERE phase < p)}),
		'0', "$label: muid: every phase's bundles are above all earlier phases' bundles");

	# When the clock steps back 10 s or 1 h they keep the time they had
	# reached (every value is later than the start of the phase before);
	# when it comes forward again they follow it (a value at or after the
	# start of the phase)
	my $forward = join(',', map { $_->[0] } grep { !ref $_->[1] && $_->[1] eq '0' } @phases);
	for my $type (@types)
	{
		is( $node->safe_psql('postgres', qq{
				SELECT string_agg(phase || ':' || ok, ' ' ORDER BY phase)
				FROM (SELECT v.phase,
				             CASE WHEN v.phase IN ($forward)
				                  THEN max(${type}_extract_timestamp(id)) >= p.started
				                  ELSE min(${type}_extract_timestamp(id)) >= q.started END AS ok
				      FROM ids_$type v
				           JOIN (SELECT phase, min(started) AS started FROM phases GROUP BY phase) p
				             ON p.phase = v.phase
				           JOIN (SELECT phase, min(started) AS started FROM phases GROUP BY phase) q
				             ON q.phase = v.phase - 1
				      WHERE v.phase >= 4
				      GROUP BY v.phase, p.started, q.started) s}),
			'4:true 5:true 6:true 7:true 8:true',
			"$label: $type: keeps its time when the clock steps back 10 s and 1 h, follows it forward");
	}

	# sno, in each phase: a value at every turn of the loop, or 55000 for
	# a wait of more than 1 s at every turn
	is( $node->safe_psql('postgres', q{
			SELECT string_agg(phase || ':' || CASE
			         WHEN vals = turns AND errs = 0 THEN 'values'
			         WHEN vals = 0 AND errs = turns
			              AND states = '55000 gen_sno() would have to wait more than 1 s for the clock'
			         THEN '55000'
			         ELSE format('%s values, %s errors (%s) in %s turns', vals, errs, states, turns) END,
			         ' ' ORDER BY phase)
			FROM (SELECT p.phase,
			             (SELECT count(*) FROM ids_wiji w WHERE w.phase = p.phase) AS turns,
			             (SELECT count(*) FROM ids_sno v WHERE v.phase = p.phase) AS vals,
			             (SELECT count(*) FROM sno_errors e WHERE e.phase = p.phase) AS errs,
			             (SELECT string_agg(DISTINCT state || ' ' || message, ', ')
			              FROM sno_errors e WHERE e.phase = p.phase) AS states
			      FROM generate_series(1, 8) p(phase)) s}),
		join(' ', map { "$_->[0]:$_->[3]" } @phases),
		"$label: sno: values in every phase but those 10 s and 1 h back, where every call raised 55000");
	# The tick-tock bit of each phase's values, against phase 1's
	is( $node->safe_psql('postgres', q{
			SELECT string_agg(phase || ':' || bits || ':' ||
			                  (bit = (SELECT min(sno_extract_tick_tock(id)::int) FROM ids_sno WHERE phase = 1)),
			                  ' ' ORDER BY phase)
			FROM (SELECT phase, count(DISTINCT sno_extract_tick_tock(id)) AS bits,
			             min(sno_extract_tick_tock(id)::int) AS bit
			      FROM ids_sno GROUP BY phase) s}),
		'1:1:true 2:1:false 3:1:true 4:1:true 6:1:true 8:1:true',
		"$label: sno: the first step back toggled tick-tock; the short step back toggled it back");
	# sno never ran ahead of the session's clock: where it could not go on,
	# it waited (each value's 4 ms unit began before the clock just after
	# it, in phase 3 the time of phase 1's last unit had passed)
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FILTER (WHERE sno_extract_timestamp(id) > clock),
			       count(*) FILTER (WHERE phase = 3
			                        AND clock <= (SELECT max(sno_extract_timestamp(id)) FROM ids_sno WHERE phase = 1))
			FROM (SELECT id, phase, t + p.offset_ms * interval '1 ms' AS clock
			      FROM ids_sno v JOIN phases p USING (phase, s)) c}),
		'0|0', "$label: sno: no value ahead of its session's clock; in phase 3 none before the clock passed phase 1");
	note('phase 3, from its start to the first sno of each session: '
		  . $node->safe_psql('postgres', q{
			SELECT string_agg(format('%s ms', round(extract(epoch FROM w) * 1000)), ', ' ORDER BY s)
			FROM (SELECT s, min(t) - (SELECT started FROM phases p WHERE p.phase = 3 AND p.s = v.s) AS w
			      FROM ids_sno v WHERE phase = 3 GROUP BY s) x}));
	# On phase 1's timeline every later phase is above all before it: the
	# short step back waited until the clock was past that timeline's values
	is( $node->safe_psql('postgres', q{
			SELECT string_agg(phase::text, ',' ORDER BY phase) FILTER (WHERE lo <= before)
			FROM (SELECT phase, min(id) AS lo,
			             (SELECT max(id) FROM ids_sno e WHERE e.phase < v.phase AND e.phase <> 2) AS before
			      FROM ids_sno v WHERE phase NOT IN (1, 2) GROUP BY phase) s}),
		'', "$label: sno: phases 3, 4, 6 and 8 each above all values before them on their timeline");

	$node->stop;
	return;
}

test_clock_faults(0);
test_clock_faults(1);

done_testing();
