
# Reloaded node settings reach a session inside a statement (idgen
# preloaded): the idgen worker publishes them, and sno, siq, muid and
# snowflake take
# their node fields from there at their next call.  The statement that
# calls pg_reload_conf() makes values with the new fields after it, and so
# does the next one.  A session inside one long statement (a DO block that
# commits each row, so that each muid starts a new bundle) changes to the
# new fields once, a moment after another session's reload; its values keep
# increasing and none repeats.  While the worker is gone, a session reads
# the settings between statements, as without preloading.

use strict;
use warnings;

use IPC::Run;
use Time::HiRes;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('node_reload');
$node->init;
$node->append_conf('postgresql.conf', qq{shared_preload_libraries = 'idgen'
idgen.sno_partition = 1
idgen.siq_shard = 1
idgen.muid_medallion = 1
idgen.snowflake_node = 1
});
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idgen;
	CREATE TABLE ids (i integer PRIMARY KEY, s sno NOT NULL, q siq NOT NULL, m muid NOT NULL,
	                  f bigint NOT NULL);
});

my $fields = q{sno_extract_partition(gen_sno()), siq_extract_shard(gen_siq('event')),
	muid_extract_medallion(gen_muid()), snowflake_extract_node(gen_snowflake())};

# The statement that reloads, and the next one, in the session that set them
is( $node->safe_psql('postgres', qq{
		LOAD 'idgen';
		ALTER SYSTEM SET idgen.sno_partition = 7;
		ALTER SYSTEM SET idgen.siq_shard = 8;
		ALTER SYSTEM SET idgen.muid_medallion = 9;
		ALTER SYSTEM SET idgen.snowflake_node = 10;
		SELECT $fields FROM (SELECT pg_reload_conf(), pg_sleep(1)) s;
		SELECT $fields;
	}),
	"7|8|9|10\n7|8|9|10",
	'the statement that reloads makes values with the new node fields after it, and so does the next one');

# A long statement: a row every 50 ms for 3 s, each in a transaction of its own
my ($out, $err) = ('', '');
my $long = IPC::Run::start(
	[ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'), '-c', q{
		DO $$
		BEGIN
			FOR i IN 1..60 LOOP
				INSERT INTO ids VALUES (i, gen_sno(), gen_siq('event'), gen_muid(), gen_snowflake());
				COMMIT;
				PERFORM pg_sleep(0.05);
			END LOOP;
		END $$} ],
	'>', \$out, '2>', \$err);
$node->poll_query_until('postgres', 'SELECT count(*) >= 20 FROM ids')
  or die 'the long statement made no rows';
$node->safe_psql('postgres', q{
	ALTER SYSTEM SET idgen.sno_partition = 17;
	ALTER SYSTEM SET idgen.siq_shard = 18;
	ALTER SYSTEM SET idgen.muid_medallion = 19;
	ALTER SYSTEM SET idgen.snowflake_node = 20;
	SELECT pg_reload_conf();
});
my $reloaded_at = $node->safe_psql('postgres', 'SELECT max(i) FROM ids');
ok($long->finish && $err eq '', 'the long statement ran without an error') or diag($err);

# Fields per row in order: old ones, then new ones from a moment after the
# reload (within ten rows, half a second: the worker reads it at once), changing once
is( $node->safe_psql('postgres', qq{
		WITH f AS (
			SELECT i, sno_extract_partition(s) AS p, siq_extract_shard(q) AS h,
			       muid_extract_medallion(m) AS d, snowflake_extract_node(f) AS n FROM ids)
		SELECT count(*) FILTER (WHERE (p, h, d, n) = (7, 8, 9, 10) AND i <= $reloaded_at) >= 20,
		       count(*) FILTER (WHERE (p, h, d, n) = (17, 18, 19, 20) AND i >= $reloaded_at + 10)
		         = 60 - $reloaded_at - 9,
		       count(*) FILTER (WHERE (p, h, d, n) NOT IN ((7, 8, 9, 10), (17, 18, 19, 20))),
		       (SELECT count(*) FROM f a JOIN f b ON b.i = a.i + 1
		        WHERE (a.p, a.h, a.d, a.n) <> (b.p, b.h, b.d, b.n))
		FROM f}),
	't|t|0|1',
	'inside the long statement, values change to the new node fields once, a moment after the reload');

is( $node->safe_psql('postgres', q{
		SELECT count(*), count(DISTINCT s), count(DISTINCT q), count(DISTINCT m), count(DISTINCT f),
		       (SELECT bool_and(a.s < b.s AND a.q < b.q AND a.m < b.m AND a.f < b.f)
		        FROM ids a JOIN ids b ON b.i = a.i + 1)
		FROM ids}),
	'60|60|60|60|60|t',
	'the long statement\'s sno, siq, muid and snowflake values keep increasing across the reload, with no repeat');

# While the worker is gone, a session reads the settings between statements
my $worker = $node->safe_psql('postgres',
	q{SELECT pid FROM pg_stat_activity WHERE backend_type = 'idgen worker'});
isnt($worker, '', 'the idgen worker runs');
$node->safe_psql('postgres', "SELECT pg_terminate_backend($worker)");
$node->poll_query_until('postgres',
	q{SELECT count(*) = 0 FROM pg_stat_activity WHERE backend_type = 'idgen worker'})
  or die 'the idgen worker did not exit';
is( $node->safe_psql('postgres', qq{
		ALTER SYSTEM SET idgen.sno_partition = 27;
		ALTER SYSTEM SET idgen.siq_shard = 28;
		ALTER SYSTEM SET idgen.muid_medallion = 29;
		ALTER SYSTEM SET idgen.snowflake_node = 30;
		SELECT pg_reload_conf();
		SELECT pg_sleep(0.2);
		SELECT $fields;
	}),
	"t\n\n27|28|29|30",
	'without the worker, the next statement after a reload makes values with the new node fields');
$node->poll_query_until('postgres',
	q{SELECT count(*) = 1 FROM pg_stat_activity WHERE backend_type = 'idgen worker'})
  or die 'the idgen worker did not come back';
is($node->safe_psql('postgres', "SELECT $fields"),
	'27|28|29|30', 'once the worker is back, values have the settings in force');

$node->stop;
done_testing();
