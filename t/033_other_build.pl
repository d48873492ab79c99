
# Two builds of idgen in one running server, as after a package upgrade
# without a restart when idgen is not preloaded: sessions started before
# it run the old library, new sessions load the new one, and both find the
# server-wide state by name.  A build whose layout of that state differs
# (IDGEN_SHMEM_LAYOUT) refuses the state the other made, with 55000, and
# never reads it as its own; the build that made it goes on.  Each build
# works when it is the first to make the state.  Here the other build is
# this source compiled again with another layout number, its gen_uuidv7()
# declared as a function of its own.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use File::Copy;
use IPC::Run;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('other_build');

# This tree's Makefile and sources, built in a scratch directory with the
# layout after the tree's own (which the installed build has)
my $src = "$FindBin::RealBin/..";
my ($own_layout) = slurp_file("$src/src/shmem.h") =~ /^#define IDGEN_SHMEM_LAYOUT\s+(\d+)$/m
  or die 'no IDGEN_SHMEM_LAYOUT in src/shmem.h';
my $other_layout = $own_layout + 1;
my $dir = PostgreSQL::Test::Utils::tempdir();
copy("$src/Makefile", "$dir/Makefile") or die "copy Makefile: $!";
mkdir "$dir/src" or die "mkdir: $!";
for my $f (glob "$src/src/*.[ch]")
{
	copy($f, "$dir/src/") or die "copy $f: $!";
}
my ($stdout, $stderr);
my $built = IPC::Run::run(
	[ 'make', '-s', '-C', $dir, 'idgen.so', 'with_llvm=no', "COPT=-DIDGEN_SHMEM_LAYOUT=$other_layout",
		'PG_CONFIG=' . $node->config_data('--bindir') . '/pg_config' ],
	'>', \$stdout, '2>', \$stderr);
ok($built, "the sources build with IDGEN_SHMEM_LAYOUT=$other_layout") or diag($stdout, $stderr);
$node->safe_psql('postgres',
	"CREATE FUNCTION other_uuidv7() RETURNS uuid AS '$dir/idgen.so', 'gen_uuidv7' LANGUAGE C VOLATILE");

# psql's result: stdout, or "SQLSTATE: message / DETAIL" on an error
sub call
{
	my ($out, $err) = run_script($node, @_);
	return $out unless $err =~ /ERROR:/;
	my ($state, $msg) = $err =~ /ERROR:  ([0-9A-Z]{5}): (.*)/;
	my ($detail) = $err =~ /DETAIL:  (.*)/;
	return "$state: $msg / $detail";
}

my $v7 = qr/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

# The installed build makes the state first
like(call('SELECT gen_uuidv7()'), $v7, 'installed build first: it makes the state and generates');
is(call('SELECT other_uuidv7()'),
	"55000: idgen's shared memory was made by another build of idgen / Its layout is $own_layout; this build's is $other_layout.",
	'the other build refuses the state the installed one made');
my $before = call('SELECT gen_uuidv7()');
like($before, $v7, 'the installed build goes on');

# After a restart the other build comes first
$node->restart;
my $other = call('SELECT other_uuidv7()');
like($other, $v7, 'other build first, after a restart: it makes the state and generates');
cmp_ok($other, 'gt', $before, 'its value is above the last one before the restart');
is(call('SELECT gen_uuidv7()'),
	"55000: idgen's shared memory was made by another build of idgen / Its layout is $other_layout; this build's is $own_layout.",
	'the installed build refuses the state the other one made');
is(call("SELECT count(*) FROM idgen_stats() WHERE generator = 'uuidv7'"),
	"55000: idgen's shared memory was made by another build of idgen / Its layout is $other_layout; this build's is $own_layout.",
	'so does idgen_stats()');

$node->restart;
like(call('SELECT gen_uuidv7()'), $v7, 'after another restart, the installed build alone: it generates');

$node->stop;
done_testing();
