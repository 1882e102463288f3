#!/usr/bin/env bash
# Regenerates the bundled sample media in samples/media/ with `tableref render` (deterministic:
# the same build gives the same files). Run after scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
tableref=build/app/cli/tableref
media=samples/media

# Still pictures with their truth, one folder per game.
for game in freeze trio punto bugs; do
  rm -f "$media/$game"/*.jpg "$media/$game"/*.json
  "$tableref" render --game "$game" --level webcam --count 3 --seed 7 --format jpg --out "$media/$game"
done

# A short game per game that has a live referee, as a small H.264 clip with its true events.
"$tableref" render --game freeze --video "$media/freeze/game.mp4" --players 2 --tricks 4 --size 960x540 --seed 3
"$tableref" render --game trio --video "$media/trio/game.mp4" --players 3 --turns 5 --size 960x540 --seed 7
"$tableref" render --game punto --video "$media/punto/game.mp4" --players 2 --plays 9 --size 960x540 --seed 1
# Bugs & Co tiles are smaller than cards: its game is filmed at 1280x720 (a tile spans 70 px).
"$tableref" render --game bugs --video "$media/bugs/game.mp4" --players 2 --size 1280x720 --fps 8 --seed 9
