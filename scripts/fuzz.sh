#!/bin/sh
# fuzz.sh SECONDS CORPUS_DIR: run every libFuzzer target (fuzz/fuzz_codec and
# one per type, built by make) for SECONDS each, its corpus in
# CORPUS_DIR/<target>, seeded from the test vectors. Prints one line per
# target with its executions and executions per second, then the TAP line
# "ok N - target" or "not ok N - target"; a crash's input and the end of
# its log are shown. Exits non-zero if any target failed.
set -u
. "$(dirname "$0")/lib.sh"

seconds=$1 corpus=$2
types="wiji ulid sno siq muid"

# seed DIR TYPE...: one file per text and per binary value of each type's
# vectors (the columns text, uuid, bytes_hex, hex_upper, integer), and per
# input of inputs.tsv; named by type and line, so reseeding adds nothing twice.
seed() {
    dir=$1; shift
    mkdir -p "$dir"
    for t in "$@"; do
        perl -F'\t' -lane '
            BEGIN { ($dir, $type) = @ARGV[0, 1]; splice @ARGV, 0, 2 }
            sub put { my ($name, $bytes) = @_; open my $f, ">", "$dir/$name" or die; print $f $bytes; close $f }
            if ($. == 1) { %col = map { $F[$_] => $_ } 0 .. $#F; next }
            if ($ARGV =~ /inputs\.tsv$/) { put("in-$type-$.", $F[1]) if $F[0] eq $type; next }
            for my $c (qw(text uuid hex_upper integer)) { put("$c-$type-$.", $F[$col{$c}]) if exists $col{$c} }
            put("bytes-$type-$.", pack("H*", $F[$col{bytes_hex}]));
            close ARGV if eof' "$dir" "$t" "$ROOT/test/data/$t.tsv" "$ROOT/test/data/inputs.tsv"
    done
}

n=0 failed=0
for target in codec $types; do
    n=$((n + 1))
    dir=$corpus/$target
    if [ "$target" = codec ]; then seed "$dir" $types; else seed "$dir" "$target"; fi
    log=$corpus/$target.log
    mkdir -p "$corpus/crashes"
    "$ROOT/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=256 -print_final_stats=1 \
        -artifact_prefix="$corpus/crashes/$target-" "$dir" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz_$target: ${execs:-?} executions in ${seconds} s, ${rate:-?} per second, corpus $(ls "$dir" | wc -l) inputs"
    if [ "$rc" -eq 0 ] && [ -n "$execs" ]; then
        echo "ok $n - fuzz_$target"
    else
        failed=1
        echo "not ok $n - fuzz_$target (exit status $rc)"
        tail -n 40 "$log"
    fi
done
exit "$failed"
