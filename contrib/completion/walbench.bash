# bash completion for walbench. The options come from `walbench --help` (its
# "Options of COMMAND:" sections), so they follow the program; directories
# complete where a DIR is expected, files after --json, --csv, --prom, --tiers,
# --output and --observed, and .json files as compare's and report's operands; a
# connection string (observe's operand, --server's value) is the user's to type.
_walbench() {
	local cur prev cmd words
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	if ((COMP_CWORD == 1)); then
		mapfile -t COMPREPLY < <(compgen -W "compat run engines recommend verify qualify compare report clean observe --help --version" -- "$cur")
		return
	fi
	cmd=${COMP_WORDS[1]}
	case $prev in
	--json | -j | --csv | --prom | --tiers | --profile | -P | --output | -o | --observed)
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return ;;
	--dir | -d | --data | --wal-candidate | --filename | -f)
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		return ;;
	--device)
		mapfile -t COMPREPLY < <(compgen -f -- "${cur:-/dev/}")
		return ;;
	esac
	if [[ $cur == -* ]]; then
		words=$("${COMP_WORDS[0]}" --help 2>/dev/null |
			awk -v c="Options of $cmd:" '$0 == c { on = 1; next } /^Options of / { on = 0 }
				on { for (i = 1; i <= NF; i++) if ($i ~ /^--?[a-z]/) { sub(/,$/, "", $i); print $i } }')
		mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
		return
	fi
	# compare and report take results files; the others a directory.
	case $cmd in
	compare | report) mapfile -t COMPREPLY < <(compgen -f -X '!*.json' -- "$cur") ;;
	observe) COMPREPLY=() ;;
	*) mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
	esac
}
complete -F _walbench walbench
