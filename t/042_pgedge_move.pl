
# A column fed by pgEdge's snowflake.nextval() moved to gen_snowflake() with
# the README's recipe ("From pgEdge's snowflake.nextval()", read from
# README.md), with pgEdge's own extension (built by scripts/build-pgedge.sh;
# the test is skipped without it).  pgEdge's values run seconds ahead of the
# clock through a sequence's INCREMENT, as it allows; right after the
# switch, the new values must repeat none of them (the primary key) and sort
# after every one of them:
#   - on the same node, INCREMENT 64 (more than 2 s ahead), preloaded;
#   - the same node, INCREMENT 4096 (every value a millisecond on, 1,600
#     of them 1.6 s ahead, past the mark's window), with a restart right after the switch, clean
#     and immediate, and the clock set back 5 s after it: the floor is in
#     the mark on disk;
#   - another node, INCREMENT 4096, about 3 s ahead;
#   - the same node without preloading, where no value may be ahead of the
#     clock.
# Each switch waits for the clock to pass pgEdge's values, about 2-3 s.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

# pgEdge's extension in the installation under test, else skip with one line
my $sharedir = `pg_config --sharedir`;
chomp $sharedir;
plan skip_all => "pgEdge's snowflake extension is not installed in $sharedir"
  . ' (scripts/build-pgedge.sh PG_CONFIG installs it)'
  unless -f "$sharedir/extension/snowflake.control";

# The README's recipe, as written there, but for the table's name
my $readme = slurp_file("$FindBin::RealBin/../README.md");
my ($recipe) = $readme =~ /\nThe recipe, on each server\..*?\n```sql\n(.*?)```\n/s
  or die 'README.md: no recipe for a move from pgEdge';
my ($recipe_node) = $recipe =~ /idgen\.snowflake_node = (\d+);/
  or die 'README.md: the pgEdge recipe sets no idgen.snowflake_node';
like($recipe, qr/SET DEFAULT gen_snowflake\(\)/, "the README's recipe switches the default");

# A server with idgen (preloaded or not) and pgEdge's extension, on pgEdge's
# node $recipe_node, the node the recipe gives idgen
sub server
{
	my ($name, $preload) = @_;
	return idgen_node($name, preload => $preload,
		conf => "snowflake.node = $recipe_node\ntimezone = 'UTC'\n",
		sql => 'CREATE EXTENSION snowflake');
}

# Fill table $t from pgEdge's sequence with INCREMENT $inc, on pgEdge's node
# $pg_node, $rows rows at a time until its values are $lead s ahead of the
# clock (at most $max times); returns the lead reached, in seconds
sub fill
{
	my ($node, $t, $pg_node, $inc, $rows, $lead, $max) = @_;
	$node->safe_psql('postgres', qq{
		CREATE SEQUENCE ${t}_id_seq INCREMENT $inc;
		CREATE TABLE $t (id bigint PRIMARY KEY DEFAULT snowflake.nextval('${t}_id_seq'),
						 old boolean NOT NULL DEFAULT true);
	});
	my $ahead;
	for (1 .. $max)
	{
		$ahead = $node->safe_psql('postgres', qq{
			SET snowflake.node = $pg_node;
			INSERT INTO $t SELECT FROM generate_series(1, $rows);
			SELECT extract(epoch FROM snowflake_extract_timestamp(max(id)) - clock_timestamp()) FROM $t});
		last if $ahead >= $lead;
	}
	return $ahead;
}

# The recipe for table $t, timed; then $rows rows from gen_snowflake() at
# once (a burst, ahead of the clock when preloaded), after $between (a
# restart, say)
sub switch
{
	my ($node, $t, %opt) = @_;
	(my $sql = $recipe) =~ s/\bshipment\b/$t/g;
	my $start = time;
	my ($out, $err) = run_script($node, $sql);
	my $took = time - $start;
	is($err, '', "$t: the recipe runs without an error");
	$opt{between}->() if $opt{between};
	($out, $err) = run_script($node, ($opt{new_sql} // '') . qq{
		INSERT INTO $t (old) SELECT false FROM generate_series(1, 20000);
		INSERT INTO $t (old) VALUES (false);});
	return ($err, $took);
}

# The new rows (20,000 at once, then one): their number, how many are at or below the greatest old
# one, and how many old rows are above the smallest new one; and the nodes
# of each
sub check
{
	my ($node, $t) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE NOT old),
			   count(*) FILTER (WHERE NOT old AND id <= (SELECT max(id) FROM $t WHERE old)),
			   count(*) FILTER (WHERE old AND id >= (SELECT min(id) FROM $t WHERE NOT old)),
			   string_agg(DISTINCT snowflake_extract_node(id)::text, ',') FILTER (WHERE old),
			   string_agg(DISTINCT snowflake_extract_node(id)::text, ',') FILTER (WHERE NOT old)
		FROM $t});
}

my $node = server('pgedge', 1);

# Same node, INCREMENT 64: pgEdge's values more than 2 s ahead of the clock
my $ahead = fill($node, 'same', $recipe_node, 64, 100000, 2, 8);
cmp_ok($ahead, '>', 2, "same node, INCREMENT 64: pgEdge's values are ${ahead} s ahead of the clock");
my ($err, $took) = switch($node, 'same');
is($err, '', 'same node: the new rows go in without an error (no duplicate key)');
is(check($node, 'same'), "20001|0|0|$recipe_node|$recipe_node",
	'... each above every old row');
cmp_ok($took, '<', $ahead + 1, "... the recipe waited ${took} s, no longer than pgEdge's lead");

# The same, with a restart right after the switch, clean and immediate; the
# session that inserts then has its clock 5 s behind, which only the mark
# on disk keeps from going back below the old rows
for my $mode (qw(fast immediate))
{
	my $t = "restart_$mode";
	$ahead = fill($node, $t, $recipe_node, 4096, 1600, 1.3, 1);
	cmp_ok($ahead, '>', 1.3, "$t: pgEdge's values are ${ahead} s ahead of the clock, past the mark's window");
	($err) = switch($node, $t,
		between => sub { $node->stop($mode); $node->start; },
		new_sql => "SET idgen.clock_offset = '-5s';");
	is($err, '', "$t: after a $mode stop and a clock 5 s behind, the new rows go in without an error");
	is(check($node, $t), "20001|0|0|$recipe_node|$recipe_node", '... each above every old row');
}

# Another node, INCREMENT 4096: 3,000 values about 3 s ahead
my $other = $recipe_node == 7 ? 8 : 7;
$ahead = fill($node, 'other', $other, 4096, 3000, 2, 1);
cmp_ok($ahead, '>', 2, "another node, INCREMENT 4096: pgEdge's values are ${ahead} s ahead");
($err) = switch($node, 'other');
is($err, '', 'another node: the new rows go in without an error');
is(check($node, 'other'), "20001|0|0|$other|$recipe_node", '... each above every old row');
$node->stop;

# Without preloading: the same node, INCREMENT 4096
$node = server('pgedge_plain', 0);
$ahead = fill($node, 'plain', $recipe_node, 4096, 1600, 1.3, 1);
cmp_ok($ahead, '>', 1.3, "not preloaded: pgEdge's values are ${ahead} s ahead of the clock");
($err) = switch($node, 'plain');
is($err, '', 'not preloaded: the new rows go in without an error');
is(check($node, 'plain'), "20001|0|0|$recipe_node|$recipe_node", '... each above every old row');
is( $node->safe_psql('postgres', q{
		SELECT snowflake_extract_timestamp(max(id)) <= clock_timestamp() FROM plain WHERE NOT old}),
	't', '... and none ahead of the clock');
$node->stop;

done_testing();
