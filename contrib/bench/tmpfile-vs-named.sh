#!/usr/bin/env bash
# tmpfile-vs-named.sh — is a flush on an O_TMPFILE inode as costly as on a named file, on every
# kind of volume this machine can build (contrib/lib/volumes.sh)? walbench measures on named files
# unless this says they are equal everywhere: PostgreSQL's WAL segments are named, linked files.
# Runs tmpfile-ab.c (fdatasync, fsync, O_DSYNC and a segment append, 8 kB writes, both kinds of
# file interleaved) on each kind; the ratio is tmpfile / named, per round. On a loop volume it also
# counts what each flush sent to the device, which a shared machine's noise cannot blur.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$here/lib.sh"
VOL_TRAPS=0 # this script traps EXIT itself and destroys the volume there
# shellcheck source=../lib/volumes.sh
. "$here/../lib/volumes.sh"

usage() {
	cat <<EOF
Usage: ${0##*/} [--help] [KINDS [ROUNDS [SECS]]]

  KINDS   comma-separated volume kinds (default tmp,shm,ext4,xfs,btrfs)
  ROUNDS  rounds per kind, at least 2; odd gives a true median (default 5)
  SECS    seconds per test and kind of file, whole seconds (default 2)

Needs root. Environment: CC (default gcc).
EOF
}

parse_args 0 3 "$@"
KINDS=${1:-tmp,shm,ext4,xfs,btrfs}
ROUNDS=${2:-5}
SECS=${3:-2}
check_rounds "$ROUNDS"
check_secs "$SECS"
vol_require_root
cc=${CC:-gcc}
command -v "$cc" >/dev/null || die "C compiler '$cc' not found (install gcc, or set CC)"
trap_volume_cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/wbtmpfile.XXXXXX")
"$cc" -O2 -Wall -Wextra -o "$work/ab" "$here/tmpfile-ab.c" || die "compiling tmpfile-ab.c failed"

ab_on() { # KIND
	local dev=""
	[[ $VOL_DEV == /dev/loop* ]] && dev=${VOL_DEV#/dev/} # a device only this volume uses
	run_tool "tmpfile-ab on $1" "$work/$1.out" "$work/$1.err" "$work/ab" "$VOL_DIR" "$SECS" "$ROUNDS" "$dev"
	echo "== $1 ($VOL_FSTYPE${VOL_DEV:+ on $VOL_DEV})"
	cat "$work/$1.out"
}

for_each_volume "$KINDS" ab_on
