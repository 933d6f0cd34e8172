#!/usr/bin/env bash
# t_recommend.sh — `walbench recommend` on /tmp and on /dev/shm: the first line
# after the header is the decision, the evidence, commit_delay and the
# postgresql.conf lines follow, the JSON carries the recommendation object with
# its keys, ALTER SYSTEM lines only for the settings that change, and nothing
# is left behind. Memory (/dev/shm, /tmp where it is
# tmpfs) is the first advisory, and said under the decision; a disk never. A missing directory is refused
# before any measuring. On memory every method's flush is a no-op: a tie, nothing
# to choose (on_memory), whatever /tmp is on this host.
. "$(dirname "$0")/lib.sh"
set -e

check_dir() { # DIR WORKLOAD TESTS
	local d=$1 w=$2 n=$3 t0 wall
	t0=$(date +%s%N)
	expect_exit 0 "$WALBENCH" recommend "$d" --workload "$w" --budget 20s --json "$d/rec.json"
	wall=$((($(date +%s%N) - t0) / 1000000))e-3
	sed -n 3p "$OUT" | grep -qE '^(Set wal_sync_method = [a-z_]+|Tie: keep wal_sync_method = fdatasync|Keep wal_sync_method = fdatasync: every other method is slower|Undecided: keep wal_sync_method = fdatasync for now: )' ||
		fail "$d: the decision is not the first line: $(head -5 "$OUT")"
	grep -q '^Evidence' "$OUT" || fail "$d: no evidence"
	grep -q '^commit_delay: ' "$OUT" || fail "$d: no commit_delay advice"
	grep -qE '^  wal_sync_method = [a-z_]+' "$OUT" || fail "$d: no postgresql.conf line"
	# ALTER SYSTEM only for what the answer changes: one pins its value over
	# postgresql.conf, so a kept default gets none, and nothing kept, one line
	if sed -n 3p "$OUT" | grep -q '^Set '; then
		grep -q "ALTER SYSTEM SET wal_sync_method = '" "$OUT" || fail "$d: a switch without its ALTER SYSTEM line"
	elif grep -q 'ALTER SYSTEM SET wal_sync_method' "$OUT"; then
		fail "$d: ALTER SYSTEM for the default it keeps"
	fi
	grep -qE "^  ALTER SYSTEM SET |^nothing to change: every setting above is PostgreSQL's default$" "$OUT" ||
		fail "$d: neither ALTER SYSTEM lines nor nothing to change: $(tail -4 "$OUT")"
	json_check "$d/rec.json" 'any("wal_sync_method" in l for l in d["recommendation"]["alter_system"]) == (d["recommendation"]["state"] == "switch")'
	case $(stat -f -c %T "$d") in
	tmpfs | ramfs)
		grep -A1 '^Advisories' "$OUT" | grep -q '^  \[warn\] memory-backed storage = ' ||
			fail "$d: memory is not the first advisory: $(grep -A2 '^Advisories' "$OUT")"
		# and under the decision, not only a screen below it
		sed -n 4p "$OUT" | grep -q '^  WARNING: tmpfs is memory: ' ||
			fail "$d: no memory warning under the decision: $(head -5 "$OUT")"
		json_check "$d/rec.json" 'd["recommendation"]["advisories"][0]["fact"] == "memory-backed storage" and d["recommendation"]["advisories"][0]["severity"] == "warn"'
		# every flush a no-op: nothing to choose, whatever the ranking said
		sed -n 3p "$OUT" | grep -q "^Tie: keep wal_sync_method = fdatasync: on memory, every method's flush is a no-op: nothing to choose; measure the disk pg_wal will live on$" ||
			fail "$d: memory decided: $(head -5 "$OUT")"
		json_check "$d/rec.json" '(r := d["recommendation"])["state"] == "tie" and r["on_memory"] is True and r["wal_sync_method"] == "fdatasync" and r["reason"].startswith("on memory, ")'
		;;
	*)
		if grep -q 'memory-backed storage' "$OUT"; then fail "$d: a disk called memory"; fi
		json_check "$d/rec.json" 'all(a["fact"] != "memory-backed storage" for a in d["recommendation"]["advisories"])'
		json_check "$d/rec.json" 'd["recommendation"]["on_memory"] is False'
		;;
	esac
	json_check "$d/rec.json" 'set(d["recommendation"]) >= {"workload", "wal_sync_method", "significant", "margin_pct", "ci95_pct", "runner_up", "commit_delay_us", "commit_siblings", "config", "decided_in_s"}'
	json_check "$d/rec.json" 'd["recommendation"]["workload"] == "'"$w"'"'
	# One state, named by the headline's first word, and what is open when undecided.
	json_check "$d/rec.json" 'd["recommendation"]["headline"].split(":")[0].split(" ")[0] == {"switch": "Set", "tie": "Tie", "keep": "Keep", "undecided": "Undecided"}[d["recommendation"]["state"]]'
	json_check "$d/rec.json" '(d["recommendation"]["state"] == "undecided") == ("settle" in d["recommendation"])'
	json_check "$d/rec.json" '"not worth" not in d["recommendation"]["headline"] or d["recommendation"]["state"] == "tie"'
	json_check "$d/rec.json" 'd["recommendation"]["wal_sync_method"] in ("fdatasync", "fsync", "open_datasync", "open_sync")'
	json_check "$d/rec.json" 'len(d["recommendation"]["ci95_pct"]) == 2 and d["recommendation"]["ci95_pct"][0] <= d["recommendation"]["margin_pct"] <= d["recommendation"]["ci95_pct"][1]'
	# Decided within the run, as this shell's clock saw it: the budget's own
	# bound is t_budget_kept's, and a last trial may run past it by a stall.
	json_check "$d/rec.json" '0 < d["recommendation"]["decided_in_s"] <= '"$wall"
	json_check "$d/rec.json" 'd["recommendation"]["config"][0].startswith("wal_sync_method = " + d["recommendation"]["wal_sync_method"])'
	# Only what the server does: coalesced flushes, no pg_test_fsync twins.
	json_tests "$d/rec.json" "$n" fdatasync fsync open_datasync open_sync
	json_check "$d/rec.json" 'all(t["flush_form"] == "coalesced" and t["pattern"] == "append" and t.get("label", "").startswith("PostgreSQL") for t in d["tests"])'
	rm -f "$d/rec.json"
	assert_no_files "$d"
}

wb_tmpdir d /tmp
check_dir "$d" oltp 4 # 8 kB commits x 4 methods
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	wb_tmpdir s /dev/shm
	check_dir "$s" mixed 12 # and bulk's 128 kB and 1 MiB flushes
fi

expect_exit 2 "$WALBENCH" recommend "$d/missing"
assert_no_files "$d"
pass
