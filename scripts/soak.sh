#!/usr/bin/env bash
# Soak: the live referee over a long rendered Monster Freeze match (MINUTES of footage, default 20,
# 4 players, 1280x720 at 2 frames a second, the table still for 4 to 5 s between plays). It
#  1. renders the match once (kept in WORK, default build/soak) with its true events;
#  2. referees it whole, reading the referee's resident memory every 2 s: it must stay flat;
#  3. scores the announced events against the true ones: none missed, none extra;
#  4. referees it again, kills it with SIGKILL halfway, resumes it from its log, and checks that
#     the log then equals the uninterrupted one: no announced event lost, the same final result.
# With --real-time the footage is played at its frame rate, as a camera delivers it (referee
# --real-time): the run then lasts as long as the footage, twice over for the killed run.
# Usage: scripts/soak.sh [--real-time] [MINUTES] [WORK]   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
pace=()
if [ "${1:-}" = "--real-time" ]; then
  pace=(--real-time)
  shift
fi
minutes="${1:-20}"
work="${2:-build/soak}"
tableref=build/app/cli/tableref
scorer=build/benchmarks/event_log_score
fps=2
players=4
allowed_growth_kb=16384

[[ "$minutes" =~ ^[1-9][0-9]*$ ]] || { echo "soak: MINUTES must be a whole number, not $minutes" >&2; exit 2; }
[ -x "$tableref" ] && [ -x "$scorer" ] || { echo "soak: build first (scripts/setup.sh)" >&2; exit 2; }
mkdir -p "$work"
video="$work/match-${minutes}min.avi"
truth="${video%.avi}.events.jsonl"
rendered="${video%.avi}.rendered.txt"  # "rendered N frames to ...": the render's last word

# A trick about every 17 s of play; the match is not allowed to end before.
if [ ! -s "$truth" ] || [ ! -s "$rendered" ]; then
  echo "== rendering ${minutes} min of a ${players}-player match (once; kept in $work)"
  "$tableref" render --game freeze --video "$video" --players "$players" --fps "$fps" \
    --size 1280x720 --rounds 99 --tricks $((minutes * 4)) --still-seconds 4 --seed 20261124 2>&1 |
    tail -1 | tee "$rendered"
fi
frames=$(awk '{print $2}' "$rendered")
footage_s=$((frames / fps))
if ((footage_s < minutes * 60)); then
  echo "soak: the match lasts ${footage_s} s, less than ${minutes} min" >&2
  exit 1
fi

referee() {  # referee LOG [--resume]: runs in the background; its pid is in $!
  local log="$1"
  shift
  "$tableref" referee --game freeze --players "$players" --fps "$fps" --rounds 99 "${pace[@]}" \
    "$@" --log "$log" "$video" >/dev/null 2>>"$work/referee.err" &
}

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || true; }

echo "== refereeing ${footage_s} s of footage (${frames} frames), memory read every 2 s"
rm -f "$work/whole.log" "$work/killed.log" "$work/referee.err" "$work/memory.txt"
start=$(date +%s.%N)
referee "$work/whole.log"
pid=$!
while kill -0 "$pid" 2>/dev/null; do
  kb=$(rss_kb "$pid")
  [ -n "$kb" ] && echo "$(date +%s.%N) $kb" >>"$work/memory.txt"
  sleep 2
done
wait "$pid"
whole_s=$(awk -v start="$start" -v now="$(date +%s.%N)" 'BEGIN {print now - start}')
samples=$(wc -l <"$work/memory.txt")
# Memory once warm (after the first fifth of the readings) against the last and the most.
warm_kb=$(awk -v n="$samples" 'NR == int(n / 5) + 1 {print $2}' "$work/memory.txt")
last_kb=$(tail -1 "$work/memory.txt" | awk '{print $2}')
peak_kb=$(awk 'max < $2 {max = $2} END {print max}' "$work/memory.txt")
awk -v s="$whole_s" -v n="$frames" 'BEGIN {printf "refereed in %.0f s (%.1f ms per frame)\n", s, s * 1000 / n}'
((${#pace[@]})) && grep -m1 "dropped" "$work/referee.err" | sed 's/^tableref: //'
echo "memory: $((warm_kb / 1024)) MB once warm, $((peak_kb / 1024)) MB at most," \
  "$((last_kb / 1024)) MB at the end ($samples readings in $work/memory.txt)"
failed=0
if ((last_kb - warm_kb > allowed_growth_kb)); then
  echo "soak: memory grew by $(((last_kb - warm_kb) / 1024)) MB" >&2
  failed=1
fi

echo "== the announced events against the true ones"
"$scorer" "$truth" "$work/whole.log" || failed=1

echo "== killed with SIGKILL halfway, then resumed"
half_s=$(awk -v s="$whole_s" 'BEGIN {printf "%.1f", s / 2}')
referee "$work/killed.log"
pid=$!
sleep "$half_s"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
announced=$(wc -l <"$work/killed.log")
echo "killed after ${half_s%.*} s with $announced events in its log"
referee "$work/killed.log" --resume "$work/killed.log"
wait $!
if cmp -s "$work/whole.log" "$work/killed.log"; then
  echo "resumed: its log equals the uninterrupted one ($(wc -l <"$work/whole.log") events)"
else
  echo "soak: the resumed log differs from the uninterrupted one" >&2
  diff <(cut -c1-160 "$work/whole.log") <(cut -c1-160 "$work/killed.log") | head -10 >&2 || true
  failed=1
fi
((failed == 0)) && echo "== soak: passed" || { echo "== soak: FAILED" >&2; exit 1; }
