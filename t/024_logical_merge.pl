
# Logical replication merges three writers.  Three servers generate every
# type, uuid v7 and snowflake ids on bigint, at the same moment, 150,000 rows per
# generator each, into tables keyed by the id; servers 2 and 3 publish their tables, and server 1 subscribes to
# both, so that its tables hold every server's rows, those the servers
# held before the subscriptions too (the initial copy), in text form from
# one and binary from the other.  Every row arrives (the count is exactly
# the sum), with no conflict and no duplicate.
#
# First each server has node settings of its own (sno partition, siq shard,
# muid medallion, snowflake node, and one application's siq domain, so that
# only the shard keeps siq values apart); then the same again with the node settings
# unset: the three separately initialised clusters derive fields that
# differ, and the merge is again exact.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $ROWS = 150_000;    # per generator and server, made at the same moment
my $EARLIER = 1_000;   # per generator and server, made before the subscriptions
my @GENERATORS = (@TYPES, @CORE_GENERATORS);
my $started = Time::HiRes::time();

# A server for the merge: logical WAL, idgen preloaded
sub new_server
{
	my ($name) = @_;
	return idgen_node($name, init => { allows_streaming => 'logical' }, preload => 1);
}

sub sysid
{
	my ($node) = @_;
	return $node->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
}

# Three separately initialised clusters derive fields that differ only by
# chance: two siq shards agree 1 time in 256 (snowflake nodes 1 in 1,024),
# and then the derived run
# would fail for that reason, which the README documents, not for one this
# test is after.  So the clusters are chosen by the fields that
# derived_fields() (src/node.c's formula) gives for their system
# identifiers, before anything is generated: a cluster whose fields meet
# another's is replaced by a new one.  What the servers then derive is
# checked against the formula, and against each other, below.
my (@servers, @derived);
my $attempt = 0;
for my $i (1 .. 3)
{
	while (1)
	{
		my $node = new_server('merge_' . $i . ($attempt ? "_$attempt" : ''));
		my $fields = derived_fields(sysid($node), 1, 0);
		my $meets = grep {
			my $other = $_;
			grep { $fields->[$_] == $other->[$_] } 0 .. 3
		} @derived;
		if (!$meets)
		{
			push @servers, $node;
			push @derived, $fields;
			last;
		}
		note "server $i: its derived fields (@$fields) meet another server's by chance; a new cluster";
		$node->stop;
		die 'five clusters in a row met another\'s fields' if ++$attempt > 5;
	}
}
my ($s1, $s2, $s3) = @servers;

# The counters of subscription errors and conflicts in
# pg_stat_subscription_stats: apply and sync errors from PostgreSQL 15, one
# counter per kind of conflict from 18
my $ncounters = $s1->safe_psql('postgres', q{
	SELECT count(*) FROM pg_attribute
	WHERE attrelid = 'pg_stat_subscription_stats'::regclass
	  AND attname ~ '^(apply_error_count|sync_error_count|confl_.*)$'});
cmp_ok($ncounters, '>=',
	$s1->safe_psql('postgres', 'SHOW server_version_num') >= 180000 ? 9 : 2,
	"pg_stat_subscription_stats has its $ncounters counters of errors and conflicts");

# One merge: tables in schema $run on every server, each with $EARLIER rows
# of every type that the subscriptions' initial copy takes; publications
# on servers 2 and 3, subscriptions on server 1 (one in text, one in
# binary form, so both the types' text and binary I/O carry the rows);
# every server generates $ROWS rows of every type at once; then the checks.  $fields->[i] are the node fields
# server i+1's values must carry: [sno partition, siq shard, siq domain
# hash, muid medallion, snowflake node].
sub merge
{
	my ($run, $fields) = @_;
	my @offsets = map { -s $_->logfile } @servers;

	for my $i (1 .. 3)
	{
		# origin: which server made the row, evaluated where it is made
		$servers[ $i - 1 ]->safe_psql('postgres', "CREATE SCHEMA $run;"
			  . join('', map {
				"CREATE TABLE $run.t_$_ (id $COLUMN{$_} PRIMARY KEY, origin integer NOT NULL DEFAULT $i,
				                         copied boolean NOT NULL DEFAULT false);
				 INSERT INTO $run.t_$_ (id, copied) SELECT $GEN{$_}, true FROM generate_series(1, $EARLIER);"
			  } @GENERATORS));
	}
	my $tables = join ', ', map { "$run.t_$_" } @GENERATORS;
	for my $publisher ($s2, $s3)
	{
		# publish = no truncate: a TRUNCATE on one writer must not empty the
		# merged tables, which hold the other writers' rows too
		$publisher->safe_psql('postgres',
			"CREATE PUBLICATION $run FOR TABLE $tables WITH (publish = 'insert, update, delete')");
	}
	for my $k (2, 3)
	{
		my $connstr = $servers[ $k - 1 ]->connstr('postgres') =~ s/'/''/gr;
		my $binary = $k == 3 ? 'true' : 'false';
		$s1->safe_psql('postgres',
			"CREATE SUBSCRIPTION ${run}_from_$k CONNECTION '$connstr' PUBLICATION $run WITH (binary = $binary)");
		$s1->wait_for_subscription_sync($servers[ $k - 1 ], "${run}_from_$k");
	}

	# What each server's generators will put in their values
	for my $i (1 .. 3)
	{
		my $f = $fields->[ $i - 1 ];
		is( $servers[ $i - 1 ]->safe_psql('postgres', q{
				SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
				       siq_extract_domain_hash(gen_siq('user')), muid_extract_medallion(gen_muid()),
				       snowflake_extract_node(gen_snowflake())}),
			join('|', @$f), "$run: server $i generates with sno partition $f->[0], siq shard $f->[1], "
			  . "siq domain hash $f->[2], muid medallion $f->[3], snowflake node $f->[4]");
	}

	# 21 sessions, one per server and generator, start at the same moment.  Each
	# inserts its rows in one statement, except muid's: a transaction is one
	# muid bundle, one timestamp, so muid's rows come in 150 transactions,
	# whose bundles the three servers make over the same stretch of time.
	my $t0 = Time::HiRes::time();
	run_together(map {
		my $node = $_;
		map {
			my $insert = "INSERT INTO $run.t_$_ (id) SELECT $GEN{$_} FROM generate_series";
			[ $node, $_ eq 'muid'
				? "DO \$\$ BEGIN FOR b IN 1..150 LOOP $insert(1, $ROWS / 150); COMMIT; END LOOP; END \$\$;"
				: "$insert(1, $ROWS);" ]
		} @GENERATORS
	} @servers);
	my $t1 = Time::HiRes::time();
	# Until every row has arrived, or a subscription reports an error (a
	# duplicate id would stop its apply worker, which then retries for ever)
	my $total = join ' + ', map { "(SELECT count(*) FROM $run.t_$_)" } @GENERATORS;
	$s1->poll_query_until('postgres',
		"SELECT $total = " . 3 * @GENERATORS * ($ROWS + $EARLIER) . ' OR ' . subscription_errors($run) . ' > 0')
	  or die "$run: the rows did not arrive";
	if ($s1->safe_psql('postgres', 'SELECT ' . subscription_errors($run)) == 0)
	{
		# and nothing more is on its way
		$servers[ $_ - 1 ]->wait_for_catchup("${run}_from_$_") for 2, 3;
	}
	my $t2 = Time::HiRes::time();
	note sprintf('%s: generating took %.1f s, merging until caught up %.1f s more',
		$run, $t1 - $t0, $t2 - $t1);

	# The sum of what the three servers hold, generator by generator
	for my $type (@GENERATORS)
	{
		# what each server made itself (server 1's tables hold the others' too)
		my $sum = 0;
		$sum += $servers[ $_ - 1 ]->safe_psql('postgres',
			"SELECT count(*) FROM $run.t_$type WHERE origin = $_") for 1 .. 3;
		my $each = $ROWS + $EARLIER;
		is($sum, 3 * $each, "$run, $type: the servers made " . 3 * $each . ' rows together');
		is( $s1->safe_psql('postgres',
				"SELECT count(*), count(DISTINCT id) FROM $run.t_$type"),
			"$sum|$sum", "$run, $type: server 1 holds all $sum, every id once");
		is( $s1->safe_psql('postgres',
				"SELECT string_agg(origin || ':' || n, ' ' ORDER BY origin) FROM "
				  . "(SELECT origin, count(*) AS n FROM $run.t_$type GROUP BY origin) s"),
			"1:$each 2:$each 3:$each", "$run, $type: $each from each server");
		is( $s1->safe_psql('postgres',
				"SELECT count(*) FROM $run.t_$type WHERE copied AND origin > 1"),
			2 * $EARLIER, "$run, $type: the initial copy brought servers 2 and 3's earlier rows");

		# Their times overlap: uniqueness did not come from time alone
		is( $s1->safe_psql('postgres', qq{
				SELECT max(first) < min(last) FROM (
					SELECT min(${type}_extract_timestamp(id)) AS first,
					       max(${type}_extract_timestamp(id)) AS last
					FROM $run.t_$type WHERE NOT copied GROUP BY origin) s}),
			't', "$run, $type: the three servers' values were made over a common stretch of time");
	}

	# Each server's values carry its node fields
	my $want = join "\n", map { join '|', $_, @{ $fields->[ $_ - 1 ] } } 1 .. 3;
	is( $s1->safe_psql('postgres', qq{
			SELECT origin, min(partition), min(shard), min(domain_hash), min(medallion), min(node)
			FROM (SELECT origin, sno_extract_partition(id) AS partition, NULL::integer AS shard,
			             NULL::bigint AS domain_hash, NULL::bigint AS medallion, NULL::integer AS node
			      FROM $run.t_sno
			      UNION ALL SELECT origin, NULL, siq_extract_shard(id), siq_extract_domain_hash(id), NULL, NULL
			      FROM $run.t_siq
			      UNION ALL SELECT origin, NULL, NULL, NULL, muid_extract_medallion(id), NULL
			      FROM $run.t_muid
			      UNION ALL SELECT origin, NULL, NULL, NULL, NULL, snowflake_extract_node(id)
			      FROM $run.t_snowflake) s
			GROUP BY origin
			HAVING count(DISTINCT partition) = 1 AND count(DISTINCT shard) = 1
			   AND count(DISTINCT domain_hash) = 1 AND count(DISTINCT medallion) = 1
			   AND count(DISTINCT node) = 1
			ORDER BY origin}),
		$want, "$run: on server 1, every server's rows carry that server's node fields, one set each");

	# No error or conflict: the counters of both subscriptions, and the logs
	is( $s1->safe_psql('postgres', qq{
			SELECT string_agg(subname || ':' || @{[ subscription_errors($run, 'subname') ]}, ' '
			                  ORDER BY subname)
			FROM pg_subscription WHERE subname LIKE '${run}_from_%'}),
		"${run}_from_2:0 ${run}_from_3:0",
		"$run: pg_stat_subscription_stats counts no error and no conflict");
	for my $i (1 .. 3)
	{
		my @bad = problems($servers[ $i - 1 ], $offsets[ $i - 1 ]);
		is(scalar(@bad), 0, "$run: server $i logs no error and no conflict")
		  or diag(join "\n", @bad[ 0 .. ($#bad < 9 ? $#bad : 9) ]);
	}
	return;
}

# The errors and conflicts that pg_stat_subscription_stats counts for the
# subscriptions of a run, as an SQL expression; with $name, for the one
# subscription of that name
sub subscription_errors
{
	my ($run, $name) = @_;
	my $which = defined $name ? "s.subname = $name" : "s.subname LIKE '${run}_from_%'";
	return qq{(SELECT coalesce(sum(value::text::bigint), 0)
		FROM pg_stat_subscription_stats s, jsonb_each(to_jsonb(s))
		WHERE $which AND key ~ '^(apply_error_count|sync_error_count|confl_.*)\$')};
}

# The lines of a server's log since offset that report an error or a
# conflict (DROP SUBSCRIPTION's stopping its workers is neither)
sub problems
{
	my ($node, $offset) = @_;
	return grep { !/terminating logical replication worker due to administrator command/ }
	  slurp_file($node->logfile, $offset) =~ /^.*(?:ERROR|FATAL|PANIC|conflict detected).*$/mg;
}

# Node settings of each server's own
my $domain_hash = $s1->safe_psql('postgres', "SELECT siq_domain_hash('example.com')");
for my $i (1 .. 3)
{
	configure($servers[ $i - 1 ],
		sno_partition => $i, siq_shard => $i, siq_domain => 'example.com',
		muid_medallion => 1000 + $i, snowflake_node => $i);
}
merge('settings', [ map { [ $_, $_, $domain_hash, 1000 + $_, $_ ] } 1 .. 3 ]);
$s1->safe_psql('postgres', "DROP SUBSCRIPTION settings_from_$_") for 2, 3;

# Node settings unset: derived from each cluster's system identifier
for my $node (@servers)
{
	reset_settings($node, 'sno_partition', 'siq_shard', 'siq_domain', 'muid_medallion', 'snowflake_node');
}
my @observed;
for my $i (1 .. 3)
{
	my $node = $servers[ $i - 1 ];
	my $sysid = sysid($node);
	is( $node->safe_psql('postgres',
			"SELECT string_agg(node_source, '|') FROM idgen_stats() WHERE generator IN ('sno', 'siq', 'muid', 'snowflake')"),
		join('|', ("derived from system identifier $sysid, timeline 1") x 4),
		"derived: server $i derives its fields from its own system identifier");
	push @observed, [ split /\|/, $node->safe_psql('postgres', q{
		SELECT sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('user')),
		       muid_extract_medallion(gen_muid()), snowflake_extract_node(gen_snowflake())}) ];
	is_deeply($observed[-1], $derived[ $i - 1 ],
		"derived: server $i derives the fields src/node.c's formula gives (@{ $observed[-1] })");
}
for my $k (0 .. 3)
{
	my $field = ('sno partition', 'siq shard', 'muid medallion', 'snowflake node')[$k];
	my @values = map { $_->[$k] } @observed;
	my %distinct = map { $_ => 1 } @values;
	is(scalar(keys %distinct), 3, "derived: the three clusters' ${field}s differ (@values)");
}
merge('derived', [ map { [ $_->[0], $_->[1], 0, $_->[2], $_->[3] ] } @observed ]);

# The checks above see a duplicate: server 2 makes a row with an id that
# server 1 holds already.  Its subscription's apply worker fails on it,
# which pg_stat_subscription_stats counts and the log shows.
my $offset = -s $s1->logfile;
my $taken = $s1->safe_psql('postgres', 'SELECT min(id) FROM derived.t_sno WHERE origin = 1');
$s2->safe_psql('postgres', "INSERT INTO derived.t_sno VALUES ('$taken', 2)");
ok($s1->poll_query_until('postgres', 'SELECT ' . subscription_errors('derived') . ' > 0'),
	'a duplicate id from server 2: pg_stat_subscription_stats counts it');
like(join("\n", problems($s1, $offset)),
	qr/ERROR:  (?:duplicate key value violates unique constraint "t_sno_pkey"|conflict detected on relation "derived\.t_sno": conflict=insert_exists)/,
	'... and server 1 logs it (18 names the conflict, 15 the unique violation)');
$s1->safe_psql('postgres', "DROP SUBSCRIPTION derived_from_$_") for 2, 3;

$_->stop for @servers;
note sprintf('the whole test took %.0f s', Time::HiRes::time() - $started);

done_testing();
