#!/usr/bin/env bash
# quickstart.sh — README's first command: install build dependencies if missing,
# build walbench, and recommend a wal_sync_method for the disk under DIR (default:
# the current directory). Put DIR on the file system that holds (or will hold)
# pg_wal. WB_BUDGET caps the measuring (default 40s); WB_WORKLOAD is oltp, bulk or
# mixed (default). Extra arguments go to `walbench recommend` as they are.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-.}
shift || true
. "$src/contrib/deps.sh"
wb_install_deps "${WB_BUILD_DEPS[@]}"
cmake -S "$src" -B "$src/build" -DWB_BUILD_TESTS=OFF >/dev/null
cmake --build "$src/build" -j"$(nproc)" >/dev/null
exec "$src/build/walbench" recommend "$dir" --budget "${WB_BUDGET:-40s}" \
	--workload "${WB_WORKLOAD:-mixed}" "$@"
