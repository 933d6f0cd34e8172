#!/usr/bin/env bash
# t_profiles.sh — --profile: the quick profile runs with CIs in a short budget,
# command-line options override a profile, a bad key or value in a profile is a
# usage error (one line naming the file and key, then the hint, exit 1), a
# profile that cannot be read is unusable input (exit 2, one line), and --csv /
# --json write their files.
. "$(dirname "$0")/lib.sh"
set -e
wb_tmpdir d
start=$(date +%s)
expect_exit 0 "$WALBENCH" run --profile quick --dir "$d" --json "$d/q.json" --csv "$d/q.csv"
elapsed=$(($(date +%s) - start))
[ "$elapsed" -lt 30 ] || fail "quick profile took ${elapsed}s" # generous bound; the budget is 8 s
json_check "$d/q.json" 'd["config"]["budget"] <= 10 and d["config"]["profile"].endswith("quick")'
json_check "$d/q.json" 'sorted(t["method"] for t in d["tests"]) == ["fdatasync", "fsync", "open_datasync", "open_sync"]'
json_check "$d/q.json" 'all(t["status"] == "ok" and t["trials"] >= 2 for t in d["tests"])'
head -1 "$d/q.csv" | grep -q '^method,engine,variant,pattern,shape,size,' || fail "CSV header"
[ "$(wc -l <"$d/q.csv")" = 5 ] || fail "CSV rows: $(cat "$d/q.csv")"

# The command line wins over the profile.
expect_exit 0 "$WALBENCH" run --profile quick --dir "$d" --method fsync --budget 1s --json "$d/o.json"
json_check "$d/o.json" '[t["method"] for t in d["tests"]] == ["fsync"]'

# A profile given as a path, with a group list; pg_test_fsync's set has 18 tests.
expect_exit 0 "$WALBENCH" run --profile "$WB_SOURCE_DIR/profiles/pg_test_fsync.json" --dir "$d" \
	--duration 50ms --trial-time 50ms --json "$d/p.json"
json_check "$d/p.json" 'len(d["tests"]) == 18'
json_check "$d/p.json" '[t["fd_mode"] for t in d["tests"]][-3:] == ["sync_then_close", "close_then_sync", "keep"]'

# A profile from a pipe (process substitution): read to its end, never seeked.
expect_exit 0 "$WALBENCH" run --profile <(printf '{ "method": "fsync", "size": "8k" }\n') \
	--dir "$d" --duration 50ms --trial-time 50ms --json "$d/pipe.json"
json_check "$d/pipe.json" '[t["method"] for t in d["tests"]] == ["fsync"]'

# Errors: exit 1, one line naming the file and key, then the hint as for any
# usage error; nothing created.
printf '{ "method": "fdatasync", "qd": [1, "x"] }\n' >"$d/bad.json"
expect_exit 1 "$WALBENCH" run --profile "$d/bad.json" --dir "$d"
[ "$(wc -l <"$ERR")" = 2 ] || fail "want two lines: $(cat "$ERR")"
[ "$(sed -n 2p "$ERR")" = 'Try "walbench --help" for more information.' ] || fail "no hint: $(cat "$ERR")"
grep -q "$d/bad.json: key \"qd\": invalid value: the 2nd value is not a whole number" "$ERR" || fail "message: $(cat "$ERR")"
# A profile that cannot be read as one (text after the document, a NUL byte
# and more, no such file, a directory) is unusable input, as a tiers file or a
# results file that cannot be: exit 2, one line naming it, no usage hint,
# nothing run. It was exit 1, a usage error, while qualify's --tier nosuch was
# 2. (Each case is printf's format, then the column.)
for junk in '{"budget": "10ms", "method": "none"} trailing\n@38' '{"budget": "10ms", "method": "none"}\0x@37'; do
	printf "${junk%@*}" >"$d/junk.json"
	expect_exit 2 "$WALBENCH" run --profile "$d/junk.json" --dir "$d"
	grep -q "^walbench: $d/junk.json: not valid JSON: text after the document at line 1, column ${junk##*@}$" \
		"$ERR" || fail "$junk: $(cat "$ERR")"
	[ "$(wc -l <"$ERR")" = 1 ] || fail "$junk: want one line: $(cat "$ERR")"
	[ ! -s "$OUT" ] || fail "$junk ran: $(cat "$OUT")"
done
for p in nosuch no-such-profile; do # by name: profiles/NAME.json
	expect_exit 2 "$WALBENCH" run --profile "$p" --dir "$d"
	grep -q "^walbench: .*/$p.json: cannot read profile: No such file or directory$" "$ERR" ||
		fail "missing profile: $(cat "$ERR")"
	[ "$(wc -l <"$ERR")" = 1 ] || fail "missing profile: want one line: $(cat "$ERR")"
	[ ! -s "$OUT" ] || fail "missing profile ran: $(cat "$OUT")"
done
expect_exit 2 "$WALBENCH" run --profile "$d/none.json" --dir "$d" # by path
grep -qx "walbench: $d/none.json: cannot read profile: No such file or directory" "$ERR" ||
	fail "missing profile path: $(cat "$ERR")"
expect_exit 2 "$WALBENCH" run --profile "$d" --dir "$d"
grep -qx "walbench: $d: cannot read profile: Is a directory" "$ERR" || fail "directory: $(cat "$ERR")"

# A symlink as the JSON target is refused, and its target untouched.
echo keep >"$d/victim"
ln -s "$d/victim" "$d/link.json"
expect_exit 2 "$WALBENCH" run --dir "$d" --method fsync --budget 1s --json "$d/link.json"
grep -q 'is a symbolic link; not followed' "$ERR" || fail "symlink JSON: $(cat "$ERR")"
[ "$(cat "$d/victim")" = keep ] || fail "symlink target written"
rm -f "$d"/*.json "$d"/*.csv "$d/victim" "$d/link.json"
assert_no_files "$d"
pass
