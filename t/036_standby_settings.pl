
# Node settings of a standby's own, in its postgresql.auto.conf (README's
# failover recipe), must travel as the standby's, not as its primary's:
# - a copy of the standby (a cascading standby made from its base backup)
#   comes with the standby's siq shard, and must refuse it in recovery;
# - after a failover, the old primary rewound by pg_rewind from the new one
#   comes back with the new primary's configuration files and idgen's
#   record, so with the new primary's shard: it must refuse it, with
#   55000, rather than make the new primary's values, and work again once
#   given its own shard back (ALTER SYSTEM, in recovery);
# - promoted back (failback), it derives the fields of its new timeline;
#   and the new primary, rewound from it in turn and started without
#   standby.signal, is a copy on that timeline: other derived fields.
# Both need the standby to have recorded its settings as its own while in
# recovery.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $old = PostgreSQL::Test::Cluster->new('old_primary');
$old->init(allows_streaming => 1);
# pg_rewind needs hint bits logged and the WAL back to the last checkpoint
# before the servers' histories part
$old->append_conf('postgresql.conf',
	"shared_preload_libraries = 'idgen'\nwal_log_hints = on\nwal_keep_size = 64MB");
$old->start;
$old->safe_psql('postgres', 'CREATE EXTENSION idgen; CREATE TABLE made (id siq, server text)');
configure($old, siq_shard => 1);

$old->backup('base');
my $new = PostgreSQL::Test::Cluster->new('new_primary');
$new->init_from_backup($old, 'base', has_streaming => 1);
$new->append_conf('postgresql.auto.conf', 'idgen.siq_shard = 2');
$new->start;
$old->wait_for_catchup($new);

my $shard = q{SELECT siq_extract_shard(gen_siq('user'))};
is($old->safe_psql('postgres', $shard), '1', 'the primary generates with shard 1');
is($new->safe_psql('postgres', $shard), '2', 'its standby, in recovery, with its own shard 2');

# A cascading standby from the standby's base backup
$new->backup('cascade');
my $cascade = PostgreSQL::Test::Cluster->new('cascade');
$cascade->init_from_backup($new, 'cascade', has_streaming => 1);
$cascade->start;
my ($out, $err) = run_script($cascade, "SELECT gen_siq('user')");
like($err,
	qr/${\ lineage_refusal('siq shard 2 (domain hash 0)', $new, 1) }in recovery/,
	"a copy of the standby refuses the standby's shard");
is($out, '', 'no value');
$cascade->stop;

# Failover; the old primary writes on a little (so it has to be rewound)
$new->promote;
$new->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the standby was not promoted';
$new->safe_psql('postgres', 'CHECKPOINT');    # its control file on the new timeline
$old->safe_psql('postgres', "INSERT INTO made SELECT gen_siq('user'), 'old' FROM generate_series(1, 100)");
$old->stop;

# pg_rewind of stopped $target from running $source, as test $name.
# pg_rewind copies postgresql.conf too, which here is each node's own, with
# its port; as with Debian's /etc/postgresql, the target keeps its own.
sub rewind
{
	my ($target, $source, $name) = @_;
	my $conf = slurp_file($target->data_dir . '/postgresql.conf');

	command_ok(
		[
			'pg_rewind',
			'--target-pgdata' => $target->data_dir,
			'--source-server' => $source->connstr('postgres'),
		],
		$name);
	unlink $target->data_dir . '/postgresql.conf';
	append_to_file($target->data_dir . '/postgresql.conf', $conf);
	return;
}

rewind($old, $new, 'pg_rewind of the old primary from the new one');
like(slurp_file($old->data_dir . '/postgresql.auto.conf'),
	qr/^idgen\.siq_shard = '?2'?$/m, "pg_rewind copied the new primary's postgresql.auto.conf");
$old->enable_streaming($new);
$old->start;
$new->wait_for_catchup($old);

($out, $err) = run_script($old, "SELECT gen_siq('user')");
like($err,
	qr/${\ lineage_refusal('siq shard 2 (domain hash 0)', $new, 1) }in recovery/,
	'the rewound server refuses the shard that came with the rewind');
is($out, '', 'no value');
is($new->safe_psql('postgres', $shard), '2', 'the new primary goes on with it');

# Its own shard back, set on it in recovery
configure($old, siq_shard => 1);
is($old->safe_psql('postgres', $shard), '1', 'given its own shard back, the rewound server generates');

# Failback.  The rewound server's record came from the new primary, or is
# still its own first one if the new primary had not yet rewritten it; either
# way it was written on an earlier timeline, so the rewound server, promoted
# onto timeline 3, derives the fields of that timeline, unlike the new
# primary's on timeline 2 (and its own on timeline 1).  The new primary goes
# on writing a moment after (a failback in a hurry), so its history parts
# from the old one's.
my $derived = q{SELECT sno_extract_partition(gen_sno()), muid_extract_medallion(gen_muid()),
					   snowflake_extract_node(gen_snowflake())};
my $sysid = $new->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
is($new->safe_psql('postgres', $derived),
	join('|', @{ derived_fields($sysid, 2, 0) }[ 0, 2, 3 ]),
	'the new primary derives its sno, muid and snowflake fields on timeline 2');
$old->promote;
$old->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
  or die 'the rewound server was not promoted';
$old->safe_psql('postgres', 'CHECKPOINT');    # its control file on the new timeline
is($old->safe_psql('postgres', 'SELECT timeline_id FROM pg_control_checkpoint()'),
	'3', 'the rewound server, promoted, is on timeline 3');
my $fields = $old->safe_psql('postgres', $derived);
is($fields, join('|', @{ derived_fields($sysid, 3, 0) }[ 0, 2, 3 ]),
	'and derives the fields of timeline 3');
is($old->safe_psql('postgres', $shard), '1', 'with its own siq shard');
$new->safe_psql('postgres', "INSERT INTO made SELECT gen_siq('user'), 'new' FROM generate_series(1, 100)");
$new->stop;

# The other way round, carelessly: the new primary rewound from the old one
# and started without standby.signal.  It ends recovery as a primary on
# timeline 3 beside the old one, with the old one's record, written
# elsewhere on timeline 3: a copy, which must derive other fields.
rewind($new, $old, 'pg_rewind of the new primary from the old one');
$new->start;
is( $new->safe_psql(
		'postgres', 'SELECT pg_is_in_recovery(), timeline_id FROM pg_control_checkpoint()'),
	'f|3', 'it comes up as a primary on timeline 3');
my @copy = split /\|/, $new->safe_psql('postgres', $derived);
my @orig = split /\|/, $fields;
is(scalar(grep { $copy[$_] ne $orig[$_] } 0 .. 2),
	3, "with none of the old primary's derived fields")
  or diag("old primary: $fields, rewound: @copy");
like($new->safe_psql('postgres', "SELECT node_source FROM idgen_stats() WHERE generator = 'sno'"),
	qr/^derived from system identifier $sysid, timeline 3, copy [1-9][0-9]*$/,
	'as a copy on timeline 3');
($out, $err) = run_script($new, "SELECT gen_siq('user')");
like($err,
	qr/${\ lineage_refusal('siq shard 1 (domain hash 0)', $old, 3) }that server may still/,
	"and refuses the old primary's siq shard, which came with the rewind");
is($out, '', 'no value');

$new->stop;
$old->stop;
done_testing();
