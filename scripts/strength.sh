#!/usr/bin/env bash
# The Marshal against the family of weak bots on every preset, both sides:
# a Markdown table of its wins, draws and losses (docs/MEASUREMENTS.md,
# "Strength against the bots").
#
#   scripts/strength.sh [GAMES_A_SIDE] [MOVETIME_MS] [PRESET...]
#
# Defaults: 10 games a side, 100 ms a move, every preset. Each bot plays its
# first two moves at random, so that games differ.
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
asalto=target/release/asalto

echo "The Marshal at $movetime ms a move, $games games a side against each bot: wins-draws-losses as attackers / as defenders"
echo
printf '| rule set |'; printf ' %s |' "${bots[@]}"; echo
printf '|---|'; printf -- '---|%.0s' "${bots[@]}"; echo
for preset in "${presets[@]}"; do
    printf '| `%s` |' "$preset"
    for bot in "${bots[@]}"; do
        cell=""
        for side in attacker defender; do
            if [ $side = attacker ]; then a=5 d=$bot; else a=$bot d=5; fi
            line=$("$asalto" selfplay "$preset" --games "$games" --movetime "$movetime" \
                --attacker "$a" --defender "$d" --opening 0 | tail -1)
            aw=$(sed -E 's/attackers won ([0-9]+).*/\1/' <<<"$line")
            dw=$(sed -E 's/.*defenders won ([0-9]+).*/\1/' <<<"$line")
            dr=$(sed -E 's/.*draws ([0-9]+).*/\1/' <<<"$line")
            if [ $side = attacker ]; then cell+="$aw-$dr-$dw"; else cell+=" / $dw-$dr-$aw"; fi
        done
        printf ' %s |' "$cell"
    done
    echo
done
