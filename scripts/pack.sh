#!/usr/bin/env bash
# A rule set's endgame tables from nothing to a checked pack for static
# hosting (docs/TABLES.md): builds the tables (niced, resumable: run it
# again after a stop and it goes on), checks every tier, packs them and
# checks the pack through itself alone.
#
#   scripts/pack.sh RULES ATTACKERS TABLES_DIR PACK_DIR [SAMPLES]
#   scripts/pack.sh assault 24 /work/tables-t /work/pack-assault 1000000
#
# TABLES_DIR and PACK_DIR belong outside the repository: `assault`'s
# tables take 31 GB and about 14 hours on two cores (docs/SOLVING.md); the
# build stops by itself before the disk has less than 15 GB free.
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,12p' "$0"; exit 2; }
rules=$1 attackers=$2 tables=$3 out=$4 samples=${5:-100000}
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --locked -q -p asalto-cli
asalto=target/release/asalto
nice -n 19 "$asalto" tables build "$rules" --attackers "$attackers" --dir "$tables"
nice -n 19 "$asalto" tables check "$tables" --samples "$samples"
nice -n 19 "$asalto" tables pack "$tables" "$out" --threads "$(nproc)"
nice -n 19 "$asalto" tables check --pack "$out" --samples "$samples"
"$asalto" tables bench --pack "$out" --count 200
