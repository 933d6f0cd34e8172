#!/usr/bin/env bash
# check_no_libpq.sh — fails when a unit-test binary needs libpq: pure logic (what
# a server's counters mean, the decisions) lives in stages below server/, and a
# unit test that links the client library has reached past the stage it tests.
# Usage: check_no_libpq.sh BINARY...   (exit 0 clean, 1 with each offender, 77
# without readelf)
set -euo pipefail
command -v readelf >/dev/null || { echo "readelf missing" >&2; exit 77; }
(($#)) || { echo "check_no_libpq.sh: no binaries given" >&2; exit 1; }
bad=0
for bin in "$@"; do
	needed=$(readelf -d "$bin") || { echo "cannot read $bin" >&2; bad=1; continue; }
	if grep -q 'NEEDED.*libpq\.so' <<<"$needed"; then
		echo "layering: $(basename "$bin") links libpq (link the stage it tests, not wb_cli)" >&2
		bad=1
	fi
done
exit "$bad"
