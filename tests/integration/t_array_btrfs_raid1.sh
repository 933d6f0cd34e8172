#!/usr/bin/env bash
# t_array_btrfs_raid1.sh — qualify on a btrfs raid1 over 2 loop devices names the
# array in its JSON and text: kind btrfs, level raid1, its 2 members by device
# name, 1 data member(s), 0 parity. Skips (77) where btrfs cannot build it.
. "$(dirname "$0")/lib.sh"
set -e

qualify_btrfs_array raid1 2 1 0
pass
