#!/usr/bin/env bash
# t_array_btrfs_raid5.sh — qualify on a btrfs raid5 over 3 loop devices names the
# array in its JSON and text: kind btrfs, level raid5, its 3 members by device
# name, 2 data member(s), 1 parity. Skips (77) where btrfs cannot build it.
# The array example of docs/usage.md is this run's: each array line it shows
# must have the shape of a line printed here (ids, devices and disk facts aside).
. "$(dirname "$0")/lib.sh"
set -e

qualify_btrfs_array raid5 3 2 1
shown=$(grep -E '^  array: btrfs |^    member loop' "${WB_SOURCE_DIR:?}/docs/usage.md") ||
	fail "docs/usage.md shows no array lines"
while IFS= read -r line; do
	re=$(sed -E 's/[][().+*?^$|\\]/\\&/g; s/btrfs [0-9a-f]+/btrfs [0-9a-f]+/; s/loop[0-9]+/loop[0-9]+/g;
		s/ on [a-z0-9]+:/ on [a-z0-9]+:/; s/(non-)?rotational/(non-)?rotational/;
		s/write cache write (back|through)/write cache [a-z ?]+/; s/(no )?FUA/(no )?FUA/;
		s/scheduler [a-z-]+/scheduler [a-z?-]+/' <<<"$line")
	grep -Eq "^$re\$" "$OUT" || fail "docs/usage.md's line '$line' matches no line printed: $(grep -A4 '^  array' "$OUT")"
done <<<"$shown"
pass
