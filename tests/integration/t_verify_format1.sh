#!/usr/bin/env bash
# t_verify_format1.sh — a verify file of format 1, written by a walbench before the
# header kept the boot id, still checks: nothing lost exits 0 as before, and the
# verdict says it is unknown whether the machine restarted, never that it did. The
# file is this walbench's, its header rewritten as format 1 wrote it (version 1,
# the payload where the boot id is now, a new checksum).
. "$(dirname "$0")/lib.sh"
set -e
command -v python3 >/dev/null || skip "python3 not installed"
wb_tmpdir D

wb_verify_listen "$D/listener.log"
expect_exit 0 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 10 --record-size 512 \
	--file-size 1MiB "$D"
# Format 1's header: version 1 at offset 4, the payload's splitmix64 words from offset 48
# (format 2 puts the boot id over the first 36 bytes of them), FNV-1a 64 in the last 8.
timeout 30 python3 - "$D/walbench-verify.dat" <<'PY' || fail "could not rewrite the header"
import struct, sys
M = (1 << 64) - 1
with open(sys.argv[1], "r+b") as f:
    size = struct.unpack_from("<I", f.read(40), 32)[0]
    f.seek(0)
    h = bytearray(f.read(size))
    assert h[:4] == b"WBVH" and h[4] == 2, "not a format 2 header"
    h[4] = 1
    state = struct.unpack_from("<Q", h, 8)[0]  # the run id; the header's seq is 0
    for off in range(48, size - 8, 8):
        state = (state + 0x9E3779B97F4A7C15) & M
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        struct.pack_into("<Q", h, off, z ^ (z >> 31))
    c = 0xCBF29CE484222325
    for b in h[:size - 8]:
        c = ((c ^ b) * 0x100000001B3) & M
    struct.pack_into("<Q", h, size - 8, c)
    f.seek(0)
    f.write(h)
PY
expect_exit 0 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D"
grep -q 'header.*lost or corrupt' "$OUT" && fail "the format 1 header was refused: $(cat "$OUT")"
grep -qx '0 of 10 acknowledged records lost; unknown whether the machine restarted since verify write' "$OUT" ||
	fail "format 1 file not checked with its restart unknown: $(cat "$OUT")"
! grep -q 'NOT restarted\|machine restarted since verify write (another' "$OUT" ||
	fail "a restart judged without a boot id: $(cat "$OUT")"
pass
