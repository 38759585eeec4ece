#!/usr/bin/env bash
# Makes the evaluation's training data and fits its weights: one command.
#
#   scripts/train.sh DATA_DIR [TABLES_DIR] [WEIGHTS]
#
# DATA_DIR/games.txt: every position of games between deterministic players
# (fixed-depth engines, the Sergeant, the greedy bots) on every preset but
# belagerung (its free marches make games of 1,000 plies), both
# sides, each labelled by how its game ended. Then `asalto train` fits
# crates/search/src/eval/weights.txt to it and prints the loss on a
# held-back tenth. With WEIGHTS, the engines that play
# the games and the fit start from those weights instead of the crate's (a
# round of learning from the evaluation's own games). The same commands give
# the same files (train prints their FNV-1a checksums).
#
# The simplified board plays with them too, a fortress that can never be
# filled counting nothing there, and a network of its own (below).
# german-tactics plays with them with an officer walled in the fortress
# counting the points held around it as nothing (written from them below).
# Then `assault` (the cross under forward marches) is fitted again to its own
# lines of games.txt, from weights.txt: crates/search/src/eval/assault.txt;
# with TABLES_DIR (`assault`'s endgame tables), DATA_DIR/tables.txt holds
# 20,000 random positions of each tier built (9 attackers up) with their
# exact values: the features' weights are fitted to its tiers up to 15
# attackers (DATA_DIR/tables-to-15.txt; refitted with tier 16 they lost
# their match), and then a network with NETWORK hidden units (128 unless the
# environment says), atop them, to all of it and to 500,000 more of each
# tier from 16 up (DATA_DIR/tables-16.txt, ...), the tiers it judges worst.
# The network judges positions of up to one attacker more than the top
# tier built (fitted to tiers 9-17, 32 units judging up to 20 scored 77 of
# 100 against themselves judging up to 17; fitted to tiers 9-18, 128 units
# judging up to 19 lost no more games to the bots than the network before,
# judging up to 21 more; fitted to every tier, 9-24, it judges every
# position and scored 57 % of 250 against that one: docs/MEASUREMENTS.md).
# Then the boards with weights of their own (Fuchs und Henne's, zwei-contra-20's):
# DATA_DIR/marshal-PRESET.txt holds the positions of the Marshal's games (20
# ms a move) against every weak bot, both sides; `asalto train` fits
# crates/search/src/eval/PRESET.txt to that preset's lines of games.txt and
# to them, starting from the file's last weights (from weights.txt where
# there is none). The Marshal plays by the clock, so these files differ
# from machine to machine: the weights' header keeps the checksums of the
# data they were fitted to. Fuchs und Henne's then gets a network atop its
# weights, fitted to positions of the Marshal's games labelled by the
# solver's proofs (`asalto label`; below). Last royal-garrison's board (royal-garrison.txt),
# fitted from the hand-set weights to the Marshal's games on both Royal
# Garrison boards alone, its material then set to what matches chose.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

data=${1:?usage: scripts/train.sh DATA_DIR [TABLES_DIR] [WEIGHTS]}
tables=${2:-}
weights=()
[ -n "${3:-}" ] && weights=(--attacker-weights "$3" --defender-weights "$3")
start=()
[ -n "${3:-}" ] && start=(--weights "$3")
mkdir -p "$data"
cargo build --release --locked -p asalto-cli
asalto=target/release/asalto

say "games ($data/games.txt)"
: > "$data/games.txt"
pairs="depth8:greedy greedy:depth8 depth8:greedy-mobility greedy-mobility:depth8
       depth8:greedy-material greedy-material:depth8 depth8:greedy-march
       greedy-march:depth8 depth8:depth7 depth7:depth8 3:depth6 depth6:3"
for preset in assault asalto german-tactics sharpshooters assaut simplified \
              fuchs-und-henne zwei-contra-20 murray royal-garrison \
              royal-garrison-diagonals; do
    case $preset in
        royal-garrison*) games=4 ;;
        *) games=20 ;;
    esac
    for pair in $pairs; do
        "$asalto" selfplay "$preset" --games "$games" --attacker "${pair%:*}" \
            --defender "${pair#*:}" --opening 2 --seed 7 \
            --positions "$data/games.txt" "${weights[@]}" > /dev/null
    done
    echo "$preset: $(wc -l < "$data/games.txt") positions so far"
done

say "training"
"$asalto" train "$data/games.txt" "${start[@]}" --out crates/search/src/eval/weights.txt

# Where attackers may not step along the marked lines (german-tactics): the
# same weights, an officer walled in the fortress counting the points held
# around it as nothing (locked_fortress cancels fortress), as matches chose
# (docs/MEASUREMENTS.md).
{ cat <<'HEADER'
# The cross where attackers may not step along its marked lines
# (`german-tactics`): the learned weights (weights.txt, whose header
# follows), with an officer walled in the fortress counting its points
# held as nothing (locked_fortress = -fortress: they win only by trapping
# the other officer); scripts/train.sh writes this file from weights.txt.
HEADER
  awk '$1 == "fortress" { f = $2 } $1 == "locked_fortress" { $2 = -f } { print }' \
      crates/search/src/eval/weights.txt; } > crates/search/src/eval/german-tactics.txt

say "assault: training on its own games"
grep "^assault;" "$data/games.txt" > "$data/games-assault.txt"
files=("$data/games-assault.txt")
if [ -n "$tables" ]; then
    say "assault: table positions ($data/tables.txt)"
    "$asalto" tables sample "$tables" --count 20000 --seed 7 > "$data/tables.txt"
    # One pass: the lines of 15 attackers or fewer, and the top tier built.
    top=$(awk -F'attackers=' -v low="$data/tables-to-15.txt" '
        { split($2, a, ";"); n = split(a[1], p, ","); if (n <= 15) print > low; if (n > top) top = n }
        END { print top }' "$data/tables.txt")
    files+=("$data/tables-to-15.txt")
fi
"$asalto" train "${files[@]}" --weights crates/search/src/eval/weights.txt \
    --out crates/search/src/eval/assault.txt
if [ -n "$tables" ]; then
    say "assault: its network, fitted to tiers up to $top, judging up to $((top + 1)) attackers"
    files=("$data/tables.txt")
    for ((tier = 16; tier <= top; tier++)); do
        "$asalto" tables sample "$tables" --count 500000 --attackers "$tier" \
            --seed $((tier - 6)) > "$data/tables-$tier.txt"
        files+=("$data/tables-$tier.txt")
    done
    "$asalto" train "${files[@]}" --weights crates/search/src/eval/assault.txt \
        --network "${NETWORK:-128}" --judges $((top + 1)) --epochs 20 \
        --out crates/search/src/eval/assault.txt
fi

# The Marshal's games (20 ms a move) against every weak bot on PRESET, GAMES
# a side (seeds 101 attacking, 102 defending), their positions added to FILE;
# with WEIGHTS, the Marshal plays with them.
#   marshal_games PRESET GAMES FILE [WEIGHTS]
hand=crates/search/src/eval/hand-set.txt
bots="random greedy greedy-material greedy-march greedy-mobility depth1 depth2 depth3"
marshal_games() {
    local preset=$1 games=$2 file=$3 attacking=() defending=()
    if [ -n "${4:-}" ]; then
        attacking=(--attacker-weights "$4")
        defending=(--defender-weights "$4")
    fi
    for bot in $bots; do
        "$asalto" selfplay "$preset" --games "$games" --movetime 20 --attacker 5 --defender "$bot" \
            --opening 0 --seed 101 "${attacking[@]}" --positions "$file" > /dev/null
        "$asalto" selfplay "$preset" --games "$games" --movetime 20 --attacker "$bot" --defender 5 \
            --opening 0 --seed 102 "${defending[@]}" --positions "$file" > /dev/null
    done
}

for preset in fuchs-und-henne zwei-contra-20; do
    say "$preset: the Marshal's games against the weak bots ($data/marshal-$preset.txt)"
    : > "$data/marshal-$preset.txt"
    marshal_games "$preset" 10 "$data/marshal-$preset.txt"
    grep "^$preset;" "$data/games.txt" > "$data/games-$preset.txt"
    own=crates/search/src/eval/$preset.txt
    [ -f "$own" ] || cp crates/search/src/eval/weights.txt "$own"
    # The features' weights are fitted without the network (fitted next).
    sed '/^network /,$d' "$own" > "$data/start-$preset.txt"
    say "$preset: training"
    "$asalto" train "$data/games-$preset.txt" "$data/marshal-$preset.txt" \
        --weights "$data/start-$preset.txt" --out "$own"
done

# Fuchs und Henne's network (16 hidden units) atop its weights, fitted to
# its games of games.txt and to the positions of the Marshal's games (20 ms
# a move) labelled by `asalto label`: the values the solver proves walking
# back from each game's end (1,000,000 positions each, until 3 in a row are
# not proved), the game's result before that. The games: against every
# weak bot, 20 attacking and 8 defending (seeds 201 and 203, 202 and 204),
# DATA_DIR/bots-fuchs-und-henne.txt; against itself (40, seed 131) and
# against the hand-set weights defending (30, seed 132), 4 opening plies by
# a Soldier, itself-fuchs-und-henne.txt; against the hand-set weights
# attacking (30, seed 133), hand-set-fuchs-und-henne.txt; and 200 more
# against itself at 50,000 nodes a move (seed 141, 6 opening plies by a
# Soldier; labelled with 100,000 nodes a position until 2 in a row are not
# proved), self-fuchs-und-henne.txt. Then a second round: 200 more games
# against itself (seed 142), played with the network just fitted,
# self2-fuchs-und-henne.txt, and the network fitted again to all of it.
# With the first round the Marshal attacking lost half as many games to the
# bots, with the second a quarter (docs/MEASUREMENTS.md). The games with
# strong defenders keep it from learning only what beats a shuffling one.
# The first round's games are played with the weights the crate holds, so
# each run of this script learns again from the evaluation's own games.
fh=fuchs-und-henne
records() { grep -h '^    ' | sed 's/^ *//'; }
say "$fh: the Marshal's games, their positions labelled by proofs"
for bot in $bots; do
    for run in 6:201:attacker 14:203:attacker 3:202:defender 5:204:defender; do
        IFS=: read -r games seed marshal <<< "$run"
        if [ "$marshal" = attacker ]; then sides=(--attacker 5 --defender "$bot"); else sides=(--attacker "$bot" --defender 5); fi
        "$asalto" selfplay $fh --games "$games" --movetime 20 "${sides[@]}" --opening 0 \
            --seed "$seed" --records
    done
done | records > "$data/records-bots-$fh.txt"
"$asalto" label "$data/records-bots-$fh.txt" --results > "$data/bots-$fh.txt"
{
    "$asalto" selfplay $fh --games 40 --movetime 20 --attacker 5 --defender 5 --opening 4 \
        --seed 131 --records
    "$asalto" selfplay $fh --games 30 --movetime 20 --attacker 5 --defender 5 --opening 4 \
        --seed 132 --defender-weights "$hand" --records
} | records > "$data/records-itself-$fh.txt"
"$asalto" selfplay $fh --games 30 --movetime 20 --attacker 5 --defender 5 --opening 4 \
    --seed 133 --attacker-weights "$hand" --records | records > "$data/records-hand-set-$fh.txt"
"$asalto" label "$data/records-itself-$fh.txt" --results > "$data/itself-$fh.txt"
"$asalto" label "$data/records-hand-set-$fh.txt" --results > "$data/hand-set-$fh.txt"
# 200 games of the Marshal against itself on PRESET at 50,000 nodes a move,
# their positions labelled by proofs in DATA_DIR/NAME (options go to
# selfplay).
#   self_games PRESET SEED NAME [OPTION...]
self_games() {
    local preset=$1 seed=$2 name=$3
    shift 3
    "$asalto" selfplay "$preset" --games 200 --nodes 50000 --attacker 5 --defender 5 --opening 6 \
        --seed "$seed" "$@" --records | records > "$data/records-$name"
    "$asalto" label "$data/records-$name" --nodes 100000 --misses 2 --results > "$data/$name"
}
# A network of 16 hidden units atop the features' weights in TERMS, fitted
# to the FILEs and written to OUT.
#   fit_network TERMS OUT FILE...
fit_network() {
    local terms=$1 out=$2
    shift 2
    "$asalto" train "$@" --weights "$terms" --network 16 --epochs 10 --out "$out"
}
self_games $fh 141 "self-$fh.txt"
own=crates/search/src/eval/$fh.txt
cp "$own" "$data/terms-$fh.txt"
fh_data=("$data/games-$fh.txt" "$data/bots-$fh.txt" "$data/itself-$fh.txt" "$data/hand-set-$fh.txt"
    "$data/self-$fh.txt")
say "$fh: its network"
fit_network "$data/terms-$fh.txt" "$own" "${fh_data[@]}"
say "$fh: a second round, its games against itself with that network"
self_games $fh 142 "self2-$fh.txt" --attacker-weights "$own" --defender-weights "$own"
fit_network "$data/terms-$fh.txt" "$own" "${fh_data[@]}" "$data/self2-$fh.txt"

# The simplified board: the learned weights, a fortress that can never be
# filled counting nothing (locked_fortress and locked_filling cancel
# fortress and filling), and a network atop them fitted as Fuchs und
# Henne's, on a node budget so that the same weights give the same files:
# the Marshal's games against every weak bot at 50,000 nodes a move (20
# attacking, seed 211; 8 defending, seed 212), bots-simplified.txt, and 200
# against itself (seed 161), self-simplified.txt, their positions labelled
# by proofs; then a second round of 200 against itself (seed 162) with the
# network just fitted, self2-simplified.txt, and the network fitted again
# to all three. This preset's lines of games.txt are left out: with them
# the Marshal attacking lost 12 of 200 games to the bots where it lost 0
# without them (docs/MEASUREMENTS.md).
sp=simplified
say "$sp: the Marshal's games, their positions labelled by proofs"
for bot in $bots; do
    "$asalto" selfplay $sp --games 20 --nodes 50000 --attacker 5 --defender "$bot" --opening 0 \
        --seed 211 --records
    "$asalto" selfplay $sp --games 8 --nodes 50000 --attacker "$bot" --defender 5 --opening 0 \
        --seed 212 --records
done | records > "$data/records-bots-$sp.txt"
"$asalto" label "$data/records-bots-$sp.txt" --nodes 100000 --misses 2 --results > "$data/bots-$sp.txt"
self_games $sp 161 "self-$sp.txt"
awk '$1 == "fortress" { f = $2 } $1 == "filling" { g = $2 }
     $1 == "locked_fortress" { $2 = -f } $1 == "locked_filling" { $2 = -g } { print }' \
    crates/search/src/eval/weights.txt > "$data/terms-$sp.txt"
own=crates/search/src/eval/$sp.txt
say "$sp: its network"
fit_network "$data/terms-$sp.txt" "$own" "$data/bots-$sp.txt" "$data/self-$sp.txt"
say "$sp: a second round, its games against itself with that network"
self_games $sp 162 "self2-$sp.txt" --attacker-weights "$own" --defender-weights "$own"
fit_network "$data/terms-$sp.txt" "$own" "$data/bots-$sp.txt" "$data/self-$sp.txt" \
    "$data/self2-$sp.txt"

# Royal Garrison's board under forward marches: the Marshal's games (20 ms a
# move, hand-set weights) against every weak bot, 20 a side, and against
# itself, 40 a preset (4 opening plies by a Soldier), on royal-garrison and
# its diagonal twin; fitted from the hand-set weights, the games against
# itself counted five times so that they weigh as much as those against the
# bots, and `out_of_reach` started at -1 so that the fit, which keeps each
# weight's sign, cannot make an officer out of the attackers' reach good for
# them (the bots' officers that wander there lose, which taught +119).
say "royal-garrison: the Marshal's games ($data/marshal-royal-garrison.txt)"
: > "$data/marshal-royal-garrison.txt"
: > "$data/itself-royal-garrison.txt"
for preset in royal-garrison royal-garrison-diagonals; do
    marshal_games "$preset" 20 "$data/marshal-royal-garrison.txt" "$hand"
    "$asalto" selfplay "$preset" --games 40 --movetime 20 --attacker 5 --defender 5 \
        --opening 4 --seed 103 --attacker-weights "$hand" --defender-weights "$hand" \
        --positions "$data/itself-royal-garrison.txt" > /dev/null
done
for _ in 1 2 3 4 5; do cat "$data/itself-royal-garrison.txt"; done > "$data/itself-royal-garrison-5.txt"
sed 's/^out_of_reach 0$/out_of_reach -1/' "$hand" > "$data/royal-garrison-start.txt"
say "royal-garrison: training"
"$asalto" train "$data/marshal-royal-garrison.txt" "$data/itself-royal-garrison-5.txt" \
    --weights "$data/royal-garrison-start.txt" --out crates/search/src/eval/royal-garrison.txt
# The fit weighed an attacker at 84 hundredths: attacking, the Marshal then
# gave away 27 to 34 of its 50 attackers in most games it lost (17 must
# fill the fortress), 17 of 240 against the bots at 200,000 nodes a move.
# Matches chose 130 (4 of 240 lost; docs/MEASUREMENTS.md), set after the fit.
sed -i 's/^material .*/# material: 130 by matches, after the fit (scripts\/train.sh)\nmaterial 130/' \
    crates/search/src/eval/royal-garrison.txt
