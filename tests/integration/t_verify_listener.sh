#!/usr/bin/env bash
# t_verify_listener.sh — verify's listener speaks its documented protocol and survives its
# clients: one that never speaks (a machine that lost power leaves such a connection),
# one that vanishes mid-line, one that speaks another version or garbage. After each, the
# ledger a writer left is still there and a check is still answered. A check judges the
# run only in the directory it was written to: a mistyped or empty DIR, or a check after
# --remove, exits 2, never with a durability verdict. Over loopback.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir D

LLOG=$D/listener.log
wb_verify_listen "$LLOG"
grep -q '(protocol 2)' "$LLOG" || fail "listener does not name its protocol version"

# HOST:PORT is judged before anything connects: a usage error, exit 1, in one line and the
# hint. PORT + 65536 once wrapped to this very listener and wrote to it; a signed or padded
# port was taken, and a name for a port reached getaddrinfo. None may reach the listener.
refused_addr() { # SUBCOMMAND OPTION ADDRESS
	expect_exit 1 "$WALBENCH" verify "$1" "--$2" "$3" "$D"
	grep -q -- "--$2.*: not HOST:PORT with PORT a whole number from 1 to 65535" "$ERR" ||
		fail "--$2 $3: $(cat "$ERR")"
	[ "$(wc -l <"$ERR")" = 2 ] && grep -q '^Try "walbench --help"' "$ERR" ||
		fail "--$2 $3: not one line and the hint: $(cat "$ERR")"
}
for addr in "127.0.0.1:$((PORT + 65536))" "127.0.0.1: $PORT" "127.0.0.1:+$PORT" \
	"127.0.0.1:abc" "127.0.0.1:0" "::1:$PORT"; do
	refused_addr write to "$addr"
	refused_addr check from "$addr"
done
[ ! -e "$D/walbench-verify.dat" ] || fail "a refused --to made the verify file"
! grep -q 'began' "$LLOG" || fail "a refused address reached the listener: $(cat "$LLOG")"

# A check before any writer: NORUN, exit 2.
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D"
grep -q 'holds no run' "$ERR" || fail "no-run check: $(cat "$ERR")"

# A client that connects and says nothing stays connected through everything below.
exec 7<>"/dev/tcp/127.0.0.1/$PORT"
on_exit "exec 7>&-"

expect_exit 0 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 40 --record-size 512 \
	--file-size 1MiB "$D"
grep -q '^40 records written and acknowledged' "$OUT" || fail "write: $(cat "$OUT")"
# The directory the run was written to, as the listener holds it (BEGIN's DIR_ID).
DIR_ID=$(sed -n 's/.* began: .*, directory \([0-9a-f]\{16\}\)$/\1/p' "$LLOG")
[ -n "$DIR_ID" ] || fail "the listener does not log the run's directory: $(cat "$LLOG")"

# talk LINES...: one short connection; prints what the listener answered.
talk() {
	local line
	exec 8<>"/dev/tcp/127.0.0.1/$PORT"
	printf '%s\n' "$@" >&8
	while IFS= read -r -t 2 line <&8; do
		printf '%s\n' "$line"
	done
	exec 8>&-
}

# Another protocol version is refused in one line, and the connection closed.
[ "$(talk 'HELLO walbench-verify 1')" = "ERR this listener speaks protocol version 2" ] ||
	fail "version 1 not refused"
# Garbage before the hello, and a command out of turn.
talk 'GET / HTTP/1.0' | grep -q '^ERR ' || fail "garbage not refused"
[ "$(talk 'HELLO walbench-verify 2' 'DONE 1')" = "HELLO walbench-verify 2
ERR no run of yours is current (another writer began one)" ] || fail "a stranger's DONE accepted"

# A writer that vanishes mid-line: a run begun, a record announced, half a line, gone.
# Its three answers are read before it goes, so the listener has taken ABOUT 1 (a
# sleep was the wait here: on a busy machine the close could come first), and the
# log is then waited for: the listener writes it when it next polls.
exec 8<>"/dev/tcp/127.0.0.1/$PORT"
printf 'HELLO walbench-verify 2\nBEGIN 00000000000000aa 512 8 1 %s\nABOUT 1\nDON' "$DIR_ID" >&8
answers=
for _ in 1 2 3; do
	IFS= read -r -t 20 line <&8 || break
	answers+="$line;"
done
[ "$answers" = "HELLO walbench-verify 2;OK;OK 1;" ] ||
	fail "the vanishing writer's answers: '$answers'"
exec 8>&-
vanished='writer (vanished|closed the connection).* after record 1 \(0 writes acknowledged\)'
for _ in $(seq 200); do
	grep -Eq "$vanished" "$LLOG" && break
	kill -0 "$LPID" 2>/dev/null || fail "listener died with a vanished client: $(cat "$LLOG")"
	sleep 0.05
done
kill -0 "$LPID" 2>/dev/null || fail "listener died with a vanished client: $(cat "$LLOG")"
grep -q 'run 00000000000000aa began' "$LLOG" || fail "the vanished writer's run not logged"
grep -Eq "$vanished" "$LLOG" || fail "the vanished writer not logged: $(cat "$LLOG")"

# The CHECK answer, as documented: RUN, one SLOT per announced slot, ENDLIST.
[ "$(talk 'HELLO walbench-verify 2' 'CHECK')" = "HELLO walbench-verify 2
RUN 00000000000000aa 512 8 1 $DIR_ID 1 0 0
SLOT 0 0 1
ENDLIST 1" ] || fail "CHECK answer: $(talk 'HELLO walbench-verify 2' 'CHECK')"

# That run replaced the 40-record one: the file belongs to another run now, so every
# slot the listener knows was only in flight — nothing acknowledged, exit 2.
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D"
grep -q 'belongs to run' "$OUT" || fail "another run's file not named: $(cat "$OUT")"

# A fresh writer and check, with the silent client still connected.
expect_exit 0 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 20 --record-size 512 \
	--file-size 1MiB "$D"
grep -q 'Replaced the previous verify file' "$OUT" || fail "previous file not replaced"
# The listener on loopback dies in the same power cut: said at once on stderr, and at
# the end instead of the advice to cut the power.
grep -q "^walbench: verify write: warning: the listener 127.0.0.1:$PORT is on this machine (a loopback address): " "$ERR" ||
	fail "loopback listener not warned of: $(cat "$ERR")"
grep -q "^Warning: the listener 127.0.0.1:$PORT is on this machine (a loopback address): " "$OUT" ||
	fail "loopback listener not in the summary: $(cat "$OUT")"
! grep -q 'Now cut the power' "$OUT" || fail "told to cut the power with the listener here"
expect_exit 0 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D"
wb_verify_not_restarted 20

# no_verdict: the last check said no durability verdict, on either stream.
no_verdict() {
	! grep -q 'DURABILITY FAILURE' "$ERR" || fail "a durability verdict: $(cat "$ERR")"
	! grep -q 'acknowledged records lost' "$OUT" || fail "a verdict: $(cat "$OUT")"
}
# A DIR that is not there, or not a directory: exit 2 naming it, before the listener is
# asked anything (it logs every check it answers).
asked=$(grep -c ': check: sent the ledger' "$LLOG")
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D/no-such-dir"
grep -qx "walbench: verify check $D/no-such-dir: no such directory" "$ERR" ||
	fail "missing DIR: $(cat "$ERR")"
no_verdict
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D/walbench-verify.dat"
grep -qx "walbench: verify check $D/walbench-verify.dat: not a directory" "$ERR" ||
	fail "a file as DIR: $(cat "$ERR")"
[ "$(grep -c ': check: sent the ledger' "$LLOG")" = "$asked" ] ||
	fail "the listener was asked for a DIR that is not one"
# An existing directory the run was not written to: exit 2 naming it, not a lost file.
mkdir "$D/other"
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D/other"
grep -q "was written to another directory than $D/other, which holds no verify file" "$ERR" ||
	fail "another directory: $(cat "$ERR")"
no_verdict
# The run's directory by another path is the same directory.
expect_exit 0 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D/other/../"
# The run's own directory without its file: a file system lost a durable file, exit 3.
mv "$D/walbench-verify.dat" "$D/other/kept.dat"
expect_exit 3 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D"
grep -q 'the file is gone from the directory the run was written to' "$OUT" ||
	fail "lost file: $(cat "$OUT")"
grep -q 'DURABILITY FAILURE: 20 of 20 acknowledged records lost' "$ERR" ||
	fail "lost file not a durability failure: $(cat "$ERR")"
mv "$D/other/kept.dat" "$D/walbench-verify.dat"
# --remove tells the listener: a check after it is told so (exit 2), not a lost file.
expect_exit 0 "$WALBENCH" verify check --from "127.0.0.1:$PORT" --remove "$D"
[ ! -e "$D/walbench-verify.dat" ] || fail "--remove left the file"
expect_exit 2 "$WALBENCH" verify check --from "127.0.0.1:$PORT" "$D"
grep -q 'already checked and its file removed (verify check --remove)' "$ERR" ||
	fail "check after --remove: $(cat "$ERR")"
no_verdict

# A file that is not a verify file is never replaced.
rm -f "$D/walbench-verify.dat"
echo precious >"$D/walbench-verify.dat"
expect_exit 2 "$WALBENCH" verify write --to "127.0.0.1:$PORT" --records 5 "$D"
grep -q 'not a walbench verify file' "$ERR" || fail "refusal: $(cat "$ERR")"
[ "$(cat "$D/walbench-verify.dat")" = precious ] || fail "a foreign file was overwritten"
pass
