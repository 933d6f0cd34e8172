#!/usr/bin/env bash
# test.sh — README's second command: install test dependencies if missing, build
# with warnings as errors, and run the whole suite (unit, fault, integration).
# Tests that need something this machine lacks exit 77 and show as skipped.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${WB_BUILD_DIR:-$src/build-test}
. "$src/contrib/deps.sh"
wb_install_deps "${WB_BUILD_DEPS[@]}" "${WB_TEST_DEPS[@]}"
cmake -S "$src" -B "$build" -DWB_WERROR=ON -DWB_BUILD_TESTS=ON ${WB_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
exec ctest --output-on-failure --timeout 600 "$@"
