#!/usr/bin/env bash
# The ladder: each level against the one below on every preset, both
# sides, each level at its own time: a Markdown table of the stronger
# level's wins-draws-losses and its share of the points, a draw half a point
# (docs/MEASUREMENTS.md, "The ladder at each level's own time").
#
#   [JOBS=N] [CELLS=DIR] [SEED=S] [MOVETIME=MS] [RUNGS="4-3 3-2 2-1"] \
#       scripts/ladder.sh [GAMES] [PRESET...]
#
# Defaults: 10 games a side, seed 5, every 33-point preset, the three rungs
# below the Marshal (add 5-4 for the Marshal against the Captain: two
# seconds a move against a third of one). Each game's first two plies are
# a Soldier's, as in `selfplay --ladder`, so that games differ. MOVETIME
# gives every searching level that time instead of its own. JOBS and CELLS
# as in strength.sh: cells played at once, and kept in DIR for a later run.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

games=${1:-10}
shift $(( $# > 0 ? 1 : 0 ))
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(assault asalto german-tactics sharpshooters assaut \
    simplified fuchs-und-henne zwei-contra-20 murray)
read -r -a rungs <<< "${RUNGS:-4-3 3-2 2-1}"
seed=${SEED:-5}
cargo build --release --locked -p asalto-cli >&2
cells=${CELLS:-$(mktemp -d)}
mkdir -p "$cells"
names=(· Recruit Soldier Sergeant Captain Marshal)

# One cell: a rung on one preset with the stronger level on one side; its
# result line (keep_result).
play_cell() {
    local preset=$1 rung=$2 side=$3 file a d timed=()
    [ -z "${MOVETIME:-}" ] || timed=(--movetime "$MOVETIME")
    file="$cells/$preset-$rung-$side-$games-${MOVETIME:-own}-$seed.txt"
    [ -s "$file" ] && return
    if [ "$side" = attacker ]; then a=${rung%-*} d=${rung#*-}; else a=${rung#*-} d=${rung%-*}; fi
    keep_result "$file" target/release/asalto selfplay "$preset" --games "$games" "${timed[@]}" \
        --attacker "$a" --defender "$d" --opening 2 --seed "$seed"
}
export -f play_cell keep_result
export cells games seed MOVETIME
for preset in "${presets[@]}"; do
    for rung in "${rungs[@]}"; do
        for side in attacker defender; do echo "$preset $rung $side"; done
    done
done | xargs -P "${JOBS:-1}" -L 1 bash -c 'play_cell "$@"' _

# A rung on a preset: the stronger level's wins-draws-losses as attackers
# and as defenders, and its points of all the games.
tally() {
    local preset=$1 rung=$2
    for side in attacker defender; do
        sed "s/^/$side /" "$cells/$preset-$rung-$side-$games-${MOVETIME:-own}-$seed.txt" 2>/dev/null
    done | awk '
        { a = $4; d = $7; x = $9 }
        $1 == "attacker" { w[1] = a; l[1] = d; dr[1] = x; n++ }
        $1 == "defender" { w[2] = d; l[2] = a; dr[2] = x; n++ }
        END {
            if (n < 2) { print "·"; exit }
            p = w[1] + w[2] + (dr[1] + dr[2]) / 2
            t = w[1] + w[2] + l[1] + l[2] + dr[1] + dr[2]
            printf "%d-%d-%d / %d-%d-%d, %.1f %%\n", w[1], dr[1], l[1], w[2], dr[2], l[2], 100 * p / t
        }' FS='[ ,;]+'
}

time="each at its own time"
[ -z "${MOVETIME:-}" ] || time="$MOVETIME ms a move"
echo "Each level against the one below, $time, $games games a side (seed $seed): the stronger level's wins-draws-losses as attackers / as defenders, and its points (a draw half)"
echo
printf '| rule set |'
for rung in "${rungs[@]}"; do printf ' %s–%s |' "${names[${rung%-*}]}" "${names[${rung#*-}]}"; done
echo
printf '|---|'; printf -- '---|%.0s' "${rungs[@]}"; echo
for preset in "${presets[@]}"; do
    printf '| `%s` |' "$preset"
    for rung in "${rungs[@]}"; do printf ' %s |' "$(tally "$preset" "$rung")"; done
    echo
done
