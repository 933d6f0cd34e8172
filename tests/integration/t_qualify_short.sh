#!/usr/bin/env bash
# t_qualify_short.sh — what a qualify run cannot show is said up front, before
# it measures, and again on the verdict's trend line: --duration 10s gives the
# commit shape about 2 of the 4 slices the trend needs (the slices are shortened
# to hold two of each shape), so the header says "Trend not measured: needs at
# least --duration 94s at --slice 5s, or --slice 533ms at --duration 10s", and on
# storage that may sell bursts (a hypervisor's disk, as CI's often is) that no
# rate can pass before --duration 35m. Both were said only after the run, the
# trend's without a duration; and after the run the same 94 s is said again.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir dir /var/tmp
rc=0
timeout 60 "$WALBENCH" qualify "$dir" --duration 10s --json "$dir/q.json" >"$OUT" 2>"$ERR" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "qualify exit $rc: $(head -c 600 "$ERR")"
# Up front: between the question and the headline (the header is flushed
# before the first slice runs).
head=$(sed -n '1,/^standard: /p' "$OUT")
grep -q '^Trend not measured: needs at least --duration 94s at --slice 5s, or --slice 533ms at --duration 10s (this plan gives the commit shape about [0-9]* of the 4 slices it needs)' <<<"$head" ||
	fail "the trend's need not said before the verdict: $(head -6 "$OUT")"
# After the run, the same figure as up front: it once extrapolated this run's
# few slices and said 17 s or 25 s after a header's 19 s.
grep -Eq '^Over the run \(8 kB commits, [0-9]+ slices? of [0-9.]+ s\): trend not measured: [0-9]+ slices?, 4 needed; needs at least --duration 94s --slice 5000ms$' "$OUT" ||
	fail "the trend line's duration is not the header's: $(grep '^Over the run' "$OUT")"
grep -q '^Burst credits: sustained rate unknown: .*; run `--duration 94s --slice 5000ms` or longer;' "$OUT" ||
	fail "the burst line's duration is not the header's: $(grep '^Burst credits' "$OUT")"
virtual=$(python3 -c 'import json, sys
print("virtual-disk" in json.load(open(sys.argv[1]))["qualification"]["burst"]["suspects"])' "$dir/q.json")
if [ "$virtual" = True ]; then
	grep -q "^No rate can pass in 10s here: a hypervisor's disk may sell burst credits, and ruling them out needs --duration 35m" <<<"$head" ||
		fail "a virtual disk's burst credits not said up front: $(head -6 "$OUT")"
else
	! grep -q '^No rate can pass' "$OUT" || fail "burst credits foreseen on storage with none"
fi
pass
