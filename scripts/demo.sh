#!/usr/bin/env bash
# Sets up and builds tableref, then runs it on the bundled samples: pictures of Monster Freeze
# tables read and annotated, and game records refereed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh default
tableref=build/app/cli/tableref
out=build/demo
mkdir -p "$out"

echo "== tableref analyze --game freeze (annotated pictures in $out/)"
"$tableref" analyze --game freeze --annotate "$out/" samples/media/freeze/*.jpg

for record in samples/records/*.json; do
  echo "== tableref replay $record"
  "$tableref" replay "$record"
done
echo "== done: the annotated pictures are in $out/"
