#!/usr/bin/env bash
# Makes the puzzles (www/puzzles.txt): games between deterministic players
# on the presets the solver takes, then `asalto puzzles` proves, walking
# each game back from its end, the positions where exactly one move wins.
# Two rounds: every such preset, then more games of the two that give the
# most puzzles (assault, fuchs-und-henne); each round's puzzles are proved
# by its own run, the second's kept where they are new. The same command
# gives the same file.
#
#   scripts/puzzles.sh [GAMES_A_PAIRING]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

games=${1:-40}
cargo build --release --locked -p asalto-cli >&2
asalto=target/release/asalto
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pairs="depth4:greedy greedy:depth4 depth3:depth4 depth4:depth3 depth3:greedy-mobility
       greedy-mobility:depth3 greedy-march:depth2 depth2:greedy-material"

# round SEED PRESET...: the games of a round, then its puzzles.
round() {
    local seed=$1
    shift
    for preset in "$@"; do
        for pair in $pairs; do
            "$asalto" selfplay "$preset" --games "$games" --attacker "${pair%:*}" \
                --defender "${pair#*:}" --opening 2 --seed "$seed" --records |
                sed -n 's/^    //p' >> "$work/games-$seed.txt"
        done
        echo "seed $seed, $preset: $(wc -l < "$work/games-$seed.txt") games so far" >&2
    done
    "$asalto" puzzles "$work/games-$seed.txt" --nodes 500000 --per-game 4 --least 20 \
        > "$work/puzzles-$seed.txt"
}

round 11 assault fuchs-und-henne simplified zwei-contra-20 royal-garrison \
    royal-garrison-diagonals &
round 12 assault fuchs-und-henne &
wait
{
    echo "# Puzzles with proved answers: the position (a rule set) TAB the only"
    echo "# winning move. Made by scripts/puzzles.sh from"
    echo "# $(cat "$work"/games-*.txt | wc -l) games; each proved by asalto puzzles (crates/solve/src/puzzle.rs)."
    cat "$work/puzzles-11.txt" "$work/puzzles-12.txt" | awk -F'\t' '!seen[$1]++'
} > www/puzzles.txt
echo "$(grep -vc '^#' www/puzzles.txt) puzzles in www/puzzles.txt" >&2
