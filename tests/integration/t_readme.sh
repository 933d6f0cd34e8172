#!/usr/bin/env bash
# t_readme.sh — every example in README.md and docs/usage.md runs, so none can
# rot (the README is the entrance, usage.md the reference its examples moved to;
# `docs` lists the files). An example is a
# ```console block right after a line `<!-- example ATTRS -->`: its `$ ` lines are
# the commands, the rest is the output shown. Each runs against the built binary
# with only its paths changed (/srv/NAME and /var/lib/postgresql to scratch
# directories; otherhost:7000 to a free port here); its last command must exit as
# `exit=` says (the others 0), and every `expect=` pattern (grep -E) must match a
# line of the real output and a line of the output the document shows.
# ATTRS: exit=N[,N], expect="ERE" (repeatable), needs=PROGRAM (the example skips
# without it), background="TEXT" (a command containing TEXT runs in the
# background until the block ends: verify's listener), setup=leftover (a file a
# killed walbench would leave, in /srv/pg_wal), slow (run only with --slow: the
# quickstart, which builds a copy of the tree).
. "$(dirname "$0")/lib.sh"
set -e
src=${WB_SOURCE_DIR:?WB_SOURCE_DIR must point at the source tree}
readme=$src/README.md
# The documents whose examples run, as paths under the source tree.
docs=(README.md docs/usage.md)
mode=${1:-quick}
for doc in "${docs[@]}"; do
	[ -r "$src/$doc" ] || fail "no $src/$doc"
done

# The README's second command is what .ci/run and contrib/test.sh mean by it.
grep -qx '    contrib/test.sh' "$readme" || fail "README lacks the test command 'contrib/test.sh'"
# .ci/run may wrap it in its stage timer, never change its arguments.
grep -qxE '(stage [a-z]+ )?bash contrib/test\.sh' "$src/.ci/run" || fail ".ci/run does not run 'bash contrib/test.sh'"
grep -q "README's second command" "$src/contrib/test.sh" || fail "contrib/test.sh no longer says it is the README's second command"
grep -q "README's first command" "$src/contrib/quickstart.sh" || fail "contrib/quickstart.sh no longer says it is the README's first command"

wb_tmpdir t
work=$t/work
mkdir "$work" "$work/build"
if [ "$mode" = --slow ]; then
	# The quickstart builds in its own tree's build/: give it a copy.
	tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . | tar -C "$work" -xf - ||
		fail "copying the source tree"
else
	ln -s "$src/tests" "$work/tests"
	mkdir "$work/contrib"
	cp -a "$src/contrib/ansible" "$work/contrib/" || fail "copying contrib/ansible"
	ln -sf "$WALBENCH" "$work/build/walbench"
fi
# Ansible's own files go under $t; no ansible.cfg of this machine applies.
: >"$t/ansible.cfg"
export ANSIBLE_CONFIG="$t/ansible.cfg" ANSIBLE_HOME="$t/ansible-home" \
	ANSIBLE_LOCAL_TEMP="$t/ansible-local" ANSIBLE_REMOTE_TEMP="$t/ansible-remote" \
	XDG_CACHE_HOME="$t/cache" ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0

ran=0 skipped=0 examples=0
bg_pid=""
on_exit '[ -z "$bg_pid" ] || kill "$bg_pid"'

# subst CMD: the command with its paths changed, in $cmd_run.
subst() {
	local c=$1
	c=${c//\/var\/lib\/postgresql//srv/postgresql}
	c=${c//otherhost:7000/127.0.0.1:$port}
	c=${c//--port 7000/--port $port}
	c=${c//\/srv\//$srv/}
	[[ $c == walbench\ * ]] && c="\"\$WALBENCH\" ${c#walbench }"
	cmd_run=$c
}

# start_bg CMD: CMD in the background; waits until verify's listener listens.
start_bg() {
	local k
	bash -c "exec $1" >>"$log" 2>&1 &
	bg_pid=$!
	for ((k = 0; k < 50; k++)); do
		grep -q 'listening on port' "$log" && return 0
		kill -0 "$bg_pid" 2>/dev/null || { bg_pid=""; return 1; }
		sleep 0.1
	done
	fail "example $examples: the background command never said it listens: $(cat "$log")"
}

stop_bg() {
	[ -n "$bg_pid" ] || return 0
	kill "$bg_pid" 2>/dev/null || true
	wait "$bg_pid" 2>/dev/null || true
	bg_pid=""
}

# run_example: runs the example parsed into attrs and cmds, checks it.
run_example() {
	local i c want_exit="0" needs="" bg="" setup="" slow=0 got tries deadpid
	local -a expects=()
	for a in "${attrs[@]}"; do
		case $a in
		exit=*) want_exit=${a#exit=} ;;
		expect=*) expects+=("${a#expect=}") ;;
		needs=*) needs=${a#needs=} ;;
		background=*) bg=${a#background=} ;;
		setup=*) setup=${a#setup=} ;;
		slow) slow=1 ;;
		*) fail "example $examples: unknown attribute '$a'" ;;
		esac
	done
	[ ${#cmds[@]} -gt 0 ] || fail "example $examples has no \$ command"
	[ ${#expects[@]} -gt 0 ] || fail "example $examples (${cmds[0]}) expects nothing"
	for e in "${expects[@]}"; do
		printf '%s\n' "${shown[@]}" | grep -Eq -- "$e" ||
			fail "$doc example $examples (${cmds[0]}): expect=\"$e\" matches none of the output it shows"
	done
	if [ "$mode" = --slow ]; then [ $slow = 1 ] || return 0; else [ $slow = 0 ] || return 0; fi
	if [ -n "$needs" ] && ! command -v "$needs" >/dev/null; then
		echo "SKIP example $examples (${cmds[0]}): $needs missing" >&2
		skipped=$((skipped + 1))
		return 0
	fi
	srv=$t/srv.$examples
	rm -rf "$srv"
	mkdir -p "$srv"
	log=$t/out.$examples
	: >"$log"
	for c in "${cmds[@]}"; do
		for d in $(grep -oE '/(srv/[A-Za-z0-9_]+|var/lib/postgresql)' <<<"$c"); do
			d=${d#/var/lib/}
			mkdir -p "$srv/${d#/srv/}"
		done
	done
	if [ "$setup" = leftover ]; then
		sh -c 'exit 0' &
		deadpid=$!
		wait "$deadpid" || true
		truncate -s 16M "$srv/pg_wal/walbench.$deadpid.0.tmp" || fail "setup: leftover file"
	fi
	port=$((20000 + RANDOM % 30000))
	for ((i = 0; i < ${#cmds[@]}; i++)); do
		c=${cmds[i]}
		if [ -n "$bg" ] && [[ $c == *"$bg"* ]]; then
			for ((tries = 0; tries < 5; tries++)); do
				subst "$c"
				start_bg "$cmd_run" && break
				port=$((20000 + RANDOM % 30000))
			done
			[ -n "$bg_pid" ] || fail "example $examples: '$c' did not start: $(cat "$log")"
			continue
		fi
		subst "$c"
		set +e
		(cd "$work" && bash -c "$cmd_run") >>"$log" 2>&1
		got=$?
		set -e
		if ((i == ${#cmds[@]} - 1)); then
			[[ ,$want_exit, == *,$got,* ]] ||
				fail "$doc example $examples: '$c' exited $got, the document says $want_exit: $(tail -20 "$log")"
		else
			[ "$got" = 0 ] || fail "example $examples: '$c' exited $got: $(tail -20 "$log")"
		fi
	done
	stop_bg
	for e in "${expects[@]}"; do
		grep -Eq -- "$e" "$log" ||
			fail "example $examples (${cmds[0]}): no output line matches \"$e\": $(head -40 "$log")"
	done
	assert_no_files "$srv"
	ran=$((ran + 1))
}

# run_doc: runs every example of $doc.
run_doc() {
	local -a lines
	local l n line rest
	mapfile -t lines <"$src/$doc"
	n=${#lines[@]}
	for ((l = 0; l < n; l++)); do
		line=${lines[l]}
		if [[ $line == '```console' ]]; then
			fail "$doc line $((l + 1)): a console block without an <!-- example --> line before it"
		fi
		[[ $line =~ ^'<!-- example'(.*)' -->'$ ]] || continue
		examples=$((examples + 1))
		rest=${BASH_REMATCH[1]}
		attrs=()
		while [[ $rest =~ ^[[:space:]]+([a-z]+)(=(\"([^\"]*)\"|([^[:space:]\"]+)))? ]]; do
			if [ -n "${BASH_REMATCH[2]}" ]; then
				attrs+=("${BASH_REMATCH[1]}=${BASH_REMATCH[4]}${BASH_REMATCH[5]}")
			else
				attrs+=("${BASH_REMATCH[1]}")
			fi
			rest=${rest:${#BASH_REMATCH[0]}}
		done
		[ -z "${rest// /}" ] || fail "$doc line $((l + 1)): cannot read '$rest'"
		l=$((l + 1))
		[ "${lines[l]:-}" = '```console' ] || fail "$doc line $((l + 1)): no \`\`\`console block after the example line"
		cmds=() shown=() cont=""
		for ((l = l + 1; l < n; l++)); do
			line=${lines[l]}
			[ "$line" = '```' ] && break
			if [ -n "$cont" ]; then
				cont="${cont% \\} ${line#"${line%%[![:space:]]*}"}"
				[[ $cont == *' \' ]] || { cmds+=("$cont"); cont=""; }
			elif [[ $line == '$ '* ]]; then
				cont=${line#\$ }
				[[ $cont == *' \' ]] || { cmds+=("$cont"); cont=""; }
			else
				shown+=("$line")
			fi
		done
		[ "$l" -lt "$n" ] || fail "$doc: example $examples's block never ends"
		run_example
	done
}

for doc in "${docs[@]}"; do
	run_doc
done

[ "$examples" -ge 10 ] || fail "${docs[*]} have $examples marked examples, fewer than the commands they show"
if [ "$ran" = 0 ]; then
	[ "$skipped" -gt 0 ] && skip "every example needs something missing"
	[ "$mode" = --slow ] && skip "no slow example"
	fail "no example ran"
fi
echo "$ran examples ran, $skipped skipped" >&2
pass
