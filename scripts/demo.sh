#!/usr/bin/env bash
# Sets up and builds tableref, then runs it on the bundled samples (made by scripts/make-samples.sh):
# a game each of Monster Freeze, Trio Monsters, Punto and Bugs & Co on video refereed live,
# pictures of tables read and annotated, and game records refereed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh default
tableref=build/app/cli/tableref
media=samples/media
out=build/demo
mkdir -p "$out"

# The filmed games, refereed live: Monster Freeze (2 players), Trio Monsters (3), Punto (2),
# Bugs & Co (2).
for game_players in freeze:2 trio:3 punto:2 bugs:2; do
  game=${game_players%:*} players=${game_players#*:}
  echo "== tableref referee --game $game --players $players $media/$game/game.mp4 (event log in $out/)"
  "$tableref" referee --game "$game" --players "$players" --log "$out/$game-game.log" "$media/$game/game.mp4"
done

for game in freeze trio punto bugs; do
  echo "== tableref analyze --game $game (annotated pictures in $out/)"
  "$tableref" analyze --game "$game" --annotate "$out/" "$media/$game"/*.jpg
done

for record in samples/records/*.json; do
  echo "== tableref replay $record"
  "$tableref" replay "$record"
done
echo "== done: the annotated pictures and the event log are in $out/"
