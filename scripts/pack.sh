#!/usr/bin/env bash
# A rule set's endgame tables from nothing to a checked pack for static
# hosting (docs/TABLES.md): builds the tables (niced, resumable), checks
# every tier, packs them, checks the pack through itself alone (at least
# SAMPLES positions a tier, in runs of 100,000: seeds 1, 2, …), and times
# probes.
#
#   scripts/pack.sh RULES ATTACKERS TABLES_DIR PACK_DIR [SAMPLES]
#   scripts/pack.sh assault 24 /work/tables-t /work/pack-assault 1000000
#
# Run it again after a stop and it goes on: each step done (the build, the
# check, the pack, each run of the pack's check) is noted in
# TABLES_DIR/pack-steps.txt and skipped; delete that file to run them all
# again. TABLES_DIR and PACK_DIR belong outside the repository:
# `assault`'s tables take 31 GB and about 14 hours on two cores
# (docs/SOLVING.md); the build stops by itself before the disk has less
# than 15 GB free.
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,17p' "$0"; exit 2; }
rules=$1 attackers=$2 tables=$3 out=$4 samples=${5:-100000}
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --locked -q -p asalto-cli
asalto=target/release/asalto
mkdir -p "$tables"
steps=$tables/pack-steps.txt
touch "$steps"

# Runs a step (its name, then its command, niced) unless it is noted as
# done; notes it once it succeeds.
step() {
    local name=$1
    shift
    grep -qxF "$name" "$steps" && return
    nice -n 19 "$@"
    echo "$name" >> "$steps"
}

step build "$asalto" tables build "$rules" --attackers "$attackers" --dir "$tables"
step check "$asalto" tables check "$tables" --samples "$samples"
step "pack $out" "$asalto" tables pack "$tables" "$out" --threads "$(nproc)"
# Every tier of the pack, from the fewest attackers that still fight.
low=$(grep -o 'defender-wins-below=[0-9]*' "$out/manifest.json" | cut -d= -f2)
run=$(( samples < 100000 ? samples : 100000 ))
for tier in $(seq "$low" "$attackers"); do
    for seed in $(seq 1 $(( (samples + run - 1) / run ))); do
        step "check $out $tier $seed" "$asalto" tables check --pack "$out" \
            --attackers "$tier" --samples "$run" --seed "$seed"
    done
done
"$asalto" tables bench --pack "$out" --count 200
