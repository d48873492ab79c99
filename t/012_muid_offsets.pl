
# The offsets of one transaction's muid bundle run out: 2,147,483,647 calls
# of gen_muid() in one transaction get offsets 1 to 2^31 - 1; the next call
# raises 2200H, and the next transaction starts a new bundle at offset 1.
# The calls are made 42 to a row (42 divides 2^31 - 2), which takes the
# cost of the row loop off all but one in 42: about 40 s.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib $FindBin::RealBin;
use IdgenTest;

my $node = idgen_node('muid_offsets');

my ($out, $err) = ('', '');
$node->psql('postgres', q{
	BEGIN;
	SELECT format('SELECT sum(num_nonnulls(%s)) FROM (SELECT generate_series(1, %s)) g',
		rtrim(repeat('gen_muid(), ', 42), ', '), 2147483646 / 42) \gexec
	SELECT muid_extract_offset(id) AS last_offset, muid_bundle(id) AS bundle
	FROM (SELECT gen_muid() AS id) s \gset
	SELECT 'last: ' || :last_offset;
	SELECT gen_muid();
	ROLLBACK;
	SELECT muid_extract_offset(gen_muid()) AS next_offset, muid_bundle(gen_muid()) > :'bundle'::muid AS later;
},
	stdout => \$out, stderr => \$err, on_error_stop => 0,
	extra_params => [ '-v', 'VERBOSITY=verbose' ],
	timeout => 900);
like($out, qr/^2147483646$/m, 'gen_muid() was called 2^31 - 2 times');
like($out, qr/^last: 2147483647$/m, 'the last offset of a bundle is 2^31 - 1');
like($err, qr/ERROR:  2200H: gen_muid\(\) has used every offset of this transaction's bundle/,
	'one more call in the transaction is 2200H');
like($out, qr/^1\|t$/m, 'the next transaction starts a new, later bundle at offset 1');

$node->stop;
done_testing();
