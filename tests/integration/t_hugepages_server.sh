#!/usr/bin/env bash
# t_hugepages_server.sh — recommend --server counts the huge pages a live server
# needs as the server does: from 15, the advisory's figure is the server's own
# SHOW shared_memory_size_in_huge_pages (asked here by psql, outside walbench),
# worded as the server's ("the server needs N"), saved in the JSON's settings and
# used again by recommend --observed from the file; on 14, which has no such
# setting, it is the estimate from shared_buffers and says so ("about N"). The
# shared_buffers is not the default, so a count that ignored it would show.
# The advisory fires only with fewer pages reserved than needed: a host that
# reserves enough skips.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg_lib.sh"
need_pg
set -e
pg_cluster "shared_buffers = 256MB"
total=$(awk '/^HugePages_Total:/ {print $2}' /proc/meminfo)
size_kb=$(awk '/^Hugepagesize:/ {print $2}' /proc/meminfo)
if [ -z "$total" ] || [ -z "$size_kb" ]; then skip "no huge pages in /proc/meminfo"; fi

if [ "$PG_MAJOR" -ge 15 ]; then
	truth=$(pg_sql "SHOW shared_memory_size_in_huge_pages") || fail "SHOW shared_memory_size_in_huge_pages"
	[ "$truth" -gt 0 ] || fail "the server could not count its huge pages: $truth"
	[ "$total" -lt "$truth" ] || skip "$total huge pages reserved, the server needs $truth: no advisory"
	value="$total reserved, the server needs $truth"
	reason="The server needs $truth pages of "
else
	pg_sql "SHOW shared_memory_size_in_huge_pages" >/dev/null 2>&1 &&
		fail "PostgreSQL $PG_MAJOR shows shared_memory_size_in_huge_pages, which is 15's"
	# The estimate (advice/os_advice.h): ceil((256 MiB x 1.03 + 32 MiB) / page)
	truth=$(((256 * 1024 * 103 / 100 + 32 * 1024 + size_kb - 1) / size_kb))
	[ "$total" -lt "$truth" ] || skip "$total huge pages reserved, about $truth needed: no advisory"
	value="$total reserved, about $truth needed"
	reason="About $truth, estimated from shared_buffers: "
fi

# The advisory of a recommendation (text and JSON), and the saved settings.
check() { # WHAT JSON
	grep -qF "HugePages_Total = $value: set vm.nr_hugepages = $truth and huge_pages = on" "$OUT" ||
		fail "$1: the text's advisory is not '$value': $(grep -A1 HugePages_Total "$OUT")"
	python3 - "$2" "$value" "$reason" "$PG_MAJOR" "$truth" <<'PY' || fail "$1: the JSON's advisory or settings: see above"
import json, sys
d = json.load(open(sys.argv[1]))
value, reason, major, truth = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
adv = [a for a in d["recommendation"]["advisories"] if a["fact"] == "HugePages_Total"]
if len(adv) != 1 or adv[0]["value"] != value or not adv[0]["reason"].startswith(reason):
    sys.exit("want one HugePages_Total advisory of %r, %r...: %r" % (value, reason, adv))
got = d["observed"]["settings"].get("shared_memory_size_in_huge_pages")
want = {"setting": truth, "unit": None} if major >= 15 else None
if got != want:
    sys.exit("settings.shared_memory_size_in_huge_pages: %r, want %r" % (got, want))
PY
}

wb_tmpdir d
expect_exit 0 "$WALBENCH" recommend "$d" --server "$(pg_dsn)" --observe 10s --budget 2s \
	--workload oltp --allow-low-space --json "$PG_DIR/rec.json"
check "--server" "$PG_DIR/rec.json"
# The saved observation gives the same count with no server to ask.
expect_exit 0 "$WALBENCH" recommend "$d" --observed "$PG_DIR/rec.json" --budget 2s \
	--workload oltp --allow-low-space --json "$PG_DIR/again.json"
check "--observed" "$PG_DIR/again.json"
pass
