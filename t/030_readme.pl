# The examples of README.md: every ```sql block runs, in order, in one
# database of a fresh cluster, each in a psql of its own (-X -q, aligned
# output, errors do not stop it), and its output (stdout and stderr as the
# user sees them) must equal the untagged ``` block that follows it.  The
# rules are in CONTRIBUTING.md ("The README's examples").  And the release
# files it names are those of the release META.json describes.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use IPC::Run;
use JSON::PP;

my $readme = "$FindBin::RealBin/../README.md";
my $max_varying = 5;

# Canonical texts of values whose output varies from run to run; a cell of
# a varying output matches when it and the README's cell match one of them.
my @value_patterns = (
	qr/^[0-9A-Z]{26}$/,                                       # wiji, ulid
	qr/^[2-9a-x]{16}$/,                                       # sno
	qr/^did:siq:[a-z2-7]{29}$/,                               # siq
	qr/^[0-9A-F]{13}-[0-9A-F]{11}-[0-9A-F]{8}$/,              # muid
	qr/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/,          # uuid
	qr/^[0-9a-fA-F]{32}$/,                                    # hex forms
	qr/^\\x[0-9a-f]*$/,                                       # bytea
	qr/^-?[0-9]+$/,                                           # integers
	qr/^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?[+-][0-9]{2}(:[0-9]{2})?$/,
);

# The README's fenced blocks, each with its tag, first line number, body,
# and the HTML comment marker (if any) on the line just before it, and
# whether only blank lines (and that marker) separate it from the block
# before it.
sub fenced_blocks
{
	open my $fh, '<', $readme or die "cannot read $readme: $!";
	my @lines = <$fh>;
	close $fh;
	chomp @lines;
	my (@blocks, $marker);
	my $adjacent = 0;
	for (my $i = 0; $i < @lines; $i++)
	{
		my $line = $lines[$i];
		# A fence inside a list item would be easy to miss: not allowed.
		die "README.md line " . ($i + 1) . ": indented fence" if $line =~ /^\s+```/;
		if ($line =~ /^```(\S*)\s*$/)
		{
			my $tag = $1;
			my $start = $i + 1;
			my @body;
			for ($i++; $i < @lines && $lines[$i] !~ /^```\s*$/; $i++)
			{
				push @body, $lines[$i];
			}
			die "README.md line $start: unclosed fence" if $i >= @lines;
			push @blocks, {
				tag => $tag, line => $start, body => join('', map { "$_\n" } @body),
				marker => $marker, adjacent => $adjacent };
			($marker, $adjacent) = (undef, 1);
		}
		elsif ($line =~ /^<!-- (output varies|not run: .+) -->$/)
		{
			$marker = $1;
		}
		elsif ($line !~ /^\s*$/)
		{
			($marker, $adjacent) = (undef, 0);
		}
	}
	return @blocks;
}

# Trailing whitespace of each line, and blank lines at the end, do not count.
sub normalise
{
	my ($text) = @_;
	$text =~ s/[ \t]+$//mg;
	$text =~ s/\n+\z//;
	return $text;
}

# For an output marked as varying: the same lines, where a line that differs
# has the same cells, each equal or both matching one value pattern; the
# separator line under the header may differ in its widths.
sub same_shape
{
	my ($got, $want) = @_;
	my @g = split /\n/, $got, -1;
	my @w = split /\n/, $want, -1;
	return 0 unless @g == @w;
	for my $k (0 .. $#w)
	{
		next if $g[$k] eq $w[$k];
		next if $g[$k] =~ /^-[-+]*$/ && $w[$k] =~ /^-[-+]*$/;
		my @gc = map { s/^\s+|\s+$//gr } split /\|/, $g[$k], -1;
		my @wc = map { s/^\s+|\s+$//gr } split /\|/, $w[$k], -1;
		return 0 unless @gc == @wc;
		for my $c (0 .. $#wc)
		{
			next if $gc[$c] eq $wc[$c];
			return 0 unless grep { $gc[$c] =~ $_ && $wc[$c] =~ $_ } @value_patterns;
		}
	}
	return 1;
}

# The release files the README names, as make dist and make deb name them:
# idgen-X.Y.Z (the archive and its directory), idgen_X.Y.Z (Debian's
# upstream archive and source package), postgresql-NN-idgen_X.Y.Z (the
# binary package), each of META.json's version, and a Debian revision after
# it of debian/changelog's.  The extension's versions (1.0 to 1.4, in
# "Upgrading") have two numbers and name no file.
my $meta_version = decode_json(slurp_file("$FindBin::RealBin/../META.json"))->{version};
my ($deb_version) = slurp_file("$FindBin::RealBin/../debian/changelog") =~ /\Aidgen \(([^)]+)\)/
  or die 'debian/changelog: no version in its first line';
my (@release_names, @other_release);
my $readme_text = slurp_file($readme);
while ($readme_text =~
	/\b((?:postgresql-[0-9]+-)?idgen[-_]([0-9]+\.[0-9]+\.[0-9]+)(-[0-9][0-9A-Za-z+~]*(?:\.[0-9][0-9A-Za-z+~]*)*)?)/g)
{
	my ($name, $version, $revision) = ($1, $2, $3);
	push @release_names, $name;
	push @other_release, $name
	  if $version ne $meta_version || (defined $revision && "$version$revision" ne $deb_version);
}
cmp_ok(scalar(@release_names), '>=', 1,
	'README.md names release files (' . join(', ', @release_names) . ')');
is(join(', ', @other_release), '',
	"each is of version $meta_version (META.json), with Debian revision $deb_version (debian/changelog)");

my @blocks = fenced_blocks();
my $sql_blocks = grep { $_->{tag} eq 'sql' } @blocks;
my $varying = grep { $_->{tag} eq '' && ($_->{marker} // '') eq 'output varies' } @blocks;
cmp_ok($sql_blocks, '>=', 20, "README.md has its examples ($sql_blocks sql blocks)");
cmp_ok($varying, '<=', $max_varying, "at most $max_varying outputs marked as varying ($varying)");

# Outputs show timestamps in UTC; autovacuum off keeps the statistics the
# examples' plans depend on to those their own ANALYZE makes.
my $node = PostgreSQL::Test::Cluster->new('readme');
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'UTC'\nautovacuum = off\njit = off\n");
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE readme');
my $connstr = $node->connstr('readme');

for my $n (0 .. $#blocks)
{
	my $block = $blocks[$n];
	next unless $block->{tag} eq 'sql';
	my $name = "README.md line $block->{line}";
	if (($block->{marker} // '') =~ /^not run: (.*)/)
	{
		note("$name not run: $1");
		next;
	}
	my $next = $blocks[ $n + 1 ];
	my $expected = ($next && $next->{tag} eq '' && $next->{adjacent}) ? $next : undef;

	my @psql = ('psql', '-X', '-q', '-d', $connstr);
	my ($out, $err) = ('', '');
	if ($expected)
	{
		# stdout and stderr in one stream, in the order psql writes them
		IPC::Run::run(\@psql, '<', \$block->{body}, '>&', \$out);
		my ($got, $want) = (normalise($out), normalise($expected->{body}));
		if (($expected->{marker} // '') eq 'output varies')
		{
			ok($? == 0 && same_shape($got, $want), "$name: output has the shape shown")
			  or diag("psql exited with $?, output:\n$got");
		}
		else
		{
			is($? == 0 ? $got : "psql exited with $?\n$got", $want, "$name: output as shown");
		}
	}
	else
	{
		# No output shown: nothing may reach stderr (errors, warnings, notices)
		IPC::Run::run(\@psql, '<', \$block->{body}, '>', \$out, '2>', \$err);
		is($? == 0 ? $err : "psql exited with $?\n$err", '', "$name: runs without a message");
	}
}

$node->stop;
done_testing();
