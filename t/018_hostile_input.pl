# Hostile input: for every type, 100,000 random byte strings through the
# binary receive path (COPY BINARY) and 100,000 random texts through text
# input (test/hostile_input.py does the work and says what it saw). Each
# must end in the type's own error or in a value that round-trips, and the
# server must never crash.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use IPC::Run;
use lib $FindBin::RealBin;
use IdgenTest;
use JSON::PP;

my $count = 100_000;
my $seed = 20261125;

my $node = idgen_node('hostile', preload => 1);
my $started = $node->safe_psql('postgres', 'SELECT pg_postmaster_start_time()');

# Debian's python3, which has psycopg 3, whatever python3 comes first on PATH
my ($out, $err) = ('', '');
local $ENV{PGHOST} = $node->host;
local $ENV{PGPORT} = $node->port;
local $ENV{PGDATABASE} = 'postgres';
my $ok = IPC::Run::run([ '/usr/bin/python3', "$FindBin::RealBin/../test/hostile_input.py", $count, $seed ],
	'>', \$out, '2>', \$err);
ok($ok, 'hostile_input.py ran to the end') or diag($err);

my %seen;
for my $line (split /\n/, $out)
{
	my $r = decode_json($line);
	$seen{"$r->{type} $r->{path}"} = $r;
}

for my $t (qw(wiji ulid sno siq muid))
{
	my $b = $seen{"$t binary"};
	ok($b, "$t: binary results") or next;
	note(encode_json($b));
	is($b->{inputs}, $count, "$t binary: $count inputs");
	is($b->{stored}, $b->{expected_values},
		"$t binary: every input that is a value was taken ($b->{expected_values})");
	is($b->{errors}, $b->{expected_errors},
		"$t binary: every other input was refused ($b->{expected_errors})");
	is("$b->{accepted_non_value}|$b->{wrong_error}", '0|0',
		"$t binary: no value taken that is none, every refusal 22P03 with its message and a detail");
	is("$b->{bytes_differ}|$b->{copy_out_differs}|$b->{text_differs}", '0|0|0',
		"$t binary: the stored values give back their bytes (bytea cast, COPY TO binary) and read back from their text");
	is_deeply($b->{examples}, [], "$t binary: no failing example");
	# the mix reaches both outcomes, or the checks above would prove little
	ok($b->{expected_values} > $count / 4 && $b->{expected_errors} > $count / 20,
		"$t binary: values and non-values both among the inputs");

	my $x = $seen{"$t text"};
	ok($x, "$t: text results") or next;
	note(encode_json($x));
	is($x->{inputs}, $count, "$t text: $count inputs");
	is($x->{accepted} + $x->{refused}, $count, "$t text: each input taken or refused");
	is("$x->{no_round_trip}|$x->{wrong_error}|$x->{valid_but_refused}", '0|0|0',
		"$t text: a taken text gives a value that reads back from its canonical text, a refused one the type's error naming it; ${t}_is_valid() agrees with both");
	is_deeply($x->{examples}, [], "$t text: no failing example");
	ok($x->{accepted} > $count / 10 && $x->{refused} > $count / 2 && $x->{not_canonical} > 0,
		"$t text: accepted canonical and other forms, and refused texts, all among the inputs");
}

is($node->safe_psql('postgres', 'SELECT pg_postmaster_start_time()'), $started,
	'the server never restarted');
ok(!$node->log_contains('terminated by signal|was terminated|server process .* exited with exit code'),
	'no server process crashed');

$node->stop;
done_testing();
