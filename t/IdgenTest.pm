
# Helpers shared by idgen's TAP tests.

package IdgenTest;

use strict;
use warnings;

use Exporter 'import';
our @EXPORT = qw(configure run_script crash_backend);

# Set idgen.* settings server-wide (ALTER SYSTEM and a reload) and wait
# until a new session sees them.  ALTER SYSTEM knows the idgen.* settings
# once the library is loaded in the session, hence LOAD.
sub configure
{
	my ($node, %settings) = @_;
	$node->safe_psql('postgres',
		"LOAD 'idgen';\n"
		  . join('', map { "ALTER SYSTEM SET idgen.$_ = '$settings{$_}';\n" } sort keys %settings)
		  . "SELECT pg_reload_conf();");
	for my $name (keys %settings)
	{
		$node->poll_query_until('postgres',
			"SELECT current_setting('idgen.$name') = '$settings{$name}'")
		  or die "setting idgen.$name did not take effect";
	}
	return;
}

# Run a script in one session, going on after errors; return its stdout and
# stderr, where each error shows its SQLSTATE
sub run_script
{
	my ($node, $sql) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres', $sql,
		stdout => \$out, stderr => \$err, on_error_stop => 0,
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	return ($out, $err);
}

# Kill a backend with SIGKILL: the postmaster reinitialises shared memory,
# as after any crash.  Returns once the server takes connections again and
# its log shows the reinitialisation.
sub crash_backend
{
	my ($node) = @_;
	my $victim = $node->background_psql('postgres');
	my $victim_pid = $victim->query_safe('SELECT pg_backend_pid()');
	kill 'KILL', $victim_pid;
	$victim->quit;
	$node->poll_query_until('postgres', 'SELECT 1', '1')
	  or die 'the server did not come back after the crash';
	return $node->log_contains('all server processes terminated; reinitializing');
}

1;
