# bash completion for arbiter(1): commands, each command's options (the
# tables of tools/arbiter/arbiter.c; tests/install.sh checks they agree),
# reading profiles, lint severities, and files or directories for the
# options that take them.
# One candidate per line, so that file names with spaces stay whole.
_arbiter_reply()
{
	mapfile -t COMPREPLY < <(compgen "$@")
}

_arbiter()
{
	local cur prev cmd i
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	local commands="run explain judge certify export check-verdicts lint graph ref conflicts diff diverge clauses help"
	local global="--spec --cases"

	case $prev in
	--spec | --cases | --report | -o | --html | --verify)
		_arbiter_reply -d -- "$cur"
		return
		;;
	--svg | --verdicts | --junit | --json | --matrix | --baseline | --merge | --expectations | --abi)
		_arbiter_reply -f -- "$cur"
		return
		;;
	--profile)
		_arbiter_reply -W "all chain literal declared" -- "$cur"
		return
		;;
	--severity)
		_arbiter_reply -W "info warning error" -- "$cur"
		return
		;;
	--jobs | --href | --seed | --budget | --random | --shard | --timeout | --cpu-limit | --mem-limit | --max-procs | --shrink)
		return
		;;
	esac

	# The command is the first word that is neither an option nor the
	# value of --spec or --cases.
	cmd=
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--spec | --cases) ((i++)) ;;
		-*) ;;
		*)
			cmd=${COMP_WORDS[i]}
			break
			;;
		esac
	done

	local opts
	case $cmd in
	"") opts="$global --help --version" ;;
	run) opts="--profile --quiet -q --stats --jobs --twin --verdicts --report --junit --json" ;;
	explain) opts="--svg --profile" ;;
	judge) opts="--profile --trace --stats --certify" ;;
	certify) opts="--timeout --cpu-limit --mem-limit --max-procs --expectations --shrink --per-case --abi -o --quiet -q --verify" ;;
	export) opts="-o" ;;
	check-verdicts) opts="" ;;
	lint) opts="--json --strict --severity --matrix --dictionary --no-spelling" ;;
	graph) opts="-o --href --dot" ;;
	conflicts) opts="--seed --budget --random --jobs --profile --baseline -o --shard --merge --progress --strict-baseline" ;;
	diff) opts="--json --html --profile --budget --no-search" ;;
	diverge) opts="--json --all --situations" ;;
	ref) opts="-o" ;;
	clauses) opts="" ;;
	help)
		_arbiter_reply -W "${commands% help}" -- "$cur"
		return
		;;
	*) return ;;
	esac

	if [[ -z $cmd && $cur != -* ]]; then
		_arbiter_reply -W "$commands" -- "$cur"
	elif [[ $cur == -* ]]; then
		[[ -n $cmd && $cmd != check-verdicts ]] && opts="$opts $global"
		_arbiter_reply -W "$opts --help" -- "$cur"
	else
		# PATH..., FILE...: case tables or verdict streams
		_arbiter_reply -f -- "$cur"
	fi
} && complete -F _arbiter arbiter
