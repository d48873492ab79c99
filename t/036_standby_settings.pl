
# Node settings of a standby's own, in its postgresql.auto.conf (README's
# failover recipe), must travel as the standby's, not as its primary's:
# - a copy of the standby (a cascading standby made from its base backup)
#   comes with the standby's siq shard, and must refuse it in recovery;
# - after a failover, the old primary rewound by pg_rewind from the new one
#   comes back with the new primary's configuration files and idgen's
#   record, so with the new primary's shard: it must refuse it, with
#   55000, rather than make the new primary's values, and work again once
#   given its own shard back (ALTER SYSTEM, in recovery).
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
	qr/ERROR:  55000: cannot generate with node settings copied from another server\nDETAIL:  "idgen\.siq_shard" = 2 came with this data directory from the server it copies/,
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

# pg_rewind copies postgresql.conf too, which here is each node's own, with
# its port; as with Debian's /etc/postgresql, it stays the old primary's
my $conf = slurp_file($old->data_dir . '/postgresql.conf');
command_ok(
	[
		'pg_rewind',
		'--target-pgdata' => $old->data_dir,
		'--source-server' => $new->connstr('postgres'),
	],
	'pg_rewind of the old primary from the new one');
like(slurp_file($old->data_dir . '/postgresql.auto.conf'),
	qr/^idgen\.siq_shard = '?2'?$/m, "pg_rewind copied the new primary's postgresql.auto.conf");

unlink $old->data_dir . '/postgresql.conf';
append_to_file($old->data_dir . '/postgresql.conf', $conf);
$old->enable_streaming($new);
$old->start;
$new->wait_for_catchup($old);

($out, $err) = run_script($old, "SELECT gen_siq('user')");
like($err,
	qr/ERROR:  55000: cannot generate with node settings copied from another server\nDETAIL:  "idgen\.siq_shard" = 2 came with this data directory from the server it copies/,
	'the rewound server refuses the shard that came with the rewind');
is($out, '', 'no value');
is($new->safe_psql('postgres', $shard), '2', 'the new primary goes on with it');

# Its own shard back, set on it in recovery
configure($old, siq_shard => 1);
is($old->safe_psql('postgres', $shard), '1', 'given its own shard back, the rewound server generates');

$old->stop;
$new->stop;
done_testing();
