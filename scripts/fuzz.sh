#!/usr/bin/env bash
# Builds the libFuzzer targets and the rules' tests with clang, ASan + UBSan; runs the rules' tests,
# then fuzzes every file parser for SECONDS each (default 20), starting from the seed corpora in
# fuzz/corpus/. New inputs go to build-fuzz/corpus/, not to the tree; a crash leaves its input in
# build-fuzz/ and fails.
# Usage: scripts/fuzz.sh [SECONDS]   (after scripts/setup.sh, which installs clang's runtime)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
echo "== the rules' tests under ASan + UBSan"
build-fuzz/tests/referee/referee_tests --gtest_brief=1
rm -f build-fuzz/crash-* build-fuzz/leak-* build-fuzz/timeout-*
declare -A corpus=([fuzz_deck]=decks [fuzz_record]=records [fuzz_profile]=profiles
                   [fuzz_event_log]=event_logs)
for target in fuzz_deck fuzz_record fuzz_profile fuzz_event_log; do
  found="build-fuzz/corpus/${corpus[$target]}"
  mkdir -p "$found"
  echo "== $target for ${seconds} s"
  (cd build-fuzz && "fuzz/$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
     -print_final_stats=1 "../$found" "../fuzz/corpus/${corpus[$target]}" 2>&1 |
     grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)" || true)
  # libFuzzer exits non-zero on a crash and leaves crash-*; PIPESTATUS carries it.
  if compgen -G "build-fuzz/crash-*" >/dev/null || compgen -G "build-fuzz/leak-*" >/dev/null ||
     compgen -G "build-fuzz/timeout-*" >/dev/null; then
    echo "fuzz: $target found an input that breaks it (build-fuzz/crash-* ...)" >&2
    exit 1
  fi
done
echo "== fuzz: no crash"
