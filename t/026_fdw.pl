
# postgres_fdw: two servers generate rows of every type, each with node
# settings of its own; a third reads both through foreign tables.  With the
# foreign server's "extensions 'idgen'" option, conditions on the id are
# sent to the servers that hold the rows (the "Remote SQL" of EXPLAIN
# VERBOSE, with no local Filter): equality and ranges of ids, the
# comparisons with times (>=, >, <, <=), <@ and @> with a tstzrange, and
# ORDER BY id with a LIMIT; each answer is exact.  Without the option no
# condition is sent, and the answers are the same, filtered locally.  A
# condition on now() is filtered locally whatever the option; as a
# parameter of a prepared statement it is sent.  A uuid column of
# gen_uuidv7() values compared with times: the same, with idgen's operators
# on uuid.  An INSERT through a foreign table makes the id where it runs.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $ROWS = 1000;    # rows per type, batch and server

# The two servers that hold the rows, and the one that reads them
my %origin;
for my $name ('a', 'b')
{
	$origin{$name} = idgen_node("fdw_$name", preload => 1,
		sql => join('', map { "CREATE TABLE t_$_ (id $_ PRIMARY KEY, batch integer NOT NULL);" } @TYPES)
		  . 'CREATE TABLE t_uuid (id uuid PRIMARY KEY, batch integer NOT NULL);');
}
my $k = 0;
for my $name ('a', 'b')
{
	$k++;
	configure($origin{$name},
		sno_partition => $k, siq_shard => $k, siq_domain => 'example.com', muid_medallion => $k);
}

my $reader = PostgreSQL::Test::Cluster->new('fdw_reader');
$reader->init;
$reader->append_conf('postgresql.conf', "timezone = 'UTC'");
$reader->start;
ok( $reader->safe_psql('postgres',
		"SELECT count(*) FROM pg_available_extensions WHERE name = 'postgres_fdw'") eq '1',
	'postgres_fdw is installed (scripts/build-pg18.sh installs it; Debian has it in postgresql-15)')
  or BAIL_OUT('postgres_fdw is not installed in this PostgreSQL');

# Three batches of rows on each server, with a gap between batches; a
# boundary time in the middle of each gap.  Values can run a few ticks
# ahead of the clock (wiji, siq, muid), and sno's tick is 4 ms: gaps of
# 0.3 s leave both boundaries well clear of every value, which the check
# below confirms from the values' own timestamps.
my @boundary;
for my $batch (1 .. 3)
{
	for my $name ('a', 'b')
	{
		$origin{$name}->safe_psql('postgres',
			join('', map {
				"INSERT INTO t_$_ SELECT $GEN{$_}, $batch FROM generate_series(1, $ROWS);"
			} @TYPES)
			  . "INSERT INTO t_uuid SELECT gen_uuidv7(), $batch FROM generate_series(1, $ROWS);");
	}
	last if $batch == 3;
	Time::HiRes::usleep(150_000);
	push @boundary, $origin{a}->safe_psql('postgres',
		"SET timezone = 'UTC'; SELECT clock_timestamp()::text");
	Time::HiRes::usleep(150_000);
}
my ($t1, $t2) = @boundary;
note "boundaries: t1 = $t1, t2 = $t2";

for my $name ('a', 'b')
{
	for my $type (@TYPES)
	{
		is( $origin{$name}->safe_psql('postgres', qq{
				SELECT string_agg(format('%s:%s:%s:%s', batch, n,
				                         max_t < '$t1'::timestamptz OR min_t >= '$t1'::timestamptz,
				                         max_t < '$t2'::timestamptz OR min_t >= '$t2'::timestamptz),
				                  ' ' ORDER BY batch)
				FROM (SELECT batch, count(*) AS n,
				             min(${type}_extract_timestamp(id)) AS min_t,
				             max(${type}_extract_timestamp(id)) AS max_t
				      FROM t_$type GROUP BY batch) s}),
			"1:$ROWS:t:t 2:$ROWS:t:t 3:$ROWS:t:t",
			"server $name, $type: three batches of $ROWS, the boundaries between them");
	}
}

$reader->safe_psql('postgres', q{
	CREATE EXTENSION idgen;
	CREATE EXTENSION postgres_fdw;
});
for my $name ('a', 'b')
{
	my ($host, $port) = ($origin{$name}->host, $origin{$name}->port);
	# server_x sends idgen's operators; plain_x, without the option, does not
	$reader->safe_psql('postgres', qq{
		CREATE SERVER server_$name FOREIGN DATA WRAPPER postgres_fdw
			OPTIONS (host '$host', port '$port', dbname 'postgres', extensions 'idgen');
		CREATE SERVER plain_$name FOREIGN DATA WRAPPER postgres_fdw
			OPTIONS (host '$host', port '$port', dbname 'postgres');
		CREATE USER MAPPING FOR CURRENT_USER SERVER server_$name;
		CREATE USER MAPPING FOR CURRENT_USER SERVER plain_$name;
	});
	for my $type (@TYPES)
	{
		$reader->safe_psql('postgres', qq{
			CREATE FOREIGN TABLE ${name}_$type (id $type, batch integer)
				SERVER server_$name OPTIONS (table_name 't_$type');
			CREATE FOREIGN TABLE plain_${name}_$type (id $type, batch integer)
				SERVER plain_$name OPTIONS (table_name 't_$type');
		});
	}
}
# Both servers' rows in one relation, and the same without the option
for my $type (@TYPES)
{
	$reader->safe_psql('postgres', qq{
		CREATE VIEW both_$type AS
			SELECT 'a' AS server, id, batch FROM a_$type
			UNION ALL SELECT 'b', id, batch FROM b_$type;
		CREATE VIEW plain_both_$type AS
			SELECT 'a' AS server, id, batch FROM plain_a_$type
			UNION ALL SELECT 'b', id, batch FROM plain_b_$type;
	});
}

# The plan of a query on the reader: its Remote SQL lines, and whether it
# filters rows locally
sub remote_sql
{
	my ($query) = @_;
	my $plan = $reader->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) $query");
	my @remote = $plan =~ /^\s*Remote SQL: (.*)$/mg;
	my $local = $plan =~ /^\s*Filter: /m ? 1 : 0;
	return (\@remote, $local, $plan);
}

# Checks that a query on both_T sends cond to both servers (each Remote SQL
# ends with it) and filters nothing locally; cond is a regular expression
sub pushed_to_both
{
	my ($query, $cond, $label) = @_;
	my ($remote, $local, $plan) = remote_sql($query);
	ok(@$remote == 2 && !$local && !grep({ !/ WHERE $cond$/ } @$remote),
		"$label: sent to both servers")
	  or diag("expected WHERE $cond in each Remote SQL, plan:\n$plan");
	return;
}

# What each server holds for a condition on its ids' timestamps (ts), as
# "server|batch|count" lines
sub expected_batches
{
	my ($type, $cond, $table) = @_;
	$table //= "t_$type";
	return join "\n", map {
		my $name = $_;
		my $rows = $origin{$name}->safe_psql('postgres', qq{
			SELECT batch, count(*)
			FROM (SELECT batch, ${type}_extract_timestamp(id) AS ts FROM $table) s
			WHERE $cond GROUP BY batch ORDER BY batch});
		map { "$name|$_" } grep { $_ ne '' } split /\n/, $rows
	} ('a', 'b');
}

sub batches_through
{
	my ($view, $cond) = @_;
	return $reader->safe_psql('postgres',
		"SELECT server, batch, count(*) FROM $view WHERE $cond GROUP BY 1, 2 ORDER BY 1, 2");
}

my $T1 = $reader->safe_psql('postgres', "SELECT '$t1'::timestamptz");
my $T2 = $reader->safe_psql('postgres', "SELECT '$t2'::timestamptz");
my $tstz = "'\Q$T1\E'::timestamp with time zone";
my $tstz2 = "'\Q$T2\E'::timestamp with time zone";
my $range = qq{'\Q["$T1","$T2")\E'::tstzrange};
my $op = sub { 'OPERATOR\(public\.' . quotemeta($_[0]) . '\)' };

# The time conditions, what they mean for the ids' own timestamps ts (the
# rule: a time sits just before the ids made at that time; id > t is
# ts >= t, id <= t is ts < t), and the batches they select
my $rows2 = join "\n", "a|2|$ROWS", "b|2|$ROWS";
my @time_cases = (
	[ "id >= T1", "\\(\\(id " . $op->('>=') . " $tstz\\)\\)", "ts >= T1",
	  join("\n", "a|2|$ROWS", "a|3|$ROWS", "b|2|$ROWS", "b|3|$ROWS") ],
	[ "id < T2", "\\(\\(id " . $op->('<') . " $tstz2\\)\\)", "ts < T2",
	  join("\n", "a|1|$ROWS", "a|2|$ROWS", "b|1|$ROWS", "b|2|$ROWS") ],
	[ "id > T1 AND id <= T2",
	  "\\(\\(id " . $op->('>') . " $tstz\\)\\) AND \\(\\(id " . $op->('<=') . " $tstz2\\)\\)",
	  "ts >= T1 AND ts < T2", $rows2 ],
	[ "id <@ tstzrange(T1, T2)", "\\(\\(id " . $op->('<@') . " $range\\)\\)",
	  "ts >= T1 AND ts < T2", $rows2 ],
	[ "tstzrange(T1, T2) @> id", "\\(\\($range " . $op->('@>') . " id\\)\\)",
	  "ts >= T1 AND ts < T2", $rows2 ],
);

# T1 and T2 in a condition as the boundary times
sub with_times
{
	my ($text) = @_;
	return $text =~ s/T1/'$t1'::timestamptz/gr =~ s/T2/'$t2'::timestamptz/gr;
}

for my $type (@TYPES)
{
	# Equality: one id of server b's second batch
	my $one = $origin{b}->safe_psql('postgres',
		"SELECT id FROM t_$type WHERE batch = 2 ORDER BY id::bytea OFFSET 500 LIMIT 1");
	my $eq = "id = '$one'::$type";
	pushed_to_both("SELECT * FROM both_$type WHERE $eq",
		"\\(\\(id " . $op->('=') . " '\Q$one\E'(::public\\.$type)?\\)\\)", "$type: $eq");
	is($reader->safe_psql('postgres', "SELECT server, batch, id FROM both_$type WHERE $eq"),
		"b|2|$one", "$type: $eq finds that one row, on server b");

	# A range of ids that takes some rows of each server: from an id of a's
	# second batch to one of b's.  What each server holds is counted there
	# with the bytes' order, not the type's operators.
	my $lo = $origin{a}->safe_psql('postgres',
		"SELECT id FROM t_$type WHERE batch = 2 ORDER BY id::bytea OFFSET 200 LIMIT 1");
	my $hi = $origin{b}->safe_psql('postgres',
		"SELECT id FROM t_$type WHERE batch = 2 ORDER BY id::bytea OFFSET 800 LIMIT 1");
	my $ids = "id >= '$lo'::$type AND id < '$hi'::$type";
	pushed_to_both("SELECT * FROM both_$type WHERE $ids",
		"\\(\\(id " . $op->('>=') . " '\Q$lo\E'(::public\\.$type)?\\)\\) AND "
		  . "\\(\\(id " . $op->('<') . " '\Q$hi\E'(::public\\.$type)?\\)\\)",
		"$type: a range of ids");
	my $want = join "\n", map {
		my $name = $_;
		map { "$name|$_" } split /\n/,
		  $origin{$name}->safe_psql('postgres', qq{
			SELECT id FROM t_$type
			WHERE id::bytea >= '$lo'::${type}::bytea AND id::bytea < '$hi'::${type}::bytea
			ORDER BY id::bytea})
	} ('a', 'b');
	my @want = split /\n/, $want;
	cmp_ok(scalar(grep { /^a\|/ } @want) * scalar(grep { /^b\|/ } @want), '>', 0,
		"$type: the range of ids holds rows of both servers");
	is( $reader->safe_psql('postgres',
			"SELECT server, id FROM both_$type WHERE $ids ORDER BY server, id"),
		$want, "$type: the range of ids gives exactly the rows each server holds in it ("
		  . scalar(@want) . ')');

	# Times
	for my $case (@time_cases)
	{
		my ($label, $remote, $ts_cond, $want_batches) = @$case;
		my $cond = with_times($label);
		pushed_to_both("SELECT * FROM both_$type WHERE $cond", $remote, "$type: $label");
		is(batches_through("both_$type", $cond), $want_batches,
			"$type: $label selects exactly those batches");
		is(expected_batches($type, with_times($ts_cond)), $want_batches,
			"$type: ... as each server's own timestamps say");
	}

	# ORDER BY id with a LIMIT: sent too, and the first rows are those of
	# the bytes' order
	my ($remote, $local, $plan) =
	  remote_sql("SELECT id FROM a_$type WHERE id >= '$t1'::timestamptz ORDER BY id LIMIT 5");
	ok( @$remote == 1 && !$local
		  && $remote->[0] =~ / WHERE \(\(id ${\ $op->('>=')} $tstz\)\) ORDER BY id ASC NULLS LAST LIMIT 5::bigint$/,
		"$type: ORDER BY id LIMIT 5 is sent with the condition")
	  or diag($plan);
	is( $reader->safe_psql('postgres',
			"SELECT id FROM a_$type WHERE id >= '$t1'::timestamptz ORDER BY id LIMIT 5"),
		$origin{a}->safe_psql('postgres',
			"SELECT id FROM t_$type WHERE batch >= 2 ORDER BY id::bytea LIMIT 5"),
		"$type: ... and gives the first five ids of the later batches");

	# Without the extensions option: nothing is sent, the answer is the same
	my ($plain_remote, $plain_local, $plain_plan) =
	  remote_sql("SELECT * FROM plain_both_$type WHERE id <@ tstzrange('$t1', '$t2')");
	ok(@$plain_remote == 2 && $plain_local && !grep({ / WHERE / } @$plain_remote),
		"$type: without extensions 'idgen', the condition is filtered locally")
	  or diag($plain_plan);
	is(batches_through("plain_both_$type", "id <@ tstzrange('$t1', '$t2')"),
		$rows2, "$type: ... with the same answer");
}

# uuid compared with times (UUIDv7 values of gen_uuidv7()): idgen's
# operators, sent as the other types' are with the option, and filtered
# locally without it, with the same answer; a time known only when the
# statement runs (a parameter) is sent too
for my $name ('a', 'b')
{
	$reader->safe_psql('postgres', qq{
		CREATE FOREIGN TABLE ${name}_uuid (id uuid, batch integer)
			SERVER server_$name OPTIONS (table_name 't_uuid');
		CREATE FOREIGN TABLE plain_${name}_uuid (id uuid, batch integer)
			SERVER plain_$name OPTIONS (table_name 't_uuid');
	});
}
$reader->safe_psql('postgres', q{
	CREATE VIEW both_uuid AS SELECT 'a' AS server, id, batch FROM a_uuid UNION ALL SELECT 'b', id, batch FROM b_uuid;
	CREATE VIEW plain_both_uuid AS
		SELECT 'a' AS server, id, batch FROM plain_a_uuid UNION ALL SELECT 'b', id, batch FROM plain_b_uuid;
});
for my $case (@time_cases)
{
	my ($label, $remote, $ts_cond, $want_batches) = @$case;
	my $cond = with_times($label);
	pushed_to_both("SELECT * FROM both_uuid WHERE $cond", $remote, "uuid: $label");
	my ($plain_remote, $plain_local, $plain_plan) =
	  remote_sql("SELECT * FROM plain_both_uuid WHERE $cond");
	ok(@$plain_remote == 2 && $plain_local && !grep({ / WHERE / } @$plain_remote),
		"uuid: $label without extensions 'idgen' is filtered locally")
	  or diag($plain_plan);
	for my $view ('both_uuid', 'plain_both_uuid')
	{
		is(batches_through($view, $cond), $want_batches, "$view: $label selects exactly those batches");
	}
	is(expected_batches('uuidv7', with_times($ts_cond), 't_uuid'), $want_batches,
		"uuid: $label ... as each server's own timestamps say");
}
my $prepared_uuid = q{
	SET plan_cache_mode = force_generic_plan;
	PREPARE since_uuid(timestamptz) AS SELECT count(*) FROM a_uuid WHERE id >= $1;
};
like( $reader->safe_psql('postgres',
		"$prepared_uuid EXPLAIN (VERBOSE, COSTS OFF) EXECUTE since_uuid(now() - interval '1 hour')"),
	qr/Remote SQL: SELECT count\(\*\) FROM public\.t_uuid WHERE \(\(id OPERATOR\(public\.>=\) \$1::timestamp with time zone\)\)$/m,
	'uuid: as a parameter of a prepared statement, the time is sent (and the count with it)');
is($reader->safe_psql('postgres', "$prepared_uuid EXECUTE since_uuid('$t1')"),
	2 * $ROWS, 'uuid: ... and the count is exact');

# now() is not sent (postgres_fdw sends no function that is not immutable,
# so that the two servers' clocks cannot disagree); a parameter is
my ($remote, $local, $plan) =
  remote_sql("SELECT * FROM a_wiji WHERE id >= now() - interval '1 hour'");
ok(@$remote == 1 && $local && $remote->[0] !~ / WHERE /,
	'id >= now() - interval: filtered locally')
  or diag($plan);
my $prepared = q{
	SET plan_cache_mode = force_generic_plan;
	PREPARE since(timestamptz) AS SELECT count(*) FROM a_wiji WHERE id >= $1;
};
like( $reader->safe_psql('postgres',
		"$prepared EXPLAIN (VERBOSE, COSTS OFF) EXECUTE since(now() - interval '1 hour')"),
	qr/Remote SQL: SELECT count\(\*\) FROM public\.t_wiji WHERE \(\(id OPERATOR\(public\.>=\) \$1::timestamp with time zone\)\)$/m,
	'as a parameter of a prepared statement, the time is sent (and the count with it)');
is($reader->safe_psql('postgres', "$prepared EXECUTE since('$t1')"),
	2 * $ROWS, '... and the count is exact');

# An INSERT through a foreign table takes the foreign table's own DEFAULT,
# evaluated on the server that runs the INSERT: the id carries that
# server's node fields.  The remote table's DEFAULT is not used: a foreign
# table without one sends a NULL id.
configure($reader, sno_partition => 9);
$reader->safe_psql('postgres', q{
	CREATE FOREIGN TABLE into_a_sno (id sno DEFAULT gen_sno(), batch integer)
		SERVER server_a OPTIONS (table_name 't_sno');
	INSERT INTO into_a_sno (batch) VALUES (4);
});
is($origin{a}->safe_psql('postgres', 'SELECT sno_extract_partition(id) FROM t_sno WHERE batch = 4'),
	'9', 'an INSERT through a foreign table: the id is made by the inserting server (partition 9)');
my ($out, $err) = ('', '');
$reader->psql('postgres', 'INSERT INTO a_sno (batch) VALUES (5)', stdout => \$out, stderr => \$err);
like($err, qr/ERROR:  null value in column "id" of relation "t_sno" violates not-null constraint/,
	'... and without a DEFAULT on the foreign table, a NULL id is sent');

$reader->stop;
$origin{$_}->stop for ('a', 'b');

done_testing();
