#!/usr/bin/env bash
# Installs the Debian 12 packages tableref needs (only the missing ones) and builds it.
# Usage: scripts/setup.sh [preset]   (preset: default or asan; see CMakePresets.json)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"

packages=(
  build-essential cmake ninja-build pkg-config git
  libopencv-dev nlohmann-json3-dev libcli11-dev opencv-doc
  libgtest-dev libgmock-dev libbenchmark-dev clang libclang-rt-14-dev
  qt6-base-dev qt6-multimedia-dev qt6-speech-dev qt6-speech-flite-plugin qt6-declarative-dev libgl-dev
  xvfb xauth
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
