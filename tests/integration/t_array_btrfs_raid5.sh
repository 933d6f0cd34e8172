#!/usr/bin/env bash
# t_array_btrfs_raid5.sh — qualify on a btrfs raid5 over 3 loop devices names the
# array in its JSON and text: kind btrfs, level raid5, its 3 members by device
# name, 2 data member(s), 1 parity. Skips (77) where btrfs cannot build it.
. "$(dirname "$0")/lib.sh"
set -e

qualify_btrfs_array raid5 3 2 1
pass
