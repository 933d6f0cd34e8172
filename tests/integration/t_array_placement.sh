#!/usr/bin/env bash
# t_array_placement.sh — `walbench recommend --wal-candidate` with the candidate
# on a btrfs raid5 over 3 loop devices: its reason names the array (btrfs, its
# fsid, raid5, its 3 members by device name, the full stripe) in the text and in
# the JSON, and the data directory's context names none (it is on /tmp).
# Skips (77) where btrfs cannot build it; the loops and the mount are removed
# on every exit path (lib.sh's loop_btrfs).
. "$(dirname "$0")/lib.sh"
set -e

loop_btrfs mnt raid5 3
mkdir "$mnt/wal"
wb_tmpdir d /tmp
mkdir "$d/data"
expect_exit 0 "$WALBENCH" recommend "$d/data" --wal-candidate "$mnt/wal" --workload oltp \
	--budget 8s --data-load 200/s --json "$d/rec.json"
# The members in the order the file system lists them (by device id), which need not
# be the order the loop devices were attached in: each is named.
re="It is on btrfs [0-9a-f]+, raid5 of [a-z0-9]+, [a-z0-9]+, [a-z0-9]+ \\(full stripe 128kB\\)\\."
line=$(grep -Eo "$re" "$OUT" | head -n 1)
[[ -n $line ]] || fail "the candidate's array is not named: $(grep -A3 "$mnt/wal" "$OUT")"
for m in "${LOOP_NAMES[@]}"; do
	[[ $line == *" $m,"* || $line == *" $m ("* ]] || fail "member $m is not named in: $line"
done
json_check "$d/rec.json" '__import__("re").search(r"'"$re"'", d["recommendation"]["placement"][0]["reason"])'
json_check "$d/rec.json" '"is on btrfs" not in d["recommendation"]["placement_baseline"]["context"]'
rm -f "$d/rec.json"
assert_no_files "$d/data"
assert_no_files "$mnt/wal"
pass
