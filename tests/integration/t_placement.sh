#!/usr/bin/env bash
# t_placement.sh — `walbench recommend --wal-candidate` with the data directory
# on /tmp and a candidate that is another directory of the same file system:
# the candidate is named same_device and same_file_system and gets no move, the
# placement comes before the method and the final block opens with both answers, the JSON carries the placement list and
# baseline (the load's figures among them), and nothing is left behind in
# either directory. Bad candidates and load specs are refused before measuring.
. "$(dirname "$0")/lib.sh"
set -e

wb_tmpdir d /tmp
mkdir "$d/data" "$d/wal"
expect_exit 0 "$WALBENCH" recommend "$d/data" --wal-candidate "$d/wal" --workload oltp \
	--budget 8s --data-load 50/s --json "$d/rec.json"
head -1 "$OUT" | grep -q '^Where should pg_wal live?' || fail "no placement header: $(head -3 "$OUT")"
awk 'NR > 1 && /^[^ ]/ { print; exit }' "$OUT" | grep -q "^Keep pg_wal on $d/data" || fail "the placement verdict is not first: $(head -5 "$OUT")"
grep -q "same file system as the data" "$OUT" || fail "the candidate is not named as the same file system"
grep -q "^Which wal_sync_method for $d/data?" "$OUT" || fail "the method is not chosen for the data directory"
# The final block, after the method's header and progress, opens with both
# answers: where pg_wal belongs, then the method (the HTML's order).
awk '/^Which wal_sync_method for /{ m = 1; next } m && /^$/ { f = 1; next } f { print; if (++n == 2) exit }' \
	"$OUT" >"$d/final"
head -1 "$d/final" | grep -q "^Keep pg_wal on $d/data" &&
	sed -n 2p "$d/final" | grep -qE "^(Set|Tie: keep|Keep|Undecided: keep) wal_sync_method = " ||
	fail "the final block does not open with both answers: $(cat "$d/final")"
rm -f "$d/final"
json_check "$d/rec.json" 'len(d["recommendation"]["placement"]) == 1'
json_check "$d/rec.json" 'set(d["recommendation"]["placement"][0]) >= {"path", "same_device", "device", "gain_pct", "ci95_pct", "move", "reason"}'
json_check "$d/rec.json" '(p := d["recommendation"]["placement"][0])["path"] == "'"$d"'/wal" and p["same_device"] and p["same_file_system"] and not p["move"]'
json_check "$d/rec.json" '(b := d["recommendation"]["placement_baseline"])["move_to"] is None and b["wal_dir"] == "'"$d"'/data" and b["steps"] == []'
# The load was asked for 50 writes/s and the volume takes far more: it kept up. (At
# 200/s, a volume that takes fewer random writes a second, a throttled cloud disk or
# one whose burst is spent, failed this though walbench said the truth: not kept up.)
json_check "$d/rec.json" '(l := d["recommendation"]["placement_baseline"]["load"])["target_per_s"] == 50 and 37.5 < l["achieved_per_s"] < 62.5 and l["kept_up"]'
json_check "$d/rec.json" '(b := d["recommendation"]["placement_baseline"]) and all(b[k]["measured"] and b[k]["commits_per_s"] > 0 for k in ("idle_commit", "idle_group", "loaded_commit", "loaded_group"))'
json_check "$d/rec.json" 'd["config"]["wal-candidate"] == ["'"$d"'/wal"] and d["config"]["data-load"] == {"per_s": 50}'
rm -f "$d/rec.json"
assert_no_files "$d/data"
assert_no_files "$d/wal"

# Refused before any measuring: nothing is created anywhere.
expect_exit 2 "$WALBENCH" recommend "$d/data" --wal-candidate "$d/missing"
grep -q -- "--wal-candidate" "$ERR" || fail "the refusal does not name --wal-candidate: $(cat "$ERR")"
expect_exit 1 "$WALBENCH" recommend "$d/data" --wal-candidate "$d/wal" --data-load 5x
grep -q -- 'invalid value "5x" for --data-load' "$ERR" || fail "bad --data-load message: $(cat "$ERR")"
expect_exit 1 "$WALBENCH" recommend "$d/data" --wal-candidate "$d/wal" --data-load 0%
assert_no_files "$d/data"
assert_no_files "$d/wal"

# --waldir: pg_wal on a volume of its own (a tmpfs), the data load in DIR. The
# rows' files appear in --waldir and the candidate, the load's in DIR (seen, not
# read from walbench's words); pg_wal on memory is moved to the disk, slower as
# it is.
wb_tmpdir now /dev/shm
# A /tmp on memory (a tmpfs, as Debian 13 has it) has no durable candidate to
# move to: that part needs a disk under /tmp.
if [ "$(stat -f -c %T "$d")" = tmpfs ]; then
	echo "note: $d is on a tmpfs: the move off memory is not checked here" >&2
else
	"$WALBENCH" recommend "$d/data" --waldir "$now" --wal-candidate "$d/wal" --workload oltp \
		--budget 8s --data-load 50/s --json "$d/apart.json" >"$OUT" 2>"$ERR" &
	pid=$!
	wait_for_files "$d/data" 'walbench*'
	wait_for_files "$now" 'walbench*'
	wait_rc "$pid"
	[ "$rc" = 0 ] || fail "--waldir exited $rc: $(cat "$ERR")"
	grep -qF "Commits on $now (pg_wal's own volume), idle and under a checkpoint-like load (50 writes/s), against 1 other directory with that load on $d/data" "$OUT" ||
		fail "--waldir: the header does not say where: $(head -3 "$OUT")"
	grep -qF "Move pg_wal off memory to $d/wal: where it is now, $now, is tmpfs" "$OUT" ||
		fail "--waldir: not moved off memory: $(grep pg_wal "$OUT")"
	grep -q "^Which wal_sync_method for $d/wal?" "$OUT" || fail "--waldir: the method not chosen where pg_wal goes"
	json_check "$d/apart.json" '(b := d["recommendation"]["placement_baseline"])["wal_now"] == "'"$now"'" and b["data"] == "'"$d"'/data" and b["wal_dir"] == "'"$d"'/wal" and b["state"] == "move"'
	json_check "$d/apart.json" 'len(r := [t for t in d["recommendation"]["placement_baseline"]["tests"] if t["label"].startswith("pg_wal now")]) == 4 and all(t["where"] == "'"$now"'" and t["data_load"] == t["label"].endswith("loaded") for t in r)'
	rm -f "$d/apart.json"
	assert_no_files "$d/data"
	assert_no_files "$now"
	assert_no_files "$d/wal"
fi
# A --waldir on the data's own file system is one volume with it: measured as
# the data directory, and said so.
mkdir "$d/now2"
expect_exit 0 "$WALBENCH" recommend "$d/data" --waldir "$d/now2" --wal-candidate "$d/wal" \
	--workload oltp --budget 6s --data-load 50/s
grep -qF "pg_wal's directory $d/now2 is on the data directory's file system: measured there, as one volume" "$OUT" ||
	fail "--waldir on the data's file system not said: $(head -3 "$OUT")"
grep -q "^Keep pg_wal on $d/data" "$OUT" || fail "--waldir on the data's file system: $(grep pg_wal "$OUT")"
assert_no_files "$d/now2"
# Refused before measuring: without a candidate, or naming nothing.
expect_exit 2 "$WALBENCH" recommend "$d/data" --waldir "$now"
grep -qF -- "--waldir $now needs --wal-candidate" "$ERR" || fail "--waldir alone: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" recommend "$d/data" --waldir "$now" --wal-candidate "$now"
grep -qF -- "--wal-candidate $now is --waldir" "$ERR" || fail "a candidate that is --waldir: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" recommend "$d/data" --waldir "$d/missing" --wal-candidate "$d/wal"
grep -q -- "--waldir" "$ERR" || fail "a missing --waldir not named: $(cat "$ERR")"
assert_no_files "$d/data"
assert_no_files "$now"
pass
