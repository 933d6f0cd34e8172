#!/usr/bin/env bash
# test.sh — README's second command: install test dependencies if missing, build
# with warnings as errors, and run the whole suite (unit, fault, integration).
# Tests that need something this machine lacks exit 77 and show as skipped.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${WB_BUILD_DIR:-$src/build-test}
. "$src/contrib/deps.sh"
wb_install_deps "${WB_BUILD_DEPS[@]}" "${WB_TEST_DEPS[@]}"
# A package whose install script fails here (a server that cannot start in a
# container) must not stop the suite: the tests that need it skip instead.
# WB_REQUIRE_PG=1 (.ci/run) makes PostgreSQL required: its install failing
# fails here, and its tests fail rather than skip without it.
if [ "${WB_REQUIRE_PG:-0}" = 1 ]; then
	wb_install_deps postgresql
fi
wb_install_deps "${WB_TEST_OPTIONAL[@]}" ||
	echo "walbench: optional test packages not installed (${WB_TEST_OPTIONAL[*]}); their tests will skip" >&2
cmake -S "$src" -B "$build" -DWB_WERROR=ON -DWB_BUILD_TESTS=ON ${WB_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
# Every core (WB_TEST_JOBS to change it): most tests wait on I/O or a server,
# and the few that measure on throttled volumes run alone (RUN_SERIAL).
exec ctest --output-on-failure --timeout 600 -j"${WB_TEST_JOBS:-$(nproc)}" "$@"
