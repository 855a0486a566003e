#!/usr/bin/env bash
# Tunes the evaluation numbers of the mainstream games by matches.
#
# For each game, each candidate change (an `evaltweak` of PROTOCOL.md) is
# played against the numbers accepted so far with `dama match --sprt`:
# a candidate whose SPRT accepts H1 (elo0 0, elo1 25, pairs of games with
# colours swapped, random 6-ply openings, a fixed seed) is kept and the
# next candidates are measured on top of it. Games are played at a fixed
# number of nodes per move, so a loaded machine changes the time a run
# takes, not its result.
#
# Usage: bin/tune-eval.sh [GAME ...]       (default: the 13 mainstream games)
# As run for README: bin/tune-eval.sh brazilian russian english italian
#   spanish pool thai turkish, and with NODES=8000 MAXGAMES=300
#   CONCURRENCY=1 for international frisian breakthrough antidraughts.
# Env:   DAMA (binary, default target/release/dama), NODES (20000),
#        MAXGAMES (600), CONCURRENCY (2), OUT (directory of logs, target/tune),
#        MATCHARGS (more `dama match` options; Spanish draughts, whose games
#        have no move limit, was run with MATCHARGS="--adjudicate-draw 200")
#
# One line per candidate goes to stdout and $OUT/tune.log:
#   game  base  candidate  games  score  elo (95% interval)  verdict
# The accepted tweak of each game is written into its eval/<game>.rs by
# hand; README "Evaluation tuning" lists the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
DAMA=${DAMA:-target/release/dama}
NODES=${NODES:-20000}
MAXGAMES=${MAXGAMES:-600}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-target/tune}
mkdir -p "$OUT"

# The candidates of each game: changes of the king's worth both ways, the
# square tables at 60 % and 150 %, and more weight on the men's mobility.
# `a>b` tries `b` (a step further the same way) only when `a` is accepted.
candidates() {
  case "$1" in
    # The 10×10 games are slower to play: fewer candidates.
    international) echo squares=60\>squares=40 mobman=3\>mobman=5 king=370 ;;
    frisian) echo squares=60\>squares=40 mobman=3\>mobman=5 king=420 ;;
    breakthrough) echo squares=60\>squares=40 mobman=3\>mobman=5 ;;
    antidraughts) echo squares=50\>squares=30 mobman=-5\>mobman=-8 ;;
    brazilian|russian|spanish|pool) echo king=250 king=360 squares=60\>squares=40 squares=150 mobman=4\>mobman=6 ;;
    english) echo king=130 king=200 squares=60\>squares=40 squares=150 mobman=4\>mobman=6 ;;
    italian) echo king=140 king=210 squares=60\>squares=40 squares=150 mobman=4\>mobman=6 ;;
    thai) echo king=200 king=320 squares=60\>squares=40 squares=150 mobman=4\>mobman=6 ;;
    turkish) echo king=320 king=500 squares=60\>squares=40 squares=150 mobman=3\>mobman=5 ;;
    *) echo "no candidates for $1" >&2; return 1 ;;
  esac
}

# `base` with `item` set (an item of the same key replaced).
merge() {
  local base=$1 item=$2 key=${2%%=*} out=""
  if [ "$base" != "<empty>" ]; then
    for i in ${base//,/ }; do
      [ "${i%%=*}" = "$key" ] || out="$out,$i"
    done
  fi
  out="$out,$item"
  echo "${out#,}"
}

# Plays `base` changed by $2 against `base` in game $1; on H1 the change
# joins `base` (and the function succeeds).
try() {
  local game=$1 cand=$2 tweak json games score elo low high was verdict
  tweak=$(merge "$base" "$cand")
  json="$OUT/$game-$seed.json"
  "$DAMA" match --variant "$game" --quiet --seed "$seed" \
    --engine name=candidate "option.evaltweak=$tweak" \
    --engine name=base "option.evaltweak=$base" \
    --games "$MAXGAMES" --tc "nodes=$NODES" --concurrency "$CONCURRENCY" \
    --sprt 0,25 ${MATCHARGS:-} --json "$json" > "$OUT/$game-$seed.txt"
  seed=$((seed + 1))
  games=$(grep -o '"finished":[0-9]*' "$json" | cut -d: -f2)
  score=$(grep -o '"score":[0-9.]*' "$json" | head -1 | cut -d: -f2)
  elo=$(grep -o '"elo":[-0-9.]*' "$json" | head -1 | cut -d: -f2)
  low=$(grep -o '"elo_low":[-0-9.]*' "$json" | head -1 | cut -d: -f2)
  high=$(grep -o '"elo_high":[-0-9.]*' "$json" | head -1 | cut -d: -f2)
  was=$base
  if grep -q '"accepted":"H1"' "$json"; then
    verdict=accepted
    base=$tweak
  elif grep -q '"accepted":"H0"' "$json"; then
    verdict=rejected
  else
    verdict=undecided
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%.0f (%.0f .. %.0f)\t%s\n' "$game" "$was" "$cand" \
    "$games" "$score" "$elo" "$low" "$high" "$verdict" | tee -a "$OUT/tune.log"
  [ "$verdict" = accepted ]
}

GAMES=("$@")
# Killer draughts evaluates with international's numbers.
[ ${#GAMES[@]} -gt 0 ] || GAMES=(international breakthrough antidraughts frisian
  brazilian russian english italian spanish pool thai turkish)

for game in "${GAMES[@]}"; do
  base="<empty>"
  seed=1
  for chain in $(candidates "$game"); do
    for cand in ${chain//>/ }; do
      if ! try "$game" "$cand"; then
        break
      fi
    done
  done
  printf '%s\tfinal\t%s\n' "$game" "$base" | tee -a "$OUT/tune.log"
done
