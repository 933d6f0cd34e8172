#!/usr/bin/env bash
# quickstart.sh — README's first command: install build dependencies if missing,
# build walbench, and test the disk under DIR (default: the current directory).
# Put DIR on the file system that holds (or will hold) pg_wal.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-.}
. "$src/contrib/deps.sh"
wb_install_deps "${WB_BUILD_DEPS[@]}"
cmake -S "$src" -B "$src/build" -DWB_BUILD_TESTS=OFF >/dev/null
cmake --build "$src/build" -j"$(nproc)" >/dev/null
exec "$src/build/walbench" compat -f "$dir" -s "${WB_SECS:-2}"
