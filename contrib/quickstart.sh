#!/usr/bin/env bash
# quickstart.sh — README's first command: install build dependencies if missing,
# build walbench, and recommend a wal_sync_method for the disk under DIR (default:
# the current directory). Put DIR on the file system that holds (or will hold)
# pg_wal. WB_BUDGET caps the measuring (default 40s); WB_WORKLOAD is oltp, bulk or
# mixed (default). Extra arguments go to `walbench recommend` as they are.
# The answer is printed first; the results and an HTML report with the charts
# are left in build/ (quickstart.json, quickstart.html), and their paths printed.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-.}
shift || true
. "$src/contrib/deps.sh"
wb_install_deps "${WB_BUILD_DEPS[@]}"
cmake -S "$src" -B "$src/build" -DWB_BUILD_TESTS=OFF >/dev/null
cmake --build "$src/build" -j"$(nproc)" >/dev/null
json=$src/build/quickstart.json html=$src/build/quickstart.html
# The last quickstart's results, removed here on purpose: walbench never writes
# over a file (it refuses an existing --json or -o with exit 2), so a second run
# into the same build/ must clear its own outputs first.
rm -f "$json" "$html"
status=0
"$src/build/walbench" recommend "$dir" --budget "${WB_BUDGET:-40s}" \
	--workload "${WB_WORKLOAD:-mixed}" --json "$json" "$@" || status=$?
# The JSON is written after a failure too (a durability failure shows in the
# report as such); not after bad input, which measured nothing.
if [ -s "$json" ] && "$src/build/walbench" report "$json" -o "$html" >/dev/null; then
	echo
	echo "Results: $json"
	echo "Report:  $html   (open it in a browser; it needs no network)"
fi
exit "$status"
