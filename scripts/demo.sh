#!/usr/bin/env bash
# Sets up and builds tableref, then referees the bundled sample games.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh default
tableref=build/app/cli/tableref

for record in samples/records/*.json; do
  echo "== tableref replay $record"
  "$tableref" replay "$record"
done
