#!/usr/bin/env bash
# t_harness.sh — the helpers that decide whether a test skips cannot hide a
# failure: need_pg skips without PostgreSQL (or the major WB_PG_MAJOR asks for),
# but fails where WB_REQUIRE_PG=1 says a server is required (as in CI, where a
# failed install would otherwise leave every server test skipped and the suite
# green); need_engine fails, not skips, when `walbench engines` itself fails.
. "$(dirname "$0")/lib.sh"
set -e
here=$(cd "$(dirname "$0")" && pwd)
wb_tmpdir d

# Each helper in a fresh bash, as a test would call it; its exit status.
helper_rc() { # ENV... -- CMD
	local envs=()
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	set +e
	env "${envs[@]}" bash -c ". '$here/lib.sh'; . '$here/pg_lib.sh'; $*" >"$d/out" 2>&1
	rc=$?
	set -e
}

helper_rc WB_PG_ROOT="$d/none" WB_REQUIRE_PG=0 -- need_pg
[ "$rc" = 77 ] || fail "need_pg without PostgreSQL: exit $rc, want 77 (skip): $(cat "$d/out")"
helper_rc WB_PG_ROOT="$d/none" WB_REQUIRE_PG=1 -- need_pg
[ "$rc" = 1 ] || fail "need_pg without PostgreSQL under WB_REQUIRE_PG=1: exit $rc, want 1: $(cat "$d/out")"
grep -q 'WB_REQUIRE_PG=1' "$d/out" || fail "need_pg's failure does not say why: $(cat "$d/out")"
# A major asked for (ctest's integration.NAME.pgMAJOR) but not installed: the
# same, naming the script that installs it; never another major instead.
helper_rc WB_PG_MAJOR=13 WB_PG_CACHE="$d/none" WB_REQUIRE_PG=0 -- need_pg
[ "$rc" = 77 ] || fail "need_pg for a major not installed: exit $rc, want 77 (skip): $(cat "$d/out")"
grep -q 'PostgreSQL 13 not installed (contrib/pg-majors.sh 13)' "$d/out" ||
	fail "need_pg's skip does not say how to install the major: $(cat "$d/out")"
helper_rc WB_PG_MAJOR=13 WB_PG_CACHE="$d/none" WB_REQUIRE_PG=1 -- need_pg
[ "$rc" = 1 ] || fail "need_pg for a major not installed under WB_REQUIRE_PG=1: exit $rc, want 1: $(cat "$d/out")"

# A walbench whose `engines` fails: the test must fail, not skip.
printf '#!/bin/sh\necho "engines: broken" >&2\nexit 3\n' >"$d/walbench"
chmod +x "$d/walbench"
helper_rc WALBENCH="$d/walbench" -- need_engine sync
[ "$rc" = 1 ] || fail "need_engine with a failing walbench engines: exit $rc, want 1: $(cat "$d/out")"
grep -q 'engines: broken' "$d/out" || fail "need_engine's failure does not show why: $(cat "$d/out")"
# And an engine that is merely missing still skips.
helper_rc -- need_engine no_such_engine
[ "$rc" = 77 ] || fail "need_engine for an engine not listed: exit $rc, want 77: $(cat "$d/out")"
pass
