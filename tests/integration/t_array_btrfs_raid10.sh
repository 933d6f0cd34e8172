#!/usr/bin/env bash
# t_array_btrfs_raid10.sh — qualify on a btrfs raid10 over 4 loop devices names the
# array in its JSON and text: kind btrfs, level raid10, its 4 members by device
# name, 2 data member(s), 0 parity. Skips (77) where btrfs cannot build it.
. "$(dirname "$0")/lib.sh"
set -e

qualify_btrfs_array raid10 4 2 0
pass
