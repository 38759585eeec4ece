#!/usr/bin/env bash
# The Marshal against the family of weak bots on every preset, both sides:
# a Markdown table of its wins, draws and losses (docs/MEASUREMENTS.md,
# "Strength against the bots").
#
#   [JOBS=N] [CELLS=DIR] [SEEDS="S..."] [SIDES="attacker defender"] [NODES=N] \
#       [BOTS="B..."] scripts/strength.sh [GAMES] [MOVETIME_MS] [PRESET...]
#
# Defaults: 10 games a side, 100 ms a move, every preset. Each bot plays its
# first two moves at random, so that games differ. With SEEDS, each seed
# plays GAMES games of each cell with openings of its own (`selfplay
# --seed`), so that a cell of 40 games can be 2 seeds of 20 played at once;
# SIDES plays only the sides named. JOBS cells (a preset, a bot, a side, a
# seed) are played at once (1 by default; a cell is one process). With
# CELLS, each cell's result is kept in DIR as it ends and a later run with
# the same games and movetime plays only the cells not there yet, so a long
# table can be played over several runs or machines; the table adds up
# every seed's cell found there. With NODES, the Marshal searches N nodes a
# move in place of MOVETIME_MS: every game is the same on every run, however
# busy the machine (`selfplay --nodes`). BOTS plays those bots in place of the
# family (`BOTS=haven`: the plan of officers waiting out of reach).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

games=${1:-10}
movetime=${2:-100}
shift $(( $# > 2 ? 2 : $# ))
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(assault asalto german-tactics sharpshooters assaut \
    belagerung royal-garrison royal-garrison-diagonals simplified fuchs-und-henne \
    zwei-contra-20 murray)
read -r -a bots <<< "${BOTS:-random greedy greedy-material greedy-march greedy-mobility depth1 depth2 depth3}"
cargo build --release --locked -p asalto-cli >&2
# What the Marshal is given a move: as options, in words, and in the names
# of the cells' files.
budget="--movetime $movetime" said="$movetime ms a move" per_move=$movetime
[ -z "${NODES:-}" ] || budget="--nodes $NODES" said="$NODES nodes a move" per_move="n$NODES"
cells=${CELLS:-$(mktemp -d)}
mkdir -p "$cells"

read -r -a seeds <<< "${SEEDS:-default}"
read -r -a sides <<< "${SIDES:-attacker defender}"

# One cell: its result line (keep_result).
play_cell() {
    local preset=$1 bot=$2 side=$3 seed=$4 file a d
    file="$cells/$preset-$bot-$side-$games-$per_move-$seed.txt"
    [ -s "$file" ] && return
    if [ "$side" = attacker ]; then a=5 d=$bot; else a=$bot d=5; fi
    local seeded=()
    [ "$seed" = default ] || seeded=(--seed "$seed")
    # shellcheck disable=SC2086 # $budget is an option and its value
    keep_result "$file" target/release/asalto selfplay "$preset" --games "$games" \
        $budget --attacker "$a" --defender "$d" --opening 0 "${seeded[@]}"
}
export -f play_cell keep_result
export cells games per_move budget
for preset in "${presets[@]}"; do
    for bot in "${bots[@]}"; do
        for side in "${sides[@]}"; do
            for seed in "${seeds[@]}"; do echo "$preset $bot $side $seed"; done
        done
    done
done | xargs -P "${JOBS:-1}" -L 1 bash -c 'play_cell "$@"' _

# A side of a cell, every seed's games added up: the Marshal's
# wins-draws-losses, or · where none were played.
tally() {
    local preset=$1 bot=$2 side=$3
    cat "$cells/$preset-$bot-$side-$games-$per_move-"*.txt 2>/dev/null | awk -v side="$side" '
        /^attackers won/ { a += $3; d += $6; x += $8; n++ }
        END {
            if (n == 0) print "·"
            else if (side == "attacker") printf "%d-%d-%d\n", a, x, d
            else printf "%d-%d-%d\n", d, x, a
        }' FS='[ ,;]+'
}

echo "The Marshal at $said, $games games a cell and seed (seeds: ${seeds[*]}) against each bot: wins-draws-losses as attackers / as defenders"
echo
printf '| rule set |'; printf ' %s |' "${bots[@]}"; echo
printf '|---|'; printf -- '---|%.0s' "${bots[@]}"; echo
for preset in "${presets[@]}"; do
    printf '| `%s` |' "$preset"
    for bot in "${bots[@]}"; do
        printf ' %s / %s |' "$(tally "$preset" "$bot" attacker)" "$(tally "$preset" "$bot" defender)"
    done
    echo
done
