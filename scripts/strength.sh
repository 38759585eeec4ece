#!/usr/bin/env bash
# The Marshal against the family of weak bots on every preset, both sides:
# a Markdown table of its wins, draws and losses (docs/MEASUREMENTS.md,
# "Strength against the bots").
#
#   [JOBS=N] [CELLS=DIR] scripts/strength.sh [GAMES_A_SIDE] [MOVETIME_MS] [PRESET...]
#
# Defaults: 10 games a side, 100 ms a move, every preset. Each bot plays its
# first two moves at random, so that games differ. JOBS cells (a preset, a
# bot, a side) are played at once (1 by default; a cell is one process).
# With CELLS, each cell's result is kept in DIR as it ends and a later run
# with the same games and movetime plays only the cells not there yet, so a
# long table can be played over several runs or machines.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

games=${1:-10}
movetime=${2:-100}
shift $(( $# > 2 ? 2 : $# ))
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(assault asalto german-tactics sharpshooters assaut \
    belagerung royal-garrison royal-garrison-diagonals simplified fuchs-und-henne \
    zwei-contra-20 murray)
bots=(random greedy greedy-material greedy-march greedy-mobility depth1 depth2 depth3)
cargo build --release --locked -p asalto-cli >&2
cells=${CELLS:-$(mktemp -d)}
mkdir -p "$cells"

# One cell: its result line, written whole once the games are over.
play_cell() {
    local preset=$1 bot=$2 side=$3 file
    file="$cells/$preset-$bot-$side-$games-$movetime.txt"
    [ -s "$file" ] && return
    if [ "$side" = attacker ]; then a=5 d=$bot; else a=$bot d=5; fi
    target/release/asalto selfplay "$preset" --games "$games" --movetime "$movetime" \
        --attacker "$a" --defender "$d" --opening 0 | tail -1 > "$file.part" &&
        mv "$file.part" "$file"
}
export -f play_cell
export cells games movetime
for preset in "${presets[@]}"; do
    for bot in "${bots[@]}"; do
        printf '%s %s attacker\n%s %s defender\n' "$preset" "$bot" "$preset" "$bot"
    done
done | xargs -P "${JOBS:-1}" -L 1 bash -c 'play_cell "$@"' _

echo "The Marshal at $movetime ms a move, $games games a side against each bot: wins-draws-losses as attackers / as defenders"
echo
printf '| rule set |'; printf ' %s |' "${bots[@]}"; echo
printf '|---|'; printf -- '---|%.0s' "${bots[@]}"; echo
for preset in "${presets[@]}"; do
    printf '| `%s` |' "$preset"
    for bot in "${bots[@]}"; do
        cell=""
        for side in attacker defender; do
            line=$(cat "$cells/$preset-$bot-$side-$games-$movetime.txt")
            aw=$(sed -E 's/attackers won ([0-9]+).*/\1/' <<<"$line")
            dw=$(sed -E 's/.*defenders won ([0-9]+).*/\1/' <<<"$line")
            dr=$(sed -E 's/.*draws ([0-9]+).*/\1/' <<<"$line")
            if [ $side = attacker ]; then cell+="$aw-$dr-$dw"; else cell+=" / $dw-$dr-$aw"; fi
        done
        printf ' %s |' "$cell"
    done
    echo
done
