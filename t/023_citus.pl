
# idgen under Citus: a coordinator and two workers, each with node settings
# of its own.  For each type, and for uuid v7 on uuid and snowflake ids on
# bigint, a table distributed by an id with DEFAULT gen_T(), filled through
# the coordinator (single rows, INSERT ... SELECT,
# COPY, prepared INSERTs, INSERT ... SELECT from the table itself) and
# through each worker (INSERT, COPY); router queries by id (also prepared),
# range queries by id and by time, a join of two tables co-located on an
# idgen column, a reference table with idgen columns.  Results are checked
# against values computed here, or against a plain table on the coordinator
# holding the same rows.
#
# Where Citus evaluates DEFAULT gen_T(), as the values' node fields and each
# server's idgen_stats() counts show it (README, "Citus"):
#
#  - Sent to the coordinator, INSERT ... VALUES (prepared too: again at
#    every execution of a generic plan), INSERT ... SELECT from a source
#    that is not distributed (Citus's "pull to coordinator" method), COPY,
#    and an INSERT into a reference table: on the coordinator, which must
#    know the distribution column's value to route the row.  The values
#    carry the coordinator's node fields (wiji: the node of the
#    coordinator's session).
#  - INSERT ... SELECT from a distributed table (the "repartition" method):
#    on the workers, in the SELECT that runs on each source shard.  Each
#    value carries the node fields of the worker that holds its source row,
#    and then goes to the shard its id hashes to.
#  - INSERT and COPY sent to a worker (Citus gives the workers its metadata,
#    so they take writes too): on that worker, with its node fields.
#
# So every value carries the node fields of the server that generated it,
# and every server that generates needs node settings of its own.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $SHARDS = 4;

# Node settings: every server its own sno partition, siq shard and domain,
# muid medallion and snowflake node (wiji's node is drawn per session, ulid has none)
my @servers = qw(coordinator worker1 worker2);
my %settings = (
	coordinator => {
		sno_partition => 100,
		siq_shard => 10,
		siq_domain => 'coordinator.example',
		muid_medallion => 2**40 + 100,
		snowflake_node => 100
	},
	worker1 => {
		sno_partition => 101,
		siq_shard => 11,
		siq_domain => 'worker1.example',
		muid_medallion => 2**40 + 101,
		snowflake_node => 101
	},
	worker2 => {
		sno_partition => 102,
		siq_shard => 12,
		siq_domain => 'worker2.example',
		muid_medallion => 2**40 + 102,
		snowflake_node => 102
	});

my %node;
for my $name (@servers)
{
	my $n = PostgreSQL::Test::Cluster->new($name);
	$n->init;
	my $s = $settings{$name};
	$n->append_conf('postgresql.conf',
		join('',
			"shared_preload_libraries = 'citus,idgen'\n",
			map { "idgen.$_ = '$s->{$_}'\n" } sort keys %$s));
	$node{$name} = $n;
}
my $coord = $node{coordinator};
$coord->append_conf('postgresql.conf', "citus.shard_count = $SHARDS");

# Citus comes from scripts/build-citus.sh (make test runs it): without it
# this test fails rather than skips
my $pkglibdir = $coord->config_data('--pkglibdir');
ok(-f "$pkglibdir/citus.so", 'Citus is installed in the PostgreSQL under test')
  or die "no $pkglibdir/citus.so: run sh scripts/build-citus.sh "
  . $coord->config_data('--bindir')
  . '/pg_config';

$_->start for values %node;
$_->safe_psql('postgres', 'CREATE EXTENSION citus') for values %node;
$coord->safe_psql('postgres',
	    "SELECT citus_set_coordinator_host('"
	  . $coord->host . "', "
	  . $coord->port . ");\n"
	  . join('',
		map { "SELECT citus_add_node('" . $_->host . "', " . $_->port . ");\n" }
		  @node{qw(worker1 worker2)}));

# CREATE EXTENSION on the coordinator: Citus creates it on the workers
$coord->safe_psql('postgres', 'CREATE EXTENSION idgen');
my $version = $coord->safe_psql('postgres',
	"SELECT extversion FROM pg_extension WHERE extname = 'idgen'");
for my $w (qw(worker1 worker2))
{
	is( $node{$w}->safe_psql('postgres',
			"SELECT extversion FROM pg_extension WHERE extname = 'idgen'"),
		$version, "CREATE EXTENSION idgen on the coordinator creates it on $w");
}

my %port_server = map { $node{$_}->port => $_ } @servers;
my %domain_hash = map {
	$_ => $coord->safe_psql('postgres',
		"SELECT siq_domain_hash('$settings{$_}{siq_domain}')")
} @servers;

# Per generator: the node fields of a value as text (ulid and uuidv7 have none; wiji's
# node belongs to a session, not to a server), and the condition for ids
# made in [t1, t2): the comparisons with times, or for bigint, which has
# none, comparisons with snowflake_from_parts()
my @types = (
	{ type => 'wiji', fields => 'wiji_extract_node(id)' },
	{ type => 'ulid', fields => "''" },
	{ type => 'sno', fields => 'sno_extract_partition(id)' },
	{ type => 'siq', fields => q{siq_extract_shard(id) || '/' || siq_extract_domain_hash(id)} },
	{ type => 'muid', fields => 'muid_extract_medallion(id)' },
	{ type => 'uuidv7', fields => "''" },
	{
		type => 'snowflake',
		fields => 'snowflake_extract_node(id)',
		in_times => sub {
			"id >= snowflake_from_parts('$_[0]') AND id < snowflake_from_parts('$_[1]')";
		}
	});

# The node fields of the values a server generates, as the type's fields
# expression shows them; undef where they are not the server's
sub server_fields
{
	my ($type, $server) = @_;
	my $s = $settings{$server};
	return $s->{sno_partition} if $type eq 'sno';
	return "$s->{siq_shard}/$domain_hash{$server}" if $type eq 'siq';
	return $s->{muid_medallion} if $type eq 'muid';
	return $s->{snowflake_node} if $type eq 'snowflake';
	return undef;
}

# How many values of the type each server has generated (idgen_stats())
sub generated
{
	my ($type) = @_;
	return {
		map {
			$_ => $node{$_}->safe_psql('postgres',
				"SELECT generated FROM idgen_stats() WHERE generator = '$type'")
		} @servers
	};
}

# Check how many values each server generated since $before; returns the
# new counts
sub check_generated
{
	my ($type, $label, $before, %expected) = @_;
	my $after = generated($type);
	is( join(' ', map { "$_=" . ($after->{$_} - $before->{$_}) } @servers),
		join(' ', map { "$_=" . ($expected{$_} // 0) } @servers),
		"$type, $label: values generated on each server");
	return $after;
}

# Run a script on a server, in one session; returns the session's wiji
# node (empty when it made no wiji)
sub run_session
{
	my ($server, $sql) = @_;
	return $node{$server}->safe_psql('postgres', $sql . q{
		SELECT coalesce(substring(node FROM '^node=([0-9]+)$'), '')
		FROM idgen_stats() WHERE generator = 'wiji';});
}

# The rows of a table, by n: path, id and node fields
sub rows
{
	my ($t) = @_;
	my %rows;
	for my $line (split /\n/,
		$coord->safe_psql('postgres', "SELECT n, path, id, $t->{fields} FROM $t->{type}_item"))
	{
		my ($n, $path, $id, $fields) = split /\|/, $line, -1;
		$rows{$n} = { path => $path, id => $id, fields => $fields };
	}
	return \%rows;
}

# Which server holds each row of a distributed table (by n), read from the
# shards on each server
sub stored_on
{
	my ($table) = @_;
	my %on;
	for my $line (split /\n/,
		$coord->safe_psql('postgres',
			"SELECT shard_name, nodeport FROM citus_shards WHERE table_name = '$table'::regclass"))
	{
		my ($shard, $port) = split /\|/, $line;
		my $server = $port_server{$port};
		$on{$_} = $server for split /\n/, $node{$server}->safe_psql('postgres', "SELECT n FROM $shard");
	}
	return \%on;
}

# Check the rows of one insert path: how many, and that each carries the
# node fields expected of it ($expect: n -> the fields, undef where the type
# has none to check)
sub check_path
{
	my ($t, $rows, $path, $count, $expect) = @_;
	my @ns = grep { $rows->{$_}{path} eq $path } keys %$rows;
	my @bad = grep {
		my $e = $expect->($_);
		defined $e && $rows->{$_}{fields} ne $e
	} @ns;
	is( scalar(@ns) . ' rows, ' . scalar(@bad) . ' with other node fields',
		"$count rows, 0 with other node fields",
		"$t->{type}, $path: rows and the node fields they carry");
	return;
}

for my $t (@types)
{
	my ($type, $gen, $column) = ($t->{type}, $GEN{ $t->{type} }, $COLUMN{ $t->{type} });
	my $item = "${type}_item";

	$coord->safe_psql('postgres', qq{
		CREATE TABLE $item (id $column PRIMARY KEY DEFAULT $gen, n integer NOT NULL, path text NOT NULL);
		SELECT create_distributed_table('$item', 'id');
		CREATE TABLE ${type}_ref (id $column PRIMARY KEY DEFAULT $gen, label text NOT NULL);
		SELECT create_reference_table('${type}_ref');
		CREATE TABLE ${type}_part (item $column NOT NULL, qty integer NOT NULL, kind $column NOT NULL);
		SELECT create_distributed_table('${type}_part', 'item', colocate_with => '$item');
	});

	# ---- inserts, and where the default is evaluated ------------------------

	my $gens = generated($type);
	my %session;    # wiji node of the session of each path

	# Single rows through the coordinator
	$session{single} = run_session('coordinator',
		join('', map { "INSERT INTO $item (n, path) VALUES ($_, 'single');\n" } 1 .. 3));
	$gens = check_generated($type, 'single-row INSERTs', $gens, coordinator => 3);

	# INSERT ... SELECT from a function: Citus runs the SELECT on the
	# coordinator, which evaluates the default too
	like(
		$coord->safe_psql('postgres',
			"EXPLAIN (COSTS OFF) INSERT INTO $item (n, path) SELECT g, 'insert-select' FROM generate_series(101, 300) g"
		),
		qr/INSERT\/SELECT method: pull to coordinator/,
		"$type: INSERT ... SELECT from generate_series() is pulled to the coordinator");
	$session{'insert-select'} = run_session('coordinator',
		"INSERT INTO $item (n, path) SELECT g, 'insert-select' FROM generate_series(101, 300) g;");
	$gens = check_generated($type, 'INSERT ... SELECT from generate_series()', $gens,
		coordinator => 200);

	# COPY through the coordinator
	$session{copy} = run_session('coordinator',
		"COPY $item (n, path) FROM STDIN;\n"
		  . join('', map { "$_\tcopy\n" } 301 .. 400)
		  . "\\.\n");
	$gens = check_generated($type, 'COPY', $gens, coordinator => 100);

	# A prepared INSERT, as drivers send it, with custom plans and then with
	# a generic one: each execution evaluates the default again
	$session{prepared} = run_session('coordinator',
		"PREPARE ins(integer) AS INSERT INTO $item (n, path) VALUES (\$1, 'prepared');\n"
		  . "SET plan_cache_mode = force_custom_plan;\n"
		  . join('', map { "EXECUTE ins($_);\n" } 501 .. 503)
		  . "SET plan_cache_mode = force_generic_plan;\n"
		  . join('', map { "EXECUTE ins($_);\n" } 504 .. 506));
	$gens = check_generated($type, 'prepared INSERTs', $gens, coordinator => 6);

	# INSERT ... SELECT from the distributed table itself: the SELECT runs on
	# the workers, and the default with it
	my $source_on = stored_on($item);
	my %sources;
	$sources{ $source_on->{$_} }++ for 101 .. 300;
	ok( $sources{worker1} && $sources{worker2},
		"$type: the rows that INSERT ... SELECT reads lie on both workers");
	like(
		$coord->safe_psql('postgres',
			"EXPLAIN (COSTS OFF) INSERT INTO $item (n, path) SELECT n + 1000, 'insert-select-distributed' FROM $item WHERE path = 'insert-select'"
		),
		qr/INSERT\/SELECT method: repartition/,
		"$type: INSERT ... SELECT from the distributed table repartitions");
	$session{'insert-select-distributed'} = run_session('coordinator',
		"INSERT INTO $item (n, path) SELECT n + 1000, 'insert-select-distributed' FROM $item WHERE path = 'insert-select';"
	);
	$gens = check_generated($type, 'INSERT ... SELECT from the distributed table',
		$gens, worker1 => $sources{worker1}, worker2 => $sources{worker2});

	# Through the workers: an INSERT on one, a COPY on the other
	$session{worker1} = run_session('worker1',
		"INSERT INTO $item (n, path) VALUES (2001, 'worker1');\n"
		  . "INSERT INTO $item (n, path) VALUES (2002, 'worker1');");
	$session{worker2} = run_session('worker2',
		"COPY $item (n, path) FROM STDIN;\n3001\tworker2\n3002\tworker2\n\\.\n");
	$gens = check_generated($type, 'INSERT through worker1 and COPY through worker2', $gens,
		worker1 => 2, worker2 => 2);

	my $rows = rows($t);
	my $total = 3 + 200 + 100 + 6 + 200 + 2 + 2;
	is( $coord->safe_psql('postgres', "SELECT count(*), count(DISTINCT id) FROM $item"),
		"$total|$total", "$type: $total rows, no duplicate id");

	# The node fields each path's values carry.  wiji: the node of the
	# session that evaluated the default.
	my $wiji = $type eq 'wiji';
	my %count = (single => 3, 'insert-select' => 200, copy => 100, prepared => 6);
	for my $path ('single', 'insert-select', 'copy', 'prepared')
	{
		check_path($t, $rows, $path, $count{$path},
			sub { $wiji ? $session{$path} : server_fields($type, 'coordinator') });
	}
	for my $w (qw(worker1 worker2))
	{
		check_path($t, $rows, $w, 2, sub { $wiji ? $session{$w} : server_fields($type, $w) });
	}
	# The worker holding each source row; wiji: the sessions on the workers
	# are Citus's own, with nodes of their own, none of the coordinator's
	my %coordinator_wiji = map { $session{$_} => 1 } qw(single insert-select copy prepared);
	check_path(
		$t, $rows,
		'insert-select-distributed',
		200,
		sub {
			my ($n) = @_;
			return server_fields($type, $source_on->{ $n - 1000 }) unless $wiji;
			return $coordinator_wiji{ $rows->{$n}{fields} } ? 'not a coordinator session\'s' : undef;
		});
	if ($wiji)
	{
		is(scalar(keys %coordinator_wiji), 4, 'wiji: each coordinator session has a node of its own');
		is($session{'insert-select-distributed'}, '',
			'wiji: the session of INSERT ... SELECT from the distributed table made no wiji');
	}

	# ---- queries ------------------------------------------------------------

	# A plain table on the coordinator with the same rows, for comparison
	$coord->safe_psql('postgres', "CREATE TABLE ${type}_local AS SELECT * FROM $item");
	is( $coord->safe_psql('postgres',
			"SELECT count(*), (SELECT count(*) FROM citus_tables WHERE table_name = '${type}_local'::regclass) FROM ${type}_local"
		),
		"$total|0",
		"$type: the rows copied into a plain table");

	# Router queries by id: one row from each path, each from the worker
	# that holds it, in a plan of a single task
	my $stored = stored_on($item);
	my @router = (2, 150, 350, 505, 1150, 2001, 3002);
	for my $n (@router)
	{
		my $id = $rows->{$n}{id};
		is( $coord->safe_psql('postgres', "SELECT n, path FROM $item WHERE id = '$id'"),
			"$n|$rows->{$n}{path}",
			"$type: router query by the id of row $n");
		my $plan = $coord->safe_psql('postgres',
			"EXPLAIN (COSTS OFF) SELECT n, path FROM $item WHERE id = '$id'");
		my $port = $node{ $stored->{$n} }->port;
		ok( $plan =~ /Task Count: 1\n/
			  && $plan =~ /Node: host=\S+ port=$port dbname=/
			  && $plan !~ /Distributed Subplan/,
			"$type: the query by the id of row $n is one task, on $stored->{$n}")
		  or diag($plan);
	}

	# The same as a prepared statement, as drivers send it, with a custom
	# plan and with a generic one, whose shard Citus picks from the
	# parameter's hash when it runs
	my $execute = join('', map { "EXECUTE by_id('$rows->{$_}{id}');\n" } @router);
	is( $coord->safe_psql('postgres',
			"PREPARE by_id($column) AS SELECT n FROM $item WHERE id = \$1;\n"
			  . "SET plan_cache_mode = force_custom_plan;\n$execute"
			  . "SET plan_cache_mode = force_generic_plan;\n$execute"),
		join("\n", @router, @router),
		"$type: a prepared router query by id, with custom and with generic plans");

	# Where the generic plan's execution goes, from the commands Citus
	# logs as it sends them (EXPLAIN EXECUTE cannot show it: with a
	# parameter of a type that is not built in, an enum as well, Citus
	# reports "Could not get remote plan")
	my $n = $router[0];
	my ($out, $err) = ('', '');
	$coord->psql(
		'postgres',
		"PREPARE by_id($column) AS SELECT n FROM $item WHERE id = \$1;\n"
		  . "SET plan_cache_mode = force_generic_plan;\n"
		  . "SET citus.log_remote_commands = on;\n"
		  . "EXECUTE by_id('$rows->{$n}{id}');",
		stdout => \$out,
		stderr => \$err);
	my @sent = $err =~ /NOTICE:  issuing (\w+) .*\nDETAIL:  on server \S+:(\d+) connectionId/g;
	is( "$out; sent: @sent",
		"$n; sent: SELECT " . $node{ $stored->{$n} }->port,
		"$type: the generic plan sends one SELECT, to $stored->{$n}")
	  or diag($err);

	# Range by id: between the 100th and the 400th smallest id, exactly the
	# 300 rows the plain table has there, in the same order
	my ($lo, $hi) = split /\|/,
	  $coord->safe_psql('postgres',
		"SELECT (SELECT id FROM ${type}_local ORDER BY id OFFSET 99 LIMIT 1), (SELECT id FROM ${type}_local ORDER BY id OFFSET 399 LIMIT 1)"
	  );
	my $by_id = $coord->safe_psql('postgres',
		"SELECT n FROM $item WHERE id >= '$lo' AND id < '$hi' ORDER BY id");
	my $by_id_local = $coord->safe_psql('postgres',
		"SELECT n FROM ${type}_local WHERE id >= '$lo' AND id < '$hi' ORDER BY id");
	is(scalar(split /\n/, $by_id), 300, "$type: 300 rows between the 100th and the 400th id");
	is($by_id, $by_id_local, "$type: the range by id has the plain table's rows, in id order");

	# Range by time, with the comparisons of ids and times and with <@: the
	# rows whose ids' times lie in [t1, t2), as the plain table computes
	# them with ${type}_extract_timestamp()
	my ($t1, $t2) = split /\|/,
	  $coord->safe_psql('postgres',
		"SELECT ${type}_extract_timestamp('$lo'), ${type}_extract_timestamp('$hi')");
	my $in_times = $coord->safe_psql('postgres', qq{
		SELECT n FROM ${type}_local
		WHERE ${type}_extract_timestamp(id) >= '$t1' AND ${type}_extract_timestamp(id) < '$t2'
		ORDER BY id});
	my $count = scalar(split /\n/, $in_times);
	ok($count > 0 && $count < $total, "$type: [t1, t2) holds $count of the $total rows");
	if ($t->{in_times})
	{
		my $cond = $t->{in_times}->($t1, $t2);
		is($coord->safe_psql('postgres', "SELECT n FROM $item WHERE $cond ORDER BY id"),
			$in_times, "$type: ids made in [t1, t2), by snowflake_from_parts(), on the distributed table");
		like($coord->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT n FROM $item WHERE $cond"),
			qr/Task Count: $SHARDS\n/,
			"$type: a range query runs on every shard (hash distribution)");
	}
	else
	{
		is( $coord->safe_psql('postgres',
				"SELECT n FROM $item WHERE id >= '$t1'::timestamptz AND id < '$t2'::timestamptz ORDER BY id"),
			$in_times,
			"$type: id >= t1 AND id < t2 on the distributed table");
		is( $coord->safe_psql('postgres',
				"SELECT n FROM $item WHERE id <@ tstzrange('$t1', '$t2') ORDER BY id"),
			$in_times,
			"$type: id <@ tstzrange(t1, t2) on the distributed table");
		like(
			$coord->safe_psql('postgres',
				"EXPLAIN (COSTS OFF) SELECT n FROM $item WHERE id <@ tstzrange('$t1', '$t2')"),
			qr/Task Count: $SHARDS\n/,
			"$type: a range query runs on every shard (hash distribution)");
	}

	# The reference table: its defaults evaluated on the coordinator, the
	# same rows on every server
	$session{ref} = run_session('coordinator',
		"INSERT INTO ${type}_ref (label) VALUES ('kind0'), ('kind1'), ('kind2');");
	$gens = check_generated($type, 'INSERT into the reference table', $gens, coordinator => 3);
	my $ref_fields = $wiji ? $session{ref} : server_fields($type, 'coordinator') // '';
	is( $coord->safe_psql('postgres',
			"SELECT count(*), count(DISTINCT id), count(*) FILTER (WHERE $t->{fields} = '$ref_fields') FROM ${type}_ref"
		),
		'3|3|3',
		"$type: the reference table's ids carry the coordinator's node fields");
	my $ref_shard = $coord->safe_psql('postgres',
		"SELECT DISTINCT shard_name FROM citus_shards WHERE table_name = '${type}_ref'::regclass");
	my $ref_rows = $coord->safe_psql('postgres',
		"SELECT string_agg(id || ' ' || label, ', ' ORDER BY id) FROM ${type}_ref");
	for my $server (@servers)
	{
		is( $node{$server}->safe_psql('postgres',
				"SELECT string_agg(id || ' ' || label, ', ' ORDER BY id) FROM $ref_shard"),
			$ref_rows,
			"$type: $server holds the reference table's rows");
	}

	# A table co-located with the items on an idgen column, filled by an
	# INSERT ... SELECT that joins the items with the reference table
	$coord->safe_psql('postgres', qq{
		INSERT INTO ${type}_part (item, qty, kind)
		SELECT i.id, i.n % 5, r.id FROM $item i JOIN ${type}_ref r ON r.label = 'kind' || i.n % 3
		WHERE i.n % 4 <> 0});
	my $join = qq{
		SELECT i.n, p.qty, r.label
		FROM $item i JOIN ${type}_part p ON p.item = i.id JOIN ${type}_ref r ON r.id = p.kind
		ORDER BY i.n};
	is( $coord->safe_psql('postgres', $join),
		join("\n",
			map { "$_|" . ($_ % 5) . '|kind' . ($_ % 3) }
			grep { $_ % 4 != 0 } sort { $a <=> $b } keys %$rows),
		"$type: join of the co-located tables and the reference table on idgen columns");
	my $plan = $coord->safe_psql('postgres', "EXPLAIN (COSTS OFF) $join");
	ok( $plan =~ /Task Count: $SHARDS\n/
		  && $plan !~ /Distributed Subplan|MapMergeJob|repartition/i,
		"$type: the join runs shard by shard, without moving rows")
	  or diag($plan);
}

done_testing();
