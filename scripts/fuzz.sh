#!/usr/bin/env bash
# Fuzzes one target of crates/fuzz (or all of them, one after another) with
# AFL++ through cargo-afl, starting from its corpus, and prints what it
# reached: executions, coverage, crashes.
#
#   scripts/fuzz.sh TARGET MINUTES   TARGET: record, rules, referee, link,
#                                    embed, certificate, frontier, slice,
#                                    pack, protocol, or all; MINUTES may be a
#                                    fraction (0.05: three seconds)
#
# Findings stay in $FUZZ_OUT/TARGET (/tmp/asalto-fuzz by default); a crash
# is copied into crates/fuzz/corpus/TARGET/ as a regression once fixed.
# With FUZZ_RESUME=1 a target goes on from what $FUZZ_OUT/TARGET holds (its
# queue, and its time and executions so far) instead of starting again: a
# long campaign in slices that a stopped machine does not lose.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

target=${1:?usage: scripts/fuzz.sh TARGET MINUTES}
minutes=${2:?usage: scripts/fuzz.sh TARGET MINUTES}
seconds=$(awk -v m="$minutes" 'BEGIN { s = int(m * 60); print (s < 1 ? 1 : s) }')
out=${FUZZ_OUT:-/tmp/asalto-fuzz}
targets=(record rules referee link embed certificate frontier slice pack protocol)
[ "$target" = all ] || targets=("$target")

install_rust_parts
install_fuzzer
# Instrumented builds in a folder of their own, so that they and the
# ordinary builds do not rebuild each other.
export CARGO_TARGET_DIR="$ROOT/target/afl"
say "building the fuzz targets (instrumented)"
cargo afl build --release --locked -p asalto-fuzz --features afl --quiet

# No core-dump handler or CPU governor to set on a shared machine.
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
export AFL_SKIP_CRASHES=1 AFL_NO_AFFINITY=1
status=0
for t in "${targets[@]}"; do
    say "fuzzing $t for $seconds s"
    from="crates/fuzz/corpus/$t"
    if [ "${FUZZ_RESUME:-}" = 1 ] && [ -f "$out/$t/default/fuzzer_stats" ]; then
        from=-
    else
        rm -rf "$out/$t"
        mkdir -p "$out/$t"
    fi
    cargo afl fuzz -V "$seconds" -i "$from" -o "$out/$t" \
        "$CARGO_TARGET_DIR/release/$t" > "$out/$t.log" 2>&1 || {
        tail -20 "$out/$t.log"
        echo "fuzz.sh: afl-fuzz failed on $t (log: $out/$t.log)" >&2
        exit 1
    }
    stats="$out/$t/default/fuzzer_stats"
    get() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
    # The crashes kept in its folder: one fixed is taken out of it (and
    # into the corpus), so that a resumed target does not count it again.
    crashes=$(find "$out/$t/default/crashes" -name 'id:*' 2>/dev/null | wc -l)
    printf '%-12s %6s s %12s executions  %8s a second  coverage %-7s  %s paths  %s crashes\n' \
        "$t" "$(get run_time)" "$(get execs_done)" "$(get execs_per_sec)" "$(get bitmap_cvg)" \
        "$(get corpus_count)" "$crashes"
    if [ "${crashes:-0}" != 0 ]; then
        echo "fuzz.sh: $t crashed: $out/$t/default/crashes/" >&2
        status=1
    fi
done
exit $status
