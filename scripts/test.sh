#!/usr/bin/env bash
# Sets up and builds tableref, then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh default
ctest --preset default --parallel 2
