#!/usr/bin/env bash
# Sets up and builds tableref, then runs it on the bundled samples (made by scripts/make-samples.sh):
# a Monster Freeze game on video refereed live, pictures of tables read and annotated, and game
# records refereed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh default
tableref=build/app/cli/tableref
media=samples/media
out=build/demo
mkdir -p "$out"

echo "== tableref referee --game freeze --players 2 $media/freeze/game.mp4 (event log in $out/)"
"$tableref" referee --game freeze --players 2 --log "$out/freeze-game.log" "$media/freeze/game.mp4"

for game in freeze trio punto; do
  echo "== tableref analyze --game $game (annotated pictures in $out/)"
  "$tableref" analyze --game "$game" --annotate "$out/" "$media/$game"/*.jpg
done

for record in samples/records/*.json; do
  echo "== tableref replay $record"
  "$tableref" replay "$record"
done
echo "== done: the annotated pictures and the event log are in $out/"
